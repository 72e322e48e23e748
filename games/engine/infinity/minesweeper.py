"""The Minesweeper (tier 3; T: 'Nettoyeur de Mines', seed 003 lines 2574–2597; spec e8; engine
README "Mines"): a short skill or a reaction, one Normal WIP roll that turns every enemy mine and
CrazyKoala around the sweeper to its side, or sets them off at it. mines.py holds the mines."""

from __future__ import annotations

from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.mines import area
from games.engine.infinity.state import Koala, Mine, State, Trooper, evolve, other


def sweeps(t: Trooper) -> bool:
    return t.prof.has("minesweeper")


def swept_by(state: State, sweeper: Trooper) -> list[Mine]:
    """The enemy mines whose area holds the sweeper (T: « l'utilisateur doit se déplacer dans
    l'aire d'effet de l'arme déployante »), found or not (« peut être utilisé contre les Mines
    qui n'ont pas été préalablement détectées »)."""
    if sweeper.hex is None:
        return []
    return [m for m in state.hidden[other(sweeper.seat)].mines if sweeper.hex in area(state, m.hex)]


def koalas_swept_by(state: State, sweeper: Trooper) -> list[Koala]:
    """The enemy CrazyKoalas whose area holds the sweeper (T 2577 names them among the
    deployables; D: a koala's area is its ZoC, where it sets off)."""
    if sweeper.hex is None:
        return []
    return [k for k in state.koalas if k.seat != sweeper.seat and geo.in_zoc(k.hex, sweeper.hex)]


def _sweep_koalas(ctx: Ctx, sweeper: Trooper, koalas: list[Koala], success: bool) -> None:
    """A success: each koala is the sweeper's army's, in standby, with the sweeper as its carrier
    (D), and does not go off this order. A failure: each goes off at the sweeper (with any set
    off this order at it already, once)."""
    if not koalas:
        return
    cur = ctx.state.turn.current
    assert cur is not None
    ids = {k.id for k in koalas}
    if success:
        turned = tuple(
            evolve(k, seat=sweeper.seat, carrier=sweeper.id) if k.id in ids else k
            for k in ctx.state.koalas
        )
        ctx.state = evolve(ctx.state, koalas=turned)
        left = tuple(x for x in cur.koalas if x[0] not in ids)
        ctx.state = ctx.state.with_turn(current=evolve(cur, koalas=left))
        for k in koalas:
            ctx.emit("KoalaSwept", koala=k.id, seat=sweeper.seat, owner=k.seat, by=sweeper.id)
        return
    going = {x[0] for x in cur.koalas}
    extra = tuple((k.id, sweeper.id) for k in koalas if k.id not in going)
    ctx.state = ctx.state.with_turn(current=evolve(cur, koalas=(*cur.koalas, *extra)))


def sweep_sv(sweeper: Trooper) -> int:
    """« effectuer un Jet Normal de VOL »: WIP, no MOD."""
    return sweeper.prof.wip


def sweep(ctx: Ctx, tid: str, success: bool, die: int) -> None:
    """One roll for every mine around it (« il n'a besoin que d'un unique Jet … contre
    toutes »). A success: « l'arme n'explose pas et devient la propriété de l'armée du Nettoyeur
    de Mines, ne détonant que contre les troupes de son précédent possesseur »: each mine goes
    to the sweeper's side, shown, and does not go off this order even if it was set off. A
    failure: « l'arme déployante s'active et explose »: each goes off at the sweeper (at this
    order's resolution, with any other mine set off). Public: the roll, and each mine it
    concerned shown a mine (a mine still a marker to the sweeper's side shows itself first)."""
    state = ctx.state
    sweeper = state.trooper(tid)
    found = swept_by(state, sweeper)
    koalas = koalas_swept_by(state, sweeper)
    foe = other(sweeper.seat)
    ctx.emit(
        "MinesweepRolled",
        seat=sweeper.seat,
        trooper=tid,
        sv=sweep_sv(sweeper),
        die=die,
        success=success,
        mines=[m.id for m in found],
        koalas=[k.id for k in koalas],
    )
    _sweep_koalas(ctx, sweeper, koalas, success)
    if not found:
        return
    for m in found:
        if not m.shown:
            ctx.emit(
                "MarkerRevealed",
                seat=foe,
                marker=m.id,
                mine=True,
                hex=list(m.hex),
                how="swept",
                by=tid,
            )
    cur = ctx.state.turn.current
    assert cur is not None and sweeper.hex is not None
    ids = {m.id for m in found}
    kept = tuple(m for m in ctx.state.hidden[foe].mines if m.id not in ids)
    if success:
        ctx.state = ctx.state.with_secret(foe, mines=kept)
        theirs = ctx.state.hidden[sweeper.seat].mines
        turned = tuple(evolve(m, layer=tid, shown=True) for m in found)
        ctx.state = ctx.state.with_secret(sweeper.seat, mines=(*theirs, *turned))
        left = tuple(x for x in cur.mines if x[0] not in ids)
        ctx.state = ctx.state.with_turn(current=evolve(cur, mines=left))
        for m in found:
            ctx.emit("MineSwept", seat=sweeper.seat, mine=m.id, owner=foe, hex=list(m.hex), by=tid)
        return
    shown = tuple(evolve(m, shown=True) if m.id in ids else m for m in ctx.state.hidden[foe].mines)
    ctx.state = ctx.state.with_secret(foe, mines=shown)
    going = {x[0] for x in cur.mines}
    extra = tuple((m.id, tid, sweeper.hex) for m in found if m.id not in going)
    ctx.state = ctx.state.with_turn(current=evolve(cur, mines=(*cur.mines, *extra)))
