"""The computer opponent's judgement: a cheap placement score, a position evaluation that imagines
a battle now, and the fast greedy policy its playouts use (bot.py searches with them).

Everything here reads only what the acting seat may know: the board (public), its own hand and
the discard piles. Hidden zones are made up by bot.determinize before any state reaches here.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.hexgrid import Hex, distance
from games.engine.neuroshima import battle as rules
from games.engine.neuroshima import board, legal
from games.engine.neuroshima.battle.attacks import blast_area
from games.engine.neuroshima.battle.effects import NEIGHBOURS, RAYS, Geo, geo
from games.engine.neuroshima.moves import (
    ChoosePushDestination,
    Decide,
    Discard,
    EndTurn,
    Move,
    PlaceHQ,
    PlaceTile,
    PlayBattle,
)
from games.engine.neuroshima.position import PlacedTile, Position
from games.engine.neuroshima.state import State
from games.engine.neuroshima.tiles import CELLS, tile
from games.engine.rng import Rng

WIN = 1000.0
# What a wound is worth on a target, by kind: HQ points decide the game.
TARGET_WEIGHT = {"hq": 2.5, "unit": 1.0, "module": 0.8}
# Evaluation weights: real HQ points, HQ points after an imagined battle now, tiles after it.
W_HQ_NOW, W_HQ_BATTLE, W_MATERIAL = 1.0, 0.6, 0.25


def tile_value(tile_id: str) -> float:
    """A static worth of one tile, in hand or on the board (a rough 'how much it fights')."""
    spec = tile(tile_id)
    if spec.kind == "hq":
        return 0.0
    if spec.kind == "instant":
        return {"battle": 1.2, "air_strike": 2.2, "sniper": 1.6, "grenade": 1.2}.get(
            spec.instant or "", 1.0
        )
    power = sum(spec.melee) + sum(spec.ranged) + 0.8 * sum(spec.gauss)
    extra = 0.6 * any(spec.net) + 0.3 * any(spec.armor) + 0.3 * spec.mobility
    extra += 0.1 * max(spec.initiative, default=0)
    if spec.kind == "module":
        extra += 1.2
    return 0.6 + 0.45 * power + extra + 0.3 * (spec.hit_points - 1)


def _friends(position: Position, seat: int, other: int) -> bool:
    return position.are_friends(seat, other)


def _enemy_seats(position: Position, seat: int, active: tuple[int, ...]) -> list[int]:
    return [s for s in active if not _friends(position, seat, s)]


def _material(position: Position, seat: int) -> float:
    total = 0.0
    for p in position.tiles:
        if p.seat == seat and p.spec.kind != "hq":
            hp = p.spec.hit_points
            total += tile_value(p.tile) * (hp - p.wounds) / hp
    return total


def _score_position(position: Position, after: Position, state: State, seat: int) -> float:
    active = state.active_seats()
    enemies = _enemy_seats(position, seat, active)
    mine = [s for s in active if _friends(position, seat, s)]
    if not enemies:
        return 0.0

    def side(pos: Position, seats: list[int], fn: str) -> float:
        if fn == "hq":
            values = [float(pos.hq_points(s)) for s in seats]
        else:
            values = [_material(pos, s) for s in seats]
        return sum(values) / len(values)

    value = W_HQ_NOW * (side(position, mine, "hq") - side(position, enemies, "hq"))
    value += W_HQ_BATTLE * (side(after, mine, "hq") - side(after, enemies, "hq"))
    value += W_MATERIAL * (side(after, mine, "mat") - side(after, enemies, "mat"))
    # A HQ that the imagined battle destroys is much worse than a few points.
    value += 8.0 * (
        sum(1 for s in enemies if after.hq(s) is None) - sum(1 for s in mine if after.hq(s) is None)
    )
    if state.config.points_variant:
        value += 1.5 * (
            sum(state.seats[s].points for s in mine) / len(mine)
            - sum(state.seats[s].points for s in enemies) / len(enemies)
        )
    return value


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat`: the outcome when over, else HQ points now, after a battle
    fought now (the documented default choices) and the tiles left after it."""
    if state.result is not None:
        ranks = state.result.ranks
        best = min(ranks)
        scores = state.result.scores
        margin = 0.0
        if scores:
            others = [scores[i] for i in range(len(scores)) if i != seat]
            margin = scores[seat] - (max(others) if others else 0.0)
        if ranks[seat] == best and ranks.count(best) == len(ranks):
            return margin
        if ranks[seat] == best:
            return WIN / ranks.count(best) + margin
        return -WIN * ranks[seat] / max(1, max(ranks)) + margin
    if seat not in state.active_seats():
        return -WIN
    if state.battle is not None:
        finished, _ = rules.run_to_end(state.battle)
        position = finished.position
        return _score_position(state.position, position, state, seat)
    after, _ = rules.resolve(state.position)
    return _score_position(state.position, after, state, seat)


