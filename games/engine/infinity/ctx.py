"""One move's working context (games/engine/context.py) over Infinity's state and d20s."""

from __future__ import annotations

from typing import Any

from games.engine.context import MoveContext
from games.engine.context import refuse as refuse
from games.engine.infinity.dice import Dice
from games.engine.infinity.state import State
from games.engine.protocol import Event


class Ctx(MoveContext[State, Dice]):
    def emit(
        self,
        kind: str,
        /,
        only: int | None = None,
        redacted: dict[str, Any] | None = None,
        **data: Any,
    ) -> None:
        """An event; one naming a hidden-deployed trooper is its owner's alone, the other seat
        reading it without that trooper (hidden.left_out), or not at all; one naming a trooper
        that stands as a camouflage marker is its owner's alone, the other seat reading the
        marker's id instead (camouflage.py, spec B.14). One naming a Holo-echo says whose it is
        (`echo_of` {echo: trooper}, public: holo.py)."""
        from games.engine.infinity import camouflage
        from games.engine.infinity.hidden import hidden_of, left_out

        if self.state.echoes:  # Holo-echoes (public) named: whose they are (holo.py)
            named_echoes = camouflage.mentions(
                data, {e.id: (e.seat, e.id) for e in self.state.echoes}
            )
            if named_echoes:
                owner = {e.id: e.trooper for e in self.state.echoes}
                data["echo_of"] = {m: owner[m] for m in sorted(named_echoes)}
                if redacted is not None:
                    redacted = {**redacted, "echo_of": data["echo_of"]}
        unseen = hidden_of(self.state)  # spec B.14: the other seat never reads their names
        shown = data if only is None else redacted
        if unseen and shown is not None and camouflage.mentions(shown, unseen):
            owners = {unseen[tid][0] for tid in camouflage.mentions(shown, unseen)}
            if only is None and len(owners) > 1:  # each seat's own: told to neither in full
                self.events.append(Event(kind, data, (), left_out(data, unseen)))
                return
            only = owners.pop() if only is None else only
            redacted = left_out(shown, unseen)
        known = camouflage.masks(self.state) if self.state.marker_of else {}
        named = camouflage.mentions(data, known) if known else set()
        if not named:
            if redacted is not None and known:
                redacted = camouflage.masked(redacted, known)
            super().emit(kind, only=only, redacted=redacted, **data)
            return
        owners = {known[tid][0] for tid in named}
        if only is None:
            cover = camouflage.masked(camouflage.unfaced(data, known), known)
        else:
            hidden = camouflage.unfaced(redacted, known) if redacted is not None else None
            cover = camouflage.masked(hidden, known) if hidden is not None else None
        visible = tuple(owners) if len(owners) == 1 and only in (None, *owners) else ()
        self.events.append(Event(kind, data, visible, cover))
