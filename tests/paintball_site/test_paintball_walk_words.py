"""What a walk of a club's game between two people (capture the flag, experts and grenades, one
player in French, the other in English) found wrong in the words the players read, each put
right: the pages as each seat gets them after a real move through the platform's services."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.utils import translation

from games.engine.paintball.position import state_from_json, state_to_json
from games.matches import services
from games.matches.models import Match
from games.matches.systems import get_site
from tests.fixtures import match_state
from tests.paintball_site.conftest import red_sentry_asked, teams_set_up

pytestmark = pytest.mark.django_db

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}}


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _set_position(match, position) -> None:
    match.snapshot = state_to_json(state_from_json(position))
    match.save(update_fields=["snapshot"])


def _page(match, user, language: str) -> str:
    response = _client(user).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def test_a_smoke_grenade_is_called_a_smoke_grenade_in_both_languages(new_match, players):
    match = new_match(scenario="elimination", grenades=True)
    _set_position(
        match,
        {
            "schema": 1,
            "board": "hexon_basic",
            "terrain": [],
            "scenario": "elimination",
            "advanced": {"experts": False, "grenades": True, "blind_spots": False},
            "marshals": FAR,
            "figures": {
                "r1": {"team": "red", "hex": [0, 1], "grenades": ["smoke"]},
                "r2": {"team": "red", "hex": [1, 2]},
                "b1": {"team": "blue", "hex": [0, -2]},
                "b2": {"team": "blue", "hex": [-1, -2]},
            },
        },
    )
    throw = {"type": "grenade", "figure": "r1", "kind": "smoke", "hex": [0, -1]}
    services.match_submit_move(
        match_id=match.pk, user=players[0], move_data=throw, expected_version=match.version
    )
    for user in players:
        french = _page(match, user, "fr")
        assert "Rouge 1 lance une grenade fumigène" in french
        assert "grenade de peinture" not in french
        english = _page(match, user, "en")
        assert "Red 1 throws a smoke grenade" in english
        assert "paint grenade" not in english


def _seat_line(html: str, seat: int) -> str:
    start = html.index(f'data-testid="seat-status-{seat}"')
    return html[start : html.index("</li>", start)]


def test_the_team_asked_for_its_sentry_is_the_one_marked_to_play(new_match, players):
    """Blue moves into the sight of Red's asking sentry: Red owes the next move, so Red's line
    says « to play », not Blue's (Blue's phase is interrupted)."""
    match = red_sentry_asked(new_match(scenario="elimination"), players, turn=2)
    for user, language, to_play in (
        (players[0], "fr", "doit jouer"),
        (players[1], "en", "to play"),
    ):
        html = _page(match, user, language)
        assert to_play in _seat_line(html, 0)
        assert to_play not in _seat_line(html, 1)


def test_once_both_teams_are_ready_the_log_says_who_carries_each_grenade(new_match, players):
    """The secret setups are public once both are in (spec §12): the reveal names the grenade
    carriers as well as the experts (it named the experts only, so a player learnt the enemy's
    grenades when one was thrown)."""
    match = new_match(experts=True, grenades=True)
    teams_set_up(match, players)
    system, state = match_state(match)
    carriers = [(f.id, kind) for f in state.figures for kind in f.grenades]
    assert {fid[0] for fid, _ in carriers} == {"r", "b"}, "both teams carry a grenade"
    french = _page(match, players[0], "fr")
    english = _page(match, players[1], "en")
    for fid, kind in carriers:
        team, number = ("Rouge", "Red") if fid[0] == "r" else ("Bleu", "Blue"), fid[1:]
        fr_kind, en_kind = ("fumigène", "smoke") if kind == "smoke" else ("de peinture", "paint")
        assert f"grenade {fr_kind} pour {team[0]} {number}" in french
        assert f"{en_kind} grenade for {team[1]} {number}" in english


def test_after_the_last_turn_the_log_says_how_many_figures_each_team_kept(new_match, players):
    """Capture the flag won on the count after the last turn: the log says the count (it said
    « Rouge gagne : le dernier tour est joué. » beside « 3 points », leaving why to guess)."""
    match = new_match(scenario="capture_the_flag")
    _set_position(
        match,
        {
            "schema": 1,
            "board": "hexon_basic",
            "scenario": "capture_the_flag",
            "turn": 12,
            "turn_limit": 12,
            "first": "red",
            "active": "blue",
            "command_dice": {"red": 5, "blue": 2},
            "activations": {"red": 0, "blue": 2},
            "marshals": FAR,
            "figures": {
                "r1": {"team": "red", "hex": [0, 2]},
                "r2": {"team": "red", "hex": [1, 2]},
                "r3": {"team": "red", "hex": [-1, 3]},
                "b1": {"team": "blue", "hex": [0, -2]},
                "b2": {"team": "blue", "hex": [-1, -2]},
            },
        },
    )
    services.match_submit_move(
        match_id=match.pk,
        user=players[1],
        move_data={"type": "end_phase"},
        expected_version=match.version,
    )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    french = _page(match, players[0], "fr")
    assert (
        "Rouge (pb_rouge) gagne : le dernier tour est joué, 3 figurines en jeu contre 2." in french
    )
    english = _page(match, players[1], "en")
    assert "Red (pb_rouge) wins: the last turn is over, 3 figures in play against 2." in english


@pytest.mark.parametrize("entry", ["minor", "misted"])
@pytest.mark.parametrize(
    ("language", "lost"), [("fr", "autres tirs"), ("en", "other shots are lost")]
)
def test_a_misfire_that_loses_the_other_shots_says_so_once(entry, language, lost):
    """« Tir raté : les lunettes de Rouge 1 s'embuent, ses autres tirs sont perdus. Les autres
    tirs de Rouge 1 sont perdus. »: the chart's line and ShotsCancelled said it twice."""
    site = get_site("paintball")
    events = [
        {"kind": "MisfireRolled", "figure": "r1", "die": 5 if entry == "misted" else 4},
        {"kind": "ShotsCancelled", "figure": "r1"},
    ]
    events[0]["entry"] = entry
    with translation.override(language):
        told = " ".join(site.describe_event(e) for e in events)
    assert told.count(lost) == 1, told


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("fr", "Bleu 5 tient la case.", "Bleu 5 et Bleu 6 tiennent la case."),
        ("en", "Blue 5 holds the hex.", "Blue 5 and Blue 6 hold the hex."),
    ],
)
def test_the_figure_left_after_a_charge_holds_the_hex_in_the_singular(language, one, two):
    """« Le combat est fini : Bleu 5 tiennent la case. »: one survivor took the plural."""
    site = get_site("paintball")
    with translation.override(language):
        alone = site.describe_event({"kind": "ChargeEnded", "hex": [0, 0], "survivors": ["b5"]})
        both = site.describe_event(
            {"kind": "ChargeEnded", "hex": [0, 0], "survivors": ["b5", "b6"]}
        )
    assert alone.endswith(one) and both.endswith(two)


def test_the_asked_player_is_told_what_the_deadline_would_play(new_match, players):
    """Spec §12: a passed deadline plays the first choice (fire); the asked player learnt it
    only from the log, afterwards. The waiting player's line does not say it (not its choice)."""
    match = red_sentry_asked(new_match(scenario="elimination"), players, turn=2)
    french = html.unescape(_page(match, players[0], "fr"))
    assert "Sans réponse avant l'échéance, le premier choix est joué." in french
    english = _page(match, players[0], "en")
    assert "No answer by the deadline: the first choice is played." in english
    assert "No answer by the deadline" not in _page(match, players[1], "en")
