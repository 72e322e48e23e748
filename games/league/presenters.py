"""What the league shows on pages that are not its own: a player's ratings, badges and seasons
on their public profile (registered as a profile section: games/accounts/sections.py)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.league.selectors import league_profile_context


def league_profile_section(user, *, viewer=None) -> SafeString:
    """Only the leagues `viewer` may see: a league by invitation shows nothing of itself, not
    even who plays in it, to anyone but its members."""
    # A rendered template is already safe markup (the engine escaped what it printed).
    context = {**league_profile_context(user, viewer=viewer), "with_css": True}
    return SafeString(render_to_string("league/_profile.html", context))
