"""The actions of the action phase (§5.5 «2. Phase d'Action»; spec R69-R79) and the market
moves (§5.5 «3. Phase de Marché»; R80-R85). Each checks everything first, in the order of
the refusal codes of spec section 14.4 (H2), then changes the working copy.
"""

from __future__ import annotations

from games.engine.hexgrid import distance
from games.engine.hexpanse import abilities, flow
from games.engine.hexpanse.data import card as card_data
from games.engine.hexpanse.data import cards
from games.engine.hexpanse.data import minor as minor_data
from games.engine.hexpanse.effects import apply_effect, raise_income
from games.engine.hexpanse.moves import Move, Place
from games.engine.hexpanse.state import MAX_LIFE, Unit
from games.engine.hexpanse.units import Budget, heal, put, source_key
from games.engine.hexpanse.work import Work, key, refuse


def _need(value: object, name: str) -> None:
    if value is None:
        raise refuse("invalid_move", 'This move needs "{field}".', field=name)


def place(w: Work, seat: int, m: Move) -> None:
    """R69 (and R60 for the warlord): a unit onto any empty playable hex."""
    _need(m.unit, "unit")
    _need(m.hex, "hex")
    assert m.hex is not None and m.unit is not None
    if m.unit == "warlord":
        if m.hex not in w.playable():
            raise refuse("hex_not_playable", "That hex is not in play.")
        if m.hex in w.units:
            raise refuse("hex_occupied", "That hex is not empty.")
        if w.warlord_hex(seat) is not None:
            raise refuse("warlord_already_on_board", "Your warlord is already on the board.")
        p = Place(m.hex, "warlord")
    else:
        p = Budget(w, seat).take(Place(m.hex, m.unit, m.card, m.minor))
    put(w, seat, p, why="place")


def return_unit(w: Work, seat: int, m: Move) -> None:
    """R70: one of your normal or elite units from the board back to the reserve."""
    _need(m.hex, "hex")
    assert m.hex is not None
    if m.hex not in w.playable():  # H2: the first code of the 14.4 list
        raise refuse("hex_not_playable", "That hex is not in play.")
    unit = w.units.get(m.hex)
    if unit is None:
        raise refuse("hex_empty", "There is no unit there.")
    if unit.owner != seat or unit.kind not in ("normal", "elite"):
        raise refuse(
            "cannot_return_unit", "Only your own normal and elite units go back to the reserve."
        )
    del w.units[m.hex]
    w.dirty = True
    s = w.seats[seat]
    s.reserve[unit.kind] = s.reserve.get(unit.kind, 0) + 1
    w.emit("UnitReturned", seat=seat, hex=key(m.hex), unit=unit.kind)


def recover(w: Work, seat: int, m: Move) -> None:
    """R72: one of your units from the healing ship to the reserve."""
    _need(m.unit, "unit")
    assert m.unit is not None
    from games.engine.hexpanse.units import pick_minor

    s = w.seats[seat]
    minor = pick_minor(w, seat, m.minor, s.healing) if m.unit == "minor" else None
    k = source_key(m.unit, minor)
    if m.unit not in ("normal", "elite", "minor") or s.healing.get(k, 0) <= 0:
        raise refuse("no_unit_in_healing", "No such unit on your healing ship.")
    s.healing[k] -= 1
    s.reserve[k] = s.reserve.get(k, 0) + 1
    w.emit("UnitsRecovered", seat=seat, units=[k], why="recover")


def can_attack(unit: Unit | None, seat: int) -> bool:
    """R58, R71, M11: any unit of yours except the Guardians of the Halo."""
    if unit is None or unit.owner != seat:
        return False
    return not (unit.minor is not None and minor_data(unit.minor).get("cannot_attack"))


