"""Holoprojector L2 in the reader's language (engine holo.py): the deployment among Holo-echoes
a player picks, and the log's sentences for the echoes. What the other side reads never says
which token is real until it is found: `HoloNoted` is its owner's alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext

from games.infinity_site.names import echo_label, seat_label, trooper_label
from games.infinity_site.skill_words import Event, trooper_in


def token_label(trooper: Any, token: Any) -> str:
    """One of a trooper's three tokens: its figure, or a Holo-echo."""
    if token == trooper:
        return gettext("the figure of %(who)s") % {"who": trooper_label(trooper)}
    return echo_label(token)


def holo_choice(move: Mapping[str, Any]) -> str:
    """A deployment with Holo-echoes (`deploy` {echoes, real}), as its player picks it."""
    real = int(move.get("real") or 0)
    where = gettext("the figure itself") if real == 0 else gettext("Holo-echo %(n)s") % {"n": real}
    first, second = (f"({h[0]}, {h[1]})" for h in move["echoes"][:2])
    return gettext(
        "Deploy %(who)s here with its two Holo-echoes on %(first)s and %(second)s; the real "
        "one, noted secretly: %(where)s."
    ) % {
        "who": trooper_label(move.get("trooper")),
        "first": first,
        "second": second,
        "where": where,
    }


def _echoes(ids: Sequence[Any]) -> str:
    return ", ".join(echo_label(i) for i in ids)


HOW = {
    "discovered": lambda: gettext("found by Discover"),
    "hit": lambda: gettext("struck"),
    "contact": lambda: gettext("touched in base contact"),
    "acted": lambda: gettext("it acted"),
}


def _how(e: Event) -> str:
    make = HOW.get(str(e.get("how")))
    return make() if make else str(e.get("how"))


def _revealed(e: Event, n: Sequence[str]) -> str:
    if e.get("token") == e.get("trooper"):
        text = gettext("%(who)s was real (%(how)s): its Holo-echoes vanish.")
    else:
        text = gettext(
            "%(who)s was behind %(echo)s (%(how)s): it stands there, its Holo-echoes vanish."
        )
    return text % {"who": trooper_in(e), "echo": echo_label(e.get("token")), "how": _how(e)}


def _dispelled(e: Event, n: Sequence[str]) -> str:
    values = {
        "token": token_label(e.get("trooper"), e.get("token")),
        "who": trooper_in(e),
        "how": _how(e),
    }
    if e.get("token") != e.get("trooper"):
        return gettext("%(token)s of %(who)s was a hologram (%(how)s): it vanishes.") % values
    moved = (e.get("figure_to") or {}).get("marker")
    return capfirst(
        gettext(
            "%(token)s was a hologram (%(how)s): it vanishes; the figure now stands for %(echo)s."
        )
        % {**values, "echo": echo_label(moved)}
    )


SENTENCES: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "EchoesPlaced": lambda e, n: (
        gettext("%(player)s places %(echoes)s around %(who)s (Holoprojector L2).")
        % {
            "player": seat_label(e.get("seat"), n),
            "echoes": _echoes([x.get("marker") for x in e.get("echoes") or []]),
            "who": trooper_in(e),
        }
    ),
    "HoloNoted": lambda e, n: (
        gettext("Noted secretly: the real %(who)s is %(token)s.")
        % {"who": trooper_in(e), "token": token_label(e.get("trooper"), e.get("real"))}
    ),
    "EchoesLifted": lambda e, n: (
        gettext("%(player)s takes %(echoes)s off the table.")
        % {"player": seat_label(e.get("seat"), n), "echoes": _echoes(e.get("echoes") or [])}
    ),
    "EchoesMoved": lambda e, n: (
        gettext("The Holo-echoes of %(who)s move with it.") % {"who": trooper_in(e)}
    ),
    "HoloRevealed": _revealed,
    "EchoDispelled": _dispelled,
}
