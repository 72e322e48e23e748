"""Translation catalogues of one plural equation are one dictionary (hexsite/translation_catalogs.py):
Django's own check never merged them, and every gettext walked one dictionary per app."""

from types import SimpleNamespace

from django.utils import translation
from django.utils.translation import trans_real


def _mo(catalog: dict, plural) -> SimpleNamespace:
    return SimpleNamespace(_catalog=catalog, plural=plural)


def _plural_of(expression: str):
    import gettext

    return gettext.c2py(expression)


def test_the_site_s_catalogues_are_merged_by_plural_equation():
    # Django's check kept one dictionary per app: 25 for English, 25 for French.
    assert len(trans_real.translation("en")._catalog._catalogs) <= 4
    assert len(trans_real.translation("fr")._catalog._catalogs) <= 8


def test_a_catalogue_loaded_later_still_wins():
    catalog = trans_real.TranslationCatalog(
        _mo({"turn": "tour", "seat": "siège"}, _plural_of("n > 1"))
    )
    catalog.update(_mo({"turn": "ton tour"}, _plural_of("n > 1")))  # same equation: merged
    assert len(catalog._catalogs) == 1
    assert catalog.get("turn") == "ton tour" and catalog.get("seat") == "siège"
    catalog.update(_mo({"seat": "place"}, _plural_of("n != 1")))  # another: on top
    assert len(catalog._catalogs) == 2
    assert catalog.get("seat") == "place" and catalog.get("turn") == "ton tour"


def test_words_are_translated_as_before():
    with translation.override("fr"):
        assert translation.gettext("Your turn.") == "Votre tour."
        # Django's own words (its catalogue has a plural equation of its own).
        assert translation.gettext("This field is required.") == "Ce champ est obligatoire."
