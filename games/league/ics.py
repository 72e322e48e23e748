"""Round deadlines as an iCalendar feed, written by hand per RFC 5545 (CRLF lines, folded at 75
octets, escaped text, UTC times)."""

from __future__ import annotations

from datetime import UTC, datetime

from django.utils.translation import gettext as _


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


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


def deadlines_calendar(*, season, rounds, base_url: str, now: datetime) -> str:
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//hexsite//league//FR",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{_escape(f'{season.league.name} – {season.number}')}",
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
