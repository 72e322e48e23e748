from django import template

from games.league.selectors import division_tiebreakers
from games.league.standings import signed
from games.league.tiebreaks import in_words

register = template.Library()


@register.filter
def get_item(mapping, key):
    return mapping.get(key)


@register.filter
def table_adjustments(table):
    """The standing bonus and penalty points of a drawn table (selectors.division_table_view),
    player by player in table order: the notes listed under it."""
    return [(line["reg"], a) for line in table for a in line["adjustments"]]


@register.filter
def signed_points(points) -> str:
    """« +2 », « −1 »: bonus and penalty points as the table writes them."""
    return signed(points)


@register.filter
def tiebreaks_in_words(division) -> str:
    """« confrontation directe → Buchholz → … »: how the division's table breaks ties."""
    return in_words(division_tiebreakers(division))
