"""Grenades, one sentence per event: the throw, a stray one, smoke and paint."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from games.paintball_site.words import Event, Sentence, figure_in, grenade_name


def _thrown(e: Event, names: Sequence[str]) -> str:
    values = {"fig": figure_in(e), "kind": grenade_name(e.get("grenade")), "die": e.get("die")}
    if e.get("ok"):
        return gettext("%(fig)s throws a %(kind)s (%(die)s): right on target.") % values
    return gettext("%(fig)s throws a %(kind)s (%(die)s): it goes astray.") % values


def _scattered(e: Event, names: Sequence[str]) -> str:
    return gettext("The grenade lands in a hex next to its target.")


def _smoke(e: Event, names: Sequence[str]) -> str:
    return gettext("Smoke fills the hex.")


def _smoke_cleared(e: Event, names: Sequence[str]) -> str:
    return gettext("A smoke cloud clears (%(die)s).") % {"die": e.get("die")}


def _paint(e: Event, names: Sequence[str]) -> str:
    values = {"fig": figure_in(e), "die": e.get("die")}
    if e.get("marked"):
        return gettext("Paint splashes %(fig)s (%(die)s): marked!") % values
    return gettext("Paint splashes around %(fig)s (%(die)s): not marked.") % values


SENTENCES: dict[str, Sentence] = {
    "GrenadeThrown": _thrown,
    "GrenadeScattered": _scattered,
    "SmokePlaced": _smoke,
    "SmokeCleared": _smoke_cleared,
    "PaintRolled": _paint,
}
