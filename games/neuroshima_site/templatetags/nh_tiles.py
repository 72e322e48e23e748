"""`{% nh_tile drawing %}`: a tile in the reader's language (the tile gallery)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.neuroshima_site.site import tile_markup

register = template.Library()


@register.simple_tag
def nh_tile(drawing) -> SafeString:
    return tile_markup(drawing)
