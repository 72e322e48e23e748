"""Who an event's ids are, for its sentence: a trooper by its own profile, a TO marker as a TO
one, as the board names them (names.trooper_label with a view).

An event names troopers and markers by id alone, and the site used to name a trooper by the
starter roster that has its id: a list of one's own (or a hand-written position) whose a1 is an
Alguacil (Combi) read "Alguacil (HMG) a1", the starters' a1; and a marker read « marqueur
camouflé m1 » where the board says TO. A `Cast` follows the match from its start view through
the events a reader sees (the profiles and the markers' public kinds, nothing else) and adds to
each event what its sentence needs (`cast`): the profiles that are not the starters', the TO
markers. Events that need nothing keep their words, and their place in the sentence cache
(hexboard.describe)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.infinity_site.names import roster_profiles

CAST = "cast"  # the key an event's sentence reads its cast from


class Cast:
    def __init__(self, start: Mapping[str, Any] | None = None) -> None:
        view = start or {}
        seen = [*view.get("troopers", []), *view.get("unseen", [])]  # unseen: hidden deployment
        self.profiles: dict[str, str] = {
            str(t["id"]): str(t["profile"]) for t in seen if t.get("profile")
        }
        self.markers: dict[str, str] = {
            str(m["marker"]): str(m.get("kind")) for m in view.get("markers", [])
        }
        self.seat = view.get("seat")  # the reader: its own disguised troopers keep their name

    def copy(self) -> Cast:
        twin = Cast()
        twin.profiles, twin.markers = dict(self.profiles), dict(self.markers)
        twin.seat = self.seat
        return twin

    def follow(self, e: Mapping[str, Any]) -> None:
        """A marker's public kind when it is placed (engine setup.py, camouflage.py: the event
        says it), a trooper's public profile when its marker is revealed."""
        kind = e.get("kind")
        if kind in ("Deployed", "MarkerPlaced") and e.get("marker") and e.get("marker_kind"):
            self.markers[str(e["marker"])] = str(e["marker_kind"])
        elif kind in ("MarkerRevealed", "DisguiseRevealed") and e.get("profile"):
            self.profiles[str(e["trooper"])] = str(e["profile"])  # DisguiseRevealed: disguise.py
        elif kind in ("Deployed", "HoloReactivated") and e.get("seat") != self.seat:
            shown = e.get("profile") or e.get("disguise")  # what the other side sees arrive
            if shown and not e.get("marker"):
                self.profiles[str(e["trooper"])] = str(shown)

    def told(self, e: Mapping[str, Any]) -> Mapping[str, Any]:
        """`e` with the cast its sentence needs (`e` itself when it needs none)."""
        ids = _strings(e)
        starters = roster_profiles()
        troopers = {
            tid: pid
            for tid, pid in self.profiles.items()
            if tid in ids and starters.get(tid) != pid
        }
        markers = [mid for mid, kind in self.markers.items() if mid in ids and kind == "to"]
        if not troopers and not markers:
            return e
        return {**e, CAST: {"troopers": troopers, "to": sorted(markers)}}


def cast_view(e: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The event's cast as names.trooper_label reads a view, None when it has none."""
    cast = e.get(CAST)
    if not isinstance(cast, Mapping):
        return None
    return {
        "troopers": [{"id": tid, "profile": pid} for tid, pid in cast["troopers"].items()],
        "markers": [{"marker": mid, "kind": "to"} for mid in cast["to"]],
    }


def in_view(e: Mapping[str, Any], view: Mapping[str, Any]) -> Mapping[str, Any]:
    """A move described on the page (a choice to confirm) with the cast of the reader's view."""
    return Cast(view).told(e)


def _strings(data: Any) -> set[str]:
    """Every string in `data`, keys and values: an event names troopers anywhere in it."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, Mapping):
        found: set[str] = set()
        for k, v in data.items():
            found |= _strings(k) | _strings(v)
        return found
    if isinstance(data, list | tuple):
        return set().union(*(_strings(v) for v in data)) if data else set()
    return set()
