"""The story of a match, for every system: each accepted record (a move, a battle, an
activation) told as one chapter, a summary line and its sentences, with the same names in every
list that shows it (the match log, the recent list, since my last turn, the replay).

A site tells events through a `Narrator`, which reads the events in order and may remember what
they did (which unit stands where), so a sentence can name "the Sniper of Posterunek" instead of
a hex. The default narrator is stateless: each event's `describe_event`, remembered by
hexboard.describe.

Hexes a sentence still needs are written as markers, `⟦q,r⟧`: pages show them only while the
board shows its coordinates (`story_html`), and plain text drops them (`plain`).
"""

from __future__ import annotations

import copy
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.hexboard.describe import sentence

_MARK = re.compile(r"\s?⟦(-?\d+),(-?\d+)⟧")


def at(h: Any) -> str:
    """A hex in a sentence, shown only with the board's coordinates (see the module doc)."""
    if isinstance(h, (list, tuple)) and len(h) == 2:
        return f" ⟦{int(h[0])},{int(h[1])}⟧"
    return ""


def plain(text: str) -> str:
    """The sentence without its hex markers (emails, titles, tests)."""
    return _MARK.sub("", text)


def story_html(text: str) -> SafeString:
    """The sentence escaped, each hex marker as a coordinate the page hides unless the player
    turned coordinates on."""
    parts, last = [], 0
    for match in _MARK.finditer(text):
        parts.append(conditional_escape(text[last : match.start()]))
        q, r = match.group(1), match.group(2)
        parts.append(format_html(' <span class="hb-coord">({}, {})</span>', q, r))
        last = match.end()
    parts.append(conditional_escape(text[last:]))
    return mark_safe("".join(parts))


@dataclass(frozen=True)
class Chapter:
    """One record told: `summary` is one line ("" when the sentences are few enough to show
    them all), `lines` every sentence."""

    seq: int
    summary: str
    lines: tuple[str, ...]
    # What the platform says before the events (a move the deadline played: never told as the
    # player's choice), first of `lines` and of `summary` when there is one.
    preface: str = ""

    @property
    def headline(self) -> str:
        """What a list shows first: the summary, else the sentences joined."""
        return self.summary or " ".join(self.lines)

    @property
    def details(self) -> tuple[str, ...]:
        """The sentences shown under the summary: without the preface it already says."""
        if self.summary and self.preface and self.lines[:1] == (self.preface,):
            return self.lines[1:]
        return self.lines


