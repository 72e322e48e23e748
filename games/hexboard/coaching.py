"""What the systems' coaches share (`BaseSite.coach`): a tip as a coach writes it, from the
seat's own view, and the protocol's `Tip` it becomes on the page, a link to its section of the
system's rules page that says where it leads ("Rules: A turn": a screen reader lists links by
their words)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext

from games.hexboard.protocol import Tip


@dataclass(frozen=True)
class CoachTip:
    key: str  # stable within the system: "hq", "turn"... (tests, data-testid "tip-<key>")
    text: str
    section: str  # the id of a section of the system's rules page


def linked_tips(tips: Iterable[CoachTip], rules_url: str, headings: Mapping[str, str]) -> list[Tip]:
    """`tips` as the page draws them; `headings`: each section id's heading, translated."""
    return [
        Tip(
            t.key,
            t.text,
            f"{rules_url}#{t.section}",
            gettext("Rules: %(section)s") % {"section": headings[t.section]},
        )
        for t in tips
    ]
