"""A new game (spec B.5, B.15, Part C tier 1): the config, the two starter armies, the board and
its civilians, the initiative roll-off and deployment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.infinity import armies, disguise, holo, infiltration, koalas, mines, turns
from games.engine.infinity import camouflage as camo
from games.engine.infinity import fireteams as ft
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.data import boards, profile
from games.engine.infinity.policies import ASK, AUTO
from games.engine.infinity.state import (
    SCENARIOS,
    Board,
    Civilian,
    Pending,
    Scenario,
    SeatInfo,
    Secret,
    State,
    Trooper,
    Turn,
    evolve,
    other,
)
from games.engine.protocol import JSON

ARMIES = ("corregidor", "jsa")
CIVILIAN_MODES = ("none", "neutral", "mixed")
REACTIONS = ("ask", "auto")
DEFAULTS: dict[str, JSON] = {
    "scenario": "annihilation",
    "board": "small",
    "armies": ["corregidor", "jsa"],
    "civilians": None,  # the scenario's: none for Annihilation, mixed for Civilian Evacuation
    "reactions": "ask",
    "max_game_turns": 3,
    "hidden_deployment": False,
    "points_limit": None,  # each list's, when lists are brought (armies.py)
    "setup_version": 4,
}
# What a game's set-up is, recorded in every new game's config (README "Setup (B.5)"): 4, a
# hidden-deployed trooper linking into a fireteam shows itself (fireteams.py); 3, the
# spec's JSA starter roster too (Part C: no Keisotsu paramedic, a combi in its place, 149
# points); 2, the spec's Corregidor starter roster (one Mobile Brigada) and B.5's two privileges
# shared by the roll-off; 1, the set-up before (two Mobile Brigadas, the winner's turn order
# deciding who deploys first). A config without it was stored before it existed: `SYSTEM.setup`
# reads it as 1, so that a stored match's log of moves replays to the same game.
SETUP_VERSIONS = (1, 2, 3, 4)


def validate_config(config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
    if seats != 2:
        raise ValueError("Infinity is played by two players.")
    out = dict(DEFAULTS)
    out.update({k: v for k, v in config.items() if k in DEFAULTS})
    if out["scenario"] not in SCENARIOS:
        raise ValueError(f"Unknown scenario {out['scenario']!r}.")
    if out["board"] not in boards():
        raise ValueError(f"Unknown board {out['board']!r}.")
    limit = out["points_limit"]
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise ValueError("points_limit is a whole number of points.")
    armies = out["armies"]
    if not isinstance(armies, list | tuple) or len(armies) != 2:
        raise ValueError("armies names two of: corregidor, jsa (or two army lists).")
    out["armies"] = [_army(a, limit) for a in armies]
    if out["civilians"] is None:
        out["civilians"] = "mixed" if out["scenario"] == "civilian_evacuation" else "none"
    if out["civilians"] not in CIVILIAN_MODES:
        raise ValueError("civilians is none, neutral or mixed.")
    if out["scenario"] == "civilian_evacuation" and out["civilians"] == "none":
        raise ValueError("Civilian Evacuation needs civilians.")
    if out["reactions"] not in REACTIONS:
        raise ValueError("reactions is ask or auto.")
    turns_ = out["max_game_turns"]
    if not isinstance(turns_, int) or isinstance(turns_, bool) or not 1 <= turns_ <= 6:
        raise ValueError("max_game_turns is 1 to 6.")
    out["hidden_deployment"] = bool(out["hidden_deployment"])
    if out["setup_version"] not in SETUP_VERSIONS or isinstance(out["setup_version"], bool):
        raise ValueError("setup_version is 1, 2, 3 or 4.")
    return out


def _army(entry: JSON, limit: int | None) -> JSON:
    """A starter roster's key, or a list that can be played within the points limit."""
    if isinstance(entry, str):
        if entry not in ARMIES:
            raise ValueError("armies names two of: corregidor, jsa (or two army lists).")
        return entry
    if not isinstance(entry, Mapping):
        raise ValueError("An army is a starter roster's name or an army list.")
    army = dict(entry)
    if limit is not None:
        army["points_limit"] = limit
    problems = armies.price(army).problems
    if problems:
        raise ValueError(
            "This army list cannot be played: " + ", ".join(p.code for p in problems) + "."
        )
    return {"sectorial": army["sectorial"], "units": army["units"], "name": army.get("name", "")}


