"""Mines (tier 3; T: 'Poseur de Mines', seed 003 lines 1476–1490, 'Mines Virales' 2101–2104,
'Nettoyeur de Mines' 2574–2597, the civilians' 955; spec Appendix skills row 13, w14, e8, CIV-11;
D where the text is silent, as the engine README's "Mines" says rule by rule): laying, setting
off (by troopers and led civilians), the teardrop, Discover, Viral Mines; a shot at a mine is
mine_shots.py's, the Minesweeper minesweeper.py's.

What the text says, and where it is built:
- « Lors de la phase de Déploiement, les figurines possédant cette Compétence Spéciale peuvent
  placer un Marqueur Camouflage à l'intérieur de leur ZdC pour représenter une Mine camouflée
  … Le Marqueur ne peut pas être placé s'il y a une troupe ennemie à l'intérieur de l'aire
  d'effet de la Mine »: `lay` (the `lay_mine` command while deploying).
- « Si la figurine se déploie dans la moitié de terrain ennemi en utilisant la Compétence
  Spéciale Infiltration et rate son Jet de PH, un Marqueur Mine sera placé au lieu d'un Marqueur
  Camouflage »: `lay`, the mine then shown.

Our readings (D; the text gives no mine profile): the mine is N2's Antipersonnel Mine as the
later editions keep it (M): a small teardrop, DAM 13, Shock; one use. Its area is every hex a
small teardrop from it covers, whatever the aim. It goes off by itself, no reaction spent, when
an activated enemy (not a marker or a hidden trooper, as the CrazyKoalas) has stood in its area
during the order so far: at the first such hex of its route, when the reaction window opens
(`trigger`, public: the marker is shown to be a mine); at the resolution the teardrop aimed at
that hex hits the target and everyone standing under it, friend or foe, but for those whose
Dodge succeeded (`explode`). A mine is no trooper: no order, no casualty, no line of fire
blocked, no target but of a shot once known (mine_shots.py); enemies cannot enter its hex (it is a marker they see), its owner cannot stop on
it. Until it goes off or is discovered (Discover, as against a camouflage marker, −3) the other
seat reads a camouflage marker: the same opaque id (`m<n>`, camouflage.py's counter), the same
deployment event, drawn the same."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.engine.hexgrid import Hex, distance, within
from games.engine.infinity import camouflage as camo
from games.engine.infinity import geometry as geo
from games.engine.infinity import holo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.damage import Hit
from games.engine.infinity.movement import step_cost
from games.engine.infinity.state import ZOC, Mine, State, Trooper, evolve, other

TEMPLATE = "small_teardrop"
DAMAGE = 13  # M: the Antipersonnel Mine's, Shock
AMMO = "Shock"
WEAPON = "antipersonnel_mine"
# Viral Mines (T 2101–2104: « chargées avec la Munition Spéciale Virale. Elles fonctionnent
# comme des Mines Antipersonnel, ont les mêmes caractéristiques, mais appliquent l'effet de la
# Munition Spéciale Virale »): a Minelayer carrying them (the profile's `viral_mines`) lays one.
VIRAL = "Viral"
VIRAL_WEAPON = "viral_mine"


def lays(t: Trooper) -> bool:
    return t.prof.has("minelayer")


def find(state: State, marker: str) -> tuple[int, Mine] | None:
    for seat in (0, 1):
        for m in state.hidden[seat].mines:
            if m.id == marker:
                return seat, m
    return None


def area(state: State, h: Hex) -> frozenset[Hex]:
    """Every hex a small teardrop from `h` covers, whatever its aim."""
    out: set[Hex] = set()
    for aim in geo.AIMS:
        out.update(geo.teardrop(h, aim, TEMPLATE, state.board, state.scenery_at))
    return frozenset(out)


def _enemies_in(state: State, seat: int, hexes: frozenset[Hex]) -> bool:
    """A public enemy trooper inside `hexes` (an enemy in hidden deployment is unknown to the
    player, a marker is seen)."""
    hidden = state.hidden[other(seat)].hidden_deployment
    return any(
        t.on_table and t.id not in hidden and t.hex in hexes for t in state.army(other(seat))
    )


def lay_hexes(state: State, layer_id: str) -> list[Hex]:
    """Where a Minelayer may lay its mine: open ground inside its ZoC, free, with no enemy in
    the mine's area (T: « Le Marqueur ne peut pas être placé s'il y a une troupe ennemie à
    l'intérieur de l'aire d'effet de la Mine »). Nearest first."""
    layer = state.trooper(layer_id)
    origin = layer.hex
    assert origin is not None
    own = next((m for m in state.hidden[layer.seat].mines if m.layer == layer_id), None)
    taken = set(state.occupants) | {h for h in state.mine_hexes if own is None or h != own.hex}
    out = [
        h
        for h in within(origin, ZOC)
        if h not in taken
        and geo.on_board(state.board, h)
        and step_cost(state, h) is not None
        and not _enemies_in(state, layer.seat, area(state, h))
    ]
    return sorted(out, key=lambda h: (distance(origin, h), h))