@dataclass
class Board:
    """One seat's tactical picture of a position, for scoring placements fast."""

    position: Position
    seat: int
    tiles: dict[Hex, PlacedTile]
    hurt: dict[int, bool]  # may `seat` wound that seat's tiles
    # incoming[h][d]: enemy (melee, ranged) strength arriving at empty h from direction d.
    incoming: dict[Hex, list[list[int]]]
    # shield[h]: worth of the enemy shots a tile on empty h would stop before they hit ours.
    shield: dict[Hex, float]
    hq: Hex | None

    @classmethod
    def of(cls, position: Position, seat: int) -> Board:
        tiles = {p.hex: p for p in position.tiles}
        seats = range(len(position.seats))
        hurt = {s: board.hostile(position, seat, s) for s in seats}
        incoming: dict[Hex, list[list[int]]] = {h: [[0, 0] for _ in range(6)] for h in CELLS}
        shield: dict[Hex, float] = dict.fromkeys(CELLS, 0.0)
        for p in position.tiles:
            if not hurt[p.seat]:
                continue
            g = geo(p.tile, p.rotation)
            for d, s in g.melee:
                n = NEIGHBOURS[p.hex][d]
                if n is not None and n not in tiles:
                    incoming[n][(d + 3) % 6][0] += s
            for d, s in g.ranged:
                passed: list[Hex] = []
                for n in RAYS[(p.hex, d)]:
                    other = tiles.get(n)
                    if other is None:
                        incoming[n][(d + 3) % 6][1] += s
                        passed.append(n)
                    elif board.hostile(position, p.seat, other.seat):
                        if other.seat == seat or not hurt[other.seat]:
                            worth = TARGET_WEIGHT.get(other.spec.kind, 1.0) * s
                            for h in passed:
                                shield[h] += worth
                        break
        hq = position.hq(seat)
        return cls(position, seat, tiles, hurt, incoming, shield, None if hq is None else hq.hex)

    def _target(self, h: Hex, from_hq: bool) -> float:
        other = self.tiles.get(h)
        if other is None or not self.hurt[other.seat]:
            return 0.0
        kind = other.spec.kind
        if from_hq and kind == "hq":
            return 0.0
        return TARGET_WEIGHT.get(kind, 1.0)

    def place_score(self, tile_id: str, h: Hex, rotation: int) -> float:
        """A quick guess of what a board tile on empty `h` turned `rotation` is worth."""
        g: Geo = geo(tile_id, rotation)
        score = 0.0
        for d, s in g.melee:
            n = NEIGHBOURS[h][d]
            if n is not None:
                score += s * self._target(n, g.is_hq)
        for d, s in g.ranged:
            for n in RAYS[(h, d)]:
                other = self.tiles.get(n)
                if other is not None and self.hurt[other.seat]:
                    score += s * self._target(n, g.is_hq)
                    break
        for d in g.gauss:
            score += sum(0.9 * self._target(n, False) for n in RAYS[(h, d)])
        for d in g.nets:
            n = NEIGHBOURS[h][d]
            other = self.tiles.get(n) if n is not None else None
            if other is not None and self.hurt[other.seat] and other.spec.kind == "unit":
                score += (
                    0.4
                    + 0.4 * len(geo(other.tile, other.rotation).melee)
                    + 0.4 * len(geo(other.tile, other.rotation).ranged)
                )
        danger = 0.0
        for d in range(6):
            melee, ranged = self.incoming[h][d]
            danger += melee + (max(0, ranged - 1) if g.armour[d] else ranged)
        worth = tile_value(tile_id)
        score -= min(1.0, danger / max(1, g.hp)) * worth * 0.7 + 0.15 * danger
        score += 0.5 * self.shield[h]
        if g.kind == "module" or g.effects:
            friendly = g.effects and not g.targets_enemy
            for n in NEIGHBOURS[h]:
                other = self.tiles.get(n) if n is not None else None
                if other is None or other.spec.kind == "hq" and not friendly:
                    continue
                ours = _friends(self.position, self.seat, other.seat)
                if ours == bool(friendly):
                    score += 0.6 if other.spec.kind == "unit" else 0.25
        if self.hq is not None and distance(self.hq, h) == 1:
            score += 0.2
        score += 0.05 * max(g.initiative, default=0)
        return score

    def best_placements(self, tile_id: str, limit: int) -> list[tuple[float, Hex, int]]:
        empty = [h for h in CELLS if h not in self.tiles]
        scored = [(self.place_score(tile_id, h, r), h, r) for h in sorted(empty) for r in range(6)]
        scored.sort(key=lambda x: -x[0])
        return scored[:limit]


