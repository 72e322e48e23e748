"""The Hexpanse coach's tips box on the match page, over HTTP: a new player sees it in their
panel (with links to the rules' sections), never a spectator, nor with « Jamais », nor once the
match is finished; it is redrawn with the hand; and no other seat's secret mission is in it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.accounts.models import Profile
from games.hexpanse_site.coach import RULES_SECTIONS
from games.matches import services
from tests.fixtures import client_for, coach_box, set_profile
from tests.hexpanse_site.conftest import mission_names, setup_choices

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _page(user, match, path="") -> str:
    return client_for(user, language="fr").get(f"/m/{match.pk}/{path}").content.decode()


def test_a_new_player_sees_the_tips_in_their_panel_and_a_spectator_never(
    new_match, players, make_user
):
    match = new_match()
    html = _page(players[0], match)
    box = coach_box(html)
    assert 'data-testid="tip-setup-faction"' in box and 'data-testid="hide-tips"' in box
    assert 'href="/hexpanse/rules/#factions"' in box
    assert html.index('data-testid="step-prompt"') < html.index('data-testid="coach"')
    assert 'data-testid="tip-goal"' in coach_box(_page(players[1], match))  # waiting: the goal
    watcher = make_user("hx_watcher")
    set_profile(watcher, game_tips=Profile.GameTips.ALWAYS)
    assert 'data-testid="coach"' not in _page(watcher, match)
    assert 'data-testid="coach"' not in Client().get(f"/m/{match.pk}/").content.decode()


def test_the_setting_decides_never_hides_and_three_finished_matches_end_automatic(
    new_match, players
):
    match = new_match()
    set_profile(players[0], game_tips=Profile.GameTips.NEVER)
    assert 'data-testid="coach"' not in _page(players[0], match)
    assert 'data-testid="coach"' in _page(players[1], match)  # only their own setting
    set_profile(players[0], game_tips=Profile.GameTips.AUTO, finished_matches={"hexpanse": 3})
    assert 'data-testid="coach"' not in _page(players[0], match)
    set_profile(players[0], game_tips=Profile.GameTips.ALWAYS)
    assert 'data-testid="coach"' in _page(players[0], match)


def test_the_box_follows_the_game_and_is_redrawn_with_the_hand(new_match, players):
    match = setup_choices(new_match(), players)
    box = coach_box(_page(players[0], match))
    assert 'data-testid="tip-turn"' in box and 'data-testid="tip-setup-faction"' not in box
    pick = client_for(players[0], language="fr").get(
        f"/m/{match.pk}/?k=place:warlord", **HX, HTTP_HX_TARGET="board"
    )
    assert 'data-testid="tip-warlord-place"' in pick.content.decode()


def test_a_finished_match_shows_no_box(new_match, players):
    match = setup_choices(new_match(), players)
    for player in players[:2]:
        set_profile(player, game_tips=Profile.GameTips.ALWAYS)
        assert 'data-testid="coach"' in _page(player, match)
    services.match_resign(match_id=match.pk, user=players[1])
    for player in players[:2]:
        assert 'data-testid="coach"' not in _page(player, match)


def _tips_text(box: str) -> str:
    """The words of the box's tips (no form, no token: mission names may be one letter)."""
    return " ".join(re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li.*?</li>", box, re.S))


def _names(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def test_the_box_never_names_another_seats_secret_mission(new_match, players):
    match = setup_choices(new_match(seats=3, mode="amiral"), players)
    secrets = [s["secret_mission"] for s in match.snapshot["seats"]]
    assert match.snapshot["turn"]["seat"] == 0
    for seat in range(3):
        said = _tips_text(coach_box(_page(players[seat], match)))
        assert said
        if seat != 0:  # waiting: the goal names the reader's own secret mission (French site)
            assert _names(said, mission_names(secrets[seat])[0])
        for i, code in enumerate(secrets):
            if i != seat:
                for name in mission_names(code):
                    assert not _names(said, name), f"seat {i}'s mission told to {seat}"


def test_every_section_a_tip_points_at_is_on_the_rules_page():
    html = Client().get("/hexpanse/rules/").content.decode()
    for section in RULES_SECTIONS:
        assert f'id="{section}"' in html


def test_two_tips_about_one_section_link_it_once(new_match, players):
    # The first turn's lesson and the warlord still on its mothership both point at « Un
    # tour »: one link to it, from the first of them (two read as two places to go).
    match = setup_choices(new_match(), players)
    box = coach_box(_page(players[0], match))
    assert 'data-testid="tip-turn"' in box and 'data-testid="tip-warlord-place"' in box
    assert box.count('href="/hexpanse/rules/#turn"') == 1
    first = re.search(r'<li data-testid="tip-turn">.*?</li>', box, re.S)
    assert first and 'href="/hexpanse/rules/#turn"' in first.group(0)
