"""The paintball match page on real Postgres: the lobby options, the board, picking a shooter
(its lines of sight with the roll and the chance), a two-hex move picked as a path, decisions
as prompts, the one-line instruction, sentences in French and English, the step viewer and the
rules page."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from games.matches.systems import get_site, options_form, playable_keys
from games.paintball_site.picking import pick_form
from tests.fixtures import play_random as play

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _state(match: Match):
    system = registry.get_system("paintball")
    return system, system.state_from_json(match.snapshot)


def _to_act(match: Match, until, users, moves: int = 120, prefer=("move",), seed: int = 3):
    match = play(match, users, moves, seed=seed, prefer=prefer, until=until)
    system, state = _state(match)
    assert until(state), "the position looked for never came up"
    return match, system, state, system.to_act(state)[0]


def _activation_with(kind):
    def found(state) -> bool:
        system = registry.get_system("paintball")
        acting = system.to_act(state)
        if state.phase != "activation" or state.pending is not None or not acting:
            return False
        return any(m["type"] == kind for m in system.legal_moves(state, acting[0]))

    return found


def test_the_lobby_offers_paintball_with_its_scenario_field_and_advanced_rules(players):
    assert "paintball" in playable_keys()
    html = _client(players[0]).get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for name in ("scenario", "board", "experts", "grenades", "blind_spots", "attacker"):
        assert f'name="paintball-{name}"' in html, name
    form = options_form(
        "paintball",
        {
            "paintball-scenario": "elimination",
            "paintball-board": "field_7",
            "paintball-hills": "on",
        },
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["board"] == "field_7" and form.cleaned_data["hills"] is True
    bad = options_form("paintball", {"paintball-scenario": "elimination"}, seats=3)
    assert not bad.is_valid()


def test_a_paintball_match_against_the_computer_is_created_from_the_lobby(players):
    client = _client(players[0])
    response = client.post(
        "/new/",
        {
            "system": "paintball",
            "players": 2,
            "seat_1": "computer-easy",
            "seat_2": "open",
            "seat_3": "open",
            "days_per_move": 3,
            "bank_increment_hours": 0,
            "bank_max_days": 0,
            "paintball-scenario": "centre_flag",
            "paintball-grenades": "on",
        },
    )
    match = Match.objects.filter(system="paintball").order_by("-pk").first()
    assert response.status_code == 302 and match is not None, response.content[:500]
    assert match.config["scenario"] == "centre_flag" and match.config["grenades"] is True
    assert match.status == Match.Status.ACTIVE  # the computer took the other seat


def test_picking_a_shooter_draws_each_target_with_its_line_of_sight_and_chance(players, new_match):
    match, system, state, seat = _to_act(new_match(), _activation_with("shoot"), players)
    shot = next(m for m in system.legal_moves(state, seat) if m["type"] == "shoot")
    form = pick_form(shot, system.view(state, seat))
    query = f"?at={form['at'][0]},{form['at'][1]}&who={form['who']}"
    html = _client(players[seat]).get(f"/m/{match.pk}/{query}", HTTP_ACCEPT_LANGUAGE="fr")
    page = html.content.decode()
    assert 'class="los"' in page
    chances = re.findall(r"(\d)\+ · (\d+)\u00a0?\s?%", page)
    assert chances, "no roll and chance on the board"
    for need, percent in chances:
        assert round((7 - int(need)) / 6 * 100) == int(percent)
    assert 'data-testid="pick-do-shoot"' in page


def test_a_two_hex_move_is_picked_hex_by_hex_and_posted_as_its_path(players, new_match):
    def two_hex_path(state) -> bool:
        return _activation_with("move")(state) and any(
            "path" in m
            for m in registry.get_system("paintball").legal_moves(
                state, registry.get_system("paintball").to_act(state)[0]
            )
        )

    match, system, state, seat = _to_act(new_match(), two_hex_path, players)
    move = next(m for m in system.legal_moves(state, seat) if "path" in m)
    form = pick_form(move, system.view(state, seat))
    first, second = form["step"], form["to"]
    base = f"?at={form['at'][0]},{form['at'][1]}&who={form['who']}&do=move"
    client = _client(players[seat])
    after_one = client.get(f"/m/{match.pk}/{base}&step={first[0]},{first[1]}").content.decode()
    # Stopping after one hex is offered beside the second hexes.
    assert 'data-testid="confirm-move"' in after_one
    assert f'data-pick="{second[0]},{second[1]}"' in after_one
    done = client.get(
        f"/m/{match.pk}/{base}&step={first[0]},{first[1]}&to={second[0]},{second[1]}"
    ).content.decode()
    posted = re.search(r'name="move" value="([^"]+)"><button type="submit" class="primary"', done)
    assert posted is not None
    sent = json.loads(posted.group(1).replace("&quot;", '"'))
    assert sent["path"] == [first, second] and sent["figure"] == move["figure"]
    response = client.post(
        f"/m/{match.pk}/move", {"move": json.dumps(sent), "expected_version": match.version}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    _, after = _state(match)
    assert list(after.figure(move["figure"]).hex) == second


def test_every_state_of_a_turn_has_its_one_line_instruction(players, new_match):
    match = new_match()
    client = _client(players[0])
    deploy = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Place your team" in deploy and 'data-testid="deploy"' in deploy
    match, system, state, seat = _to_act(match, _activation_with("move"), players)
    page = _client(players[seat]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Pick a figure to act" in page.content.decode()
    other = _client(players[1 - seat]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-testid="step-prompt"' not in other.content.decode()  # nothing to do: no prompt


def test_a_pending_decision_is_a_prompt_for_its_team_and_a_wait_for_the_other(players, new_match):
    match = new_match()
    _, state = _state(match)
    snapshot = dict(match.snapshot)
    # Equal command dice after the first turn: blue, second last turn, chooses the order.
    snapshot.update(
        phase="activation",
        turn=3,
        pending={
            "seat": "blue",
            "kind": "choose_order",
            "options": ["first", "second"],
            "context": {},
        },
        command_dice={"red": 4, "blue": 4},
        activations={"red": 4, "blue": 4},
        submissions={"red": None, "blue": None},
    )
    Match.objects.filter(pk=match.pk).update(snapshot=snapshot)
    blue = _client(players[1]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'data-testid="decision-prompt"' in blue
    assert "jouez-vous en premier ou en second" in blue
    assert "Jouer en premier" in blue and "Jouer en second" in blue
    red = _client(players[0]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # The player, as the status names them (« Waiting for bruno »), not their team's colour.
    assert f"Waiting for {players[1].username} to choose who plays first." in red
    assert 'data-testid="decision-option-0"' not in red
    assert "command die 4" in red


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("fr", "Rouge 3 avance vers le nord, dans les buissons."),
        ("en", "Red 3 moves north into the bushes."),
    ],
)
def test_sentences_name_the_figures_in_french_and_english(language, sentence):
    site = get_site("paintball")
    event = {
        "kind": "FigureMoved",
        "figure": "r3",
        "start": [0, 2],
        "to": [0, 1],
        "terrain": "bush",
    }
    with translation.override(language):
        assert site.describe_event(event) == sentence


def test_the_step_viewer_replays_an_activation_action_by_action(players, new_match):
    match = play(new_match(), players, 60, prefer=("move", "shoot"))
    client = _client(players[0])
    page = client.get(f"/m/{match.pk}/steps/1/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert "acts" in html and 'data-testid="battle-step"' in html
    nxt = client.get(f"/m/{match.pk}/steps/1/?step=1", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-step="1"' in nxt and ('class="path"' in nxt or "los shot" in nxt or "Red" in nxt)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_rules_page_explains_the_game_with_boards_drawn_by_the_same_renderer(client, language):
    response = client.get("/paintball/rules/", HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 200
    for key in ("range", "cover", "hill", "states", "charge"):
        assert f'data-testid="diagram-{key}"' in html
    assert html.count('class="hb-svg hb-grid"') == 5
    assert "4+ · 50" in html  # the range example: three hexes away
    assert "6+ · 17" in html  # the bunker: only a 6
    title = "Paintball : les règles" if language == "fr" else "Paintball: the rules"
    assert title in html and "style=" not in html


def test_a_refused_move_changes_nothing_and_says_why_in_the_players_language(players, new_match):
    match, system, state, seat = _to_act(new_match(), _activation_with("move"), players)
    before = match.version
    move = {"type": "move", "figure": "r1" if seat == 1 else "b1", "to": [0, 0]}
    response = _client(players[seat]).post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": match.version},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400  # refused: its page with the reason, nothing changed
    assert "That figure is not one of yours." in response.content.decode()
    match.refresh_from_db()
    assert match.version == before


def test_a_finished_match_can_be_replayed_and_exported(players, new_match):
    match = new_match()
    match = services.match_resign(match_id=match.pk, user=players[0])
    replay = _client(players[1]).get(f"/m/{match.pk}/replay/?ply=0")
    assert replay.status_code == 200 and "hb-grid" in replay.content.decode()
