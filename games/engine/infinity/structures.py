"""Shooting scenery (the text's 'RÈGLE DE DECORS', spec A.4 SC-1…4): « Un élément de décors peut
être ciblé si son profil de BLI et de STR a été déterminé … Si, en effectuant une attaque contre
un élément de décors avec une arme à Gabarit …, une figurine ennemie est affectée par l'aire
d'effet de l'arme, le MOD de Tir Spéculatif (TR -6) doit être appliqué. Il n'est pas possible de
tirer sur un élément de décors si le Gabarit affecte des troupes alliées … ces Structures ne
peuvent être endommagées que par les Munitions Spéciales DA ou EXP. » A `bs_attack` names the
piece's hex in `structure` and fires its whole burst at it: a Normal roll (scenery opposes
nothing), no cover; each success is a hit saved as a trooper's (d20 + ARM > DAM, DA two saves,
EXP three, a critical costs one point with no save), each failure costs one structure point; an
impact template falls on the piece for each success and hits whoever stands under it. At zero the
piece is destroyed: rubble, rough ground that blocks nothing (D: the text says nothing more)."""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import common as cm
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.damage import SAVES
from games.engine.infinity.data import Mode, Weapon
from games.engine.infinity.rolls import Die
from games.engine.infinity.state import State, Structure, Trooper, evolve
from games.engine.protocol import Term

SPECULATIVE_MOD = -6  # SC-2: « le MOD de Tir Spéculatif (TR -6) »
DAMAGING = ("DA", "EXP", "AP+DA", "AP+EXP")  # SC-4


def at(state: State, h: Hex) -> Structure | None:
    return next((s for s in state.board.structures if s.hex == h), None)


def area(state: State, w: Weapon, h: Hex) -> tuple[Hex, ...]:
    """What an impact template aimed at the piece covers (nothing for a plain shot)."""
    if w.template is None or w.direct_template:
        return ()
    return geo.circular(h, state.board, {})


def check(state: State, actor: Trooper, w: Weapon, mode: Mode, h: Hex) -> None:
    """SC-1, SC-3, SC-4, with the ordinary conditions of a shot (arc, line of fire, range)."""
    piece = at(state, h)
    if piece is None or piece.destroyed:
        raise refuse("no_target", "That scenery has no agreed profile to be shot at (SC-1).")
    if w.direct_template:
        raise refuse("skill_not_allowed", "A teardrop template is not aimed at scenery.")
    if mode.ammo not in DAMAGING:
        raise refuse("skill_not_allowed", "Only DA or EXP ammunition damages a structure.")
    assert actor.hex is not None
    if not geo.in_arc(actor.hex, actor.facing, h):
        raise refuse("not_in_arc", "That scenery is outside the front arc.")
    if not cm.sees(state, actor, h):
        raise refuse("no_line_of_fire", "There is no line of fire to that scenery.")
    if w.range_mod(distance(actor.hex, h)) is None:
        raise refuse(
            "out_of_range",
            "That scenery is out of the {weapon}'s range.",
            weapon=Term(w.id, w.name),
        )
    covered = set(area(state, w, h))
    if any(t.seat == actor.seat and t.on_table and t.hex in covered for t in state.troopers):
        raise refuse("skill_not_allowed", "The template would fall on your own troopers.")
    from games.engine.infinity.camouflage import only_markers_under

    if only_markers_under(state, actor.seat, covered):
        raise refuse(
            "skill_not_allowed",
            "The template would fall on enemy camouflage markers and on no other enemy.",
        )


def sv(
    state: State, actor: Trooper, w: Weapon, h: Hex, bonus_bs: int
) -> tuple[int, dict[str, int]]:
    """A Normal roll: BS (PH thrown) + range, the fireteam's BS bonus, −6 when the template
    would catch an enemy (SC-2); no cover."""
    assert actor.hex is not None
    mods = {"range": w.range_mod(distance(actor.hex, h)) or 0}
    if bonus_bs:
        mods["fireteam"] = bonus_bs
    covered = set(area(state, w, h))
    if any(t.seat != actor.seat and t.on_table and t.hex in covered for t in state.troopers):
        mods["speculative"] = SPECULATIVE_MOD
    base = actor.prof.ph if w.thrown else actor.prof.bs
    return base + sum(mods.values()), mods


def save(ctx: Ctx, h: Hex, ammo: str, dam: int, critical: bool, attacker: str) -> None:
    """One hit on the piece: its saves (B.10's count), each failure a structure point."""
    piece = at(ctx.state, h)
    if piece is None or piece.destroyed:
        return
    rolls = SAVES.get(ammo, 1)
    lost = 0
    dice: list[int] = []
    if critical:
        lost, rolls = 1, rolls - 1
    arm = piece.arm // 2 + piece.arm % 2 if "AP" in ammo else piece.arm
    for _ in range(rolls):
        if piece.damage + lost >= piece.str:
            break
        die = ctx.dice.d20(f"scenery_{h[0]}_{h[1]}.arm")
        dice.append(die)
        if die + arm <= dam:
            lost += 1
    ctx.emit(
        "StructureSaved",
        hex=list(h),
        attacker=attacker,
        critical=critical,
        dam=dam,
        arm=arm,
        dice=dice,
        lost=lost,
    )
    if lost:
        _damage(ctx, evolve(piece, damage=min(piece.str, piece.damage + lost)))


def _damage(ctx: Ctx, piece: Structure) -> None:
    board = ctx.state.board
    structures = tuple(piece if s.hex == piece.hex else s for s in board.structures)
    scenery = board.scenery
    if piece.destroyed:
        scenery = tuple((h, "rough" if h == piece.hex else k) for h, k in scenery)
        ctx.emit("StructureDestroyed", hex=list(piece.hex))
    board = evolve(board, structures=structures, scenery=scenery)
    ctx.state = evolve(ctx.state, board=board)


def hits_from(dice: tuple[Die, ...]) -> list[bool]:
    """The successes of a Normal roll, as 'critical or not'."""
    return [d.critical for d in dice if d.success]
