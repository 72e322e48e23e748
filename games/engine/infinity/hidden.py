"""Hidden deployment with ambush triggers (spec B.14, Part D.4; a lobby option in tiers 1-2,
since no tier-1 profile has Hidden Deployment): one trooper a side may deploy unseen; it blocks
no line of fire and cannot be targeted, reacts only through its pre-set trigger with no pause,
and shows itself when it acts, is hit, or an enemy moves into base contact with it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.infinity import camouflage
from games.engine.infinity import common as cm
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.movement import in_contact
from games.engine.infinity.policies import reveal
from games.engine.infinity.state import State, Trigger

MAX_HIDDEN = 1


def default_trigger(state: State, tid: str) -> Trigger | None:
    t = state.trooper(tid)
    weapons = cm.ranged_weapons(t)
    if not weapons:
        return None
    w = weapons[0]
    if w.direct_template:
        return Trigger(tid, w.id, within=cm.reach(w))
    good = [last for last, mod in w.bands if mod >= 0]
    return Trigger(tid, w.id, within=max(good) if good else w.bands[0][0])


def hide(ctx: Ctx, seat: int, tid: str) -> None:
    state = ctx.state
    secret = state.hidden[seat]
    if not state.hidden_allowed:
        raise refuse("skill_not_allowed", "This game has no hidden deployment.")
    others = [x for x in secret.hidden_deployment if x != tid]
    if len(others) >= MAX_HIDDEN:
        raise refuse("skill_not_allowed", "One trooper a side may deploy hidden.")
    trigger = default_trigger(state, tid)
    ambush = tuple(a for a in secret.ambush if a.trooper != tid)
    ctx.state = state.with_secret(
        seat,
        hidden_deployment=(*others, tid),
        ambush=(*ambush, trigger) if trigger else ambush,
    )
    t = ctx.state.trooper(tid)
    ctx.emit(
        "Deployed",
        only=seat,
        redacted={"seat": seat, "hidden": True},
        seat=seat,
        trooper=tid,
        hex=list(t.hex) if t.hex else None,
        facing=t.facing,
        hidden=True,
    )


def unhide(ctx: Ctx, seat: int, tid: str) -> None:
    secret = ctx.state.hidden[seat]
    if tid in secret.hidden_deployment:
        ctx.state = ctx.state.with_secret(
            seat,
            hidden_deployment=tuple(x for x in secret.hidden_deployment if x != tid),
            ambush=tuple(a for a in secret.ambush if a.trooper != tid),
        )


def set_ambush(ctx: Ctx, seat: int, triggers: Sequence[Trigger]) -> None:
    """The seat's ambush triggers, all of them at once (spec Part D.4): each names a hidden
    trooper of the seat, a weapon it fires in ARO, a mode of that weapon and a distance within
    the weapon's reach. An empty set clears them; with none to clear it would change nothing but
    add a record to the log: refused, in games set up from version 3 on (a log of an older game
    may hold one: it replays)."""
    secret = ctx.state.hidden[seat]
    if not triggers and not secret.ambush and ctx.state.refuse_idle_ambush:
        raise refuse("skill_not_allowed", "There is no ambush trigger to set or to clear.")
    for trigger in triggers:
        if trigger.trooper not in secret.hidden_deployment:
            raise refuse("unknown_trooper", "Only a hidden trooper has an ambush trigger.")
        w = cm.usable_weapon(ctx.state.trooper(trigger.trooper), trigger.weapon)
        if w is None or not w.ranged:
            raise refuse("skill_not_allowed", "That trooper has no such weapon to fire.")
        mode = cm.mode_of(w, trigger.mode)
        if mode is None or mode.no_aro:
            raise refuse("skill_not_allowed", "That weapon has no such mode for a reaction.")
        if trigger.within > cm.reach(w):
            raise refuse("out_of_range", "That distance is beyond the reach of the weapon.")
    ctx.state = ctx.state.with_secret(seat, ambush=tuple(triggers))
    ctx.emit("AmbushSet", only=seat, seat=seat, triggers=len(triggers))


def hidden_of(state: State) -> dict[str, tuple[int, str]]:
    """Every hidden-deployed trooper: id -> (its seat, its id), the shape camouflage.mentions
    reads."""
    return {
        tid: (s, tid) for s, secret in enumerate(state.hidden) for tid in secret.hidden_deployment
    }


def left_out(data: Any, hidden: dict[str, tuple[int, str]]) -> Any:
    """`data` as the other seat may read it: without the hidden troopers it names (an item of a
    list, a key of a mapping, a pair led by one); None where a single field names one, as
    nothing of such an event may reach it (spec B.14: the trooper is not on the table)."""
    if isinstance(data, str):
        return None if camouflage.mentions(data, hidden) else data
    if isinstance(data, dict):
        out = {}
        for k, v in data.items():
            if camouflage.mentions(k, hidden):
                continue
            kept = left_out(v, hidden)
            if kept is None and v is not None:
                return None
            out[k] = kept
        return out
    if isinstance(data, list | tuple):
        items = []
        for v in data:
            if _led_by_hidden(v, hidden):
                continue
            kept = left_out(v, hidden)
            if kept is None and v is not None:
                return None
            items.append(kept)
        return items
    return data


def _led_by_hidden(item: Any, hidden: dict[str, tuple[int, str]]) -> bool:
    if isinstance(item, str):
        return bool(camouflage.mentions(item, hidden))
    return (
        isinstance(item, list | tuple)
        and bool(item)
        and isinstance(item[0], str)
        and bool(camouflage.mentions(item[0], hidden))
    )


def hidden_enemies(state: State, seat: int) -> list[tuple[str, Hex]]:
    foe = state.hidden[1 - seat]
    return [
        (tid, h)
        for tid in foe.hidden_deployment
        if (h := state.trooper(tid).hex) is not None and state.trooper(tid).normal
    ]


def stop_at_contact(ctx: Ctx, seat: int, start: Hex, path: Sequence[Hex]) -> tuple[Hex, ...]:
    """A move entering base contact with a hidden enemy reveals it and stops there (or at the
    last free hex before it)."""
    hidden = hidden_enemies(ctx.state, seat)
    if not hidden:
        return tuple(path)
    for i, h in enumerate(path):
        touched = [tid for tid, where in hidden if where == h or in_contact(ctx.state, where, h)]
        if not touched:
            continue
        for tid in touched:
            reveal(ctx, tid)
        cut = list(path[: i + 1])
        taken = {where for _, where in hidden}
        while cut and (cut[-1] in taken or ctx.state.occupants.get(cut[-1]) not in (None,)):
            cut.pop()
        return tuple(cut)
    return tuple(path)