def lay(ctx: Ctx, seat: int, layer_id: str | None, h: Hex | None) -> None:
    """`lay_mine` {trooper, hex}: one mine per Minelayer (D: the text's « un Marqueur »), laid
    again elsewhere if it is given again; as a camouflage marker, or shown as a mine when the
    Minelayer failed its infiltration roll."""
    state = ctx.state
    if layer_id is None or not state.has_trooper(layer_id):
        raise refuse("unknown_trooper", "Lay the mine of one of your Minelayers.")
    layer = state.trooper(layer_id)
    if layer.seat != seat or not lays(layer):
        raise refuse("skill_not_allowed", "Only a Minelayer lays a mine.")
    if layer.hex is None:
        raise refuse("skill_not_allowed", "Deploy the Minelayer first.")
    assert h is not None
    if h not in lay_hexes(state, layer_id):
        raise refuse(
            "illegal_path",
            "Lay the mine on free open ground in the Minelayer's Zone of Control, with no "
            "enemy in its area.",
        )
    secret = state.hidden[seat]
    old = next((m for m in secret.mines if m.layer == layer_id), None)
    shown = secret.rolled_infiltration(layer_id) is False  # T: « un Marqueur Mine … au lieu »
    mid = old.id if old is not None else camo.next_marker(state)
    mine = Mine(mid, layer_id, h, shown, VIRAL if layer.prof.has("viral_mines") else AMMO)
    kept = tuple(m for m in secret.mines if m.layer != layer_id)
    ctx.state = state.with_secret(seat, mines=(*kept, mine))
    if old is None:
        ctx.state = evolve(ctx.state, markers_placed=int(mid[1:]))
    if shown:
        ctx.emit("MineLaid", seat=seat, mine=mid, hex=list(h), trooper=layer_id)
        return
    # To the other seat, a camouflage marker deployed: the same event as camouflage.py's, so
    # without a facing (a marker's is secret, ctx.emit drops it from the other seat's copy).
    cover = {
        "seat": seat,
        "trooper": mid,
        "hex": list(h),
        "marker": mid,
        "marker_kind": "camouflage",
    }
    ctx.emit(
        "Deployed",
        only=seat,
        redacted=cover,
        **cover,
        facing=layer.facing,
        mine=True,
        layer=layer_id,
    )


def lift(ctx: Ctx, layer_id: str) -> None:
    """A Minelayer deployed again takes its mine back (it lays it again after)."""
    t = ctx.state.trooper(layer_id)
    secret = ctx.state.hidden[t.seat]
    if any(m.layer == layer_id for m in secret.mines):
        ctx.state = ctx.state.with_secret(
            t.seat, mines=tuple(m for m in secret.mines if m.layer != layer_id)
        )


