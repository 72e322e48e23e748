"""`{% nh_tile drawing %}`: a tile in the reader's language, pointing at the cached sprite."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from games.neuroshima_site import sprite
from games.neuroshima_site.presenters import Markup, tile_svg

register = template.Library()


@register.simple_tag
def nh_tile(drawing) -> Markup:
    english = (get_language() or "").startswith("en")
    name = drawing["name_en"] if english else drawing["name_fr"]
    return tile_svg(drawing, name, sprite.url())
