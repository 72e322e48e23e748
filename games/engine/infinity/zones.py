"""Zone Control (tier 2; spec B.15, our design): three 7-hex zones on the board's centre line;
at the end of each game turn a seat controls a zone if it has more Normal troopers inside it
than the other (troopers in hidden deployment do not count, as markers do not: counting them
would tell the other side they are there; nor does a trooper among its Holo-echoes, D: where
it really stands is secret, and its figure may be a decoy); one zone point per zone per game turn; more zone
points wins, ties broken by the Annihilation victory points."""

from __future__ import annotations

from games.engine.hexgrid import Hex
from games.engine.infinity import geometry as geo
from games.engine.infinity import holo
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.data import axial, row_of
from games.engine.infinity.state import Board, State


def _mirror(board: Board, h: Hex) -> Hex:
    """The hex opposite through the board's centre (every layout is point-symmetric)."""
    return axial(board.cols - 1 - h[0], board.rows - 1 - row_of(h))


def zone_hexes(board: Board) -> tuple[tuple[Hex, ...], ...]:
    """The three zones, laid out as the board is (point-symmetric, so neither side is
    favoured): a circular template a quarter of the width in, on the centre line; its mirror
    image; and between them the seven hexes nearest the board's centre (ties kept)."""
    scenery = dict(board.scenery)
    side = geo.circular(axial(board.cols // 4, board.rows // 2), board, scenery)
    cells = [
        (q, r)
        for q in range(board.cols)
        for r in range(-(q // 2), board.rows - q // 2)
        if geo.on_board(board, (q, r)) and scenery.get((q, r)) not in geo.IMPASSABLE
    ]
    cx = sum(3 * q for q, _ in cells) / len(cells)
    cy = sum(2 * r + q for q, r in cells) / len(cells)

    def far(h: Hex) -> float:  # squared distance to the centre point, in geometry's units
        return (3 * h[0] - cx) ** 2 + 3 * (2 * h[1] + h[0] - cy) ** 2

    seventh = sorted(far(h) for h in cells)[6]
    middle = tuple(sorted(h for h in cells if far(h) <= seventh + 1e-9))
    return (side, middle, tuple(sorted(_mirror(board, h) for h in side)))


def holders(state: State) -> list[int | None]:
    """Who controls each zone now (None: nobody, or as many troopers each)."""
    out: list[int | None] = []
    for zone in zone_hexes(state.board):
        inside = set(zone)
        counts = [
            sum(
                1
                for t in state.army(seat)
                if t.normal
                and t.hex in inside
                and not state.untargetable(t.id)
                and not holo.projecting(state, t.id)  # its figure may be a decoy (holo.py)
            )
            for seat in (0, 1)
        ]
        out.append(None if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1))
    return out


def score_game_turn(ctx: Ctx) -> None:
    """The end of a game turn: a zone point per zone controlled."""
    if ctx.state.scenario.id != "zone_control":
        return
    held = holders(ctx.state)
    for seat in (0, 1):
        gained = sum(1 for h in held if h == seat)
        if gained:
            points = ctx.state.seats[seat].zone_points + gained
            ctx.state = ctx.state.with_seat(seat, zone_points=points)
    ctx.emit(
        "ZonesScored",
        game_turn=ctx.state.turn.game_turn,
        holders=held,
        points=[ctx.state.seats[0].zone_points, ctx.state.seats[1].zone_points],
    )
