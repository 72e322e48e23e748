"""Camouflage markers (tier 3; spec B.14, B.9; T: 'CD: Camouflage Limité', the CrazyKoalas'
« à moins que cet Ordre ne le révèle », 'RÈGLE DE DECORS'; D where the text is silent, as the
engine README says rule by rule).

A trooper with CH: Camouflage, CH: Limited Camouflage or CH: TO Camouflage deploys as a marker
with an opaque id (m1, m2…, in the order markers are placed); the marker -> trooper mapping is
its owner's secret (`hidden.<seat>.markers`). The enemy sees the marker, never the trooper: no
attack may name it, it blocks no line of fire and holds no zone. It is revealed by a successful
Discover (a WIP roll: Discover's range bands, −3 against Camouflage, −6 against TO), by
attacking (or any skill but a movement, Discover or Dodge: D), by being hit by a template, or
by a move ending in base contact with an enemy (D). A
revealed trooper keeps Mimetism's −3 to be hit (TO: −6); Limited Camouflage loses everything for
good unless the trooper also has Mimetism. A trooper with CH: Camouflage or TO goes back to
marker state by spending a whole order out of every enemy's sight (`recamouflage`, D: N2's long
skill, not in our text), under a new marker id."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import common as cm
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.movement import in_contact
from games.engine.infinity.state import State, Trooper, evolve

# What a marker may do and stay a marker (D): moving, turning, lying down or getting up,
# looking for the enemy, dodging. Anything else shows the trooper.
KEEPS_MARKER = (
    "move",
    "climb",
    "jump",
    "change_facing",
    "prone",
    "get_up",
    "discover",
    "dodge",
    "none",
)
DISCOVER_BANDS = (
    (2, 3),
    (8, 0),
    (12, -3),
    (24, -6),
)  # spec A.7: 1–4 +3 · 5–16 0 · 17–24 −3 · 25–48 −6 in.


def kind_of(t: Trooper) -> str | None:
    """The marker a trooper deploys as: 'to' (TO Camouflage), 'camouflage', or None."""
    if t.prof.has("to_camouflage"):
        return "to"
    if t.prof.has("camouflage") or t.prof.has("limited_camouflage"):
        return "camouflage"
    return None


def discover_mod(t: Trooper) -> int:
    """Discover's MOD against a marker (spec B.9, the task's N2 reading): −3 / −6 (TO)."""
    return kind_mod(kind_of(t))


def kind_mod(kind: str | None) -> int:
    """The MOD of a marker of that public kind ('to' or 'camouflage', as views draw it)."""
    return -6 if kind == "to" else -3


def hit_mod(state: State, t: Trooper, seen_coming: bool = False) -> int:
    """The MOD to any ranged attack on a revealed trooper (spec B.9, Mimetism): −6 with TO
    Camouflage, −3 with Camouflage or Mimetism; Limited Camouflage, once revealed, gives none
    unless the trooper also has Mimetism (T: « il perd cette Compétence Spéciale et ne pourra
    plus … bénéficier des autres avantages conférés par CD: Camouflage ou CD: Mimétisme (sauf si
    il possède également la Compétence Spéciale CD : Mimétisme »).

    `seen_coming`: a reaction with Sixth Sense L2 to the attack by which `t` has just left
    marker state (T 1506–1509, « réagir de manière simultanée face aux attaques … des Camouflés,
    Camouflés TO … sans subir son MOD de -6 »): the surprise of the camouflage is gone, but
    Mimetism, a skill of its own that the text does not name, keeps its −3 (D)."""
    if seen_coming:
        return -3 if t.prof.has("mimetism") else 0
    if t.prof.has("to_camouflage"):
        return -6
    if t.prof.has("camouflage") or t.prof.has("mimetism"):
        return -3
    return 0


def trooper_of(state: State, seat: int, marker: str) -> str | None:
    return dict(state.hidden[seat].markers).get(marker)


def next_marker(state: State) -> str:
    """The next marker's id: m<n>, n one more than the markers placed so far (camouflaged
    troopers and mines alike, mines.py), never a trooper's id (a hand-written position's)."""
    n = state.markers_placed + 1
    while state.has_trooper(f"m{n}"):
        n += 1
    return f"m{n}"


def place(ctx: Ctx, seat: int, tid: str) -> str:
    """Deploy `tid` as a new marker; its `Deployed` event names the marker only, for the other
    seat."""
    state = ctx.state
    mid = next_marker(state)
    secret = state.hidden[seat]
    placed = state.with_secret(seat, markers=(*secret.markers, (mid, tid)))
    ctx.state = evolve(placed, markers_placed=int(mid[1:]))
    return mid


def can_hide_again(t: Trooper) -> bool:
    """CH: Camouflage and TO may camouflage again; Limited Camouflage never (T 964–969: « ne
    peut pas "se camoufler à nouveau" … ne pourra plus se camoufler à nouveau »), even with
    Mimetism."""
    return t.prof.has("camouflage") or t.prof.has("to_camouflage")


def seen_by_enemy(state: State, t: Trooper) -> bool:
    """Whether an enemy the trooper's seat knows of may see its hex (D): a shown enemy in
    Normal state by its line of fire (front arc and all, its facing is public); an enemy marker
    by a clear line whatever its facing (secret, so the answer must not depend on it). Hidden
    deployed enemies are not counted: a refusal would tell that they are there."""
    assert t.hex is not None
    for e in state.troopers:
        if e.seat == t.seat or not e.normal or e.hex is None or state.is_hidden(e.id):
            continue
        if state.is_marker(e.id):
            walls = cm.blockers(state, e.hex, t.hex)
            if geo.clear_line(e.hex, t.hex, walls, state.scenery_at):
                return True
        elif cm.sees(state, e, t.hex):
            return True
    return False


def check_hide_again(state: State, t: Trooper) -> None:
    """Re-camouflage (D, N2's long skill; spec silent): a trooper with CH: Camouflage or TO,
    not a marker already, out of every enemy's sight for the whole order (it stands still)."""
    if not can_hide_again(t):
        raise refuse("skill_not_allowed", "Only CH: Camouflage or TO may camouflage again.")
    if state.is_marker(t.id):
        raise refuse("skill_not_allowed", "That trooper is a camouflage marker already.")
    if seen_by_enemy(state, t):
        raise refuse("no_line_of_fire", "An enemy can see that trooper: it cannot hide.")


def hide_again(ctx: Ctx, tid: str) -> str:
    """The trooper becomes a marker under a NEW id (the next of the counter, never the one it
    had before: the other seat cannot tell it by its id). The event names the trooper for its
    owner only; the other seat, and anyone watching, read the marker's id for it (`Ctx.emit`)
    and so learn where a marker appears, never whose."""
    t = ctx.state.trooper(tid)
    mid = place(ctx, t.seat, tid)
    assert t.hex is not None
    ctx.emit(
        "MarkerPlaced",
        seat=t.seat,
        trooper=tid,
        marker=mid,
        hex=list(t.hex),
        marker_kind=kind_of(t),
    )
    return mid


def reveal(ctx: Ctx, tid: str, how: str, by: str | None = None) -> None:
    """The marker is replaced by the trooper (event `MarkerRevealed`, public: the trooper's
    public profile, where it stands and how it was found)."""
    mid = ctx.state.marker_of.get(tid)
    if mid is None:
        return
    t = ctx.state.trooper(tid)
    secret = ctx.state.hidden[t.seat]
    ctx.state = ctx.state.with_secret(
        t.seat, markers=tuple((m, x) for m, x in secret.markers if m != mid)
    )
    data: dict[str, Any] = {
        "seat": t.seat,
        "marker": mid,
        "trooper": tid,
        "profile": t.prof.public,
        "hex": list(t.hex) if t.hex else None,
        "facing": t.facing,
        "how": how,
    }
    if by is not None:
        data["by"] = by
    ctx.emit("MarkerRevealed", **data)


ATTACKS = ("bs_attack", "cc_attack", "speculative", "intuitive")


def reveal_acting(ctx: Ctx, tid: str, skill: str) -> None:
    """A marker declaring `skill` (not one that keeps it a marker) shows itself first; by an
    attack, it is remembered for the order as a surprise attacker (Sixth Sense L2, `hit_mod`)."""
    if not ctx.state.is_marker(tid):
        return
    reveal(ctx, tid, "acted")
    cur = ctx.state.turn.current
    if skill in ATTACKS and cur is not None and tid not in cur.surprise:
        ctx.state = ctx.state.with_turn(current=evolve(cur, surprise=(*cur.surprise, tid)))


def reveal_in_contact(ctx: Ctx, movers: list[str]) -> None:
    """A move ending in base contact between a marker and an enemy shows the marker (D, as
    hidden deployment's contact does: a trooper touching the marker knows what it is)."""
    for tid in movers:
        t = ctx.state.trooper(tid)
        if t.hex is None or not t.normal:
            continue
        touching = [
            e
            for e in ctx.state.troopers
            if e.seat != t.seat
            and e.normal
            and e.hex is not None
            and in_contact(ctx.state, e.hex, t.hex)
        ]
        for e in touching:
            if ctx.state.is_marker(e.id):
                reveal(ctx, e.id, "contact", by=tid)
        if touching and ctx.state.is_marker(tid):
            reveal(ctx, tid, "contact")


def enemy_marker(state: State, seat: int, marker: str | None) -> Trooper:
    """The enemy trooper behind a marker named by its id, or a refusal."""
    tid = trooper_of(state, 1 - seat, marker or "")
    if tid is None:
        raise refuse("unknown_trooper", "There is no such enemy marker on the table.")
    return state.trooper(tid)


def discover_range_mod(a: Hex, b: Hex) -> int:
    d = distance(a, b)
    return next((mod for last, mod in DISCOVER_BANDS if d <= last), None) or 0


def discover_sv(
    state: State, actor: Trooper, target: Trooper, team: int = 0
) -> tuple[int, dict[str, int]]:
    """Discover's WIP roll at a marker; `team`: a fireteam's +3 (`cm.Bonus.discover`)."""
    assert actor.hex is not None and target.hex is not None
    mods = {"range": discover_range_mod(actor.hex, target.hex), "camouflage": discover_mod(target)}
    if team:
        mods["fireteam"] = team
    return actor.prof.wip + sum(mods.values()), mods


def check_sight(state: State, actor: Trooper, at: Hex) -> None:
    """A marker Discover may look for: in the front arc, in line of fire, within 48 in. (24
    hexes)."""
    assert actor.hex is not None
    if not geo.in_arc(actor.hex, actor.facing, at):
        raise refuse("not_in_arc", "That marker is outside the front arc.")
    if not cm.sees(state, actor, at):
        raise refuse("no_line_of_fire", "There is no line of fire to that marker.")
    if distance(actor.hex, at) > DISCOVER_BANDS[-1][0]:
        raise refuse("out_of_range", "That marker is too far to discover.")


def check_discover(state: State, actor: Trooper, marker: str | None) -> Trooper:
    """Discover (a short skill, or an ARO): an enemy marker in the front arc, in line of fire,
    within 48 in. (24 hexes)."""
    target = enemy_marker(state, actor.seat, marker)
    assert target.hex is not None
    check_sight(state, actor, target.hex)
    return target


def only_markers_under(state: State, seat: int, hexes: set[Any]) -> bool:
    """A template that would fall on enemy camouflage markers and on no other enemy (T, 'RÈGLE
    DE DECORS': « Il en va de même si le Gabarit affecte des Marqueurs Camouflage ennemis, à
    moins qu'il y ait d'autres figurines ennemies dans l'aire d'effet »)."""
    enemies = [t for t in state.troopers if t.seat != seat and t.on_table and t.hex in hexes]
    markers = [t for t in enemies if state.is_marker(t.id)]
    # a mine's marker is a camouflage marker to this seat (mines.py): the same refusal
    mines = [m for m in state.hidden[1 - seat].mines if not m.shown and m.hex in hexes]
    return bool(markers or mines) and len(markers) == len(enemies)


# --- what the other seat may read ------------------------------------------------------------


def masks(state: State) -> dict[str, tuple[int, str]]:
    """Trooper id -> (its seat, its marker id), for every marker on the table."""
    return {tid: (s, mid) for s, secret in enumerate(state.hidden) for mid, tid in secret.markers}


def _named(text: str, known: dict[str, tuple[int, str]]) -> str | None:
    """The marker trooper a string names: its id, or a key built on it ("n1.wip")."""
    head = text.split(".", 1)[0]
    return head if head in known else None


def mentions(data: Any, known: dict[str, tuple[int, str]]) -> set[str]:
    if isinstance(data, str):
        tid = _named(data, known)
        return {tid} if tid else set()
    if isinstance(data, dict):
        found = set()
        for k, v in data.items():
            found |= mentions(k, known) | mentions(v, known)
        return found
    if isinstance(data, list | tuple):
        return set().union(*(mentions(v, known) for v in data)) if data else set()
    return set()


def masked(data: Any, known: dict[str, tuple[int, str]]) -> Any:
    """`data` with every marker trooper's id replaced by its marker's."""
    if isinstance(data, str):
        tid = _named(data, known)
        return known[tid][1] + data[len(tid) :] if tid else data
    if isinstance(data, dict):
        return {masked(k, known): masked(v, known) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [masked(v, known) for v in data]
    return data


def unfaced(data: Any, known: dict[str, tuple[int, str]]) -> Any:
    """`data` without the facing of any marker trooper it names: a marker's facing is secret
    (its line of fire; the other seat's view draws none), so the other seat's copy of an event
    ("Deployed", "Moved", a declaration's "facings") drops it. Applied before `masked`."""
    if isinstance(data, dict):
        faced_marker = _named(str(data.get("trooper", "")), known) is not None
        out = {}
        for k, v in data.items():
            if k == "facing" and faced_marker:
                continue
            if k == "facings" and isinstance(v, dict):
                v = {t: f for t, f in v.items() if _named(str(t), known) is None}
            out[k] = unfaced(v, known)
        return out
    if isinstance(data, list | tuple):
        return [unfaced(v, known) for v in data]
    return data