def initial_state(config: Mapping[str, JSON]) -> State:
    spec = boards()[str(config["board"])]
    board = Board(
        name=spec.name,
        cols=spec.cols,
        rows=spec.rows,
        scenery=spec.scenery,
        zones=(spec.zones[0], spec.zones[1]),
        roofs=spec.roofs,
    )
    seats: list[SeatInfo] = []
    troopers: list[Trooper] = []
    secrets: list[Secret] = []
    version = int(config.get("setup_version") or 1)
    chosen = armies.troopers(list(config["armies"]), version)
    for seat, (faction, sectorial, pairs) in enumerate(chosen):
        points = sum(profile(p).points for _, p in pairs)
        carriers = sum(1 for _, p in pairs if profile(p).has("baggage"))  # 'Bagage'
        seats.append(SeatInfo(seat, faction, sectorial, points, baggage=carriers))
        lieutenant = None
        for tid, pid in pairs:
            troopers.append(Trooper(tid, seat, pid, None, facing=0 if seat == 0 else 3))
            if profile(pid).has("lieutenant"):
                lieutenant = tid
        # Every trooper starts with the lobby's reaction policy, stored per trooper so that the
        # owner can change each one (spec Part D.1).
        policy = AUTO if config["reactions"] == "auto" else ASK
        ids = [tid for tid, _ in pairs]
        secrets.append(
            Secret(lieutenant=lieutenant, policies=tuple(sorted((t, policy) for t in ids)))
        )
    civilians: tuple[Civilian, ...] = ()
    mode = str(config["civilians"])
    if mode != "none":
        kind = "unknown" if mode == "mixed" else "neutral"
        civilians = tuple(
            Civilian(f"c{n + 1}", h, facing=0, kind=kind) for n, h in enumerate(spec.civilian_spots)
        )
    return State(
        board=board,
        scenario=Scenario(str(config["scenario"]), int(config["max_game_turns"]), mode),
        seats=(seats[0], seats[1]),
        troopers=tuple(troopers),
        civilians=civilians,
        turn=Turn(),
        hidden=(secrets[0], secrets[1]),
        auto_policy=str(config["reactions"]),
        hidden_allowed=bool(config["hidden_deployment"]),
        split_privileges=version >= 2,
        refuse_idle_ambush=version >= 3,
        link_reveals_hidden=version >= 4,
    )


def start(ctx: Ctx) -> None:
    """B.5: a d20 roll-off, ties rolled again; the winner chooses (`choose`)."""
    while True:
        a = ctx.dice.d20("0.initiative")
        b = ctx.dice.d20("1.initiative")
        ctx.emit("InitiativeRolled", dice=[a, b])
        if a != b:
            break
    winner = 0 if a > b else 1
    ctx.state = ctx.state.with_turn(pending=Pending(winner, "initiative"))


def choose(ctx: Ctx, seat: int, choice: str | None, deploy: str | None) -> None:
    """The roll-off's winner's choice (pending `initiative`), or the loser's turn order (pending
    `turn_order`). B.5 (infinity.md, N2 details L): « the winner chooses to take the first turn
    or to deploy first »: N2's two privileges, Initiative (who plays first, `choice`) and
    Deployment (who deploys first, `deploy`), one taken by the winner, the other decided by the
    loser. A game set up before (`State.split_privileges` false) keeps our first reading: the
    winner's turn order decides both, the first player deploying first."""
    state = ctx.state
    pending = state.turn.pending
    assert pending is not None
    if deploy is not None:
        if not state.split_privileges or pending.kind != "initiative":
            raise refuse("no_pending_decision", "The deployment order is not yours to choose now.")
        first = seat if deploy == "first" else other(seat)
        ctx.state = state.with_turn(
            first_deployer=first, pending=Pending(other(seat), "turn_order")
        )
        ctx.emit("DeploymentChosen", seat=seat, first=first)
        return
    first = seat if choice == "first" else other(seat)
    ctx.state = state.with_turn(first_seat=first, active_seat=first)
    ctx.emit("InitiativeChosen", seat=seat, first=first)
    if not state.split_privileges:
        _deploy_first(ctx, first)
    elif pending.kind == "turn_order":
        assert state.turn.first_deployer is not None
        _deploy_first(ctx, state.turn.first_deployer)
    else:
        ctx.state = ctx.state.with_turn(pending=Pending(other(seat), "deployment"))


def choose_deployment(ctx: Ctx, seat: int, choice: str) -> None:
    """The roll-off's loser decides who deploys first, the winner having taken the Initiative
    (B.5, `choose`)."""
    first = seat if choice == "first" else other(seat)
    ctx.state = ctx.state.with_turn(first_deployer=first)
    ctx.emit("DeploymentChosen", seat=seat, first=first)
    _deploy_first(ctx, first)


def _deploy_first(ctx: Ctx, seat: int) -> None:
    ctx.state = ctx.state.with_turn(pending=Pending(seat, "deploy"))


