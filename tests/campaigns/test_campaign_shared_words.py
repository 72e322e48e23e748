"""One English word, two French ones: Django merges every app's catalogue, and the first app's
translation of a msgid (in one context) wins on every page. The campaigns' « match nul » stood on
the league's draws and their « En cours de jeu » on its seasons, the accounts' « Retirer » on
the league's « Se retirer »; the campaign ledger said the lobby's « Rejoindre » where a player's
arrival was meant, « Aucune. » under a player's territories, and the organiser's button to
exclude a player Django admin's « Enlever ». So the catalogues of the campaigns, the accounts,
the shared board and Hexpanse say a msgid another app also translates only with the same
French, or in a context of their own (pgettext)."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
OURS = ("campaigns", "accounts", "hexboard", "hexpanse_site")


def _french(app: str) -> dict[tuple[str | None, str], str]:
    """The app's French catalogue: (context, msgid) to its translation (plurals left out)."""
    po = ROOT / "games" / app / "locale" / "fr" / "LC_MESSAGES" / "django.po"
    text = subprocess.run(
        ["msgattrib", "--translated", "--no-obsolete", "--no-wrap", str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = {}
    for block in text.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            key, _, value = line.partition(" ")
            if key in ("msgctxt", "msgid", "msgstr"):
                fields[key] = ast.literal_eval(value)
        if fields.get("msgid") and fields.get("msgstr"):
            found[(fields.get("msgctxt"), fields["msgid"])] = fields["msgstr"]
    return found


@pytest.mark.parametrize("app", OURS)
def test_a_word_another_app_also_translates_has_the_same_french(app):
    mine = _french(app)
    others = [p.parent.name for p in (ROOT / "games").glob("*/locale")]
    clashes = []
    for other in sorted(set(others) - {app}):
        for key, french in _french(other).items():
            if key in mine and mine[key] != french:
                clashes.append((key, {app: mine[key], other: french}))
    assert clashes == []


def test_each_place_reads_its_own_word():
    with translation.override("fr"):
        assert translation.pgettext("a player from the campaign", "Remove") == "Exclure"
        assert translation.pgettext("territory change", "Join") == "Arrivée"
        assert translation.pgettext("no territory", "None.") == "Aucun."
        assert translation.pgettext("no battle", "None.") == "Aucune."
        assert translation.pgettext("battle result", "draw") == "match nul"
        # The other apps' plain words are their own again.
        assert translation.gettext("draw") == "nulle"
        assert translation.gettext("Being played") == "En cours"
        assert translation.gettext("Withdraw") == "Se retirer"
