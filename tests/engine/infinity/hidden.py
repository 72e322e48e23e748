"""What an Infinity seat must never find in its view (tests/engine/test_contract.py; spec
Part D.3, E.3): the other side's Lieutenant (its identity, and the Lieutenant option of its
profile), its standing reaction policies, its hidden troopers with their ambush triggers, a
covert infiltrator's roll (infiltration.py), that a marker is a mine (mines.py), a Viral one
above all, which of a trooper's Holo-echo tokens is real and where it stands (holo.py), what a
disguised Holoprojector L1 trooper really is (disguise.py), and a
second skill committed in advance before the reactive seat has answered the first."""

from __future__ import annotations

import json

from games.engine.infinity import disguise, holo, infiltration
from games.engine.infinity.position import policy_to_json, skill_to_json
from games.engine.infinity.state import State


def secrets(state: State, seat: int | None) -> list[str]:
    out: list[str] = []
    for other in (0, 1):
        if other == seat:
            continue
        secret = state.hidden[other]
        if secret.lieutenant is not None:
            out.append(json.dumps({"lieutenant": secret.lieutenant})[1:-1])
        for t in state.army(other):
            if t.prof.public_as is not None:
                out.append(json.dumps(t.profile))  # "corregidor.alguacil.lt"
            if t.id in state.marker_of:  # who stands behind a camouflage marker
                out.append(json.dumps(t.id))
            if t.id in secret.hidden_deployment and t.hex is not None:
                out.append(json.dumps({"profile": t.prof.public, "hex": list(t.hex)})[1:-1])
            covert = t.id in state.marker_of or t.id in secret.hidden_deployment
            mod = infiltration.roll_mod(state.board, other, t.hex) if t.hex else None
            if secret.rolled_infiltration(t.id) and covert and mod is not None:
                # the roll of an infiltrator that stands covert where it rolled
                out.append(json.dumps({"hex": list(t.hex), "sv": t.prof.ph + mod})[1:-1])
        for m in secret.mines:  # a mine still standing as a camouflage marker (mines.py)
            if not m.shown:
                out.append(json.dumps({"marker": m.id, "mine": True})[1:-1])
                out.append(json.dumps({"marker": m.id, "layer": m.layer})[1:-1])
                if m.ammo != "Shock":  # which marker is the Viral Mine
                    kind = {"marker": m.id, "seat": other, "hex": list(m.hex), "viral": True}
                    out.append(json.dumps(kind)[1:-1])
        for tid, token in secret.holo:  # which of a trooper's Holo-echo tokens is real (holo.py)
            out.append(json.dumps({"real": token})[1:-1])
            out.append(json.dumps({"holo": {tid: token}})[1:-1])
            real = holo.real_hex(state, tid)
            if token != tid and real is not None:  # where it really stands, as a trooper
                t = state.trooper(tid)
                where = {"id": tid, "seat": other, "profile": t.profile, "hex": list(real)}
                out.append(json.dumps(where)[1:-1])
        for t in state.army(other):  # a Holoprojector L1's real profile (disguise.py): while
            shown = dict(secret.disguises).get(t.id)  # disguised, or before it is deployed
            undeployed = t.hex is None and disguise.carries(t)
            if undeployed or shown is not None and t.prof.public != shown:
                out.append(json.dumps({"id": t.id, "seat": other, "profile": t.profile})[1:-1])
        if secret.policies:
            out.append(json.dumps({t: policy_to_json(p) for t, p in secret.policies}))
        for trigger in secret.ambush:
            out.append(json.dumps({"trooper": trigger.trooper, "weapon": trigger.weapon})[1:-1])
        cur = state.turn.current
        if cur is not None and cur.seat == other and cur.second is not None:
            if cur.stage in ("declare1", "aro1"):
                out.append(json.dumps(skill_to_json(cur.second)))
    return out
