"""Round deadlines as an iCalendar feed, written by hand per RFC 5545 (CRLF lines, folded at 75
octets, escaped text, UTC times)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from django.utils.translation import gettext as _

# A line break in any spelling (CRLF, CR, LF, and the Unicode ones some clients honour).
_LINE_BREAK = re.compile("\r\n|[\r\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
# RFC 5545 3.3.11: TEXT holds no control character but HTAB (C1 controls dropped as well).
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def _escape(text: str) -> str:
    """TEXT per RFC 5545: backslash, semicolon and comma escaped, every line break written
    as the two characters \\n, every other control character dropped. A bare CR left in a
    name would end the line for some clients and let the name add properties or events."""
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return _CONTROL.sub("", _LINE_BREAK.sub(r"\\n", text))


def _fold(line: str) -> str:
    out, current = [], b""
    for ch in line:
        enc = ch.encode()
        if len(current) + len(enc) > (75 if not out else 74):
            out.append(current.decode())
            current = b""
        current += enc
    out.append(current.decode())
    return "\r\n ".join(out)


def _utc(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _calendar_name(season) -> str:
    """The calendar as a player's app lists it: "Ligue du jeudi – Saison 1" (a bare "– 1" was
    the season's number alone)."""
    return _("%(league)s – Season %(n)s") % {"league": season.league.name, "n": season.number}


def deadlines_calendar(*, season, rounds, base_url: str, now: datetime) -> str:
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//hexsite//league//FR",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{_escape(_calendar_name(season))}",
    ]
    for rnd in rounds:
        summary = _("%(league)s: round %(round)s deadline (division %(tier)s)") % {
            "league": season.league.name,
            "round": rnd.number,
            "tier": rnd.division.tier,
        }
        lines += [
            "BEGIN:VEVENT",
            f"UID:league-round-{rnd.pk}@hexsite",
            f"DTSTAMP:{_utc(now)}",
            f"DTSTART:{_utc(rnd.deadline)}",
            f"DTEND:{_utc(rnd.deadline)}",
            f"SUMMARY:{_escape(summary)}",
            f"URL:{base_url}/leagues/rounds/{rnd.pk}/",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "".join(_fold(line) + "\r\n" for line in lines)
