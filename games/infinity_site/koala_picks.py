"""A carrier's CrazyKoalas placed by hand on the shared board (engine koalas.py): after the hex
a carrier deploys on (in the open), the hex of its first koala, then of its second; after a
short movement skill of a carrier (a move, a turn...), where each of its connected koalas
follows. The engine offers
neither as legal moves (a pair of hexes for every hex the carrier may reach would be thousands
of moves), so the pick forms are added here for the hex or destination already picked only
(`BaseSite.pick_forms_given`), from the engine's own `deploy_hexes` and `follow_hexes`.

Going fast stays one click: at the first koala's step, Confirm posts the move without
`koalas` (deployment: the engine places them on the first free hexes beside the carrier;
movement: they stay where they stand). The prompts, labels and the koalas drawn while they
are placed are here too. Pure functions of a view, its legal moves and the selection."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext

from games.engine.hexgrid import Hex
from games.engine.infinity import heights, koalas
from games.engine.infinity.state import MOVEMENT_SKILLS, State
from games.hexboard.picks import Choice
from games.hexboard.words import of_name
from games.infinity_site import analysis
from games.infinity_site.names import trooper_label
from games.infinity_site.picking import current_order
from games.infinity_site.pieces import koala_svg
from games.infinity_site.place_words import place_words

FIELDS = ("koala1", "koala2")  # the first and the second koala's hex, in the query string

Pair = tuple[dict[str, Any], dict[str, Any]]


def deploying_carrier(state: State, move: Mapping[str, Any]) -> str | None:
    """The carrier a deployment in the open places, or None."""
    if move.get("type") != "deploy" or move.get("hidden"):
        return None
    tid = str(move.get("trooper"))
    return tid if state.has_trooper(tid) and koalas.carries(state.trooper(tid)) else None


def following(
    state: State, view: Mapping[str, Any], move: Mapping[str, Any]
) -> list[tuple[str, Hex]]:
    """(koala id, the hex its carrier ends on) for each koala that may follow this short
    movement skill (a move; turning, going prone or getting up, where the carrier stays: the
    text's example 1), two at most (the fields the page has)."""
    if move.get("type") != "declare" or move.get("skill") not in MOVEMENT_SKILLS:
        return []
    actor = move.get("trooper") or current_order(view).get("trooper")
    paths = dict(move.get("paths") or {})
    if not paths and actor and move.get("path"):
        paths = {actor: move["path"]}
    if move["skill"] not in ("move", "climb", "jump") and actor and state.has_trooper(actor):
        here = state.trooper(actor).hex
        paths = {actor: [list(here)]} if here is not None and move["skill"] != "withdraw" else {}
    out: list[tuple[str, Hex]] = []
    for tid, path in paths.items():
        if not path or not state.has_trooper(tid):
            continue
        end = (path[-1][0], path[-1][1])
        out += [(k.id, end) for k in koalas.followers(state, tid)]
    return out[: len(FIELDS)]


def _deploy_forms(state: State, form: dict, move: dict, sel: Mapping[str, Any]) -> list[Pair]:
    carrier = deploying_carrier(state, move)
    if carrier is None or form.get("hex") != sel.get("hex"):
        return []
    hexes = [list(h) for h in koalas.deploy_hexes(state, carrier, tuple(form["hex"]))]
    first = sel.get("koala1")
    if first is None:  # the first koala's hexes, to click
        return [({**form, "koala1": h}, {**move, "koalas": [h]}) for h in hexes]
    if first not in hexes:
        return []  # stale or forged: nothing matches, the picks start again
    seconds = [h for h in hexes if h != first]
    if not seconds:  # room for one only
        return [({**form, "koala1": first}, {**move, "koalas": [first]})]
    return [
        ({**form, "koala1": first, "koala2": h}, {**move, "koalas": [first, h]}) for h in seconds
    ]


def _follow_forms(
    state: State, view: Mapping[str, Any], form: dict, move: dict, sel: Mapping[str, Any]
) -> list[Pair]:
    if form.get("spot") != sel.get("spot"):
        return []
    ks = following(state, view, move)
    if not ks:
        return []

    def where_to(i: int, taken: Sequence[list[int]] = ()) -> list[list[int]]:
        kid, end = ks[i]
        return [list(h) for h in koalas.follow_hexes(state, kid, end) if list(h) not in taken]

    def moved(picked: Sequence[list[int]]) -> dict[str, list[int]]:
        """The koalas that move (one picked on its own hex stays: it is left out)."""
        here = {k.id: list(k.hex) for k in state.koalas}
        return {ks[i][0]: h for i, h in enumerate(picked) if here[ks[i][0]] != h}

    def staying(i: int) -> list[list[int]]:
        """The koala's own hex when the selection keeps it there (Confirm at a fireteam's
        Climb, climb_picks.koalas_stay): accepted, never offered as a hex to click."""
        here = next(list(k.hex) for k in state.koalas if k.id == ks[i][0])
        return [here] if sel.get(FIELDS[i]) == here else []

    first = sel.get("koala1")
    if first is None:
        return [({**form, "koala1": h}, {**move, "koalas": moved([h])}) for h in where_to(0)]
    if first not in where_to(0) + staying(0):
        return []
    out = [({**form, "koala1": first}, {**move, "koalas": moved([first])})]  # the other stays
    if len(ks) > 1:
        seconds = where_to(1, [first])
        out += [
            ({**form, "koala1": first, "koala2": h}, {**move, "koalas": moved([first, h])})
            for h in seconds + [h for h in staying(1) if h not in seconds]
        ]
    return out


def added_forms(
    state: State, view: Mapping[str, Any], pairs: Sequence[Pair], sel: Mapping[str, Any]
) -> list[Pair]:
    """The koala pick forms the selection leads to (none before a hex or destination is
    picked)."""
    if "hex" not in sel and "spot" not in sel:
        return []
    out: list[Pair] = []
    for form, move in pairs:
        if form.get("type") == "deploy" and "hex" in sel:
            out += _deploy_forms(state, form, move, sel)
        elif form.get("type") == "declare" and "spot" in sel and state.koalas:
            out += _follow_forms(state, view, form, move, sel)
    return out


def picked_forms(pairs: Sequence[Pair], sel: Mapping[str, Any]) -> list[Pair]:
    """The koala forms whose koalas are the ones picked so far: what a fireteam's other
    climbers are added to (climb_picks.py), after the koalas (the others would only grow the
    list: no selection reaches them)."""
    return [
        (form, move)
        for form, move in pairs
        if all(sel.get(name) == form[name] for name in FIELDS if name in form)
    ]


def koala_of(
    kind: str | None, state: State, view: Mapping[str, Any], move: Mapping[str, Any], i: int
) -> tuple[str | None, list[int] | None]:
    """(carrier id, the koala's current hex or None) the i-th koala field is about, while a
    move of `kind` is being built."""
    if kind == "deploy":
        return deploying_carrier(state, move), None
    ks = following(state, view, move)
    if i >= len(ks):
        return None, None
    k = next(k for k in state.koalas if k.id == ks[i][0])
    return k.carrier, list(k.hex)


def koalas_stay(view: Mapping[str, Any], choice: Choice) -> dict[str, list[int]] | None:
    """What Confirm picks at a koala's step of a fireteam's Climb or Jump (its first climber a
    carrier): this koala and the next stay where they stand, and the page asks next whether
    another member climbs too, as it does after a koala placed. Else None."""
    if choice.step not in FIELDS or choice.kind != "declare":
        return None
    state = analysis.state_of(view)
    if state is None or not choice.candidates:
        return None
    move = choice.candidates[0]
    cur = state.turn.current
    if move.get("skill") not in heights.SKILLS or cur is None or not cur.fireteam:
        return None
    if len(cur.acting) < 2:
        return None
    here = {k.id: list(k.hex) for k in state.koalas}
    start = FIELDS.index(choice.step)
    ks = following(state, view, move)[start:]
    return {FIELDS[start + i]: here[kid] for i, (kid, _) in enumerate(ks)}


# --- words and drawing ----------------------------------------------------------------------


def _step(view: Mapping[str, Any], choice: Choice) -> tuple[str, int] | None:
    """(the carrier, 0 or 1) while a carrier's first or second koala is being placed."""
    if choice.step not in FIELDS or not choice.candidates:
        return None
    state = analysis.state_of(view)
    if state is None:
        return None
    i = FIELDS.index(choice.step)
    carrier, _ = koala_of(choice.kind, state, view, choice.candidates[0], i)
    return (carrier, i) if carrier else None


def instruction(view: Mapping[str, Any], choice: Choice) -> str:
    """What to do next while a koala is placed (« Où placer le premier CrazyKoala de … ? »),
    else ""."""
    step = _step(view, choice)
    if step is None:
        return ""
    of = of_name(trooper_label(step[0], view))
    if choice.kind == "deploy":
        if step[1] == 0:
            return gettext(
                "Where do you place the first CrazyKoala %(of)s? Choose a highlighted hex, "
                "or place them automatically."
            ) % {"of": of}
        return gettext(
            "Where do you place the second CrazyKoala %(of)s? Choose a highlighted hex."
        ) % {"of": of}
    if step[1] == 0:
        return gettext(
            "Does the first CrazyKoala %(of)s follow? Choose where it goes, or confirm to "
            "leave them where they stand."
        ) % {"of": of}
    return gettext(
        "Does the second CrazyKoala %(of)s follow? Choose where it goes, or confirm to "
        "leave it where it stands."
    ) % {"of": of}


def confirm_label(view: Mapping[str, Any], choice: Choice) -> str:
    """The Confirm beside a koala's hexes (the fast way), else ""."""
    step = _step(view, choice)
    if step is None:
        return ""
    if choice.kind == "deploy":
        return gettext("Place them automatically")
    if step[1] == 0:
        return gettext("They stay where they stand")
    return gettext("The second stays where it stands")


def target_label(view: Mapping[str, Any], value: Sequence[int]) -> str:
    """Where a CrazyKoala may go, in a player's words (place_words), not its coordinates."""
    place = place_words(view, value)  # « Rangée 3 … », lower case after the colon
    return gettext("CrazyKoala here: %(place)s") % {"place": place[:1].lower() + place[1:]}


def picked(view: Mapping[str, Any], seat: int, choice: Choice) -> list[SafeString]:
    """The koalas placed so far by hand, drawn where they will stand."""
    state = analysis.state_of(view)
    if state is None or not choice.candidates:
        return []
    out = []
    for i, name in enumerate(FIELDS):
        h = choice.selection.get(name)
        carrier = koala_of(choice.kind, state, view, choice.candidates[0], i)[0]
        if h is not None and carrier:
            out.append(
                koala_svg({"id": f"pick{i + 1}", "seat": seat, "carrier": carrier, "hex": h})
            )
    return out


def aiming(view: Mapping[str, Any], pending: Mapping[str, Any]) -> str:
    """The decision of a koala's owner against a coordinated order (engine koalas.aim)."""
    carrier = next(
        (k["carrier"] for k in view.get("koalas", []) if k["id"] in pending.get("eligible", [])),
        "",
    )
    return gettext(
        "A CrazyKoala %(of)s sets off against a coordinated order: choose the trooper it goes for."
    ) % {"of": of_name(trooper_label(carrier, view))}
