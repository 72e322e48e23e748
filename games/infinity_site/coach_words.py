"""The Infinity coach's words for troopers: their names as a player says them, and the seat's
own troopers and record in the view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from games.hexboard.coaching import names_in_words
from games.infinity_site.names import named


class TrooperNames:
    """Troopers as the board, the log and the picks name them (`names.named`: "Keisotsu (Combi)
    k3"), so that a player reads one name for one trooper. The rulebook's own "#n" ('Le Keisotsu
    #3') was once used here, but nothing else on the page says it. Profiles come from the view
    alone (the other side's public ones, its hidden troopers' public ones in `unseen`), so
    nothing secret shows."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.profile: dict[str, str] = {
            t["id"]: t["profile"] for t in [*view.get("troopers", []), *view.get("unseen", [])]
        }

    def __call__(self, tid: str) -> str:
        pid = self.profile.get(tid)
        if pid is None:
            return gettext("a trooper")
        return named(pid, tid)

    def list(self, ids: Sequence[str]) -> str:
        return names_in_words([self(t) for t in ids])


def own_troopers(view: Mapping[str, Any], seat: int) -> list[Mapping[str, Any]]:
    return [t for t in view.get("troopers", []) if t["seat"] == seat]


def seat_info(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    for info in view.get("seats", []):
        if info.get("seat") == seat:
            return info
    return {}
