"""Per-seat views (spec E.3, Part D.3) and `determinize`: a view drops the other seat's secrets
(its Lieutenant, reaction policies, hidden troopers and their triggers, a second skill committed
in advance), shows its troopers by their public profile and reduces its pending decision to
"waiting"; `determinize` deals a full state back from a view."""

from __future__ import annotations

from typing import Any

from games.engine.infinity import camouflage, disguise
from games.engine.infinity.data import profiles
from games.engine.infinity.hidden import hidden_of, left_out
from games.engine.infinity.policies import AUTO
from games.engine.infinity.position import policy_to_json, state_to_json
from games.engine.infinity.rules import to_act
from games.engine.infinity.state import State
from games.engine.rng import Rng
from games.engine.view_copy import copied

# What the computer takes a marker for: the Ninja for a TO marker, a camouflaged scout else.
MARKER_GUESS = {"to": "jsa.ninja.combi", "camouflage": "test.camo.camouflage"}


def _waiting(pending: dict[str, Any] | None, seat: int | None) -> dict[str, Any] | None:
    if pending is None or pending["seat"] == seat or pending["kind"] == "ended":
        return pending
    return {"seat": pending["seat"], "kind": "waiting"}


def view(state: State, seat: int | None) -> dict[str, Any]:
    data = state_to_json(state)
    secret_of = {s: state.hidden[s] for s in (0, 1)}
    unseen = []
    troopers = []
    markers = []
    masked_army = {s for s in (0, 1) if disguise.in_army(state, s)}
    for t in data["troopers"]:
        if t["seat"] == seat:
            troopers.append(t)
            continue
        if t["hex"] is None and t["seat"] in masked_army:
            continue  # a Holoprojector L1's army: each figure shows itself as it deploys
        worn = dict(secret_of[t["seat"]].disguises).get(t["id"])  # a Holoprojector L1's
        t["profile"] = worn or profiles()[t["profile"]].public
        if t["id"] in secret_of[t["seat"]].hidden_deployment:
            unseen.append({"id": t["id"], "seat": t["seat"], "profile": t["profile"]})
            continue
        if t["id"] in state.marker_of:  # only the marker: never who, what or how hurt
            trooper = state.trooper(t["id"])
            markers.append(
                {
                    "marker": state.marker_of[t["id"]],
                    "seat": t["seat"],
                    "hex": t["hex"],
                    "kind": camouflage.kind_of(trooper),
                }
            )
            continue
        troopers.append(t)
    shown = []  # mines (mines.py): a hidden one is the other seat's camouflage marker
    for s, secret in enumerate(state.hidden):
        for m in secret.mines:
            if m.shown or s == seat:
                mine = {"marker": m.id, "seat": s, "hex": list(m.hex)}
                if m.ammo == "Viral":  # its kind, once known (or its owner's)
                    mine["viral"] = True
                shown.append(mine if m.shown else {**mine, "camouflaged": True})
            else:
                markers.append(
                    {"marker": m.id, "seat": s, "hex": list(m.hex), "kind": "camouflage"}
                )
    data["troopers"] = troopers
    data.setdefault("echoes", [])  # Holo-echoes are public; which token is real is not (holo.py)
    data["unseen"] = unseen
    data["markers"] = sorted(markers, key=lambda m: int(m["marker"][1:]))
    data["mines"] = sorted(shown, key=lambda m: int(m["marker"][1:]))
    data["hidden"] = {str(seat): data["hidden"][str(seat)]} if seat is not None else {}
    turn = data["turn"]
    turn["pending"] = _waiting(turn["pending"], seat)
    turn["queue"] = [_waiting(p, seat) for p in turn["queue"]]
    current = turn["current_order"]
    if current is not None and current["seat"] != seat:
        current["second"] = None
    _leave_out_hidden(state, data, seat)
    data["seat"] = seat
    data["to_act"] = list(to_act(state))
    hide = {tid: v for tid, v in camouflage.masks(state).items() if v[0] != seat}
    return camouflage.masked(data, hide) if hide else data


def _leave_out_hidden(state: State, data: dict[str, Any], seat: int | None) -> None:
    """The other seat's hidden troopers (spec B.14) out of its teams and its current order: a
    game set up before version 4 keeps a hidden trooper hidden in a team (fireteams.py)."""
    hidden = {tid: v for tid, v in hidden_of(state).items() if v[0] != seat}
    if not hidden:
        return
    data["fireteams"] = [t for f in data["fireteams"] if (t := left_out(f, hidden)) is not None]
    current = data["turn"]["current_order"]
    if current is not None:
        data["turn"]["current_order"] = left_out(current, hidden) or current


