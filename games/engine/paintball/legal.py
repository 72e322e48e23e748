"""Legal moves in a stable order (contract: every listed move applies). Charges are listed for
single chargers and for every eligible charger together; the setup and deployment lists hold the
documented default and a few variants, not every combination."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.hexgrid import within as _within
from games.engine.paintball import moves as mv
from games.engine.paintball.actions import MAX_MOVE, sentry_refusal, shot_refusal
from games.engine.paintball.activation import entry_refusal, neighbours, reachable, shortest_path
from games.engine.paintball.charge import chargeable, defenders_of
from games.engine.paintball.rules import to_act
from games.engine.paintball.setup import check_deploy, default_deploy, default_setup, own_ids, zone
from games.engine.paintball.state import Figure, State, seat_index
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng

within = lru_cache(maxsize=4096)(_within)  # pure: the same sorted hexes every time


def encoded(state: State, seat: str) -> tuple[dict[str, Any], ...]:
    return tuple(mv.encode(m) for m in legal_moves(state, seat))


def legal_moves(state: State, seat: str) -> list[mv.AnyMove]:
    if seat not in to_act(state):
        return []
    if state.pending is not None:
        return _decisions(state)
    if state.phase == "turn_start":
        return [mv.BeginTurn()]
    if state.phase == "setup":
        return _setups(state, seat)
    if state.phase == "deploy":
        return _deploys(state, seat)
    return _actions(state, seat)


def _decisions(state: State) -> list[mv.AnyMove]:
    pending = state.pending
    assert pending is not None
    options = pending.options_json()
    if pending.kind == "choose_order":
        return [mv.ChooseOrder(o) for o in options]
    if pending.kind == "sentry_fire":
        sid = pending.context_json()["sentry"]
        return [mv.SentryFire(sid, o["fire"], o.get("mode", "normal")) for o in options]
    if pending.kind == "allocate_hits":
        return [mv.AllocateHits(tuple(o)) for o in options]
    if pending.kind == "charge_victim":
        return [mv.ChargeVictim(o) for o in options]
    return [mv.GrenadeScatter((o[0], o[1])) for o in options]


def _setups(state: State, seat: str) -> list[mv.AnyMove]:
    base = default_setup(state, seat)
    ids = own_ids(state, seat)
    experts, grenades = state.setup_counts[seat_index(seat)]
    variant = mv.SetupTeam(
        tuple(ids[len(ids) - experts :]) if experts else (),
        tuple((fid, ("smoke",)) for fid in ids[len(ids) - grenades :]) if grenades else (),
    )
    return [base] if variant == base else [base, variant]


def _deploys(state: State, seat: str) -> list[mv.AnyMove]:
    out: list[mv.AnyMove] = [default_deploy(state, seat)]
    hexes = zone(state, seat)
    ids = own_ids(state, seat)
    for shift in (1, 2, 3):
        spread = mv.Deploy(
            tuple(sorted((fid, hexes[(i + shift) % len(hexes)]) for i, fid in enumerate(ids)))
        )
        try:
            check_deploy(state, seat, spread)
        except IllegalMove:
            continue
        if spread not in out:
            out.append(spread)
    return out


def _actors(state: State, seat: str) -> list[Figure]:
    """The team's figures that may act now: the current one, or any not yet activated while
    the command die allows another (suppressed, jammed and out figures never)."""
    current = state.current
    fresh = state.activations_of(seat) >= 1
    return [
        f
        for f in state.figures
        if f.team == seat
        and f.state != "out"
        and f.state != "neutral"
        and f.disabled_by != "suppressed"
        and (f.id == current or (fresh and not f.activated))
    ]


def _actions(state: State, seat: str) -> list[mv.AnyMove]:
    out: list[mv.AnyMove] = [mv.EndPhase()]
    if state.current is not None:
        out.append(mv.EndActivation())
    actors = _actors(state, seat)
    for f in actors:
        if f.disabled_by == "ammo":
            if f.ap >= 2:
                out.append(mv.Reload(f.id))
            continue
        out += _figure_actions(state, f)
    out += _charges(state, seat, actors)
    return out


def _figure_actions(state: State, f: Figure) -> list[mv.AnyMove]:
    out: list[mv.AnyMove] = []
    for kind in KINDS:
        out += _paths(state, f) if kind == "move" else _of_kind(state, f, kind)
    return out


def _paths(state: State, f: Figure) -> list[mv.AnyMove]:
    """Moves as players pick them: one step (`to`), or two steps along each free path (`path`,
    so a player chooses which way to go past a sentry or a flag). A `to` two hexes away is
    legal too (the engine takes the first shortest free path) but not listed again."""
    steps = min(MAX_MOVE - f.moved, f.ap)
    if steps < 1:
        return []
    out: list[tuple[Hex, mv.AnyMove]] = []
    for first in neighbours(f.hex):
        if entry_refusal(state, f.team, first) is not None:
            continue
        out.append((first, mv.Move(f.id, to=first)))
        if steps < 2:
            continue
        for second in neighbours(first):
            if distance(f.hex, second) == 2 and entry_refusal(state, f.team, second) is None:
                out.append((second, mv.Move(f.id, path=(first, second))))
    out.sort(key=lambda pair: pair[0])  # by destination; a destination's paths in d0..d5 order
    return [move for _, move in out]


KINDS = ("move", "aim", "shoot", "sentry", "grenade", "face")


def _of_kind(state: State, f: Figure, kind: str) -> list[mv.AnyMove]:
    """One kind of action of a figure that may act (not out of ammo)."""
    out: list[mv.AnyMove] = []
    fired = state.current == f.id and f.fired
    if kind == "move":
        steps = min(MAX_MOVE - f.moved, f.ap)
        start = f.hex
        paths = reachable(state, f, steps)
        # In (q, r) order; only hexes whose shortest path is free (a `to` takes that path).
        for h in sorted(h for h, path in paths.items() if len(path) == distance(start, h)):
            out.append(mv.Move(f.id, to=h))
    elif kind == "aim":
        if not fired and f.ap >= 1 and not (state.current == f.id and f.aimed):
            out.append(mv.Aim(f.id))
    elif kind == "shoot":
        if not fired:
            out += _shots(state, f)
    elif kind == "sentry":
        if sentry_refusal(state, f) is None:
            facings = range(6) if state.blind_spots else (f.facing,)
            for policy in ("fire", "suppress", "ask"):
                out += [mv.Sentry(f.id, policy, facing) for facing in facings]
    elif kind == "grenade":
        if state.grenades_option and f.ap >= 2:
            for grenade in sorted(set(f.grenades)):
                for h in within(f.hex, 2):
                    if h != f.hex and h in state.board.hexes:
                        out.append(mv.Grenade(f.id, grenade, h))
    elif state.blind_spots and state.current == f.id:
        out += [mv.Face(f.id, d) for d in range(6) if d != f.facing]
    return out


MODES = ("normal", "suppress")


def _shots(state: State, f: Figure) -> list[mv.AnyMove]:
    out: list[mv.AnyMove] = []
    for ids in _target_hexes(state, f):
        for n in range(1, min(3 if f.expert else 2, f.ap) + 1):
            for targets in combinations_with_replacement(ids, n):
                out += [mv.Shoot(f.id, targets, mode) for mode in MODES]
    return out


def _target_hexes(state: State, f: Figure) -> list[list[str]]:
    """The enemies the figure may shoot at, hex by hex (in hex order)."""
    hexes: dict[Hex, list[str]] = {}
    for e in state.figures:
        if e.team != f.team and e.state not in ("out", "neutral"):
            hexes.setdefault(e.hex, []).append(e.id)
    return [hexes[h] for h in sorted(hexes) if shot_refusal(state, f, (hexes[h][0],)) is None]


def _random_shot(state: State, f: Figure, rng: Rng) -> tuple[mv.AnyMove | None, Rng]:
    """`rng.choice(_shots(state, f))` without building the list: the same draw (one `below`
    over the same count) picks the same shot."""
    volleys = range(1, min(3 if f.expert else 2, f.ap) + 1)
    groups = _target_hexes(state, f)
    sizes = [sum(comb(len(ids) + n - 1, n) for n in volleys) * len(MODES) for ids in groups]
    total = sum(sizes)
    if total == 0:
        return None, rng
    index, rng = rng.below(total)
    for ids, size in zip(groups, sizes, strict=True):
        if index >= size:
            index -= size
            continue
        for n in volleys:
            for targets in combinations_with_replacement(ids, n):
                if index < len(MODES):
                    return mv.Shoot(f.id, targets, MODES[index]), rng
                index -= len(MODES)
    raise AssertionError("the shot count and the shots disagree")


def _charges(state: State, seat: str, actors: list[Figure]) -> list[mv.AnyMove]:
    out: list[mv.AnyMove] = []
    if not any(f.team != seat and f.state in ("disabled", "neutral") for f in state.figures):
        return out  # nobody down: nothing to charge
    hexes = sorted({f.hex for f in state.figures if f.team != seat and f.in_play})
    for h in hexes:
        enemies = defenders_of(state, seat, h)
        if not all(chargeable(state, e) for e in enemies):
            continue
        able = [
            f.id
            for f in actors
            if f.state in ("ready", "sentry")
            and f.hex != h
            and shortest_path(state, f, h, min(MAX_MOVE - f.moved, f.ap), final_ok=True)
        ]
        groups: list[tuple[str, ...]] = [(fid,) for fid in able]
        if len(able) > 1:
            groups.append(tuple(able))
        for group in groups:
            move = mv.Charge(h, group)
            if _charge_ok(state, seat, move):
                out.append(move)
    return out


def _charge_ok(state: State, seat: str, move: mv.Charge) -> bool:
    from games.engine.paintball.charge import validate

    try:
        validate(state, seat, move)
    except IllegalMove:
        return False
    return True


def random_move(state: State, seat: str, rng: Rng) -> tuple[mv.AnyMove, Rng]:
    """A legal move of `seat` drawn without listing every action: first the end of the phase,
    the end of the activation or a figure able to act, then a kind of action, then one move of
    that kind (the playouts of a search and the bench use it)."""
    if state.pending is not None or state.phase != "activation":
        return rng.choice(legal_moves(state, seat))
    kinds: list[Figure | None] = [None]
    kinds += _actors(state, seat)
    while True:
        pick, rng = rng.choice(kinds)
        if pick is None:
            if state.current is not None:
                ends: list[mv.AnyMove] = [mv.EndPhase(), mv.EndActivation()]
                return rng.choice(ends)
            return mv.EndPhase(), rng
        if pick.disabled_by == "ammo":
            if pick.ap >= 2:
                return mv.Reload(pick.id), rng
            kinds.remove(pick)
            continue
        actions = [*KINDS, "charge"]
        while actions:
            kind, rng = rng.choice(actions)
            if kind == "shoot":
                fired = state.current == pick.id and pick.fired
                shot, drawn = (None, rng) if fired else _random_shot(state, pick, rng)
                if shot is not None:
                    return shot, drawn
                actions.remove(kind)
                continue
            if kind == "charge":
                options = _charges(state, seat, [pick])
            else:
                options = _of_kind(state, pick, kind)
            if options:
                return rng.choice(options)
            actions.remove(kind)
        kinds.remove(pick)
