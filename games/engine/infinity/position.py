"""The position format of spec E.1 (with the clarifications of Appendix D): `state_to_json`
writes every field; `state_from_json` takes a hand-written position as it is (I7), omitted
fields taking their defaults. Our extensions are listed in the README."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.infinity.moves import as_hex, decode_policy, decode_skill
from games.engine.infinity.state import (
    CIVILIAN_KINDS,
    GAME,
    PENDING_KINDS,
    SCHEMA,
    TROOPER_STATES,
    Aro,
    Board,
    Civilian,
    CurrentOrder,
    Fireteam,
    Orders,
    Pending,
    Policy,
    Scenario,
    Score,
    SeatInfo,
    Secret,
    Skill,
    State,
    Trigger,
    Trooper,
    Turn,
)
from games.engine.protocol import IllegalMove


class PositionError(ValueError):
    """An unreadable position (command line exit 4)."""


def _hex(value: Any) -> Hex:
    h = as_hex(value)
    if h is None:
        raise PositionError(f"not a hex: {value!r}")
    return h


def _hexes(values: Any) -> tuple[Hex, ...]:
    return tuple(_hex(v) for v in values or [])


def _lst(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


# --- out --------------------------------------------------------------------------------------


def skill_to_json(s: Skill) -> dict[str, Any]:
    out: dict[str, Any] = {"skill": s.skill}
    if s.trooper:
        out["trooper"] = s.trooper
    if s.paths:
        out["paths"] = {t: [list(h) for h in p] for t, p in s.paths}
    if s.facings:
        out["facings"] = dict(s.facings)
    if s.companions:
        out["companions"] = {c: [list(h) for h in p] for c, p in s.companions}
    for key in ("weapon", "mode", "civilian", "target"):
        if getattr(s, key) is not None:
            out[key] = getattr(s, key)
    if s.targets:
        out["targets"] = [{"trooper": t, "burst": b} for t, b in s.targets]
    if s.aims:
        out["aim"] = list(s.aims)
    if s.to is not None:
        out["to"] = list(s.to)
    if s.berserk:
        out["berserk"] = True
    if s.parts:
        out["coordinated"] = [
            {k: v for k, v in skill_to_json(p).items() if k != "skill"} for p in s.parts
        ]
    return out


def aro_to_json(a: Aro) -> dict[str, Any]:
    out: dict[str, Any] = {"trooper": a.trooper, "skill": a.skill, "window": a.window}
    for key in ("weapon", "mode", "target", "facing"):
        if getattr(a, key) is not None:
            out[key] = getattr(a, key)
    for key in ("at", "to"):
        if getattr(a, key) is not None:
            out[key] = list(getattr(a, key))
    if a.aims:
        out["aim"] = list(a.aims)
    if a.berserk:
        out["berserk"] = True
    return out


def current_to_json(c: CurrentOrder | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {
        "seat": c.seat,
        "kind": c.kind,
        "trooper": c.trooper,
        "fireteam": c.fireteam,
        "activated": list(c.activated),
        "stage": c.stage,
        "declarations": [skill_to_json(s) for s in c.skills],
        "routes": {t: [list(h) for h in r] for t, r in c.routes},
        "ends": {t: [list(h) for h in r] for t, r in c.ends},
        "aros": [aro_to_json(a) for a in c.aros],
        "offered": list(c.offered),
        "second": skill_to_json(c.second) if c.second else None,
        "left": list(c.left),
        "coordinated": c.coordinated,
    }


def pending_to_json(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    out: dict[str, Any] = {"seat": p.seat, "kind": p.kind}
    if p.kind == "aro":
        out["window"] = p.window
        out["eligible"] = list(p.eligible)
    if p.trooper is not None:
        out["trooper"] = p.trooper
    if p.options:
        out["options"] = [list(h) for h in p.options]
    return out


def orders_to_json(o: Orders) -> dict[str, Any]:
    return {
        "regular": o.regular,
        "irregular": dict(o.irregular),
        "impetuous": dict(o.impetuous),
        "lieutenant": o.lieutenant,
        "total": o.total,
    }


def policy_to_json(p: Policy) -> dict[str, Any]:
    return {
        "on_sight": p.on_sight,
        "on_template": p.on_template,
        "weapon": p.weapon,
        "max_range": p.max_range,
    }


def secret_to_json(s: Secret) -> dict[str, Any]:
    return {
        "lieutenant": s.lieutenant,
        "markers": {},
        "hidden_deployment": list(s.hidden_deployment),
        "ambush": [
            {"trooper": a.trooper, "weapon": a.weapon, "within": a.within, "mode": a.mode}
            for a in s.ambush
        ],
        "policies": {t: policy_to_json(p) for t, p in s.policies},
    }


def trooper_to_json(t: Trooper) -> dict[str, Any]:
    return {
        "id": t.id,
        "seat": t.seat,
        "profile": t.profile,
        "hex": _lst(t.hex),
        "facing": t.facing,
        "state": t.state,
        "wounds": t.wounds,
        "prone": t.prone,
        "uses": dict(t.uses),
        "burnt": t.burnt,
        "fury_on_join": t.fury_on_join,
    }


def state_to_json(state: State) -> dict[str, Any]:
    turn = state.turn
    score = None
    if state.score is not None:
        score = {
            "0": state.score.vp[0],
            "1": state.score.vp[1],
            "winner": state.score.winner,
            "reason": state.score.reason,
        }
    return {
        "game": GAME,
        "version": SCHEMA,
        "board": {
            "cols": state.board.cols,
            "rows": state.board.rows,
            "inches_per_hex": 2,
            "name": state.board.name,
        },
        "scenery": [{"hex": list(h), "kind": k} for h, k in state.board.scenery],
        "zones": {"deployment": {str(s): {"rows": list(state.board.zones[s])} for s in (0, 1)}},
        "scenario": {
            "id": state.scenario.id,
            "max_game_turns": state.scenario.max_game_turns,
            "civilians": state.scenario.civilians,
        },
        "options": {"reactions": state.auto_policy, "hidden_deployment": state.hidden_allowed},
        "seats": [
            {
                "seat": s.seat,
                "army": s.army,
                "sectorial": s.sectorial,
                "army_points": s.army_points,
                "baggage": s.baggage,
                "loss_of_lieutenant": s.loss_of_lieutenant,
                "retreat": s.retreat,
                "revealed_lieutenant": s.revealed_lieutenant,
                "zone_points": s.zone_points,
            }
            for s in state.seats
        ],
        "troopers": [trooper_to_json(t) for t in state.troopers],
        "civilians": [
            {
                "id": c.id,
                "hex": list(c.hex),
                "facing": c.facing,
                "kind": c.kind,
                "state": c.state,
                "wounds": c.wounds,
                "synced_to": c.synced_to,
                "killed_by": c.killed_by,
            }
            for c in state.civilians
        ],
        "fireteams": [
            {
                "seat": f.seat,
                "leader": f.leader,
                "members": list(f.members),
                "left_this_turn": list(f.left_this_turn),
                "fallen_leader": f.fallen,
            }
            for f in state.fireteams
        ],
        "turn": {
            "game_turn": turn.game_turn,
            "first_seat": turn.first_seat,
            "active_seat": turn.active_seat,
            "phase": turn.phase,
            "orders": {str(s): orders_to_json(turn.orders[s]) for s in (0, 1)},
            "current_order": current_to_json(turn.current),
            "pending": pending_to_json(turn.pending),
            "queue": [pending_to_json(p) for p in turn.queue],
            "last_game_turn": turn.last_game_turn,
        },
        "hidden": {str(s): secret_to_json(state.hidden[s]) for s in (0, 1)},
        "log": [],
        "score": score,
    }


# --- in ---------------------------------------------------------------------------------------


def _skill(raw: Any) -> Skill:
    try:
        return decode_skill(raw)
    except IllegalMove as exc:
        raise PositionError(f"bad declaration: {exc.reason}") from None


def _aro(raw: dict[str, Any]) -> Aro:
    return Aro(
        trooper=str(raw["trooper"]),
        skill=str(raw["skill"]),
        window=int(raw.get("window", 1)),
        weapon=raw.get("weapon"),
        mode=raw.get("mode"),
        target=raw.get("target"),
        at=_hex(raw["at"]) if raw.get("at") is not None else None,
        to=_hex(raw["to"]) if raw.get("to") is not None else None,
        facing=raw.get("facing"),
        aims=tuple(raw.get("aim") or ()),
        berserk=raw.get("berserk") is True,
    )


def _current(raw: Any) -> CurrentOrder | None:
    if raw is None:
        return None
    routes = raw.get("routes") or {}
    activated = tuple(raw.get("activated") or [])
    return CurrentOrder(
        seat=int(raw["seat"]),
        kind=str(raw.get("kind", "regular")),
        trooper=raw.get("trooper"),
        fireteam=bool(raw.get("fireteam", False)),
        activated=activated,
        stage=str(raw.get("stage", "declare1")),
        skills=tuple(_skill(s) for s in raw.get("declarations") or []),
        routes=tuple((t, _hexes(routes.get(t))) for t in activated),
        ends=tuple((t, _hexes((raw.get("ends") or {}).get(t))) for t in activated),
        aros=tuple(_aro(a) for a in raw.get("aros") or []),
        offered=tuple(raw.get("offered") or []),
        second=_skill(raw["second"]) if raw.get("second") else None,
        left=tuple(raw.get("left") or []),
        coordinated=bool(raw.get("coordinated", False)),
    )


def _pending(raw: Any) -> Pending | None:
    if raw is None:
        return None
    kind = raw.get("kind")
    if kind not in PENDING_KINDS:
        raise PositionError(f"unknown pending kind {kind!r}")
    return Pending(
        seat=int(raw["seat"]),
        kind=str(kind),
        window=raw.get("window"),
        eligible=tuple(raw.get("eligible") or []),
        trooper=raw.get("trooper"),
        options=_hexes(raw.get("options")),
    )


def _orders(raw: Any) -> Orders:
    raw = raw or {}
    return Orders(
        regular=int(raw.get("regular", 0)),
        irregular=tuple(sorted((str(k), int(v)) for k, v in (raw.get("irregular") or {}).items())),
        impetuous=tuple(sorted((str(k), int(v)) for k, v in (raw.get("impetuous") or {}).items())),
        lieutenant=int(raw.get("lieutenant", 0)),
    )


def _secret(raw: Any) -> Secret:
    raw = raw or {}
    try:
        policies = tuple(
            sorted((str(t), decode_policy(p)) for t, p in (raw.get("policies") or {}).items())
        )
    except IllegalMove as exc:
        raise PositionError(f"bad policy: {exc.reason}") from None
    return Secret(
        lieutenant=raw.get("lieutenant"),
        policies=policies,
        hidden_deployment=tuple(raw.get("hidden_deployment") or []),
        ambush=tuple(
            Trigger(
                str(a["trooper"]),
                str(a["weapon"]),
                int(a.get("within", 8)),
                str(a.get("mode", "N")),
            )
            for a in raw.get("ambush") or []
        ),
    )


def _trooper(raw: dict[str, Any]) -> Trooper:
    from games.engine.infinity.data import profiles

    if raw.get("profile") not in profiles():
        raise PositionError(f"trooper {raw.get('id')}: unknown profile {raw.get('profile')!r}")
    state = raw.get("state", "normal")
    if state not in TROOPER_STATES:
        raise PositionError(f"trooper {raw.get('id')}: unknown state {state!r}")
    return Trooper(
        id=str(raw["id"]),
        seat=int(raw["seat"]),
        profile=str(raw["profile"]),
        hex=_hex(raw["hex"]) if raw.get("hex") is not None else None,
        facing=int(raw.get("facing", 0)),
        state=str(state),
        wounds=int(raw.get("wounds", 0)),
        prone=bool(raw.get("prone", False)),
        uses=tuple(sorted((str(k), int(v)) for k, v in (raw.get("uses") or {}).items())),
        burnt=bool(raw.get("burnt", False)),
        fury_on_join=raw.get("fury_on_join"),
    )


def _civilian(raw: dict[str, Any]) -> Civilian:
    kind = raw.get("kind", "neutral")
    if kind not in CIVILIAN_KINDS:
        raise PositionError(f"civilian {raw.get('id')}: unknown kind {kind!r}")
    return Civilian(
        id=str(raw["id"]),
        hex=_hex(raw["hex"]),
        facing=int(raw.get("facing", 0)),
        kind=str(kind),
        state=str(raw.get("state", "normal")),
        wounds=int(raw.get("wounds", 0)),
        synced_to=raw.get("synced_to"),
        killed_by=raw.get("killed_by"),
    )


def _seat(raw: dict[str, Any]) -> SeatInfo:
    return SeatInfo(
        seat=int(raw["seat"]),
        army=str(raw.get("army", "")),
        sectorial=raw.get("sectorial"),
        army_points=int(raw.get("army_points", 0)),
        baggage=int(raw.get("baggage", 0)),
        loss_of_lieutenant=bool(raw.get("loss_of_lieutenant", False)),
        retreat=bool(raw.get("retreat", False)),
        revealed_lieutenant=raw.get("revealed_lieutenant"),
        zone_points=int(raw.get("zone_points", 0)),
    )


def _score(raw: Any) -> Score | None:
    if raw is None:
        return None
    return Score((int(raw["0"]), int(raw["1"])), raw.get("winner"), str(raw.get("reason", "end")))


def state_from_json(data: Any) -> State:
    """A position (spec E.1). Raises PositionError with a sentence on anything unreadable."""
    if not isinstance(data, dict):
        raise PositionError("a position is a JSON object")
    try:
        return _read(data)
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"unreadable position: {exc!r}") from None


def _read(data: dict[str, Any]) -> State:
    board_raw = data["board"]
    zones_raw = (data.get("zones") or {}).get("deployment") or {}
    rows = int(board_raw["rows"])
    zones = tuple(
        tuple(zones_raw.get(str(s), {}).get("rows", default))
        for s, default in ((0, [rows - 6, rows - 1]), (1, [0, 5]))
    )
    board = Board(
        name=board_raw.get("name"),
        cols=int(board_raw["cols"]),
        rows=rows,
        scenery=tuple(sorted((_hex(s["hex"]), str(s["kind"])) for s in data.get("scenery") or [])),
        zones=((zones[0][0], zones[0][1]), (zones[1][0], zones[1][1])),
    )
    scen = data.get("scenario") or {}
    seats_raw = sorted(data.get("seats") or [], key=lambda s: s["seat"])
    seats = [_seat(s) for s in seats_raw]
    while len(seats) < 2:
        seats.append(SeatInfo(len(seats), "", None, 0))
    turn_raw = data.get("turn") or {}
    orders_raw = turn_raw.get("orders") or {}
    hidden_raw = data.get("hidden") or {}
    options = data.get("options") or {}
    turn = Turn(
        game_turn=int(turn_raw.get("game_turn", 1)),
        first_seat=int(turn_raw.get("first_seat", 0)),
        active_seat=int(turn_raw.get("active_seat", turn_raw.get("first_seat", 0))),
        phase=str(turn_raw.get("phase", "active")),
        orders=(_orders(orders_raw.get("0")), _orders(orders_raw.get("1"))),
        current=_current(turn_raw.get("current_order")),
        pending=_pending(turn_raw.get("pending")),
        queue=tuple(p for p in (_pending(q) for q in turn_raw.get("queue") or []) if p),
        last_game_turn=turn_raw.get("last_game_turn"),
    )
    return State(
        board=board,
        scenario=Scenario(
            str(scen.get("id", "annihilation")),
            int(scen.get("max_game_turns", 3)),
            str(scen.get("civilians", "none")),
        ),
        seats=(seats[0], seats[1]),
        troopers=tuple(_trooper(t) for t in data.get("troopers") or []),
        civilians=tuple(_civilian(c) for c in data.get("civilians") or []),
        fireteams=tuple(
            Fireteam(
                int(f["seat"]),
                f.get("leader"),
                tuple(f.get("members") or []),
                tuple(f.get("left_this_turn") or []),
                f.get("fallen_leader"),
            )
            for f in data.get("fireteams") or []
        ),
        turn=turn,
        hidden=(_secret(hidden_raw.get("0")), _secret(hidden_raw.get("1"))),
        score=_score(data.get("score")),
        auto_policy=str(options.get("reactions", "ask")),
        hidden_allowed=bool(options.get("hidden_deployment", False)),
    )
