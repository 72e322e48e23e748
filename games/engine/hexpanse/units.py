"""Units entering and leaving the board, warlord wounds and elimination (§5.4 «Description
des Unités», §6 «Conditions de victoire»; spec R39-R63, R94, R122-R125)."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.hexpanse.data import card as card_data
from games.engine.hexpanse.data import minor as minor_data
from games.engine.hexpanse.moves import Place, UnitRef
from games.engine.hexpanse.state import Unit
from games.engine.hexpanse.work import Work, key, refuse

ORDER = {"normal": 0, "elite": 1}


def source_key(kind: str, minor: str | None) -> str:
    return minor if kind == "minor" and minor is not None else kind


def pick_minor(w: Work, seat: int, minor: str | None, pool: dict[str, int]) -> str:
    """The minor faction meant: the one named, else the seat's first with a unit in `pool`."""
    mine = w.seats[seat].minors
    if minor is not None:
        if minor not in mine:
            raise refuse("illegal_target", "That minor faction is not yours.")
        return minor
    for code in mine:
        if pool.get(code, 0) > 0:
            return code
    if not mine:
        raise refuse("no_unit_in_reserve", "You have no minor units.")
    return mine[0]


class Budget:
    """What a seat can still place during one effect (several placements draw on the same
    reserve, tokens and healing ship): checked once, before anything happens."""

    def __init__(self, w: Work, seat: int, from_healing: bool = False) -> None:
        s = w.seats[seat]
        self.w, self.seat, self.from_healing = w, seat, from_healing
        self.pool = dict(s.healing if from_healing else s.reserve)
        self.tokens = dict(s.mercs)
        self.hexes: set[Hex] = set()

    def take(self, p: Place, *, conditional: bool = False, occupied_ok: bool = False) -> Place:
        """Check one placement and reserve its unit; returns it with its minor faction named.
        `conditional`: the hex only has to be empty when the placement happens (A16, A17)."""
        w = self.w
        if p.hex not in w.playable():
            raise refuse("hex_not_playable", "That hex is not in play.")
        if p.hex in self.hexes or (not conditional and not occupied_ok and p.hex in w.units):
            raise refuse("hex_occupied", "That hex is not empty.")
        if p.unit == "warlord":
            raise refuse("illegal_target", "Cards and abilities never place a warlord (R65).")
        if p.unit == "merc":
            if self.from_healing:
                raise refuse("no_unit_in_healing", "Mercenaries never reach the healing ship.")
            if p.card is None or p.card not in self.tokens:
                raise refuse("card_not_owned", "You do not own that mercenary.")
            if self.tokens[p.card] <= 0:
                raise refuse("no_unit_in_reserve", "That mercenary is already on the board.")
            self.tokens[p.card] -= 1
            self.hexes.add(p.hex)
            return Place(p.hex, "merc", p.card)
        minor = pick_minor(w, self.seat, p.minor, self.pool) if p.unit == "minor" else None
        k = source_key(p.unit, minor)
        if self.pool.get(k, 0) <= 0:
            if self.from_healing:
                raise refuse("no_unit_in_healing", "No such unit on your healing ship.")
            raise refuse("no_unit_in_reserve", "No such unit in your reserve.")
        if p.unit == "minor" and w.warlord_hex(self.seat) is None:
            raise refuse(
                "warlord_not_on_board", "Minor units wait until your warlord is on the board."
            )
        self.pool[k] -= 1
        self.hexes.add(p.hex)
        return Place(p.hex, p.unit, None, minor)


def put(w: Work, seat: int, p: Place, *, from_healing: bool = False, why: str = "") -> None:
    """A checked placement (R69, R95): the unit leaves its reserve, card or healing ship, enters
    the board, collects hexilum (R39, M09) and its entry ability joins the queue (R49, R114)."""
    s = w.seats[seat]
    if p.unit == "merc":
        assert p.card is not None
        s.mercs[p.card] -= 1
        unit = Unit(seat, "merc", card=p.card)
    elif p.unit == "warlord":
        unit = Unit(seat, "warlord")
    else:
        pool = s.healing if from_healing else s.reserve
        pool[source_key(p.unit, p.minor)] -= 1
        unit = Unit(seat, p.unit, minor=p.minor)
    w.units[p.hex] = unit
    w.dirty = True
    w.emit(
        "UnitPlaced",
        seat=seat,
        hex=key(p.hex),
        unit=p.unit,
        card=p.card,
        minor=p.minor,
        why=why,
        healed=from_healing,
    )
    value = w.value(p.hex)
    if value:
        w.gain(seat, value, "hexilum_hex")
        if p.minor is not None and minor_data(p.minor).get("hexilum_bonus"):
            w.gain(seat, int(minor_data(p.minor)["hexilum_bonus"]), "ox_miners")
    _queue_entry(w, seat, p)


