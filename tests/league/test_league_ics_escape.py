"""The iCalendar feed escapes every control character (RFC 5545 3.3.11): a league name cannot
end a line, so it cannot add properties or events to the organiser's subscribers' calendars."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.league.ics import _escape
from tests.league.conftest import start_season

CONTROLS = [chr(c) for c in [*range(0x00, 0x09), *range(0x0A, 0x20), 0x7F, 0x85, 0x2028]]


@pytest.mark.parametrize("control", CONTROLS, ids=[f"U+{ord(c):04X}" for c in CONTROLS])
def test_no_control_character_survives_in_a_text_value(control):
    escaped = _escape(f"a{control}b")
    assert not any(ch in escaped for ch in CONTROLS)
    assert escaped in ("ab", "a\\nb")


def test_every_spelling_of_a_line_break_becomes_one_escaped_newline():
    assert _escape("a\r\nb\rc\nd") == "a\\nb\\nc\\nd"
    assert _escape("tab\tkept; a, b\\c") == "tab\tkept\\; a\\, b\\\\c"


def test_a_league_name_with_bare_carriage_returns_adds_no_event(
    client, neuroduel, organiser, make_user
):
    neuroduel.name = "Evil\rBEGIN:VEVENT\rSUMMARY:injected\rEND:VEVENT"
    neuroduel.save()
    season = start_season(neuroduel, organiser, [make_user(f"joueur{i}") for i in range(4)])
    body = client.get(reverse("league:season_ics", args=[season.pk])).content.decode()
    lines = body.split("\r\n")
    assert "\r" not in "".join(lines) and "\n" not in "".join(lines)
    assert lines.count("BEGIN:VEVENT") == 3  # 4 players: 3 rounds, nothing injected
    assert not any(line.startswith("SUMMARY:injected") for line in lines)
