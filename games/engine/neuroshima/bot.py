"""The computer opponent: `choose_move(state, seat, rng, level)` returns one legal move as JSON.

Levels: 1 "easy" (half random, half the greedy playout policy), 2 "medium" (every sensible step
judged by an imagined battle right after it), 3 "hard" (the best few of those judged again by
Monte Carlo playouts through the opponents' replies, each on its own determinization).

Hidden information: the bot reads the seat's view only, and searches states dealt from it
(determinize.py): every zone the seat cannot see (opponents' unshown hand tiles, every pile's
order, its own pile's order) is dealt at random from the tiles that seat has not seen. Budgets
are iteration counts, never wall-clock time, so a given rng always gives the same move.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.neuroshima import legal
from games.engine.neuroshima import view as views
from games.engine.neuroshima.bot_eval import (
    Board,
    evaluate,
    greedy_move,
    hq_spot,
    tile_value,
)
from games.engine.neuroshima.determinize import deal
from games.engine.neuroshima.moves import (
    Discard,
    EndTurn,
    Move,
    MoveUnit,
    PlaceHQ,
    PlaceTile,
    PlayMove,
    PlaySniper,
    encode,
)
from games.engine.neuroshima.state import State
from games.engine.neuroshima.system import apply_move
from games.engine.protocol import JSON, IllegalMove
from games.engine.rng import Rng

LEVELS = {"easy": 1, "medium": 2, "hard": 3}


@dataclass(frozen=True)
class Budget:
    place_per_tile: int  # best placements per board tile (cheap score) judged by evaluation
    relocations: int  # best mobility / Move-tile relocations judged by evaluation
    snipes: int  # best Sniper targets judged by evaluation
    finalists: int  # candidates judged again by playouts (0: none)
    playouts: int  # determinized playouts per finalist
    rounds: int  # opponent turns each playout goes through
    playout_steps: int = 40  # hard cap of moves in one playout


BUDGETS = {
    2: Budget(place_per_tile=6, relocations=3, snipes=3, finalists=0, playouts=0, rounds=0),
    3: Budget(place_per_tile=8, relocations=4, snipes=4, finalists=3, playouts=3, rounds=1),
}


def level_of(level: int | str) -> int:
    value = LEVELS.get(level, 0) if isinstance(level, str) else level
    if value not in (1, 2, 3):
        raise ValueError(f"unknown bot level {level!r}; use 1-3 or easy/medium/hard")
    return value


# -- search ----------------------------------------------------------------------------------


def _after(state: State, seat: int, move: Move) -> State | None:
    try:
        after: State = apply_move(state, seat, move, Rng("bot")).state
    except IllegalMove:
        return None
    return after


def _finish_turn(state: State, seat: int, rng: Rng, steps: int) -> tuple[State, Rng]:
    """Play `seat`'s own pending steps with the greedy policy until its turn ends."""
    start = state.turn
    for _ in range(steps):
        if state.phase == "over" or state.turn != start:
            break
        acting = legal.to_act(state)
        if not acting or acting[0] != seat and state.current != seat:
            break
        who = acting[0]
        move, rng = greedy_move(state, who, rng)
        nxt = _after(state, who, move)
        if nxt is None:
            break
        state = nxt
    return state, rng


def playout(state: State, seat: int, rng: Rng, rounds: int, steps: int) -> float:
    """Greedy play for everybody until `seat` has seen `rounds` of the others' turns; then the
    evaluation."""
    turns_left = rounds * max(1, len(state.active_seats()) - 1)
    last_turn = state.turn
    for _ in range(steps):
        if state.phase == "over":
            break
        if state.turn != last_turn:
            last_turn = state.turn
            if state.current == seat and state.phase in ("discard", "play"):
                break
            turns_left -= 1
            if turns_left < 0:
                break
        acting = legal.to_act(state)
        if not acting:
            break
        move, rng = greedy_move(state, acting[0], rng)
        nxt = _after(state, acting[0], move)
        if nxt is None:
            break
        state = nxt
    return evaluate(state, seat)


def _relocation_score(state: State, seat: int, move: MoveUnit | PlayMove) -> float:
    placed = state.position.at(move.src)
    if placed is None:
        return -1e9
    picture = Board.of(state.position.without(move.src), seat)
    if move.dst != move.src and move.dst in picture.tiles:
        return -1e9
    new = picture.place_score(placed.tile, move.dst, move.rotation)
    old = picture.place_score(placed.tile, move.src, placed.rotation)
    return new - old


