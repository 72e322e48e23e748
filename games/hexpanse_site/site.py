"""Hexpanse on the shared board (games/hexboard): the planet, the units, the seat panel's
motherships, market, cards and missions, and sentences. Moves are built by Hexpanse's own picks
(builder.py) from the engine's legal moves, which hexboard hands over as plain controls: the
engine's moves name units and cards that hexboard's picks cannot click."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy, pgettext

from games.hexboard.coaching import linked_tips
from games.hexboard.picks import Choice, PickSpec
from games.hexboard.protocol import BaseSite, Link, ReferenceSection, SeatStatus, Tip
from games.hexpanse_site import builder, describe, labels, panels, pieces, preview, reference, texts
from games.hexpanse_site.coach import tips as coach_tips
from games.hexpanse_site.field_words import field_words
from games.hexpanse_site.forms import HexpanseOptionsForm, options_summary


class HexpanseSite(BaseSite):
    key = "hexpanse"
    name = gettext_lazy("Hexpanse")
    layout = pieces.LAYOUT
    picks = PickSpec(order={})  # every legal move reaches the template as a plain control
    options_form = HexpanseOptionsForm
    stylesheet = "hexpanse/hexpanse.css"
    board_template = "hexpanse_site/board.html"

    def grid(self, view: Mapping[str, Any]) -> tuple[str, SafeString]:
        return pieces.grid(view["board"], len(view["seats"]))

    def options_summary(self, config: Mapping[str, Any]) -> Sequence[str]:
        return options_summary(config)

    def pieces(self, view: Mapping[str, Any], marks: Mapping[str, str]) -> list[SafeString]:
        return preview.unit_pieces(view, marks)

    def seats(self, view: Mapping[str, Any], seat: int | None) -> list[SeatStatus]:
        out = []
        for i, s in enumerate(view["seats"]):
            # « vie 6 »: a bare number was explained only by a title a phone never shows.
            life = (
                gettext("skull")
                if s["alive"] and s["life"] == 1
                else pgettext("a warlord's", "life %(n)d") % {"n": s["life"]}
            )
            out.append(
                SeatStatus(
                    seat=i,
                    name=texts.faction_name(s["faction"]),
                    css=f"f-{s['faction'] or 'none'}",
                    swatch=pieces.FACTION_LETTERS.get(s["faction"] or "", "?"),
                    headline=life,
                    headline_title=gettext("Warlord's life"),
                    details=(gettext("%(n)d hexilum") % {"n": s["hexilum"]},),
                    current=view["turn"]["seat"] == i and not view.get("result"),
                    me=seat == i,
                    out=not s["alive"],
                )
            )
        return out

    def decision(self, view: Mapping[str, Any], seat: int | None) -> tuple[str, bool] | None:
        return self.decision_named(view, seat, ())

    def decision_named(
        self, view: Mapping[str, Any], seat: int | None, names: Sequence[str]
    ) -> tuple[str, bool] | None:
        # The player, as the status above it says (« On attend bruno. »), not « Joueur 2 ».
        if not view.get("pending"):
            return None
        return labels.pending_sentence(view, names), view["pending"][0]["seat"] == seat

    def prompt(self, choice: Choice, legal: Sequence[Mapping[str, Any]]) -> str:
        return ""  # the panel says what to do (panels.instruction): see `instruction`

    def instruction(self, view, seat, choice, legal, *, query=None, names=()) -> str:
        """The panel's own line (the platform's one path to "what to do next")."""
        return panels.instruction(view, seat, builder.build(list(legal), query or {}), names)

    def move_label(self, move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        seat = move.get("seat")
        return labels.kind_label(builder.form_of(move)["_k"], view, seat)

    def refusal_value(self, view: Mapping[str, Any], kind: str, value: Any) -> str:
        if kind == "step":
            return labels.setup_step(str(value))
        if kind == "name":  # a field of a move that does not read (engine moves.py)
            return field_words(str(value))
        return super().refusal_value(view, kind, value)

    def links(self, view: Mapping[str, Any], seat: int | None, urls: Mapping[str, str]):
        return [
            Link(gettext("Rules and cards"), reverse("hexpanse_site:rules"), "rules-link"),
        ]

    def coach(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[Tip]:
        """A new player's tips (coach.py), each pointing at its section of the rules page; the
        seat's panel draws them (hexpanse_site/_panel.html)."""
        rules = reverse("hexpanse_site:rules")
        # Each link says where it leads (a screen reader lists links by their words).
        headings = {
            "winning": gettext("Winning"),
            "turn": gettext("A turn"),
            "modes": gettext("Modes and variants"),
            "factions": gettext("Factions"),
            "minors": gettext("Minor factions"),
            "mercenaries": gettext("Mercenaries"),
            "actions": gettext("Action cards"),
        }
        return linked_tips(coach_tips(view, seat), rules, headings)

    event_kinds = describe.KINDS

    def reference(self, view: Mapping[str, Any]) -> list[ReferenceSection]:
        """The match page's reference panel (hexpanse_site/reference.py)."""
        return reference.reference(view)

    def outcome_reason(self, reason: str) -> str:
        """Why the game ended (victory.py: the last warlord standing, or a mission completed; a
        forfeit the platform words itself). The reason "mission" is the common mission as well
        as a secret one: the log's last line names it."""
        return {
            "last_warlord": gettext("Only one team still has its warlord."),
            "mission": gettext("A mission was completed."),
        }.get(reason, "")

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        return describe.describe(event, names)

    def seat_label(self, *, view: Mapping[str, Any], seat: int) -> str:
        try:
            return texts.faction_name(view["seats"][seat]["faction"])
        except (KeyError, IndexError, TypeError):
            return ""


SITE = HexpanseSite()
