"""Saving rolls, wounds and states (spec B.10, B.11): d20 + ARM above DAM saves; AP halves ARM
(rounded up) before Partial Cover's +3; DA and EXP roll 2 and 3 saves; Fire repeats after each
failure; criticals wound at once; Unconscious at W wounds, Dead beyond (a base-W-1 trooper
failing a Shock save is Dead at once). Viral (T: 'Munition Spéciale Virale', seed 003 lines
1678–1697; spec A.7 a4 for the sentence the text cuts at line 1689): saved with BTS, two saves
per hit, a critical a wound and one save, a base-W-1 trooper failing Dead at once, no V: Dogged."""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.engine.hexgrid import Hex
from games.engine.infinity import common as cm
from games.engine.infinity import disguise, fury, nanoscreen
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.data import Profile, profile

SAVES = {
    "N": 1,
    "AP": 1,
    "Shock": 1,
    "DA": 2,
    "AP+DA": 2,
    "EXP": 3,
    "AP+EXP": 3,
    "Fire": 1,
    "Viral": 2,  # T 1682–1683: « doit effectuer deux Jets de PB »
}
# Ammunition that kills a base-W-1 trooper failing its save outright: Shock (M), Viral (T
# 1687–1689: « passent directement à l'état Mort sans passer par l'état Inconscient »).
KILLS_W1 = ("Shock", "Viral")


@dataclass(frozen=True)
class Hit:
    victim: str
    attacker: str
    weapon: str
    ammo: str
    dam: int
    critical: bool
    cc: bool
    origin: Hex
    payer: int | None = None  # who pays for a civilian it kills, when not the attacker's side


def _victim(ctx: Ctx, vid: str) -> tuple[Profile, Hex | None, int, str, int | None]:
    """(profile, hex, wounds, state, seat) of a trooper or a civilian (seat None)."""
    if ctx.state.has_trooper(vid):
        t = ctx.state.trooper(vid)
        return t.prof, t.hex, t.wounds, t.state, t.seat
    c = ctx.state.civilian(vid)
    return profile("civilian"), c.hex, c.wounds, c.state, None


def seat_of(ctx: Ctx, attacker: str) -> int | None:
    """The seat of an attacker: a trooper's, or a mine's (its layer's army: T 955, a civilian a
    mine kills costs its owner)."""
    if ctx.state.has_trooper(attacker):
        return ctx.state.trooper(attacker).seat
    from games.engine.infinity import mines

    return mines.seat_of(ctx.state, attacker)


