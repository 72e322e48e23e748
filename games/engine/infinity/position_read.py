"""Reading the position format of spec E.1 (position.py writes it): a hand-written position is
taken as it is (I7), omitted fields taking their defaults; anything unreadable is a
PositionError (command line exit 4)."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.infinity.data import profiles
from games.engine.infinity.moves import decode_policy, decode_skill
from games.engine.infinity.state import (
    CIVILIAN_KINDS,
    PENDING_KINDS,
    TROOPER_STATES,
    Aro,
    Board,
    Civilian,
    CurrentOrder,
    Echo,
    Fireteam,
    Koala,
    Mine,
    Orders,
    Pending,
    Scenario,
    Score,
    SeatInfo,
    Secret,
    Skill,
    State,
    Structure,
    Trigger,
    Trooper,
    Turn,
)
from games.engine.move_fields import as_hex
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
        synchronised=bool(raw.get("synchronised", False)),
        koalas=tuple((str(k), str(t)) for k, t in raw.get("koalas") or []),
        mines=tuple((str(m), str(t), _hex(h)) for m, t, h in raw.get("mines") or []),
        surprise=tuple(str(t) for t in raw.get("surprise") or []),
        escorts=tuple((str(v), _hexes(r)) for v, r in (raw.get("escorts") or {}).items()),
    )


def _seat_or_none(value: Any) -> int | None:
    if value is None:
        return None
    if value not in (0, 1) or isinstance(value, bool):
        raise PositionError(f"not a seat: {value!r}")
    return int(value)


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
        mines=tuple(
            Mine(
                str(m["marker"]),
                str(m.get("layer") or ""),
                _hex(m["hex"]),
                bool(m.get("shown")),
                str(m.get("ammo") or "Shock"),
            )
            for m in raw.get("mines") or []
        ),
        infiltrated=tuple(
            sorted((str(t), bool(ok)) for t, ok in (raw.get("infiltrated") or {}).items())
        ),
        markers=tuple(sorted((str(m), str(t)) for m, t in (raw.get("markers") or {}).items())),
        holo=tuple(sorted((str(t), str(r)) for t, r in (raw.get("holo") or {}).items())),
        disguises=tuple(sorted((str(t), str(p)) for t, p in (raw.get("disguises") or {}).items())),
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
        enraged=bool(raw.get("enraged", False)),
        controller=raw.get("controller"),
        dogged=bool(raw.get("dogged", False)),
        screen=_screen(raw),
        screen_off=bool(raw.get("screen_off", False)),
    )


def _screen(raw: dict[str, Any]) -> int | None:
    value = raw.get("screen")
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 5:
        raise PositionError(f"trooper {raw.get('id')}: screen is a side 0-5 or null")
    return value


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
        return _checked_echoes(_read(data))
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"unreadable position: {exc!r}") from None


def _checked_echoes(state: State) -> State:
    """Holo-echoes (holo.py) stand for a deployed trooper of their seat, and a real token is
    that trooper or one of its echoes."""
    for e in state.echoes:
        t = state.trooper(e.trooper) if state.has_trooper(e.trooper) else None
        if t is None or t.seat != e.seat or t.hex is None:
            raise PositionError(f"echo {e.id}: no deployed trooper {e.trooper!r} of its seat")
    for seat, secret in enumerate(state.hidden):
        for tid, token in secret.holo:
            mine = {e.id for e in state.echoes if e.trooper == tid}
            if not mine or token not in {tid, *mine} or state.trooper(tid).seat != seat:
                raise PositionError(f"hidden.{seat}.holo: {tid!r} has no token {token!r}")
        for tid, shown in secret.disguises:  # a Holoprojector L1's (disguise.py)
            t = state.trooper(tid) if state.has_trooper(tid) else None
            if t is None or t.seat != seat or shown not in profiles():
                raise PositionError(f"hidden.{seat}.disguises: {tid!r} as {shown!r}")
    return state


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
        structures=tuple(
            Structure(_hex(s["hex"]), int(s["arm"]), int(s["str"]), int(s.get("damage", 0)))
            for s in sorted(data.get("scenery") or [], key=lambda s: tuple(s["hex"]))
            if s.get("str") is not None and s.get("arm") is not None
        ),
        roofs=_roofs(data.get("scenery") or []),
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
        first_deployer=_seat_or_none(turn_raw.get("first_deployer")),
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
        split_privileges=options.get("privileges") == "split",
        refuse_idle_ambush=options.get("idle_ambush") == "refused",
        link_reveals_hidden=options.get("hidden_link") == "reveals",
        koalas=tuple(
            Koala(str(k["id"]), int(k["seat"]), str(k["carrier"]), _table_hex(k.get("hex")))
            for k in data.get("koalas") or []
        ),
        markers_placed=int(data.get("markers_placed") or 0),
        echoes=tuple(
            Echo(str(e["id"]), int(e["seat"]), str(e["trooper"]), _table_hex(e.get("hex")))
            for e in data.get("echoes") or []
        ),
    )


def _table_hex(raw: Any) -> tuple[int, int]:
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise ValueError("A CrazyKoala or a Holo-echo needs its hex [q, r].")
    return int(raw[0]), int(raw[1])


def _roofs(scenery: list[dict[str, Any]]) -> tuple[tuple[Hex, int], ...]:
    """The buildings' roof levels (heights.py): 1 to 3, on a building only."""
    out = []
    for s in scenery:
        if s.get("level") is None:
            continue
        level = int(s["level"])
        if s.get("kind") != "building" or not 1 <= level <= 3:
            raise ValueError(f"A roof level is 1 to 3, on a building: {s}")
        out.append((_hex(s["hex"]), level))
    return tuple(sorted(out))
