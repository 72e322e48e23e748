"""`{% load words %}`: places, points and numbers as people write them (games/hexboard/words.py)."""

from django import template

from games.hexboard import words

register = template.Library()


@register.filter
def place(rank):
    """A 0-based rank as a place: 0 -> "1st place" / "1re place"."""
    try:
        return words.place_label(int(rank) + 1)
    except (TypeError, ValueError):
        return ""


@register.filter
def points(value):
    return words.points(value)


@register.filter
def plain_number(value):
    return words.number(value)


@register.filter
def scores(values):
    """A result's scores as "20 – 16" (whole numbers without decimals)."""
    try:
        return " – ".join(words.number(v) for v in values)
    except TypeError:
        return ""


@register.filter
def of_name(name):
    """ "of anna" / "d'anna", "de bruno": a name after "of", elided in French."""
    return words.of_name(str(name))


@register.filter
def possessive(name):
    """ "anna's" / "d'anna": whose a thing is (the French goes after the thing)."""
    return words.possessive(str(name))
