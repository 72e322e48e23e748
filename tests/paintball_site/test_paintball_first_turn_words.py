"""A newcomer's first two turns in words they can read: the teams' panel says what each command
die means (who plays first; how many figures may still act, every one in the first turn), the
acting figure's action points and a phase that is over; the one-line instruction says what to
pick and what ending the phase does; the log says who plays first; costs read "points", never
the rulebook's "AP"/"PA". Real matches on Postgres, read through the match page in English and
French (§Dés de Commandement, §Points d'Action; spec D3, D4, D5)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from games.matches.models import Match
from games.paintball_site.describe import describe
from games.paintball_site.picking import action_label
from tests.fixtures import match_state, submit

pytestmark = pytest.mark.django_db

TEAMS = ("red", "blue")
NAMES = {"en": {"red": "Red", "blue": "Blue"}, "fr": {"red": "Rouge", "blue": "Bleu"}}


def _page(user, match: Match, language: str = "en", query: str = "") -> str:
    client = Client()
    client.force_login(user)
    html = client.get(f"/m/{match.pk}/{query}", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return re.sub(r"\s+", " ", html.replace("&#x27;", "'").replace("&nbsp;", " "))


def _panel(html: str, seat: int) -> str:
    found = re.search(rf'data-testid="seat-status-{seat}">(.*?)</li>', html)
    assert found, f"no panel line for seat {seat}"
    return re.sub(r"<[^>]+>", "", found.group(1))


def _prompt(html: str) -> str:
    found = re.search(r'data-testid="step-prompt">(.*?)</p>', html)
    return found.group(1) if found else ""


def _first_turn(new_match, players) -> Match:
    """Both teams deployed (the first ready deployment each): turn 1, its dice rolled."""
    match = new_match()
    for seat, user in enumerate(players):
        system, state = match_state(match)
        submit(match, user, system.legal_moves(state, seat)[0])
    system, state = match_state(match)
    assert state.phase == "activation" and state.turn == 1
    return match


def test_the_first_turn_panel_says_what_each_command_die_means(players, new_match):
    match = _first_turn(new_match, players)
    _, state = match_state(match)
    dice = dict(zip(TEAMS, state.command_dice, strict=True))
    html = _page(players[0], match)
    for seat, team in enumerate(TEAMS):
        line = _panel(html, seat)
        plays = "plays first" if state.first == team else "plays second"
        assert f"command die {dice[team]}: {plays}" in line
        # D4: the first turn lets every figure act, whatever the die says.
        assert "first turn: 6 figures may still act" in line
        assert "activations left" not in line
        assert "6 in play" in line  # not a bare "6"
    french = _page(players[0], match, "fr")
    red_plays = "joue en premier" if state.first == "red" else "joue en second"
    assert f"dé de commandement {dice['red']} : {red_plays}" in _panel(french, 0)
    assert "premier tour : 6 figurines peuvent encore agir" in _panel(french, 0)


def test_the_first_turn_instruction_says_what_to_pick_and_what_ending_the_phase_does(
    players, new_match
):
    match = _first_turn(new_match, players)
    _, state = match_state(match)
    first = TEAMS.index(state.first)
    other = NAMES["en"][TEAMS[1 - first]]
    prompt = _prompt(_page(players[first], match))
    assert prompt == (
        f"First turn, no limit from the command die: 6 more figures may act this turn. "
        f"Pick a figure to act, or end your phase: {other} plays next."
    )
    # The first team ends its phase: its line says so; the second team's phase ends the turn.
    submit(match, players[first], {"type": "end_phase"})
    html = _page(players[1 - first], match)
    assert "its phase is over" in _panel(html, first)
    assert "first turn: 6 figures may still act" in _panel(html, 1 - first)
    assert _prompt(html).endswith(
        "or end your phase: the turn ends and new command dice are rolled."
    )
    french = _page(players[1 - first], match, "fr")
    assert "a fini sa phase" in _panel(french, first)
    assert "le tour s'achève et de nouveaux dés de commandement sont lancés" in _prompt(french)


def test_late_in_the_first_turn_the_prompt_and_the_panel_give_one_count(players, new_match):
    # Four red figures have acted: « toutes les figurines peuvent agir » beside « 2 figurines
    # peuvent encore agir » read as two sentences that disagree; both now say 2 (spec D4).
    match = _first_turn(new_match, players)
    snapshot = dict(match.snapshot)
    figures = {fid: dict(f) for fid, f in snapshot["figures"].items()}
    for fid, f in figures.items():
        f["activated"] = fid in ("r1", "r2", "r3", "r4")
    snapshot.update(first="red", active="red", current=None, pending=None, figures=figures)
    Match.objects.filter(pk=match.pk).update(snapshot=snapshot)
    french = _page(players[0], match, "fr")
    assert "premier tour : 2 figurines peuvent encore agir" in _panel(french, 0)
    assert _prompt(french).startswith(
        "Premier tour, sans limite du dé de commandement : encore 2 figurines peuvent agir "
        "ce tour-ci."
    )
    assert "toutes les figurines peuvent agir" not in french
    english = _page(players[0], match)
    assert _prompt(english).startswith(
        "First turn, no limit from the command die: 2 more figures may act this turn."
    )
    assert "every figure may act" not in english


def test_the_acting_figure_s_action_points_are_in_the_panel_and_the_prompts(players, new_match):
    match = _first_turn(new_match, players)
    system, state = match_state(match)
    seat = TEAMS.index(state.first)
    user = players[seat]
    step = next(
        m
        for m in system.legal_moves(state, seat)
        if m["type"] == "move" and len(m.get("path") or [m["to"]]) == 1
    )
    fid = step["figure"]
    name = f"{NAMES['en'][TEAMS[seat]]} {fid[1:]}"
    # Picking the figure: the prompt asks what it does with its 2 points.
    figure = state.figure(fid)
    picked = _page(user, match, query=f"?at={figure.hex[0]},{figure.hex[1]}&who={fid}")
    assert f"What does {name} do with its 2 action points?" in _prompt(picked)
    assert "AP)" not in picked
    with translation.override("en"):
        assert [action_label(do) for do in ("aim", "sentry", "reload", "grenade")] == [
            "Take aim (1 point)",
            "Stand sentry (2 points)",
            "Reload (2 points)",
            "Throw a grenade (2 points)",
        ]
    # One hex walked: one point left, said in the panel and the prompt.
    submit(match, user, step)
    html = _page(user, match)
    assert f"{name} acts: 1 action point left" in _panel(html, seat)
    assert "first turn: 5 figures may still act" in _panel(html, seat)
    assert _prompt(html).startswith(
        f"{name} still has 1 action point, lost if another figure acts. Pick a figure to act"
    )
    french = _page(user, match, "fr")
    assert "encore 1 point d'action" in _panel(french, seat)
    assert "(1 PA)" not in french and "(2 PA)" not in french
    # Its last point walked: it is done, and the panel no longer counts its points.
    system, state = match_state(match)
    last = next(
        m for m in system.legal_moves(state, seat) if m["type"] == "move" and m["figure"] == fid
    )
    submit(match, user, last)
    _, state = match_state(match)
    assert state.figure(fid).ap == 0
    assert "acts:" not in _panel(_page(user, match), seat)


def test_from_the_second_turn_the_die_says_how_many_figures_may_act(players, new_match):
    match = _first_turn(new_match, players)
    snapshot = dict(match.snapshot)
    figures = {fid: dict(f) for fid, f in snapshot["figures"].items()}
    for fid, f in figures.items():  # two red figures have acted already this turn
        f["activated"] = fid in ("r1", "r2")
    snapshot.update(
        turn=2,
        first="red",
        active="red",
        current=None,
        pending=None,
        command_dice={"red": 4, "blue": 6},
        activations={"red": 2, "blue": 6},
        figures=figures,
    )
    Match.objects.filter(pk=match.pk).update(snapshot=snapshot)
    html = _page(players[0], match)
    assert "command die 4: plays first · 2 figures may still act" in _panel(html, 0)
    # Blue plays second: its six figures may all still act.
    assert "command die 6: plays second · 6 figures may still act" in _panel(html, 1)
    assert _prompt(html) == (
        "Your command die lets 2 more figures act this turn. Pick a figure to act, or end your "
        "phase: Blue plays next."
    )
    # Blue's die 6 with only three of its figures still able to act: three, not six.
    for fid, f in figures.items():
        f["activated"] = fid in ("b1", "b2", "b3")
    snapshot.update(figures=figures)
    Match.objects.filter(pk=match.pk).update(snapshot=snapshot)
    assert "3 figures may still act" in _panel(_page(players[0], match), 1)


def test_equal_dice_read_as_a_tie_until_the_order_is_chosen(players, new_match):
    match = _first_turn(new_match, players)
    snapshot = dict(match.snapshot)
    snapshot.update(
        turn=3,
        pending={
            "seat": "blue",
            "kind": "choose_order",
            "options": ["first", "second"],
            "context": {},
        },
        command_dice={"red": 4, "blue": 4},
        activations={"red": 4, "blue": 4},
    )
    Match.objects.filter(pk=match.pk).update(snapshot=snapshot)
    html = _page(players[0], match)
    assert "command die 4: a tie" in _panel(html, 0)
    assert "plays first" not in _panel(html, 0) + _panel(html, 1)


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        ({"red": 2, "blue": 5}, "Command dice: Red 2, Blue 5: Blue plays first."),
        ({"red": 6, "blue": 1}, "Command dice: Red 6, Blue 1: Red plays first."),
        ({"red": 3, "blue": 3}, "Command dice: Red 3, Blue 3, a tie."),
    ],
)
def test_the_log_says_who_the_command_dice_let_play_first(event, sentence):
    with translation.override("en"):
        assert describe({"kind": "CommandDiceRolled", **event}) == sentence
    with translation.override("fr"):
        assert describe({"kind": "CommandDiceRolled", "red": 2, "blue": 5}) == (
            "Dés de commandement : Rouge 2, Bleu 5 : Bleu joue en premier."
        )
