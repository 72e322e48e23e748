"""Effects without geometry: the card, mercenary and faction effects that touch hexilum,
reserves, healing ships, warlords' life and other players' cards (§7.1 «Les icônes»,
§7.3 «La liste des cartes»; spec R97, R103-R108). `apply_effect` dispatches every effect,
the board ones to board_effects.py.

Effects are checked completely before anything changes: an IllegalMove leaves the move
unapplied.
"""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.hexpanse import board_effects
from games.engine.hexpanse.data import card as card_data
from games.engine.hexpanse.moves import Move
from games.engine.hexpanse.state import MAX_INCOME, Unit
from games.engine.hexpanse.units import heal, recover_list
from games.engine.hexpanse.work import Work, refuse

Effect = dict[str, Any]


def apply_effect(w: Work, seat: int, effect: Effect, m: Move, source: Hex | None, why: str) -> None:
    do = effect["do"]
    n = int(effect.get("n", 0))
    if do == "gain":
        w.gain(seat, n, why)
    elif do == "heal":
        heal(w, seat, n, why)
    elif do == "recover":
        units = recover_list(w, seat, m.units, n)
        w.steps.append({"op": "recover", "seat": seat, "units": units, "why": why})
    elif do == "reserve_attack":
        reserve_attack(w, seat, opponent(w, seat, m.player), n, why)
    elif do == "wound":
        victim = opponent(w, seat, m.player)
        w.steps.append({"op": "wound", "seat": victim, "n": n, "why": why, "by": seat})
    elif do == "destroy_hexilum":
        victim = opponent(w, seat, m.player)
        lost = min(n, w.seats[victim].hexilum)
        w.seats[victim].hexilum -= lost
        w.emit("HexilumDestroyed", seat=victim, amount=lost, by=seat, why=why)
    elif do == "steal_hexilum":
        victim = opponent(w, seat, m.player)
        taken = min(n, w.seats[victim].hexilum)
        w.seats[victim].hexilum -= taken
        w.seats[seat].hexilum += taken
        w.emit("HexilumStolen", seat=seat, victim=victim, amount=taken, why=why)
    elif do in ("steal_action", "remove_action"):
        _take_action_card(w, seat, m, do, why)
    elif do == "steal_merc":
        _steal_merc(w, seat, m, why)
    elif do == "extra_cards":
        w.turn.extra_market += 1
        w.emit("ExtraCardsPromised", seat=seat, why=why)
    elif do == "raise_income":
        raise_income(w, seat, why)
    else:
        board_effects.apply(w, seat, effect, m, source, why)


def opponent(w: Work, seat: int, player: int | None) -> int:
    """The opponent an effect names (R104, R130: a living seat of another team)."""
    if player is None:
        raise refuse("invalid_move", 'Name the opponent with "player".')
    if not 0 <= player < w.players or not w.enemy(seat, player):
        raise refuse("illegal_target", "That player is not an opponent.")
    if not w.seats[player].alive:
        raise refuse("illegal_target", "That player is out of the game.")
    return player


def reserve_attack(w: Work, seat: int, victim: int, n: int, why: str) -> None:
    """R104, R41: up to n normal units of the victim's reserve go to its healing ship."""
    s = w.seats[victim]
    hit = min(n, s.reserve.get("normal", 0))
    if hit:
        s.reserve["normal"] -= hit
        s.healing["normal"] = s.healing.get("normal", 0) + hit
    w.emit("ReserveAttacked", seat=seat, victim=victim, units=hit, why=why)


def raise_income(w: Work, seat: int, why: str) -> None:
    """R76, R107: pay the level reached; at most level 4."""
    s = w.seats[seat]
    if s.income >= MAX_INCOME:
        raise refuse("income_at_max", "Your income is already at its highest level.")
    if s.hexilum < s.income + 1:
        raise refuse(
            "not_enough_hexilum", "Raising your income costs {cost} hexilum.", cost=s.income + 1
        )
    s.income += 1
    s.hexilum -= s.income
    w.emit("IncomeRaised", seat=seat, income=s.income, cost=s.income, why=why)


def _take_action_card(w: Work, seat: int, m: Move, do: str, why: str) -> None:
    """A06 (take an opponent's action card) and A22 (remove one from the game), R105-R106."""
    victim = opponent(w, seat, m.player)
    code = m.card_target
    if code is None:
        raise refuse("invalid_move", 'Name the card with "card_target".')
    if code not in w.seats[victim].hand:
        raise refuse("illegal_target", "That player has no such action card.")
    w.seats[victim].hand.remove(code)
    if do == "steal_action":
        w.seats[seat].hand.append(code)
        w.emit("ActionCardStolen", seat=seat, victim=victim, card=code, why=why)
    else:
        w.out_of_game.append(code)
        w.emit("ActionCardDestroyed", seat=seat, victim=victim, card=code, why=why)


def _steal_merc(w: Work, seat: int, m: Move, why: str) -> None:
    """A07 option 2 (R106): the mercenary card changes hands with its token; a token on the
    board stays there, now the thief's, or comes back onto the card (`keep_on_board`, default
    true)."""
    victim = opponent(w, seat, m.player)
    code = m.card_target
    if code is None:
        raise refuse("invalid_move", 'Name the card with "card_target".')
    if code not in w.seats[victim].mercs or not card_data(code).is_merc:
        raise refuse("illegal_target", "That player has no such mercenary.")
    on_card = w.seats[victim].mercs.pop(code)
    keep = True if m.keep_on_board is None else m.keep_on_board
    for h, u in list(w.units.items()):
        if u.kind == "merc" and u.card == code and u.owner == victim:
            if keep:
                w.units[h] = Unit(seat, "merc", card=code)
            else:
                del w.units[h]
                on_card += 1
            w.dirty = True
    w.seats[seat].mercs[code] = on_card
    w.emit("MercenaryStolen", seat=seat, victim=victim, card=code, kept_on_board=keep, why=why)
