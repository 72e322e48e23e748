from django import template

from games.league.selectors import league_profile_context

register = template.Library()


@register.inclusion_tag("league/_profile.html", takes_context=True)
def league_profile(context, user):
    """Ratings, badges and season history for a profile page: `{% league_profile user %}`
    (only the leagues the page's reader may see)."""
    viewer = getattr(context.get("request"), "user", None)
    return {**league_profile_context(user, viewer=viewer), "with_css": True}


@register.filter
def get_item(mapping, key):
    return mapping.get(key)
