"""A shot from aim to verdict, one sentence per event: the volley, smoke, the dice, misfires,
obstacles, who takes the hits, saving rolls and the marshal's check."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from games.hexboard.words import possessive
from games.paintball_site.words import (
    Event,
    Sentence,
    figure_in,
    figure_name,
    figures,
    seat_player,
    terrain_name,
)


def _aim(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s takes aim.") % {"fig": figure_in(e)}


def _volley(e: Event, names: Sequence[str]) -> str:
    targets = list(e.get("targets") or [])
    n = len(targets)
    unique = sorted(set(targets), key=targets.index)
    values = {"fig": figure_in(e), "n": n, "targets": figures(unique)}
    if e.get("mode") == "suppress":
        return (
            ngettext(
                "%(fig)s fires %(n)d shot to pin down %(targets)s.",
                "%(fig)s fires %(n)d shots to pin down %(targets)s.",
                n,
            )
            % values
        )
    return (
        ngettext(
            "%(fig)s fires %(n)d shot at %(targets)s.",
            "%(fig)s fires %(n)d shots at %(targets)s.",
            n,
        )
        % values
    )


def _blinded(e: Event, names: Sequence[str]) -> str:
    values = {"fig": figure_in(e), "die": e.get("die")}
    if e.get("sees"):
        return gettext("%(fig)s sees through the smoke (%(die)s).") % values
    return gettext("%(fig)s cannot see through the smoke (%(die)s): no shot.") % values


def _shot_dice(e: Event, names: Sequence[str]) -> str:
    dice = ", ".join(str(v) for v in e.get("dice") or [])
    return gettext("Shot dice: %(dice)s (%(need)s+ hits, 1 misfires).") % {
        "dice": dice,
        "need": e.get("need"),
    }


_CHART = {
    "out_of_gas": lambda: gettext("Misfire: %(fig)s is out of gas and leaves the game."),
    "out_of_ammo": lambda: gettext(
        "Misfire: %(fig)s is out of paint and lies down until it reloads."
    ),
    "jammed": lambda: gettext("Misfire: %(whose)s gun jams; a marshal must come and clean it."),
    # The lost shots are ShotsCancelled's own sentence, which follows (said once, not twice).
    "minor": lambda: gettext("Misfire: a minor problem."),
    "misted": lambda: gettext("Misfire: %(whose)s goggles mist up."),
    "goggles": lambda: gettext("Misfire: %(fig)s has a goggles problem."),
}


def _misfire(e: Event, names: Sequence[str]) -> str:
    sentence = _CHART.get(str(e.get("entry")))
    text = sentence() if sentence else gettext("Misfire: %(fig)s has a problem.")
    return text % {"fig": figure_in(e), "whose": possessive(figure_in(e))}


def _goggles(e: Event, names: Sequence[str]) -> str:
    values = {"whose": possessive(figure_in(e)), "die": e.get("die")}
    if e.get("disqualified"):
        return gettext("A marshal checks %(whose)s goggles (%(die)s): disqualified!") % values
    return gettext("A marshal checks %(whose)s goggles (%(die)s): all is well.") % values


def _cancelled(e: Event, names: Sequence[str]) -> str:
    return gettext("%(whose)s other shots are lost.") % {"whose": possessive(figure_in(e))}


def _obstacle_words(e: Event) -> str:
    kind, name = e.get("obstacle"), e.get("name")
    if kind == "figure":
        return figure_name(name)
    if kind == "marshal":
        return gettext("a marshal")
    if kind == "smoke":
        return terrain_name("smoke")
    return terrain_name(name)


def _obstacle(e: Event, names: Sequence[str]) -> str:
    values = {"what": _obstacle_words(e), "die": e.get("die")}
    if e.get("stopped"):
        return gettext("The ball meets %(what)s (%(die)s): stopped there.") % values
    return gettext("The ball passes %(what)s (%(die)s).") % values


def _stopped(e: Event, names: Sequence[str]) -> str:
    return gettext("The ball is stopped by %(what)s, not the target.") % {
        "what": _obstacle_words(e)
    }


def _allocation_asked(e: Event, names: Sequence[str]) -> str:
    n = int(e.get("hits") or 0)
    return ngettext(
        "%(who)s chooses which of its figures takes the hit.",
        "%(who)s chooses which of its figures take the %(n)d hits.",
        n,
    ) % {"who": seat_player(str(e.get("seat")), names), "n": n}


def _allocated(e: Event, names: Sequence[str]) -> str:
    return gettext("Hit: %(targets)s.") % {"targets": figures(e.get("hits") or [])}


def _saving(e: Event, names: Sequence[str]) -> str:
    values = {"whose": possessive(figure_in(e)), "die": e.get("die")}
    if e.get("saved"):
        return gettext("%(whose)s saving roll (%(die)s): the ball missed after all.") % values
    return gettext("%(whose)s saving roll (%(die)s): marked!") % values


def _marshal_placed(e: Event, names: Sequence[str]) -> str:
    if e.get("jam"):
        return gettext("A marshal joins %(fig)s to clean its gun.") % {"fig": figure_in(e, "jam")}
    return gettext("A marshal comes over to check the hit.")


def _marshal_walked(e: Event, names: Sequence[str]) -> str:
    if e.get("jam"):
        return gettext("A marshal walks two hexes towards %(whose)s jammed gun.") % {
            "whose": possessive(figure_in(e, "jam"))
        }
    return gettext("A marshal walks two hexes towards the action.")


def _checked(e: Event, names: Sequence[str]) -> str:
    values = {"fig": figure_in(e), "die": e.get("die")}
    if e.get("confirmed"):
        return gettext("Hit check (%(die)s): %(fig)s is out!") % values
    return (
        gettext("Hit check (%(die)s): the marshal does not confirm it, %(fig)s plays on.") % values
    )


def _wiped(e: Event, names: Sequence[str]) -> str:
    return gettext("No marshal close enough: %(fig)s wipes the paint off.") % {"fig": figure_in(e)}


SENTENCES: dict[str, Sentence] = {
    "AimTaken": _aim,
    "VolleyDeclared": _volley,
    "SmokeBlinded": _blinded,
    "ShotDiceRolled": _shot_dice,
    "MisfireRolled": _misfire,
    "GogglesChecked": _goggles,
    "ShotsCancelled": _cancelled,
    "ObstacleRolled": _obstacle,
    "ShotStopped": _stopped,
    "AllocationAsked": _allocation_asked,
    "HitsAllocated": _allocated,
    "SavingRolled": _saving,
    "MarshalPlaced": _marshal_placed,
    "MarshalWalked": _marshal_walked,
    "HitChecked": _checked,
    "HitWiped": _wiped,
}
