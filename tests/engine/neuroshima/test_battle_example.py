"""The rulebook's illustrated battle (EXEMPLE ILLUSTRÉ D'UNE PARTIE, DÉROULEMENT DE LA BATAILLE):
Hegemonia against Posterunek after turn 10; the HQs end the battle at 14 and 18.

The text shows the board only in pictures; this layout is ours, built to satisfy every sentence:
the Commando (+1 initiative from the Scout behind it) shoots over its own HQ at the Net Fighter
holding the Brawler; the Runner with the Boss hits the Posterunek HQ; the Brawler next to its HQ
strikes twice; the Ganger's blow on the Machine Gun is absorbed by the Medic; the Universal
Soldier kills the Annihilator; the Machine Gun shoots the Hegemonia HQ in phases 2 and 1; in
phase 0 each HQ kills the unit next to it.
"""

from __future__ import annotations

from test_battle_helpers import fight, of_kind, position, tile_at

from games.engine.neuroshima.battle import resolve

HEGEMONIA, POSTERUNEK = 0, 1

BEFORE_THE_BATTLE = position(
    (2, -2, "h.hq", HEGEMONIA, 0),
    (0, -1, "p.hq", POSTERUNEK, 0),
    (0, -2, "h.retiaire", HEGEMONIA, 1),  # net towards the Brawler
    (1, -2, "p.bagarreux", POSTERUNEK, 2),  # blow towards the Hegemonia HQ
    (0, 0, "p.commando", POSTERUNEK, 4),  # shot northwards, over its HQ
    (0, 1, "p.eclaireur", POSTERUNEK, 0),  # behind the Commando
    (-1, 0, "h.coureur", HEGEMONIA, 1),  # blow towards the Posterunek HQ
    (-2, 1, "h.le_boss", HEGEMONIA, 1),  # linked to the Runner
    (-1, 1, "p.mitrailleur", POSTERUNEK, 1),  # shot at the Hegemonia HQ
    (-2, 2, "h.gangman", HEGEMONIA, 2),  # behind the Machine Gun
    (-1, 2, "p.medecin", POSTERUNEK, 0),  # linked to the Machine Gun
    (2, -1, "p.liquidateur", POSTERUNEK, 2),  # on the other side of the Hegemonia HQ
    (1, 0, "h.soldat_universel", HEGEMONIA, 2),  # aims at the Annihilator
    (2, 0, "h.officier_1", HEGEMONIA, 4),
)


def phases(events):  # type: ignore[no-untyped-def]
    """Events grouped by phase initiative."""
    out: dict[int, list] = {}  # type: ignore[type-arg]
    current = None
    for e in events:
        if e.kind == "PhaseStarted":
            current = e.data["initiative"]
            out[current] = []
        elif current is not None:
            out[current].append(e)
    return out


def test_the_illustrated_battle_leaves_the_hegemonia_hq_at_14_and_the_posterunek_hq_at_18() -> None:
    after, events = fight(BEFORE_THE_BATTLE)
    assert after.hq_points(HEGEMONIA) == 14
    assert after.hq_points(POSTERUNEK) == 18
    assert of_kind(events, "BattleEnded") == [{"hq_points": [14, 18], "hq_destroyed": []}]


def test_the_illustrated_battle_runs_phases_4_to_0() -> None:
    _, events = fight(BEFORE_THE_BATTLE)
    assert [e["initiative"] for e in of_kind(events, "PhaseStarted")] == [4, 3, 2, 1, 0]


def test_the_illustrated_battle_follows_the_text_phase_by_phase() -> None:
    _, events = fight(BEFORE_THE_BATTLE)
    by_phase = phases(events)

    def destroyed(phase: int) -> set[str]:
        return {e.data["tile"] for e in by_phase[phase] if e.kind == "TileDestroyed"}

    def hq(phase: int) -> list[tuple[int, int]]:
        return [
            (e.data["seat"], e.data["points_left"])
            for e in by_phase[phase]
            if e.kind == "HQDamaged"
        ]

    # Phase 4: the Commando, helped by the Scout, shoots over its HQ and kills the Net Fighter.
    assert destroyed(4) == {"hegemonia.retiaire"}
    # Phase 3: Runner + Boss hit the Posterunek HQ for 2, the freed Brawler the Hegemonia HQ for
    # 2; the Medic dies instead of the Machine Gun; the Universal Soldier kills the Annihilator.
    assert sorted(hq(3)) == [(HEGEMONIA, 18), (POSTERUNEK, 18)]
    assert destroyed(3) == {"posterunek.medecin", "posterunek.liquidateur"}
    assert [e.data for e in by_phase[3] if e.kind == "MedicSaved"] == [
        {"medic": [-1, 2], "hex": [-1, 1], "from": [-2, 2]}
    ]
    # Phase 2: the Brawler strikes again (its HQ's ability) and the Machine Gun shoots: 16, 15.
    assert hq(2) == [(HEGEMONIA, 15)]
    # Phase 1: the Machine Gun's second action: 14.
    assert hq(1) == [(HEGEMONIA, 14)]
    # Phase 0: each HQ kills the unit next to it.
    assert destroyed(0) == {"posterunek.bagarreux", "hegemonia.coureur"}


def test_the_illustrated_battle_leaves_the_survivors_on_the_board() -> None:
    after, _ = fight(BEFORE_THE_BATTLE)
    assert tile_at(after, -1, 1) == "posterunek.mitrailleur"
    assert tile_at(after, 1, 0) == "hegemonia.soldat_universel"
    assert tile_at(after, -1, 2) is None
    assert tile_at(after, 0, -2) is None


def test_resolving_does_not_change_the_position_it_is_given() -> None:
    before = BEFORE_THE_BATTLE.to_json()
    resolve(BEFORE_THE_BATTLE)
    assert BEFORE_THE_BATTLE.to_json() == before


def test_the_illustrated_battle_fixture_file_matches_and_ends_at_14_and_18() -> None:
    import json
    from pathlib import Path

    from games.engine.neuroshima.position import Position

    path = Path(__file__).parent / "positions" / "illustrated_battle.json"
    pos = Position.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert pos == BEFORE_THE_BATTLE
    after, _ = resolve(pos)
    assert (after.hq_points(HEGEMONIA), after.hq_points(POSTERUNEK)) == (14, 18)
