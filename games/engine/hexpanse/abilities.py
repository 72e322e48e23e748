"""Abilities of units: mercenaries' and minor units' entry abilities waiting in the queue
(R49, R57, R111-R116), reusable mercenaries and minor units activated for an action (R50-R51,
R74), and the warlords' faction abilities (R79, R86-R91).
"""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.hexpanse.board_effects import has_choice
from games.engine.hexpanse.data import CARD_CODES, factions, parse_hex
from games.engine.hexpanse.data import card as card_data
from games.engine.hexpanse.data import minor as minor_data
from games.engine.hexpanse.effects import apply_effect
from games.engine.hexpanse.moves import Move
from games.engine.hexpanse.work import Work, key, refuse

Entry = dict[str, Any]


def entry_effect(entry: Entry) -> tuple[dict[str, Any] | None, bool, bool]:
    """(effect, automatic, optional) of a queued entry ability."""
    if entry.get("card"):
        c = card_data(entry["card"])
        return c.effect, c.entry == "auto", c.optional
    data = minor_data(entry["minor"])
    return data.get("entry"), False, bool(data.get("optional"))


def source_present(w: Work, entry: Entry) -> bool:
    """The unit whose ability waits is still where it entered, still its owner's (else the
    ability is lost: a house decision, README)."""
    unit = w.units.get(parse_hex(entry["source"]))
    if unit is None or unit.owner != entry["seat"]:
        return False
    return unit.card == entry.get("card") and unit.minor == entry.get("minor")


def is_automatic(w: Work, entry: Entry) -> bool:
    """Entries the engine answers itself: lost abilities and abilities without a choice."""
    if entry["kind"] != "ability":
        return False
    if not source_present(w, entry):
        return True
    effect, auto, _ = entry_effect(entry)
    return auto or effect is None


def auto_resolve(w: Work, entry: Entry) -> None:
    why = entry.get("card") or entry.get("minor") or ""
    if not source_present(w, entry):
        w.emit("AbilityLost", seat=entry["seat"], hex=entry["source"], card=entry.get("card"))
        return
    effect, _, _ = entry_effect(entry)
    if effect is not None:
        apply_effect(w, entry["seat"], effect, Move("resolve"), parse_hex(entry["source"]), why)


def resolve(w: Work, seat: int, m: Move) -> None:
    """The answer to the entry ability at the head of the queue (R116); `skip` for an optional
    one, or one with nothing to act on."""
    entry = w.pending[0]
    if entry["kind"] != "ability":
        raise refuse("invalid_move", "The decision waiting is a Protector's: answer with protect.")
    if m.source is not None and key(m.source) != entry["source"]:
        raise refuse("illegal_target", "That is not the unit whose ability waits.")
    effect, _, optional = entry_effect(entry)
    assert effect is not None
    source = parse_hex(entry["source"])
    why = entry.get("card") or entry.get("minor") or ""
    w.pending.pop(0)
    if m.skip:
        if not optional and has_choice(w, seat, effect, source):
            raise refuse("invalid_move", "This ability is compulsory (R100).")
        w.emit("AbilitySkipped", seat=seat, hex=entry["source"], card=entry.get("card"))
        return
    w.emit(
        "AbilityResolved",
        seat=seat,
        hex=entry["source"],
        card=entry.get("card"),
        minor=entry.get("minor"),
    )
    apply_effect(w, seat, effect, m, source, why)


def activate(w: Work, seat: int, m: Move) -> None:
    """R74, R50-R51: a reusable mercenary or minor unit of yours on the board uses its ability
    for one action, once per turn each."""
    if m.card is not None:
        c = card_data(m.card) if m.card in CARD_CODES else None
        if c is None or m.card not in w.seats[seat].mercs:
            raise refuse("card_not_owned", "You do not own that mercenary.")
        source = _token_hex(w, seat, m.card)
        if source is None:
            raise refuse("mercenary_not_on_board", "That mercenary is not on the board.")
        if not c.reusable or c.effect is None:
            raise refuse("illegal_target", "That mercenary's ability is not reusable.")
        if m.card in w.turn.activated:
            raise refuse("ability_already_used", "That mercenary has acted this turn.")
        effect, why, mark = c.effect, m.card, m.card
    elif m.hex is not None:
        if m.hex not in w.playable():  # H2: the first code of the 14.4 list
            raise refuse("hex_not_playable", "That hex is not in play.")
        unit = w.units.get(m.hex)
        if unit is None:
            raise refuse("hex_empty", "There is no unit there.")
        reusable = None if unit.minor is None else minor_data(unit.minor).get("reusable")
        if unit.owner != seat or reusable is None:
            raise refuse("illegal_target", "Activate one of your reusable minor units.")
        if key(m.hex) in w.turn.activated:
            raise refuse("ability_already_used", "That unit has acted this turn.")
        source, effect, why, mark = m.hex, reusable, unit.minor or "", ""
    else:
        raise refuse("invalid_move", 'Name the mercenary ("card") or the minor unit ("hex").')
    w.emit("AbilityActivated", seat=seat, card=m.card, hex=key(source), why=why)
    apply_effect(w, seat, effect, m, source, why)
    if mark:
        w.turn.activated.append(mark)
    else:
        # A minor unit that moves itself (M03, M04) is marked where it stands and where it
        # goes, so that it acts once a turn wherever it ends.
        ends = m.move[1] if m.move else m.target
        if m.swap is not None:
            ends = m.swap[1] if m.swap[0] == source else m.swap[0]
        w.turn.activated += [key(h) for h in (source, ends) if h is not None]


def _token_hex(w: Work, seat: int, code: str) -> Hex | None:
    for h, u in w.units.items():
        if u.kind == "merc" and u.card == code and u.owner == seat:
            return h
    return None


def faction_ability(w: Work, seat: int, m: Move) -> None:
    """R79: the warlord's special action, then its wound (R126)."""
    faction = w.seats[seat].faction
    assert faction is not None
    warlord = w.warlord_hex(seat)
    assert warlord is not None
    effect = factions()[faction]["ability"]
    w.emit("AbilityUsed", seat=seat, faction=faction)
    apply_effect(w, seat, effect, m, warlord, faction)
    w.steps.append({"op": "wound", "seat": seat, "n": 1, "why": "ability_cost"})
