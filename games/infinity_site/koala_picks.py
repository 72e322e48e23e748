"""A carrier's CrazyKoalas placed by hand on the shared board (engine koalas.py): after the hex
a carrier deploys on (in the open), the hex of its first koala, then of its second; after a
short movement skill of a carrier (a move, a turn...), where each of its connected koalas
follows. The engine offers
neither as legal moves (a pair of hexes for every hex the carrier may reach would be thousands
of moves), so the pick forms are added here for the hex or destination already picked only
(`BaseSite.pick_forms_given`), from the engine's own `deploy_hexes` and `follow_hexes`.

Going fast stays one click: at the first koala's step, Confirm posts the move without
`koalas` (deployment: the engine places them on the first free hexes beside the carrier;
movement: they stay where they stand). Pure functions of a view, its legal moves and the
selection."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.infinity import koalas
from games.engine.infinity.state import MOVEMENT_SKILLS, State
from games.infinity_site.picking import current_order

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
    if move["skill"] != "move" and actor and state.has_trooper(actor):
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

    first = sel.get("koala1")
    if first is None:
        return [({**form, "koala1": h}, {**move, "koalas": moved([h])}) for h in where_to(0)]
    if first not in where_to(0):
        return []
    out = [({**form, "koala1": first}, {**move, "koalas": moved([first])})]  # the other stays
    if len(ks) > 1:
        out += [
            ({**form, "koala1": first, "koala2": h}, {**move, "koalas": moved([first, h])})
            for h in where_to(1, [first])
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