def hq_spot(state: State, seat: int, rng: Rng) -> tuple[Hex, Rng]:
    """Away from the enemy HQs, off the centre but not in a corner (fewer sides to defend)."""
    others = [p.hex for p in state.position.tiles if p.spec.kind == "hq"]
    empty = state.position.empty_cells()
    best: list[Hex] = []
    best_score = -1e9
    for h in empty:
        ring = distance(h, (0, 0))
        score = (min((distance(h, o) for o in others), default=3) * 1.0) - (
            0.8 if ring == 0 else 0.0
        )
        score += 0.3 if ring == 1 else 0.0
        if score > best_score + 1e-9:
            best, best_score = [h], score
        elif abs(score - best_score) <= 1e-9:
            best.append(h)
    return rng.choice(best)


def strike_target(state: State, seat: int, kind: str) -> Hex | None:
    """The most valuable legal target of a Sniper / Grenade / Air strike, or None if none helps."""
    position = state.position
    targets = rules.legal_strike_targets(position, seat, kind)
    best: Hex | None = None
    best_score = 0.5
    for t in targets:
        area = blast_area(t) if kind == "air_strike" else (t,)
        score = 0.0
        for h in area:
            p = position.at(h)
            if p is None or p.spec.kind == "hq":
                continue
            worth = tile_value(p.tile) * (2.0 if p.wounds + 1 >= p.spec.hit_points else 0.6)
            score += -worth * 1.2 if _friends(position, seat, p.seat) else worth
        if score > best_score:
            best, best_score = t, score
    return best


def greedy_move(state: State, seat: int, rng: Rng) -> tuple[Move, Rng]:
    """The playout policy: cheap, sensible and legal. HQ away from the enemy, discard the least
    useful tile, place each unit where it hits most, fire strikes at the best target, play a
    Battle tile when the imagined battle favours us, then end the turn."""
    phase = state.phase
    if phase == "hq":
        h, rng = hq_spot(state, seat, rng)
        return PlaceHQ(h), rng
    if phase == "push":
        assert state.push is not None
        return rng.choice([ChoosePushDestination(h) for h in state.push.options])
    if phase == "battle":
        decision = rules.pending(state.battle)
        assert decision is not None
        return Decide(decision.options[0]), rng
    hand = state.seats[seat].hand
    if phase == "discard":
        worth = [_hand_worth(state, seat, t) for t in hand]
        return Discard(worth.index(min(worth))), rng
    picture = Board.of(state.position, seat)
    best_move: Move = EndTurn()
    best_score = 0.0
    for i, tile_id in enumerate(hand):
        spec = tile(tile_id)
        if spec.is_board_tile:
            top = picture.best_placements(tile_id, 1)
            if top and top[0][0] + 0.4 > best_score:
                best_score, best_move = top[0][0] + 0.4, PlaceTile(i, top[0][1], top[0][2])
        elif spec.instant in ("sniper", "grenade", "air_strike"):
            target = strike_target(state, seat, spec.instant)
            if target is not None:
                cls = legal.STRIKE_MOVES[spec.instant]
                return cls(i, target), rng
        elif spec.instant == "battle" and state.last_tile_by is None and len(hand) == 1:
            if battle_gain(state, seat) > 0.5:
                return PlayBattle(i), rng
    return best_move, rng


def battle_gain(state: State, seat: int) -> float:
    """HQ points a battle now would win us against the enemies (mean), minus ours lost."""
    position = state.position
    after, _ = rules.resolve(position)
    return _score_position(position, after, state, seat) - _score_position(
        position, position, state, seat
    )


def _hand_worth(state: State, seat: int, tile_id: str) -> float:
    spec = tile(tile_id)
    if spec.instant in ("sniper", "grenade", "air_strike"):
        return tile_value(tile_id) if strike_target(state, seat, spec.instant) else 0.2
    if spec.instant == "battle":
        return 0.3 if state.last_tile_by is not None else tile_value(tile_id)
    if spec.instant in ("move", "push_back"):
        return 0.8
    return tile_value(tile_id)
