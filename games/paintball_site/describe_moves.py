"""A figure's own doings and state, one sentence per event: acting, moving, turning, carrying a
flag, reloading, getting up, lying down, going out."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from games.hexboard.words import possessive
from games.paintball_site.words import (
    Event,
    Sentence,
    direction_between,
    direction_name,
    figure_in,
    flag_name,
    terrain_name,
)


def _activated(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s acts.") % {"fig": figure_in(e)}


def _moved(e: Event, names: Sequence[str]) -> str:
    d = direction_between(e.get("start") or (0, 0), e.get("to") or (0, 0))
    where = direction_name(d) if d is not None else ""
    terrain = e.get("terrain", "open")
    if terrain in (None, "open"):
        return gettext("%(fig)s moves %(dir)s.") % {"fig": figure_in(e), "dir": where}
    return gettext("%(fig)s moves %(dir)s into %(terrain)s.") % {
        "fig": figure_in(e),
        "dir": where,
        "terrain": terrain_name(terrain),
    }


def _faced(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s turns to face %(dir)s.") % {
        "fig": figure_in(e),
        "dir": direction_name(int(e.get("facing") or 0)),
    }


def _flag_up(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s picks up %(flag)s.") % {
        "fig": figure_in(e),
        "flag": flag_name(e.get("flag")),
    }


def _flag_down(e: Event, names: Sequence[str]) -> str:
    return gettext("%(flag)s falls where its carrier stood.") % {
        "flag": flag_name(e.get("flag")).capitalize()
    }


def _reloaded(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s reloads and gets up.") % {"fig": figure_in(e)}


_OUT = {
    "eliminated": lambda: gettext("%(fig)s is out."),
    "out_of_gas": lambda: gettext("%(fig)s is out (out of gas)."),
    "disqualified": lambda: gettext("%(fig)s is disqualified."),
    "charged": lambda: gettext("%(fig)s is taken out in the charge."),
}


def _out(e: Event, names: Sequence[str]) -> str:
    sentence = _OUT.get(str(e.get("reason")), _OUT["eliminated"])
    return sentence() % {"fig": figure_in(e)}


def _disabled(e: Event, names: Sequence[str]) -> str:
    if e.get("by") == "ammo":
        return gettext("%(fig)s is out of paint and lies down.") % {"fig": figure_in(e)}
    return gettext("%(fig)s is pinned down until the end of the turn.") % {"fig": figure_in(e)}


def _neutral(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s stands still, its gun jammed.") % {"fig": figure_in(e)}


def _stood_up(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s gets up.") % {"fig": figure_in(e)}


def _jam_cleared(e: Event, names: Sequence[str]) -> str:
    return gettext("%(whose)s gun is clean: it plays again.") % {"whose": possessive(figure_in(e))}


SENTENCES: dict[str, Sentence] = {
    "FigureActivated": _activated,
    "FigureMoved": _moved,
    "FigureFaced": _faced,
    "FlagPickedUp": _flag_up,
    "FlagDropped": _flag_down,
    "Reloaded": _reloaded,
    "FigureOut": _out,
    "FigureDisabled": _disabled,
    "FigureNeutral": _neutral,
    "FigureStoodUp": _stood_up,
    "JamCleared": _jam_cleared,
}
