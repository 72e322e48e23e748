"""Holoprojector L1 in the reader's language (engine disguise.py): the disguise a player picks
at deployment, the reactivation, and the log's sentences. What the other side reads names the
trooper as its disguise until it is shown: `DisguiseNoted` is its owner's alone, and the other
side's board and log read the disguise from its view and the public events (cast.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from games.infinity_site.holo_words import HOW
from games.infinity_site.names import profile_label, seat_label, trooper_label
from games.infinity_site.skill_words import Event, trooper_in


def disguise_choice(move: Mapping[str, Any]) -> str:
    """A deployment in disguise (`deploy` {disguise}), as its player picks it."""
    return gettext("Deploy %(who)s here disguised as %(profile)s (Holoprojector L1).") % {
        "who": trooper_label(move.get("trooper")),
        "profile": profile_label(str(move.get("disguise"))),
    }


def reactivation(who: str, e: Mapping[str, Any]) -> str:
    """The declaration (`holo_reactivate` {disguise}), out of every enemy's sight."""
    return gettext("%(who)s puts its disguise back on, as %(profile)s") % {
        "who": who,
        "profile": profile_label(str(e.get("disguise"))),
    }


def _how(e: Event) -> str:
    make = HOW.get(str(e.get("how")))
    return make() if make else str(e.get("how"))


SENTENCES: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "DisguiseNoted": lambda e, n: (
        gettext("Noted secretly: %(who)s is disguised as %(profile)s.")
        % {"who": trooper_in(e), "profile": profile_label(str(e.get("disguise")))}
    ),
    "DisguiseRevealed": lambda e, n: (
        gettext("%(id)s was no %(disguise)s but %(profile)s (%(how)s): its disguise falls.")
        % {
            "id": e.get("trooper"),
            "disguise": profile_label(str(e.get("disguise"))),
            "profile": profile_label(str(e.get("profile"))),
            "how": _how(e),
        }
    ),
    "HoloReactivated": lambda e, n: (
        gettext("%(player)s disguises %(who)s again, out of sight: it now looks like %(profile)s.")
        % {
            "player": seat_label(e.get("seat"), n),
            "who": trooper_in(e),
            "profile": profile_label(str(e.get("disguise"))),
        }
    ),
}
