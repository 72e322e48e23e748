"""Holoprojector L2 and its Holo-echoes (tier 3; T: 'Holoprojecteur N2', seed 003 lines
2385–2441, its examples 2442–2470; spec A.8 e6, B.14; D where the engine README says).

At deployment a trooper with the equipment stands on the table with two Holo-echo markers
(HOLO) around it, the three inside an area the size of a Circular Template; which of the three
is really the trooper is its owner's secret (`hidden.<seat>.holo`: its own id for the figure,
else an echo's id). The engine keeps the trooper at its figure's hex, a public token like the
echoes, so no position, event, legal move or refusal built on it tells which is real; the real
token matters only when it is found, and that is told to both seats.

The figure and its echoes act under one order, the echoes repeating the trooper's movements (D:
each keeps its offset from the figure, so they never leave the template's area, T 2441).
Cautious Movement and the short movement skills without a roll keep them (T 2425–2428); any
other skill shows the trooper first. A successful Discover, a successful attack or a hit on a
token, or base contact with an enemy, makes the owner say what it is (T 2402–2409, 2428–2435):
the real one stays alone where it stood (`HoloRevealed`), a decoy leaves (`EchoDispelled`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.engine.hexgrid import Hex, distance, neighbours
from games.engine.infinity import camouflage as camo
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.data import weapon
from games.engine.infinity.dice import Dice
from games.engine.infinity.movement import in_contact
from games.engine.infinity.state import CurrentOrder, Echo, State, Trooper, evolve

EQUIPMENT = "holoprojector_2"
# T 2425–2428: « Les seules Compétences dont l'exécution ne révèle pas automatiquement
# l'utilisateur de l'Holoprojecteur sont le Mouvement Prudent et toutes les Compétences Courtes
# de Mouvement qui n'exigent pas de Jet (sauf Alerter) ». Cautious Movement and Alert are not
# built; a Dodge (a PH roll) and Discover (not a movement) show the trooper, and so does a
# Climb: it needs a PH roll (T 724 « effectuent le Jet de PH correspondant »). A Jump rolls
# nothing of its own (a fall's armour save is not the skill's roll): it keeps them (D).
KEEPS = ("move", "jump", "change_facing", "prone", "get_up", "none")
ECHOES = 2  # T 2399: « deux Marqueurs Holo-écho (HOLO) autour d'elle »


def carries(t: Trooper) -> bool:
    return t.prof.has(EQUIPMENT)


def echoes_of(state: State, tid: str) -> tuple[Echo, ...]:
    return tuple(e for e in state.echoes if e.trooper == tid)


def projecting(state: State, tid: str) -> bool:
    """Whether the trooper stands as a figure among its Holo-echoes."""
    return any(e.trooper == tid for e in state.echoes)


def real_token(state: State, tid: str) -> str:
    """Which token is the trooper (its owner's secret: only the engine and its owner ask)."""
    seat = state.trooper(tid).seat
    return dict(state.hidden[seat].holo).get(tid, tid)


def tokens(state: State, tid: str) -> list[tuple[str, Hex]]:
    """The trooper's public tokens: its figure (its own id) then its echoes."""
    t = state.trooper(tid)
    assert t.hex is not None
    return [(tid, t.hex), *((e.id, e.hex) for e in echoes_of(state, tid))]


def real_hex(state: State, tid: str) -> Hex | None:
    """Where the trooper really stands (the engine's and its owner's knowledge)."""
    token = real_token(state, tid)
    return dict(tokens(state, tid)).get(token) if projecting(state, tid) else None


def token_named(state: State, seat: int, name: str | None) -> tuple[str, str] | None:
    """An enemy token a player of `seat` names: (trooper, token) for one of its echoes or for
    the figure of a trooper standing among echoes; None otherwise."""
    for e in state.echoes:
        if e.seat != seat and name in (e.id, e.trooper):
            return e.trooper, name or ""
    return None


def token_hex(state: State, tid: str, token: str) -> Hex:
    return dict(tokens(state, tid))[token]


def in_template_area(hexes: Sequence[Hex]) -> bool:
    """T 2401–2402: « Les Holo-échos et la figurine doivent être placés à l'intérieur d'une zone
    de la taille d'un Gabarit Circulaire »: a hex whose Circular Template (itself and its six
    neighbours, spec B.3) holds them all."""
    centres = set(hexes) | {n for h in hexes for n in neighbours(h)}
    return any(all(distance(c, h) <= 1 for h in hexes) for c in centres)


def _free(state: State, h: Hex, mine: Iterable[str]) -> bool:
    if not geo.on_board(state.board, h) or state.scenery_at.get(h) in geo.IMPASSABLE:
        return False
    if h in state.mine_hexes or h in {k.hex for k in state.koalas}:
        return False
    return state.occupants.get(h) in (None, *mine)  # an echo occupies its hex


def check_deploy(state: State, t: Trooper, h: Hex, echo_hexes: Sequence[Hex], real: int) -> None:
    """`deploy` {echoes: [[q, r], [q, r]], real: 0|1|2} (T 2396–2402)."""
    if not carries(t):
        raise refuse("skill_not_allowed", "Only a trooper with a Holoprojector L2 has echoes.")
    if len(echo_hexes) != ECHOES or len({h, *echo_hexes}) != ECHOES + 1:
        raise refuse("malformed", "Give two different hexes for the two Holo-echoes.")
    if real not in range(ECHOES + 1):
        raise refuse("malformed", "`real` is 0 (the figure), 1 or 2 (an echo).")
    for e in echo_hexes:
        if not geo.in_zone(state.board, t.seat, e) or not _free(state, e, (t.id,)):
            raise refuse("hex_occupied", "A Holo-echo goes on a free hex of your zone.")
    if not in_template_area([h, *echo_hexes]):
        raise refuse("illegal_path", "The figure and its echoes fit in a Circular Template.")


def deploy(ctx: Ctx, seat: int, tid: str, echo_hexes: Sequence[Hex], real: int) -> None:
    """Place the two echoes (public `EchoesPlaced`) and note the real token (its owner's
    `HoloNoted`)."""
    lift(ctx, seat, tid)
    placed = []
    for h in echo_hexes:
        mid = camo.next_marker(ctx.state)
        ctx.state = evolve(
            ctx.state,
            echoes=(*ctx.state.echoes, Echo(mid, seat, tid, h)),
            markers_placed=int(mid[1:]),
        )
        placed.append(mid)
    token = tid if real == 0 else placed[real - 1]
    _note(ctx, seat, tid, token)
    ctx.emit(
        "EchoesPlaced",
        seat=seat,
        trooper=tid,
        echoes=[{"marker": m, "hex": list(h)} for m, h in zip(placed, echo_hexes, strict=True)],
    )
    ctx.emit("HoloNoted", only=seat, seat=seat, trooper=tid, real=token)


def _note(ctx: Ctx, seat: int, tid: str, token: str | None) -> None:
    secret = ctx.state.hidden[seat]
    holo = tuple((t, r) for t, r in secret.holo if t != tid)
    if token is not None:
        holo = tuple(sorted((*holo, (tid, token))))
    ctx.state = ctx.state.with_secret(seat, holo=holo)


def _drop(ctx: Ctx, tid: str, keep: Iterable[str] = ()) -> list[str]:
    kept = set(keep)
    gone = [e.id for e in ctx.state.echoes if e.trooper == tid and e.id not in kept]
    echoes = tuple(e for e in ctx.state.echoes if e.trooper != tid or e.id in kept)
    ctx.state = evolve(ctx.state, echoes=echoes)
    return gone


def lift(ctx: Ctx, seat: int, tid: str) -> None:
    """A trooper deployed again takes its echoes back first (public `EchoesLifted`)."""
    if not projecting(ctx.state, tid):
        return
    gone = _drop(ctx, tid)
    _note(ctx, seat, tid, None)
    ctx.emit("EchoesLifted", seat=seat, trooper=tid, echoes=gone)


# --- moving together -----------------------------------------------------------------------


def _shifted(h: Hex, start: Hex, end: Hex) -> Hex:
    return (h[0] + end[0] - start[0], h[1] + end[1] - start[1])


def check_follow(state: State, paths: Iterable[tuple[str, tuple[Hex, ...]]]) -> None:
    """Each echo ends its move where the figure's move takes it, shifted by its offset (D: T
    2419–2420 « exécutant exactement le même Ordre », 2441 « ne sortiront jamais de la zone du
    Gabarit Circulaire »); a move an echo cannot follow is refused (its tokens are public, so
    the refusal tells nothing)."""
    for tid, path in paths:
        t = state.trooper(tid)
        if not path or t.hex is None or not projecting(state, tid):
            continue
        own = {tid, *(e.id for e in echoes_of(state, tid))}
        for e in echoes_of(state, tid):
            to = _shifted(e.hex, t.hex, path[-1])
            if _free(state, to, own):
                continue
            raise refuse("illegal_path", "A Holo-echo cannot follow that move.")


def echo_ends(state: State, tid: str, path: Sequence[Hex]) -> list[Hex]:
    """Where the trooper's echoes end a move along `path` (`follow`): hexes no other mover or
    led civilian of the same skill may end on."""
    t = state.trooper(tid)
    if not path or t.hex is None:
        return []
    return [_shifted(e.hex, t.hex, path[-1]) for e in echoes_of(state, tid)]


def follow(ctx: Ctx, starts: dict[str, Hex]) -> None:
    """After the figure's move: its echoes take the same step (public `EchoesMoved`)."""
    for tid, start in starts.items():
        t = ctx.state.trooper(tid)
        if t.hex is None or t.hex == start or not projecting(ctx.state, tid):
            continue
        end = t.hex
        moved = tuple(
            evolve(e, hex=_shifted(e.hex, start, end)) if e.trooper == tid else e
            for e in ctx.state.echoes
        )
        ctx.state = evolve(ctx.state, echoes=moved)
        ctx.emit(
            "EchoesMoved",
            seat=t.seat,
            trooper=tid,
            echoes={e.id: list(e.hex) for e in echoes_of(ctx.state, tid)},
        )


# --- found: real or a decoy --------------------------------------------------------------------


def collapse(ctx: Ctx, tid: str, how: str, by: str | None = None) -> None:
    """The real trooper is shown: the echoes leave and the figure stands where the real token
    stood (T 2405–2408, 2431–2433)."""
    if not projecting(ctx.state, tid):
        return
    t = ctx.state.trooper(tid)
    token = real_token(ctx.state, tid)
    h = token_hex(ctx.state, tid, token)
    _retarget(ctx, tid, {k for k, _ in tokens(ctx.state, tid)} - {token}, token)
    gone = _drop(ctx, tid)
    _note(ctx, t.seat, tid, None)
    ctx.state = ctx.state.update(tid, hex=h)
    data: dict[str, Any] = {
        "seat": t.seat,
        "trooper": tid,
        "token": token,
        "hex": list(h),
        "echoes": gone,
        "how": how,
    }
    if by is not None:
        data["by"] = by
    ctx.emit("HoloRevealed", **data)


def dispel(ctx: Ctx, tid: str, token: str, how: str, by: str | None = None) -> None:
    """A decoy leaves the table (T 2408–2409, 2433–2435). A decoy figure leaves too: the
    trooper's figure then stands on its first echo's hex, which leaves in its place (D: the
    figure is one more token, so nothing is told beyond « this one was a decoy »)."""
    t = ctx.state.trooper(tid)
    real = real_token(ctx.state, tid)
    data: dict[str, Any] = {"seat": t.seat, "trooper": tid, "token": token, "how": how}
    if by is not None:
        data["by"] = by
    if token == tid:
        first = echoes_of(ctx.state, tid)[0]
        _retarget(ctx, tid, {tid}, first.id)
        ctx.state = ctx.state.update(tid, hex=first.hex)
        _drop(ctx, tid, keep=[e.id for e in echoes_of(ctx.state, tid)[1:]])
        if real == first.id:
            _note(ctx, t.seat, tid, tid)
        data["figure_to"] = {"marker": first.id, "hex": list(first.hex)}
    else:
        _retarget(ctx, tid, {token}, None)
        _drop(ctx, tid, keep=[e.id for e in echoes_of(ctx.state, tid) if e.id != token])
    if not projecting(ctx.state, tid):  # the last decoy gone: what stands is the trooper
        _note(ctx, t.seat, tid, None)
    ctx.emit("EchoDispelled", **data)


def found(ctx: Ctx, tid: str, token: str, how: str, by: str | None = None) -> None:
    """The owner says what the token is (T 2404–2405: « le joueur doit déclarer si c'est
    réellement l'utilisateur de l'Holoprojecteur, ou seulement un leurre holographique »)."""
    if not projecting(ctx.state, tid):
        return
    if real_token(ctx.state, tid) == token:
        collapse(ctx, tid, how, by)
    else:
        dispel(ctx, tid, token, how, by)


def shown(state: State, tids: Iterable[str]) -> State:
    """The state once these troopers have shown themselves (`collapse`): what a skill of theirs
    other than `KEEPS` is checked against; for their player's legal moves."""
    if not any(projecting(state, t) for t in tids):
        return state
    ctx = Ctx(state, Dice())
    for tid in tids:
        collapse(ctx, tid, "acted")
    return ctx.state


def reveal_declaring(ctx: Ctx, actors: Iterable[str], skill: str) -> None:
    """A skill other than those of `KEEPS` shows the trooper before it is checked and told (T
    2425–2428; its first example (2452–2454): « Si le Bashi Bazouk avait … tiré comme 1ère Compétence
    Courte de l'Ordre, son Holoprojecteur N2 se serait désactivé »)."""
    if skill in KEEPS:
        return
    for tid in actors:
        collapse(ctx, tid, "acted")


def reveal_in_contact(ctx: Ctx, movers: Iterable[str]) -> None:
    """T 2428–2430: « L'utilisateur, ou les Holo-échos, sont automatiquement révélés quand ils
    sont en contact socle à socle avec une autre figurine »: each token touching a figure of
    the other side after a move is found (D: another side's figure, as camouflage's contact)."""
    for tid in list(dict.fromkeys(movers)):
        if not ctx.state.has_trooper(tid):
            continue
        mover = ctx.state.trooper(tid)
        if mover.hex is None:
            continue
        for other in list(ctx.state.troopers):
            if other.seat == mover.seat or not projecting(ctx.state, other.id):
                continue
            for token, h in tokens(ctx.state, other.id):
                if projecting(ctx.state, other.id) and in_contact(ctx.state, h, mover.hex):
                    found(ctx, other.id, token, "contact", by=tid)
        if projecting(ctx.state, tid):
            enemies = [
                e.hex
                for e in ctx.state.troopers
                if e.seat != mover.seat and e.normal and e.hex is not None
            ]
            for token, h in tokens(ctx.state, tid):
                if projecting(ctx.state, tid) and any(in_contact(ctx.state, h, e) for e in enemies):
                    found(ctx, tid, token, "contact")


# --- Discover -----------------------------------------------------------------------------------


def check_discover(state: State, actor: Trooper, name: str | None) -> tuple[str, str] | None:
    """Discover at a token (T 2402–2404: « Chaque fois que l'adversaire réussit un Jet de détection
    … à l'encontre d'un Holo-écho ou de la figurine »): in the front arc, line of fire and
    Discover's range, as at a marker; None when `name` is no enemy token."""
    named = token_named(state, actor.seat, name)
    if named is not None:
        camo.check_sight(state, actor, token_hex(state, *named))
    return named


def discover_sv(actor: Trooper, at: Hex) -> tuple[int, dict[str, int]]:
    """WIP with Discover's range MODs only (D: the text gives the echoes no MOD)."""
    assert actor.hex is not None
    mods = {"range": camo.discover_range_mod(actor.hex, at)}
    return actor.prof.wip + sum(mods.values()), mods


def discover_targets(state: State, seat: int) -> list[str]:
    """Every enemy token a player of `seat` may name for Discover."""
    out: list[str] = []
    for e in state.echoes:
        if e.seat != seat:
            if e.trooper not in out:
                out.append(e.trooper)
            out.append(e.id)
    return out


def echo_spots(state: State, t: Trooper, h: Hex) -> tuple[Hex, Hex] | None:
    """Two free hexes of the trooper's zone beside `h` for its echoes (what `legal_moves`
    offers: the first pair clockwise from north), or None."""
    free = [
        n for n in neighbours(h) if geo.in_zone(state.board, t.seat, n) and _free(state, n, (t.id,))
    ]
    return (free[0], free[1]) if len(free) >= ECHOES else None


def deploy_options(state: State, t: Trooper, plain: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each plain deployment of a Holoprojector L2 carrier, also with its echoes and each of
    the three tokens noted as the real one."""
    if not carries(t):
        return []
    out = []
    for m in plain:
        spots = echo_spots(state, t, (m["hex"][0], m["hex"][1]))
        if spots is not None:
            echoes = [list(s) for s in spots]
            out += [{**m, "echoes": echoes, "real": r} for r in range(ECHOES + 1)]
    return out


def under_template(ctx: Ctx, attacker: str, area: Iterable[Hex]) -> None:
    """A template on tokens (T, its second example, 2456–2463: « Même si la cible n'est pas le
    vrai Nazim, il devra faire un Jet de BLI car il est touché par le cône d'explosion du tir,
    et l'Holo-écho 1 disparaîtra »): the real one under it is shown, and so hit where it
    stands; each decoy under it leaves."""
    hexes = set(area)
    for t in list(ctx.state.troopers):
        if not projecting(ctx.state, t.id):
            continue
        real = real_token(ctx.state, t.id)
        if token_hex(ctx.state, t.id, real) in hexes:
            collapse(ctx, t.id, "hit", by=attacker)
            continue
        while projecting(ctx.state, t.id):
            hit = [k for k, h in tokens(ctx.state, t.id) if h in hexes and k != real]
            if not hit:
                break
            dispel(ctx, t.id, hit[0], "hit", by=attacker)


# --- the echoes in an order: lines of fire and reactions ---------------------------------------


def echo_offset(state: State, tid: str, echo: str) -> Hex:
    t = state.trooper(tid)
    e = next(x for x in state.echoes if x.id == echo)
    assert t.hex is not None
    return (e.hex[0] - t.hex[0], e.hex[1] - t.hex[1])


def _moved(h: Hex, offset: Hex) -> Hex:
    return (h[0] + offset[0], h[1] + offset[1])


def echo_route(cur: CurrentOrder, state: State, tid: str, echo: str) -> tuple[Hex, ...]:
    """An echo's route in this order: its trooper's figure's, at the echo's offset (D: it
    repeats the figure's movements, `follow`)."""
    offset = echo_offset(state, tid, echo)
    return tuple(_moved(h, offset) for h in cur.route(tid))


def echo_points(state: State, cur: CurrentOrder) -> list[tuple[str, Hex]]:
    """Every (activated trooper, hex of one of its echoes' routes): « Les Holo-échos comptent
    comme des figurines réelles pour les ORA, pour tracer les LdV » (T 2436–2437), and give one
    reaction in all (« ils donnent seulement 1 ORA à chaque figurine ayant une LdV », 2439–2440)."""
    return [
        (e.trooper, h)
        for e in state.echoes
        if e.trooper in cur.activated
        for h in echo_route(cur, state, e.trooper, e.id)
    ]


def echo_at(cur: CurrentOrder, state: State, tid: str, echo: str, at: Hex | None) -> Hex | None:
    """A reaction's hex on an echo's route: the one given, or the figure's default there."""
    return None if at is None else _moved(at, echo_offset(state, tid, echo))


def aimed_echo(state: State, seat: int, name: str | None) -> tuple[str, str] | None:
    """(trooper, echo) for an enemy Holo-echo named by its id (not a figure)."""
    named = token_named(state, seat, name)
    return named if named is not None and named[1] != named[0] else None


def _retarget(ctx: Ctx, tid: str, gone: set[str], became: str | None) -> None:
    """Reactions of this order aimed at a token: at one found a decoy they find nothing (T, the
    first example, 2451–2452: « Angus voit son tir passer à travers l'hologramme de Nazim, qui
    se volatilise »: their aim point goes, so they roll no die, attacks.py; a direct template
    still falls where it was aimed, `under_template`); at the echo that `became` the trooper
    (the real one, or the one whose place its figure took) they now aim at the trooper."""
    cur = ctx.state.turn.current
    if cur is None:
        return
    out = []
    for a in cur.aros:
        if a.skill in ("bs_attack", "cc_attack") and a.target in gone:
            template = a.weapon is not None and weapon(a.weapon).direct_template
            a = a if template else evolve(a, at=None)
        elif became is not None and became != tid and a.target == became:
            a = evolve(a, target=tid)
        out.append(a)
    ctx.state = ctx.state.with_turn(current=evolve(cur, aros=tuple(out)))
