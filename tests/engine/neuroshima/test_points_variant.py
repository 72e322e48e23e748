"""LE JEU À PLUS DE DEUX JOUEURS AVEC DES POINTS: "Les QG ont une Résistance infinie. A chaque
fois qu'un joueur inflige un dommage à un QG adverse il reçoit 1 point (les PR du QG ne sont pas
décomptés)"; 20 points win (40 per team in the alliance mode); Moloch hitting its ally's HQ
scores nothing."""

import json

import pytest
from nh import board_game, play, step
from test_battle_helpers import of_kind

from games.engine.neuroshima.battle import resolve
from games.engine.neuroshima.position import Position, PositionError
from games.engine.neuroshima.system import SYSTEM

BATTLE = {"type": "PlayBattle", "tile_index": 0}


def battle(state, seat=0):
    state, events = step(state, seat, BATTLE)
    while state.phase == "battle":
        who = SYSTEM.to_act(state)[0]
        state, more = step(state, who, SYSTEM.legal_moves(state, who)[0])
        events += more
    return state, events


def three(tiles, **config):
    armies = ["moloch", "borgo", "hegemonia"]
    return board_game(armies, tiles, hands={0: ["bataille"]}, points_variant=True, **config)


def hq_position(wounds, points_variant):
    data = {
        "seats": ["moloch", "borgo", "hegemonia"],
        "tiles": [
            {"hex": [-2, 2], "tile": "moloch.hq", "seat": 0},
            {"hex": [0, 0], "tile": "borgo.hq", "seat": 1, "wounds": wounds},
            {"hex": [0, -1], "tile": "moloch.eventreur", "seat": 0, "rotation": 3},
        ],
    }
    if points_variant:
        data["points_variant"] = True
    return Position.from_json(data)


def test_an_hq_of_the_points_variant_may_hold_any_number_of_wounds_and_no_unit_may():
    with pytest.raises(PositionError):
        hq_position(20, points_variant=False)
    position = hq_position(25, points_variant=True)
    assert position.at((0, 0)).wounds == 25
    assert position.hq_points(1) == 20  # "les PR du QG ne sont pas décomptés"
    assert Position.from_json(json.loads(json.dumps(position.to_json()))) == position
    too_hurt = position.to_json()
    unit = next(t for t in too_hurt["tiles"] if t["tile"] == "moloch.eventreur")
    unit["wounds"] = 1  # the Eventreur has 1 hit point
    with pytest.raises(PositionError):
        Position.from_json(too_hurt)


def test_a_battle_of_the_points_variant_never_destroys_an_hq_and_counts_its_wounds():
    after, events = resolve(hq_position(19, points_variant=True))
    assert after.at((0, 0)).wounds == 21
    assert {"seat": 1, "points_left": 20, "wounds_total": 21} in of_kind(events, "HQDamaged")
    assert of_kind(events, "BattleEnded") == [{"hq_points": [20, 20, 0], "hq_destroyed": []}]
    assert of_kind(events, "PlayerEliminated") == []
    # The same position without the variant loses the HQ.
    after, events = resolve(hq_position(19, points_variant=False))
    assert after.at((0, 0)) is None and of_kind(events, "BattleEnded")[0]["hq_destroyed"] == [1]


def test_an_hq_pushed_past_twenty_wounds_in_one_battle_stays_and_every_wound_scores():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0, 19),
        ("hegemonia.hq", 2, (2, 0), 0),
        ("moloch.eventreur", 0, (0, -1), 3),
    ]
    state, events = battle(three(tiles))
    assert state.seats[1].eliminated is None
    assert state.position.hq(1) is not None and state.position.hq(1).wounds == 0
    assert [s.points for s in state.seats] == [2, 0, 0]
    assert {"seat": 0, "points": 2} in of_kind(events, "PointsScored")
    assert state.result is None


def test_twenty_points_scored_in_one_battle_win_even_past_the_hqs_printed_resistance():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0, 19),
        ("hegemonia.hq", 2, (2, 0), 0),
        ("moloch.eventreur", 0, (0, -1), 3),
    ]
    state = three(tiles).with_seat(0, points=18)
    state, _ = battle(state)
    assert state.result is not None and state.result.reason == "points"
    assert state.result.winners == (0,) and state.result.scores == (20.0, 0.0, 0.0)


def test_moloch_scores_nothing_for_wounding_its_allys_hq():
    armies = ["moloch", "borgo", "hegemonia", "posterunek"]
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (2, -2), 0),
        ("hegemonia.hq", 2, (0, 0), 0),  # Moloch's ally (teams [0, 2] and [1, 3])
        ("posterunek.hq", 3, (2, 0), 0),
        ("moloch.eventreur", 0, (0, -1), 3),
    ]
    state = board_game(armies, tiles, hands={0: ["bataille"]}, mode="alliance", points_variant=True)
    state, events = battle(state)
    # 2 + 1 from the Hegemonia HQ's own bonus to its adjacent (allied) units
    assert {"seat": 2, "points_left": 20, "wounds_total": 3} in of_kind(events, "HQDamaged")
    assert [s.points for s in state.seats] == [0, 0, 0, 0]
    assert state.position.hq(2).wounds == 0


def test_the_state_of_a_points_game_round_trips_with_endless_hqs():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0, 30),
        ("hegemonia.hq", 2, (2, 0), 0),
    ]
    state = three(tiles)
    assert state.position.points_variant
    data = json.loads(json.dumps(SYSTEM.state_to_json(state)))
    assert SYSTEM.state_from_json(data) == state
    assert play(state, 0, {"type": "EndTurn"}).position.points_variant
