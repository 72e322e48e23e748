"""The automatic summary beside a battle report, from the match's own record: how long it
lasted, who won and how, the scores, and the last public events in the log's words (the
system's, and the platform's for what it adds: a default the deadline played). Only what a
spectator may see (events visible to every seat), so a summary never leaks."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.hexboard.story import played_by_deadline
from games.matches.history import match_events_for_seat
from games.matches.models import Match
from games.matches.presenters import event_sentence
from games.matches.replaying import effective_records
from games.matches.systems import get_site

LAST_EVENTS = 3
REASONS = {
    "resign": lambda: _("by resignation"),
    "forfeit": lambda: _("by forfeit"),
    "timeout": lambda: _("on time"),
    "draw": lambda: _("by agreement"),
}


@dataclass(frozen=True)
class Summary:
    moves: int
    result: str
    scores: str = ""
    last_events: list[str] = field(default_factory=list)


def match_summary(*, match: Match) -> Summary:
    records = effective_records(list(match.records.order_by("seq")))
    moves = sum(1 for r in records if r.kind == "move")
    seats = sorted(match.seats.select_related("user"), key=lambda s: s.index)
    names = [s.user.get_username() if s.user else _("the computer") for s in seats]
    outcome = match.outcome or {}
    ranks = list(outcome.get("ranks") or [])
    site = get_site(match.system)
    events = match_events_for_seat(match=match, seat=None, records=records)
    why = outcome.get("reason") or ""
    if why == "forfeit":  # the engines say which forfeit in their event (resign, timeout)
        forfeits = [e for e in events if "Forfeit" in str(e.get("kind", ""))]
        why = str(forfeits[-1].get("reason") or why) if forfeits else why
    reason = REASONS.get(why, lambda: "")()
    if ranks and len(set(ranks)) > 1:
        best = min(ranks)
        winners = ", ".join(n for n, r in zip(names, ranks, strict=False) if r == best)
        result = _("%(winners)s won %(how)s") % {"winners": winners, "how": reason}
    elif ranks:
        result = _("A draw %(how)s") % {"how": reason}
    else:
        result = _("Not finished")
    scores = outcome.get("scores") or []
    if not any(scores):
        scores = []  # a game abandoned before anything scored
    last = _last_events(match, records, site, names)
    return Summary(
        moves=moves,
        result=result.strip(),
        scores=" – ".join(str(s) for s in scores) if scores else "",
        last_events=[s for s in last if s],
    )


def _last_events(match: Match, records: list, site, names: list[str]) -> list[str]:
    """The last LAST_EVENTS events a spectator may see, told as the log tells them: a move the
    deadline played opens with the platform's sentence when any of its events is among them."""
    lines: list[str] = []
    left = LAST_EVENTS
    for record in reversed(records):
        if left <= 0:
            break
        events = match_events_for_seat(match=match, seat=None, records=[record])[-left:]
        left -= len(events)
        told = [event_sentence(site, e, names) for e in events]
        if events and record.kind == "move" and record.data.get("by_deadline"):
            told.insert(0, played_by_deadline({"seat": record.seat}, names))
        lines = told + lines
    return lines


def moves_line(summary: Summary) -> str:
    return ngettext("%(n)d move", "%(n)d moves", summary.moves) % {"n": summary.moves}
