from django import template

from games.league.selectors import league_profile_context

register = template.Library()


@register.inclusion_tag("league/_profile.html")
def league_profile(user):
    """Ratings, badges and season history for a profile page: `{% league_profile user %}`."""
    return {**league_profile_context(user), "with_css": True}


@register.filter
def get_item(mapping, key):
    return mapping.get(key)
