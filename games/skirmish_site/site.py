"""The one-page skirmish on the shared board (games/hexboard): how clicks build a move (a
model's hex, then where it goes; a unit from the panel, then where it deploys), the terrain
and the models with their profiles, the sides' panel, decisions, one-line instructions,
sentences and the step-by-step viewer of each combat phase. Orders of the simultaneous steps
are given in the skirmish panel (templatetags/skirmish_tags.py), never on the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.templatetags.static import static
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine.skirmish import orders as order_rules
from games.engine.skirmish import scenarios
from games.hexboard.coaching import linked_tips
from games.hexboard.keys import hex_key
from games.hexboard.picks import Choice, PickSpec
from games.hexboard.protocol import (
    BaseSite,
    HandItem,
    Link,
    Preview,
    ReferenceSection,
    SeatStatus,
    Step,
    Tip,
    seat_entry_restored,
)
from games.hexboard.svg import line
from games.skirmish_site import board_state, describe, drawing, pieces, profiles, reference, steps
from games.skirmish_site.coach import tips as coach_tips
from games.skirmish_site.forms import SkirmishOptionsForm, options_summary

PICKS = PickSpec(
    order={
        "move": ("_at", "_to"),
        "flee_move": ("_at", "_to"),
        "deploy": ("_unit", "_at"),
        "place_prison": ("hex",),
    },
    hex_fields=frozenset({"_at", "_to", "hex"}),
    from_hand="_unit",
    params={"at": "_at", "to": "_to", "unit": "_unit"},
)
ORDER_KINDS = ("snap_orders", "aimed_orders", "melee_orders")
# The rules page's sections the coach's tips link to (coach.RULES_SECTIONS), by their headings.
RULES_HEADINGS = {
    "setup": gettext_lazy("Setting up"),
    "initiative": gettext_lazy("Initiative"),
    "snap-fire": gettext_lazy("Snap fire"),
    "movement": gettext_lazy("Movement"),
    "aimed-fire": gettext_lazy("Aimed fire"),
    "melee": gettext_lazy("Melee"),
    "vehicles": gettext_lazy("Vehicles"),
    "items": gettext_lazy("Hi-tech items"),
    "scenarios": gettext_lazy("Scenarios"),
}
PENDING_SENTENCES = {
    "choose_first": gettext_lazy("You won the initiative: choose who plays first this turn."),
    "choose_layout": gettext_lazy("Set up the terrain: choose one of the board's layouts."),
    "choose_edge": gettext_lazy("Choose your table edge: you deploy on that side."),
    "choose_prisoner": gettext_lazy("Choose whose profile the prisoner copies."),
}
WAITING_SENTENCES = {
    "choose_first": gettext_lazy("Waiting for %(who)s to choose who plays first."),
    "choose_layout": gettext_lazy("Waiting for %(who)s to set up the terrain."),
    "choose_edge": gettext_lazy("Waiting for %(who)s to choose a table edge."),
    "place_prison": gettext_lazy("Waiting for %(who)s to place the prison."),
    "choose_prisoner": gettext_lazy("Waiting for %(who)s to choose the prisoner."),
}


def _hexes(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


class SkirmishSite(BaseSite):
    key = "skirmish"
    name = gettext_lazy("One-page sci-fi skirmish")
    layout = pieces.LAYOUT
    picks = PICKS
    options_form = SkirmishOptionsForm
    stylesheet = "skirmish/skirmish.css"
    board_template = "skirmish_site/board.html"
    hand_viewbox = "-16 -16 32 32"
    step_prompts = {
        "_to": gettext_lazy("Choose where it goes (the highlighted hexes are in reach)."),
        "hex": gettext_lazy("Choose the hex where the prison stands."),
    }

    def options_summary(self, config: Mapping[str, Any]) -> Sequence[str]:
        return options_summary(config)

    # --- the board ---------------------------------------------------------------------------
    def grid(self, view: Mapping[str, Any]) -> tuple[str, SafeString]:
        return pieces.grid(view["position"]["board"])

    def pieces(self, view: Mapping[str, Any], marks: Mapping[str, str]) -> list[SafeString]:
        """The position, each model with its focus card's words and lines of fire (drawn in the
        browser on a tap, a hover or the keyboard's focus: static/skirmish/skirmish.js)."""
        position = view["position"]
        state = board_state.state_of(view)
        names = board_state.names_in(view)
        focus = {
            m["id"]: pieces.Focus(
                card=profiles.card_lines(m, names[m["id"]], view),
                fire=board_state.fire_lines(state, m["id"]),
            )
            for m in drawing.shown_models(position)
        }
        return [
            pieces.card_script(static("skirmish/skirmish.js")),
            *drawing.draw(position, marks, focus),
        ]

    def pick_forms(self, view, seat, legal) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Moves picked on the board are built from the hexes clicks pick (`_at`, `_to`) and
        deployment from the unit's place in the panel (`_unit`); of the menu's sets of orders only the
        deadline default and "none" stay as buttons: the panel builds any other."""
        models = view["position"]["models"]
        state = board_state.state_of(view)
        units: list[str] = []
        out = []
        default = [
            {"model": o.model, "targets": list(o.targets)}
            for o in order_rules.default_orders(state, seat)
        ]
        for move in legal:
            kind = move["type"]
            if kind in ("move", "flee_move"):
                form = {**move, "_at": models[move["model"]]["hex"], "_to": move["path"][-1]}
                out.append((form, move))
            elif kind == "deploy":
                if move["unit"] not in units:
                    units.append(move["unit"])
                first = next(iter(move["hexes"]))
                form = {**move, "_unit": units.index(move["unit"]), "_at": move["hexes"][first]}
                out.append((form, move))
            elif kind in ORDER_KINDS:
                if not move["orders"] or move["orders"] == default:
                    out.append((move, move))
            elif kind == "flee_declaration":
                if not move["models"]:
                    out.append((move, move))
            else:
                out.append((move, move))
        return out

    def preview(self, view: Mapping[str, Any], seat: int, choice: Choice) -> Preview:
        sel, kind = choice.selection, choice.kind
        marks: dict[str, str] = {}
        ghosts: list[SafeString] = []
        arrows: list[SafeString] = []
        if "_at" in sel and kind in ("move", "flee_move"):
            marks[hex_key(sel["_at"])] = "selected"
            if choice.move is not None:
                path = [sel["_at"], *choice.move["path"]]
                for a, b in zip(path, path[1:], strict=False):
                    arrows.append(line(*pieces.centre(a), *pieces.centre(b), "path-step"))
        if kind == "deploy" and choice.move is not None:
            for h in choice.move["hexes"].values():
                ghosts.append(pieces.marker(h, "ghost-model", "", _("Deploys here")))
        if kind == "place_prison" and "hex" in sel:
            ghosts.append(pieces.marker(sel["hex"], "ghost-prison", "⛓", _("The prison")))
        return Preview(tuple(ghosts), marks, tuple(arrows))

    def target_label(self, view: Mapping[str, Any], field_name: str, value: Any) -> str:
        state = board_state.state_of(view)
        here = state.occupant.get(_hexes(value)) if isinstance(value, list | tuple) else None
        names = board_state.names_in(view)
        if field_name == "_at" and here is not None and view["position"]["phase"] != "deployment":
            return _("Pick %(model)s") % {"model": names[here.id]}
        if field_name == "_at":
            return _("Deploy the unit around here")
        if field_name == "hex":
            return _("Build the prison here")
        return _("Go here")

    # --- the seat's side ---------------------------------------------------------------------
    def seats(self, view: Mapping[str, Any], seat: int | None) -> list[SeatStatus]:
        position = view["position"]
        state = board_state.state_of(view)
        figures = scenarios.scores(state) if state.scenario else ()
        out = []
        for i, name in enumerate(describe.SEATS):
            alive = [m for m in state.models if m.seat == i and m.alive and m.prisoner is None]
            total = [m for m in state.models if m.seat == i and m.prisoner is None]
            details = [
                ngettext("%(n)d of %(of)d model", "%(n)d of %(of)d models", len(total))
                % {"n": len(alive), "of": len(total)},
                str(describe.EDGES.get(position["edges"][name], "")),
            ]
            if position["phase"] in ("snap_fire", "aimed_fire", "melee_flee", "melee_attack"):
                details.append(
                    _("orders sent") if position["submitted"][name] else _("orders awaited")
                )
            acting = i in (view.get("to_act") or [])
            out.append(
                SeatStatus(
                    seat=i,
                    name=str(describe.SEAT_COLOURS[name]),
                    css=f"seat-{name}",
                    swatch=str(describe.SEAT_COLOURS[name])[:1],
                    headline=profiles.figure_text(state.scenario, figures[i]) if figures else "",
                    headline_title=describe.scenario_label(state.scenario),
                    details=tuple(d for d in details if d),
                    current=acting and view.get("winner") is None,
                    me=view.get("seat") == i,
                )
            )
        return out

    def hand(self, view, seat, choice, buttons, href) -> list[HandItem]:
        """While deploying: the seat's units still to place (pick one, then its place)."""
        position = view["position"]
        if position["phase"] != "deployment":
            return []
        state = board_state.state_of(view)
        units: list[str] = []
        for move in view.get("legal_moves") or []:
            if move["type"] == "deploy" and move["unit"] not in units:
                units.append(move["unit"])
        out = []
        for i, unit in enumerate(units):
            members = [
                m for m in state.models if m.seat == seat and m.unit == unit and m.undeployed
            ]
            if not members:
                continue
            first = members[0]
            name = ngettext("%(name)s (%(n)d model)", "%(name)s (%(n)d models)", len(members)) % {
                "name": describe.unit_name(first.name or unit),
                "n": len(members),
            }
            out.append(
                HandItem(
                    index=i,
                    drawing=pieces.unit_token(first.vehicle, first.hero, describe.SEATS[seat]),
                    name=name,
                    selected=choice.selection.get("_unit") == i,
                    href=href(i),
                    buttons=tuple(buttons.get(i, ())),
                )
            )
        return out

    def decision(self, view: Mapping[str, Any], seat: int | None) -> tuple[str, bool] | None:
        return self.decision_named(view, seat, ())

    def decision_named(
        self, view: Mapping[str, Any], seat: int | None, names: Sequence[str]
    ) -> tuple[str, bool] | None:
        pending = view["position"].get("pending")
        if not pending:
            return None
        kind = pending["kind"]
        owner = describe.SEATS.index(pending["seat"])
        if seat != owner:
            # The player, as the status above it says (« On attend bruno. »), not their colour.
            who = describe.player(pending["seat"], names)
            return str(WAITING_SENTENCES.get(kind, "")) % {"who": who}, False
        if kind == "place_prison":
            return None  # picked on the board
        return str(PENDING_SENTENCES.get(kind, kind)), True

    def instruction(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        choice: Choice,
        legal: Sequence[Mapping[str, Any]],
        *,
        query: Mapping[str, Any] | None = None,
        names: Sequence[str] = (),
    ) -> str:
        """A model picked on the board is named: « Choose where it goes » then « Check the
        move » left a newcomer to guess which model, with several of them side by side."""
        picked = choice.move or (choice.candidates[0] if choice.candidates else None)
        if choice.selection and picked and picked.get("type") in ("move", "flee_move"):
            who = board_state.names_in(view).get(picked["model"], picked["model"])
            if choice.move is not None:
                return _("Move %(who)s to the hex you picked, then confirm.") % {"who": who}
            if choice.step == "_to":
                return _("Choose where %(who)s goes (the highlighted hexes are in reach).") % {
                    "who": who
                }
        return self.prompt(choice, legal)

    def prompt(self, choice: Choice, legal: Sequence[Mapping[str, Any]]) -> str:
        kinds = {m["type"] for m in legal}
        if choice.step is not None and choice.selection:
            return super().prompt(choice, legal)
        if choice.move is not None:
            return _("Check the move, then confirm.")
        if "deploy" in kinds:
            if "_unit" in choice.selection:
                return _("Choose where the unit stands: it gathers around the hex you pick.")
            return _("Deploy a unit: choose it below, then where it stands.")
        if "move" in kinds:
            return _("Move your models one at a time (choose one on the board), then end movement.")
        if "flee_move" in kinds:
            return _("Choose each fleeing model, then where it runs (out of contact).")
        if "place_prison" in kinds:
            return _("Place the prison: choose a highlighted hex.")
        if "snap_orders" in kinds:
            return _(
                "Snap fire (Shoot −1; shooters then move half and skip aimed fire): give orders below or hold fire."
            )
        if "aimed_orders" in kinds:
            return _("Aimed fire: choose each shooter's targets below, then send your orders.")
        if "melee_orders" in kinds:
            return _("Melee: choose whom each engaged model strikes below, then send your orders.")
        if "flee_declaration" in kinds:
            return _("Choose below which engaged models flee, if any, then send.")
        return _("Your turn.") if legal else ""

    def move_label(self, move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        kind = move["type"]
        if kind == "choose_first":
            first = move["first"]
            if view.get("seat") is not None and describe.SEATS[view["seat"]] == first:
                return _("I play first")
            return _("%(who)s plays first") % {"who": describe.player(first)}
        if kind == "choose_layout":
            label = str(describe.LAYOUTS.get(move["layout"], move["layout"]))
            return _("%(layout)s, mirrored") % {"layout": label} if move["mirror"] else label
        if kind == "choose_edge":
            return str(describe.EDGES.get(move["edge"], move["edge"])).capitalize()
        if kind == "choose_prisoner":
            return board_state.names_in(view).get(move["model"], move["model"])
        if kind == "end_movement":
            return _("End movement")
        if kind == "pass_barrel":
            named = board_state.names_in(view)
            return _("Pass the barrel from %(a)s to %(b)s") % {
                "a": named[move["from"]],
                "b": named[move["to"]],
            }
        if kind in ORDER_KINDS:
            if not move["orders"]:
                return _("No melee attack") if kind == "melee_orders" else _("Hold fire")
            if kind == "melee_orders":
                return _("Strike the nearest (lowest) enemy in contact")
            return _("Every shooter fires at its nearest target")
        if kind == "flee_declaration":
            return _("Nobody flees")
        return kind

    def move_testid(self, move: Mapping[str, Any]) -> str:
        kind = move["type"].replace("_", "-")
        if move["type"] in ORDER_KINDS:
            return f"{kind}-{'none' if not move['orders'] else 'default'}"
        if move["type"] == "choose_first":
            return f"choose-first-{move['first']}"
        return kind

    def links(self, view, seat, urls) -> list[Link]:
        out = []
        position = view["position"]
        before_combat = ("setup", "deployment", "turn_start", "initiative", "snap_fire")
        if position["turn"] > 1 or position["phase"] not in before_combat:
            out.append(Link(_("Combats step by step"), urls["steps"], "steps-link"))
        out.append(Link(_("Rules"), reverse("skirmish_site:rules"), "rules-link"))
        return out

    # --- learning the game ---------------------------------------------------------------------
    def coach(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[Tip]:
        """A new player's tips (coach.py), each pointing at its section of the rules page."""
        rules = self.rules_url()
        # Each link says where it leads (a screen reader lists links by their words).
        return linked_tips(coach_tips(view, seat), rules, RULES_HEADINGS)

    # --- words -------------------------------------------------------------------------------
    event_kinds = describe.KINDS

    def reference(self, view: Mapping[str, Any]) -> list[ReferenceSection]:
        """The match page's reference panel (skirmish_site/reference.py)."""
        return reference.reference(view)

    def outcome_reason(self, reason: str) -> str:
        """A drawn battle, or the scenario that decided it (its goal); free play says nothing
        more than who won."""
        if reason == "draw":
            return _("The battle ends in a draw.")
        if reason in describe.SCENARIO_GOALS:
            scenario = _("Scenario: %(s)s.") % {"s": describe.scenario_label(reason)}
            return f"{scenario} {describe.SCENARIO_GOALS[reason]}"
        return ""

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        return describe.describe(event, names)

    def seat_label(self, *, view: Mapping[str, Any], seat: int) -> str:
        return str(describe.SEAT_COLOURS[describe.SEATS[seat]])

    def scenario_label(self, key: str) -> str:
        return describe.scenario_label(key)

    def seat_left(
        self, config: Mapping[str, Any], seat: int, before: Mapping[str, Any]
    ) -> dict[str, Any]:
        # Taking a seat wrote the player's list (or the default the lobby left) into
        # config["armies"][seat] (games/armies `army_match_join`): leaving gives the seat back
        # what the lobby offered.
        return seat_entry_restored(config, before, "armies", seat)

    # --- history -----------------------------------------------------------------------------
    def steps_words(self, number: int) -> tuple[str, str]:
        return _("Combat %(number)s") % {"number": number}, _("Combats")

    def steps(self, start, events, names) -> list[list[Step]]:
        return steps.combat_steps(start, list(events), names)


SITE = SkirmishSite()
