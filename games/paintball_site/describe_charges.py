"""A charge, one sentence per event: who charges, the charge dice round by round, who takes
out whom, who holds the hex."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from games.paintball_site.words import Event, Sentence, figure_in, figure_name, figures


def _charge(e: Event, names: Sequence[str]) -> str:
    ids = e.get("figures") or []
    return ngettext("%(figs)s charges!", "%(figs)s charge!", len(ids)) % {"figs": figures(ids)}


def _fizzled(e: Event, names: Sequence[str]) -> str:
    return gettext("No charger reaches the hex: the charge fizzles out.")


def _round(e: Event, names: Sequence[str]) -> str:
    dice = e.get("dice") or {}
    parts = [f"{figure_name(fid)} {value}" for fid, value in dice.items()]
    return gettext("Charge dice: %(dice)s (highest first, the attacker first on a tie).") % {
        "dice": ", ".join(parts)
    }


def _victim(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s takes out %(victim)s.") % {
        "fig": figure_in(e),
        "victim": figure_in(e, "victim"),
    }


def _charge_ended(e: Event, names: Sequence[str]) -> str:
    survivors = e.get("survivors") or []
    if not survivors:
        return gettext("The fight is over: nobody is left standing in the hex.")
    return ngettext(
        "The fight is over: %(figs)s holds the hex.",
        "The fight is over: %(figs)s hold the hex.",
        len(survivors),
    ) % {"figs": figures(survivors)}


SENTENCES: dict[str, Sentence] = {
    "ChargeDeclared": _charge,
    "ChargeFizzled": _fizzled,
    "ChargeRoundRolled": _round,
    "ChargeVictimChosen": _victim,
    "ChargeEnded": _charge_ended,
}
