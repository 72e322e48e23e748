"""JEU À PLUS DE 2 JOUEURS: alliance rules (and the Moloch exception), DESTRUCTION D'UN QG.

Seats: 0 Hegemonia and 2 Moloch are allies; 1 Posterunek and 3 Borgo are allies.
"""

from __future__ import annotations

from test_battle_helpers import fight, of_kind, position, tile_at, wounds_at

SEATS = ("hegemonia", "posterunek", "moloch", "borgo")
TEAMS = [[0, 2], [1, 3]]


def allied(*tiles: tuple[object, ...]):  # type: ignore[no-untyped-def]
    return position(*tiles, seats=SEATS, teams=TEAMS)  # type: ignore[arg-type]


def test_allies_shots_fly_over_allied_tiles() -> None:
    pos = allied(
        (0, 2, "p.commando", 1, 4),  # shot north
        (0, 1, "b.mutant", 3, 3),  # allied tile in the way (blows south: off the board)
        (0, -1, "h.garde", 0, 3),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 0, 1) == 0
    assert wounds_at(after, 0, -1) == 1


def test_allies_do_not_wound_each_other() -> None:
    pos = allied((0, 0, "b.bagarreux", 3, 0), (0, -1, "p.commando", 1, 0))
    after, _ = fight(pos)
    assert tile_at(after, 0, -1) == "posterunek.commando"


def test_moloch_units_wound_their_allys_units() -> None:
    pos = allied((0, 0, "m.eventreur", 2, 0), (0, -1, "h.garde", 0, 3))
    after, _ = fight(pos)
    assert tile_at(after, 0, -1) is None


def test_a_moloch_shot_stops_at_an_allied_tile() -> None:
    pos = allied(
        (0, 2, "m.cyborg", 2, 0),
        (0, 1, "h.garde", 0, 0),  # allied, in the way (blows north: the Cyborg is south)
        (0, -1, "p.commando", 1, 0),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 0, 1) == 1
    assert wounds_at(after, 0, -1) == 0


def test_an_allys_shot_flies_over_moloch_tiles() -> None:
    pos = allied(
        (0, 2, "h.soldat_universel", 0, 1),  # printed 5 faces north
        (0, 1, "m.bloqueur", 2, 0),
        (0, -1, "p.commando", 1, 0),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 0, 1) == 0
    assert tile_at(after, 0, -1) is None


def test_net_fighters_do_not_net_allies_except_between_moloch_and_its_ally() -> None:
    # Borgo Net Fighter (rotation 4: net north) next to an allied Posterunek Brawler.
    borgo = allied(
        (0, 0, "b.retiaire", 3, 4),
        (0, -1, "p.bagarreux", 1, 0),
        (0, -2, "h.garde", 0, 3),
    )
    _, events = fight(borgo)
    assert of_kind(events, "NetHeld") == []
    # Hegemonia Net Fighter (net on direction 1 at rotation 0) holds an allied Moloch Cyborg.
    hegemonia = allied(
        (0, 0, "h.retiaire", 0, 0),
        (1, -1, "m.cyborg", 2, 3),  # would shoot south at (1, 0)
        (1, 0, "p.commando", 1, 0),
    )
    after, events = fight(hegemonia)
    assert of_kind(events, "NetHeld") == [{"hex": [1, -1], "by": [[0, 0]]}]
    assert wounds_at(after, 1, 0) == 0
    # And a Moloch Net Fighter (nets on directions 0 and 5) holds an allied Hegemonia unit.
    moloch = allied(
        (0, 0, "m.retiaire", 2, 0),
        (0, -1, "h.gangman", 0, 0),  # blow direction 5: (-1, -1)
        (-1, -1, "p.commando", 1, 0),
    )
    after, events = fight(moloch)
    assert of_kind(events, "NetHeld") == [{"hex": [0, -1], "by": [[0, 0]]}]
    assert tile_at(after, -1, -1) == "posterunek.commando"


def test_modules_and_hqs_help_allies_moloch_included() -> None:
    # A Moloch Officer (rotation 5: link north) boosts an allied Hegemonia shot; the Hegemonia
    # HQ boosts an allied Moloch blow.
    pos = allied(
        (0, 0, "h.soldat_universel", 0, 1),  # printed 5 faces north
        (0, 1, "m.officier", 2, 5),
        (0, -2, "p.hq", 1, 0),
        (2, -1, "h.hq", 0, 0),
        (1, -1, "m.eventreur", 2, 1),  # blow direction 1: (2, -2)
        (2, -2, "b.super_officier", 3, 3),
    )
    _, events = fight(pos)
    attacks = sorted(
        (tuple(e["from"]), e["attack"], e["strength"]) for e in of_kind(events, "UnitAttacked")
    )
    assert ((0, 0), "ranged", 2) in attacks  # Universal Soldier 1 + allied Moloch Officer 1
    assert ((1, -1), "melee", 3) in attacks  # Ripper 2 + allied Hegemonia HQ 1


def test_a_player_whose_hq_falls_in_a_three_player_game_loses_every_tile_after_the_battle() -> None:
    pos = position(
        (0, -2, "m.hq", 0, 0, 19),
        (0, -1, "h.soldat_universel", 1, 1),  # kills the Moloch HQ in phase 3
        (2, -2, "m.bloqueur", 0, 0),
        (-2, 2, "b.hq", 2, 0),
        (2, 0, "h.hq", 1, 0),
        seats=("moloch", "hegemonia", "borgo"),
    )
    after, events = fight(pos)
    assert tile_at(after, 2, -2) is None
    assert of_kind(events, "PlayerEliminated") == [{"seat": 0, "removed": [[2, -2]]}]
    assert of_kind(events, "BattleEnded") == [{"hq_points": [0, 20, 20], "hq_destroyed": [0]}]


def test_in_a_two_player_game_the_losers_tiles_stay_for_the_final_view() -> None:
    pos = position(
        (0, -2, "m.hq", 0, 0, 19),
        (0, -1, "h.soldat_universel", 1, 1),
        (2, -2, "m.bloqueur", 0, 0),
        seats=("moloch", "hegemonia"),
    )
    after, events = fight(pos)
    assert tile_at(after, 2, -2) == "moloch.bloqueur"
    assert of_kind(events, "PlayerEliminated") == []