def _lieutenant_guess(data: dict[str, Any], foe: int, rng: Rng) -> tuple[str | None, Rng]:
    """The other seat's Lieutenant as far as the view allows: the one revealed, else one of the
    troopers that may be it (a plain loadout some Lieutenant option looks like)."""
    info = data["seats"][foe]
    if info.get("revealed_lieutenant"):
        return info["revealed_lieutenant"], rng
    disguises = {p.public_as for p in profiles().values() if p.public_as}
    alive = [
        t for t in data["troopers"] if t["seat"] == foe and t["state"] == "normal" and t["hex"]
    ]
    likely = [t["id"] for t in alive if t["profile"] in disguises] or [t["id"] for t in alive]
    if not likely:
        return None, rng
    return rng.choice(sorted(likely))


def _free_zone_hex(data: dict[str, Any], seat: int, rng: Rng) -> tuple[list[int] | None, Rng]:
    first, last = data["zones"]["deployment"][str(seat)]["rows"]
    taken = {tuple(t["hex"]) for t in data["troopers"] if t["hex"]}
    taken |= {tuple(c["hex"]) for c in data["civilians"]}
    taken |= {tuple(s["hex"]) for s in data["scenery"] if s["kind"] == "building"}
    cells = [
        [q, row - q // 2]
        for q in range(data["board"]["cols"])
        for row in range(first, last + 1)
        if (q, row - q // 2) not in taken
    ]
    if not cells:
        return None, rng
    return rng.choice(cells)


def determinize(view_data: dict[str, Any], seat: int, rng: Rng) -> State:
    """A full state consistent with `seat`'s view. The other seat's Lieutenant is drawn among
    the troopers it may be; its hidden troopers stand somewhere in its deployment zone with a
    default trigger; its reaction policies are the sensible automatic ones (shoot what enters
    the line of fire, dodge templates), so the computer expects sensible reactions."""
    from games.engine.infinity.hidden import default_trigger
    from games.engine.infinity.position import state_from_json

    data = copied(view_data)
    foe = 1 - seat
    lieutenant, rng = _lieutenant_guess(data, foe, rng)
    for t in data["troopers"]:
        if t["id"] == lieutenant:
            real = [p.id for p in profiles().values() if p.public_as == t["profile"]]
            if real:
                t["profile"] = real[0]
    hidden_ids = []
    for u in data.get("unseen", []):
        h, rng = _free_zone_hex(data, u["seat"], rng)
        data["troopers"].append(
            {
                "id": u["id"],
                "seat": u["seat"],
                "profile": u["profile"],
                "hex": h,
                "facing": 0 if u["seat"] == 0 else 3,
            }
        )
        hidden_ids.append(u["id"])
    guessed = {}  # a marker stands for a trooper of its kind, named as the marker (D)
    for m in data.get("markers", []):
        data["troopers"].append(
            {
                "id": m["marker"],
                "seat": m["seat"],
                "profile": MARKER_GUESS.get(m["kind"], MARKER_GUESS["camouflage"]),
                "hex": m["hex"],
                "facing": 0 if m["seat"] == 0 else 3,
            }
        )
        guessed[m["marker"]] = m["marker"]
    order = {t["id"]: n for n, t in enumerate(data["troopers"])}
    data["troopers"].sort(key=lambda t: (t["seat"], order[t["id"]]))
    policy = policy_to_json(AUTO)
    data["hidden"][str(foe)] = {
        "lieutenant": lieutenant,
        "hidden_deployment": hidden_ids,
        "mines": [  # the mines it knows of (a hidden one is a marker, taken for a trooper)
            {"marker": m["marker"], "layer": "", "hex": m["hex"], "shown": True}
            | ({"ammo": "Viral"} if m.get("viral") else {})
            for m in data.get("mines", [])
            if m["seat"] == foe
        ],
        "markers": guessed,
        "policies": {t["id"]: policy for t in data["troopers"] if t["seat"] == foe},
    }
    turn = data["turn"]
    turn["pending"] = _unwait(turn, turn["pending"])
    turn["queue"] = [_unwait(turn, p) for p in turn["queue"]]
    state = state_from_json(data)
    for tid in hidden_ids:
        trigger = default_trigger(state, tid)
        if trigger is not None:
            secret = state.hidden[foe]
            state = state.with_secret(foe, ambush=(*secret.ambush, trigger))
    return state


def _unwait(turn: dict[str, Any], pending: dict[str, Any] | None) -> dict[str, Any] | None:
    """The other seat's decision, as the public facts suggest it."""
    if pending is None or pending["kind"] != "waiting":
        return pending
    current = turn.get("current_order")
    if current is not None and current.get("stage") in ("aro1", "aro2"):
        declared = {a["trooper"] for a in current.get("aros", [])}
        eligible = [t for t in current.get("offered", []) if t not in declared]
        window = 1 if current["stage"] == "aro1" else 2
        return {"seat": pending["seat"], "kind": "aro", "window": window, "eligible": eligible}
    if turn.get("phase") == "deployment":
        return {"seat": pending["seat"], "kind": "deploy"}
    return {"seat": pending["seat"], "kind": "order"}
