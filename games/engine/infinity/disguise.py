"""Holoprojector L1: a trooper disguised as another figure of its army (tier 3; T:
'Holoprojecteur N1', seed 003 lines 2334–2384; spec A.8 e5; D where the engine README says).

At deployment (T 2342–2349) the trooper may stand as another profile of its own army list of
the same size, its real profile noted secretly (`hidden.<seat>.disguises` {trooper: profile
shown}). The engine keeps the real profile (its rules are the real one's); the other seat's view
reads the disguise instead, so nothing it sees tells the real one. Cautious Movement and the short
movement skills without a roll keep the disguise (T 2350–2353, `holo.KEEPS`); any other skill,
base contact with an enemy figure (2353–2355), a successful Discover at it (2356–2358), or a hit
that reaches its saves (D) shows it as it is (public `DisguiseRevealed`). Shown, it may put the
disguise back on for one order, out of every enemy's line of fire (2378–2384, `reactivate`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.engine.infinity import camouflage as camo
from games.engine.infinity import common as cm
from games.engine.infinity import holo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.data import Profile, profile
from games.engine.infinity.movement import in_contact
from games.engine.infinity.state import State, Trooper

EQUIPMENT = "holoprojector_1"
# T 2350–2353: « Les seules Compétences dont l'exécution ne révèle pas automatiquement
# l'utilisateur de l'Holoprojecteur sont le Mouvement Prudent et toutes les Compétences Courtes
# de Mouvement qui n'exigent pas de Jet (sauf Alerter) »: the L2's list (holo.KEEPS).
KEEPS = holo.KEEPS


def carries(t: Trooper) -> bool:
    return t.prof.has(EQUIPMENT)


def shown_as(state: State, tid: str) -> str | None:
    """The profile the trooper is disguised as (its owner's secret that it is one), or None."""
    seat = state.trooper(tid).seat
    return dict(state.hidden[seat].disguises).get(tid)


def _size(p: Profile) -> str:
    """T 2346–2347: « doivent être de la même taille (un homme ne peut pas devenir un D.C.D. ou un
    T.A.G. par exemple) »: D, a remote (REM) and a TAG are each a size; every other type is a
    man's."""
    return p.type if p.type in ("REM", "TAG") else "man"


def choices(state: State, t: Trooper) -> list[str]:
    """The profiles the trooper may stand as: those its army's other figures show (T 2344–2345
    « une autre figurine de son armée est déployée à sa place »; 2379–2380 « n'importe quelle
    autre figurine de sa liste d'armée »), of its size. Their weapons come with them (2348:
    « il peut porter, d'une façon illusoire, n'importe quelle arme »). D: of its training and
    fury too, since the order pools every view shows name an irregular or impetuous trooper."""
    kind = (_size(t.prof), t.prof.training, t.prof.fury)
    shown = {o.prof.public for o in state.army(t.seat) if o.id != t.id}
    return sorted(
        p for p in shown if (_size(profile(p)), profile(p).training, profile(p).fury) == kind
    )


def check(state: State, t: Trooper, as_profile: str) -> None:
    if not carries(t):
        raise refuse("skill_not_allowed", "Only a trooper with a Holoprojector L1 disguises.")
    if as_profile not in choices(state, t):
        raise refuse(
            "skill_not_allowed", "Disguise it as another figure of your army, of its size."
        )


def note(ctx: Ctx, tid: str, as_profile: str | None) -> None:
    """Write (or clear) the disguise; the owner alone reads `DisguiseNoted`."""
    seat = ctx.state.trooper(tid).seat
    kept = tuple((t, p) for t, p in ctx.state.hidden[seat].disguises if t != tid)
    if as_profile is not None:
        kept = tuple(sorted((*kept, (tid, as_profile))))
        ctx.emit("DisguiseNoted", only=seat, seat=seat, trooper=tid, disguise=as_profile)
    ctx.state = ctx.state.with_secret(seat, disguises=kept)


def reveal(ctx: Ctx, tid: str, how: str, by: str | None = None) -> None:
    """T 2358–2359: « Si la figurine est découverte, ou est automatiquement révélée, elle est
    remplacée par la figurine réelle »: public `DisguiseRevealed` {seat, trooper, profile,
    disguise, how: acted|contact|discovered|hit, by?}."""
    as_profile = shown_as(ctx.state, tid)
    if as_profile is None:
        return
    t = ctx.state.trooper(tid)
    note(ctx, tid, None)
    data: dict[str, Any] = {
        "seat": t.seat,
        "trooper": tid,
        "profile": t.prof.public,
        "disguise": as_profile,
        "how": how,
    }
    if by is not None:
        data["by"] = by
    ctx.emit("DisguiseRevealed", **data)


def reveal_declaring(ctx: Ctx, actors: Iterable[str], skill: str) -> None:
    """Any skill but those of `KEEPS` shows the trooper before it is checked (T 2350–2353);
    the reactivation is refused to a disguised trooper instead (`check_reactivate`)."""
    if skill in (*KEEPS, "holo_reactivate"):
        return
    for tid in actors:
        reveal(ctx, tid, "acted")


def reveal_in_contact(ctx: Ctx, movers: Iterable[str]) -> None:
    """T 2353–2355: « automatiquement révélé quand il est au contact socle à socle avec une autre
    figurine »: D, an enemy figure (as camouflage's and the L2's contact), either moving."""
    for tid in list(dict.fromkeys(movers)):
        mover = ctx.state.trooper(tid) if ctx.state.has_trooper(tid) else None
        if mover is None or mover.hex is None:
            continue
        for other in list(ctx.state.troopers):
            if other.seat == mover.seat or other.hex is None:
                continue
            if not in_contact(ctx.state, other.hex, mover.hex):  # the same level (heights.py)
                continue
            unseen = set(ctx.state.hidden[other.seat].hidden_deployment) | set(ctx.state.marker_of)
            if other.id in unseen:
                continue  # hidden.py and camouflage.py show it first, or it stays unseen
            if other.normal and shown_as(ctx.state, tid):
                reveal(ctx, tid, "contact", by=other.id)
            if shown_as(ctx.state, other.id):
                reveal(ctx, other.id, "contact", by=tid)


def in_army(state: State, seat: int) -> bool:
    """Whether the seat fields a Holoprojector L1 (D: an army's list is no secret, which of its
    figures is disguised is)."""
    return any(carries(t) for t in state.army(seat))


def discover_targets(state: State, seat: int) -> list[str]:
    """Every enemy figure a player of `seat` may name for Discover when the enemy fields a
    Holoprojector L1 (T 2356–2358: « N'importe quelle figurine avec une LdV peut déclarer la
    Compétence Courte Détecter »): all of them, disguised or not, so the list tells nothing."""
    foe = 1 - seat
    if not in_army(state, foe):
        return []
    hidden = set(state.hidden[foe].hidden_deployment) | set(state.marker_of)
    return [
        t.id
        for t in state.army(foe)
        if t.on_table and t.normal and t.id not in hidden and t.state != "withdrawn"
    ]


def check_discover(state: State, actor: Trooper, name: str | None) -> str | None:
    """Discover at an enemy figure: in the front arc, line of fire and Discover's range, as at
    a marker; None when `name` is no such figure."""
    if name is None or name not in discover_targets(state, actor.seat):
        return None
    t = state.trooper(name)
    assert t.hex is not None
    camo.check_sight(state, actor, t.hex)
    return name


def can_reactivate(state: State, t: Trooper) -> bool:
    """T 2378–2382: shown (« Quand l'utilisateur a été découvert »), « à condition qu'il ne soit
    dans la LdV d'aucune figurine ennemie »: D, the enemies its player sees (a marker's facing
    and a hidden trooper are not told by a refusal; T 2382–2384's hidden trooper revealing
    itself to stop it is not built)."""
    if not carries(t) or not t.normal or t.hex is None or shown_as(state, t.id) is not None:
        return False
    foe = 1 - t.seat
    unseen = set(state.hidden[foe].hidden_deployment) | set(state.marker_of)
    return not any(
        e.normal and e.hex is not None and e.id not in unseen and cm.sees(state, e, t.hex)
        for e in state.army(foe)
    )


def check_reactivate(state: State, t: Trooper, as_profile: str | None) -> None:
    if not carries(t):
        raise refuse("skill_not_allowed", "Only a trooper with a Holoprojector L1 disguises.")
    if shown_as(state, t.id) is not None:
        raise refuse("skill_not_allowed", "It is disguised already.")
    if not can_reactivate(state, t):
        raise refuse("skill_not_allowed", "An enemy sees it: it cannot disguise itself again.")
    check(state, t, as_profile or "")


def reactivate(ctx: Ctx, tid: str, as_profile: str) -> None:
    """T 2378–2381 « Réactivation … substituant sa figurine par n'importe quelle autre figurine
    de sa liste d'armée … dépenser 1 Ordre »: public `HoloReactivated` {seat, trooper, disguise}
    (the swap is seen by no enemy, its result by all)."""
    t = ctx.state.trooper(tid)
    note(ctx, tid, as_profile)
    ctx.emit("HoloReactivated", seat=t.seat, trooper=tid, disguise=as_profile)


def hit(ctx: Ctx, victims: Iterable[str]) -> None:
    """D: a disguised trooper whose saves are rolled is shown first (its real ARM, BTS and
    wounds are what the dice read, and would tell it; the text names no other way)."""
    for v in victims:
        if ctx.state.has_trooper(v) and shown_as(ctx.state, v):
            reveal(ctx, v, "hit")
