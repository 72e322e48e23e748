"""The position JSON of spec section 14.1 (schema 1): `state_to_json` prints every field,
`state_from_json` reads a position (omitted optional fields take their defaults) and refuses
one that breaks the rules of a position (`check`, code invalid_position).
"""

from __future__ import annotations

import json
from typing import Any

from games.engine.hexpanse.data import hex_key, parse_hex
from games.engine.hexpanse.state import (
    SCHEMA,
    Counts,
    Decision,
    Result,
    Seat,
    Setup,
    State,
    Turn,
    Unit,
)


def _counts_json(counts: Counts, minors: tuple[str, ...]) -> dict[str, Any]:
    d = dict(counts)
    return {
        "normal": d.get("normal", 0),
        "elite": d.get("elite", 0),
        "minor": {code: d.get(code, 0) for code in sorted({*minors, *d} - {"normal", "elite"})},
    }


def _seat_json(s: Seat) -> dict[str, Any]:
    return {
        "faction": s.faction,
        "alive": s.alive,
        "life": s.life,
        "income": s.income,
        "hexilum": s.hexilum,
        "reserve": _counts_json(s.reserve, s.minors),
        "healing": _counts_json(s.healing, s.minors),
        "hand": list(s.hand),
        "mercs": dict(s.mercs),
        "minors": list(s.minors),
        "secret_mission": s.secret_mission,
        "protector_policy": s.protector_policy,
    }


def unit_json(u: Unit) -> dict[str, Any]:
    out: dict[str, Any] = {"owner": u.owner, "kind": u.kind}
    if u.card is not None:
        out["card"] = u.card
    if u.minor is not None:
        out["minor"] = u.minor
    if u.was is not None:
        out["was"] = u.was
    return out


def state_to_json(state: State) -> dict[str, Any]:
    t = state.turn
    turn: dict[str, Any] = {
        "number": t.number,
        "seat": t.seat,
        "phase": t.phase,
        "actions_left": t.actions_left,
        "warlord_actions_used": list(t.warlord_actions_used),
        "activated": list(t.activated),
        "extra_market": t.extra_market,
    }
    if t.extra_cards:
        turn["extra_cards"] = list(t.extra_cards)
    missions: dict[str, Any] = {"common": state.common}
    if state.revealed:
        missions["revealed"] = list(state.revealed)
    if state.offer:
        missions["offer"] = list(state.offer)
    out: dict[str, Any] = {
        "game": "hexpanse",
        "schema": SCHEMA,
        "board": state.board,
        "mode": state.mode,
        "variants": {
            "elite": state.elite,
            "expert": state.expert,
            **({"alien": True} if state.alien else {}),
        },
        "teams": None if state.teams is None else [list(t) for t in state.teams],
        "seats": [_seat_json(s) for s in state.seats],
        "units": {hex_key(h): unit_json(u) for h, u in state.units},
        "market": list(state.market),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "out_of_game": list(state.out_of_game),
        "missions": missions,
        "turn": turn,
        "pending": [{"seat": d.seat, "kind": d.kind, **json.loads(d.data)} for d in state.pending],
        "result": None
        if state.result is None
        else {
            "winner": list(state.result.winner),
            "how": state.result.how,
            "mission": state.result.mission,
        },
    }
    if state.setup is not None:
        out["setup"] = _setup_json(state.setup)
    return out


def _setup_json(s: Setup) -> dict[str, Any]:
    return {
        "step": s.step,
        "first_player": s.first_player,
        "order": list(s.order),
        "offer": list(s.offer),
        "packs": [list(p) for p in s.packs],
        "kept": [list(k) for k in s.kept],
        "passed": [None if p is None else list(p) for p in s.passed],
        "discarded": list(s.discarded),
    }


# --- reading -------------------------------------------------------------------------------


def _counts(data: Any) -> Counts:
    if not isinstance(data, dict):
        raise ValueError("reserve and healing are objects of counts")
    out: dict[str, int] = {}
    for k in ("normal", "elite"):
        n = data.get(k, 0)
        if type(n) is not int or n < 0:
            raise ValueError(f"bad {k} count")
        if n:
            out[k] = n
    for code, n in (data.get("minor") or {}).items():
        if type(n) is not int or n < 0:
            raise ValueError("bad minor count")
        if n:
            out[str(code)] = n
    order = {"normal": 0, "elite": 1}
    return tuple(sorted(out.items(), key=lambda kv: (order.get(kv[0], 2), kv[0])))


