"""A move the deadline played opens its chapter with the platform's sentence (the `extra`
entry PLAYED_BY_DEADLINE): first of its sentences, and at the head of its summary when it has
one, which its details then do not repeat."""

from __future__ import annotations

from games.hexboard.story import PLAYED_BY_DEADLINE, Narrator, Record, tell


class Site:
    def narrator(self, start):
        return Tale(self, start)


class Tale(Narrator):
    def tell(self, event, names) -> str:
        return f"{names[event['seat']]} {event['kind']}."

    def summarize(self, events, names) -> str:
        return f"{len(events)} things."


EXTRA = {PLAYED_BY_DEADLINE: lambda event, names: f"Deadline for {names[event['seat']]}."}
NAMES = ("anna", "bruno")


def _chapter(*kinds: str, by_deadline: bool = True):
    events = tuple({"kind": kind, "seat": 1} for kind in kinds)
    record = Record(1, "move", events, seat=1, by_deadline=by_deadline)
    return tell(Site(), None, [record], NAMES, extra=EXTRA)[1]


def test_a_move_of_one_event_played_by_the_deadline_says_so_first():
    chapter = _chapter("Passed")
    assert chapter.lines == ("Deadline for bruno.", "bruno Passed.")
    assert chapter.summary == "" and chapter.details == chapter.lines


def test_a_summarized_move_played_by_the_deadline_says_so_in_its_summary_once():
    chapter = _chapter("Passed", "Drew")
    assert chapter.summary == "Deadline for bruno. 2 things."
    assert chapter.lines[0] == "Deadline for bruno."  # since my last turn lists the lines
    assert chapter.details == ("bruno Passed.", "bruno Drew.")


def test_a_move_the_player_chose_has_no_preface():
    chapter = _chapter("Passed", by_deadline=False)
    assert chapter.lines == ("bruno Passed.",) and chapter.preface == ""
