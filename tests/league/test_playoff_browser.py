"""A knockout in real browsers: the organiser watches the bracket (drawn as SVG by the server)
while a semi-final is lost on the match page; the open season page follows the result live
(the notify socket's nudge, the page refetching its own HTML), without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.league import services
from games.league.models import League, Registration
from tests.browser_support import artifact, make_verified_user, signed_in_page
from tests.league.conftest import duel_league_played_with_claim

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-cup-12345"


def test_the_bracket_follows_a_semi_final_live(daphne_server, new_context):
    orga = make_verified_user("orga", PASSWORD)
    players = [make_verified_user(n, PASSWORD) for n in ("alice", "bruno", "carla", "dora")]
    league = duel_league_played_with_claim(orga, name="Coupe d'hiver")
    League.objects.filter(pk=league.pk).update(default_format="knockout", mirrored_duels=False)
    league.refresh_from_db()
    season = services.season_open(league=league, actor=orga)
    for user in players:
        services.registration_create(season=season, user=user)
    services.season_start(season=season, actor=orga)
    playoff = season.playoffs.get()
    semi = playoff.ties.get(round_number=1, slot=0)
    top, bottom = (
        Registration.objects.get(pk=pk).user.username
        for pk in (
            semi.player_a_id,
            semi.player_b_id,
        )
    )
    season_url = f"{daphne_server.url}/leagues/seasons/{season.pk}/"

    watcher = signed_in_page(new_context, daphne_server, "orga", PASSWORD)
    watcher.goto(season_url)
    bracket = watcher.locator("svg.bracket")
    expect(bracket).to_be_visible()
    expect(bracket.locator(".tie")).to_have_count(4)  # two semi-finals, the final, third place
    expect(bracket).to_contain_text("Finale")
    expect(bracket).to_contain_text("Troisième place")
    expect(watcher.locator("body[data-following]")).to_have_count(1)  # following its changes
    watcher.evaluate("window.notReloaded = true")

    loser = signed_in_page(new_context, daphne_server, top, PASSWORD)
    loser.goto(f"{daphne_server.url}/m/{semi.games.get().match_id}/")
    loser.click("details.resign summary")
    with loser.expect_response(lambda r: "/resign" in r.url and r.request.method == "POST"):
        loser.click("details.resign button[type=submit]")

    # The watcher's page shows the winner and the final filling up, by itself.
    expect(watcher.locator(".tie-winner").first).to_contain_text(bottom)
    final = watcher.locator(".tie-final")
    expect(final).to_contain_text(bottom)
    assert watcher.evaluate("window.notReloaded === true")
    watcher.locator("svg.bracket").screenshot(path=str(artifact("league-bracket.png")))

    # At phone width the bracket scrolls inside its frame; the page does not overflow.
    watcher.set_viewport_size({"width": 360, "height": 780})
    watcher.goto(season_url)
    expect(watcher.locator("svg.bracket")).to_be_visible()
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 361
