"""Legal moves of a seat, JSON-encoded, in a stable order. The first move of each list is the
deadline default (README, "Decisions and their defaults"): end the actions, end the turn,
skip an optional ability, do not sacrifice a Protector, the first choice of a setup step."""

from __future__ import annotations

from typing import Any

from games.engine.hexpanse.abilities import entry_effect
from games.engine.hexpanse.actions import can_attack
from games.engine.hexpanse.board_effects import has_choice
from games.engine.hexpanse.data import card as card_data
from games.engine.hexpanse.data import factions, hex_key, parse_hex
from games.engine.hexpanse.options import effect_params, reusable_minor
from games.engine.hexpanse.rules import to_act
from games.engine.hexpanse.setup import available_factions
from games.engine.hexpanse.state import MAX_INCOME, State
from games.engine.hexpanse.work import Work
from games.engine.rng import Rng

Move = dict[str, Any]


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    w = Work.of(state, Rng("legal"))
    if state.setup is not None:
        return [{"seat": seat, **m} for m in _setup(w, seat)]
    if w.pending:
        return [{"seat": seat, **m} for m in _decision(w, seat)]
    if state.turn.phase == "market":
        return [{"seat": seat, **m} for m in _market(w, seat)]
    return [{"seat": seat, **m} for m in _actions(w, seat)]


def _setup(w: Work, seat: int) -> list[Move]:
    setup = w.setup
    assert setup is not None
    if setup.step == "faction":
        taken = [s.faction for s in w.seats]
        return [
            {"do": "choose_faction", "faction": f} for f in available_factions(w.base.alien, taken)
        ]
    if setup.step == "minor":
        return [{"do": "choose_minor", "minor": m} for m in setup.offer]
    if setup.step == "draft":
        return [{"do": "draft_keep", "minor": m} for m in setup.packs[seat]]
    if setup.step == "discard":
        return [{"do": "draft_discard", "minor": m} for m in setup.kept[seat]]
    return [{"do": "pick_mission", "mission": m} for m in w.offer]


def _decision(w: Work, seat: int) -> list[Move]:
    head = w.pending[0]
    if head["kind"] == "protect":
        return [{"do": "protect", "with": None}] + [
            {"do": "protect", "with": h} for h in head["protectors"]
        ]
    effect, _, optional = entry_effect(head)
    assert effect is not None
    source = parse_hex(head["source"])
    base = {"do": "resolve", "source": head["source"]}
    out: list[Move] = []
    if optional or not has_choice(w, seat, effect, source):
        out.append({**base, "skip": True})
    out += [{**base, **p} for p in effect_params(w, seat, effect, source)]
    return out


def _market(w: Work, seat: int) -> list[Move]:
    money = w.seats[seat].hexilum
    offered = [c for c in w.market if c is not None] + w.turn.extra_cards
    return [{"do": "end_turn"}] + [
        {"do": "buy", "card": c} for c in dict.fromkeys(offered) if card_data(c).cost <= money
    ]


def _actions(w: Work, seat: int) -> list[Move]:
    s = w.seats[seat]
    out: list[Move] = [{"do": "end_actions"}, {"do": "gain"}]
    if s.income < MAX_INCOME and s.hexilum > s.income:
        out.append({"do": "raise_income"})
    empty = [hex_key(h) for h in sorted(w.playable()) if h not in w.units]
    warlord = w.warlord_hex(seat)
    used = w.turn.warlord_actions_used
    if warlord is None:
        out += [{"do": "place", "unit": "warlord", "hex": h} for h in empty]
    kinds: list[dict[str, Any]] = [{"unit": k} for k in ("normal", "elite") if s.reserve.get(k)]
    if warlord is not None:
        kinds += [{"unit": "minor", "minor": m} for m in s.minors if s.reserve.get(m)]
    kinds += [{"unit": "merc", "card": c} for c, n in sorted(s.mercs.items()) if n > 0]
    out += [{"do": "place", **k, "hex": h} for k in kinds for h in empty]
    mine = sorted((h, u) for h, u in w.units.items() if u.owner == seat)
    out += [{"do": "return", "hex": hex_key(h)} for h, u in mine if u.kind in ("normal", "elite")]
    for k, n in s.healing.items():
        if n > 0:
            ref = {"unit": k} if k in ("normal", "elite") else {"unit": "minor", "minor": k}
            out.append({"do": "recover", **ref})
    for h, u in mine:
        if can_attack(u, seat):
            out += [
                {"do": "attack", "from": hex_key(h), "to": hex_key(t)}
                for t in w.adjacent(h)
                if t in w.units
            ]
    if warlord is not None:
        if "heal" not in used:
            out.append({"do": "heal"})
        if "move" not in used:
            out += [
                {"do": "move_warlord", "to": hex_key(t)}
                for t in w.adjacent(warlord)
                if t not in w.units
            ]
        if "ability" not in used and s.faction is not None:
            effect = factions()[s.faction]["ability"]
            out += [{"do": "ability", **p} for p in effect_params(w, seat, effect, warlord)]
    for code in dict.fromkeys(s.hand):
        for option, effect in enumerate(card_data(code).options, start=1):
            out += [
                {"do": "play", "card": code, "option": option, **p}
                for p in effect_params(w, seat, effect, None)
            ]
    out += _activations(w, seat, mine)
    return out


def _activations(w: Work, seat: int, mine: list[Any]) -> list[Move]:
    out: list[Move] = []
    for h, u in mine:
        if u.kind == "merc" and u.card is not None:
            c = card_data(u.card)
            if c.reusable and c.effect is not None and u.card not in w.turn.activated:
                out += [
                    {"do": "activate", "card": u.card, **p}
                    for p in effect_params(w, seat, c.effect, h)
                ]
        effect = reusable_minor(u.minor) if u.kind == "minor" else None
        if effect is not None and hex_key(h) not in w.turn.activated:
            out += [
                {"do": "activate", "hex": hex_key(h), **p}
                for p in effect_params(w, seat, effect, h)
            ]
    return out