def _queue_entry(w: Work, seat: int, p: Place) -> None:
    if p.unit == "merc" and p.card is not None and card_data(p.card).entry is not None:
        w.pending.append({"seat": seat, "kind": "ability", "source": key(p.hex), "card": p.card})
    elif p.minor is not None and minor_data(p.minor).get("entry") is not None:
        w.pending.append({"seat": seat, "kind": "ability", "source": key(p.hex), "minor": p.minor})


def remove(w: Work, h: Hex, why: str) -> None:
    """A unit leaves the board for good or for its healing ship (R43, R53, R59, M02, M11):
    normal, elite and minor units go to their owner's healing ship, Cauldron-born straight to
    the reserve; mercenaries and neutral units leave the game."""
    unit = w.units.pop(h)
    w.dirty = True
    owner = unit.owner
    w.emit(
        "UnitRemoved",
        seat=owner,
        was=unit.was,
        hex=key(h),
        unit=unit.kind,
        card=unit.card,
        minor=unit.minor,
        why=why,
    )
    if owner is None:
        return
    s = w.seats[owner]
    if unit.kind == "merc":
        assert unit.card is not None
        others = any(
            u.kind == "merc" and u.card == unit.card and u.owner == owner for u in w.units.values()
        )
        if s.mercs.get(unit.card, 0) == 0 and not others:
            del s.mercs[unit.card]
            w.out_of_game.append(unit.card)
        return
    if unit.kind == "minor" and unit.minor is not None:
        data = minor_data(unit.minor)
        if data.get("zombie"):
            s.reserve[unit.minor] = s.reserve.get(unit.minor, 0) + 1
            w.emit("ZombieReturned", seat=owner, minor=unit.minor)
            return
        s.healing[unit.minor] = s.healing.get(unit.minor, 0) + 1
        if data.get("on_healing_gain"):
            w.gain(owner, int(data["on_healing_gain"]), "guardians_of_the_halo")
        return
    s.healing[unit.kind] = s.healing.get(unit.kind, 0) + 1


def wound(w: Work, seat: int, n: int, why: str, by: int | None = None) -> None:
    """R61-R63: the warlord loses `n` life; a wound taken on the skull (1) destroys it."""
    s = w.seats[seat]
    if not s.alive or n <= 0:
        return
    s.life -= n
    w.emit("WarlordWounded", seat=seat, amount=n, life=max(s.life, 0), why=why, by=by)
    if s.life <= 0:
        eliminate(w, seat, why)


def heal(w: Work, seat: int, n: int, why: str) -> None:
    """R77, R103: at most 12 life; allowed with the warlord off the board."""
    s = w.seats[seat]
    before = s.life
    s.life = min(12, s.life + n)
    w.emit("WarlordHealed", seat=seat, amount=s.life - before, life=s.life, why=why)


def eliminate(w: Work, seat: int, why: str) -> None:
    """R122-R125: out of the game. Units on the board turn neutral, the warlord leaves, action
    cards go to the discard, mercenary cards leave the game, reserve, healing ship and hexilum
    are lost. The secret mission stays hidden until the end."""
    s = w.seats[seat]
    s.alive, s.life, s.hexilum = False, 0, 0
    for h, u in list(w.units.items()):
        if u.owner != seat:
            continue
        if u.kind == "warlord":
            del w.units[h]
        else:
            w.units[h] = Unit(None, u.kind, card=u.card, minor=u.minor, was=seat)
    w.discard.extend(s.hand)
    s.hand = []
    w.out_of_game.extend(s.mercs)
    s.mercs = {}
    s.reserve = dict.fromkeys(s.reserve, 0)
    s.healing = dict.fromkeys(s.healing, 0)
    w.dirty = True
    w.emit("PlayerEliminated", seat=seat, why=why)
    kept: list[dict[str, object]] = []
    for entry in w.pending:
        if entry["seat"] != seat:
            kept.append(entry)
        elif entry["kind"] == "protect":
            # The defender is gone: its attacked unit is neutral now and no one protects it.
            w.steps = [*entry["then"], *w.steps]
    w.pending = kept


def recover_list(w: Work, seat: int, units: tuple[UnitRef, ...] | None, n: int) -> list[list[Any]]:
    """Up to n units of the seat's healing ship (its choice; without one, normal units first,
    then elite, then minor units by faction)."""
    healing = dict(w.seats[seat].healing)
    if units is None:
        out: list[list[Any]] = []
        for k in sorted(healing, key=lambda k: ORDER.get(k, 2)):
            for _ in range(healing[k]):
                if len(out) < n:
                    out.append([k, None] if k in ORDER else ["minor", k])
        return out
    if len(units) > n:
        raise refuse("invalid_move", "At most {limit} units.", limit=n)
    chosen: list[list[Any]] = []
    for ref in units:
        minor = pick_minor(w, seat, ref.minor, healing) if ref.unit == "minor" else None
        k = source_key(ref.unit, minor)
        if healing.get(k, 0) <= 0:
            raise refuse("no_unit_in_healing", "No such unit on your healing ship.")
        healing[k] -= 1
        chosen.append([ref.unit, minor])
    return chosen
