"""Activations (spec D5, §7): one figure at a time, each at most once a turn, up to the team's
command die (§Dés de Commandement); the common refusals in the spec's order."""

from __future__ import annotations

from functools import lru_cache

from games.engine.hexgrid import Hex, distance
from games.engine.hexgrid import neighbours as _neighbours
from games.engine.paintball.board import SEATS
from games.engine.paintball.ctx import Ctx, refuse
from games.engine.paintball.state import Figure, State, evolve

neighbours = lru_cache(maxsize=16384)(_neighbours)  # pure: the same six hexes every time


def close(ctx: Ctx) -> None:
    if ctx.state.current is not None:
        ctx.state = evolve(ctx.state, current=None)


def check_can_act(state: State, seat: str, fid: str, reload: bool = False) -> Figure:
    """The common refusals of §7 for an action by `fid`, without changing anything."""
    if not state.has_figure(fid) or state.figure(fid).team != seat:
        raise refuse("not_your_figure", "That figure is not one of yours.")
    fig = state.figure(fid)
    if state.current != fid:
        if fig.activated:
            raise refuse("already_activated", "That figure has already acted this turn.")
        if state.activations_of(seat) < 1:
            raise refuse("no_activations_left", "Your command die allows no more figures.")
    if fig.state in ("out", "neutral") or fig.disabled_by == "suppressed":
        raise refuse("not_ready", "That figure cannot act (out, jammed or pinned down).")
    if fig.disabled_by == "ammo" and not reload:
        raise refuse("out_of_ammo", "That figure is out of paint: it can only reload.")
    return fig


def open_for(ctx: Ctx, seat: str, fid: str) -> Figure:
    """Close the current activation and open one for `fid` if it is not the current figure.
    A sentry activated by its owner leaves sentry mode for free (D19)."""
    if ctx.state.current == fid:
        return ctx.state.figure(fid)
    fig = ctx.state.figure(fid)
    pair = list(ctx.state.activations)
    pair[SEATS.index(seat)] -= 1
    if fig.state == "sentry":
        opened = evolve(fig, activated=True, fired=False, aimed=False, state="ready")
    else:
        opened = evolve(fig, activated=True, fired=False, aimed=False)
    ctx.state = ctx.state.with_figure(opened, current=fid, activations=(pair[0], pair[1]))
    ctx.emit("FigureActivated", figure=fid)
    if fig.state == "sentry":
        ctx.emit("SentryLeft", figure=fid)
    return ctx.state.figure(fid)


def has_room(state: State, team: str, h: Hex, arriving: int = 1) -> bool:
    """D6: an open hex holds 3 figures of each team; a base/trench hex 3 in all, 2 per team
    (§Bases et tranchées). Marshals never count."""
    here = state.figures_at(h)
    mine = sum(1 for f in here if f.team == team) + arriving
    if state.is_base(h):
        return len(here) + arriving <= 3 and mine <= 2
    return mine <= 3


def enemy_in(state: State, team: str, h: Hex) -> bool:
    return any(f.team != team for f in state.figures_at(h))


def entry_refusal(state: State, team: str, h: Hex) -> str | None:
    """Why one figure of `team` may not step into `h` (a code of `step_refusal`), or None:
    `off_board`, `enemy_in_hex`, `hex_full` (D6), in that order. The hot path of every
    path search, so it reads the lookup tables at once."""
    if h not in state.board.hexes:
        return "off_board"
    mine = 1
    for f in state.figures_at(h):
        if f.team != team:
            return "enemy_in_hex"
        mine += 1  # no enemy so far: every figure here is a friend
    return "hex_full" if mine > (2 if state.is_base(h) else 3) else None


_SENTENCES = {
    "not_adjacent": "Each step goes to an adjacent hex.",
    "off_board": "That hex is not on the field.",
    "enemy_in_hex": "An enemy holds that hex: charge it instead.",
    "hex_full": "That hex is full.",
}


def step_refusal(state: State, fig: Figure, start: Hex, h: Hex) -> tuple[str, str] | None:
    code = "not_adjacent" if h not in neighbours(start) else entry_refusal(state, fig.team, h)
    return None if code is None else (code, _SENTENCES[code])


def reachable(state: State, fig: Figure, steps: int) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex a figure may move to within `steps`, with the path `shortest_path` would take
    (the same breadth-first order, so the same first path)."""
    out: dict[Hex, tuple[Hex, ...]] = {}
    frontier: list[tuple[Hex, tuple[Hex, ...]]] = [(fig.hex, ())]
    seen = {fig.hex}
    team = fig.team
    for _ in range(steps):
        nxt: list[tuple[Hex, tuple[Hex, ...]]] = []
        for here, path in frontier:
            for h in neighbours(here):
                if h in seen or entry_refusal(state, team, h) is not None:
                    continue
                seen.add(h)
                out[h] = way = (*path, h)
                nxt.append((h, way))
        frontier = nxt
    return out


def shortest_path(
    state: State, fig: Figure, goal: Hex, steps: int, final_ok: bool = False
) -> tuple[Hex, ...] | None:
    """Breadth-first, neighbours tried d0..d5 (spec §10). `final_ok`: the goal itself is not
    checked (a charge ends in the enemy's hex). Hexes too far from the goal to reach it with
    the steps left are skipped: they could never lie on the path, so the first path found is
    the same."""
    frontier: list[tuple[Hex, tuple[Hex, ...]]] = [(fig.hex, ())]
    seen = {fig.hex}
    board = state.board.hexes
    team = fig.team
    for depth in range(steps):
        left = steps - depth - 1
        nxt: list[tuple[Hex, tuple[Hex, ...]]] = []
        for here, path in frontier:
            for h in neighbours(here):
                if h in seen or h not in board or distance(h, goal) > left:
                    continue
                if h == goal and final_ok:
                    return (*path, h)
                if entry_refusal(state, team, h) is not None:
                    continue
                if h == goal:
                    return (*path, h)
                seen.add(h)
                nxt.append((h, (*path, h)))
        frontier = nxt
    return None
