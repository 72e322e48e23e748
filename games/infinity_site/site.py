"""Infinity on the shared board (games/hexboard): how clicks build an order, a declaration or a
reaction (a hex to click, then the options there, cycled), the troopers and civilians, what a
picked trooper can do (movement range, lines of fire with their odds), templates, the order
pool, sentences, and the step viewer per order. The match page itself is the platform's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy, ngettext

from games.engine.infinity import camouflage as camo
from games.engine.infinity import geometry as geo
from games.engine.infinity.data import profiles, weapon
from games.engine.infinity.moves import decode_skill
from games.engine.infinity.rolls import p_success
from games.engine.infinity.skills import speculative_sv
from games.engine.infinity.zones import zone_hexes
from games.hexboard.coaching import linked_tips
from games.hexboard.keys import hex_key
from games.hexboard.picks import Choice
from games.hexboard.protocol import (
    BaseSite,
    LeaguePreset,
    Link,
    Preview,
    ReferenceSection,
    SeatStatus,
    Step,
    Tip,
    seat_entry_restored,
)
from games.hexboard.words import possessive
from games.infinity_site import (
    analysis,
    climb_picks,
    height_words,
    infiltration_words,
    koala_picks,
    pieces,
    reference,
    refusal_words,
    steps,
)
from games.infinity_site.cast import in_view
from games.infinity_site.coach import tips as coach_tips
from games.infinity_site.describe import SENTENCES, describe
from games.infinity_site.disguise_words import disguise_choice
from games.infinity_site.forms import InfinityOptionsForm, options_summary
from games.infinity_site.holo_words import holo_choice
from games.infinity_site.initiative_words import initiative_button, initiative_question
from games.infinity_site.names import (
    army_label,
    mine_label,
    seat_label,
    sectorial_label,
    trooper_label,
)
from games.infinity_site.narrator import CastNarrator
from games.infinity_site.picking import (
    PICKS,
    current_order,
    game_over,
    hexes_of,
    move_reactions,
    pick_form,
    reactions_of,
    team_leader,
)
from games.infinity_site.place_words import place_words
from games.infinity_site.skill_words import skill_text, trooper_in, troopers

ORDER_KINDS = {
    "regular": gettext_lazy("a regular order"),
    "irregular": gettext_lazy("an irregular order"),
    "impetuous": gettext_lazy("an impetuous order"),
    "lieutenant": gettext_lazy("the Lieutenant special order"),
}

# The rules page's sections the coach's tips link to (coach.RULES_SECTIONS), by their headings.
RULES_HEADINGS = {
    "setup": gettext_lazy("Setting up"),
    "orders": gettext_lazy("Orders"),
    "lieutenant": gettext_lazy("The Lieutenant"),
    "reactions": gettext_lazy("Reactions (AROs)"),
    "shooting": gettext_lazy("Shooting"),
    "rolls": gettext_lazy("Rolls"),
    "close-combat": gettext_lazy("Close combat"),
    "fireteams": gettext_lazy("Fireteams"),
    "winning": gettext_lazy("Winning"),
    "retreat": gettext_lazy("Retreat!"),
}


SECTORIAL_DUEL = LeaguePreset(
    key="infinity_sectorial_duel",
    label=gettext_lazy("Sectorial duels: divisions of 6, mirrored"),
    rules_text=gettext_lazy(
        "Divisions of 6 players. Each round every player meets one opponent in a mirrored duel: "
        "two Annihilation games, each player leading the Corregidor Jurisdictional Command once "
        "and the Japanese Sectorial Army once. Each game: win 1 point, draw ½, loss 0. Ties are "
        "broken by the victory-point difference, then head-to-head, then Buchholz. The top two "
        "are promoted and the bottom two relegated."
    ),
    fields={
        "division_size": 6,
        "default_format": "rr1",
        "mirrored_duels": True,
        "tiebreakers": ["score_diff", "head_to_head", "buchholz"],
        "promote_count": 2,
        "relegate_count": 2,
        "pod_size": 2,
    },
    system_config={"scenario": "annihilation", "reactions": "auto"},
)


class InfinitySite(BaseSite):
    key = "infinity"
    name = gettext_lazy("Infinity (Human Sphere)")
    layout = pieces.LAYOUT
    picks = PICKS
    options_form = InfinityOptionsForm
    stylesheet = "infinity/infinity.css"
    board_template = "infinity_site/board.html"  # the shared board and the seat's own reactions
    league_presets = (SECTORIAL_DUEL,)
    step_prompts = {
        "hex": gettext_lazy("Choose a hex of your deployment zone."),
        "spot": gettext_lazy("Choose a highlighted trooper or hex."),
        "to": gettext_lazy("Choose where the trooper takes cover."),
    }

    def options_summary(self, config: Mapping[str, Any]) -> Sequence[str]:
        return options_summary(config)

    # --- picks -------------------------------------------------------------------------------
    def pick_forms(
        self, view: Mapping[str, Any], seat: int, legal: Sequence[dict[str, Any]]
    ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        return [(pick_form(move, view), move) for move in legal]

    def pick_forms_given(self, view, seat, legal, selection):
        """The forms, and a carrier's CrazyKoalas placed by hand once its hex or destination
        is picked (koala_picks.py), a fireteam's other climbers once the first climber's hex is
        and its koalas, if it carries some, are placed (climb_picks.py)."""
        pairs = self.pick_forms(view, seat, legal)
        if not pairs or not ("hex" in selection or "spot" in selection):
            return pairs  # nothing picked yet that koalas could follow
        state = analysis.state_of(view)
        if state is None:
            return pairs
        koala_forms = koala_picks.added_forms(state, view, pairs, selection)
        # a team's climbers, after the first climber's koalas when they follow it
        placed = koala_picks.picked_forms(koala_forms, selection)
        more = climb_picks.added_forms(state, view, pairs + placed, selection)
        return pairs + more + koala_forms

    def instruction(self, view, seat, choice, legal, *, query=None, names=()) -> str:
        placing = koala_picks.instruction(view, choice) or climb_picks.instruction(view, choice)
        if placing:
            return placing
        text = self.prompt(choice, legal, view)
        infiltrating = infiltration_words.prompt(view, choice.move)
        return f"{text} {infiltrating}" if infiltrating else text

    def confirm_label(self, view: Mapping[str, Any], choice: Choice) -> str:
        return (
            koala_picks.confirm_label(view, choice)
            or climb_picks.confirm_label(choice)
            or super().confirm_label(view, choice)
        )

    def confirm_picks(self, view: Mapping[str, Any], choice: Choice) -> dict[str, Any] | None:
        return koala_picks.koalas_stay(view, choice)

    # --- the board ---------------------------------------------------------------------------
    def grid(self, view: Mapping[str, Any]) -> tuple[str, SafeString]:
        return pieces.grid(pieces.board_of(view))

    def pieces(self, view: Mapping[str, Any], marks: Mapping[str, str]) -> list[SafeString]:
        out = []
        if (view.get("scenario") or {}).get("id") == "zone_control":
            for zone in zone_hexes(pieces.board_of(view)):
                out += [pieces.hex_patch(h, "control-zone") for h in zone]
        return out + pieces.pieces(view, marks)

    def preview(self, view: Mapping[str, Any], seat: int, choice: Choice) -> Preview:
        """A picked trooper's movement range and lines of fire with their odds; a declaration's
        path, template or shot."""
        state = analysis.state_of(view)
        if state is None:
            return Preview()
        marks: dict[str, str] = {}
        extra: list[SafeString] = []
        arrows: list[SafeString] = []
        spot = choice.selection.get("spot")
        if spot is not None:
            marks[hex_key(spot)] = "selected"
        extra += infiltration_words.marks(view)  # the enemy half's MODs, while deploying
        extra += koala_picks.picked(view, seat, choice)
        move = choice.move
        actor = (
            current_order(view).get("trooper") if current_order(view).get("seat") == seat else None
        )
        if choice.kind == "order" and move is not None:
            actor = move.get("trooper") or move.get("leader") or team_leader(view, seat)
        if move is not None and move["type"] in ("declare", "aro"):
            self._candidate(view, state, move, extra, arrows)
        elif actor and state.has_trooper(actor):
            for h in analysis.reach(state, actor):
                extra.append(pieces.hex_patch(h, "reach"))
            reactive = move is not None and move["type"] == "aro"
            for shot in analysis.shots(state, actor, reactive):
                arrows.append(self._shot_line(state, actor, shot))
        return Preview(tuple(extra), marks, tuple(arrows))

    def _shot_line(self, state, actor: str, shot: analysis.Shot) -> SafeString:
        origin = state.trooper(actor).hex
        label = f"{shot.sv} · {shot.percent}%"
        return pieces.sight_line(origin, shot.hex, "sight", label)

    def _candidate(self, view, state, move, extra, arrows) -> None:
        actor = move.get("trooper") or current_order(view).get("trooper")
        if not actor or not state.has_trooper(actor):
            return
        origin = state.trooper(actor).hex
        skill = move.get("skill")
        if skill == "move":
            path = move.get("path") or (move.get("paths") or {}).get(actor) or []
            previous = origin
            for h in path:
                arrows.append(pieces.sight_line(previous, h, "path"))
                previous = h
        elif skill in ("climb", "jump"):  # each climber's step up or down (a team's too)
            for tid, path in climb_picks.climbers(move).items():
                start = state.trooper(tid).hex if state.has_trooper(tid) else None
                if path and start is not None:
                    arrows.append(pieces.sight_line(start, path[-1], "path"))
        elif skill == "bs_attack" and move.get("mine"):  # at a mine (engine mines.py)
            mine = next((m for m in view.get("mines", []) if m["marker"] == move["mine"]), None)
            if mine is not None and origin is not None:
                arrows.append(pieces.sight_line(origin, mine["hex"], "sight"))
        elif skill == "bs_attack" and move.get("aim"):
            w = weapon(move["weapon"])
            for aim in move["aim"]:
                for h in geo.teardrop(origin, aim, w.template or "", state.board, state.scenery_at):
                    extra.append(pieces.hex_patch(h, "template"))
        elif skill == "bs_attack":
            reactive = move["type"] == "aro"
            targets = move.get("targets") or [{"trooper": move.get("target"), "burst": None}]
            for t in targets:
                at = tuple(move["at"]) if move.get("at") else None
                shot = analysis.shot_at(
                    state, actor, t["trooper"], move["weapon"], t["burst"], reactive, at
                )  # type: ignore[arg-type]
                if shot is None:
                    continue
                arrows.append(self._shot_line(state, actor, shot))
                if weapon(move["weapon"]).template == "circular":
                    for h in geo.circular(shot.hex, state.board, state.scenery_at):
                        extra.append(pieces.hex_patch(h, "template"))
        elif skill == "speculative":
            to = tuple(move["to"])
            for h in geo.circular(to, state.board, state.scenery_at):  # type: ignore[arg-type]
                extra.append(pieces.hex_patch(h, "template"))
            sv, _ = speculative_sv(state, state.trooper(actor), decode_skill(move))
            label = f"{sv} · {round(100 * p_success(sv))}%"
            arrows.append(pieces.sight_line(origin, to, "sight speculative", label))
        elif skill == "intuitive" and move.get("aim"):
            self._intuitive_preview(view, state, actor, move, extra, arrows)
        elif skill in ("cc_attack", "heal"):
            target = move.get("target")
            if target and state.has_trooper(target):
                css = "sight cc" if skill == "cc_attack" else "path"
                arrows.append(pieces.sight_line(origin, state.trooper(target).hex, css))

    def _intuitive_preview(self, view, state, actor: str, move, extra, arrows) -> None:
        """An Intuitive Attack (engine intuitive.py): its teardrop, and a line to the marker
        with the WIP roll's value and chance; the MOD from the marker's public kind, as the
        engine rolls it (a mine's marker reads as a camouflage one, as it is drawn)."""
        origin = state.trooper(actor).hex
        w = weapon(move["weapon"])
        for h in geo.teardrop(
            origin, move["aim"][0], w.template or "", state.board, state.scenery_at
        ):
            extra.append(pieces.hex_patch(h, "template"))
        marker = next(
            (m for m in view.get("markers", []) if m["marker"] == move.get("target")), None
        )
        if marker is None:
            return
        sv = state.trooper(actor).prof.wip + camo.kind_mod(marker.get("kind"))
        label = f"{sv} · {round(100 * p_success(sv))}%"
        arrows.append(pieces.sight_line(origin, marker["hex"], "sight speculative", label))

    def target_label(self, view: Mapping[str, Any], field_name: str, value: Any) -> str:
        if field_name in koala_picks.FIELDS:
            return koala_picks.target_label(view, value)
        for tid, h in hexes_of(view).items():
            if list(h) == list(value):
                return trooper_label(tid, view)
        for mine in view.get("mines", []):  # a mine the reader knows (engine mines.py)
            if list(mine["hex"]) == list(value):
                return mine_label(mine["marker"])
        label = place_words(view, value)  # a player's words, not « Hexagone 0, 10 »
        infiltrating = infiltration_words.hex_words(view, value) if field_name == "hex" else ""
        return f"{label} ({infiltrating})" if infiltrating else label

    def cycle_labels(self, field_name: str) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
        return (
            ("‹", gettext("Previous option here"), "cycle-prev"),
            ("›", gettext("Next option here"), "cycle-next"),
        )

    # --- the seat's side ---------------------------------------------------------------------
    def seats(self, view: Mapping[str, Any], seat: int | None) -> list[SeatStatus]:
        turn = view.get("turn") or {}
        zones = (view.get("scenario") or {}).get("id") == "zone_control"
        out = []
        for info in view.get("seats", []):
            s = info["seat"]
            orders = (turn.get("orders") or {}).get(str(s)) or {}
            details = []
            if turn.get("phase") == "active" and turn.get("active_seat") == s:
                left = int(orders.get("total", 0))
                details.append(
                    ngettext("%(n)s order left", "%(n)s orders left", left) % {"n": left}
                )
                if orders.get("lieutenant"):
                    details.append(gettext("Lieutenant order"))
            if info.get("loss_of_lieutenant"):
                details.append(gettext("Loss of Lieutenant"))
            if info.get("retreat"):
                details.append(gettext("Retreat!"))
            team = next(
                (f for f in view.get("fireteams", []) if f["seat"] == s and f["leader"]), None
            )
            if team:
                details.append(gettext("fireteam of %(n)s") % {"n": len(team["members"])})
            if seat == s and not game_over(view):  # the game over, no reaction applies
                details.append(
                    {
                        "auto": gettext("your reactions: automatic"),
                        "ask": gettext("your reactions: ask me"),
                    }.get(reactions_of(view), gettext("your reactions: set trooper by trooper"))
                )
            out.append(
                SeatStatus(
                    seat=s,
                    name=army_label(view, s),
                    css=f"seat-{s}",
                    swatch="ABCD"[s],
                    headline=_points(
                        int(info.get("zone_points", 0)) if zones else _casualties(view, 1 - s)
                    ),
                    headline_title=gettext("zone points so far")
                    if zones
                    else gettext("victory points so far"),
                    details=tuple(details),
                    current=s in (view.get("to_act") or []),
                    me=seat == s,
                )
            )
        return out

    def decision(self, view: Mapping[str, Any], seat: int | None) -> tuple[str, bool] | None:
        return self.decision_named(view, seat, ())

    def decision_named(
        self, view: Mapping[str, Any], seat: int | None, names: Sequence[str]
    ) -> tuple[str, bool] | None:
        pending = (view.get("turn") or {}).get("pending") or {}
        kind = pending.get("kind")
        if not pending or kind in ("ended", None):
            return None
        if pending.get("seat") != seat:
            # The player, as the status above says it (« On attend bruno. »), not their army.
            who = seat_label(pending["seat"], names, view)
            stage = current_order(view).get("stage")
            if kind == "waiting" and stage in ("aro1", "aro2"):
                return gettext("Waiting for %(whose)s reactions.") % {
                    "whose": possessive(who)
                }, False
            return gettext("Waiting for %(who)s.") % {"who": who}, False
        if kind in ("initiative", "deployment", "turn_order"):
            return initiative_question(view, kind), True
        if kind == "appoint_lieutenant":
            return gettext(
                "Appoint your new Lieutenant (the other player will not know who)."
            ), True
        if kind == "koala_target":
            return koala_picks.aiming(view, pending), True
        return None

    def prompt(
        self,
        choice: Choice,
        legal: Sequence[Mapping[str, Any]],
        view: Mapping[str, Any] | None = None,
    ) -> str:
        """`view`: the reader's, to name troopers and markers as its board does (cast.py)."""
        if not legal:
            return ""
        move = choice.move
        if move is not None:
            # The ‹ › buttons show only when the hex offers more than one move (hexboard turn.py).
            more = len(choice.cycle_values) > 1
            then = gettext("Confirm, or ‹ › for another option.") if more else gettext("Confirm.")
            return self._describe_choice(move, view) + " " + then
        if choice.step is not None and choice.selection:
            return super().prompt(choice, legal)
        kinds = {m["type"] for m in legal}
        first = legal[0]
        if "deploy" in kinds:
            return gettext("Deploy %(who)s: choose a hex in your deployment zone.") % {
                "who": trooper_label(first.get("trooper"), view)
            }
        if "lay_mine" in kinds:
            return gettext(
                "Lay the mine of %(who)s: choose a hex of its Zone of Control (the enemy will see "
                "a camouflage marker), or finish your deployment."
            ) % {
                "who": trooper_label(
                    next(m for m in legal if m["type"] == "lay_mine")["trooper"], view
                )
            }
        if "deploy_done" in kinds:
            return gettext("Form your fireteam if you wish, then finish your deployment.")
        if "aro" in kinds:
            eligible = sorted({m["trooper"] for m in legal if m["type"] == "aro"})
            return gettext("React with %(who)s: choose a trooper, or let them pass.") % {
                "who": ", ".join(trooper_label(t, view) for t in eligible)
            }
        if "guts" in kinds:
            if any(m.get("lieutenant") for m in legal):
                return gettext(
                    "%(who)s lost its nerve: choose where it takes cover, or spend the "
                    "Lieutenant special order to hold it there."
                ) % {"who": trooper_label(first.get("trooper"), view)}
            return gettext("%(who)s lost its nerve: choose where it takes cover.") % {
                "who": trooper_label(first.get("trooper"), view)
            }
        if "declare" in kinds:
            second = any(m.get("skill") == "none" for m in legal)
            if second:
                return gettext(
                    "Declare the second skill: a highlighted hex to move, shoot or turn; "
                    "the trooper itself to dodge or stop."
                )
            return gettext(
                "Declare the first skill: a highlighted hex to move, shoot or turn; "
                "the trooper itself to dodge."
            )
        if "order" in kinds:
            return gettext("Choose a trooper to give it an order, or end your turn.")
        return gettext("Choose one of the buttons.")

    def _describe_choice(
        self, move: Mapping[str, Any], view: Mapping[str, Any] | None = None
    ) -> str:
        move = in_view(move, view) if view is not None else move
        kind = move["type"]
        if kind == "order":
            if move.get("coordinated"):
                return gettext("A coordinated order (one regular order each) for %(who)s.") % {
                    "who": troopers(move["coordinated"], move)
                }
            if move.get("fireteam"):
                if move.get("leader"):
                    return gettext("An order for the fireteam, now led by %(who)s.") % {
                        "who": trooper_in(move, "leader")
                    }
                return gettext("An order for the whole fireteam.")
            return gettext("Give %(kind)s to %(who)s.") % {
                "kind": ORDER_KINDS.get(move.get("kind", "regular"), move.get("kind")),
                "who": trooper_in(move),
            }
        if kind == "deploy":
            hidden = gettext(" in hidden deployment") if move.get("hidden") else ""
            if move.get("echoes"):  # Holoprojector L2 (engine holo.py)
                return holo_choice(move)
            if move.get("disguise"):  # Holoprojector L1 (engine disguise.py)
                return disguise_choice(move)
            if move.get("marker") is False:
                hidden = gettext(" as itself, not as a camouflage marker")
            elif move.get("marker"):
                hidden = gettext(" as a camouflage marker")
            return gettext("Deploy %(who)s here%(hidden)s.") % {
                "who": trooper_in(move),
                "hidden": hidden,
            }
        if kind == "lay_mine":
            return gettext("Lay the mine of %(who)s here.") % {"who": trooper_in(move)}
        if kind == "aro":
            return SENTENCES["AroDeclared"](dict(move), ())
        if kind == "declare" and move.get("skill") in ("climb", "jump"):
            text = height_words.choice(move, view)
            if move.get("second"):
                text += gettext(", then nothing more: the order resolves without waiting")
            return text + "."
        if kind == "declare":
            text = skill_text(move)
            if move.get("skill") == "move" and len(move.get("paths") or {}) > 1:
                text += gettext(", the fireteam following")
            if move.get("skill") == "bs_attack" and move.get("targets"):
                bursts = sum(t["burst"] for t in move["targets"])
                text += gettext(" (burst %(n)s)") % {"n": bursts}
            if move.get("second"):
                text += gettext(", then nothing more: the order resolves without waiting")
            return text + "."
        if kind == "guts" and move.get("lieutenant"):
            return gettext("%(who)s stands firm: spend the Lieutenant special order.") % {
                "who": trooper_in(move)
            }
        if kind == "guts":
            return gettext("%(who)s takes cover here (Guts).") % {"who": trooper_in(move)}
        # Every other command is a plain button: its button's words (never move_label, which
        # falls back here, so an unlabelled type cannot recurse).
        return self._button_label(move, {}) or gettext("Play this move")

    def move_label(self, move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        label = self._button_label(move, view)
        return label if label is not None else self._describe_choice(move, view)

    def _button_label(self, move: Mapping[str, Any], view: Mapping[str, Any]) -> str | None:
        """The words of a plain-button command, None for a command placed on the board."""
        kind = move["type"]
        if kind in ("initiative", "deployment"):
            return initiative_button(move, view)
        reactions = {
            "auto": gettext("my troopers shoot what enters their line of fire and dodge templates"),
            "ask": gettext("ask me for every reaction"),
        }
        how = move_reactions(move)
        if kind == "deploy_done" and how in reactions:
            return gettext("Finish deployment; then %(how)s") % {"how": reactions[how]}
        if kind == "end_turn" and how in reactions:
            return gettext("End the turn; then %(how)s") % {"how": reactions[how]}
        if kind == "deploy_done":
            return gettext("Finish deployment")
        if kind == "fireteam_form":
            # Names, as the board and the hand name these troopers, not their ids (« k1, k2 »);
            # the leader said, or the offers of one team read alike but for their order.
            leader = move.get("leader")
            others = [m for m in move.get("members", []) if m != leader]
            return gettext("Form a fireteam led by %(leader)s, with %(others)s") % {
                "leader": trooper_label(leader, view),
                "others": ", ".join(trooper_label(m, view) for m in others),
            }
        if kind == "fireteam_break":
            return gettext("Break the fireteam")
        if kind == "end_turn":
            return gettext("End the turn")
        if kind == "aro_done":
            return gettext("Let them pass")
        if kind == "appoint_lieutenant":
            return trooper_label(move.get("trooper"), view)
        if kind == "koala_target":
            return gettext("At %(who)s") % {"who": trooper_label(move.get("target"), view)}
        if kind == "end_game":
            return gettext("End the game")
        if kind == "set_policy":
            return gettext("Set the reactions")
        if kind == "set_ambush":
            return gettext("Set the ambush")
        return None

    def move_testid(self, move: Mapping[str, Any]) -> str:
        kind = str(move.get("type", "move")).replace("_", "-")
        if move_reactions(move):
            return f"{kind}-{move_reactions(move)}"
        if kind == "initiative" and "deploy" in move:
            return f"initiative-deploy-{move.get('deploy')}"
        if kind in ("initiative", "deployment"):
            return f"{kind}-{move.get('choice')}"
        if kind == "appoint-lieutenant":
            return f"appoint-{move.get('trooper')}"
        if kind == "koala-target":
            return f"koala-target-{move.get('target')}"
        return kind

    def links(self, view, seat, urls) -> list[Link]:
        out = [
            Link(gettext("Orders step by step"), urls["steps"], "steps-link"),
            Link(gettext("Rules"), reverse("infinity_site:rules"), "rules-link"),
        ]
        return out

    # --- learning the game -------------------------------------------------------------------
    def coach(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[Tip]:
        """A new player's tips (coach.py), each pointing at its section of the rules page."""
        # Each link says where it leads (a screen reader lists links by their words).
        return linked_tips(coach_tips(view, seat), self.rules_url(), RULES_HEADINGS)

    # --- words -------------------------------------------------------------------------------
    event_kinds = frozenset(SENTENCES)  # every kind `describe` tells (tests/ux/test_ux_story.py)

    def reference(self, view: Mapping[str, Any]) -> list[ReferenceSection]:
        """The match page's reference panel (infinity_site/reference.py)."""
        return reference.reference(view)

    def refusal_value(self, view: Mapping[str, Any], kind: str, value: Any) -> str:
        words = refusal_words.refusal_value(view, kind, value)
        return words if words is not None else super().refusal_value(view, kind, value)

    def outcome_reason(self, reason: str) -> str:
        """Why the game ended (engine turns.end_game); victory points decide in every case."""
        return {
            "turns": gettext(
                "The last game turn is over: the army with the most victory points wins."
            ),
            "retreat": gettext(
                "An army in Retreat ended the game early: the army with the most victory "
                "points wins."
            ),
            "no_troopers": gettext(
                "An army has no trooper left standing: the army with the most victory points wins."
            ),
            "end_game": gettext("The game was ended: the army with the most victory points wins."),
        }.get(reason, "")

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        return describe(event, names)

    def narrator(self, start: Mapping[str, Any] | None) -> CastNarrator:
        return CastNarrator(self, start)

    def seat_label(self, *, view: Mapping[str, Any], seat: int) -> str:
        return army_label(view, seat)

    side_option = "armies"
    side_field = "sectorial"  # an army list names its sectorial

    def seat_left(
        self, config: Mapping[str, Any], seat: int, before: Mapping[str, Any]
    ) -> dict[str, Any]:
        # Taking a seat wrote the player's list (or the default the lobby left) into
        # config["armies"][seat] (games/armies `army_match_join`): leaving gives the seat back
        # what the lobby offered.
        return seat_entry_restored(config, before, "armies", seat)

    def side_label(self, key: str) -> str:
        return sectorial_label(key)

    # --- history -----------------------------------------------------------------------------
    def steps_words(self, number: int) -> tuple[str, str]:
        return gettext("Order %(number)s") % {"number": number}, gettext("Orders")

    steps_tell_defaults = True  # an order's lines say a reaction the deadline passed on

    def steps(self, start, events, names) -> list[list[Step]]:
        return steps.orders(start, [dict(e) for e in events], names)


def _points(n: int) -> str:
    """A seat's score with its unit: a bare « 0 » beside the army's name told a newcomer
    nothing (its hover title does not show on a phone)."""
    return ngettext("%(n)d pt", "%(n)d pts", n) % {"n": n}


def _casualties(view: Mapping[str, Any], seat: int) -> int:
    """Points of a seat's troopers down (what the other side scores in Annihilation)."""
    return sum(
        profiles()[t["profile"]].points
        for t in view.get("troopers", [])
        if t["seat"] == seat and t["state"] in ("unconscious", "dead")
    )


SITE = InfinitySite()