def _seat(d: Any) -> Seat:
    if not isinstance(d, dict):
        raise ValueError("each seat is an object")
    return Seat(
        faction=d.get("faction"),
        alive=bool(d.get("alive", True)),
        life=int(d.get("life", 6)),
        income=int(d.get("income", 1)),
        hexilum=int(d.get("hexilum", 0)),
        reserve=_counts(d.get("reserve", {})),
        healing=_counts(d.get("healing", {})),
        hand=tuple(str(c) for c in d.get("hand", [])),
        mercs=tuple(sorted((str(c), int(n)) for c, n in (d.get("mercs") or {}).items())),
        minors=tuple(str(c) for c in d.get("minors", [])),
        secret_mission=d.get("secret_mission"),
        protector_policy=str(d.get("protector_policy", "ask")),
    )


def _unit(d: Any) -> Unit:
    if not isinstance(d, dict):
        raise ValueError("each unit is an object")
    owner = d.get("owner")
    return Unit(
        owner=None if owner is None else int(owner),
        kind=str(d["kind"]),
        card=d.get("card"),
        minor=d.get("minor"),
        was=None if d.get("was") is None else int(d["was"]),
    )


def _turn(d: Any) -> Turn:
    return Turn(
        number=int(d.get("number", 1)),
        seat=int(d.get("seat", 0)),
        phase=str(d.get("phase", "actions")),
        actions_left=int(d.get("actions_left", 2)),
        warlord_actions_used=tuple(d.get("warlord_actions_used", [])),
        activated=tuple(d.get("activated", [])),
        extra_market=int(d.get("extra_market", 0)),
        extra_cards=tuple(d.get("extra_cards", [])),
    )


def _setup(d: Any) -> Setup:
    return Setup(
        step=str(d["step"]),
        first_player=int(d["first_player"]),
        order=tuple(d.get("order", [])),
        offer=tuple(d.get("offer", [])),
        packs=tuple(tuple(p) for p in d.get("packs", [])),
        kept=tuple(tuple(k) for k in d.get("kept", [])),
        passed=tuple(None if p is None else tuple(p) for p in d.get("passed", [])),
        discarded=tuple(d.get("discarded", [])),
    )


def state_from_json(data: Any) -> State:
    """Read a position; ValueError (invalid_position) when it is malformed or impossible."""
    from games.engine.hexpanse.validity import check

    try:
        if not isinstance(data, dict) or data.get("schema", SCHEMA) != SCHEMA:
            raise ValueError("a position is an object of schema 1")
        variants = data.get("variants") or {}
        teams = data.get("teams")
        missions = data.get("missions") or {}
        result = data.get("result")
        state = State(
            board=str(data["board"]),
            mode=str(data.get("mode", "capitaine")),
            elite=int(variants.get("elite", 0)),
            expert=bool(variants.get("expert", False)),
            alien=bool(variants.get("alien", False)),
            teams=None if not teams else tuple(tuple(int(s) for s in t) for t in teams),
            seats=tuple(_seat(s) for s in data["seats"]),
            units=tuple(
                sorted((parse_hex(k), _unit(u)) for k, u in (data.get("units") or {}).items())
            ),
            market=tuple(data.get("market", [])),
            deck=tuple(data.get("deck", [])),
            discard=tuple(data.get("discard", [])),
            out_of_game=tuple(data.get("out_of_game", [])),
            common=missions.get("common"),
            revealed=tuple(missions.get("revealed", [])),
            offer=tuple(missions.get("offer", [])),
            turn=_turn(data.get("turn") or {}),
            pending=tuple(
                _decision(p, int((data.get("turn") or {}).get("seat", 0)))
                for p in data.get("pending", [])
            ),
            result=None
            if result is None
            else Result(tuple(result["winner"]), str(result["how"]), result.get("mission")),
            setup=None if data.get("setup") is None else _setup(data["setup"]),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"malformed position: {exc}") from exc
    check(state)
    return state


def _decision(d: Any, turn_seat: int) -> Decision:
    if not isinstance(d, dict) or "seat" not in d or "kind" not in d:
        raise ValueError("a pending entry has a seat and a kind")
    rest = {k: v for k, v in d.items() if k not in ("seat", "kind")}
    if d["kind"] == "protect" and "then" not in rest:
        rest = _protect_as_printed(rest, turn_seat)
    return Decision(int(d["seat"]), str(d["kind"]), json.dumps(rest, sort_keys=True))


def _protect_as_printed(entry: dict[str, Any], turn_seat: int) -> dict[str, Any]:
    """A `protect` entry as spec 14.1 prints it, `{"seat", "kind", "target", "protectors"}`,
    without the step it interrupts (README, "Position format"): it resumes as a hit on `target`
    by the seat whose turn it is, nothing after it; an `attacker` hex, if given, makes it that
    unit's attack (R71)."""
    target = str(entry["target"])
    protectors = [str(h) for h in entry["protectors"]]
    by = int(entry.get("by", turn_seat))
    hit: dict[str, Any] = {"op": "hit", "seat": by, "target": target, "by": "attack"}
    if entry.get("attacker") is not None:
        hit["attacker"] = str(entry["attacker"])
    return {"target": target, "protectors": protectors, "by": by, "then": [hit]}
