"""Neuroshima Hex on the shared board (games/hexboard): how clicks build a move, the tiles, the
armies' panel, the hand, decisions, sentences and the battle viewer. Everything else, from the
match page to the history pages, is the platform's."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy

from games.engine.neuroshima.tiles import hq_of
from games.hexboard import sprite
from games.hexboard.coaching import linked_tips
from games.hexboard.keys import hex_key
from games.hexboard.picks import Choice, PickSpec
from games.hexboard.protocol import (
    BaseSite,
    HandItem,
    LeaguePreset,
    Link,
    Preview,
    SeatStatus,
    Step,
    Tip,
)
from games.hexboard.svg import line
from games.hexboard.words import reads_english
from games.neuroshima_site import battle_steps, describe, pieces
from games.neuroshima_site.coach import tips as coach_tips
from games.neuroshima_site.forms import NeuroshimaOptionsForm, options_summary
from games.neuroshima_site.narrator import BoardNarrator
from hexsite.reverse_memo import reverse

HEX_FIELDS = frozenset({"hex", "from", "to", "pusher", "target", "centre"})
PICKS = PickSpec(
    # The order in which a move's fields are picked; the rotation is always last.
    order={
        "PlaceHQ": ("hex",),
        "PlaceTile": ("tile_index", "hex", "rotation"),
        "MoveUnit": ("from", "to", "rotation"),
        "PlayMove": ("tile_index", "from", "to", "rotation"),
        "PlayPush": ("tile_index", "pusher", "target"),
        "PlaySniper": ("tile_index", "target"),
        "PlayGrenade": ("tile_index", "target"),
        "PlayAirStrike": ("tile_index", "centre"),
        "ChoosePushDestination": ("to",),
    },
    hex_fields=HEX_FIELDS,
    cycled=frozenset({"rotation"}),
    from_hand="tile_index",
    params={"tile": "tile_index", "rot": "rotation"},
)


def _named_svg(drawing: dict[str, Any], english: bool, url: str) -> SafeString:
    return pieces.tile_svg(drawing, drawing["name_en" if english else "name_fr"], url)


def tile_markup(drawing: dict[str, Any]) -> SafeString:
    """A tile in the reader's language, pointing at the cached sprite."""
    return _named_svg(drawing, reads_english(), sprite.url(NeuroshimaSite.key))


@functools.lru_cache(maxsize=4096)
def _tile_at(
    tile_id: str,
    rotation: int,
    wounds: int,
    centre: tuple[float, float],
    css: str,
    english: bool,
    url: str,
) -> SafeString:
    """A tile's markup: a pure function of what it shows, made once per process (a board draws
    the same tiles at the same places move after move, for both players and every pick)."""
    drawing = pieces.tile_drawing(
        tile_id, rotation=rotation, wounds=wounds, centre=centre, extra_class=css
    )
    return _named_svg(drawing, english, url)


def hand_tile_markup(tile_id: str) -> SafeString:
    """A tile of a hand, unturned, in the reader's language."""
    return _tile_at(tile_id, 0, 0, (0.0, 0.0), "", reads_english(), sprite.url(NeuroshimaSite.key))


def placed_markup(position: Mapping[str, Any], classes: Mapping[str, str]) -> list[SafeString]:
    """Every tile of a Position JSON as markup at its cell, `classes` adding one by "q,r"."""
    english, url = reads_english(), sprite.url(NeuroshimaSite.key)
    out = []
    for t in position.get("tiles", ()):
        h = (int(t["hex"][0]), int(t["hex"][1]))
        rotation, wounds = int(t.get("rotation", 0)), int(t.get("wounds", 0))
        centre = pieces.hex_centre(h)
        css = classes.get(hex_key(h), "")
        out.append(_tile_at(t["tile"], rotation, wounds, centre, css, english, url))
    return out


def _arrow(d: dict[str, Any], css: str, **extra: str) -> SafeString:
    return line(float(d["x1"]), float(d["y1"]), float(d["x2"]), float(d["y2"]), css, **extra)


def _attack(a: dict[str, Any]) -> SafeString:
    kind = a["kind"] or "melee"
    drawn = pieces.line_between(tuple(a["from"]), tuple(a["to"]), kind)  # type: ignore[arg-type]
    return _arrow(drawn, f"attack {kind}", **{"data-testid": "attack-line"})


