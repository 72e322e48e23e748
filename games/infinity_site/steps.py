"""The step viewer per order: from the start view and the events a reader may see, each order
as a few steps (its first skill, the reactions, its second skill, the rolls, the result), drawn
on the board as it stood, with the lines of each contest."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from games.hexboard.protocol import Step
from games.hexboard.story import PLAYED_BY_DEADLINE, played_by_deadline
from games.infinity_site import pieces
from games.infinity_site.cast import Cast
from games.infinity_site.describe import describe

Event = dict[str, Any]


class Board:
    """Troopers, civilians, camouflage markers and mines as the events move them."""

    def __init__(self, start: Mapping[str, Any]) -> None:
        self.view = copy.deepcopy(dict(start))
        self.troopers = {t["id"]: t for t in self.view.get("troopers", [])}
        self.civilians = {c["id"]: c for c in self.view.get("civilians", [])}
        # What the reader saw of camouflage (engine README "Camouflage markers"), as the match
        # page draws it: the other side's markers (an event naming a marker trooper reaches
        # them with the marker's id for the trooper: `Ctx.emit`), the reader's own troopers
        # standing as markers (the events name both), and the mines it knew of.
        self.markers: dict[str, dict[str, Any]] = {
            m["marker"]: dict(m) for m in self.view.get("markers", [])
        }
        self.own_markers: dict[str, str] = {}  # own trooper -> the marker the enemy sees
        self.mines: dict[str, dict[str, Any]] = {
            m["marker"]: dict(m) for m in self.view.get("mines", [])
        }
        # Holo-echoes (engine holo.py): public; which token is real, the reader's own only.
        self.echoes: dict[str, dict[str, Any]] = {
            e["id"]: dict(e) for e in self.view.get("echoes", [])
        }
        own = (self.view.get("hidden") or {}).get(str(self.view.get("seat"))) or {}
        self.holo: dict[str, str] = dict(own.get("holo") or {})
        self.disguises: dict[str, str] = dict(own.get("disguises") or {})  # the reader's own

    def apply(self, e: Event) -> None:
        kind = e["kind"]
        if self._camouflage(e) or self._holo(e):
            return
        self._disguise(e)
        t = self.troopers.get(str(e.get("trooper")))
        shows = ("Deployed", "HiddenTrooperRevealed", "MarkerRevealed")
        if kind in shows and t is not None and e.get("hex"):
            t["hex"], t["facing"] = e["hex"], e.get("facing", t.get("facing", 0))
            if kind == "Deployed" and not e.get("marker"):  # placed again as itself
                self.own_markers.pop(t["id"], None)
        elif kind == "Moved" and t is not None:
            t["hex"], t["facing"] = e["path"][-1], e.get("facing", t["facing"])
        elif kind in ("DodgeMoved", "GutsMoved") and t is not None:
            t["hex"] = e["to"]
        elif kind == "ClimbRolled" and not e.get("success") and t is not None:
            t["hex"] = e["start"]  # slipped back to where it climbed from (engine heights.py)
        elif kind in ("KoalaDeployed", "KoalaMoved", "KoalaExploded", "KoalaSwept"):
            self._koala(e)
        elif kind == "Withdrew" and t is not None:  # Retreat!: it left the table
            t["hex"], t["state"] = None, "withdrawn"
        elif kind == "ProneChanged" and t is not None:
            t["prone"] = e["prone"]
        elif kind == "StateChanged":
            if t is not None:
                t["state"] = e["state"]
            elif str(e.get("trooper")) in self.civilians:
                self.civilians[str(e["trooper"])]["state"] = e["state"]
        c = self.civilians.get(str(e.get("civilian")))
        if c is not None:
            if kind == "CivilianMoved":
                c["hex"] = e["path"][-1]
            elif kind == "CivilianPanicked" and e.get("to"):
                c["hex"] = e["to"]
            elif kind == "CivilianIdentified":
                c["kind"] = e["civilian_kind"]

    def _camouflage(self, e: Event) -> bool:
        """Markers and mines as the reader saw them; True when the event was only that."""
        kind, tid, mid = e["kind"], e.get("trooper"), e.get("marker")
        marker = self.markers.get(str(tid))  # the other side's marker, named by its id
        if kind == "Deployed" and e.get("mine"):  # the reader's own mine, still hidden
            self.mines[mid] = {"marker": mid, "seat": e["seat"], "hex": e["hex"]}
            self.mines[mid]["camouflaged"] = True
        elif kind == "Deployed" and mid and mid == tid:  # an enemy marker (or hidden mine)
            kind_of = e.get("marker_kind") or "camouflage"  # older events did not say
            self.markers[mid] = {"marker": mid, "seat": e["seat"], "hex": e["hex"]}
            self.markers[mid]["kind"] = kind_of
        elif kind == "Deployed" and mid:  # the reader's own trooper, deployed as a marker
            self.own_markers[str(tid)] = mid
            return False  # and the trooper stands there
        elif kind == "MarkerPlaced" and mid != tid:  # the reader's own, camouflaged again
            self.own_markers[str(tid)] = mid
        elif kind == "MarkerPlaced":  # the trooper standing there vanishes into a marker
            for t in self.troopers.values():
                if t.get("seat") == e["seat"] and t.get("hex") == e["hex"]:
                    t["hex"] = None
            self.markers[mid] = {"marker": mid, "seat": e["seat"], "hex": e["hex"]}
            self.markers[mid]["kind"] = e.get("marker_kind") or "camouflage"
        elif kind == "MarkerLifted":  # its trooper placed again while deploying: it left
            self.markers.pop(str(mid), None)
            self.own_markers = {t: m for t, m in self.own_markers.items() if m != mid}
        elif kind == "MarkerRevealed":
            self.markers.pop(str(mid), None)
            if e.get("mine"):  # shown for good: a mine, ✱
                self.mines[mid] = {"marker": mid, "seat": e["seat"], "hex": e["hex"]}
                return True
            self.own_markers.pop(str(tid), None)
            return False  # the trooper stands there (`Deployed`'s branch in `apply`)
        elif kind == "MineLaid":
            self.mines[e["mine"]] = {"marker": e["mine"], "seat": e["seat"], "hex": e["hex"]}
        elif kind == "MineTriggered":  # it shows itself
            was = self.markers.pop(e["mine"], None) or self.mines.get(e["mine"])
            if was is not None:
                self.mines[e["mine"]] = {"marker": e["mine"], "seat": e["seat"]}
                self.mines[e["mine"]]["hex"] = was["hex"]
        elif kind == "MineSwept":  # a Minesweeper turned it: the sweeper's side's now
            self.markers.pop(e["mine"], None)
            self.mines[e["mine"]] = {"marker": e["mine"], "seat": e["seat"], "hex": e["hex"]}
        elif kind in ("MineExploded", "MineDestroyed"):
            self.markers.pop(e["mine"], None)
            self.mines.pop(e["mine"], None)
        elif marker is not None and kind == "Moved":
            marker["hex"] = e["path"][-1]
        elif marker is not None and kind in ("DodgeMoved", "GutsMoved"):
            marker["hex"] = e["to"]
        elif marker is not None and kind == "ClimbRolled" and not e.get("success"):
            marker["hex"] = e["start"]
        else:
            return False
        return True

    def _holo(self, e: Event) -> bool:
        """Holo-echoes as the reader saw them; True when the event was only that."""
        kind, tid = e["kind"], str(e.get("trooper"))
        if kind == "EchoesPlaced":
            for x in e.get("echoes") or []:
                self.echoes[x["marker"]] = {"id": x["marker"], "seat": e["seat"], "trooper": tid}
                self.echoes[x["marker"]]["hex"] = x["hex"]
        elif kind == "HoloNoted":  # its owner's alone
            self.holo[tid] = str(e.get("real"))
        elif kind == "EchoesMoved":
            for mid, h in (e.get("echoes") or {}).items():
                if mid in self.echoes:
                    self.echoes[mid]["hex"] = h
        elif kind in ("EchoesLifted", "HoloRevealed"):
            for mid in e.get("echoes") or []:
                self.echoes.pop(str(mid), None)
            self.holo.pop(tid, None)
            t = self.troopers.get(tid)
            if kind == "HoloRevealed" and t is not None:
                t["hex"] = e.get("hex")
        elif kind == "EchoDispelled":
            self.echoes.pop(str(e.get("token")), None)
            moved = e.get("figure_to") or {}
            t = self.troopers.get(tid)
            if moved and t is not None:  # a decoy figure: it now stands for an echo
                t["hex"] = moved.get("hex")
                self.echoes.pop(str(moved.get("marker")), None)
                if self.holo.get(tid) == moved.get("marker"):
                    self.holo[tid] = tid
            if not any(x["trooper"] == tid for x in self.echoes.values()):
                self.holo.pop(tid, None)
        else:
            return False
        return True

    def _disguise(self, e: Event) -> None:
        """Holoprojector L1 (engine disguise.py): a figure of such an army arrives as its
        `Deployed` says; the other side sees a disguise fall or come back, its owner the truth."""
        kind, tid = e["kind"], str(e.get("trooper"))
        other = e.get("seat") != self.view.get("seat")
        if kind == "Deployed" and e.get("profile") and tid not in self.troopers and other:
            self.troopers[tid] = {"id": tid, "seat": e["seat"], "profile": e["profile"]}
            self.troopers[tid].update(facing=e.get("facing", 0), state="normal", prone=False)
        if kind == "DisguiseNoted":  # its owner's alone
            self.disguises[tid] = str(e.get("disguise"))
        elif kind == "DisguiseRevealed":
            self.disguises.pop(tid, None)
        elif kind == "HoloReactivated" and not other:
            self.disguises[tid] = str(e.get("disguise"))
        t = self.troopers.get(tid)
        if t is None:
            return
        if kind == "DisguiseRevealed":
            t["profile"] = e["profile"]
        elif kind in ("HoloReactivated", "Deployed") and other:
            t["profile"] = e.get("disguise") or e.get("profile") or t["profile"]

    def _koala(self, e: Event) -> None:
        koalas = [k for k in self.view.get("koalas", []) if k["id"] != e["koala"]]
        if e["kind"] == "KoalaDeployed":
            koalas.append({"id": e["koala"], "seat": e["seat"], "carrier": e["carrier"]})
            koalas[-1]["hex"] = e["hex"]
        elif e["kind"] == "KoalaMoved":
            old = next(k for k in self.view.get("koalas", []) if k["id"] == e["koala"])
            koalas.append({**old, "hex": e["hex"]})
        elif e["kind"] == "KoalaSwept":  # a Minesweeper turned it (engine mines.py)
            old = next(k for k in self.view.get("koalas", []) if k["id"] == e["koala"])
            koalas.append({**old, "seat": e["seat"], "carrier": e["by"]})
        self.view["koalas"] = koalas

    def drawn(self, marks: Mapping[str, str] | None = None) -> tuple:
        self.view["troopers"] = list(self.troopers.values())
        self.view["civilians"] = list(self.civilians.values())
        self.view["markers"] = sorted(self.markers.values(), key=_marker_number)
        self.view["mines"] = sorted(self.mines.values(), key=_marker_number)
        self.view["echoes"] = sorted(self.echoes.values(), key=lambda x: int(x["id"][1:] or 0))
        seat = str(self.view.get("seat"))
        if seat in (self.view.get("hidden") or {}):  # the reader's own part
            self.view["hidden"][seat]["holo"] = dict(self.holo)
            self.view["hidden"][seat]["disguises"] = dict(self.disguises)
        return tuple(pieces.pieces(self.view, marks or {}, own_markers=self.own_markers))

    def hex_of(self, tid: Any) -> Any:
        t = self.troopers.get(str(tid)) or self.markers.get(str(tid)) or self.echoes.get(str(tid))
        return t.get("hex") if t else None


def _marker_number(m: Mapping[str, Any]) -> int:
    return int(str(m["marker"])[1:] or 0)


TITLES = {
    "declare1": lambda: gettext("First skill"),
    "aro": lambda: gettext("Reactions"),
    "declare2": lambda: gettext("Second skill"),
    "rolls": lambda: gettext("Rolls"),
    "result": lambda: gettext("Result"),
}


def _phase(e: Event, current: str) -> str:
    kind = e["kind"]
    if kind == "SkillDeclared":
        return "declare1" if e.get("index") == 1 else "declare2"
    if kind in ("AroDeclared", "WindowOpened", "WindowClosed", "HiddenTrooperRevealed"):
        return "aro"
    if kind in (
        "Contest",
        "Dodged",
        "TemplatePlaced",
        "TemplateDodged",
        "SaveRolled",
        "CivilianSynced",
        "CivilianSyncFailed",
        "CivilianStruck",
        "GutsRolled",
        "GutsPassed",
        "Treated",
        "SpeculativeShot",
        "StructureShot",
        "StructureSaved",
        "ClimbRolled",  # engine heights.py
        "Fell",
    ):
        return "rolls"
    if kind in (
        "StateChanged",
        "DodgeMoved",
        "CivilianPanicked",
        "OrderResolved",
        "LinkBroken",
        "MemberLeft",
        "GutsMoved",
        "ProneChanged",
        "LinkRestored",
        "FrenzyAwakened",
        "RemoteDisconnected",
        "DoggedFightsOn",
        "StructureDestroyed",
        "RemoteReconnected",
        "Withdrew",
        "KoalaMoved",
        "KoalaTriggered",
        "KoalaExploded",
    ):
        return "result" if current in ("rolls", "result") else current
    return current


def orders(start: Mapping[str, Any], events: Sequence[Event], names: Sequence[str]) -> list:
    """Each order (from `OrderSpent` to `OrderResolved`) as a list of steps."""
    board = Board(start)
    cast = Cast(start)
    sequences: list[list[Step]] = []
    steps: list[Step] = []
    lines: list[str] = []
    overlays: list = []
    phase = ""
    in_order = False

    def flush() -> None:
        nonlocal lines, overlays
        if in_order and (lines or overlays) and phase:
            steps.append(
                Step(
                    TITLES.get(phase, lambda: phase)(), board.drawn(), tuple(overlays), tuple(lines)
                )
            )
        lines, overlays = [], []

    for e in events:
        if e["kind"] == PLAYED_BY_DEADLINE:  # the platform's: told in its words, as the log
            if in_order:
                lines.append(played_by_deadline(e, names))
            continue
        cast.follow(e)
        if e["kind"] == "OrderSpent":
            flush()
            if steps:
                sequences.append(steps)
            steps, in_order, phase = [], True, "declare1"
            lines.append(describe(cast.told(e), names))
            continue
        if not in_order:
            board.apply(e)
            continue
        new = _phase(e, phase)
        if new != phase:
            flush()
            phase = new
        board.apply(e)
        if e["kind"] == "Contest":
            a, b = board.hex_of(e.get("attacker")), board.hex_of(e.get("target"))
            if a and b:
                overlays.append(pieces.sight_line(a, b, "sight", f"{e.get('sv')}"))
        if e["kind"] == "SpeculativeShot":
            a = board.hex_of(e.get("attacker"))
            if a and e.get("hex"):
                overlays.append(pieces.sight_line(a, e["hex"], "sight", f"{e.get('sv')}"))
        if e["kind"] not in ("OrderResolved", "WindowClosed"):
            lines.append(describe(cast.told(e), names))
        if e["kind"] == "OrderResolved":
            flush()
            sequences.append(steps)
            steps, in_order, phase = [], False, ""
    flush()
    if steps:
        sequences.append(steps)
    return sequences
