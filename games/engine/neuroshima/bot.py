"""The computer opponent: `choose_move(state, seat, rng, level)` returns one legal move as JSON.

Levels: 1 "easy" (half random, half the greedy playout policy), 2 "medium" (every sensible step
judged by an imagined battle right after it), 3 "hard" (the best few of those judged again by
Monte Carlo playouts through the opponents' replies, each on its own determinization).

Hidden information: the bot first builds determinized states (`determinize`): every zone the
seat cannot see (opponents' unshown hand tiles, every pile's order, its own pile's order) is
pooled per seat, sorted and reshuffled with the bot's rng. A pool's contents follow from public
facts (the army's 34 tiles minus what has been seen on the board, in discard piles and kept in
hands), so the sampled state depends only on what the seat's view shows. Budgets are iteration
counts, never wall-clock time, so a given rng always gives the same move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from games.engine.neuroshima import legal
from games.engine.neuroshima.bot_eval import (
    Board,
    evaluate,
    greedy_move,
    hq_spot,
    tile_value,
)
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


# -- hidden information ----------------------------------------------------------------------


def determinize(state: State, seat: int, rng: Rng) -> tuple[State, Rng]:
    """A state the seat cannot tell from the real one: per seat, the tiles it has not seen (an
    opponent's unshown hand tiles and pile, its own pile) are sorted and dealt again at random.
    Sorting first makes the result independent of the real arrangement."""
    seats = []
    for i, s in enumerate(state.seats):
        hidden = [] if i == seat else [k for k, shown in enumerate(s.shown) if not shown]
        pool = sorted([s.hand[k] for k in hidden] + list(s.deck))
        dealt, rng = rng.shuffled(pool)
        hand = list(s.hand)
        for n, k in enumerate(hidden):
            hand[k] = dealt[n]
        seats.append(replace(s, hand=tuple(hand), deck=tuple(dealt[len(hidden) :])))
    return replace(state, seats=tuple(seats)), rng


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


def _search(state: State, seat: int, rng: Rng, level: int) -> Move:
    budget = BUDGETS[level]
    real_moves = legal.legal_moves(state, seat)
    if len(real_moves) == 1:
        return real_moves[0]
    det, rng = determinize(state, seat, rng)
    phase = state.phase
    if phase == "hq":
        h, rng = hq_spot(state, seat, rng)
        return PlaceHQ(h)
    if phase == "play" and seat == state.current:
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
            world, rng = determinize(state, seat, rng)
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
    """The bot's move as a Move object (the bench and playouts skip the JSON)."""
    value = level_of(level)
    if value == 1:
        det, rng = determinize(state, seat, rng)
        coin, rng = rng.below(2)
        if coin:
            move, _ = legal.random_move(det, seat, rng)
        else:
            move, _ = greedy_move(det, seat, rng)
        return move
    return _search(state, seat, rng, value)


def choose_move(state: State, seat: int, rng: Rng, level: int | str = 3) -> JSON:
    """One legal move of `seat` (which must be to act), JSON-encoded. Deterministic in `rng`."""
    if seat not in legal.to_act(state):
        raise ValueError(f"seat {seat} has nothing to decide now")
    return encode(choose(state, seat, rng, level))


# -- measuring -------------------------------------------------------------------------------

Player = Callable[[State, int, Rng], Move]


def random_player(state: State, seat: int, rng: Rng) -> Move:
    move, _ = legal.random_move(state, seat, rng)
    return move


def bot_player(level: int) -> Player:
    def play(state: State, seat: int, rng: Rng) -> Move:
        return choose(state, seat, rng, level)

    return play


def play_game(
    seed: str, armies: tuple[str, str], players: tuple[Player, Player], timed: int | None = None
) -> tuple[tuple[int, ...], list[float]]:
    """A two-player game; returns the ranks and the milliseconds `timed`'s moves took."""
    from games.engine.neuroshima.system import SYSTEM

    rng = Rng(seed)
    state: State = SYSTEM.setup({"armies": list(armies)}, 2, rng).state
    times: list[float] = []
    step = 0
    while state.phase != "over" and step < 2000:
        seat = legal.to_act(state)[0]
        start = time.perf_counter()
        move = players[seat](state, seat, Rng(f"{seed}/{seat}", step * 100_000))
        if seat == timed:
            times.append((time.perf_counter() - start) * 1000)
        state = apply_move(state, seat, move, rng).state
        step += 1
    assert state.result is not None, "a game did not end"
    return state.result.ranks, times


def _score(ranks: tuple[int, ...], seat: int) -> float:
    if ranks[0] == ranks[1]:
        return 0.5
    return 1.0 if ranks[seat] == 0 else 0.0


def _match(args: tuple[int, str, int, int]) -> tuple[float, list[float]]:
    from games.engine.neuroshima.tiles import ARMIES

    index, kind, strong, weak = args
    me = index % 2
    pair = (ARMIES[index % 4], ARMIES[(index // 4 + index + 1) % 4])
    players: list[Player] = [bot_player(strong), bot_player(strong)]
    players[1 - me] = random_player if kind == "random" else bot_player(weak)
    ranks, times = play_game(f"bench-{kind}-{index}", pair, (players[0], players[1]), timed=me)
    return _score(ranks, me), times


def bench_bot(
    games: int = 200, workers: int = 1, strong: int = 3, weak: int = 1
) -> dict[str, float]:
    """Hard vs random and hard vs easy over `games` games each, seats and armies alternating;
    draws count half. `workers` > 1 plays the games in that many processes."""
    jobs = [(i, kind, strong, weak) for kind in ("random", "weak") for i in range(games)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_match, jobs, chunksize=4))
    else:
        results = [_match(job) for job in jobs]
    vs_random = [r for (_, kind, _, _), r in zip(jobs, results, strict=True) if kind == "random"]
    vs_weak = [r for (_, kind, _, _), r in zip(jobs, results, strict=True) if kind == "weak"]
    times = sorted(t for _, ts in results for t in ts)
    return {
        "bot_vs_random_win_rate": round(sum(s for s, _ in vs_random) / max(1, len(vs_random)), 3),
        "bot_strong_vs_weak_win_rate": round(sum(s for s, _ in vs_weak) / max(1, len(vs_weak)), 3),
        "bot_move_ms_p50": round(times[len(times) // 2], 2) if times else 0.0,
    }


__all__ = ["BUDGETS", "LEVELS", "bench_bot", "choose", "choose_move", "determinize"]
