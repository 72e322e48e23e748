"""TUILES « ACTION »: TIREUR D'ÉLITE, GRENADE, BOMBE (air strike); BLINDAGE; MÉDECIN."""

from __future__ import annotations

import pytest
from test_battle_helpers import of_kind, position, tile_at, wounds_at

from games.engine.neuroshima.battle import (
    Battle,
    advance,
    decide,
    legal_strike_targets,
    pending,
    start_strike,
)
from games.engine.neuroshima.position import Position
from games.engine.protocol import IllegalMove

M, P, B, H = "moloch", "posterunek", "borgo", "hegemonia"

BOARD = position(
    (0, 0, "b.hq", 0, 0),
    (1, -1, "m.bloqueur", 1, 5),  # next to the Borgo HQ, armour facing it
    (1, 0, "b.mutant", 0, 0),  # own tile next to the HQ
    (2, -2, "m.cyborg", 1, 0),  # far from the HQ
    (-2, 2, "m.hq", 1, 0),
    (-1, 0, "m.medecin", 1, 1),  # links (0, -1), (-1, 1), (-2, 0)
    (-1, 1, "m.juggernaut", 1, 0),  # next to the Borgo HQ, covered by the Medic
    seats=(B, M),
)


def strike(pos: Position, seat: int, kind: str, target: tuple[int, int]) -> Position:
    battle, _ = advance(start_strike(pos, seat, kind, target))
    while not battle.finished:
        decision = pending(battle)
        assert decision is not None
        battle, _ = decide(battle, decision.seat, decision.options[0])
    return battle.position


def test_the_sniper_may_aim_at_any_enemy_tile_but_a_hq() -> None:
    assert legal_strike_targets(BOARD, 0, "sniper") == ((-1, 0), (-1, 1), (1, -1), (2, -2))


def test_the_sniper_wounds_once_and_armour_does_not_help() -> None:
    pos = strike(BOARD, 0, "sniper", (1, -1))
    assert wounds_at(pos, 1, -1) == 1
    pos = strike(BOARD, 0, "sniper", (2, -2))
    assert tile_at(pos, 2, -2) is None


def test_a_strike_on_an_illegal_target_is_refused() -> None:
    with pytest.raises(IllegalMove):
        start_strike(BOARD, 0, "sniper", (-2, 2))  # the Moloch HQ
    with pytest.raises(IllegalMove):
        start_strike(BOARD, 0, "sniper", (1, 0))  # own tile
    with pytest.raises(IllegalMove):
        start_strike(BOARD, 0, "grenade", (2, -2))  # not next to the Borgo HQ
    with pytest.raises(IllegalMove):
        start_strike(BOARD, 1, "air_strike", (2, -2))  # the blast would leave the board
    with pytest.raises(IllegalMove):
        start_strike(BOARD, 1, "napalm", (0, 0))


def test_the_grenade_targets_enemy_tiles_next_to_the_throwers_hq() -> None:
    assert legal_strike_targets(BOARD, 0, "grenade") == ((-1, 0), (-1, 1), (1, -1))


def test_the_grenade_destroys_a_tile_whatever_its_points() -> None:
    pos = strike(BOARD, 0, "grenade", (1, -1))
    assert tile_at(pos, 1, -1) is None


def test_a_medic_cancels_a_grenade() -> None:
    pos = strike(BOARD, 0, "grenade", (-1, 1))
    assert tile_at(pos, -1, 1) == "moloch.juggernaut"
    assert wounds_at(pos, -1, 1) == 0
    assert tile_at(pos, -1, 0) is None


def test_a_medic_cancels_a_sniper_shot() -> None:
    battle, events = advance(start_strike(BOARD, 0, "sniper", (-1, 1)))
    assert battle.finished
    assert of_kind(events, "MedicSaved") == [{"medic": [-1, 0], "hex": [-1, 1], "from": "sniper"}]
    assert of_kind(events, "StrikeResolved") == [{"strike": "sniper", "seat": 0, "target": [-1, 1]}]


def test_the_air_strike_must_keep_its_seven_hexes_on_the_board() -> None:
    assert legal_strike_targets(BOARD, 1, "air_strike") == (
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 0),
        (0, 1),
        (1, -1),
        (1, 0),
    )


def test_the_air_strike_wounds_everything_around_friend_or_foe_but_no_hq() -> None:
    pos = strike(BOARD, 1, "air_strike", (0, 0))
    assert pos.hq_points(0) == 20
    assert wounds_at(pos, 1, -1) == 1  # own Blocker, armour no help
    assert tile_at(pos, 1, 0) is None  # enemy Mutant
    assert tile_at(pos, -1, 0) is None  # own Medic: hit itself, heals nobody
    assert wounds_at(pos, -1, 1) == 1  # so the Juggernaut keeps its wound
    assert wounds_at(pos, 2, -2) == 0  # outside the blast


def test_the_air_strike_may_fall_on_an_empty_hex() -> None:
    pos = strike(BOARD, 1, "air_strike", (0, 1))
    assert pos.hq_points(0) == 20
    assert tile_at(pos, 1, 0) is None


def test_a_strike_round_trips_through_json_while_a_medic_decision_is_pending() -> None:
    # A wounded tile under two medics out of the blast: its player picks the medic.
    pos = position(
        (0, 0, "m.bloqueur", 1, 0),
        (0, 1, "m.medecin", 1, 0),  # link north: (0, 0)
        (-1, 1, "m.medecin", 1, 1),  # link direction 1: (0, 0)
        seats=(B, M),
    )
    battle, _ = advance(start_strike(pos, 0, "air_strike", (1, -1)))
    decision = pending(battle)
    assert decision is not None and decision.kind == "medic" and decision.seat == 1
    again = Battle.from_json(battle.to_json())
    assert again == battle
    assert [o["medic"] for o in decision.options] == [[-1, 1], [0, 1]]
    done, _ = decide(again, 1, decision.options[1])
    assert done.finished
    assert wounds_at(done.position, 0, 0) == 0
    assert tile_at(done.position, 0, 1) is None
    assert tile_at(done.position, -1, 1) == "moloch.medecin"
