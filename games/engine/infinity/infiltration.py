"""Infiltration (tier 3; T: 'Infiltration', seed 003 lines 1431–1455; spec Appendix skills table
row 10; D where the text is silent, as the engine README says rule by rule).

A trooper with Infiltration may deploy outside its deployment zone: anywhere in its own half
without a roll; in the enemy half after a PH roll whose MOD grows with the distance beyond the
middle of the table (T: « le Jet d'Infiltration sera au minimum PH -1 » just past it; D: −1 per
two rows, 4 in. — the text's table of distances is not in our source); never in the enemy's
deployment zone. A failed roll loses camouflaged and hidden deployment (the trooper is placed
as itself) and, but for Superior Infiltration (level 2), scatters it by the Dispersion rule (D:
4 hexes, 20 cm, as the text's other trooper Dispersion, the ejection's), the enemy zone being its
limit. Inferior Infiltration (level 0) must deploy in the enemy half. A trooper placed after a
roll stays where it is for the rest of the deployment (D: placing it again would roll again)."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import DIRECTIONS, Hex
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.data import Profile
from games.engine.infinity.rolls import judge
from games.engine.infinity.state import Board, State, Trooper, other

# Profile skills: "infiltration" is level 1 (T: « les figurines ayant « Infiltration » (sans
# Niveau indiqué) sont considérées comme ayant le Niveau 1 »).
LEVELS = {"inferior_infiltration": 0, "infiltration": 1, "superior_infiltration": 2}
DISPERSION_HEXES = 4  # D: 20 cm, the text's other Dispersion of a trooper (the ejection's)
ROWS_PER_MOD = 2  # D: −1 per 4 in. (two rows) beyond the middle of the table


def level(t: Trooper) -> int | None:
    return profile_level(t.prof)


def profile_level(prof: Profile) -> int | None:
    """The profile's Infiltration level, None without the skill."""
    found = [n for skill, n in LEVELS.items() if prof.has(skill)]
    return max(found) if found else None


def _south(board: Board, seat: int) -> bool:
    """Whether the seat plays from the south (its zone's rows below the other's)."""
    return board.zones[seat][0] > board.zones[other(seat)][0]


def beyond_middle(board: Board, seat: int, h: Hex) -> int:
    """How many rows past the middle of the table `h` lies in the seat's enemy half (1 on the
    first enemy row), 0 in its own half."""
    mid = board.rows // 2
    r = geo.row(h)
    if _south(board, seat):
        return mid - r if r < mid else 0
    return r - mid + 1 if r >= mid else 0


def roll_mod(board: Board, seat: int, h: Hex) -> int | None:
    """The PH MOD of an infiltration at `h`: None in the seat's own half (no roll), else −1
    for the first two rows past the middle, −2 for the next two… (T: « au minimum PH -1 »)."""
    rows = beyond_middle(board, seat, h)
    if rows == 0:
        return None
    return -((rows + ROWS_PER_MOD - 1) // ROWS_PER_MOD)


def allowed(state: State, seat: int, t: Trooper, h: Hex) -> bool:
    """Whether an infiltrator may be placed at `h`: on the table, in the open, never in the
    enemy deployment zone; Inferior Infiltration only in the enemy half (T: « doit
    obligatoirement être déployée en dehors de sa Zone de Déploiement et toujours dans la moitié
    de table ennemie »)."""
    lvl = level(t)
    if lvl is None or not geo.on_board(state.board, h):
        return False
    if state.scenery_at.get(h) in geo.IMPASSABLE or geo.in_zone(state.board, other(seat), h):
        return False
    return lvl > 0 or roll_mod(state.board, seat, h) is not None


def hexes(state: State, seat: int, t: Trooper) -> tuple[Hex, ...]:
    """The free hexes outside its deployment zone where `t` may infiltrate (legal_moves)."""
    board = state.board
    out = []
    for q in range(board.cols):
        for r in range(-(q // 2), board.rows - q // 2):
            h = (q, r)
            if geo.in_zone(board, seat, h) or h in state.occupants or h in state.mine_hexes:
                continue
            if allowed(state, seat, t, h):
                out.append(h)
    return tuple(sorted(out))


def check(state: State, seat: int, t: Trooper, h: Hex) -> None:
    """Refuses a deployment the trooper's Infiltration does not allow (its own zone is checked
    by the caller)."""
    if state.hidden[seat].rolled_infiltration(t.id) is not None:
        raise refuse(
            "skill_not_allowed", "That trooper has infiltrated: its roll placed it for good."
        )
    in_own_zone = geo.in_zone(state.board, seat, h)
    if level(t) == 0 and in_own_zone:
        raise refuse("illegal_path", "An Inferior Infiltration trooper deploys in the enemy half.")
    if in_own_zone:
        return
    if level(t) is None:
        raise refuse("illegal_path", "Deploy inside your deployment zone, outside buildings.")
    if not allowed(state, seat, t, h):
        raise refuse(
            "illegal_path", "Infiltrate outside buildings and outside the enemy deployment zone."
        )


def roll(ctx: Ctx, seat: int, tid: str, h: Hex, covert: bool) -> Hex | None:
    """The infiltration roll for `tid` placed at `h` in the enemy half (dice `<id>.ph`): None
    when it succeeds, else the hex where it ends up (the same hex at level 2). `covert`: it
    would stand as a marker or in hidden deployment; then a success is its owner's alone (the
    other seat sees the marker or nothing, as for any camouflaged or hidden deployment), while a
    failure, which shows the trooper, is public (D)."""
    state = ctx.state
    t = state.trooper(tid)
    mod = roll_mod(state.board, seat, h)
    assert mod is not None
    sv = t.prof.ph + mod
    die = judge(ctx.dice.d20(f"{tid}.ph"), sv)
    secret = state.hidden[seat]
    ctx.state = state.with_secret(seat, infiltrated=(*secret.infiltrated, (tid, die.success)))
    to = h if die.success or level(t) == 2 else _scattered(ctx.state, t, h, die.value)
    data: dict[str, Any] = {
        "seat": seat,
        "trooper": tid,
        "hex": list(h),
        "sv": sv,
        "mods": {"infiltration": mod},
        "die": die.value,
        "success": die.success,
    }
    if not die.success:
        data["to"] = list(to)
    ctx.emit("InfiltrationRolled", only=seat if die.success and covert else None, **data)
    return None if die.success else to


def _scattered(state: State, t: Trooper, h: Hex, failed: int) -> Hex:
    """Dispersion (spec B.3's direction from the last digit of the failed roll) for up to
    DISPERSION_HEXES hexes, stopping before the table's edge, a building, another figure or the
    enemy deployment zone (T: « la Zone de Déploiement ennemie, qui devient sa limite
    d'Infiltration, même en cas d'application du Jet de Dispersion »)."""
    seat = t.seat
    direction = geo.dispersion_direction(state.board, h, failed % 10)
    dq, dr = DIRECTIONS[direction]
    at = h
    for _ in range(DISPERSION_HEXES):
        nxt = (at[0] + dq, at[1] + dr)
        if (
            not geo.on_board(state.board, nxt)
            or state.scenery_at.get(nxt) in geo.IMPASSABLE
            or state.occupants.get(nxt, t.id) != t.id
            or nxt in state.mine_hexes
            or geo.in_zone(state.board, other(seat), nxt)
        ):
            break
        at = nxt
    return at
