"""Django's translation catalogs merged as Django means to merge them.

Django keeps one catalogue dictionary per plural equation (`trans_real.TranslationCatalog`)
and merges a newly loaded `.mo` file into the top one when their equations are the same. Its
check compares the new file's plural function's code with the top one's *function*
(`trans.plural.__code__ == self._plurals[0]`, Django 5.2), which is never true: every app's
catalogue (ours, Django's contrib apps', allauth's) becomes a dictionary of its own, 25 per
language here, and a gettext walks them one by one, all 25 for a word that has no translation
(every English one). py-spy put gettext at 3 % of the web process under `manage.py bench live`
(issue 14).

`merge_same_plural_catalogs` compares code with code, as the comment above Django's check says.
The order of precedence is unchanged: a file loaded later still wins over earlier ones (it
updates the top dictionary, or goes on top of it)."""

from __future__ import annotations

from django.utils.translation import trans_real


def _update(self, trans) -> None:
    if trans.plural.__code__ == self._plurals[0].__code__:
        self._catalogs[0].update(trans._catalog)
    else:
        self._catalogs.insert(0, trans._catalog.copy())
        self._plurals.insert(0, trans.plural)


def merge_same_plural_catalogs() -> None:
    """Install the corrected merge (before the first translation is loaded: AppConfig.ready);
    translations already loaded are dropped so that they load again merged."""
    if trans_real.TranslationCatalog.update is _update:
        return
    trans_real.TranslationCatalog.update = _update
    trans_real._translations.clear()
    trans_real._default = None
    trans_real._active = trans_real.Local()
