"""The values the Infinity engine's refusals name, in the reader's words and from the refusing
seat's own view (BaseSite.refusal_value; the templates are in engine_sentences.py): a trooper as
that seat's page names it, a weapon by its loadout name, an order kind, a decision, what is aimed
at. A trooper the seat does not see (a hidden deployment, a camouflaged figure known only by its
marker) is named by the id the move gave, never by what the rosters say it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import pgettext_lazy

from games.infinity_site.names import echo_label, marker_label, named, weapon_name

# "This trooper has no {order_kind} order left." (orders.py): the adjective of « ordre ».
ORDER_KINDS = {
    "irregular": pgettext_lazy("infinity order kind", "irregular"),
    "impetuous": pgettext_lazy("infinity order kind", "impetuous"),
}
# "You are asked for {decision}, not {move_type}." (rules.py): what the match waits for and what
# the move was, both by the engine's keys (a pending decision's, a move's type).
ASKED = {
    "initiative": pgettext_lazy("infinity asked", "the initiative choice"),
    "deployment": pgettext_lazy("infinity asked", "the deployment order"),
    "turn_order": pgettext_lazy("infinity asked", "the turn order"),
    "deploy": pgettext_lazy("infinity asked", "a deployment"),
    "deploy_done": pgettext_lazy("infinity asked", "the end of the deployment"),
    "lay_mine": pgettext_lazy("infinity asked", "a mine to lay"),
    "fireteam_form": pgettext_lazy("infinity asked", "a fireteam to form"),
    "fireteam_break": pgettext_lazy("infinity asked", "a fireteam to break"),
    "set_ambush": pgettext_lazy("infinity asked", "an ambush"),
    "order": pgettext_lazy("infinity asked", "an order"),
    "end_turn": pgettext_lazy("infinity asked", "the end of the turn"),
    "declare": pgettext_lazy("infinity asked", "a skill"),
    "declare1": pgettext_lazy("infinity asked", "a first skill"),
    "declare2": pgettext_lazy("infinity asked", "a second skill"),
    "aro": pgettext_lazy("infinity asked", "an ARO"),
    "aro_done": pgettext_lazy("infinity asked", "the end of the AROs"),
    "koala_target": pgettext_lazy("infinity asked", "a CrazyKoala's target"),
    "guts": pgettext_lazy("infinity asked", "a Guts Roll"),
    "appoint_lieutenant": pgettext_lazy("infinity asked", "a new Lieutenant"),
}
# "That {what} is outside the front arc." (skills.check_aimed): English needs the bare noun, the
# French template its demonstrative, which agrees with the noun (« cette cible », « ce marqueur »).
AIMED_AT = {
    "target": pgettext_lazy("infinity refusal, aimed at", "target"),
    "mine": pgettext_lazy("infinity refusal, aimed at", "mine"),
    "marker": pgettext_lazy("infinity refusal, aimed at", "marker"),
}
WORDS = {"order_kind": ORDER_KINDS, "decision": ASKED, "move_type": ASKED, "what": AIMED_AT}


def refusal_value(view: Mapping[str, Any], kind: str, value: Any) -> str | None:
    """The value in the reader's words; None for the shared default (a number as it is)."""
    if kind == "trooper":
        return seen_trooper(view, str(value))
    if kind == "weapon":
        return weapon_name(value)
    words = WORDS.get(kind)
    if words is not None:
        return str(words.get(str(value), value))
    return None


def seen_trooper(view: Mapping[str, Any], tid: str) -> str:
    """A trooper as the seat whose view this is names it (« Alguacil (HMG) a1 », the profile it
    shows that seat: a disguise, a Lieutenant's plain loadout), a token by its marker's name, and
    anything else by the bare id the move gave: it says nothing the seat did not type."""
    for t in view.get("troopers", []):
        if t["id"] == tid:
            return named(t["profile"], tid)
    if any(e.get("id") == tid for e in view.get("echoes", [])):
        return echo_label(tid)
    if any(m.get("marker") == tid for m in view.get("markers", [])):
        return marker_label(tid, view)
    return tid
