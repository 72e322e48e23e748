"""A placed or held tile's markup is made once per process (games/neuroshima_site/site.py): the
memo keeps each reader's language, and what the tile shows (its wounds, its turn, its marks)."""

from __future__ import annotations

from django.utils import translation

from games.engine.neuroshima.tiles import tile
from games.neuroshima_site.site import hand_tile_markup, placed_markup

POSITION = {"tiles": [{"tile": "moloch.hq", "hex": [0, 0], "rotation": 0, "wounds": 0}]}


def _names(tile_id: str) -> tuple[str, str]:
    spec = tile(tile_id)
    return spec.name_fr, spec.name_en


def test_the_same_tile_is_named_in_each_readers_language():
    french, english = _names("moloch.hq")
    with translation.override("fr"):
        (in_french,) = placed_markup(POSITION, {})
        held_in_french = hand_tile_markup("moloch.hq")
    with translation.override("en"):
        (in_english,) = placed_markup(POSITION, {})
        held_in_english = hand_tile_markup("moloch.hq")
    assert f"<title>{french}</title>" in in_french and f"<title>{english}</title>" in in_english
    assert french in held_in_french and english in held_in_english


def test_what_the_tile_shows_changes_its_markup():
    (fresh,) = placed_markup(POSITION, {})
    wounded = {"tiles": [{**POSITION["tiles"][0], "wounds": 3}]}
    (hurt,) = placed_markup(wounded, {})
    (marked,) = placed_markup(POSITION, {"0,0": "moved"})
    assert fresh != hurt and fresh != marked and "moved" in marked
