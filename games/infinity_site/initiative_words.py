"""The set-up's choices in the player's words (the engine's setup.choose, infinity.md B.5): the
roll-off's winner takes the Initiative (who plays first) or the Deployment (who deploys first),
and the loser decides the other. A game set up before (`options.privileges` absent) asks the
winner the turn order alone, which decided the deployment order too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from games.infinity_site.names import army_label


def split(view: Mapping[str, Any]) -> bool:
    return (view.get("options") or {}).get("privileges") == "split"


def initiative_question(view: Mapping[str, Any], kind: str) -> str:
    """The question of a pending `initiative`, `deployment` or `turn_order` to its seat."""
    turn = view.get("turn") or {}
    seat = view.get("seat")
    other = army_label(view, 1 - seat) if isinstance(seat, int) else ""
    if kind == "deployment":
        if turn.get("first_seat") == seat:
            text = gettext(
                "%(who)s won the initiative roll-off and took the Initiative, letting you play "
                "first: do you deploy first or second?"
            )
        else:
            text = gettext(
                "%(who)s won the initiative roll-off and took the Initiative, playing first: do "
                "you deploy first or second?"
            )
        return text % {"who": other}
    if kind == "turn_order":
        if turn.get("first_deployer") == seat:
            text = gettext(
                "%(who)s won the initiative roll-off and took the Deployment, letting you deploy "
                "first: do you play first or second?"
            )
        else:
            text = gettext(
                "%(who)s won the initiative roll-off and took the Deployment, deploying first: "
                "do you play first or second?"
            )
        return text % {"who": other}
    if split(view):
        return gettext(
            "You won the initiative roll-off: choose the Initiative (who plays first) or the "
            "Deployment (who deploys first)."
        )
    return gettext("You won the initiative roll-off: play first or second?")


def initiative_button(move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """An `initiative` or `deployment` move's button: the winner's name the privilege taken."""
    first = move.get("choice", move.get("deploy")) == "first"
    if "deploy" in move:
        if first:
            return gettext("Take the Deployment: deploy first")
        return gettext("Take the Deployment: deploy second")
    if move.get("type") == "deployment":
        return gettext("Deploy first") if first else gettext("Deploy second")
    pending = (view.get("turn") or {}).get("pending") or {}
    if split(view) and pending.get("kind") == "initiative":
        if first:
            return gettext("Take the Initiative: play first")
        return gettext("Take the Initiative: play second")
    return gettext("Play first") if first else gettext("Play second")
