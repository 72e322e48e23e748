"""G: Synchronised remotes (the text's 'Ghost : Synchronisé', spec A.6 row 5): a controller and
its remote (D.C.D.) give one order and are activated together by it (« Le Contrôleur et le
D.C.D. donnent seulement un Ordre … tous les deux sont activés avec seulement un Ordre »); they
declare the same skills, each its own target (« il n'est pas nécessaire qu'ils aient la même
cible »); in the reactive turn each has its own ARO, the same for both; the controller reacts to
what its remote sees with skills that need no line of fire; the remote outside its controller's
ZoC, or with its controller Unconscious or Dead, is disconnected (IMM) until the end of an order
that finds it back inside with its controller standing; it gives no victory points and is no
casualty for Retreat!. A remote names its controller in `troopers[].controller`.

G: Servant (the text's 'Ghost : Serviteur', spec A.6 row 4) is the same pairing for a Doctor
(or Engineer) and its D.C.D. (« Cette Compétence Spéciale fonctionne de la même façon que G :
Synchronisé »), with these differences: « il n'y a aucune limite de distance d'exploitation »
(no ZoC disconnection: only its controller falling, « Inconscient ou Mort », or leaving the
table disconnects it, « à la fin de l'Ordre durant lequel le Médecin / l'Ingénieur est revenu de
l'état Inconscient » reconnects it); « Les D.C.D. avec G : Serviteur sont des figurines Non
Impétueuses »: an impetuous order on its controller leaves it behind; and it treats for its
controller (medical.py: « le Médecin / l'Ingénieur fait le Jet de VOL et c'est le D.C.D. qui
exécute la Compétence »)."""

from __future__ import annotations

from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.state import Aro, CurrentOrder, State, Trooper, evolve


def is_remote(t: Trooper) -> bool:
    """A synchronised remote: it gives no order and no victory points of its own."""
    return t.controller is not None


def is_servant(t: Trooper) -> bool:
    """A G: Servant remote (its controller a Doctor or an Engineer)."""
    return t.controller is not None and t.prof.has("g_servant")


def controls(state: State, t: Trooper) -> bool:
    """A controller of at least one remote (a cached lookup: this is asked in hot loops)."""
    return t.id in state.controllers


def remotes_of(state: State, controller: str) -> tuple[str, ...]:
    return tuple(t.id for t in state.troopers if t.controller == controller)


def activated_with(state: State, tid: str, kind: str | None = None) -> tuple[str, ...]:
    """Who one order on `tid` activates: itself, and its synchronised partners in Normal state
    (a controller's remotes; a remote's controller and the controller's other remotes). An
    impetuous order leaves a G: Servant remote behind (« Non Impétueuses »)."""
    t = state.trooper(tid)
    controller = t.controller or tid
    group = (controller, *remotes_of(state, controller))
    if len(group) == 1:
        return (tid,)
    if not state.trooper(controller).normal:
        return (tid,)  # a remote without its controller is disconnected, never ordered
    if kind == "impetuous":
        group = tuple(m for m in group if not is_servant(state.trooper(m)))
    return (tid, *[m for m in group if m != tid and state.trooper(m).normal])


def _partners(state: State, tid: str) -> tuple[str, ...]:
    t = state.trooper(tid)
    controller = t.controller or tid
    return tuple(m for m in (controller, *remotes_of(state, controller)) if m != tid)


def aro_required(state: State, cur: CurrentOrder, tid: str) -> str | None:
    """The ARO skill a synchronised partner already declared, which `tid` must repeat."""
    t = state.trooper(tid)
    if t.controller is None and not controls(state, t):
        return None
    partners = set(_partners(state, tid))
    return next((a.skill for a in cur.aros if a.trooper in partners), None)


def check_same_aro(state: State, cur: CurrentOrder, aro: Aro) -> None:
    """« Cet ORA doit être le même pour les deux figurines en application de la règle G :
    Synchronisé »: the same skill; the target may differ."""
    first = aro_required(state, cur, aro.trooper)
    if first is not None and first != aro.skill:
        raise refuse("skill_not_allowed", "A controller and its synchronised remote react alike.")


def _in_reach(state: State, remote: Trooper) -> bool:
    """Connected: its controller standing on the table and, for G: Synchronised only, the
    remote inside its ZoC (a servant has no distance limit)."""
    controller = state.trooper(remote.controller or "")
    return (
        controller.normal
        and controller.hex is not None
        and remote.hex is not None
        and (is_servant(remote) or geo.in_zoc(controller.hex, remote.hex))
    )


def after_skill(ctx: Ctx) -> None:
    """« Le D.C.D. se déconnecte automatiquement quand il est hors de la ZdC »: an activated
    remote that ends a skill outside its controller's ZoC stops at once (IMM) and takes no
    further part in the order."""
    cur = ctx.state.turn.current
    if cur is None or not cur.synchronised:
        return
    out = []
    for tid in cur.acting:
        t = ctx.state.trooper(tid)
        if is_remote(t) and t.normal and not _in_reach(ctx.state, t):
            ctx.state = ctx.state.update(tid, state="immobilised")
            ctx.emit("RemoteDisconnected", trooper=tid, controller=t.controller)
            out.append(tid)
    if out:
        ctx.state = ctx.state.with_turn(current=evolve(cur, left=(*cur.left, *out)))


def after_order(ctx: Ctx) -> None:
    """At the end of every order: remotes whose controller fell or that stand outside its ZoC
    disconnect (IMM); disconnected ones back inside with their controller standing reconnect
    (« à la fin de l'Ordre durant lequel il se retrouve de nouveau à l'intérieur de la ZdC »)."""
    for t in ctx.state.troopers:
        if not is_remote(t) or t.hex is None or t.state not in ("normal", "immobilised"):
            continue
        inside = _in_reach(ctx.state, t)
        if t.state == "normal" and not inside:
            ctx.state = ctx.state.update(t.id, state="immobilised")
            ctx.emit("RemoteDisconnected", trooper=t.id, controller=t.controller)
        elif t.state == "immobilised" and inside:
            ctx.state = ctx.state.update(t.id, state="normal")
            ctx.emit("RemoteReconnected", trooper=t.id, controller=t.controller)