def trigger(ctx: Ctx) -> None:
    """When a reaction window opens: each mine of the reactive seat not yet set off, with an
    activated enemy that stood in its area during this order, goes off at the nearest such
    enemy (the first hex of its route inside the area); public, the marker shown a mine."""
    state = ctx.state
    cur = state.turn.current
    if cur is None:
        return
    reactive = other(cur.seat)
    secret = state.hidden[reactive]
    done = {mid for mid, _, _ in cur.mines}
    hidden = state.hidden[cur.seat].hidden_deployment
    found: list[tuple[str, str, Hex]] = []
    for m in secret.mines:
        if m.id in done:
            continue
        covered = area(state, m.hex)
        best: tuple[int, str, Hex] | None = None
        for tid in cur.acting:
            t = state.trooper(tid)
            if tid in hidden or state.is_marker(tid) or not t.normal:
                continue
            at = next((h for h in cur.route(tid) if h in covered), None)
            if at is None:
                continue
            key = (distance(m.hex, at), tid, at)
            if best is None or key[:2] < best[:2]:
                best = key
        for tid, h in holo.echo_points(state, cur):  # Holo-echoes set it off (T 2436–2438)
            if h in covered and state.trooper(tid).normal and tid not in hidden:
                key = (distance(m.hex, h), tid, h)
                if best is None or key[:2] < best[:2]:
                    best = key
        for cid, route in cur.escorts:  # T 955: « Les Civils peuvent activer … (Mines …) »
            if state.civilian(cid).state == "dead":
                continue
            at = next((h for h in route if h in covered), None)
            if at is None:
                continue
            key = (distance(m.hex, at), cid, at)
            if best is None or key[:2] < best[:2]:
                best = key
        if best is not None:
            found.append((m.id, best[1], best[2]))
    if not found:
        return
    fired = {mid for mid, _, _ in found}
    mines = tuple(evolve(m, shown=True) if m.id in fired else m for m in secret.mines)
    ctx.state = state.with_secret(reactive, mines=mines)
    ctx.state = ctx.state.with_turn(current=evolve(cur, mines=(*cur.mines, *found)))
    for mid, tid, at in found:
        ctx.emit("MineTriggered", seat=reactive, mine=mid, target=tid, hex=list(at))


def template(state: State, m: Mine, at: Hex) -> tuple[Hex, ...]:
    """The small teardrop from the mine aimed at `at` (the first aim, clockwise from north,
    whose template covers it)."""
    for aim in geo.AIMS:
        hexes = geo.teardrop(m.hex, aim, TEMPLATE, state.board, state.scenery_at)
        if at in hexes:
            return hexes
    return ()


def explode(ctx: Ctx, dodged: dict[str, bool]) -> list[Hit]:
    """The resolution: each mine set off this order explodes: its teardrop hits the target and
    everyone standing under it (friend or foe, civilians too, not a hidden trooper), but for
    those whose Dodge succeeded. A camouflage marker caught shows itself (as under any
    template)."""
    state = ctx.state
    cur = state.turn.current
    if cur is None or not cur.mines:
        return []
    hits: list[Hit] = []
    for mid, tid, at in cur.mines:
        found = find(ctx.state, mid)
        if found is None:
            continue
        seat, m = found
        hexes = template(ctx.state, m, at)
        hidden = {x for s in (0, 1) for x in ctx.state.hidden[s].hidden_deployment}
        # a trooper among Holo-echoes is hit only if the real token stands under it (holo.py)
        among = ctx.state.has_trooper(tid) and holo.projecting(ctx.state, tid)
        holo.under_template(ctx, mid, hexes)
        victims = [] if among else [tid]
        for t in ctx.state.troopers:
            if (t.id != tid or among) and t.hex in hexes and t.id not in hidden:
                if t.state in ("normal", "unconscious"):
                    victims.append(t.id)
        victims += [
            c.id
            for c in ctx.state.civilians
            if c.id != tid and c.hex in hexes and c.state != "dead"
        ]
        # A mine a led civilian set off: its leader's side pays for the civilians it kills (D,
        # T 955: « s'il leurs permet de s'activer et qu'ils meurent, il subira une pénalité »).
        payer = cur.seat if ctx.state.has_civilian(tid) else None
        spared = [v for v in victims if dodged.get(v, False)]
        struck = [v for v in victims if v not in spared]
        data: dict[str, Any] = {
            "seat": seat,
            "mine": mid,
            "hex": list(m.hex),
            "template": [list(h) for h in hexes],
            "victims": struck,
            "dodged": spared,
        }
        ctx.emit("MineExploded", **data)
        for v in struck:
            if ctx.state.has_trooper(v) and ctx.state.is_marker(v):
                camo.reveal(ctx, v, "hit")
            if ctx.state.has_trooper(v) and ctx.state.trooper(v).hex is None:
                continue
            weapon = VIRAL_WEAPON if m.ammo == VIRAL else WEAPON
            hit = Hit(v, mid, weapon, m.ammo, DAMAGE, False, False, m.hex)
            hits.append(hit if payer is None else replace(hit, payer=payer))
    return hits


