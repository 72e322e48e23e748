"""The dark theme in Chromium, as a player reads it in bed: the device asks for dark (and once a
light device with the profile's "Dark"), and on every page opened (lobby, sign-in, settings,
inbox, campaigns with their map, leagues, a 404, the match page of each game system) the page
really is dark and every visible text reads (WCAG AA: 4.5:1, 3:1 for large text) on what is
behind it, and every form control's edge stands out 3:1 (contrast.js measures it in the page).
Screenshots at 360 and 1280 px go to test-artifacts/ (dark-dark-*.png, dark-light-*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from games.accounts.selectors import profile_for
from games.campaigns import services as campaigns
from games.engine import registry
from games.league import services as leagues
from games.matches import services
from games.matches.models import Match
from tests.browser_support import artifact, make_verified_user, sign_in
from tests.fixtures import MATCH_CONFIGS, play_random

PASSWORD = "hexsite-dark-browser-1"
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}
CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")


def _matches(anna, bruno) -> dict[str, Match]:
    made = {}
    for system, config in MATCH_CONFIGS.items():
        match = services.match_create(
            system=system, config=config, seat_users=[anna, bruno], seed=f"dark-{system}"
        )
        made[system] = play_random(match, [anna, bruno], moves=6, seed=5)
    return made


def _seat_to_act(match: Match) -> int:
    system = registry.get_system(match.system)
    to_act = system.to_act(system.state_from_json(match.snapshot))
    return to_act[0] if to_act else 0


def _campaign(organiser, players):
    campaign = campaigns.campaign_create(
        organiser=organiser, name="Nuit blanche", systems=["neuroshima"]
    )
    for user in players:
        campaigns.campaign_join(campaign_id=campaign.pk, user=user)
    campaigns.campaign_start(campaign_id=campaign.pk, user=organiser)
    return campaign


def unreadable(page, url: str, scheme: str = "dark") -> list[str]:
    """Opens `url`; what contrast.js finds wrong there, the page's background first if it is
    not of the `scheme` asked for."""
    answer = page.goto(url)
    assert answer is not None
    if answer.status >= 400 and "/no-such-page/" not in url:
        return [f"{url}: answered {answer.status}"]
    page.wait_for_load_state("load")
    seen = page.evaluate(CONTRAST)
    problems = [f"{url}: {line}" for line in seen["offenders"]]
    if (seen["pageLuminance"] > 0.05) == (scheme == "dark"):  # #121518: 0.008, #f7f7f4: 0.92
        problems.insert(0, f"{url}: the page is not {scheme} ({seen['page']})")
    return problems


def shoot(page, name: str) -> None:
    page.screenshot(path=str(artifact(f"dark-{name}.png")), full_page=True)


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_every_page_reads_on_a_dark_device_and_on_a_light_one_signed_in_or_not(
    daphne_server, new_context, scheme
):
    anna = make_verified_user("nuit_anna", PASSWORD)
    bruno = make_verified_user("nuit_bruno", PASSWORD)
    campaign = _campaign(anna, [anna, bruno])
    league = leagues.league_create(name="Ligue de nuit", created_by=anna, preset="neuroduel")
    season = leagues.season_open(league=league, actor=anna)
    for user in (anna, bruno):
        leagues.registration_create(season=season, user=user)
    leagues.season_start(season=season, actor=anna)
    matches = _matches(anna, bruno)
    services.match_post_chat(match_id=matches["paintball"].pk, user=bruno, text="Bonne nuit !")
    over = services.match_create(
        system="neuroshima", config=MATCH_CONFIGS["neuroshima"], seat_users=[anna, bruno]
    )
    services.match_resign(match_id=over.pk, user=bruno)  # anna's page shows "You won"
    users = {0: anna, 1: bruno}
    problems: list[str] = []

    visitor = new_context(color_scheme=scheme, locale="fr-FR", viewport=PHONE).new_page()
    for path in ("/", "/rules/", "/accounts/login/", "/accounts/signup/", "/no-such-page/"):
        problems += unreadable(visitor, daphne_server.url + path, scheme)
    shoot(visitor, f"{scheme}-visitor-login-360")

    desk = new_context(color_scheme=scheme, locale="fr-FR", viewport=DESKTOP).new_page()
    sign_in(desk, daphne_server, "nuit_anna", PASSWORD)
    phone = new_context(color_scheme=scheme, locale="fr-FR", viewport=PHONE).new_page()
    sign_in(phone, daphne_server, "nuit_bruno", PASSWORD)
    platform = {
        "lobby": "/",
        "my-games": "/games/",
        "settings": "/me/settings/",
        "inbox": "/notifications/",
        "campaigns": "/campaigns/",
        "campaign": f"/campaigns/{campaign.pk}/",
        "leagues": "/leagues/",
        "league": f"/leagues/{league.pk}/",
        "armies": "/armies/",
        "army-builder": "/armies/new/skirmish/",
        "vacation": "/me/vacation/",
        "profile": "/me/u/nuit_bruno/",
        "players": "/me/players/?q=nuit",
        "password": "/accounts/password/change/",
        "emails": "/accounts/email/",
        "tiles": "/neuroshima/tiles/",
        "rules-paintball": "/paintball/rules/",
        "season": f"/leagues/seasons/{season.pk}/",
        "army-stats": "/stats/neuroshima/",
        "won": f"/m/{over.pk}/",
        "replay": f"/m/{over.pk}/replay/",
    }
    for name, path in platform.items():
        problems += unreadable(desk, daphne_server.url + path, scheme)
        if name in ("lobby", "campaign", "settings", "season", "won"):
            shoot(desk, f"{scheme}-{name}-1280")
    problems += unreadable(phone, f"{daphne_server.url}/campaigns/{campaign.pk}/", scheme)
    shoot(phone, f"{scheme}-campaign-360")
    for system, match in matches.items():
        seat = _seat_to_act(match)
        device = desk if users[seat] is anna else phone
        url = f"{daphne_server.url}/m/{match.pk}/"
        problems += unreadable(device, url, scheme)
        shoot(device, f"{scheme}-{system}-{device.viewport_size['width']}")
        other = phone if device is desk else desk
        problems += unreadable(other, url, scheme)
        shoot(other, f"{scheme}-{system}-{other.viewport_size['width']}")
    assert problems == [], "\n".join(problems)


@pytest.mark.browser
def test_the_profile_s_dark_theme_wins_over_a_light_device(daphne_server, new_context):
    anna = make_verified_user("nuit_carla", PASSWORD)
    bruno = get_user_model().objects.create_user("nuit_dan", "dan@example.org", "pw-nuit-dan")
    profile = profile_for(anna)
    profile.theme = "dark"
    profile.save()
    match = services.match_create(
        system="neuroshima", config=MATCH_CONFIGS["neuroshima"], seat_users=[anna, bruno]
    )
    page = new_context(color_scheme="light", locale="fr-FR", viewport=PHONE).new_page()
    sign_in(page, daphne_server, "nuit_carla", PASSWORD)
    problems = []
    for path in ("/", "/me/settings/", f"/m/{match.pk}/"):
        problems += unreadable(page, daphne_server.url + path)
        assert page.locator("html").get_attribute("data-theme") == "dark"
    shoot(page, "profile-dark-light-device-360")
    assert problems == [], "\n".join(problems)