def apply_hits(ctx: Ctx, hits: list[Hit]) -> set[str]:
    """Roll every save in order, then change the states at once; the troopers that made a
    saving roll (for the Guts rolls)."""
    wounds: dict[str, int] = {}
    dead: set[str] = set()
    killer: dict[str, int | None] = {}
    saved: set[str] = set()
    wounded: list[tuple[str, str]] = []  # (attacker, victim): Frenzy (fury.py)
    viral: set[str] = set()  # wounded by Viral: no V: Dogged (T 1691–1693)
    disguise.hit(ctx, [h.victim for h in hits])  # a disguise shown before its saves (D)
    for hit in hits:
        prof, where, start, state, _ = _victim(ctx, hit.victim)
        if state == "dead" or hit.victim in dead or where is None:
            continue
        got = wounds.get(hit.victim, start)
        arm = prof.arm
        if "AP" in hit.ammo:
            arm = math.ceil(arm / 2)
        if hit.ammo == "Viral":  # T 1680–1681: « l'Attribut pour résister … est toujours la PB »
            arm = abs(prof.bts)
        covered = not hit.cc and (
            cm.cover(ctx.state, hit.origin, where) or _screened(ctx, hit, where)
        )
        if covered:
            arm += 3
        fire = hit.ammo == "Fire"
        dice: list[int] = []
        failed = 0
        if hit.critical:
            # A critical wounds with no save; DA and EXP still roll their other saves; Fire
            # burns on as after a failed save (our reading).
            got += 1
            failed = 1
            # Viral: « Un Critique … cause une blessure directe et la cible doit également
            # effectuer un Jet de PB » (T 1684–1686).
            rolls = {"DA": 1, "AP+DA": 1, "EXP": 2, "AP+EXP": 2, "Viral": 1}.get(hit.ammo, 0)
        else:
            rolls = SAVES.get(hit.ammo, 1)
        burning = fire and hit.critical
        while got <= prof.w and (rolls > 0 or burning):
            die = ctx.dice.d20(f"{hit.victim}.arm")
            dice.append(die)
            saved.add(hit.victim)
            rolls -= 1
            if die + arm <= hit.dam:
                got += 1
                failed += 1
                burning = fire
                if hit.ammo in KILLS_W1 and prof.w == 1:
                    got = prof.w + 1
            else:
                burning = False
        wounds[hit.victim] = got
        if failed:
            wounded.append((hit.attacker, hit.victim))
            if hit.ammo == "Viral":
                viral.add(hit.victim)
        if got > prof.w:
            dead.add(hit.victim)
            killer[hit.victim] = hit.payer if hit.payer is not None else seat_of(ctx, hit.attacker)
        ctx.emit(
            "SaveRolled",
            trooper=hit.victim,
            attacker=hit.attacker,
            weapon=hit.weapon,
            ammo=hit.ammo,
            critical=hit.critical,
            dam=hit.dam,
            arm=arm,
            cover=covered,
            dice=dice,
            wounds=failed,
        )
    for vid, got in sorted(wounds.items()):
        _set_state(ctx, vid, got, killer.get(vid), dogged_allowed=vid not in viral)
    for hit in hits:  # « à la fin de l'Ordre qui a entraîné une touche » (Nano-écran)
        if ctx.state.has_trooper(hit.victim):
            nanoscreen.switch_off(ctx, hit.victim, hit.ammo)
    fury.wounds_caused(ctx, wounded)
    return saved


def _screened(ctx: Ctx, hit: Hit, where: Hex) -> bool:
    return ctx.state.has_trooper(hit.victim) and nanoscreen.covers(
        ctx.state.trooper(hit.victim), hit.origin, where, hit.ammo
    )


def _dogged(ctx: Ctx, vid: str, wounds: int) -> None:
    """V: Dogged ('V : Tenace'; the text only names it: « une Compétence Spéciale qui peut être
    employée en état Inconscient (comme V : Tenace …) », « l'état Tenace »; M: N2's wording as
    the later editions keep it): instead of falling Unconscious the trooper fights on as if
    Normal until the end of that player turn, then dies; one more wound kills it at once (it has
    more wounds than W then); it cannot be treated (it is not Unconscious)."""
    t = ctx.state.trooper(vid)
    if t.dogged:
        return
    ctx.state = ctx.state.update(vid, wounds=wounds, dogged=True)
    ctx.emit("DoggedFightsOn", trooper=vid, seat=t.seat)


def _set_state(
    ctx: Ctx, vid: str, wounds: int, killer: int | None, dogged_allowed: bool = True
) -> None:
    prof, _, _, state, _ = _victim(ctx, vid)
    new = state
    if wounds > prof.w:
        new = "dead"
    elif wounds >= prof.w and state != "dead":
        new = "unconscious"
        if (
            state == "normal"
            and prof.has("dogged")
            and dogged_allowed
            and ctx.state.has_trooper(vid)
        ):
            _dogged(ctx, vid, wounds)
            return
    if ctx.state.has_trooper(vid):
        ctx.state = ctx.state.update(vid, wounds=min(wounds, prof.w + 1), state=new)
    else:
        changes: dict[str, object] = {"wounds": min(wounds, prof.w + 1), "state": new}
        if new == "dead":
            changes["killed_by"] = killer
            changes["synced_to"] = None
        ctx.state = ctx.state.update_civilian(vid, **changes)
    if new != state:
        ctx.emit("StateChanged", trooper=vid, state=new, civilian=not ctx.state.has_trooper(vid))
