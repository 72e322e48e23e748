"""Neuroshima's story teller (hexboard.story.Narrator): follows the board through the events so
a sentence names "Sniper (anna)" instead of a hex, and sums a battle up in one line."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.neuroshima.tiles import tile
from games.hexboard.keys import hex_key
from games.hexboard.story import Narrator
from games.neuroshima_site import describe


class BoardNarrator(Narrator):
    def __init__(self, site: Any, start: Mapping[str, Any] | None) -> None:
        super().__init__(site, start)
        self.board: describe.Board = {}
        self.hq: dict[int, int] = {}  # seat -> HQ points, once placed
        position = (start or {}).get("position") or {}
        for placed in position.get("tiles") or []:
            self._place(placed["hex"], placed["tile"], placed["seat"])

    def copy(self) -> BoardNarrator:
        twin = copy.copy(self)
        twin.board, twin.hq = dict(self.board), dict(self.hq)
        return twin

    def _place(self, h: Any, tile_id: str, seat: int) -> None:
        self.board[hex_key(h)] = {"tile": tile_id, "seat": seat}
        if str(tile_id).endswith(".hq"):
            self.hq[seat] = tile(tile_id).hit_points

    def tell(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        e = dict(event)
        text = describe.describe(e, names, self.board)
        self._follow(e)
        return text

    def _follow(self, e: dict[str, Any]) -> None:
        kind = e.get("kind")
        if kind in ("HQPlaced", "TilePlaced") and "hex" in e and "tile" in e:
            self._place(e["hex"], e["tile"], e.get("seat", -1))
        elif kind in ("UnitMoved", "UnitPushed") and "from" in e and "to" in e:
            placed = self.board.pop(hex_key(e["from"]), None)
            if placed is not None:
                self.board[hex_key(e["to"])] = placed
        elif kind == "TileDestroyed" and "hex" in e:
            self.board.pop(hex_key(e["hex"]), None)
        elif kind == "PlayerEliminated":
            for h in e.get("removed") or ():
                self.board.pop(hex_key(h), None)
        elif kind == "HQDamaged" and isinstance(e.get("seat"), int):
            self.hq[e["seat"]] = int(e.get("points_left") or 0)

    def summarize(self, events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
        """A battle in one line: each HQ's points before → after, and the units destroyed."""
        if not any(e.get("kind") == "BattleStarted" for e in events):
            return ""
        after = dict(self.hq)
        destroyed = 0
        for e in events:
            if e.get("kind") == "HQDamaged" and isinstance(e.get("seat"), int):
                after[e["seat"]] = int(e.get("points_left") or 0)
            elif e.get("kind") == "TileDestroyed" and not str(e.get("tile", "")).endswith(".hq"):
                destroyed += 1
        parts = [
            gettext("%(who)s: HQ %(before)d → %(after)d")
            % {"who": describe.seat_label(seat, names), "before": before, "after": after[seat]}
            for seat, before in sorted(self.hq.items())
            if after.get(seat) != before
        ]
        if destroyed:
            parts.append(
                ngettext("%(n)d unit destroyed", "%(n)d units destroyed", destroyed)
                % {"n": destroyed}
            )
        if not parts:
            return gettext("Battle: no damage.")
        return gettext("Battle: %(what)s.") % {"what": ", ".join(parts)}
