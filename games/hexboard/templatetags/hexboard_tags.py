"""`{% load hexboard_tags %}`: what the platform's pages ask a system's site for."""

from django import template

register = template.Library()


@register.filter
def story(text):
    """A sentence of the story: escaped, hexes as coordinates the board's toggle shows."""
    from games.hexboard.story import story_html

    return story_html(str(text))


@register.filter
def system_name(key):
    """A game system's name for people ("Neuroshima Hex"), never its key."""
    from games.hexboard.registry import registered_site

    site = registered_site(str(key))
    return site.name if site is not None else key
