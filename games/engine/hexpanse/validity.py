"""What a position must satisfy (spec section 14.1, H1): each of the 50 cards in exactly one
place, unit conservation per living seat, units only on playable hexes, no minor unit of a seat
whose warlord is off the board, one warlord at most per living seat (none for the others)."""

from __future__ import annotations

from collections import Counter

from games.engine.hexpanse.data import (
    ALL_FACTIONS,
    CARD_CODES,
    MINOR_CODES,
    MISSION_CODES,
    boards,
    cards,
)
from games.engine.hexpanse.state import KINDS, MODES, POLICIES, State, count, kit

PHASES = ("setup", "income", "actions", "market", "over")


def check(state: State) -> None:
    n = len(state.seats)
    if state.board not in boards():
        raise ValueError("unknown board")
    if state.mode not in MODES or not 2 <= n <= 6:
        raise ValueError("unknown mode or wrong number of seats")
    if state.turn.phase not in PHASES or not 0 <= state.turn.seat < n:
        raise ValueError("bad turn")
    _check_cards(state)
    _check_units(state)
    for s in state.seats:
        if s.faction is not None and s.faction not in ALL_FACTIONS:
            raise ValueError(f"unknown faction {s.faction}")
        if s.protector_policy not in POLICIES or not 1 <= s.income <= 4 or s.hexilum < 0:
            raise ValueError("bad seat values")
        if not 0 <= s.life <= 12 or (s.alive and s.life < 1):
            raise ValueError("a warlord's life is 1-12 (0 once eliminated)")
        if any(m not in MINOR_CODES for m in s.minors):
            raise ValueError("unknown minor faction")
        if s.secret_mission not in (None, *MISSION_CODES):
            raise ValueError("unknown secret mission")
    if state.common not in (None, *MISSION_CODES):
        raise ValueError("unknown common mission")
    for d in state.pending:
        if not 0 <= d.seat < n:
            raise ValueError("a pending decision names no seat")


def _check_cards(state: State) -> None:
    places: list[str] = [c for c in state.market if c is not None]
    places += [*state.deck, *state.discard, *state.out_of_game, *state.turn.extra_cards]
    for s in state.seats:
        places += [*s.hand, *(c for c, _ in s.mercs)]
        if any(cards()[c].is_merc for c in s.hand if c in cards()):
            raise ValueError("a mercenary card in a hand of action cards")
        if any(not cards()[c].is_merc for c, _ in s.mercs if c in cards()):
            raise ValueError("an action card among the mercenaries")
    seen = Counter(places)
    missing = [c for c in CARD_CODES if seen[c] != 1]
    extra = [c for c in seen if c not in CARD_CODES]
    if missing or extra:
        raise ValueError(
            f"each of the 50 cards must be in exactly one place: {', '.join(missing + extra)}"
        )
    if len(state.market) != 5:
        raise ValueError("the market has 5 slots")


def _check_units(state: State) -> None:
    playable = boards()[state.board].playable(len(state.seats))
    on_board: Counter[tuple[int | None, str]] = Counter()
    warlords: Counter[int] = Counter()
    tokens: Counter[tuple[int, str]] = Counter()
    for h, u in state.units:
        if h not in playable:
            raise ValueError(f"a unit on {h[0]},{h[1]}, a hex not in play")
        if u.kind not in KINDS or (u.owner is not None and not 0 <= u.owner < len(state.seats)):
            raise ValueError("a unit of an unknown kind or seat")
        if u.owner is None:
            if u.kind == "warlord":
                raise ValueError("a neutral warlord")
            if u.kind == "merc" and u.card not in state.out_of_game:
                raise ValueError("a neutral mercenary's card is out of the game (H1)")
            continue
        if not state.seats[u.owner].alive:
            raise ValueError("a unit of an eliminated seat that is not neutral")
        if u.kind == "merc":
            if u.card is None:
                raise ValueError("a mercenary token without its card")
            tokens[(u.owner, u.card)] += 1
        elif u.kind == "minor":
            if u.minor not in state.seats[u.owner].minors:
                raise ValueError("a minor unit of a faction its owner does not have")
            on_board[(u.owner, u.minor)] += 1
        elif u.kind == "warlord":
            warlords[u.owner] += 1
        else:
            on_board[(u.owner, u.kind)] += 1
    normal, elite, minor = kit(state.mode, state.elite, state.expert)
    for i, s in enumerate(state.seats):
        if warlords[i] > 1:
            raise ValueError("two warlords for one seat")
        if warlords[i] == 0 and any(on_board[(i, m)] for m in s.minors):
            raise ValueError("a minor unit on the board before its warlord (R56)")
        if not s.alive:
            continue
        expected = {"normal": normal, "elite": elite, **dict.fromkeys(s.minors, minor)}
        for k, total in expected.items():
            have = count(s.reserve, k) + count(s.healing, k) + on_board[(i, k)]
            if have != total:
                raise ValueError(f"seat {i} has {have} {k} units, its kit {total}")
        for c, on_card in s.mercs:
            # C23's three tokens leave the game one by one; its card goes with the last (R54).
            total = on_card + tokens[(i, c)]
            full = cards()[c].tokens
            if on_card < 0 or not (total == full or 1 <= total < full):
                raise ValueError(f"seat {i}'s {c} tokens do not add up")
    for i, c in tokens:
        if c not in dict(state.seats[i].mercs):
            raise ValueError(f"a {c} token on the board without its card")
