"""The step-by-step viewer of each combat phase (snap fire, aimed fire, melee): first every
order revealed at once, then each attacker's dice, then the end of the phase (casualties, vehicle
damage, loot). Positions are followed from the start view through the events the reader may
see: orders appear only once revealed, because only `OrdersRevealed` carries them."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.engine.skirmish.boards import layout_pieces
from games.hexboard.protocol import Step
from games.hexboard.svg import line
from games.skirmish_site import describe, drawing, pieces

COMBAT = ("snap_fire", "aimed_fire", "melee_attack")
ATTACKS = ("ShotRolled", "MeleeRolled")
DURING = ("CoverRolled", "ArmourRolled", "ModelHit")
AFTER = ("ModelKilled", "VehicleDamaged", "CreditsRolled", "BarrelPickedUp", "BarrelDropped")


class Tracker:
    """A position (the view's JSON shape) moved along by events."""

    def __init__(self, position: Mapping[str, Any]) -> None:
        self.position = copy.deepcopy(dict(position))
        self.models: dict[str, dict[str, Any]] = self.position["models"]

    def apply(self, e: Mapping[str, Any]) -> None:
        kind, p, models = e["kind"], self.position, self.models
        if kind == "ScenarioRolled":
            p["scenario"] = e["scenario"]
            barrel = {"hex": [0, 0], "carrier": None, "moved": 0, "passed": False}
            p["scenario_state"]["barrel"] = (
                barrel if e["scenario"] == "radioactive_barrel" else None
            )
        elif kind == "ItemRolled" and e["model"] in models:
            models[e["model"]]["item"] = e["item"]
        elif kind == "LayoutChosen" and isinstance(p["board"], str):
            pieces_ = layout_pieces(p["board"], e["layout"], bool(e.get("mirror")))
            p["terrain"] = [
                {"id": pid, "type": t, "hexes": [list(h) for h in hexes]}
                for pid, t, hexes in pieces_
            ]
        elif kind == "EdgeChosen":
            other = "south" if e["edge"] == "north" else "north"
            p["edges"] = {s: (e["edge"] if s == e["seat"] else other) for s in describe.SEATS}
        elif kind == "PrisonPlaced":
            for piece in p["terrain"]:
                piece["hexes"] = [h for h in piece["hexes"] if list(h) != list(e["hex"])]
            p["terrain"].append({"id": "prison", "type": "building", "hexes": [e["hex"]]})
        elif kind == "PrisonerChosen" and e["copy_of"] in models:
            models[e["model"]] = {
                **models[e["copy_of"]],
                "hex": None,
                "item": None,
                "hero": True,
                "prisoner": "held",
            }
        elif kind == "UnitDeployed":
            for mid, h in e["hexes"].items():
                models[mid]["hex"] = h
        elif kind in ("ModelMoved", "ModelFled") and e["model"] in models:
            models[e["model"]]["hex"] = e["path"][-1]
        elif kind == "PrisonerEscaped":
            models[e["model"]].update(hex=None, prisoner="escaped")
        elif kind == "PrisonerFreed":
            models[e["model"]].update(hex=e["hex"], prisoner="free")
        elif kind == "ModelKilled":
            models[e["model"]]["alive"] = False
        elif kind == "VehicleDamaged":
            self._damage(models[e["model"]], e["die"])
        elif kind in ("BarrelPickedUp", "BarrelDropped", "BarrelPassed"):
            barrel = p["scenario_state"].get("barrel") or {}
            if kind == "BarrelPickedUp":
                barrel.update(carrier=e["model"], hex=e["hex"])
            elif kind == "BarrelDropped":
                barrel.update(carrier=None, hex=e["hex"])
            else:
                barrel.update(carrier=e["receiver"], hex=models[e["receiver"]]["hex"])
            p["scenario_state"]["barrel"] = barrel
        elif kind == "TurnStarted":
            p["turn"], p["phase"] = e["turn"], "turn_start"  # no more deployment zones
        carrier = (p["scenario_state"].get("barrel") or {}).get("carrier")
        if carrier in models and models[carrier]["hex"] is not None:
            p["scenario_state"]["barrel"]["hex"] = models[carrier]["hex"]

    @staticmethod
    def _damage(m: dict[str, Any], die: int) -> None:
        if die == 3:
            m.update(move=max(0, m["move"] - 3), damage=[*m.get("damage", []), "drive"])
        elif die == 4:
            m.update(
                melee=max(0, m["melee"] - 1),
                shoot=max(0, m["shoot"] - 1),
                damage=[*m.get("damage", []), "weapons"],
            )
        elif die == 5:
            m.update(armour=max(0, m["armour"] - 1), damage=[*m.get("damage", []), "internal"])

    def draw(self, marks: Mapping[str, str] | None = None) -> tuple[SafeString, ...]:
        return tuple(drawing.draw(self.position, marks or {}))


def _arrow(models: Mapping[str, Any], a: str, b: str, css: str) -> SafeString | None:
    ha, hb = models.get(a, {}).get("hex"), models.get(b, {}).get("hex")
    if ha is None or hb is None:
        return None
    return line(*pieces.centre(ha), *pieces.centre(hb), css, **{"data-testid": "order-arrow"})


class _Phase:
    def __init__(self, tracker: Tracker, event: Mapping[str, Any], names: Sequence[str]) -> None:
        self.tracker, self.names = tracker, names
        self.phase = event["step"]
        self.turn = tracker.position.get("turn", 1)
        self.steps: list[Step] = []
        self.attacker: str | None = None
        self.attacker_name = ""
        self.lines: list[str] = []
        self.arrows: list[SafeString] = []
        self.marks: dict[str, str] = {}
        self.after = False
        orders = event["orders"]
        models = tracker.models
        arrows = [
            a
            for seat, given in orders.items()
            for o in given
            for t in o["targets"]
            if (a := _arrow(models, o["model"], t, f"order seat-{seat}")) is not None
        ]
        lines = [describe.describe(event, names)]
        lines += [self._order_line(event, o) for given in orders.values() for o in given]
        self.steps.append(
            Step(self._title(_("the orders")), tracker.draw(), tuple(arrows), tuple(lines))
        )

    def _title(self, what: str) -> str:
        return _("Turn %(turn)s · %(phase)s: %(what)s") % {
            "turn": self.turn,
            "phase": describe.PHASES.get(self.phase, self.phase),
            "what": what,
        }

    def _order_line(self, event: Mapping[str, Any], order: Mapping[str, Any]) -> str:
        labels = event.get("labels") or {}
        me = describe.model_label(labels.get(order["model"]), order["model"])
        them = ", ".join(describe.model_label(labels.get(t), t) for t in order["targets"])
        if self.phase == "melee_attack":
            return _("%(model)s strikes at %(targets)s.") % {"model": me, "targets": them}
        return _("%(model)s aims at %(targets)s.") % {"model": me, "targets": them}

    def _flush(self, title: str) -> None:
        if self.lines:
            drawn = self.tracker.draw(self.marks)
            self.steps.append(Step(title, drawn, tuple(self.arrows), tuple(self.lines)))
        self.lines, self.arrows, self.marks = [], [], {}

    def add(self, e: Mapping[str, Any]) -> None:
        kind = e["kind"]
        text = describe.describe(e, self.names)
        if kind in ATTACKS and not self.after:
            if e["model"] != self.attacker:
                self._flush(self._attacker_title())
                self.attacker = e["model"]
                info = (e.get("labels") or {}).get(e["model"])
                self.attacker_name = describe.model_label(info, e["model"])
            arrow = _arrow(self.tracker.models, e["model"], e["target"], "attack")
            if arrow is not None:
                self.arrows.append(arrow)
            self.lines.append(text)
        elif kind in DURING and not self.after:
            self.lines.append(text)
            if kind == "ModelHit":
                hexes = self.tracker.models.get(e["model"], {}).get("hex")
                if hexes is not None:
                    self.marks[f"{hexes[0]},{hexes[1]}"] = "hit"
        elif kind in AFTER:
            if not self.after:
                self._flush(self._attacker_title())
                self.after = True
            self.lines.append(text)

    def _attacker_title(self) -> str:
        return self._title(self.attacker_name or _("the attacks"))

    def close(self) -> list[Step]:
        """The phase's last step shows the board once casualties have left."""
        if self.after:
            self._flush(self._title(_("the end of the phase")))
        else:
            self._flush(self._attacker_title())
            self.steps.append(Step(self._title(_("nobody falls")), self.tracker.draw(), (), ()))
        return self.steps


def combat_steps(
    start: Mapping[str, Any], events: Sequence[Mapping[str, Any]], names: Sequence[str]
) -> list[list[Step]]:
    """Every combat phase with revealed orders, in order, each a list of steps."""
    tracker = Tracker(start["position"])
    done: list[list[Step]] = []
    current: _Phase | None = None
    for e in events:
        kind = e["kind"]
        if kind == "OrdersRevealed" and e.get("step") in COMBAT:
            current = _Phase(tracker, e, names)
        elif current is not None and (kind in ATTACKS or kind in DURING or kind in AFTER):
            current.add(e)
        tracker.apply(e)
        if current is not None and kind == "PhaseEnded" and e.get("phase") == current.phase:
            done.append(current.close())
            current = None
    return done
