"""Setting a game up (spec §5): config, figures, the secret team setup of the advanced rules
(§Figurines expertes, §Grenade; D22, D23) and deployment."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.paintball import moves as mv
from games.engine.paintball.board import BOARDS, LAYOUTS, SEATS, Board
from games.engine.paintball.ctx import Ctx, refuse
from games.engine.paintball.position import SCENARIO_BOARD, TURN_LIMITS, scenario_flags
from games.engine.paintball.state import (
    SCENARIOS,
    Figure,
    Marshal,
    State,
    dumps,
    evolve,
    seat_index,
)

OPTIONS = ("experts", "grenades", "blind_spots", "heavy_cover", "hills")


def validate_config(config: Mapping[str, Any], seats: int) -> dict[str, Any]:
    if seats != 2:
        raise ValueError("Paintball is played by two teams.")
    scenario = config.get("scenario", "capture_the_flag")
    if scenario not in SCENARIOS:
        raise ValueError(f"Unknown scenario {scenario!r}.")
    board = config.get("board", SCENARIO_BOARD[scenario][0])
    if board not in BOARDS:
        raise ValueError(f"Unknown board {board!r}.")
    attacker = config.get("attacker", "red")
    if attacker not in SEATS:
        raise ValueError("The attacker is red or blue.")
    out: dict[str, Any] = {"scenario": scenario, "board": board, "attacker": attacker}
    for key in OPTIONS:
        value = config.get(key, key == "heavy_cover")
        if not isinstance(value, bool):
            raise ValueError(f"{key} is true or false.")
        out[key] = value
    return out


def _terrain(cfg: dict[str, Any]) -> tuple[tuple[Hex, str], ...]:
    board_name, layout = SCENARIO_BOARD[cfg["scenario"]]
    if cfg["board"] != board_name:
        layout = cfg["board"]
    if layout == "field_7" and cfg["hills"]:
        layout = "field_7_hills"
    return tuple(t for t in LAYOUTS[layout] if cfg["heavy_cover"] or t[1] != "heavy")


def initial_state(config: Mapping[str, Any]) -> State:
    cfg = validate_config(config, 2)
    board = BOARDS[cfg["board"]]
    attacker = cfg["attacker"]
    defender = "blue" if attacker == "red" else "red"
    figures = []
    for seat in SEATS:
        count = 5 if cfg["scenario"] == "base_assault" and seat == defender else 6
        home = board.home(seat)
        assert home is not None
        figures += [
            Figure(f"{seat[0]}{i}", seat, home, facing=0 if seat == "red" else 3)
            for i in range(1, count + 1)
        ]
    return State(
        board=board,
        terrain=_terrain(cfg),
        figures=tuple(sorted(figures, key=lambda f: f.id)),
        marshals=tuple(Marshal(mid, h) for mid, h in board.marshal_starts),
        scenario=cfg["scenario"],
        roles=(attacker, defender),
        experts_option=cfg["experts"],
        grenades_option=cfg["grenades"],
        blind_spots=cfg["blind_spots"],
        turn_limit=TURN_LIMITS[cfg["scenario"]],
        phase="setup" if cfg["experts"] or cfg["grenades"] else "deploy",
        flags=scenario_flags(cfg["scenario"], board),
    )


def start(ctx: Ctx) -> None:
    """Setup dice (§15): red experts, blue experts, red grenades, blue grenades, enabled only;
    each d6 halved, rounded up (§Figurines expertes: 3 gives 2)."""
    state = ctx.state
    experts = [0, 0]
    grenades = [0, 0]
    for i, enabled, counts in (
        (0, state.experts_option, experts),
        (1, state.grenades_option, grenades),
    ):
        if not enabled:
            continue
        for s in range(2):
            value = ctx.roll()
            counts[s] = (value + 1) // 2
            ctx.emit("SetupRolled", seat=SEATS[s], item=("experts", "grenades")[i], die=value)
    ctx.state = evolve(
        ctx.state, setup_counts=((experts[0], grenades[0]), (experts[1], grenades[1]))
    )


def own_ids(state: State, seat: str) -> list[str]:
    return [f.id for f in state.figures if f.team == seat and f.in_play]


def default_setup(state: State, seat: str) -> mv.SetupTeam:
    """§12: the lowest ids are the experts; paint grenades go to the lowest ids, one each."""
    experts, grenades = state.setup_counts[seat_index(seat)]
    ids = own_ids(state, seat)
    return mv.SetupTeam(tuple(ids[:experts]), tuple((fid, ("paint",)) for fid in ids[:grenades]))


def check_setup(state: State, seat: str, move: mv.SetupTeam) -> None:
    experts, grenades = state.setup_counts[seat_index(seat)]
    ids = set(own_ids(state, seat))
    if len(set(move.experts)) != experts or len(move.experts) != experts:
        raise refuse("bad_setup", "Name exactly {experts} different expert(s).", experts=experts)
    carried = [kind for _, kinds in move.grenades for kind in kinds]
    if len(carried) != grenades or any(k not in ("smoke", "paint") for k in carried):
        raise refuse(
            "bad_setup",
            "Give out exactly {grenades} smoke or paint grenade(s).",
            grenades=grenades,
        )
    if not set(move.experts) <= ids or not {fid for fid, _ in move.grenades} <= ids:
        raise refuse("not_your_figure", "Name only your own figures.")


def submit_setup(ctx: Ctx, seat: str, move: mv.SetupTeam) -> None:
    check_setup(ctx.state, seat, move)
    subs = list(ctx.state.submissions)
    subs[seat_index(seat)] = dumps(mv.encode(move))
    ctx.state = evolve(ctx.state, submissions=(subs[0], subs[1]))
    ctx.emit("SetupSubmitted", seat=seat)
    if subs[0] is None or subs[1] is None:
        return
    chosen: dict[str, Any] = {}
    for s, text in zip(SEATS, subs, strict=True):
        team = mv.decode(json.loads(text or "{}"))
        assert isinstance(team, mv.SetupTeam)
        chosen[s] = mv.encode(team)
        for fid in team.experts:
            ctx.state = ctx.state.update(fid, expert=True, ap=3)
        for fid, kinds in team.grenades:
            ctx.state = ctx.state.update(fid, grenades=ctx.state.figure(fid).grenades + kinds)
    ctx.state = evolve(ctx.state, submissions=(None, None), phase="deploy")
    ctx.emit("TeamsSetUp", teams=chosen)


def zone(state: State, seat: str) -> tuple[Hex, ...]:
    """Start zones (§4.2, §5); the base-assault defender anywhere in the northern half (y2 < 0),
    home first then nearest to it."""
    assault_defender = state.scenario == "base_assault" and seat == state.roles[1]
    return start_zone(state.board, seat, assault_defender=assault_defender)


@lru_cache(maxsize=64)
def start_zone(board: Board, seat: str, *, assault_defender: bool) -> tuple[Hex, ...]:
    """The hexes where `seat` may deploy on `board`, home first then nearest to it (the sites
    offer them to place each figure by hand)."""
    if assault_defender:
        home = board.home(seat)
        assert home is not None
        half = [h for h in board.hexes if (2 * h[1] + h[0]) * (-1 if seat == "blue" else 1) > 0]
        return tuple(sorted(half, key=lambda h: (distance(h, home), h[0], h[1])))
    return board.start_zone(seat)


def deploy_order(state: State) -> tuple[str, ...]:
    """Who still has to deploy: both secretly at once, or, in a base assault, the defender
    openly first."""
    waiting = tuple(s for s in SEATS if state.submissions[seat_index(s)] is None)
    if state.scenario == "base_assault":
        defender = state.roles[1]
        return (defender,) if defender in waiting else tuple(waiting)
    return waiting


def default_deploy(state: State, seat: str) -> mv.Deploy:
    """§12: figures in id order to the first hex of the zone with room (home first)."""
    placed: dict[str, Hex] = {}
    hexes = zone(state, seat)
    for fid in own_ids(state, seat):
        for h in hexes:
            if _fits(state, seat, h, 1 + _count(placed, h)):
                placed[fid] = h
                break
    return mv.Deploy(tuple(sorted(placed.items())))


def _count(placed: dict[str, Hex], h: Hex) -> int:
    return sum(1 for v in placed.values() if v == h)


def _fits(state: State, seat: str, h: Hex, placing: int) -> bool:
    """D6 for `placing` figures of `seat` put in `h`, the team's own figures being lifted off
    the board (they are the ones deployed): an open hex takes 3 of a team, a base/trench hex 3
    in all and 2 of a team."""
    if not state.is_base(h):
        return placing <= 3
    others = sum(1 for f in state.figures_at(h) if f.team != seat)
    return placing <= 2 and others + placing <= 3


def check_deploy(state: State, seat: str, move: mv.Deploy) -> None:
    wanted = own_ids(state, seat)
    given = [fid for fid, _ in move.hexes]
    if sorted(given) != sorted(wanted):
        raise refuse("not_your_figure", "Place each of your figures exactly once.")
    allowed = set(zone(state, seat))
    placed: dict[str, Hex] = {}
    for fid, h in move.hexes:
        if h not in allowed:
            raise refuse("outside_start_zone", "Deploy only in your start zone.")
        if not _fits(state, seat, h, 1 + _count(placed, h)):
            raise refuse("hex_full", "Too many figures in one hex.")
        placed[fid] = h


def submit_deploy(ctx: Ctx, seat: str, move: mv.Deploy) -> None:
    check_deploy(ctx.state, seat, move)
    subs = list(ctx.state.submissions)
    subs[seat_index(seat)] = dumps(mv.encode(move))
    ctx.state = evolve(ctx.state, submissions=(subs[0], subs[1]))
    if ctx.state.scenario == "base_assault":
        _place(ctx, seat, move)
        ctx.emit("Deployed", seat=seat, hexes={k: list(v) for k, v in move.hexes})
    else:
        ctx.emit("DeploymentSubmitted", seat=seat)
    if subs[0] is None or subs[1] is None:
        return
    if ctx.state.scenario != "base_assault":
        for s, text in zip(SEATS, subs, strict=True):
            dep = mv.decode(json.loads(text or "{}"))
            assert isinstance(dep, mv.Deploy)
            _place(ctx, s, dep)
            ctx.emit("Deployed", seat=s, hexes={k: list(v) for k, v in dep.hexes})
    ctx.state = evolve(ctx.state, submissions=(None, None), phase="turn_start", turn=1)


def _place(ctx: Ctx, seat: str, move: mv.Deploy) -> None:
    where = dict(move.hexes)
    figures = tuple(evolve(f, hex=where[f.id]) if f.id in where else f for f in ctx.state.figures)
    ctx.state = evolve(ctx.state, figures=figures)
