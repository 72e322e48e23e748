"""CrazyKoalas (rules seed 003, 'CrazyKoala' and its three Akinyi examples; spec Part C w5):
two proximity mines a carrier deploys with itself, that stand in « mode attente » and throw
themselves at an enemy declaring an order or a short skill inside their Zone of Control.

What the text says, and where it is built:
- « Lors de la Phase de Déploiement, les CrazyKoalas sont déployés … au même moment que leur
  porteur, à l'intérieur de sa ZdC … il ne doit pas y avoir de troupes ennemies dans l'aire
  d'effet … alors le joueur ne peut pas déployer les CrazyKoalas, et ils sont considérés
  perdus »; « Chaque figurine qui a des CrazyKoalas en possède deux »: `deploy` (below).
- « ils peuvent le suivre chaque fois qu'il exécute une Compétence Courte de Mouvement, mais
  doivent toujours rester à l'intérieur de sa ZdC … Si un CrazyKoala est hors de la ZdC de son
  porteur, ou si ce dernier passe à l'état Inconscient ou Mort, il passera en mode « attente »
  … et ne peut pas être déplacé de nouveau »: `follow`, with a movement skill's `koalas`.
- « s'activant automatiquement lorsqu'une figurine ennemie déclare un Ordre, ou une Compétence
  Courte, à l'intérieur de leur ZdC, sans exiger d'ORA … Si un obstacle infranchissable …
  bloque son chemin, le CrazyKoala ne s'activera pas … parcourra toute la distance … dans les
  limites … de sa ZdC »: `trigger`, when a reaction window opens (public: the target sees
  them coming and may Dodge, as Wen Liu does).
- « L'explosion … n'utilise pas de Gabarit et provoque des Dommages de 15 avec la Munition
  Spéciale Shock. L'explosion peut être Esquivée avec un Jet Normal de PH … aucun MOD de
  Couverture »; « Le CrazyKoala est détruit quand il explose »: `explode`, in the resolution.

Our readings (D): a CrazyKoala is not a trooper: it gives no order, blocks neither moves nor
lines of fire, is no target and no casualty (the text's E/M and STR lines need E/M ammunition
and STR, which no profile here uses); a carrier in hidden deployment deploys none (placing them
would show where it hides); `deploy` without `koalas` places them on the first free hexes next to
the carrier, and a move without `koalas` leaves them where they stand (`deploy_hexes` and
`follow_hexes` list the hexes a player may choose instead); against a team the koala goes for
the nearest activated trooper in its ZoC, against a coordinated order its owner chooses
(« Contre un Ordre Coordonné … un CrazyKoala peut réagir contre n'importe quelle figurine au
choix du joueur »: `trigger` and `aim`, the deadline's default the nearest); a civilian the
enemy leads sets one off too (T 955: « Les Civils peuvent activer … CrazyKoalas »), where its
route enters the ZoC, its leader's side paying for it as for a mine's (`targets`, `explode`);
the Intuitive Attack that leaves one behind is tier 3 (they can be left behind by not following
anyway)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from games.engine.hexgrid import Hex, distance, neighbours, within
from games.engine.infinity import geometry as geo
from games.engine.infinity import holo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.damage import Hit
from games.engine.infinity.movement import step_cost
from games.engine.infinity.state import ZOC, Koala, Pending, State, Trooper, evolve, other

PER_CARRIER = 2  # « Chaque figurine qui a des CrazyKoalas en possède deux »
DAMAGE = 15  # « Dommages de 15 avec la Munition Spéciale Shock »
FOLLOW_REACH = 3  # hexes a koala follows in one movement skill: MOV 6 in. (a guess, D)


def carries(t: Trooper) -> bool:
    return t.prof.has("crazykoala")


def of_carrier(state: State, carrier: str) -> tuple[Koala, ...]:
    return tuple(k for k in state.koalas if k.carrier == carrier)


def _without(state: State, ids: Sequence[str]) -> State:
    return evolve(state, koalas=tuple(k for k in state.koalas if k.id not in ids))


def _public_enemies(state: State, seat: int) -> list[Trooper]:
    hidden = state.hidden[other(seat)].hidden_deployment
    return [
        t
        for t in state.army(other(seat))
        if t.on_table and t.state != "withdrawn" and t.id not in hidden
    ]


def _auto_hexes(state: State, carrier: Trooper) -> list[Hex]:
    assert carrier.hex is not None
    taken = set(state.occupants) | {k.hex for k in state.koalas if k.carrier != carrier.id}
    free = [h for h in neighbours(carrier.hex) if step_cost(state, h) is not None]
    return [h for h in free if h not in taken][:PER_CARRIER]


def _lost_at(state: State, seat: int, h: Hex) -> bool:
    """A public enemy inside the area a koala at `h` covers: it could not be deployed there."""
    return any(e.hex is not None and geo.in_zoc(h, e.hex) for e in _public_enemies(state, seat))


def _seen_taken(state: State, carrier_id: str) -> set[Hex]:
    """Hexes its owner knows a trooper or civilian stands on (the carrier's own aside: it is
    leaving it; an enemy in hidden deployment aside: its owner's view holds only a guess)."""
    seat = state.trooper(carrier_id).seat
    hidden = state.hidden[other(seat)].hidden_deployment
    return {h for h, who in state.occupants.items() if who != carrier_id and who not in hidden}


def deploy_hexes(state: State, carrier_id: str, at: Hex) -> list[Hex]:
    """Where a player may place a koala of `carrier_id` deploying at `at` (what the match page
    offers; `deploy` accepts these): open ground inside its ZoC, free of the troopers its owner
    sees and of other carriers' koalas, with no public enemy in reach (a koala there would be lost). Nearest
    first."""
    seat = state.trooper(carrier_id).seat
    taken = _seen_taken(state, carrier_id) | {at}
    taken |= {k.hex for k in state.koalas if k.carrier != carrier_id}
    free = [
        h
        for h in within(at, ZOC)
        if h not in taken and step_cost(state, h) is not None and not _lost_at(state, seat, h)
    ]
    return sorted(free, key=lambda h: (distance(at, h), h))


def followers(state: State, carrier_id: str) -> tuple[Koala, ...]:
    """The koalas that may follow their carrier's next movement skill (connected ones)."""
    return tuple(k for k in of_carrier(state, carrier_id) if connected(state, k))


def _lands_on(state: State, h: Hex) -> bool:
    """A following koala may end on `h`: open ground or a roof at any level (D: it climbs and
    jumps as it goes, T 1837–1838 « Les seules Compétences qu'un CrazyKoala peut exécuter lors
    de son tour actif sont Se Déplacer et Sauter », and moves « verticales ou horizontales »,
    1840–1841), so it keeps up with a carrier's Climb or Jump."""
    return geo.on_board(state.board, h) and geo.standing_level(state.scenery_at, h) is not None


def follow_hexes(state: State, koala_id: str, carrier_to: Hex) -> list[Hex]:
    """Where a connected koala may follow its carrier ending its move at `carrier_to`: open
    ground or a roof (`_lands_on`) within 3 hexes of the koala, inside the carrier's new ZoC,
    free of the troopers its owner sees (the carrier's new hex too) and of the other koalas; its
    own hex when that is still inside the ZoC (it stays). Nearest the koala first."""
    k = next(k for k in state.koalas if k.id == koala_id)
    taken = _seen_taken(state, k.carrier) | {carrier_to}
    taken |= {o.hex for o in state.koalas if o.id != koala_id}
    free = [
        h
        for h in within(k.hex, FOLLOW_REACH)
        if h not in taken and _lands_on(state, h) and geo.in_zoc(carrier_to, h)
    ]
    return sorted(free, key=lambda h: (distance(k.hex, h), h))


def deploy(ctx: Ctx, carrier_id: str, hexes: Sequence[Hex] | None, hidden: bool) -> None:
    """Place a carrier's two koalas with it (a carrier deployed again takes them back first)."""
    state = ctx.state
    carrier = state.trooper(carrier_id)
    if not carries(carrier):
        if hexes:
            raise refuse("skill_not_allowed", "That trooper carries no CrazyKoalas.")
        return
    state = _without(state, [k.id for k in of_carrier(state, carrier_id)])
    ctx.state = state
    if hidden:
        if hexes:
            raise refuse("skill_not_allowed", "A hidden carrier deploys no CrazyKoalas.")
        return
    assert carrier.hex is not None
    chosen = list(hexes) if hexes is not None else _auto_hexes(state, carrier)
    if len(chosen) > PER_CARRIER or len(set(chosen)) != len(chosen):
        raise refuse("malformed", "Two CrazyKoalas at most, each on its own hex.")
    for h in chosen:
        if step_cost(state, h) is None or not geo.in_zoc(carrier.hex, h):
            raise refuse("illegal_path", "Place the CrazyKoalas in the carrier's Zone of Control.")
    if any(_lost_at(state, carrier.seat, h) for h in chosen):
        ctx.emit("KoalasLost", seat=carrier.seat, carrier=carrier_id)
        return
    placed = tuple(
        Koala(f"{carrier_id}.k{i + 1}", carrier.seat, carrier_id, h) for i, h in enumerate(chosen)
    )
    ctx.state = evolve(ctx.state, koalas=(*ctx.state.koalas, *placed))
    for k in placed:
        ctx.emit("KoalaDeployed", seat=k.seat, carrier=carrier_id, koala=k.id, hex=list(k.hex))


def connected(state: State, k: Koala, at: Hex | None = None) -> bool:
    """Still following its carrier: the carrier Normal and the koala inside its ZoC."""
    carrier = state.trooper(k.carrier)
    where = at if at is not None else carrier.hex
    return carrier.normal and where is not None and geo.in_zoc(where, k.hex)


def check_follow(
    state: State, movers: Sequence[str], start: Mapping[str, Hex | None], moves: Mapping[str, Hex]
) -> None:
    """A movement skill's `koalas` {id: hex}: koalas of an activated carrier, following it
    (connected where it stood), each to a free hex within 3 and inside its new ZoC."""
    for kid, to in moves.items():
        k = next((k for k in state.koalas if k.id == kid), None)
        if k is None or k.carrier not in movers:
            raise refuse("unknown_trooper", "Move the CrazyKoalas of a trooper this order moves.")
        if not connected(state, k, start.get(k.carrier)):
            raise refuse("skill_not_allowed", "A CrazyKoala out of its carrier's ZoC stays put.")
        if not _lands_on(state, to) or distance(k.hex, to) > FOLLOW_REACH:
            raise refuse(
                "illegal_path", "A CrazyKoala follows 3 hexes at most, onto open ground or a roof."
            )


def follow(ctx: Ctx, moves: Mapping[str, Hex]) -> None:
    """After the carrier's movement skill is placed: the koalas it takes along must end inside
    its new ZoC (checked here, the carrier having moved)."""
    state = ctx.state
    for kid, to in moves.items():
        k = next(k for k in state.koalas if k.id == kid)
        carrier_hex = state.trooper(k.carrier).hex
        if carrier_hex is None or not geo.in_zoc(carrier_hex, to):
            raise refuse("illegal_path", "A CrazyKoala stays inside its carrier's ZoC.")
    moved = dict(moves)
    koalas = tuple(evolve(k, hex=moved[k.id]) if k.id in moved else k for k in state.koalas)
    ctx.state = evolve(state, koalas=koalas)
    for kid, to in moves.items():
        ctx.emit("KoalaMoved", koala=kid, hex=list(to))


def _path_within(state: State, k: Koala, goal: Hex) -> bool:
    """A way to base contact with `goal` on open ground inside the koala's ZoC."""
    if distance(k.hex, goal) <= 1:
        return True
    seen, frontier = {k.hex}, [k.hex]
    while frontier:
        nxt = []
        for h in frontier:
            for n in neighbours(h):
                if n in seen or not geo.in_zoc(k.hex, n) or step_cost(state, n) is None:
                    continue
                if distance(n, goal) <= 1:
                    return True
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return False


def targets(state: State, koala_id: str, index: int) -> list[str]:
    """The activated enemies a standby koala may set off at, after the active seat's
    declaration `index` (1 or 2): inside its ZoC where they declared the skill, Normal, not
    hidden, with a way to them, and the civilians the order led into its ZoC; nearest first
    (then by id)."""
    cur = state.turn.current
    k = next((k for k in state.koalas if k.id == koala_id), None)
    if cur is None or k is None:
        return []
    hidden = state.hidden[cur.seat].hidden_deployment
    found: list[tuple[int, str]] = []
    for tid in cur.acting:
        t = state.trooper(tid)
        ends = cur.end_hexes(tid)
        starts = cur.route(tid)[:1] if index == 1 else ends[index - 2 : index - 1]
        where = starts[0] if starts else t.hex
        # « ne seront pas activés si l'Ordre est déclaré par un Marqueur Camouflage … à moins
        # que cet Ordre ne le révèle » (a revealing order shows the trooper before this runs)
        if (
            tid in hidden
            or state.is_marker(tid)
            or not t.normal
            or where is None
            or not geo.in_zoc(k.hex, where)
        ):
            continue
        if _path_within(state, k, where):
            found.append((distance(k.hex, where), tid))
    for e in state.echoes:  # Holo-echoes set it off as troopers do (T 2436–2438; holo.py)
        t = state.trooper(e.trooper)
        starts = cur.route(e.trooper)[:1] if index == 1 else cur.end_hexes(e.trooper)[index - 2 :]
        if e.trooper not in cur.acting or not t.normal or t.hex is None or not starts:
            continue
        where = holo.echo_at(cur, state, e.trooper, e.id, starts[0])
        if where is not None and geo.in_zoc(k.hex, where) and _path_within(state, k, where):
            found.append((distance(k.hex, where), e.id))
    # T 955: « Les Civils peuvent activer les armes et les équipements déployants (Mines,
    # E/Maulers, CrazyKoalas…) »: a civilian the order leads, at the first hex of its route
    # inside the ZoC (a civilian declares nothing: where it walks in, as mines.py reads it).
    for cid, route in cur.escorts:
        if state.civilian(cid).state == "dead":
            continue
        at = next((h for h in route if geo.in_zoc(k.hex, h)), None)
        if at is not None and _path_within(state, k, at):
            found.append((distance(k.hex, at), cid))
    return [tid for _, tid in sorted(found)]


def trigger(ctx: Ctx, index: int) -> bool:
    """When a reaction window opens after the active seat's declaration `index` (1 or 2): every
    standby koala of the reactive seat with an activated enemy inside its ZoC where that enemy
    declared the skill, and a way to it, sets off at it (public, no reaction spent). Against a
    coordinated order with several such enemies, its owner chooses which (« peut réagir contre
    n'importe quelle figurine au choix du joueur »): the seat is asked (`koala_target`, pending
    on the koalas still to aim) and True is returned; the window opens once they are aimed."""
    state = ctx.state
    cur = state.turn.current
    if cur is None or not state.koalas:
        return False
    reactive = other(cur.seat)
    done = {kid for kid, _ in cur.koalas}
    found: list[tuple[str, str]] = []
    ask: list[str] = []
    for k in state.koalas:
        if k.seat != reactive or k.id in done:
            continue
        aims = targets(state, k.id, index)
        if cur.coordinated and len(aims) > 1:
            ask.append(k.id)
        elif aims:
            found.append((k.id, aims[0]))
    if found:
        ctx.state = state.with_turn(current=evolve(cur, koalas=(*cur.koalas, *found)))
        for kid, tid in found:
            ctx.emit("KoalaTriggered", koala=kid, seat=reactive, target=tid)
    if not ask:
        return False
    ctx.state = ctx.state.with_turn(
        pending=Pending(reactive, "koala_target", window=index, eligible=tuple(ask))
    )
    return True


def aim(ctx: Ctx, seat: int, koala_id: str | None, target: str | None) -> bool:
    """The owner's choice of a koala's target against a coordinated order (`trigger`); True
    once every koala asked about is aimed (the window then opens)."""
    pending = ctx.state.turn.pending
    cur = ctx.state.turn.current
    assert pending is not None and cur is not None
    if koala_id not in pending.eligible:
        raise refuse("unknown_trooper", "Aim one of the CrazyKoalas that set off.")
    assert koala_id is not None and pending.window is not None
    if target not in targets(ctx.state, koala_id, pending.window):
        raise refuse("illegal_target", "Aim it at a trooper of the order inside its ZoC.")
    assert target is not None
    ctx.state = ctx.state.with_turn(current=evolve(cur, koalas=(*cur.koalas, (koala_id, target))))
    ctx.emit("KoalaTriggered", koala=koala_id, seat=seat, target=target)
    left = tuple(k for k in pending.eligible if k != koala_id)
    if left:
        ctx.state = ctx.state.with_turn(pending=evolve(pending, eligible=left))
        return False
    return True


def _at_token(ctx: Ctx, kid: str, target: str) -> str | None:
    """Who a koala set off at a token hits: the owner says what it is (T 2402–2409: its
    explosion is an attack that reaches it): the real one, the trooper; a decoy (or a token gone
    since) leaves, and nobody is hit (None)."""
    if ctx.state.has_civilian(target):
        return target
    echo = next((e for e in ctx.state.echoes if e.id == target), None)
    if echo is None and not ctx.state.has_trooper(target):
        return None
    owner = echo.trooper if echo is not None else target
    if not holo.projecting(ctx.state, owner):
        return owner
    real = holo.real_token(ctx.state, owner) == target
    holo.found(ctx, owner, target, "hit", by=kid)
    return owner if real else None


def explode(ctx: Ctx, dodged: Mapping[str, bool]) -> list[Hit]:
    """The resolution: each koala set off this order explodes in contact (and leaves the table);
    its target takes a DAM 15 Shock hit without cover unless its Dodge (a Normal PH roll)
    succeeded."""
    cur = ctx.state.turn.current
    if cur is None or not cur.koalas:
        return []
    hits: list[Hit] = []
    by_id = {k.id: k for k in ctx.state.koalas}
    for kid, tid in cur.koalas:
        k = by_id.get(kid)
        if k is None:
            continue
        struck = _at_token(ctx, kid, tid)  # a Holo-echo or a figure among them (holo.py)
        if struck is None:
            ctx.emit("KoalaExploded", koala=kid, target=tid, dodged=False)
            continue
        tid = struck
        led = ctx.state.has_civilian(tid)
        target = ctx.state.civilian(tid) if led else ctx.state.trooper(tid)
        dodge = dodged.get(tid, False)
        ctx.emit("KoalaExploded", koala=kid, target=tid, dodged=dodge)
        if not dodge and target.hex is not None and target.state in ("normal", "unconscious"):
            hit = Hit(tid, k.carrier, "crazykoala", "Shock", DAMAGE, False, True, target.hex)
            # A civilian it kills costs the side that led it there (D, as a mine's: T 955
            # « s'il leurs permet de s'activer et qu'ils meurent, il subira une pénalité »).
            hits.append(replace(hit, payer=cur.seat) if led else hit)
    ctx.state = _without(ctx.state, [kid for kid, _ in cur.koalas])
    return hits
