"""Match setup and deployment (skirmish.md §9; rulebook 004 "Déploiement", "Héros", "Objets
hi-tech", "Scénarios" 4). Dice order (§14.2): scenario (only when the config names none),
terrain roll-off, rescue roles roll-off, items, deployment roll-off."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.engine.protocol import JSON, Event
from games.engine.skirmish.armies import attack_counts, model_cost, price
from games.engine.skirmish.boards import BOARDS, LAYOUTS, board_hexes, in_zone
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.events import ev
from games.engine.skirmish.scenarios import SCENARIOS, TURNS
from games.engine.skirmish.state import (
    ITEMS,
    SEAT_NAMES,
    Barrel,
    Model,
    Pending,
    ScenarioState,
    State,
)

Events = list[Event]

DEFAULT_ARMIES: tuple[dict[str, JSON], ...] = tuple(
    {
        "schema": 1,
        "system": "skirmish",
        "name": name,
        "units": [
            {
                "id": "troopers",
                "name": "Troopers",
                "count": 6,
                "move": 9,
                "melee": 2,
                "shoot": 3,
                "armour": 2,
            },
            {
                "id": "assault",
                "name": "Assault",
                "count": 3,
                "move": 12,
                "melee": 3,
                "melee_attacks": 2,
                "shoot": 1,
                "armour": 2,
            },
            {
                "id": "walker",
                "name": "Walker",
                "count": 1,
                "move": 12,
                "melee": 2,
                "shoot": 3,
                "shoot_attacks": 2,
                "armour": 4,
                "vehicle": True,
            },
            {
                "id": "captain",
                "name": "Captain",
                "count": 1,
                "move": 12,
                "melee": 4,
                "melee_attacks": 2,
                "shoot": 4,
                "armour": 3,
                "hero": True,
            },
        ],
    }
    for name in ("Red Company", "Blue Company")
)


def validate_config(config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
    if seats != 2:
        raise ValueError("A skirmish is played by two players.")
    board = config.get("board", "standard")
    if board not in BOARDS:
        raise ValueError(f"Unknown board {board!r}.")
    armies = config.get("armies", list(DEFAULT_ARMIES))
    if not isinstance(armies, list) or len(armies) != seats:
        raise ValueError("Give one army list per player.")
    limit = config.get("points_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError("The points limit is a whole number of points.")
    zone = sum(1 for h in board_hexes(board) if in_zone(h, "north"))
    for army in armies:
        if not isinstance(army, dict):
            raise ValueError("An army list is a JSON object.")
        # The match's limit governs, not the one the list was built for.
        priced = price({k: v for k, v in army.items() if k != "points_limit"})
        if not priced.valid:
            raise ValueError("An army list is not valid: open it in the army builder.")
        if limit is not None and priced.total is not None and priced.total > limit:
            raise ValueError("An army list is over the points limit.")
        if sum(u.get("count", 1) for u in army["units"]) > zone:
            raise ValueError("An army list has more models than its deployment zone has hexes.")
    out: dict[str, JSON] = {"board": board, "armies": armies}
    if "scenario" in config:
        scenario = config["scenario"]
        if scenario is not None and scenario not in SCENARIOS:
            raise ValueError(f"Unknown scenario {scenario!r}.")
        out["scenario"] = scenario
    if limit is not None:
        out["points_limit"] = limit
    return out


def roll_off(dice: Dice, seats: int, what: str, events: Events) -> int:
    """Each seat rolls in seat order; tied leaders roll again until one leads."""
    rolling = list(range(seats))
    while len(rolling) > 1:
        rolls = {s: dice.d6() for s in rolling}
        events.append(ev("RollOff", what=what, dice={SEAT_NAMES[s]: d for s, d in rolls.items()}))
        best = max(rolls.values())
        rolling = [s for s in rolling if rolls[s] == best]
    return rolling[0]


def build_models(armies: list[dict[str, JSON]]) -> tuple[Model, ...]:
    """Model ids: seat initial + running number in list order (r1, r2, …; §9)."""
    models = []
    for seat, army in enumerate(armies):
        n = 0
        for unit in army["units"]:
            melee_attacks, shoot_attacks = attack_counts(unit)
            for _ in range(int(unit.get("count", 1))):
                n += 1
                models.append(
                    Model(
                        id=f"{SEAT_NAMES[seat][0]}{n}",
                        seat=seat,
                        hex=None,
                        move=int(unit["move"]),
                        melee=int(unit["melee"]),
                        shoot=int(unit["shoot"]),
                        armour=int(unit["armour"]),
                        fly=bool(unit.get("fly", False)),
                        melee_attacks=melee_attacks,
                        shoot_attacks=shoot_attacks,
                        powerful=bool(unit.get("powerful", False)),
                        vehicle=bool(unit.get("vehicle", False)),
                        hero=bool(unit.get("hero", False)),
                        cost=model_cost(unit),
                        unit=str(unit["id"]),
                        name=str(unit.get("name") or unit["id"])[:60],
                    )
                )
    return tuple(models)


def roll_items(models: tuple[Model, ...], dice: Dice, events: Events) -> tuple[Model, ...]:
    """ "Les Héros disposent d'un objet hi-tech déterminé aléatoirement"; a bionic eye for a
    Hero without Shoot is rolled again in place (item 4)."""
    out = []
    for seat in range(2):
        for m in models:
            if m.seat != seat:
                continue
            if m.hero:
                while True:
                    item = ITEMS[dice.d6() - 1]
                    if not (item == "bionic_eye" and m.shoot == 0):
                        break
                m = replace(m, item=item)
                events.append(ev("ItemRolled", model=m.id, item=item))
            out.append(m)
    return tuple(out)


def setup(config: Mapping[str, JSON], dice: Dice) -> tuple[State, Events]:
    config = validate_config(config, 2)
    events: Events = []
    if "scenario" in config:
        scenario = config["scenario"]
    else:  # "Vous pouvez déterminer aléatoirement le scénario ... en lançant un dé"
        scenario = SCENARIOS[dice.d6() - 1]
        events.append(ev("ScenarioRolled", scenario=scenario))
    terrain_player = roll_off(dice, 2, "terrain", events)
    roles = None
    if scenario == "rescue":
        attacker = roll_off(dice, 2, "roles", events)
        roles = (attacker, 1 - attacker)
    models = roll_items(build_models(list(config["armies"])), dice, events)
    first_deployer = roll_off(dice, 2, "deployment", events)
    board: Any = config["board"]
    state = State(
        board=board,
        models=models,
        scenario=scenario,
        scen=ScenarioState(
            barrel=Barrel((0, 0)) if scenario == "radioactive_barrel" else None, roles=roles
        ),
        turn_limit=TURNS if scenario else None,
        phase="setup",
        active=first_deployer,
        pending=Pending(terrain_player, "choose_layout", tuple(LAYOUTS[board])),
    )
    return state, events
