"""A match's story is told once and carried on from one version to the next
(hexboard.story.match_story): carrying it on reads only the records it has not told, the
newest of the page's window, not the whole window each time (issue 14: every answer and push
made a record of each of the window's entries)."""

from __future__ import annotations

from collections.abc import Sequence

from games.hexboard.story import Narrator, Record, match_story


class Site:
    def narrator(self, start):
        return Tale(self, start)


class Tale(Narrator):
    def tell(self, event, names) -> str:
        return f"{event['kind']} {event['n']}"

    def summarize(self, events, names) -> str:
        return ""


class Window(Sequence[Record]):
    """Records of seqs 1..`last`, oldest first, noting which the story reads."""

    def __init__(self, last: int):
        self.records = [Record(n, "move", ({"kind": "Moved", "n": n},)) for n in range(1, last + 1)]
        self.read: set[int] = set()

    def __len__(self) -> int:
        return len(self.records)

    def __getitem__(self, index):
        found = self.records[index]
        for record in found if isinstance(found, list) else [found]:
            self.read.add(record.seq)
        return found


def _told(window: Window, key: tuple) -> dict:
    return match_story(
        Site(),
        key=key,
        version=len(window),
        start=lambda: None,
        recent=window,
        load_all=lambda: window.records,
        names=("anna", "bruno"),
    )


def test_a_story_carried_on_reads_only_the_records_it_has_not_told():
    key = ("carried on", 1)
    first = _told(Window(30), key)
    assert [c.lines for c in first.values()][-1] == ("Moved 30",)
    window = Window(32)
    chapters = _told(window, key)
    # the first (where the window starts), the last told (where the reading stops), the new ones
    assert window.read == {1, 30, 31, 32}
    assert chapters[32].lines == ("Moved 32",) and chapters[5].lines == ("Moved 5",)
    assert len(chapters) == 32
