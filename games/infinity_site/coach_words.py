"""The Infinity coach's words for troopers: their names as a player says them, and the seat's
own troopers and record in the view."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from games.hexboard.coaching import names_in_words
from games.infinity_site.names import profile_label


class TrooperNames:
    """Troopers as a player names them: the army list's name and loadout ("Alguacil (HMG)"); when
    two troopers of one side share it, the rulebook's "#n" after it ("Keisotsu (Combi) #2", as
    the text numbers them: 'Le Keisotsu #3'). The other side is counted on what the view shows
    of it (its public profiles, its hidden troopers' public profiles), so nothing secret counts."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.profile: dict[str, str] = {}
        self.seat: dict[str, int] = {}
        for t in [*view.get("troopers", []), *view.get("unseen", [])]:
            self.profile[t["id"]] = t["profile"]
            self.seat[t["id"]] = t["seat"]
        self._count: dict[tuple[int, str], int] = {}
        for tid, pid in self.profile.items():
            key = (self.seat[tid], profile_label(pid))
            self._count[key] = self._count.get(key, 0) + 1

    def __call__(self, tid: str) -> str:
        pid = self.profile.get(tid)
        if pid is None:
            return gettext("a trooper")
        label = profile_label(pid)
        if self._count.get((self.seat[tid], label), 0) > 1:
            number = re.sub(r"^\D*", "", tid)
            if number:
                return f"{label} #{number}"
        return label

    def list(self, ids: Sequence[str]) -> str:
        return names_in_words([self(t) for t in ids])


def own_troopers(view: Mapping[str, Any], seat: int) -> list[Mapping[str, Any]]:
    return [t for t in view.get("troopers", []) if t["seat"] == seat]


def seat_info(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    for info in view.get("seats", []):
        if info.get("seat") == seat:
            return info
    return {}
