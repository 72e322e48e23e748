"""What a game system's site package implements (`BoardSite`), and the values it hands back.

FROZEN (issue 11): paintball, the second system, now works on this protocol, so it stays as it
is; a change must keep every system working and be agreed with the lead. The changes paintball
needed: `pick_forms` (also what the skirmish needed: moves naming what clicks cannot pick, moves
left to a panel of the site's own) and `confirm_label` here; in picks.PickSpec, `text_fields`,
`auto`, optional fields (a form complete before the next field) and `Choice.candidates`. Issue 13
(the story, what to do next, the end, learning), asked of the shared layer, added with defaults
that keep every system as it was: `event_kinds`, `narrator`, `summarize`, `instruction` (the one
path to the prompt), `outcome_reason`, `rules_url`, `reference_url`, `reference`. Later, with a
default of "" that changes no system: `analysis_url` (ux-review M4). Then, with defaults that
say "no army", one declaration of where a seat's army is in the options (`side_option`,
`side_field`, `side_settled_in_state`, read by `side_key`, named by `side_label`), which
`side_name` reads and `settled_side` stores on each seat at the match's end (what a player's
results and the army statistics read); and with a default of ()
that changes no system: `coach` and its `Tip` (a new player's tips beside the prompt). Then,
with a default that changes nothing, `seat_left` (a player leaving a table before the start
takes back what they chose on taking their seat: the army-list systems override it). Then,
with a default that changes no system, `pick_forms_given` (the pick forms knowing the selection,
for Infinity's CrazyKoalas), and in picks.PickSpec fields after a cycled one. Then, with a
default that writes a hex as the board's target names it and any other value as it is,
`refusal_value` (an engine's refusal naming a hex or a tile, in the reader's words). Then,
with a default that asks `decision`, `decision_named` (the pending decision knowing the players'
names: Infinity's hand waited for « ASJ » under the status's « On attend bruno »). Then, with a
default of () that changes no system, `options_summary` (a match's options in a player's words,
for whoever decides to join it).

The platform draws every system through this: the still grid, the pieces of a seat's view,
the picks that build a move, the seat panel, sentences for events, the lobby options, and
optionally a step-by-step viewer. `BaseSite` gives the defaults; a system overrides what it has.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.urls import NoReverseMatch
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import Layout
from games.hexboard.picks import Choice, PickSpec
from hexsite.reverse_memo import reverse


@dataclass(frozen=True)
class Button:
    """A move posted by one click: its label, the move as JSON, a test id; with `href`, a link
    to that pick instead (a step's default answer that leads to more questions)."""

    label: str
    move: str
    testid: str
    primary: bool = False
    href: str = ""


@dataclass(frozen=True)
class SeatStatus:
    """One line of the seat panel."""

    seat: int
    name: str
    css: str = ""  # e.g. "army-moloch": the colour
    swatch: str = ""  # a letter in the seat's colour
    headline: str = ""  # the main counter (Neuroshima: HQ points)
    headline_title: str = ""
    details: tuple[str, ...] = ()
    current: bool = False
    me: bool = False
    out: bool = False


@dataclass(frozen=True)
class HandItem:
    """Something in the seat's hand: picked (a link) and/or played by buttons."""

    index: int
    drawing: SafeString
    name: str
    selected: bool = False
    href: str = ""  # empty: not pickable
    buttons: tuple[Button, ...] = ()


@dataclass(frozen=True)
class Preview:
    """What a half-made move shows: ghost pieces, marks on pieces already there, arrows."""

    pieces: tuple[SafeString, ...] = ()
    marks: Mapping[str, str] = field(default_factory=dict)
    arrows: tuple[SafeString, ...] = ()


@dataclass(frozen=True)
class Step:
    """One step of a step-by-step viewer: a title, what the board shows, sentences."""

    title: str
    pieces: tuple[SafeString, ...] = ()
    overlays: tuple[SafeString, ...] = ()  # arrows, badges
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Link:
    label: str
    href: str
    testid: str = ""


@dataclass(frozen=True)
class Tip:
    """One tip of a system's coach (`BaseSite.coach`): a sentence or two about the situation in
    front of the player and why, and where the rules say more ("": nowhere)."""

    key: str  # stable within the system: its test id is "tip-<key>"
    text: str
    href: str = ""
    link_label: str = ""  # the link's own words ("" : "In the rules")


@dataclass(frozen=True)
class ReferenceEntry:
    """One piece of the match page's reference panel: a unit, a card, a terrain, and what it
    does, in the reader's language."""

    name: str
    text: str = ""
    drawing: SafeString = SafeString("")


@dataclass(frozen=True)
class ReferenceSection:
    title: str
    entries: tuple[ReferenceEntry, ...] = ()


def move_json(move: Any) -> str:
    """The one wire format of a move: the engine's JSON, posted as the `move` field."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def _kebab(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


@dataclass(frozen=True)
class LeaguePreset:
    """A ready-made league format a system offers (the league form's "Format" choice). A league
    created with it plays this system; the preset fixes the League fields in `fields` (division
    size, pairing format, mirrored duels, tie-breakers...) and the rules text players read, and
    the organiser keeps the policies (vacation, withdrawal, forfeits, public or not)."""

    key: str
    label: Any  # lazily translated: "NeuroDuel: divisions of 8, mirrored duels"
    rules_text: Any  # lazily translated
    fields: Mapping[str, Any] = field(default_factory=dict)
    system_config: Mapping[str, Any] = field(default_factory=dict)


class BaseSite:
    """Defaults for a system's site. Subclasses set the class attributes and `pieces`."""

    key: ClassVar[str]
    name: Any  # lazily translated display name
    layout: ClassVar[Layout] = Layout()
    picks: ClassVar[PickSpec] = PickSpec(order={})
    options_form: ClassVar[type]
    stylesheet: ClassVar[str] = ""  # a static path: faction colours and pieces
    board_template: ClassVar[str] = "hexboard/board.html"
    hand_viewbox: ClassVar[str] = "-48 -44 96 88"
    # Prompts per picked field ("hex": "Choose a hex."); `prompt` reads them.
    step_prompts: ClassVar[Mapping[str, Any]] = {}
    # League formats this system offers (games.league lists every system's).
    league_presets: ClassVar[tuple[LeaguePreset, ...]] = ()
    # Every event kind the engine emits that this site tells as a sentence (a test plays
    # random games and fails on any kind missing here or told without a sentence in French and
    # in English: tests/ux/test_ux_story.py).
    event_kinds: ClassVar[frozenset[str]] = frozenset()

    # --- the board ---------------------------------------------------------------------------
    def grid(self, view: Mapping[str, Any]) -> tuple[str, SafeString]:
        """(viewBox, cells markup) of the still layer under this view (it depends on the
        config's board only: cache it per board); see hexboard.grid."""
        raise NotImplementedError

    def pieces(self, view: Mapping[str, Any], marks: Mapping[str, str]) -> Sequence[SafeString]:
        """What stands on the board in this view; `marks` adds a class by "q,r"."""
        return ()

    def preview(self, view: Mapping[str, Any], seat: int, choice: Choice) -> Preview:
        return Preview()

    def pick_forms(
        self, view: Mapping[str, Any], seat: int, legal: Sequence[dict[str, Any]]
    ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """(pick form, move) for each legal move offered on the board or as a button. The form
        holds the fields clicks build (PickSpec.order names them; by default the move itself);
        Confirm and the buttons post the move. A system whose moves name things the board
        cannot click (a figure by its name, a path) gives clickable fields instead (a figure's
        hex); a move it offers in a panel of its own is left out."""
        return [(m, m) for m in legal]

    def pick_forms_given(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[dict[str, Any]],
        selection: Mapping[str, Any],
    ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """`pick_forms` knowing what was picked so far (the parsed query; it may be stale or
        forged: `picks.choose` checks it against these forms). A system whose forms would
        multiply past counting (Infinity: a CrazyKoala's hex for each hex its carrier may
        deploy on) adds only those the selection leads to. Default: `pick_forms`."""
        return self.pick_forms(view, seat, legal)

    def confirm_label(self, view: Mapping[str, Any], choice: Choice) -> str:
        """The Confirm button's text for the move being built."""
        return gettext("Confirm")

    def confirm_picks(self, view: Mapping[str, Any], choice: Choice) -> dict[str, Any] | None:
        """What Confirm picks instead of posting `choice.move`, when the step's default answer
        is not the end of the move (Infinity: a koala left where it stands, and a fireteam's
        other climbers asked next); None (the default): Confirm posts the move."""
        return None

    def target_label(self, view: Mapping[str, Any], field_name: str, value: Any) -> str:
        return gettext("Hex %(at)s") % {"at": f"({value[0]}, {value[1]})"}

    # --- the seat's side ---------------------------------------------------------------------
    def seats(self, view: Mapping[str, Any], seat: int | None) -> Sequence[SeatStatus]:
        return ()

    def hand(
        self,
        view: Mapping[str, Any],
        seat: int,
        choice: Choice,
        buttons: Mapping[int, Sequence[Button]],
        href: Any,
    ) -> Sequence[HandItem]:
        """The seat's hand; `buttons[i]` are the plain moves of hand item i, `href(i)` picks it."""
        return ()

    def decision(self, view: Mapping[str, Any], seat: int | None) -> tuple[str, bool] | None:
        """A pending decision: (the sentence, whether `seat` makes it), or None."""
        return None

    def decision_named(
        self, view: Mapping[str, Any], seat: int | None, names: Sequence[str]
    ) -> tuple[str, bool] | None:
        """`decision` knowing the players' names (`names[i]`: seat i's), what the hand shows:
        a site whose view names seats by army alone says whom the table waits for by it."""
        return self.decision(view, seat)

    def prompt(self, choice: Choice, legal: Sequence[Mapping[str, Any]]) -> str:
        """What to do next, in one line: the picked field's prompt while a move is being built,
        else what the legal moves allow (systems say it in their own words)."""
        if choice.step is not None:
            text = self.step_prompts.get(choice.step)
            return str(text) if text else gettext("Choose a highlighted hex.")
        if choice.move is not None:
            return gettext("Check the move, then confirm.")
        return (
            gettext("Your turn: choose a highlighted hex or one of the buttons.") if legal else ""
        )

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
        """The seat's one line of what to do next, in every state: the one path every page
        asks (turn_context's "prompt"; tests/ux/test_ux_prompts.py holds every system to a
        line whenever a seat must act). The default is `prompt`; a site whose instruction needs
        the view or its own panel's picks overrides this."""
        return self.prompt(choice, legal)

    def cycle_labels(self, field_name: str) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
        """(text, accessible name, test id) of the two buttons cycling a field (back, forward)."""
        return (
            ("‹", gettext("Previous choice"), "cycle-prev"),
            ("›", gettext("Next choice"), "cycle-next"),
        )

    def move_label(self, move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        return " ".join(f"{k}={v}" for k, v in move.items())

    def move_testid(self, move: Mapping[str, Any]) -> str:
        base = _kebab(str(move.get("type", "move")))
        hand = self.picks.from_hand
        return f"{base}-{move[hand]}" if hand and hand in move else base

    def links(
        self, view: Mapping[str, Any], seat: int | None, urls: Mapping[str, str]
    ) -> Sequence[Link]:
        return ()

    def recent(self, view: Mapping[str, Any], names: Sequence[str]) -> Sequence[str]:
        """A few sentences of what just happened, for the seat's panel (names: the players)."""
        return ()

    # --- words -------------------------------------------------------------------------------
    def describe_event(self, event: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        details = ", ".join(f"{k}: {v}" for k, v in sorted(event.items()) if k != "kind")
        return gettext("%(kind)s (%(details)s)") % {
            "kind": event.get("kind", "?"),
            "details": details,
        }

    def narrator(self, start: Mapping[str, Any] | None) -> Any:
        """What tells this system's events in order (hexboard.story.Narrator): override to
        follow the board and name units and players instead of hexes."""
        from games.hexboard.story import Narrator

        return Narrator(self, start)

    def summarize(self, events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
        """One line for a record of many events (a battle, an activation: "Battle: your HQ
        20 → 16, 3 units destroyed"), its sentences folded away under it. The default says
        how many things happened after the first; "" shows every sentence."""
        told = [e for e in events if e.get("kind")]
        if len(told) <= 4:
            return ""
        from games.hexboard.story import plain

        first = plain(self.describe_event(told[0], names))
        more = len(told) - 1
        return ngettext(
            "%(first)s And %(n)d more event.", "%(first)s And %(n)d more events.", more
        ) % {"first": first, "n": more}

    def seat_label(self, *, view: Mapping[str, Any], seat: int) -> str:
        return ""

    # Where a seat's army or faction is in the match's options: `config[side_option][seat]`, an
    # id, or an army list (an object) naming it in its `side_field`. The one reading of a seat's
    # army: `side_key` reads it (the lobby; at a match's end `settled_side`, stored on the seat
    # for a player's results and the community's army statistics). "": the options fix none.
    side_option: ClassVar[str] = ""
    side_field: ClassVar[str] = ""
    # The state's entry keeping the options as the setup completed them (Neuroshima: "config",
    # with the armies drawn for the seats the options left "random"), read from a finished
    # match's snapshot once the game is over and the armies known to all. "": none.
    side_settled_in_state: ClassVar[str] = ""
    # What the options say of a seat whose army is left to chance: no army yet.
    SIDE_UNDECIDED: ClassVar[str] = "random"

    def side_key(self, config: Mapping[str, Any], seat: int) -> str:
        """The id of the army `config` gives `seat` ("moloch"), "" when it gives none or leaves
        it to chance."""
        if not self.side_option:
            return ""
        try:
            value = config[self.side_option][seat]
        except (KeyError, IndexError, TypeError):
            return ""
        if isinstance(value, Mapping):
            value = value.get(self.side_field) if self.side_field else None
        if not isinstance(value, str) or value == self.SIDE_UNDECIDED:
            return ""
        return value

    def seat_left(
        self, config: Mapping[str, Any], seat: int, before: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The match's options once the player of `seat` leaves the table before the start,
        `before` being the options as they were just before they took it: the seat's part of
        `before` back (the army list they brought gives way to what the lobby offered), every
        other seat's part as `config` has it now. The default: a system whose players choose
        nothing on taking a seat keeps `config` as it is."""
        return dict(config)

    def settled_options(self, config: Mapping[str, Any], snapshot: Any) -> Mapping[str, Any]:
        """The options a finished match was played with: its snapshot's settled options where
        the system keeps them (armies drawn at random named), else its config."""
        if self.side_settled_in_state and isinstance(snapshot, Mapping):
            settled = snapshot.get(self.side_settled_in_state)
            if isinstance(settled, Mapping):
                return settled
        return config

    def settled_side(self, config: Mapping[str, Any], snapshot: Any, seat: int) -> str:
        """The id of the army `seat` led in a finished match (armies drawn at random named),
        "" when the options fix none: what the match's end stores on the seat (`Seat.side`)."""
        return self.side_key(self.settled_options(config, snapshot), seat)

    def side_label(self, key: str) -> str:
        """An army's id in words, in the reader's language ("Moloch", "Avant-poste")."""
        return key

    def side_name(self, config: Mapping[str, Any], seat: int) -> str:
        """The army or faction the seat leads as the match's options fix it ("Moloch"): what a
        player's results are counted by on their profile. Read from the options alone (no
        state is decoded for a list of finished matches). "": the options fix none (chosen
        during the game, left to chance, or a game without armies)."""
        key = self.side_key(config, seat)
        return self.side_label(key) if key else ""

    def outcome_reason(self, reason: str) -> str:
        """Why the game ended, in one sentence, from the engine's `Outcome.reason` ("Every HQ
        but one is destroyed."). The platform words resignations, time and agreed draws
        itself; "" for a reason the site does not explain."""
        return ""

    def refusal_value(self, view: Mapping[str, Any], kind: str, value: Any) -> str:
        """A value an engine's refusal names (`games.engine.protocol.IllegalMove.values`), in
        the words of this site for the reader: `kind` is the value's name in the template
        ("hex", "tile"...), `view` the refusing seat's own. By default a hex is named as the
        board names it as a target (`target_label`), anything else (a number) as it is."""
        if kind == "hex" and isinstance(value, (list, tuple)) and len(value) == 2:
            return self.target_label(view, "hex", value)
        return str(value)

    def options_summary(self, config: Mapping[str, Any]) -> Sequence[str]:
        """A match's options in a few of a player's words, one short phrase each, as its options
        form words them (its labels: `games.hexboard.forms.option_label` and its neighbours), for
        a player deciding whether to join: the lobby's line, the waiting match's page, a
        challenge and an invitation show them. Only what the options form shows its creator
        (never a seed or a secret choice a config may hold); the armies are said apart, by
        `side_name`. (): nothing to say."""
        return ()

    def scenario_label(self, key: str) -> str:
        """One of the system's scenarios (protocol `scenarios`) for people."""
        return key

    # --- history -------------------------------------------------------------------------------
    def steps_words(self, number: int) -> tuple[str, str]:
        """The step viewer's heading for sequence `number` and the name of its pager, in the
        game's own words (a battle, an activation, an order)."""
        return gettext("Sequence %(number)s") % {"number": number}, gettext("Sequences")

    # A step viewer that narrates its events sets it: its events then hold, before a move the
    # deadline played, the platform's {"kind": PLAYED_BY_DEADLINE, "seat": s}, to be told in
    # the platform's words (`games.hexboard.story.played_by_deadline`), as the log tells it.
    steps_tell_defaults = False

    def steps(
        self, start: Mapping[str, Any], events: Sequence[Mapping[str, Any]], names: Sequence[str]
    ) -> Sequence[Sequence[Step]]:
        """Sequences worth stepping through (battles, activations), each a list of steps, from
        the start view and the events a reader may see. None: no step viewer."""
        return ()

    def sprite_document(self) -> bytes | None:
        return None

    # --- learning the game ---------------------------------------------------------------------
    def coach(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Mapping[str, Any]] | None = None,
    ) -> Sequence[Tip]:
        """Tips for a new player about what is in front of them now, from `view`, the seat's
        own view (never anything else: the box is drawn in that seat's hand). The platform asks
        only for a seated player who wants tips (their setting, their first matches of the
        system); never for a spectator. `legal`: the seat's legal moves as the platform read
        them for this page (None: a site that needs them works them out from the view).
        (): no coach."""
        return ()

    def rules_url(self) -> str:
        """The system's rules page, in our own words and in the reader's language. By
        convention a site package names it "<key>_site:rules" (its urls.py, mounted at
        /<key>/rules/); the platform links it from the lobby, the rules index and every match
        page. "" when the system has none yet."""
        try:
            return reverse(f"{self.key}_site:rules")
        except NoReverseMatch:
            return ""

    def analysis_url(self, match_id: int) -> str:
        """Where a finished match of this system opens on the system's analysis board, already
        loaded with its record; the platform links it from the finished match's page and its
        replay, only for a finished match the reader may see (the record's rule). "": the
        system has no analysis board (no link)."""
        return ""

    def reference_url(self, view: Mapping[str, Any]) -> str:
        """Where the match page's reference panel comes from: a page fragment of the pieces in
        this match and what they do, fetched when the player opens the panel (so the match
        page itself names no piece a hand might hold). Only what every seat may see. "": the
        platform's panel (`reference`), else the rules link alone."""
        return ""

    def reference(self, view: Mapping[str, Any]) -> Sequence[ReferenceSection]:
        """The pieces of this match and what they do, for the platform's reference panel
        (/m/<id>/reference/, fetched when opened). `view` is the spectator's: a reference
        shows only what every seat may see. () with `reference_url` "": no panel."""
        return ()


def seat_entry_restored(
    config: Mapping[str, Any], before: Mapping[str, Any], option: str, seat: int
) -> dict[str, Any]:
    """`config` with `config[option][seat]` as `before` had it (`BaseSite.seat_left` of a
    system that keeps each seat's choice in one list of its options)."""
    entries = list(config.get(option) or [])
    previous = before.get(option)
    if not isinstance(previous, Sequence) or isinstance(previous, str) or seat >= len(previous):
        return dict(config)
    entries += [None] * (seat + 1 - len(entries))
    entries[seat] = previous[seat]
    return {**config, option: entries}
