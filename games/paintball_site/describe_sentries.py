"""Sentries, one sentence per event. The other team's copy of SentryEntered has no policy
(protocol.event_for_seat, spec §12), so no sentence can tell it."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from games.paintball_site.words import Event, Sentence, figure_in

_POLICY = {
    "fire": lambda: gettext("%(fig)s stands sentry and will fire at any enemy coming into view."),
    "suppress": lambda: gettext(
        "%(fig)s stands sentry and will pin down any enemy coming into view."
    ),
    "ask": lambda: gettext("%(fig)s stands sentry and will ask you before firing."),
}


def _sentry_entered(e: Event, names: Sequence[str]) -> str:
    # The other team's copy has no policy (spec §12): it reads the plain sentence.
    sentence = _POLICY.get(str(e.get("policy")))
    if sentence is None:
        return gettext("%(fig)s stands sentry.") % {"fig": figure_in(e)}
    return sentence() % {"fig": figure_in(e)}


def _sentry_left(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s is no longer on sentry duty.") % {"fig": figure_in(e)}


def _triggered(e: Event, names: Sequence[str]) -> str:
    return gettext("%(target)s steps into the sight of the sentry %(fig)s.") % {
        "fig": figure_in(e),
        "target": figure_in(e, "target"),
    }


def _sentry_fired(e: Event, names: Sequence[str]) -> str:
    values = {"fig": figure_in(e), "target": figure_in(e, "target")}
    if e.get("mode") == "suppress":
        return gettext("The sentry %(fig)s fires to pin down %(target)s.") % values
    return gettext("The sentry %(fig)s fires at %(target)s.") % values


def _held(e: Event, names: Sequence[str]) -> str:
    return gettext("The sentry %(fig)s holds its fire.") % {"fig": figure_in(e)}


SENTENCES: dict[str, Sentence] = {
    "SentryEntered": _sentry_entered,
    "SentryLeft": _sentry_left,
    "SentryTriggered": _triggered,
    "SentryFired": _sentry_fired,
    "SentryHeld": _held,
}
