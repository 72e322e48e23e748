"""Skirmish events as sentences in the reader's language, naming models by their unit ("Troopers
3", "Captain Vos") and sides by their players, never by id or hex (events carry the labels of
the models they mention: games/engine/skirmish/names.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.hexboard.words import of_name

SEATS = ("red", "blue")
# The default company's units (games/engine/skirmish/setup.py DEFAULT_ARMIES): the engine, which
# speaks no language, names them in English; a player reads them in theirs. A name a player gave
# their own unit is theirs and kept as written.
DEFAULT_UNITS = {
    "Troopers": gettext_lazy("Troopers"),
    "Assault": gettext_lazy("Assault"),
    "Walker": gettext_lazy("Walker"),
    "Captain": gettext_lazy("Captain"),
}
SEAT_COLOURS = {"red": gettext_lazy("Red"), "blue": gettext_lazy("Blue")}
SCENARIOS = {
    "pitched_battle": gettext_lazy("Pitched battle"),
    "hold_the_ground": gettext_lazy("Hold the ground"),
    "king_of_the_hill": gettext_lazy("King of the hill"),
    "rescue": gettext_lazy("Rescue"),
    "radioactive_barrel": gettext_lazy("Radioactive barrel"),
    "looting": gettext_lazy("Looting"),
}
SCENARIO_GOALS = {
    "pitched_battle": gettext_lazy(
        "Kill the most enemy points; each Hero is worth 100 points more."
    ),
    "hold_the_ground": gettext_lazy(
        "At the end, hold more terrain pieces (more models on a piece than the enemy)."
    ),
    "king_of_the_hill": gettext_lazy("At the end, have more models on the central hill."),
    "rescue": gettext_lazy(
        "The attacker frees the prisoner (a model ending its move next to the prison) and keeps "
        "them alive or gets them off by the attacker's edge; the defender stops it."
    ),
    "radioactive_barrel": gettext_lazy(
        "At the end, have the barrel in the enemy's half of the table (it moves 2 hexes a turn)."
    ),
    "looting": gettext_lazy(
        "Every enemy killed in melee yields credits (1 to 3 dice, 3 more for Heroes and "
        "Vehicles); the most credits wins."
    ),
}
ITEMS = {
    "laser_sword": gettext_lazy("laser sword"),
    "holo_field": gettext_lazy("holo-field"),
    "protection_field": gettext_lazy("protection field"),
    "bionic_eye": gettext_lazy("bionic eye"),
    "bionic_body": gettext_lazy("bionic body"),
    "teleporter": gettext_lazy("teleporter"),
}
ITEM_EFFECTS = {
    "laser_sword": gettext_lazy("enemies get no armour roll against its melee hits"),
    "holo_field": gettext_lazy("one more cover roll against every shot at it"),
    "protection_field": gettext_lazy("+1 Armour against shots for it and friends within 2 hexes"),
    "bionic_eye": gettext_lazy("shoots 12 hexes instead of 8"),
    "bionic_body": gettext_lazy("a second save on 1–2 when its armour fails"),
    "teleporter": gettext_lazy("deploys anywhere 3 hexes or more from every enemy"),
}
DAMAGE = {
    "drive": gettext_lazy("drive damaged"),
    "weapons": gettext_lazy("weapons damaged"),
    "internal": gettext_lazy("internal damage"),
}
TERRAIN = {
    "open": gettext_lazy("open ground"),
    "hill": gettext_lazy("hill: open ground, the king of the hill's piece"),
    "difficult": gettext_lazy("difficult terrain: entering costs twice as much"),
    "cover": gettext_lazy("cover: a cover roll for shots through or into it"),
    "obstacle": gettext_lazy("obstacle: crossing costs half the Move; a cover roll"),
    "woods": gettext_lazy("woods: twice the cost; blocks lines of fire through it; cover"),
    "ruins": gettext_lazy("ruins: twice the cost; blocks lines of fire through it; cover"),
    "building": gettext_lazy("building: impassable (flyers pass over); blocks lines of fire"),
}
PHASES = {
    "snap_fire": gettext_lazy("snap fire"),
    "movement": gettext_lazy("movement"),
    "aimed_fire": gettext_lazy("aimed fire"),
    "melee_flee": gettext_lazy("flight"),
    "melee_attack": gettext_lazy("melee"),
}
LAYOUTS = {
    "outpost": gettext_lazy("Outpost"),
    "badlands": gettext_lazy("Badlands"),
    "crossroads": gettext_lazy("Crossroads"),
    "quarry": gettext_lazy("Quarry"),
}
EDGES = {"north": gettext_lazy("the north edge"), "south": gettext_lazy("the south edge")}


def seat_index(seat: Any) -> int | None:
    return SEATS.index(seat) if seat in SEATS else None


def player(seat: Any, names: Sequence[str] = ()) -> str:
    """A side by its player's name, else its colour."""
    i = seat_index(seat)
    if i is not None and i < len(names) and names[i]:
        return names[i]
    return str(SEAT_COLOURS.get(seat, seat))


