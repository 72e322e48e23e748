"""A reaction window's close says what the site can know from the window's events
(`WindowClosed` names the seat alone): « ne réagit pas » when the seat reacted with nobody
since the declaration opened it, « ne réagit avec aucune autre troupe » after a reaction."""

from __future__ import annotations

from django.utils import translation

from games.hexboard.story import Record, tell
from games.matches.systems import get_site

NAMES = ("inf_anna", "inf_bruno")
DECLARED = {"kind": "SkillDeclared", "seat": 0, "trooper": "a1", "skill": "move"}
CLOSED = {"kind": "WindowClosed", "seat": 1, "window": 1}
REACTED = {"kind": "AroDeclared", "trooper": "k1", "skill": "dodge", "window": 1}


def _last_line(*events) -> str:
    records = [Record(i + 1, "move", (e,)) for i, e in enumerate(events)]
    with translation.override("fr"):
        chapters = tell(get_site("infinity"), None, records, NAMES)
    return chapters[len(events)].lines[-1]


def test_a_window_closed_with_no_reaction_says_the_player_does_not_react():
    assert _last_line(DECLARED, CLOSED) == "inf_bruno ne réagit pas."


def test_a_window_closed_after_a_reaction_says_no_other_trooper_reacts():
    assert _last_line(DECLARED, REACTED, CLOSED) == (
        "inf_bruno ne réagit avec aucune autre troupe."
    )


def test_the_next_declaration_opens_a_window_nobody_has_reacted_in():
    assert _last_line(DECLARED, REACTED, CLOSED, DECLARED, CLOSED) == "inf_bruno ne réagit pas."
