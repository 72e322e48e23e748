"""Sentry mode (§Mode sentinelle, D19): a sentry may fire one shot each time an enemy completes a
step into a hex it sees at a range where a hit is possible. Its owner's policy (private) says
whether it fires, suppresses, or asks (a `sentry_fire` decision)."""

from __future__ import annotations

from typing import Any

from games.engine.paintball.board import SEATS
from games.engine.paintball.ctx import Ctx
from games.engine.paintball.los import need, sees
from games.engine.paintball.shooting import volley
from games.engine.paintball.state import Pending, State, dumps, evolve


def watching(state: State, mover_id: str) -> list[str]:
    """Enemy sentries that may fire at the mover where it stands, in ascending id order."""
    mover = state.figure(mover_id)
    if mover.state in ("out", "neutral"):
        return []
    return [
        f.id
        for f in state.figures
        if f.state == "sentry"
        and f.team != mover.team
        and f.hex != mover.hex
        and need(state, f, mover.hex, False) is not None
        and sees(state, f, mover.hex)
    ]


def run_queue(ctx: Ctx, mover_id: str, queue: list[str], resume: dict[str, Any]) -> bool:
    """Triggered sentries act in id order. Returns False when an `ask` sentry left a decision
    pending (the queue and `resume` go into its context), True when all have acted."""
    while queue:
        if ctx.over:
            return True
        sid = queue.pop(0)
        sentry = ctx.state.figure(sid)
        mover = ctx.state.figure(mover_id)
        if sentry.state != "sentry" or mover.state in ("out", "neutral"):
            continue
        if need(ctx.state, sentry, mover.hex, False) is None or not sees(
            ctx.state, sentry, mover.hex
        ):
            continue
        ctx.emit(
            "SentryTriggered",
            only=SEATS.index(sentry.team),
            redacted={"figure": sid, "target": mover_id},
            figure=sid,
            target=mover_id,
            policy=sentry.sentry_policy,
        )
        if sentry.sentry_policy == "ask":
            ctx.state = evolve(
                ctx.state,
                pending=Pending(
                    sentry.team,
                    "sentry_fire",
                    dumps(
                        [
                            {"fire": True, "mode": "normal"},
                            {"fire": True, "mode": "suppress"},
                            {"fire": False},
                        ]
                    ),
                    dumps({"sentry": sid, "target": mover_id, "queue": queue, "resume": resume}),
                ),
            )
            return False
        fire(ctx, sid, mover_id, "suppress" if sentry.sentry_policy == "suppress" else "normal")
    return True


def fire(ctx: Ctx, sid: str, target: str, mode: str) -> None:
    ctx.emit("SentryFired", figure=sid, target=target, mode=mode)
    volley(ctx, sid, (target,), mode, as_sentry=True)
