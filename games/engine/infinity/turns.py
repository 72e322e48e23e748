"""Game and player turns (spec B.5, B.13, B.15; the text's 'REGLE DE LA DERNIERE FIGURINE
DEBOUT'): the order pool with Loss of Lieutenant, Retreat! and last model standing, the end of a
turn with the secret appointment of a new Lieutenant, the end of the game and its score."""

from __future__ import annotations

import math

from games.engine.infinity import fireteams as ft
from games.engine.infinity import geometry as geo
from games.engine.infinity import remotes, zones
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.state import Orders, Pending, Score, State, evolve, other

RETREAT_SHARE = 0.6  # IALD's break point (spec B.13, M)
BAGGAGE_POINTS = 20  # 'Bagage': +20 for VP and Retreat!


def casualty_points(state: State, seat: int) -> int:
    """Points of a seat's Unconscious and Dead troopers; a Baggage carrier is worth 20 more (T:
    'Bagage', « un D.C.D. avec l'équipement Bagage, qui coûtait seulement 8 points au joueur,
    rapportera 28 Points de Victoire »)."""
    return sum(
        t.prof.points + (BAGGAGE_POINTS if t.prof.has("baggage") else 0)
        for t in state.army(seat)
        if t.state in ("unconscious", "dead") and not remotes.is_remote(t)  # G: Synchronised
    )


def in_retreat(state: State, seat: int) -> bool:
    """Retreat! counted on the army's points plus 20 per Baggage carrier it enlisted (T:
    'Bagage': « 300 points … son pourcentage de Retraite ! sur 320 points »; `seats[].baggage`,
    spec E.1, which `new` fills from the carriers' profiles).

    What Retreat! does, after the French text (seed 003): the link breaks, even for Religious
    Troops ('FIRETEAMS': « Si une situation de Retraite ! est déclarée, alors le Lien se brise »);
    every trooper gets « l'Ordre Impétueux (vers la Zone de Déploiement) de Retraite ! » ('RÈGLE
    DE « LA DERNIÈRE FIGURINE DEBOUT »', with the last trooper's 3 orders); its troopers flee
    ('Dispositif de Contrôle': « Si les Kuang Shi fuient à cause de la règle Retraite ! »):
    skills.py's `withdraw` takes one off by its deployment zone's table edge (conclude.py); G:
    Synchronised and G: Servant remotes and pilots are no casualties for it, G: Jumper proxies are
    ('Ghost : Serviteur', 'Pilote', 'G : Jumper'). The text never says Retreat! ends the game:
    it goes on to the scenario's last turn, or until an army has nobody standing on the table at
    the start of its turn (`start_turn`: fled, Unconscious or Dead), replacing the tier-1
    simplification (spec B.13's D: the end of that game turn). A trooper that fled is no casualty:
    the enemy does not score it (D, as the later editions count those who leave by their edge)."""
    info = state.seats[seat]
    total = info.army_points + BAGGAGE_POINTS * info.baggage
    return total > 0 and casualty_points(state, seat) >= RETREAT_SHARE * total


def order_pool(state: State, seat: int) -> Orders:
    """The pool at the start of an active turn (spec B.5): one order per Normal trooper on the
    table, regular to the group, irregular to itself; Loss of Lieutenant makes them all
    irregular and removes the Lieutenant order; an Impetuous trooper not linked (FT-25; a Frenzied
    one once it has wounded an enemy, fury.py) and every
    trooper in Retreat! add one impetuous order; last model standing gives 2 (LMS-1...4)."""
    info = state.seats[seat]
    # A G: Synchronised remote gives no order of its own: its controller's activates both.
    normals = [t for t in state.army(seat) if t.normal and not remotes.is_remote(t)]
    alive = [t for t in state.army(seat) if t.on_table]  # a remote on the table is a figure
    team = state.live_team(seat)

    def impetuous(tid: str) -> bool:
        t = state.trooper(tid)
        linked = team is not None and tid in team.members
        return info.retreat or (t.fury == "impetuous" and not linked)

    imp = tuple((t.id, 1) for t in normals if impetuous(t.id))
    if len(alive) == 1 and len(normals) == 1:
        return Orders(regular=2, impetuous=imp)
    lieutenant = state.hidden[seat].lieutenant
    if info.loss_of_lieutenant:
        return Orders(irregular=tuple((t.id, 1) for t in normals), impetuous=imp)
    regular = sum(1 for t in normals if t.prof.training == "regular")
    irregular = tuple((t.id, 1) for t in normals if t.prof.training != "regular")
    has_lt = lieutenant is not None and state.has_trooper(lieutenant)
    lt_order = 1 if has_lt and state.trooper(lieutenant or "").normal else 0
    return Orders(regular=regular, irregular=irregular, impetuous=imp, lieutenant=lt_order)