def clear(ctx: Ctx) -> None:
    """After the damage: the mines that exploded leave the table (one use)."""
    cur = ctx.state.turn.current
    if cur is None or not cur.mines:
        return
    gone = {mid for mid, _, _ in cur.mines}
    for seat in (0, 1):
        secret = ctx.state.hidden[seat]
        if any(m.id in gone for m in secret.mines):
            ctx.state = ctx.state.with_secret(
                seat, mines=tuple(m for m in secret.mines if m.id not in gone)
            )


def under_template(ctx: Ctx, attacker: str, hexes: Sequence[Hex]) -> None:
    """An enemy's template falling on a mine destroys it (D: the later editions give a mine
    one structure point and no armour); one standing as a marker is first shown a mine, as a
    camouflage marker hit shows itself (camouflage.py)."""
    if not ctx.state.has_trooper(attacker):
        return
    foe = other(ctx.state.trooper(attacker).seat)
    secret = ctx.state.hidden[foe]
    hit = [m for m in secret.mines if m.hex in hexes]
    if not hit:
        return
    for m in hit:
        if not m.shown:
            ctx.emit("MarkerRevealed", seat=foe, marker=m.id, mine=True, hex=list(m.hex), how="hit")
        ctx.emit("MineDestroyed", seat=foe, mine=m.id, hex=list(m.hex))
    gone = {m.id for m in hit}
    ctx.state = ctx.state.with_secret(foe, mines=tuple(m for m in secret.mines if m.id not in gone))


def seat_of(state: State, marker: str) -> int | None:
    found = find(state, marker)
    return found[0] if found else None


def check_discover(state: State, actor: Trooper, marker: str) -> Mine | None:
    """Discover at a mine still standing as a marker (camouflage.py's checks: front arc, line
    of fire, 24 hexes), or None when `marker` is no mine."""
    found = find(state, marker)
    if found is None or found[0] == actor.seat:
        return None
    m = found[1]
    if m.shown:
        raise refuse("skill_not_allowed", "That mine is known already.")
    assert actor.hex is not None
    camo.check_sight(state, actor, m.hex)
    return m


def discover_sv(actor: Trooper, m: Mine, team: int = 0) -> tuple[int, dict[str, int]]:
    """Discover's WIP roll at a mine's marker: Discover's range MOD and −3, as against any
    camouflage marker (the finder cannot tell the difference); a fireteam's +3 likewise."""
    assert actor.hex is not None
    mods = {"range": camo.discover_range_mod(actor.hex, m.hex), "camouflage": -3}
    if team:
        mods["fireteam"] = team
    return actor.prof.wip + sum(mods.values()), mods


def reveal(ctx: Ctx, marker: str, by: str) -> None:
    found = find(ctx.state, marker)
    if found is None:
        return
    seat, m = found
    secret = ctx.state.hidden[seat]
    mines = tuple(evolve(x, shown=True) if x.id == marker else x for x in secret.mines)
    ctx.state = ctx.state.with_secret(seat, mines=mines)
    ctx.emit(
        "MarkerRevealed",
        seat=seat,
        marker=marker,
        mine=True,
        hex=list(m.hex),
        how="discovered",
        by=by,
    )
