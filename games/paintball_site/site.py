"""Paintball on the shared board (games/hexboard): the field and its figures, how clicks build
a move, the teams' panel, decisions, sentences and the step viewer per activation. The match
page, its history pages and the lobby are the platform's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy

from games.engine.paintball.los import line_of_fire, need, obstacles
from games.engine.paintball.position import PositionError, board_from_json, state_from_json
from games.hexboard.coaching import linked_tips
from games.hexboard.keys import hex_key
from games.hexboard.picks import Choice
from games.hexboard.protocol import (
    BaseSite,
    Link,
    Preview,
    ReferenceSection,
    SeatStatus,
    Step,
    Tip,
)
from games.hexboard.svg import line
from games.paintball_site import (
    activation_steps,
    deploy,
    describe,
    drawing,
    panel,
    picking,
    pieces,
    reference,
)
from games.paintball_site.coach import tips as coach_tips
from games.paintball_site.forms import PaintballOptionsForm, options_summary
from games.paintball_site.words import TEAMS, figures, team_name, terrain_name

# The rules page's sections the coach's tips link to (coach.RULES_SECTIONS), by their headings.
RULES_HEADINGS = {
    "turn": gettext_lazy("A turn"),
    "deploy": gettext_lazy("Deployment"),
    "move": gettext_lazy("Moving"),
    "shoot": pgettext_lazy("a rules section", "Shooting"),
    "cover": gettext_lazy("Cover"),
    "sentry": gettext_lazy("Sentries, suppression, figures down"),
    "charge": gettext_lazy("Charges"),
    "scenarios": gettext_lazy("Scenarios"),
    "advanced": gettext_lazy("Advanced rules"),
}


def chance_text(required: int) -> str:
    """ "4+ · 50 %": the roll a shot needs and its chance (a 1 always misfires)."""
    percent = round((7 - required) / 6 * 100)
    return gettext("%(need)s+ · %(percent)s%%") % {"need": required, "percent": percent}


def in_the_way(n: int) -> str:
    if not n:
        return ""
    return ngettext("%(n)d thing in the way", "%(n)d things in the way", n) % {"n": n}


class PaintballSite(BaseSite):
    key = "paintball"
    name = gettext_lazy("Paintball")
    layout = drawing.LAYOUT
    picks = picking.SPEC
    options_form = PaintballOptionsForm
    stylesheet = "paintball/paintball.css"
    board_template = "paintball_site/board.html"  # the shared board and the deployment by hand

    def options_summary(self, config: Mapping[str, Any]) -> Sequence[str]:
        return options_summary(config)

    # --- the board ---------------------------------------------------------------------------
    def grid(self, view: Mapping[str, Any]) -> tuple[str, SafeString]:
        return drawing.grid(view["board"], view.get("terrain") or [])

    def pieces(self, view: Mapping[str, Any], marks: Mapping[str, str]) -> list[SafeString]:
        return pieces.pieces(view, marks)

    def pick_forms(
        self, view: Mapping[str, Any], seat: int, legal: Sequence[dict[str, Any]]
    ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        return [(dict(picking.pick_form(m, view)), m) for m in legal]

    def preview(self, view: Mapping[str, Any], seat: int, choice: Choice) -> Preview:
        """The picked figure ringed; its moves shaded; a line of sight with the roll needed and
        the chance to every hex it may shoot at; the path being picked as arrows."""
        sel = choice.selection
        fid = sel.get("who")
        figs = view.get("figures") or {}
        if not fid or fid not in figs:
            return self._start_zone(view, seat)
        marks = {fid: "selected"}
        start = figs[fid]["hex"]
        forms = choice.candidates
        do = sel.get("do")
        pieces: list[SafeString] = []
        arrows: list[SafeString] = []
        if do in (None, "move") and "step" not in sel:
            seen = set()
            for f in forms:
                if f.get("do") == "move":
                    for key in ("step", "to"):
                        if key in f and hex_key(f[key]) not in seen:
                            seen.add(hex_key(f[key]))
                            pieces.append(drawing.reach(f[key]))
        if do in (None, "shoot"):
            targets = []
            for f in forms:
                if f.get("do") == "shoot" and f["hex"] not in targets:
                    targets.append(f["hex"])
            state = state_from_json(dict(view))
            shooter = state.figure(fid)
            aimed = shooter.aimed and state.current == fid
            for h in targets:
                at = (h[0], h[1])
                required = need(state, shooter, at, aimed)
                between = line_of_fire(state, shooter.hex, at)
                if required is None or between is None:
                    continue
                arrows.append(drawing.sight_line(start, h))
                x, y = drawing.centre(h)
                n = len(obstacles(state, between, at))
                pieces.append(drawing.badge(x, y - 24, chance_text(required), note=in_the_way(n)))
        if "step" in sel:
            arrows.append(self._arrow(start, sel["step"]))
            if "to" in sel:
                arrows.append(self._arrow(sel["step"], sel["to"]))
        return Preview(tuple(pieces), marks, tuple(arrows))

    @staticmethod
    def _start_zone(view: Mapping[str, Any], seat: int) -> Preview:
        """While the seat deploys, its start zone outlined: where the ready deployments and the
        form of deployment by hand may put its figures."""
        team = TEAMS[seat] if 0 <= seat < len(TEAMS) else None
        if view.get("phase") != "deploy" or team not in (view.get("to_act") or ()):
            return Preview()
        zone = deploy.start_zone_of(view, team)
        return Preview(tuple(drawing.reach(h, "zone") for h in zone))

    @staticmethod
    def _arrow(a: Any, b: Any) -> SafeString:
        (x1, y1), (x2, y2) = drawing.centre(a), drawing.centre(b)
        return line(x1, y1, x1 + (x2 - x1) * 0.8, y1 + (y2 - y1) * 0.8, "path")

    def target_label(self, view: Mapping[str, Any], field_name: str, value: Any) -> str:
        if field_name in picking.SPEC.hex_fields:
            return hex_words(view, value, field_name)
        return picking.option_label(field_name, value)

    def cycle_labels(self, field_name: str) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
        if field_name == "facing":
            return (
                ("⟲", gettext("Turn left"), "facing-prev"),
                ("⟳", gettext("Turn right"), "facing-next"),
            )
        return (
            ("‹", gettext("Normal fire or suppression"), "mode-prev"),
            ("›", gettext("Normal fire or suppression"), "mode-next"),
        )

    def confirm_label(self, view: Mapping[str, Any], choice: Choice) -> str:
        return panel.confirm_label(view, choice)

    # --- the seat's side ---------------------------------------------------------------------
    def seats(self, view: Mapping[str, Any], seat: int | None) -> Sequence[SeatStatus]:
        return panel.seats(view, seat)

    def decision(self, view: Mapping[str, Any], seat: int | None) -> tuple[str, bool] | None:
        return panel.decision(view, seat)

    def decision_named(
        self, view: Mapping[str, Any], seat: int | None, names: Sequence[str]
    ) -> tuple[str, bool] | None:
        return panel.decision(view, seat, names)

    def prompt(self, choice: Choice, legal: Sequence[Mapping[str, Any]]) -> str:
        return panel.prompt(choice, legal)

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
        """The prompt with the seat's view: how many figures may still act, the acting
        figure's action points, who plays after this phase."""
        return panel.prompt(choice, legal, view)

    def move_label(self, move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        return panel.move_label(move, view)

    def move_testid(self, move: Mapping[str, Any]) -> str:
        kind = str(move.get("type", "move")).replace("_", "-")
        if kind == "charge-victim":
            return f"victim-{move.get('victim')}"
        if kind == "choose-order":
            return f"play-{move.get('play')}"
        return kind

    def links(self, view, seat, urls) -> list[Link]:
        return [
            Link(gettext("Each activation step by step"), urls["steps"], "steps-link"),
            Link(gettext("Rules"), reverse("paintball_site:rules"), "rules-link"),
        ]

    # --- learning the game ---------------------------------------------------------------------
    def coach(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[Tip]:
        """A new player's tips (coach.py), each pointing at its section of the rules page."""
        return linked_tips(coach_tips(view, seat, legal), self.rules_url(), RULES_HEADINGS)

    # --- words -------------------------------------------------------------------------------
    event_kinds = describe.KINDS

    def outcome_reason(self, reason: str) -> str:
        return describe.outcome_reason(reason)

    def reference(self, view: Mapping[str, Any]) -> list[ReferenceSection]:
        """The match page's reference panel (paintball_site/reference.py)."""
        return reference.reference(view)

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        return describe.describe(dict(event), names)

    def seat_label(self, *, view: Mapping[str, Any], seat: int) -> str:
        return team_name(TEAMS[seat]) if 0 <= seat < len(TEAMS) else ""

    # --- history -----------------------------------------------------------------------------
    def steps_words(self, number: int) -> tuple[str, str]:
        return gettext("Activation %(number)s") % {"number": number}, gettext("Activations")

    def steps(
        self, start: Mapping[str, Any], events: Sequence[Mapping[str, Any]], names: Sequence[str]
    ) -> list[list[Step]]:
        return activation_steps.sequences(start, events, names)


def hex_words(view: Mapping[str, Any], value: Any, field_name: str) -> str:
    """A hex as players name it: who stands there, else its terrain ("the bushes")."""
    figs = view.get("figures") or {}
    here = [
        fid
        for fid, f in sorted(figs.items())
        if list(f["hex"]) == list(value) and f.get("state") != "out"
    ]
    terrain = {tuple(t["hex"]): t["type"] for t in view.get("terrain") or []}.get(tuple(value))
    kind = "base" if tuple(value) in _homes(view) else terrain
    if here and field_name in ("at", "hex"):
        return figures(here)
    words = terrain_name(kind)
    if here:
        return gettext("%(terrain)s with %(figs)s") % {"terrain": words, "figs": figures(here)}
    return words


def _homes(view: Mapping[str, Any]) -> set[tuple[int, int]]:
    try:
        board = board_from_json(view["board"])
    except (KeyError, PositionError):
        return set()
    return set(board.home_hexes())


SITE = PaintballSite()