def start_turn(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    ctx.state = state.with_turn(phase="active", active_seat=seat, current=None, queue=())
    ft.new_turn(ctx, seat)
    if not any(t.normal for t in ctx.state.army(seat)):
        end_game(ctx, "no_troopers")
        return
    if not ctx.state.seats[seat].retreat and in_retreat(ctx.state, seat):
        ctx.state = ctx.state.with_seat(seat, retreat=True)
        ft.dissolve(ctx, seat, "retreat")  # FT-21
        # The game goes on (see `in_retreat`): `turn.last_game_turn`, which the tier-1
        # simplification set here, is no longer set, but still honoured in a position that has
        # it (positions saved before keep ending as they would have).
        ctx.emit("RetreatDeclared", seat=seat, casualties=casualty_points(ctx.state, seat))
    lieutenant = ctx.state.hidden[seat].lieutenant
    lost = lieutenant is None or not ctx.state.trooper(lieutenant).normal
    ctx.state = ctx.state.with_seat(seat, loss_of_lieutenant=lost)
    if lost:
        # Announced publicly, and with it who the fallen Lieutenant was (spec B.13).
        ctx.state = ctx.state.with_seat(seat, revealed_lieutenant=lieutenant)
        ctx.emit("LossOfLieutenant", seat=seat, trooper=lieutenant)
    orders = order_pool(ctx.state, seat)
    ctx.state = ctx.state.with_orders(seat, orders).with_turn(pending=Pending(seat, "order"))
    ctx.emit(
        "TurnStarted",
        seat=seat,
        game_turn=ctx.state.turn.game_turn,
        orders=orders.total,
        regular=orders.regular,
        irregular=sum(n for _, n in orders.irregular),
        impetuous=sum(n for _, n in orders.impetuous),
        lieutenant=orders.lieutenant,
    )


def lieutenant_candidates(state: State, seat: int) -> tuple[str, ...]:
    """B.13: a new Lieutenant is chosen among Normal, non-Irregular troopers."""
    return tuple(t.id for t in state.army(seat) if t.normal and t.prof.training == "regular")


def end_turn(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    ctx.state = state.with_orders(seat, Orders())
    ctx.emit("TurnEnded", seat=seat, game_turn=state.turn.game_turn)
    for t in state.troopers:  # V: Dogged: at the end of the player turn it fell in, it dies
        if t.dogged and t.state == "normal":
            ctx.state = ctx.state.update(t.id, state="dead", wounds=t.prof.w + 1)
            ctx.emit("StateChanged", trooper=t.id, state="dead", civilian=False, dogged=True)
    if state.seats[seat].loss_of_lieutenant and lieutenant_candidates(ctx.state, seat):
        ctx.state = ctx.state.with_turn(pending=Pending(seat, "appoint_lieutenant"))
        return
    next_turn(ctx)


def appoint(ctx: Ctx, seat: int, tid: str) -> None:
    """The secret appointment: the owner alone learns who (the other seat is told that a new
    Lieutenant was named)."""
    ctx.state = ctx.state.with_secret(seat, lieutenant=tid).with_seat(
        seat, loss_of_lieutenant=False, revealed_lieutenant=None
    )
    ctx.emit("LieutenantAppointed", only=seat, redacted={"seat": seat}, seat=seat, trooper=tid)
    next_turn(ctx)


def next_turn(ctx: Ctx) -> None:
    turn = ctx.state.turn
    if turn.active_seat == turn.first_seat:
        start_turn(ctx, other(turn.first_seat))
        return
    zones.score_game_turn(ctx)  # the end of a game turn
    game_turn = turn.game_turn + 1
    last = min(ctx.state.scenario.max_game_turns, turn.last_game_turn or 10**6)
    if game_turn > last:
        early = turn.last_game_turn is not None and game_turn <= ctx.state.scenario.max_game_turns
        end_game(ctx, "retreat" if early else "turns")
        return
    ctx.state = ctx.state.with_turn(game_turn=game_turn)
    start_turn(ctx, turn.first_seat)


def victory_points(state: State, seat: int) -> int:
    """B.15: the points of enemy troopers Unconscious or Dead, minus 20 % of the army's points
    per civilian it killed (CIV-10); in Civilian Evacuation, plus 20 % per civilian led by one
    of its Normal troopers inside its own deployment zone."""
    foe = other(seat)
    info = state.seats[seat]
    vp = casualty_points(state, foe)
    share = math.floor(info.army_points * 0.2)
    vp -= share * sum(1 for c in state.civilians if c.state == "dead" and c.killed_by == seat)
    if state.scenario.id == "civilian_evacuation":
        for c in state.civilians:
            if c.synced_to is None or c.state != "normal":
                continue
            leader = state.trooper(c.synced_to)
            if leader.seat == seat and leader.normal and geo.in_zone(state.board, seat, c.hex):
                vp += share
    return vp


def score(state: State, reason: str) -> Score:
    vp = (victory_points(state, 0), victory_points(state, 1))
    winner = None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
    if state.scenario.id == "zone_control":
        # Zone points first; the Annihilation points break a tie (B.15).
        zp = (state.seats[0].zone_points, state.seats[1].zone_points)
        if zp[0] != zp[1]:
            winner = 0 if zp[0] > zp[1] else 1
        return Score(zp, winner, reason)
    return Score(vp, winner, reason)


def end_game(ctx: Ctx, reason: str) -> None:
    result = score(ctx.state, reason)
    ctx.state = evolve(
        ctx.state,
        score=result,
        turn=evolve(
            ctx.state.turn,
            phase="ended",
            current=None,
            queue=(),
            pending=Pending(ctx.state.turn.active_seat, "ended"),
        ),
    )
    ctx.emit("GameEnded", reason=reason, vp=list(result.vp), winner=result.winner)