def free_zone_hexes(state: State, seat: int) -> tuple[Hex, ...]:
    board = state.board
    first, last = board.zones[seat]
    out = []
    for q in range(board.cols):
        for row in range(first, last + 1):
            h = (q, row - q // 2)
            if state.scenery_at.get(h) in geo.IMPASSABLE or h in state.occupants:
                continue
            if h in state.mine_hexes:
                continue
            out.append(h)
    return tuple(sorted(out))


def deploy(
    ctx: Ctx,
    seat: int,
    tid: str,
    h: Hex,
    facing: int | None,
    hidden: bool,
    koalas_at: tuple[Hex, ...] | None = None,
    marker: bool | None = None,
    echoes: tuple[Hex, ...] | None = None,
    real: int = 0,
    as_profile: str | None = None,
) -> None:
    """Place a trooper (again, during deployment); a camouflaged one comes as a marker unless
    `marker` is false (camouflage.py)."""
    state = ctx.state
    if not state.has_trooper(tid) or state.trooper(tid).seat != seat:
        raise refuse("unknown_trooper", "Deploy one of your own troopers.")
    t = state.trooper(tid)
    if state.scenery_at.get(h) in geo.IMPASSABLE:
        raise refuse("illegal_path", "Deploy inside your deployment zone, outside buildings.")
    infiltration.check(state, seat, t, h)  # beyond its zone only with Infiltration
    own = {tid, *(e.id for e in holo.echoes_of(state, tid))}  # its own echoes leave (holo.lift)
    if state.occupants.get(h, tid) not in own or h in state.mine_hexes:
        raise refuse("hex_occupied", "That hex is taken.")
    if echoes is not None:  # Holoprojector L2 (holo.py): not with another covert deployment (D)
        if hidden or marker or infiltration.roll_mod(state.board, seat, h) is not None:
            raise refuse("skill_not_allowed", "Holo-echoes deploy openly, in your zone.")
        holo.check_deploy(state, t, h, echoes, real)
    if as_profile is not None:  # Holoprojector L1 (disguise.py): shown as a plain figure (D)
        if hidden or marker or camo.kind_of(t) is not None and marker is not False:
            raise refuse("skill_not_allowed", "A disguised trooper deploys openly.")
        disguise.check(state, t, as_profile)
    from games.engine.infinity import hidden as hid

    as_marker = camo.kind_of(t) is not None and not hidden and marker is not False
    if marker and not as_marker:
        raise refuse("skill_not_allowed", "Only a camouflaged trooper deploys as a marker.")
    if hidden and not state.hidden_allowed:
        raise refuse("skill_not_allowed", "This game has no hidden deployment.")
    if infiltration.roll_mod(state.board, seat, h) is not None:
        if ctx.state.is_marker(tid):  # placed again: the old marker leaves first
            _lift_marker(ctx, seat, tid)
        failed = infiltration.roll(ctx, seat, tid, h, covert=as_marker or hidden)
        if failed is not None:  # T: « les avantages du Déploiement Camouflé et du Déploiement
            h, as_marker, hidden = failed, False, False  # Caché sont perdus »
    ctx.state = ctx.state.update(tid, hex=h, facing=t.facing if facing is None else facing)
    if not as_marker and ctx.state.is_marker(tid):  # placed again, as itself this time
        _lift_marker(ctx, seat, tid)
    elif as_marker and not ctx.state.is_marker(tid):
        camo.place(ctx, seat, tid)
    if hidden:
        hid.hide(ctx, seat, tid)
    else:
        hid.unhide(ctx, seat, tid)
        extra: dict[str, Any] = {}
        if disguise.in_army(ctx.state, seat) and not as_marker:  # what the other side sees
            extra["profile"] = as_profile or ctx.state.trooper(tid).prof.public  # arrive (view.py)
        if as_marker:  # its kind is public, as the view's `markers` tell it (the TO's −6)
            extra = {"marker": ctx.state.marker_of[tid], "marker_kind": camo.kind_of(t)}
        ctx.emit(
            "Deployed",
            seat=seat,
            trooper=tid,
            hex=list(h),
            facing=ctx.state.trooper(tid).facing,
            **extra,
        )
    disguise.note(ctx, tid, as_profile)  # T 2349–2350: « noter secrètement »
    if echoes is not None:
        holo.deploy(ctx, seat, tid, echoes, real)
    else:
        holo.lift(ctx, seat, tid)
    koalas.deploy(ctx, tid, koalas_at, hidden)  # a carrier's CrazyKoalas come with it
    mines.lift(ctx, tid)  # a Minelayer placed again lays its mine again


def _lift_marker(ctx: Ctx, seat: int, tid: str) -> None:
    """A trooper deployed as a marker is placed again: its marker leaves the table, which both
    seats see (`MarkerLifted` {seat, marker}: the marker's id only, so the other seat's history
    drops the marker it drew, as its page did, and learns no more than the table showed)."""
    mid = ctx.state.marker_of[tid]
    secret = ctx.state.hidden[seat]
    ctx.state = ctx.state.with_secret(
        seat, markers=tuple((m, x) for m, x in secret.markers if x != tid)
    )
    ctx.emit("MarkerLifted", seat=seat, marker=mid)


def deploy_done(ctx: Ctx, seat: int) -> None:
    if any(t.hex is None for t in ctx.state.army(seat)):
        raise refuse("skill_not_allowed", "Deploy every trooper first.")
    ctx.emit("DeploymentDone", seat=seat)
    if any(t.hex is None for t in ctx.state.army(other(seat))):
        ctx.state = ctx.state.with_turn(pending=Pending(other(seat), "deploy"))
        return
    ctx.state = evolve(ctx.state, turn=evolve(ctx.state.turn, phase="active"))
    turns.start_turn(ctx, ctx.state.turn.first_seat)


def form_at_deployment(ctx: Ctx, seat: int, leader: str, members: tuple[str, ...]) -> None:
    ft.form(ctx, seat, leader, members, in_turn=False)
