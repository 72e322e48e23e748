"""What a seat may know (spec section 14.2) and states dealt from it (`determinize`).

Hidden: the deck and the discard (counts only), other teams' secret missions until the end,
other teams' Protector standing orders (R117; the brief counts reaction policies as secrets),
the extra market cards of A08/A13/A14/C25 (the buyer's eyes only), the missions still offered
during the Amiral pick (the picker's eyes only), the expert draft packs, picks and discards
(their holder's), and, before their setup step, the minor factions on offer, the market and the
missions (the rulebook deals them after the faction choice, §5.2).
"""

from __future__ import annotations

from typing import Any

from games.engine.hexpanse.data import CARD_CODES, MINOR_CODES, MISSION_CODES
from games.engine.hexpanse.position import state_from_json, state_to_json
from games.engine.hexpanse.rules import to_act
from games.engine.hexpanse.state import State, team_of
from games.engine.rng import Rng
from games.engine.view_copy import copied

HIDDEN = "hidden"
EARLY_STEPS = ("faction", "minor", "draft", "discard")


def _sees_secrets_of(state: State, seat: int | None, other: int) -> bool:
    return state.result is not None or (seat is not None and other in team_of(state.teams, seat))


def view(state: State, seat: int | None) -> dict[str, Any]:
    j = state_to_json(state)
    j["deck"] = {"count": len(state.deck)}
    j["discard"] = {"count": len(state.discard)}
    for i, s in enumerate(j["seats"]):
        if not _sees_secrets_of(state, seat, i):
            if s["secret_mission"] is not None:
                s["secret_mission"] = HIDDEN
            s["protector_policy"] = HIDDEN
    extra = state.turn.extra_cards
    if extra and seat != state.turn.seat:
        j["turn"]["extra_cards"] = {"count": len(extra)}
    setup = state.setup
    if setup is not None:
        picker = setup.order[0] if setup.step == "mission" and setup.order else None
        if state.offer and seat != picker:
            j["missions"]["offer"] = {"count": len(state.offer)}
        if setup.step in EARLY_STEPS:
            j["missions"] = {"common": HIDDEN}
            j["market"] = {"count": len(state.market)}
        if setup.step == "faction" and setup.offer:
            j["setup"]["offer"] = {"count": len(setup.offer)}
        _hide_draft(j["setup"], setup.step, seat)
    j["to_act"] = list(to_act(state))
    return j


def _hide_draft(s: dict[str, Any], step: str, seat: int | None) -> None:
    for i in range(len(s["packs"])):
        if i != seat:
            s["packs"][i] = {"count": len(s["packs"][i])}
    for i in range(len(s["passed"])):
        if i != seat and s["passed"][i] is not None:
            s["passed"][i] = {"count": len(s["passed"][i])}
    if step in ("faction", "draft"):
        for i in range(len(s["kept"])):
            if i != seat:
                s["kept"][i] = {"count": len(s["kept"][i])}
    for i in range(len(s["discarded"])):
        if i != seat and s["discarded"][i]:
            s["discarded"][i] = HIDDEN


def _take(pool: list[str], n: int) -> list[str]:
    out = pool[:n]
    del pool[:n]
    return out


def determinize(v: dict[str, Any], seat: int, rng: Rng) -> State:
    """A full state the seat cannot tell from the real one: every hidden part dealt at random
    from what the seat has not seen."""
    j = copied(v)
    j.pop("to_act", None)
    _deal_cards(j, rng)
    _deal_missions(j, seat, Rng(f"{rng.seed}/missions", rng.counter))
    if "setup" in j:
        _deal_setup(j, seat, Rng(f"{rng.seed}/setup", rng.counter))
    for s in j["seats"]:
        if s["protector_policy"] == HIDDEN:
            s["protector_policy"] = "ask"
    return state_from_json(j)


def _deal_cards(j: dict[str, Any], rng: Rng) -> None:
    seen: set[str] = set(j["out_of_game"])
    market_hidden = isinstance(j["market"], dict)
    if not market_hidden:
        seen |= {c for c in j["market"] if c}
    extra = j["turn"].get("extra_cards")
    if isinstance(extra, list):
        seen |= set(extra)
    for s in j["seats"]:
        seen |= set(s["hand"]) | set(s["mercs"])
    unseen, _ = rng.shuffled([c for c in CARD_CODES if c not in seen])
    pool = list(unseen)
    if isinstance(extra, dict):
        j["turn"]["extra_cards"] = _take(pool, extra["count"])
    if market_hidden:
        j["market"] = _take(pool, j["market"]["count"])
    j["deck"] = _take(pool, j["deck"]["count"])
    j["discard"] = _take(pool, j["discard"]["count"])


def _deal_missions(j: dict[str, Any], seat: int, rng: Rng) -> None:
    missions = j["missions"]
    hidden_seats = [s for s in j["seats"] if s["secret_mission"] == HIDDEN]
    if missions.get("common") == HIDDEN:
        n = len(j["seats"]) + 1
        order, _ = rng.shuffled(MISSION_CODES)
        if j["mode"] == "amiral":
            missions.clear()
            missions.update({"common": None, "revealed": list(order[:n])})
        else:
            missions.clear()
            missions["common"] = order[0]
        return
    known = {missions.get("common")} | {
        s["secret_mission"] for s in j["seats"] if s["secret_mission"] not in (None, HIDDEN)
    }
    offer_hidden = isinstance(missions.get("offer"), dict)
    if not hidden_seats and not offer_hidden:
        return
    candidates = [m for m in missions.get("revealed", MISSION_CODES) if m not in known]
    pool = list(rng.shuffled(candidates)[0])
    for s in hidden_seats:
        s["secret_mission"] = pool.pop(0)
    if offer_hidden:
        missions["offer"] = _take(pool, missions["offer"]["count"])


def _deal_setup(j: dict[str, Any], seat: int, rng: Rng) -> None:
    s = j["setup"]
    taken = {m for st in j["seats"] for m in st["minors"]}
    if not isinstance(s["offer"], dict):
        taken |= set(s["offer"])
    for group in ("packs", "kept", "passed"):
        for item in s[group]:
            if isinstance(item, list):
                taken |= set(item)
    pool = list(rng.shuffled([m for m in MINOR_CODES if m not in taken])[0])
    if isinstance(s["offer"], dict):
        s["offer"] = _take(pool, s["offer"]["count"])
    for group in ("packs", "kept", "passed"):
        for i, item in enumerate(s[group]):
            if isinstance(item, dict):
                s[group][i] = _take(pool, item["count"])
    for i, d in enumerate(s["discarded"]):
        if d == HIDDEN:
            s["discarded"][i] = s["kept"][i][0]