def _candidates(state: State, seat: int, budget: Budget) -> list[Move]:
    """The play-phase moves worth an evaluation, cut down by cheap scores."""
    moves = legal.legal_moves(state, seat)
    picture = Board.of(state.position, seat)
    hand = state.seats[seat].hand
    out: list[Move] = []
    places: dict[int, list[tuple[float, int, PlaceTile]]] = {}
    relocations: list[tuple[float, int, Move]] = []
    snipes: list[tuple[float, int, Move]] = []
    for n, m in enumerate(moves):
        if isinstance(m, PlaceTile):
            score = picture.place_score(hand[m.tile_index], m.hex, m.rotation)
            places.setdefault(m.tile_index, []).append((-score, n, m))
        elif isinstance(m, (MoveUnit, PlayMove)):
            relocations.append((-_relocation_score(state, seat, m), n, m))
        elif isinstance(m, PlaySniper):
            target = state.position.at(m.target)
            worth = 0.0 if target is None else tile_value(target.tile)
            snipes.append((-worth, n, m))
        elif isinstance(m, Discard):
            continue  # keeping a tile is never worse than throwing it away unseen
        else:
            out.append(m)
    for options in places.values():
        out.extend(m for _, _, m in sorted(options)[: budget.place_per_tile])
    out.extend(m for _, _, m in sorted(relocations)[: budget.relocations])
    out.extend(m for _, _, m in sorted(snipes)[: budget.snipes])
    return out


def _judge(state: State, seat: int, move: Move, rng: Rng, finish: bool) -> tuple[float, Rng]:
    after = _after(state, seat, move)
    if after is None:
        return -1e9, rng
    if finish:
        after, rng = _finish_turn(after, seat, rng, 12)
    return evaluate(after, seat), rng


def _search(view: JSON, seat: int, rng: Rng, level: int) -> Move:
    budget = BUDGETS[level]
    det, rng = deal(view, seat, rng)
    real_moves = legal.legal_moves(det, seat)  # the seat's own moves: the same in every deal
    if len(real_moves) == 1:
        return real_moves[0]
    phase = det.phase
    if phase == "hq":
        h, rng = hq_spot(det, seat, rng)
        return PlaceHQ(h)
    if phase == "play" and seat == det.current:
        candidates = _candidates(det, seat, budget)
        finish = False
    else:  # discard, push destination, battle decisions: every option, turn finished greedily
        candidates = list(real_moves)
        finish = phase == "discard"
    if not candidates:
        return EndTurn() if EndTurn() in real_moves else real_moves[0]
    scored: list[tuple[float, int, Move]] = []
    for n, move in enumerate(candidates):
        value, rng = _judge(det, seat, move, rng, finish)
        scored.append((value, -n, move))
    scored.sort(key=lambda x: (-x[0], -x[1]))
    if budget.finalists and len(scored) > 1 and phase == "play":
        finalists = [m for _, _, m in scored[: budget.finalists]]
        worlds = [det]
        for _ in range(budget.playouts - 1):
            world, rng = deal(view, seat, rng)
            worlds.append(world)
        best_value, best_move = -1e18, finalists[0]
        for move in finalists:
            total = 0.0
            for w, world in enumerate(worlds):
                after = _after(world, seat, move)
                if after is None:
                    total = -1e12
                    break
                # Common random numbers: every finalist meets the same opponents' luck.
                total += playout(
                    after,
                    seat,
                    Rng(rng.seed, rng.counter + 7919 * w),
                    budget.rounds,
                    budget.playout_steps,
                )
            if total > best_value:
                best_value, best_move = total, move
        return best_move
    return scored[0][2]


def choose(state: State, seat: int, rng: Rng, level: int | str = 3) -> Move:
    """The bot's move as a Move object (the bench and playouts skip the JSON). Only the seat's
    view of `state` is read."""
    return choose_from_view(views.view(state, seat), seat, rng, level)


def choose_from_view(view: JSON, seat: int, rng: Rng, level: int | str = 3) -> Move:
    value = level_of(level)
    if value == 1:
        det, rng = deal(view, seat, rng)
        coin, rng = rng.below(2)
        if coin:
            move, _ = legal.random_move(det, seat, rng)
        else:
            move, _ = greedy_move(det, seat, rng)
        return move
    return _search(view, seat, rng, value)


def choose_move(state: State, seat: int, rng: Rng, level: int | str = 3) -> JSON:
    """One legal move of `seat` (which must be to act), JSON-encoded. Deterministic in `rng`."""
    if seat not in legal.to_act(state):
        raise ValueError(f"seat {seat} has nothing to decide now")
    return encode(choose(state, seat, rng, level))


__all__ = ["BUDGETS", "LEVELS", "choose", "choose_from_view", "choose_move", "level_of"]
