"""What a player does with tiles in the play phase: place a unit or module, move with Mobility,
play an instant (Move, Push, Sniper, Grenade, Air strike, Battle). Rulebook:
../shared/rules/seeds/000_cfef6f07b7368e93.txt (JOUER UNE TUILE, MOBILITÉ, TUILES « ACTION »,
MOUVEMENT, REPOUSSER, GRENADE, TIREUR D'ÉLITE, BOMBE, Transport, Centre de Reconnaissance).
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.hexgrid import Hex, distance
from games.engine.neuroshima import battle as rules
from games.engine.neuroshima import board, endgame, turn
from games.engine.neuroshima.moves import (
    ChoosePushDestination,
    MoveUnit,
    PlaceTile,
    PlayBattle,
    PlayMove,
    PlayPush,
)
from games.engine.neuroshima.position import PlacedTile
from games.engine.neuroshima.state import PendingPush, State
from games.engine.neuroshima.tiles import CELLS, tile
from games.engine.protocol import Event, IllegalMove, Term

Events = tuple[Event, ...]


def hand_tile(state: State, seat: int, index: int, instant: str | None = None) -> str:
    hand = state.seats[seat].hand
    turn.check_hand_index(hand, index)
    tile_id = hand[index]
    spec = tile(tile_id)
    if instant is not None and spec.instant != instant:
        raise IllegalMove(
            "{tile} is not a {instant} tile.",
            "wrong_tile",
            tile=Term(tile_id, spec.name_en),
            instant=instant.replace("_", " "),
        )
    if instant is None and not spec.is_board_tile:
        raise IllegalMove(
            "{tile} is an instant: play it, do not place it.",
            "wrong_tile",
            tile=Term(tile_id, spec.name_en),
        )
    return tile_id


def use_instant(state: State, seat: int, index: int, instant: str) -> tuple[State, Events]:
    """An Action tile is shown, applied and discarded (JOUER UNE TUILE)."""
    tile_id = hand_tile(state, seat, index, instant)
    state, _ = turn.take_from_hand(state, seat, index)
    state = state.with_seat(seat, discard=state.seats[seat].discard + (tile_id,))
    return state, (Event("InstantPlayed", {"seat": seat, "tile": tile_id, "effect": instant}),)


def place_tile(state: State, seat: int, move: PlaceTile) -> tuple[State, Events]:
    """A unit or module goes on a free hex; a tile that fills the board starts a battle at once
    (JOUER UNE TUILE: "Quand ... le plateau de jeu est entièrement rempli ... une bataille a
    lieu")."""
    tile_id = hand_tile(state, seat, move.tile_index)
    if move.hex not in CELLS:
        raise IllegalMove("Hex {hex} is not on the board.", "off_board", hex=move.hex)
    if move.hex in state.position.occupied():
        raise IllegalMove("Hex {hex} is already taken.", "occupied", hex=move.hex)
    state, _ = turn.take_from_hand(state, seat, move.tile_index)
    placed = PlacedTile(tile=tile_id, seat=seat, hex=move.hex, rotation=move.rotation)
    state = state.but(position=state.position.put(placed))
    events: Events = (
        Event(
            "TilePlaced",
            {"seat": seat, "tile": tile_id, "hex": list(move.hex), "rotation": move.rotation},
        ),
    )
    if not state.position.empty_cells():
        state, more = endgame.start_battle(state, "board_full")
        events += more
    return state, events


def _relocate(
    state: State, seat: int, src: Hex, dst: Hex, rotation: int, steps: int, own_only: bool
) -> PlacedTile:
    """Checks a move of the tile on src to dst (1 hex, or up to `steps` through free hexes)
    and/or a turn; returns the tile as it will stand."""
    placed = state.position.at(src)
    if placed is None:
        raise IllegalMove("There is no tile on {hex}.", "no_tile", hex=src)
    if own_only and placed.seat != seat:
        raise IllegalMove("You can only move your own tiles.", "not_yours")
    if src in board.netted(state.position):
        raise IllegalMove("A netted tile cannot move (FILET).", "netted")
    if dst == src and rotation == placed.rotation:
        raise IllegalMove("That move changes nothing.", "no_change")
    if dst != src and dst not in board.reachable(state.position.occupied(), src, steps):
        raise IllegalMove("The tile cannot reach {hex}.", "unreachable", hex=dst)
    return replace(placed, hex=dst, rotation=rotation)


def _moved_events(seat: int, src: Hex, new: PlacedTile, how: str) -> Events:
    data = {"seat": seat, "tile": new.tile, "from": list(src), "to": list(new.hex)}
    return (Event("UnitMoved", {**data, "rotation": new.rotation, "by": how}),)


def move_unit(state: State, seat: int, move: MoveUnit) -> tuple[State, Events]:
    """MOBILITÉ: once a turn a mobile unit (or one next to a Transport) moves one hex and/or
    turns; two hexes while a Recon Centre is in play. A unit may use it the turn it is placed
    (README.md, "Rules choices")."""
    placed = state.position.at(move.src)
    held = board.netted(state.position)
    if (
        placed is not None
        and placed.seat == seat
        and not board.has_mobility(state.position, placed, held)
    ):
        code = "netted" if move.src in held else "not_mobile"
        raise IllegalMove(
            "{tile} has no Mobility here.", code, tile=Term(placed.tile, placed.spec.name_en)
        )
    if move.src in state.moved:
        raise IllegalMove("That unit has already moved this turn.", "already_moved")
    steps = board.move_range(state.position, seat, held)
    new = _relocate(state, seat, move.src, move.dst, move.rotation, steps, own_only=True)
    position = state.position.without(move.src).put(new)
    state = state.but(position=position, moved=state.moved + (new.hex,))
    return state, _moved_events(seat, move.src, new, "mobility")


def play_move(state: State, seat: int, move: PlayMove) -> tuple[State, Events]:
    """MOUVEMENT: one own tile (an HQ and a module too) moves a hex onto a free hex and/or turns.
    Allied tiles may not be moved (alliance mode)."""
    hand_tile(state, seat, move.tile_index, "move")
    steps = board.move_range(state.position, seat, board.netted(state.position))
    new = _relocate(state, seat, move.src, move.dst, move.rotation, steps, own_only=True)
    state, events = use_instant(state, seat, move.tile_index, "move")
    position = state.position.without(move.src).put(new)
    moved = tuple(new.hex if h == move.src else h for h in state.moved)
    state = state.but(position=position, moved=moved)
    return state, events + _moved_events(seat, move.src, new, "move_tile")


def play_push(state: State, seat: int, move: PlayPush) -> tuple[State, Events]:
    """REPOUSSER: an own free tile pushes a free adjacent enemy one hex farther away, onto a free
    hex; its owner picks the hex when there are several; not playable when there is none."""
    hand_tile(state, seat, move.tile_index, "push_back")
    pusher, target = state.position.at(move.pusher), state.position.at(move.target)
    if pusher is None or pusher.seat != seat:
        raise IllegalMove("The pushing unit must be one of yours.", "not_yours")
    if target is None or not board.hostile(state.position, seat, target.seat):
        raise IllegalMove("Only an enemy unit can be pushed.", "not_enemy")
    if distance(move.pusher, move.target) != 1:
        raise IllegalMove("The pushed unit must be next to the pushing one.", "not_adjacent")
    held = board.netted(state.position)
    if move.pusher in held or move.target in held:
        raise IllegalMove("A netted unit can neither push nor be pushed.", "netted")
    options = board.push_options(state.position, move.pusher, move.target)
    if not options:
        raise IllegalMove("There is no free hex to push that unit to.", "no_room")
    state, events = use_instant(state, seat, move.tile_index, "push_back")
    pending = PendingPush(seat=target.seat, pusher=move.pusher, target=move.target, options=options)
    state = state.but(push=pending, phase="push")
    if len(options) == 1:
        state, more = push_to(state, options[0])
        return state, events + more
    ask = Event(
        "PushDestinationAsked",
        {"seat": target.seat, "target": list(move.target), "options": [list(h) for h in options]},
    )
    return state, (*events, ask)


def push_to(state: State, dst: Hex) -> tuple[State, Events]:
    """The pushed unit moves without turning ("L'unité repoussée ne peut pas être tournée")."""
    pending = state.push
    assert pending is not None
    target = state.position.at(pending.target)
    assert target is not None
    position = state.position.without(pending.target).put(replace(target, hex=dst))
    state = state.but(position=position, push=None, phase="play")
    data = {"seat": target.seat, "tile": target.tile, "from": list(target.hex), "to": list(dst)}
    return state, (Event("UnitPushed", {**data, "by": state.current}),)


def choose_push(state: State, seat: int, move: ChoosePushDestination) -> tuple[State, Events]:
    pending = state.push
    if pending is None or pending.seat != seat:
        raise IllegalMove("No push of your unit waits for a destination.", "not_your_decision")
    if move.to not in pending.options:
        raise IllegalMove("Your unit cannot be pushed to {hex}.", "bad_destination", hex=move.to)
    return push_to(state, move.to)


def play_strike(
    state: State, seat: int, index: int, kind: str, target: Hex
) -> tuple[State, Events]:
    """TIREUR D'ÉLITE, GRENADE, BOMBE: the targets and effects are the battle package's."""
    hand_tile(state, seat, index, kind)
    if target not in rules.legal_strike_targets(state.position, seat, kind):
        raise IllegalMove("{hex} is not a legal target for that tile.", "bad_target", hex=target)
    state, events = use_instant(state, seat, index, kind)
    state, more = endgame.start_strike(state, seat, kind, target)
    return state, events + more


def play_battle(state: State, seat: int, move: PlayBattle) -> tuple[State, Events]:
    """BATAILLE: starts a battle at once; not once any player has drawn the last tile."""
    hand_tile(state, seat, move.tile_index, "battle")
    if state.last_tile_by is not None:
        raise IllegalMove(
            "No Battle tile may be played once a player has drawn the last tile.", "last_tile"
        )
    state, events = use_instant(state, seat, move.tile_index, "battle")
    state, more = endgame.start_battle(state, "battle")
    return state, events + more