def attack(w: Work, seat: int, m: Move) -> None:
    """R71: one of your units attacks an adjacent unit; the attacker goes too (an elite stays,
    a warlord takes 1 wound instead, after the effect, R126)."""
    _need(m.source_from, "from")
    _need(m.to, "to")
    assert m.source_from is not None and m.to is not None
    if not {m.source_from, m.to} <= w.playable():  # H2: the first code of the 14.4 list
        raise refuse("hex_not_playable", "That hex is not in play.")
    if m.source_from not in w.units or m.to not in w.units:
        raise refuse("hex_empty", "An attack goes from one of your units to an adjacent unit.")
    if distance(m.source_from, m.to) != 1:
        raise refuse("not_adjacent", "Units attack only adjacent hexes.")
    if not can_attack(w.units[m.source_from], seat):
        raise refuse("cannot_attack_with_unit", "That unit cannot attack.")
    w.steps.append(
        {
            "op": "hit",
            "seat": seat,
            "target": key(m.to),
            "attacker": key(m.source_from),
            "by": "attack",
        }
    )


def play(w: Work, seat: int, m: Move) -> None:
    """R73: an action card's chosen option; the card goes to the discard."""
    _need(m.card, "card")
    assert m.card is not None
    s = w.seats[seat]
    if m.card not in s.hand:
        raise refuse("card_not_owned", "You do not have that action card.")
    if m.option not in (1, 2):
        raise refuse("invalid_move", 'Choose "option" 1 or 2.')
    assert m.option is not None
    s.hand.remove(m.card)
    w.discard.append(m.card)
    w.emit("CardPlayed", seat=seat, card=m.card, option=m.option)
    effect = card_data(m.card).options[m.option - 1]
    apply_effect(w, seat, effect, m, None, m.card)


def _warlord(w: Work, seat: int, action: str) -> None:
    if w.warlord_hex(seat) is None:
        raise refuse("warlord_not_on_board", "Your warlord is not on the board.")
    if action in w.turn.warlord_actions_used:
        raise refuse("warlord_action_used", "Your warlord has done that this turn (R64).")
    w.turn.warlord_actions_used.append(action)


def heal_warlord(w: Work, seat: int, m: Move) -> None:
    """R77: +1 life, at most 12; once a turn, warlord on the board."""
    _warlord(w, seat, "heal")
    heal(w, seat, 1 if w.seats[seat].life < MAX_LIFE else 0, "heal")


def move_warlord(w: Work, seat: int, m: Move) -> None:
    """R78: to an adjacent empty hex; hexilum on entry; then 1 wound."""
    _need(m.to, "to")
    assert m.to is not None
    if m.to not in w.playable():
        raise refuse("hex_not_playable", "That hex is not in play.")
    if m.to in w.units:
        raise refuse("hex_occupied", "That hex is not empty.")
    here = w.warlord_hex(seat)
    if here is None:
        raise refuse("warlord_not_on_board", "Your warlord is not on the board.")
    if distance(here, m.to) != 1:
        raise refuse("not_adjacent", "The warlord moves to an adjacent hex.")
    _warlord(w, seat, "move")
    w.units[m.to] = w.units.pop(here)
    w.dirty = True
    w.emit("WarlordMoved", seat=seat, a=key(here), b=key(m.to))
    w.gain(seat, w.value(m.to), "hexilum_hex")
    w.steps.append({"op": "wound", "seat": seat, "n": 1, "why": "move_cost"})


def ability(w: Work, seat: int, m: Move) -> None:
    """R79: the faction ability, then 1 wound."""
    _warlord(w, seat, "ability")
    abilities.faction_ability(w, seat, m)


def buy(w: Work, seat: int, m: Move) -> None:
    _need(m.card, "card")
    assert m.card is not None
    if m.card not in cards() or (m.card not in w.market and m.card not in w.turn.extra_cards):
        raise refuse("card_not_in_market", "That card is not for sale.")
    if w.seats[seat].hexilum < card_data(m.card).cost:
        raise refuse("not_enough_hexilum", "You do not have enough hexilum for that card.")
    flow.buy(w, seat, m.card)


ACTIONS = {
    "place": place,
    "return": return_unit,
    "recover": recover,
    "attack": attack,
    "play": play,
    "activate": abilities.activate,
    "gain": lambda w, seat, m: w.gain(seat, 1, "gain"),
    "raise_income": lambda w, seat, m: raise_income(w, seat, "raise_income"),
    "heal": heal_warlord,
    "move_warlord": move_warlord,
    "ability": ability,
}
