"""The moves of the `deploy` and `order` decisions (legal.py lists the rest): deployment one
trooper at a time facing the enemy; orders for each trooper and kind, the fireteam with each
possible leader, coordinated orders of each trooper with its nearest comrades; canonical teams to
form; the end of a turn or deployment, as it is or setting every trooper's standing reaction."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import distance
from games.engine.infinity import camouflage as camo
from games.engine.infinity import disguise, holo, infiltration, mines
from games.engine.infinity import geometry as geo
from games.engine.infinity.data import linkable
from games.engine.infinity.setup import free_zone_hexes
from games.engine.infinity.state import Fireteam, State

Move = dict[str, Any]


def deploy_moves(state: State, seat: int) -> list[Move]:
    waiting = [t for t in state.army(seat) if t.hex is None]
    if waiting:
        t = waiting[0]
        hexes = free_zone_hexes(state, seat)
        if infiltration.level(t) == 0:  # only beyond the middle of the table
            hexes = ()
        if infiltration.level(t) is not None:
            hexes = (*hexes, *infiltration.hexes(state, seat, t))
        out: list[Move] = [
            {"type": "deploy", "seat": seat, "trooper": t.id, "hex": list(h), "facing": t.facing}
            for h in hexes
        ]
        plain = list(out)
        if camo.kind_of(t) is not None:  # as a marker (the default, said), or as itself
            out = [{**m, "marker": True} for m in plain] + [{**m, "marker": False} for m in plain]
        if state.hidden_allowed and not state.hidden[seat].hidden_deployment:
            out += [{**m, "hidden": True} for m in plain]
        if infiltration.level(t) is None:  # with its Holo-echoes (holo.py), in its zone
            out += holo.deploy_options(state, t, plain)
        if disguise.carries(t):  # as each figure of its army it may stand as (disguise.py)
            out += [{**m, "disguise": p} for p in disguise.choices(state, t) for m in plain]
        return out
    out = with_policies(state, seat, {"type": "deploy_done", "seat": seat})
    out += lay_moves(state, seat)
    if state.live_team(seat) is None:
        out += team_forms(state, seat)
    else:
        out.append({"type": "fireteam_break", "seat": seat})
    return out


def lay_moves(state: State, seat: int) -> list[Move]:
    """Each deployed Minelayer without a mine, at each hex it may lay one (mines.py)."""
    laid = {m.layer for m in state.hidden[seat].mines}
    return [
        {"type": "lay_mine", "seat": seat, "trooper": t.id, "hex": list(h)}
        for t in state.army(seat)
        if mines.lays(t) and t.hex is not None and t.id not in laid
        for h in mines.lay_hexes(state, t.id)
    ]


def team_forms(state: State, seat: int) -> list[Move]:
    """Canonical teams: each possible leader with the nearest troopers of its unit inside its
    ZoC (up to 5)."""
    sectorial = state.seats[seat].sectorial
    left = next((f.left_this_turn for f in state.fireteams if f.seat == seat), ())
    pool = [
        t
        for t in state.army(seat)
        if t.normal and t.id not in left and linkable(sectorial, t.prof.unit)
    ]
    seen: set[tuple[str, frozenset[str]]] = set()
    out: list[Move] = []
    for leader in pool:
        assert leader.hex is not None
        near = sorted(
            (
                t
                for t in pool
                if t.prof.unit == leader.prof.unit
                and t.id != leader.id
                and t.hex is not None
                and geo.in_zoc(leader.hex, t.hex)
            ),
            key=lambda t: (distance(leader.hex, t.hex), t.id),  # type: ignore[arg-type]
        )[:4]
        if len(near) < 2:
            continue
        members = [leader.id, *[t.id for t in near]]
        key = (leader.id, frozenset(members))
        if key not in seen:
            seen.add(key)
            out.append(
                {"type": "fireteam_form", "seat": seat, "leader": leader.id, "members": members}
            )
    return out


def order_moves(state: State, seat: int) -> list[Move]:
    pool = state.turn.orders[seat]
    lieutenant = state.hidden[seat].lieutenant
    out: list[Move] = []
    for t in state.army(seat):
        if not t.normal:
            continue
        kinds = []
        if pool.impetuous:
            kinds = ["impetuous"] if pool.of("impetuous", t.id) else []
        if pool.regular > 0:
            kinds.append("regular")
        if pool.of("irregular", t.id):
            kinds.append("irregular")
        if pool.lieutenant > 0 and t.id == lieutenant:
            kinds.append("lieutenant")
        out += [{"type": "order", "seat": seat, "kind": k, "trooper": t.id} for k in kinds]
    team = state.live_team(seat)
    if team is not None and team.leader is not None and pool.regular > 0:
        leaders = [team.leader, *[m for m in team.members if m != team.leader]]
        for leader in leaders:
            move: Move = {"type": "order", "seat": seat, "kind": "regular", "fireteam": True}
            if leader != team.leader:
                move["leader"] = leader
            if _team_order_ok(state, team, leader):
                out.append(move)
    out += coordinated_groups(state, seat)
    if pool.lieutenant > 0:
        out += team_forms(state, seat)
    if team is not None:
        out.append({"type": "fireteam_break", "seat": seat})
    out += with_policies(state, seat, {"type": "end_turn", "seat": seat})
    return out


STANDING = (
    {"on_sight": "shoot", "on_template": "dodge"},  # "shoot what enters my LoF, dodge templates"
    {"on_sight": "ask", "on_template": "ask"},  # "ask me"
)


def with_policies(state: State, seat: int, move: Move) -> list[Move]:
    """A move that may set every trooper's standing reaction on the way (spec D.1): as it is,
    then with each of the two whole-army policies."""
    ids = [t.id for t in state.army(seat)]
    return [move, *[{**move, "policies": {t: dict(p) for t in ids}} for p in STANDING]]


def _team_order_ok(state: State, team: Fireteam, leader: str) -> bool:
    """A team order with this leader keeps 3 linked troopers at least (FT-14)."""
    centre = state.trooper(leader)
    if not centre.normal or centre.hex is None:
        return False
    inside = [
        m
        for m in team.members
        if (t := state.trooper(m)).normal and t.hex is not None and geo.in_zoc(centre.hex, t.hex)
    ]
    return len(inside) >= 3


def coordinated_groups(state: State, seat: int) -> list[Move]:
    """Coordinated orders, a generating set: each trooper with its 1 to 3 nearest Normal comrades
    inside its Zone of Control, as far as the regular orders go."""
    regular = state.turn.orders[seat].regular
    ready = [t for t in state.army(seat) if t.normal and t.hex is not None]
    seen: set[frozenset[str]] = set()
    out: list[Move] = []
    for first in ready:
        assert first.hex is not None
        near = sorted(
            (t for t in ready if t.id != first.id and geo.in_zoc(first.hex, t.hex)),  # type: ignore[arg-type]
            key=lambda t: (distance(first.hex, t.hex), t.id),  # type: ignore[arg-type]
        )
        for size in range(2, min(4, regular) + 1):
            group = [first.id, *[t.id for t in near[: size - 1]]]
            if len(group) == size and frozenset(group) not in seen:
                seen.add(frozenset(group))
                out.append({"type": "order", "seat": seat, "kind": "regular", "coordinated": group})
    return out
