"""One English word, two French ones: Django merges every app's catalogue, and the first app's
translation of a msgid (in one context) wins on every page. The campaigns' « match nul » stood on
the league's draws and their « En cours de jeu » on its seasons, the accounts' « Retirer » on
the league's « Se retirer »; the campaign ledger said the lobby's « Rejoindre » where a player's
arrival was meant, « Aucune. » under a player's territories, and the organiser's button to
exclude a player Django admin's « Enlever ». Each place now reads its own word, in a context of
its own (pgettext); tests/hexsite/test_shared_words.py checks every catalogue against all the
others."""

from __future__ import annotations

from django.utils import translation


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