NEURODUEL = LeaguePreset(
    key="neuroduel",
    label=gettext_lazy("NeuroDuel: divisions of 8, mirrored duels"),
    rules_text=gettext_lazy(
        "Divisions of 8 players. Each round every player meets one opponent in a mirrored duel: "
        "two games with two random armies, each player leading each army once and moving first "
        "once. Each game: win 1 point, draw ½, loss 0. Ties are broken by the HQ-point "
        "difference, then head-to-head, then Buchholz. The top two are promoted and the bottom "
        "two relegated."
    ),
    fields={
        "division_size": 8,
        "default_format": "rr1",
        "mirrored_duels": True,
        "tiebreakers": ["score_diff", "head_to_head", "buchholz"],
        "promote_count": 2,
        "relegate_count": 2,
        "pod_size": 2,
    },
)


class NeuroshimaSite(BaseSite):
    key = "neuroshima"
    name = gettext_lazy("Neuroshima Hex")
    layout = pieces.LAYOUT
    picks = PICKS
    options_form = NeuroshimaOptionsForm
    stylesheet = "neuroshima/neuroshima.css"
    league_presets = (NEURODUEL,)
    step_prompts = {
        "hex": gettext_lazy("Choose a hex."),
        "from": gettext_lazy("Choose the unit to move."),
        "to": gettext_lazy("Choose where it goes."),
        "pusher": gettext_lazy("Choose your unit that pushes."),
        "target": gettext_lazy("Choose the target."),
        "centre": gettext_lazy("Choose the centre of the strike."),
    }

    def options_summary(self, config: Mapping[str, Any]) -> Sequence[str]:
        return options_summary(config)

    # --- the board ---------------------------------------------------------------------------
    def grid(self, view: Mapping[str, Any]) -> tuple[str, SafeString]:
        return pieces.grid(view["config"]["board"])

    def pieces(self, view: Mapping[str, Any], marks: Mapping[str, str]) -> list[SafeString]:
        classes = dict(marks)
        for h in view.get("moved") or []:
            classes.setdefault(hex_key(h), "moved")
        return placed_markup(view["position"], classes)

    def preview(self, view: Mapping[str, Any], seat: int, choice: Choice) -> Preview:
        """The tile being placed or moved drawn where it would stand, with where it strikes."""
        sel, kind = choice.selection, choice.kind
        rot = choice.cycle_value if choice.cycle_value is not None else 0
        marks: dict[str, str] = {}
        for key in ("from", "pusher"):
            if key in sel:
                marks[hex_key(sel[key])] = "selected"
        tile_id, at = None, None
        if kind in ("PlaceTile", "PlaceHQ") and "hex" in sel:
            at = (sel["hex"][0], sel["hex"][1])
            if kind == "PlaceHQ":
                tile_id = hq_of(view["seats"][seat]["army"]).id
            else:
                tile_id = view["seats"][seat]["hand"][sel["tile_index"]]
        elif kind in ("MoveUnit", "PlayMove") and "to" in sel and "from" in sel:
            placed = next(
                (t for t in view["position"]["tiles"] if t["hex"] == list(sel["from"])), None
            )
            if placed is not None:
                tile_id, at = placed["tile"], (sel["to"][0], sel["to"][1])
                marks[hex_key(sel["from"])] = "ghost"
        if tile_id is None or at is None:
            return Preview(marks=marks)
        drawing = pieces.tile_drawing(
            tile_id, rotation=rot, centre=pieces.hex_centre(at), extra_class="preview"
        )
        rays = [_arrow(r, f"ray {r['kind']}") for r in pieces.attack_rays(tile_id, at, rot)]
        return Preview((tile_markup(drawing),), marks, tuple(rays))

    def target_label(self, view: Mapping[str, Any], field_name: str, value: Any) -> str:
        return describe.place_label(view, value)

    def refusal_value(self, view: Mapping[str, Any], kind: str, value: Any) -> str:
        return describe.refusal_value(view, kind, value) or super().refusal_value(view, kind, value)

    def cycle_labels(self, field_name: str) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
        return (
            ("⟲", gettext("Turn left"), "rotate-ccw"),
            ("⟳", gettext("Turn right"), "rotate-cw"),
        )

    # --- the seat's side ---------------------------------------------------------------------
    def seats(self, view: Mapping[str, Any], seat: int | None) -> list[SeatStatus]:
        # An HQ not yet on the board has no score to show.
        placed = {t["seat"] for t in view["position"]["tiles"] if str(t["tile"]).endswith(".hq")}
        out = []
        for i, s in enumerate(view["seats"]):
            details = [
                gettext("pile %(d)s · hand %(h)s") % {"d": s["deck_count"], "h": s["hand_count"]}
            ]
            if s.get("points") is not None:
                details.append(gettext("%(p)s pts") % {"p": s["points"]})
            if s.get("kept"):
                kept = ", ".join(describe.tile_name(t) for t in s["kept"])
                details.append(gettext("kept: %(tiles)s") % {"tiles": kept})
            out.append(
                SeatStatus(
                    seat=i,
                    name=describe.army_label(s["army"]),
                    css=f"army-{s['army']}",
                    swatch=pieces.ARMY_INITIALS.get(s["army"], "?"),
                    # « QG 20 »: a bare number was explained only by a title a phone never shows.
                    headline=gettext("HQ %(n)d") % {"n": s["hq_points"]} if i in placed else "",
                    headline_title=gettext("HQ points"),
                    details=tuple(details),
                    current=view.get("current") == i and view.get("outcome") is None,
                    me=view.get("seat") == i,
                    out=bool(s["eliminated"]),
                )
            )
        return out

    def hand(self, view, seat, choice, buttons, href) -> list[HandItem]:
        hand = view["seats"][seat].get("hand") or []
        out = []
        for i, tile_id in enumerate(hand):
            out.append(
                HandItem(
                    index=i,
                    drawing=hand_tile_markup(tile_id),
                    name=describe.tile_name(tile_id),
                    selected=choice.selection.get("tile_index") == i,
                    href=href(i),
                    buttons=tuple(buttons.get(i, ())),
                )
            )
        return out

    def decision(self, view: Mapping[str, Any], seat: int | None) -> tuple[str, bool] | None:
        pending = view.get("pending")
        if not pending:
            return None
        if seat != pending.get("seat"):
            who = describe.army_label(view["seats"][pending["seat"]]["army"])
            return gettext("Waiting for %(who)s to decide.") % {"who": who}, False
        return describe.decision_prompt(pending.get("kind", "")), True

    def prompt(self, choice: Choice, legal: Sequence[Mapping[str, Any]]) -> str:
        kinds = {m["type"] for m in legal}
        if choice.selection or not legal:  # a move is being built: its next pick
            if choice.step is None and choice.kind:
                return gettext("Turn the tile if needed, then confirm.")
            return super().prompt(choice, legal)
        if kinds == {"PlaceHQ"}:
            return gettext("Place your HQ: choose a highlighted hex.")
        if kinds == {"Discard"}:
            return gettext("Discard one of your tiles.")
        if kinds == {"ChoosePushDestination"}:
            return gettext("Choose where the pushed unit goes.")
        return gettext("Play or keep your tiles, then End turn.")

    def move_label(self, move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        kind = move["type"]
        if kind == "Decide":
            return describe.option_label(
                (view.get("pending") or {}).get("kind", ""),
                move["choice"],
                _board_of(view),
                [describe.army_label(s["army"]) for s in view.get("seats") or []],
            )
        if kind == "ChoosePushDestination":
            return describe.option_label("push_destination", move["to"])
        labels = {
            "Discard": gettext("Discard"),
            "PlayBattle": gettext("Start the battle"),
            "EndTurn": gettext("End turn"),
        }
        return labels.get(kind, kind)

    def links(self, view, seat, urls) -> list[Link]:
        out = []
        events = view.get("events") or []
        if any(e.get("kind") in ("BattleEnded", "StrikeResolved") for e in events):
            out.append(Link(gettext("See the battle step by step"), urls["steps"], "battle-link"))
        out.append(Link(gettext("Every tile"), reverse("neuroshima_site:tiles"), "tiles-link"))
        return out

    # --- words -------------------------------------------------------------------------------
    event_kinds = frozenset(describe.SENTENCES)

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        return describe.describe(dict(event), names)

    def narrator(self, start: Mapping[str, Any] | None) -> BoardNarrator:
        return BoardNarrator(self, start)

    def reference_url(self, view: Mapping[str, Any]) -> str:
        """The tiles of the armies in this match, with what each does (views.reference)."""
        armies = ",".join(sorted({s["army"] for s in view.get("seats") or []}))
        return f"{reverse('neuroshima_site:reference')}?armies={armies}"

    def coach(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[Tip]:
        """A new player's tips (coach.py), each pointing at its section of the rules page."""
        rules = self.rules_url()
        # Each link says where it leads (a screen reader lists links by their words).
        headings = {
            "starting": gettext("Starting"),
            "turn": gettext("A turn"),
            "battles": gettext("Battles"),
            "instants": gettext("Instant actions"),
            "symbols": gettext("Symbols on the tiles"),
            "end": gettext("The end"),
        }
        return linked_tips(coach_tips(view, seat), rules, headings)

    def analysis_url(self, match_id: int) -> str:
        """The analysis board loaded with this finished match's record (views.analysis)."""
        return f"{reverse('neuroshima_site:analysis')}?match={match_id}"

    def outcome_reason(self, reason: str) -> str:
        return {
            "hq_destroyed": gettext("Every HQ but one was destroyed."),
            "last_player_standing": gettext("Only one army is left standing."),
            "final_battle": gettext(
                "The last tile was drawn: after the final battle, the HQ with the most points wins."
            ),
            "points": gettext("The HQ with the most points wins."),
        }.get(reason, "")

    def seat_label(self, *, view: Mapping[str, Any], seat: int) -> str:
        try:
            return describe.army_label(view["seats"][seat]["army"])
        except (KeyError, IndexError, TypeError):
            return ""

    side_option = "armies"
    side_settled_in_state = "config"  # the armies drawn for "random" seats (engine setup)

    def side_label(self, key: str) -> str:
        return describe.army_label(key)

    # --- history -----------------------------------------------------------------------------
    def steps_words(self, number: int) -> tuple[str, str]:
        return gettext("Battle %(number)s") % {"number": number}, gettext("Battles")

    def steps(self, start, events, names) -> list[list[Step]]:
        """Each battle, phase by phase (battle_steps), drawn with the tiles and their marks."""
        config = start["config"]
        position = {"board": config["board"], "seats": config["armies"], "tiles": []}
        battles, _ = battle_steps.track(position, [dict(e) for e in events])
        return [[step_view(s, names) for s in battle] for battle in battles]

    def sprite_document(self) -> bytes:
        return pieces.sprite_document()


def _step_title(step: battle_steps.Step) -> str:
    if step.title_kind == "before":
        return gettext("Before the battle")
    if step.title_kind == "after":
        return gettext("After the battle")
    if step.title_kind == "strike":
        return gettext("The strike")
    return gettext("Initiative %(n)s") % {"n": step.initiative}


def _board_of(view: Mapping[str, Any]) -> describe.Board:
    """What stands where in a view's position, as the sentences name it."""
    tiles = (view.get("position") or {}).get("tiles") or []
    return {f"{t['hex'][0]},{t['hex'][1]}": {"tile": t["tile"], "seat": t["seat"]} for t in tiles}


def step_view(step: battle_steps.Step, names: Sequence[str]) -> Step:
    classes: dict[str, str] = {}
    for group, css in (
        (step.netted, "netted"),
        (step.hits, "hit"),
        (step.saved, "saved"),
        (step.destroyed, "destroyed"),
    ):
        for k in group:
            classes[k] = css
    drawn = placed_markup(step.position, classes)
    overlays = [_attack(a) for a in step.attacks]
    for k, wounds in step.hits.items():
        x, y = pieces.hex_centre(tuple(int(v) for v in k.split(",")))  # type: ignore[arg-type]
        saved, blocked = k in step.saved, k in step.blocked and not wounds
        text = "✚" if saved else ("0" if blocked else str(wounds))
        kind = "saved" if saved else ("blocked" if not wounds else "wound")
        overlays.append(pieces.badge(x + 22, y - 24, 11, text, kind))
    for k in step.destroyed:
        x, y = pieces.hex_centre(tuple(int(v) for v in k.split(",")))  # type: ignore[arg-type]
        overlays.append(pieces.badge(x, y, 20, "✕", "destroyed"))
    shown = step.title_kind in ("phase", "strike")
    board = _board_of({"position": step.position})
    attacks = [
        describe.describe(e, names, board) for e in step.events if e["kind"] == "UnitAttacked"
    ]
    others = [
        describe.describe(e, names, board) for e in step.events if e["kind"] != "UnitAttacked"
    ]
    return Step(
        title=_step_title(step),
        pieces=tuple(drawn),
        overlays=tuple(overlays),
        lines=tuple(attacks + (others if shown else [])),
    )


SITE = NeuroshimaSite()
