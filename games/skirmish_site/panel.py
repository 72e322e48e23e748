"""The skirmish panel beside the board (pure, from one seat's view): what happens now in one
line, the orders form of a simultaneous step, the scenario, both armies' rosters and the
terrain legend. A seat's own submitted orders are in its view; the other side's never are, so
this panel can only ever show "orders sent"."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.hexgrid import distance
from games.engine.skirmish import orders as order_rules
from games.engine.skirmish import scenarios, targets
from games.engine.skirmish.state import SEAT_NAMES, Model, State
from games.hexboard.words import possessive
from games.skirmish_site import board_state, describe, profiles
from games.skirmish_site.pieces import TERRAIN_MARKS

STEP_KINDS = {
    "snap_fire": "snap_orders",
    "aimed_fire": "aimed_orders",
    "melee_attack": "melee_orders",
    "melee_flee": "flee_declaration",
}


@dataclass
class TargetOption:
    id: str
    label: str
    selected: bool = False


@dataclass
class OrderRow:
    model: str
    name: str
    profile: str
    attacks: list[list[TargetOption]] = field(default_factory=list)
    can_flee: bool = False
    flees: bool = False


@dataclass
class OrdersForm:
    kind: str
    title: str
    help: str
    rows: list[OrderRow]
    submit: str
    # Which step of which turn: a redraw of the same step (the other side sent its orders) keeps
    # what the player chose in the form but did not send yet (static/hexboard/board.js,
    # data-keep-choices).
    step: str = ""


@dataclass
class RosterModel:
    name: str
    profile: str
    traits: list[str]
    fallen: bool
    where: str


@dataclass
class Roster:
    seat: str
    colour: str
    army: list[RosterModel]


def _seat(view: Mapping[str, Any]) -> int | None:
    seat = view.get("seat")
    return seat if isinstance(seat, int) else None


def _target_label(state: State, names: Mapping[str, str], m: Model, t: Model, melee: bool) -> str:
    # The target's side said, as the board's titles say it: both armies have a « Soldats 1 »,
    # and « Cible de Soldats 1 » offering « Soldats 1 · 7 hexagones » read as shooting itself.
    name = f"{names[t.id]} ({describe.player(SEAT_NAMES[t.seat])})"
    if melee:
        return name
    assert m.hex is not None and t.hex is not None
    covers = board_state.cover_count(state, m.id, t.id)
    return ngettext(
        "%(name)s · %(d)d hexes · %(c)d cover roll",
        "%(name)s · %(d)d hexes · %(c)d cover rolls",
        covers,
    ) % {"name": name, "d": distance(m.hex, t.hex), "c": covers}


def orders_form(view: Mapping[str, Any], state: State) -> OrdersForm | None:
    """The form of the step the seat may give orders in, pre-filled with its submitted orders,
    else with the deadline default (nearest targets; nobody flees; no snap fire)."""
    seat = _seat(view)
    kind = STEP_KINDS.get(state.phase)
    if seat is None or kind is None or not targets.concerned(state, state.phase, seat):
        return None
    if (
        state.submitted[seat]
        and seat not in (view.get("to_act") or [])
        and state.orders[seat] is None
    ):
        return None
    names = board_state.names_in(view)
    mine = state.orders[seat]
    given = {o.model: list(o.targets) for o in (mine if mine is not None else ())}
    if mine is None and state.phase in ("aimed_fire", "melee_attack"):
        given = {o.model: list(o.targets) for o in order_rules.default_orders(state, seat)}
    rows: list[OrderRow] = []
    for m in state.on_table(seat):
        row = OrderRow(m.id, names[m.id], profiles.stats(board_state.model_json(state, m.id)))
        if kind == "flee_declaration":
            if not targets.can_flee(state, m):
                continue
            row.can_flee, row.flees = True, m.id in given
        else:
            melee = kind == "melee_orders"
            found = (
                targets.melee_targets(state, m)
                if melee
                else targets.fire_targets(state, m, snap=kind == "snap_orders")
            )
            if not found:
                continue
            count = m.melee_attacks if melee else m.shoot_attacks
            chosen = given.get(m.id, [])
            for k in range(count):
                pick = chosen[k] if k < len(chosen) else ""
                options = [TargetOption("", _("no attack") if melee else _("no shot"), pick == "")]
                options += [
                    TargetOption(t.id, _target_label(state, names, m, t, melee), t.id == pick)
                    for t in found
                ]
                row.attacks.append(options)
        rows.append(row)
    titles = {
        "snap_orders": (
            _("Snap fire orders"),
            _("Shoot −1 now; those who shoot move only half and skip aimed fire."),
        ),
        "aimed_orders": (
            _("Aimed fire orders"),
            _("All shots are resolved together once both sides have sent their orders."),
        ),
        "melee_orders": (
            _("Melee orders"),
            _("All blows are struck together once both sides have sent their orders."),
        ),
        "flee_declaration": (
            _("Flee the melee?"),
            _(
                "A fleeing model runs half its Move out of contact; every enemy it left may then strike it freely."
            ),
        ),
    }
    title, help_text = titles[kind]
    submit = _("Send my orders") if kind != "flee_declaration" else _("Send my choice")
    return OrdersForm(kind, title, help_text, rows, submit, step=f"{kind}:{state.turn}")


def now_line(view: Mapping[str, Any], state: State) -> str:
    """What happens now, in one line, for every state (the seat's own instruction comes from the
    board's prompt; this says where the game stands and whom it waits for)."""
    seat = _seat(view)
    acting = view.get("to_act") or []
    if state.phase == "over":
        if state.winner == "draw":
            return _("The battle is over: a draw.")
        return _("The battle is over: %(who)s wins.") % {"who": describe.player(state.winner)}
    turn = ""
    if state.phase not in ("setup", "deployment"):
        turn = _("Turn %(n)d of %(of)s") % {"n": state.turn, "of": state.turn_limit or "∞"}
    phase = {
        "setup": _("Setting up the battle"),
        "deployment": _("Deployment"),
        "initiative": _("Initiative"),
        "turn_start": _("Initiative"),
        "snap_fire": _("Snap fire"),
        "movement": _("Movement"),
        "aimed_fire": _("Aimed fire"),
        "melee_flee": _("Melee: flights"),
        "flee_move": _("Melee: flights"),
        "melee_attack": _("Melee"),
    }.get(state.phase, state.phase)
    head = f"{turn} · {phase}" if turn else phase
    others = [describe.player(SEAT_NAMES[s]) for s in acting if s != seat]
    if state.phase in STEP_KINDS:
        if seat is not None and state.submitted[seat] and others:
            return _("%(head)s. Your orders are sent; waiting for %(whose)s.") % {
                "head": head,
                "whose": possessive(", ".join(others)),
            }
        if seat is not None and seat in acting:
            return _("%(head)s. Give your orders.") % {"head": head}
    if seat is not None and seat in acting:
        return _("%(head)s. Your turn.") % {"head": head}
    if others:
        return _("%(head)s. Waiting for %(who)s.") % {"head": head, "who": ", ".join(others)}
    return head


def rosters(view: Mapping[str, Any], state: State) -> list[Roster]:
    names = board_state.names_in(view)
    out = []
    for i, seat in enumerate(SEAT_NAMES[: state.seats]):
        army = []
        for m in state.models:
            if m.seat != i:
                continue
            data = board_state.model_json(state, m.id)
            if m.prisoner == "held":
                where = _("held in the prison")
            elif m.prisoner == "escaped":
                where = _("escaped")
            elif not m.alive:
                where = _("fallen")
            elif m.hex is None:
                where = _("not deployed yet")
            else:
                where = ""
            army.append(
                RosterModel(
                    names[m.id],
                    profiles.stats(data),
                    [*profiles.traits(data), *profiles.status(data, view)],
                    not m.alive,
                    where,
                )
            )
        out.append(Roster(seat, str(describe.SEAT_COLOURS[seat]), army))
    return out


def scenario_box(state: State) -> dict[str, Any] | None:
    if not state.scenario:
        return None
    figures = scenarios.scores(state)
    colours = [str(describe.SEAT_COLOURS[s]) for s in SEAT_NAMES[: state.seats]]
    texts = [profiles.figure_text(state.scenario, f) for f in figures]
    return {
        "name": describe.scenario_label(state.scenario),
        "goal": str(describe.SCENARIO_GOALS.get(state.scenario, "")),
        # Only the seats with a figure: the rescue's « winning » is one seat's, and the empty
        # other left « Rouge : en tête · » with a dangling separator.
        "figures": [(c, t) for c, t in zip(colours, texts, strict=True) if t],
        "roles": _rescue_roles(state, colours),
    }


def _rescue_roles(state: State, colours: list[str]) -> str:
    """Who attacks and who defends the rescue (rulebook 004, « Scénarios », 4- Sauvetage): its
    goal speaks of « l'attaquant » and « le défenseur », and the page never said which was whom."""
    roles = state.scen.roles
    if state.scenario != "rescue" or roles is None:
        return ""
    return _("%(attacker)s attacks (to free the prisoner); %(defender)s defends the prison.") % {
        "attacker": colours[roles[0]],
        "defender": colours[roles[1]],
    }


def my_orders(view: Mapping[str, Any], state: State) -> list[str]:
    """The seat's own orders sent in this step (its view holds them; nobody else's)."""
    seat = _seat(view)
    if seat is None or state.phase not in STEP_KINDS or state.orders[seat] is None:
        return []
    names = board_state.names_in(view)
    out = []
    for order in state.orders[seat] or ():
        if state.phase == "melee_flee":
            out.append(_("%(model)s flees.") % {"model": names[order.model]})
            continue
        aimed = ", ".join(names.get(t, t) for t in order.targets)
        out.append(_("%(model)s → %(targets)s") % {"model": names[order.model], "targets": aimed})
    return out or [_("No orders: nobody acts.")]


def panel(view: Mapping[str, Any]) -> dict[str, Any]:
    state = board_state.state_of(view)
    seat = _seat(view)
    mine_sent = seat is not None and state.phase in STEP_KINDS and state.submitted[seat]
    others_waiting = any(s != seat for s in (view.get("to_act") or []))
    return {
        "now": now_line(view, state),
        "form": orders_form(view, state),
        "can_change": bool(mine_sent and others_waiting and state.orders[seat] is not None),
        "my_orders": my_orders(view, state),
        "scenario": scenario_box(state),
        "rosters": rosters(view, state),
        "legend": [(profile_mark(k), str(v)) for k, v in describe.TERRAIN.items() if k != "open"],
    }


def profile_mark(kind: str) -> str:
    return TERRAIN_MARKS.get(kind, "")
