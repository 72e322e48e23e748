"""The position format of spec E.1 (with the clarifications of Appendix D): `state_to_json`
writes every field; `state_from_json` (position_read.py) takes a hand-written position as it is
(I7), omitted fields taking their defaults. Our extensions are listed in the README."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.infinity.position_read import PositionError, state_from_json
from games.engine.infinity.state import (
    GAME,
    SCHEMA,
    Aro,
    Board,
    CurrentOrder,
    Orders,
    Pending,
    Policy,
    Secret,
    Skill,
    State,
    Trooper,
)

__all__ = ["PositionError", "state_from_json", "state_to_json"]


def _lst(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


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
    for key in ("weapon", "mode", "civilian", "target", "mine", "disguise"):
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
    if s.structure is not None:
        out["structure"] = list(s.structure)
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


def scenery_to_json(board: Board) -> list[dict[str, Any]]:
    """Each piece; one with a profile (SC-1) carries its `arm`, `str` and `damage`; a destroyed
    one is rubble, listed as rough ground with its profile."""
    profiles = {s.hex: s for s in board.structures}
    roofs = dict(board.roofs)
    out: list[dict[str, Any]] = []
    for h, kind in board.scenery:
        item: dict[str, Any] = {"hex": list(h), "kind": kind}
        if h in roofs:  # a roof a trooper may stand on (heights.py); absent: as before
            item["level"] = roofs[h]
        if (s := profiles.get(h)) is not None:
            item |= {"arm": s.arm, "str": s.str, "damage": s.damage}
        out.append(item)
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
        "synchronised": c.synchronised,
        "koalas": [list(k) for k in c.koalas],
        "mines": [[m, t, list(h)] for m, t, h in c.mines],
        # absent when empty: positions and logs from before Sixth Sense read the same
        **({"surprise": list(c.surprise)} if c.surprise else {}),
        **({"escorts": {v: [list(h) for h in r] for v, r in c.escorts}} if c.escorts else {}),
    }


def pending_to_json(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    out: dict[str, Any] = {"seat": p.seat, "kind": p.kind}
    if p.kind in ("aro", "koala_target"):
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
        "markers": dict(s.markers),
        "hidden_deployment": list(s.hidden_deployment),
        "infiltrated": dict(s.infiltrated),
        "mines": [
            {"marker": m.id, "layer": m.layer, "hex": list(m.hex), "shown": m.shown}
            | ({"ammo": m.ammo} if m.ammo != "Shock" else {})  # written for a Viral Mine only
            for m in s.mines
        ],
        "ambush": [
            {"trooper": a.trooper, "weapon": a.weapon, "within": a.within, "mode": a.mode}
            for a in s.ambush
        ],
        "policies": {t: policy_to_json(p) for t, p in s.policies},
    } | (
        ({"holo": dict(s.holo)} if s.holo else {})
        | ({"disguises": dict(s.disguises)} if s.disguises else {})
    )  # written when used: older positions read the same


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
        "enraged": t.enraged,
        "controller": t.controller,
        "dogged": t.dogged,
        "screen": t.screen,
        "screen_off": t.screen_off,
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
        "scenery": scenery_to_json(state.board),
        "zones": {"deployment": {str(s): {"rows": list(state.board.zones[s])} for s in (0, 1)}},
        "scenario": {
            "id": state.scenario.id,
            "max_game_turns": state.scenario.max_game_turns,
            "civilians": state.scenario.civilians,
        },
        "options": {
            "reactions": state.auto_policy,
            "hidden_deployment": state.hidden_allowed,
            # written for a game with B.5's two privileges only, so older positions write the same
            **({"privileges": "split"} if state.split_privileges else {}),
            **({"idle_ambush": "refused"} if state.refuse_idle_ambush else {}),
            **({"hidden_link": "reveals"} if state.link_reveals_hidden else {}),
        },
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
        "koalas": [
            {"id": k.id, "seat": k.seat, "carrier": k.carrier, "hex": list(k.hex)}
            for k in state.koalas
        ],
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
            **({"first_deployer": turn.first_deployer} if turn.first_deployer is not None else {}),
        },
        "hidden": {str(s): secret_to_json(state.hidden[s]) for s in (0, 1)},
        "markers_placed": state.markers_placed,
        **(
            {
                "echoes": [
                    {"id": e.id, "seat": e.seat, "trooper": e.trooper, "hex": list(e.hex)}
                    for e in state.echoes
                ]
            }
            if state.echoes
            else {}
        ),
        "log": [],
        "score": score,
    }
