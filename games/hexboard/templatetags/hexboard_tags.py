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


@register.simple_tag(takes_context=True)
def targets_href(context, targets) -> str:
    """The address the board's targets share, written once when htmx swaps them into a page
    (games/hexboard/targets.py); "" when each writes its own."""
    from games.hexboard.targets import shared_href
    from hexsite.templatetags.page_csrf import swapped_into_a_page

    return shared_href(targets, swapped=swapped_into_a_page(context.get("request")))
