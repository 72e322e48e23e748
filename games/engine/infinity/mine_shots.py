"""A shot at a mine (tier 3; D: the French text, seed 003, never says a mine may be shot; M: the
later editions give a deployable a profile, ARM 0 and one structure point, and let a mine be
targeted once known; engine README "Mines"): `bs_attack` {mine} at an enemy mine known to be one
(set off, discovered, laid in the open). mines.py holds the mines themselves."""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.damage import SAVES
from games.engine.infinity.data import Weapon
from games.engine.infinity.mines import find
from games.engine.infinity.state import Mine, State, Trooper

ARM = 0  # M: the later editions' deployables, ARM 0 and one structure point
STR = 1


def check_shot(state: State, actor: Trooper, w: Weapon, mine_id: str) -> Mine:
    """`bs_attack` {mine}: a mine its enemy knows to be one (set off, found or laid in the
    open), in the front arc, in line of fire and range. A mine still standing as a camouflage
    marker is refused as any id that is no known mine is, so the refusal tells nothing (D: as
    a camouflage marker, it must be discovered first). A template weapon is not aimed at it:
    its template falling on a mine destroys it already (`under_template`)."""
    found = find(state, mine_id)
    if found is None or found[0] == actor.seat or not found[1].shown:
        raise refuse("no_target", "There is no enemy mine known to be one by that name.")
    if w.template is not None:
        raise refuse("skill_not_allowed", "A template weapon is not aimed at a mine.")
    m = found[1]
    from games.engine.infinity.skills import check_aimed  # skills.py calls this module

    check_aimed(state, actor, w, m.hex, "mine")
    return m


def shot_sv(actor: Trooper, w: Weapon, at: Hex, bonus_bs: int) -> tuple[int, dict[str, int]]:
    """A Normal roll (a mine opposes nothing): BS + range, the fireteam's BS bonus; no cover
    (D: a mine lies on open ground, as scenery shot at has none)."""
    assert actor.hex is not None
    mods = {"range": w.range_mod(distance(actor.hex, at)) or 0}
    if bonus_bs:
        mods["fireteam"] = bonus_bs
    return actor.prof.bs + sum(mods.values()), mods


def save_shot(
    ctx: Ctx, mine_id: str, attacker: str, ammo: str, dam: int, crits: list[bool]
) -> None:
    """The shot's hits on the mine, each saved as a trooper's (d20 + ARM 0 > DAM; DA two saves,
    EXP three; a critical destroys it with no save): its one structure point lost, it is
    destroyed without going off (D, the later editions'). A mine that went off during this
    order is gone already (the two are simultaneous: it still explodes)."""
    found = find(ctx.state, mine_id)
    if found is None or not crits:
        return
    seat, m = found
    dice: list[int] = []
    destroyed = any(crits)
    rolls = 0 if destroyed else sum(SAVES.get(ammo, 1) for _ in crits)
    for _ in range(rolls):
        die = ctx.dice.d20(f"{mine_id}.arm")
        dice.append(die)
        if die + ARM <= dam:
            destroyed = True
            break
    ctx.emit(
        "MineSaved",
        seat=seat,
        mine=mine_id,
        attacker=attacker,
        critical=any(crits),
        dam=dam,
        arm=ARM,
        dice=dice,
        destroyed=destroyed,
    )
    if destroyed:
        ctx.emit("MineDestroyed", seat=seat, mine=mine_id, hex=list(m.hex))
        secret = ctx.state.hidden[seat]
        ctx.state = ctx.state.with_secret(
            seat, mines=tuple(x for x in secret.mines if x.id != mine_id)
        )