def unit_name(name: str) -> str:
    """A unit's name as the reader reads it: the default company's in their language."""
    return str(DEFAULT_UNITS.get(name, name))


def model_label(info: Mapping[str, Any] | None, model_id: str) -> str:
    if not info:
        return model_id
    name = unit_name(str(info.get("name") or model_id))
    if info.get("prisoner"):
        return _("%(name)s the prisoner") % {"name": name}
    return f"{name} {info['n']}" if info.get("n") else name


def _names(event: Mapping[str, Any], names: Sequence[str]) -> Callable[[Any], str]:
    labels = event.get("labels") or {}

    def who(model_id: Any) -> str:
        info = labels.get(model_id)
        label = model_label(info, str(model_id))
        if info:
            return _("%(model)s (%(player)s)") % {
                "model": label,
                "player": player(info["seat"], names),
            }
        return label

    return who


def scenario_label(key: Any) -> str:
    return str(SCENARIOS.get(key, key or _("free play")))


def describe(event: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    kind = event.get("kind", "")
    who = _names(event, names)
    p = lambda seat: player(seat, names)  # noqa: E731
    if kind == "ScenarioRolled":
        return _("Scenario: %(s)s.") % {"s": scenario_label(event["scenario"])}
    if kind == "RollOff":
        what = {
            "terrain": _("who sets up the terrain"),
            "roles": _("who attacks"),
            "deployment": _("who deploys first"),
        }.get(event["what"], event["what"])
        dice = ", ".join(f"{p(s)} {d}" for s, d in event["dice"].items())
        return _("Roll-off for %(what)s: %(dice)s.") % {"what": what, "dice": dice}
    if kind == "ItemRolled":
        return _("%(model)s gets a %(item)s.") % {
            "model": who(event["model"]),
            "item": ITEMS.get(event["item"], event["item"]),
        }
    if kind == "LayoutChosen":
        layout = str(LAYOUTS.get(event["layout"], event["layout"]))
        if event.get("mirror"):
            layout = _("%(layout)s, mirrored") % {"layout": layout}
        return _("%(player)s sets up the terrain: %(layout)s.") % {
            "player": p(event["seat"]),
            "layout": layout,
        }
    if kind == "EdgeChosen":
        return _("%(player)s takes %(edge)s.") % {
            "player": p(event["seat"]),
            "edge": EDGES.get(event["edge"], event["edge"]),
        }
    if kind == "PrisonPlaced":
        return _("The prison is built.")
    if kind == "PrisonerChosen":
        return _("The prisoner has the profile %(of_model)s.") % {
            "of_model": of_name(who(event["copy_of"]))
        }
    if kind == "UnitDeployed":
        some = next(iter(event["hexes"]), None)
        unit = model_label((event.get("labels") or {}).get(some), event["unit"]).rsplit(" ", 1)
        label = unit[0] if len(event["hexes"]) > 1 and len(unit) > 1 else " ".join(unit)
        return ngettext(
            "%(player)s deploys %(unit)s (%(n)d model).",
            "%(player)s deploys %(unit)s (%(n)d models).",
            len(event["hexes"]),
        ) % {"player": p(event["seat"]), "unit": label, "n": len(event["hexes"])}
    if kind == "TurnStarted":
        return _("Turn %(n)d begins.") % {"n": event["turn"]}
    if kind == "InitiativeRolled":
        if event.get("bonus"):
            return _(
                "%(player)s rolls %(die)d for initiative, +%(bonus)d for Heroes: %(total)d."
            ) % {
                "player": p(event["seat"]),
                "die": event["die"],
                "bonus": event["bonus"],
                "total": event["total"],
            }
        return _("%(player)s rolls %(die)d for initiative.") % {
            "player": p(event["seat"]),
            "die": event["die"],
        }
    if kind == "FirstChosen":
        return _("%(player)s plays first this turn.") % {"player": p(event["first"])}
    if kind == "OrdersSubmitted":
        return _("%(player)s has sent their orders.") % {"player": p(event["seat"])}
    if kind == "OrdersRevealed":
        phase = PHASES.get(event["step"], event["step"])
        count = sum(len(orders) for orders in event["orders"].values())
        return ngettext(
            "Orders revealed for %(phase)s: %(n)d order.",
            "Orders revealed for %(phase)s: %(n)d orders.",
            count,
        ) % {"phase": phase, "n": count}
    if kind == "ShotRolled":
        result = _("a hit") if event["hit"] else _("a miss")
        return _(
            "%(model)s shoots at %(target)s: %(die)d (needs %(need)d or less), %(result)s."
        ) % {
            "model": who(event["model"]),
            "target": who(event["target"]),
            "die": event["die"],
            "need": event["shoot"],
            "result": result,
        }
    if kind == "CoverRolled":
        if event["stopped"]:
            return _("Cover roll %(die)d: the cover stops the shot.") % {"die": event["die"]}
        return _("Cover roll %(die)d: the shot goes through.") % {"die": event["die"]}
    if kind == "ArmourRolled":
        what = (
            _("bionic body") if event.get("bionic") else _("armour %(a)d") % {"a": event["armour"]}
        )
        result = _("saved") if event["saved"] else _("not saved")
        return _("%(model)s rolls %(die)d against %(what)s: %(result)s.") % {
            "model": who(event["model"]),
            "die": event["die"],
            "what": what,
            "result": result,
        }
    if kind == "MeleeRolled":
        result = _("a hit") if event["hit"] else _("a miss")
        return _("%(model)s strikes %(target)s: %(die)d (needs %(need)d or less), %(result)s.") % {
            "model": who(event["model"]),
            "target": who(event["target"]),
            "die": event["die"],
            "need": event["melee"],
            "result": result,
        }
    if kind == "ModelHit":
        return _("%(model)s is hit by %(by)s.") % {
            "model": who(event["model"]),
            "by": who(event["by"]),
        }
    if kind == "ModelKilled":
        return _("%(model)s falls.") % {"model": who(event["model"])}
    if kind == "VehicleDamaged":
        die = event["die"]
        result = {
            3: _("drive damaged (Move −3'')"),
            4: _("weapons damaged (Melee and Shoot −1)"),
            5: _("internal damage (Armour −1)"),
            6: _("Boom! It explodes"),
        }.get(die, _("a scratch, no damage"))
        return _("%(model)s damage roll %(die)d: %(result)s.") % {
            "model": who(event["model"]),
            "die": die,
            "result": result,
        }
    if kind == "CreditsRolled":
        return _("%(player)s loots %(credits)d credits from %(model)s.") % {
            "player": p(event["seat"]),
            "credits": event["credits"],
            "model": who(event["model"]),
        }
    if kind == "BarrelPickedUp":
        return _("%(model)s picks up the barrel.") % {"model": who(event["model"])}
    if kind == "BarrelDropped":
        return _("The barrel falls to the ground.")
    if kind == "BarrelPassed":
        return _("%(giver)s passes the barrel to %(receiver)s.") % {
            "giver": who(event["giver"]),
            "receiver": who(event["receiver"]),
        }
    if kind == "ModelMoved":
        steps = len(event["path"])
        return ngettext("%(model)s moves %(n)d hex.", "%(model)s moves %(n)d hexes.", steps) % {
            "model": who(event["model"]),
            "n": steps,
        }
    if kind == "ModelEngaged":
        enemies = ", ".join(who(e) for e in event["enemies"])
        return _("%(model)s charges into contact with %(enemies)s.") % {
            "model": who(event["model"]),
            "enemies": enemies,
        }
    if kind == "PrisonerFreed":
        return _("%(by)s frees %(model)s.") % {"by": who(event["by"]), "model": who(event["model"])}
    if kind == "PrisonerEscaped":
        return _("%(model)s escapes off the table.") % {"model": who(event["model"])}
    if kind == "FlightDeclared":
        return _("%(model)s flees the melee.") % {"model": who(event["model"])}
    if kind == "ModelFled":
        return _("%(model)s runs out of contact.") % {"model": who(event["model"])}
    if kind == "PhaseEnded":
        if event["phase"] == "movement" and event.get("seat") is not None:
            return _("%(player)s ends their movement.") % {"player": p(event["seat"])}
        return _("End of %(phase)s.") % {"phase": PHASES.get(event["phase"], event["phase"])}
    if kind == "TurnEnded":
        return _("Turn %(n)d ends.") % {"n": event["turn"]}
    if kind == "GameOver":
        if event.get("forfeit"):
            return _("%(player)s resigns: %(winner)s wins.") % {
                "player": p(event["forfeit"]),
                "winner": p(event["winner"]),
            }
        if event["winner"] == "draw":
            return _("The battle ends in a draw.")
        return _("The battle is over: %(winner)s wins.") % {"winner": p(event["winner"])}
    return str(kind)


# Every event kind `describe` tells (SkirmishSite.event_kinds; tests/ux/test_ux_story.py holds
# every kind the engine emits in random games to a sentence in French and English).
KINDS = frozenset(
    {
        "ScenarioRolled",
        "RollOff",
        "ItemRolled",
        "LayoutChosen",
        "EdgeChosen",
        "PrisonPlaced",
        "PrisonerChosen",
        "UnitDeployed",
        "TurnStarted",
        "InitiativeRolled",
        "FirstChosen",
        "OrdersSubmitted",
        "OrdersRevealed",
        "ShotRolled",
        "CoverRolled",
        "ArmourRolled",
        "MeleeRolled",
        "ModelHit",
        "ModelKilled",
        "VehicleDamaged",
        "CreditsRolled",
        "BarrelPickedUp",
        "BarrelDropped",
        "BarrelPassed",
        "ModelMoved",
        "ModelEngaged",
        "PrisonerFreed",
        "PrisonerEscaped",
        "FlightDeclared",
        "ModelFled",
        "PhaseEnded",
        "TurnEnded",
        "GameOver",
    }
)
