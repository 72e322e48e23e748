"""What the systems' coaches share (`BaseSite.coach`): a tip as a coach writes it, from the
seat's own view, and the protocol's `Tip` it becomes on the page, a link to its section of the
system's rules page that says where it leads ("Rules: A turn": a screen reader lists links by
their words)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from games.hexboard.protocol import Tip


@dataclass(frozen=True)
class CoachTip:
    key: str  # stable within the system: "hq", "turn"... (tests, data-testid "tip-<key>")
    text: str
    section: str  # the id of a section of the system's rules page


def linked_tips(tips: Iterable[CoachTip], rules_url: str, headings: Mapping[str, str]) -> list[Tip]:
    """`tips` as the page draws them; `headings`: each section id's heading, translated. A
    section is linked from its first tip only: two « Règles : Un tour » links in one box read
    as two places to go, and a screen reader lists them twice."""
    out: list[Tip] = []
    linked: set[str] = set()
    for t in tips:
        if t.section in linked:
            out.append(Tip(t.key, t.text))
            continue
        linked.add(t.section)
        label = gettext("Rules: %(section)s") % {"section": headings[t.section]}
        out.append(Tip(t.key, t.text, f"{rules_url}#{t.section}", label))
    return out


NAMES_SHOWN = 3  # a tip naming pieces names this many, then "and n more" (a phone's box)


def names_in_words(names: Sequence[str]) -> str:
    """« Alguacil (HMG), Fusilier, Zhanshi and 2 more »: pieces a tip names, the list kept short."""
    shown = ", ".join(names[:NAMES_SHOWN])
    more = len(names) - NAMES_SHOWN
    if more <= 0:
        return shown
    return ngettext("%(names)s and %(n)d more", "%(names)s and %(n)d more", more) % {
        "names": shown,
        "n": more,
    }