class Narrator:
    """Tells events one by one; the default remembers nothing (see the module docstring)."""

    def __init__(self, site: Any, start: Mapping[str, Any] | None) -> None:
        self.site = site

    def tell(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return sentence(self.site, event, names)

    def summarize(self, events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
        """One line for a record of many events (a battle, an activation), read before they
        are told; "" to show the sentences themselves."""
        return str(self.site.summarize(events, names) or "")

    def copy(self) -> Narrator:
        """The narrator as it stands (a takeback goes back to an earlier one)."""
        return copy.copy(self)


@dataclass(frozen=True)
class Record:
    """What the story reads of a match record: its events as the reader may see them."""

    seq: int
    kind: str
    events: tuple[Mapping[str, Any], ...]
    to_seq: int = 0  # a takeback's target
    seat: int | None = None
    by_deadline: bool = False  # a move the deadline played for `seat` (the rules' default)


# The platform's sentence for a move the deadline played, looked up in `extra` as an event kind
# (called with {"kind": PLAYED_BY_DEADLINE, "seat": seat}): the site's own words never know.
PLAYED_BY_DEADLINE = "PlayedByDeadline"


def seat_player(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """The event's seat as the log names it: its player, else "Seat 2"."""
    seat = event.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Seat %(seat)d") % {"seat": int(seat or 0) + 1}


def played_by_deadline(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """Said before the events of a move the clock played when the seat's deadline passed (the
    site's rule: never a silent default), wherever events are told: the log, the battle
    report's summary, a step viewer that narrates (`BaseSite.steps_tell_defaults`). Only who
    and that it was the default: the move's own events, told after it, show each reader what
    they may see of it."""
    return _("Deadline passed for %(name)s: the rules' default is played for them.") % {
        "name": seat_player(event, names)
    }


@dataclass
class _Told:
    """How far a story has been told: the narrator after the last record, the narrators saved
    after recent records (a takeback returns to one), every chapter so far."""

    version: int
    narrator: Narrator
    saved: dict[int, Narrator]
    chapters: dict[int, Chapter]


_KEEP_SAVED = 60  # a takeback reaches back only within one turn


def _continue(told: _Told, records: Sequence[Record], names, extra) -> _Told:
    narrator = told.narrator.copy()
    saved = dict(told.saved)
    chapters = dict(told.chapters)
    version = told.version
    for record in records:
        if record.kind == "takeback" and record.to_seq in saved:
            narrator = saved[record.to_seq].copy()
        summary = narrator.summarize(record.events, names) if len(record.events) > 1 else ""
        lines = []
        for event in record.events:
            platform = (extra or {}).get(str(event.get("kind")))
            lines.append(platform(event, names) if platform else narrator.tell(event, names))
        preface = _preface(record, names, extra)
        if preface:
            lines.insert(0, preface)
            summary = f"{preface} {summary}" if summary else ""
        chapters[record.seq] = Chapter(record.seq, summary, tuple(t for t in lines if t), preface)
        saved[record.seq] = narrator.copy()
        version = max(version, record.seq)
    for seq in sorted(saved)[:-_KEEP_SAVED]:
        del saved[seq]
    return _Told(version, narrator, saved, chapters)


def _preface(record: Record, names: Sequence[str], extra: Mapping[str, Any] | None) -> str:
    platform = (extra or {}).get(PLAYED_BY_DEADLINE) if record.by_deadline else None
    return (
        str(platform({"kind": PLAYED_BY_DEADLINE, "seat": record.seat}, names)) if platform else ""
    )


def tell(
    site: Any,
    start: Mapping[str, Any] | None,
    records: Sequence[Record],
    names: Sequence[str],
    *,
    extra: Mapping[str, Any] | None = None,
) -> dict[int, Chapter]:
    """Every record's chapter, by seq. A takeback returns the narrator to where it stood after
    the record it goes back to, so later sentences name what is really on the board; the
    cancelled records keep the chapter they had. `extra` maps an event kind the platform adds
    (a takeback) to its own sentence function."""
    empty = _Told(0, site.narrator(start), {}, {})
    return _continue(empty, records, names, extra).chapters


_CACHE: OrderedDict[tuple, _Told] = OrderedDict()
_CACHE_SIZE = 256
_lock = threading.Lock()


def _after(records: Sequence[Record], version: int) -> Sequence[Record]:
    """The records after `version` (`records` oldest first), found from the end: a story
    carried on from one version to the next reads one or two records of a window of dozens,
    and leaves the rest unread (issue 14: a caller may make each record when it is read)."""
    start = len(records)
    while start > 0 and records[start - 1].seq > version:
        start -= 1
    return records[start:]


def match_story(
    site: Any,
    *,
    key: tuple,
    version: int,
    start: Callable[[], Mapping[str, Any] | None],
    recent: Sequence[Record],
    load_all: Callable[[], Sequence[Record]],
    names: Sequence[str],
    extra: Mapping[str, Any] | None = None,
) -> dict[int, Chapter]:
    """The chapters of a match told for one reader (`key`: the match and the reader's seat),
    remembered with the names and the language. A page shows only recent records, but naming
    a unit needs the whole story: it is told once from every record (`load_all`, one query),
    then carried on from the `recent` records each time the match changes (oldest first; only
    the first and those after the story's last version are read)."""
    full = (*key, tuple(names), get_language())
    with _lock:
        told = _CACHE.get(full)
        if told is not None:
            _CACHE.move_to_end(full)
    if told is not None and told.version == version:
        return told.chapters
    if told is not None and told.version < version and recent and recent[0].seq <= told.version:
        told = _continue(told, _after(recent, told.version), names, extra)
    else:
        # The recent records are the whole story while the match is young (its first record
        # is among them): no need to read the rest.
        everything = recent if recent and recent[0].seq <= 1 else load_all()
        told = _continue(_Told(0, site.narrator(start()), {}, {}), everything, names, extra)
    with _lock:
        _CACHE[full] = told
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return told.chapters
