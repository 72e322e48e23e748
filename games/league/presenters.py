"""What the league shows on pages that are not its own: a player's ratings, badges and seasons
on their public profile (registered as a profile section: games/accounts/sections.py)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.league.selectors import league_profile_context


def league_profile_section(user) -> SafeString:
    # A rendered template is already safe markup (the engine escaped what it printed).
    context = {**league_profile_context(user), "with_css": True}
    return SafeString(render_to_string("league/_profile.html", context))


def league_match_context(match):
    """The match page's line for a league game (matches.hooks.on_match_context)."""
    from django.urls import reverse
    from django.utils.translation import gettext as _

    from games.league.models import PairingGame
    from games.matches.hooks import MatchContext

    if not match.competition.startswith("league:"):
        return None
    game = (
        PairingGame.objects.select_related("pairing__round__division__season__league")
        .filter(match=match)
        .first()
    )
    if game is None:
        return None
    round_ = game.pairing.round
    season = round_.division.season
    return MatchContext(
        label=_("League %(name)s") % {"name": season.league.name},
        detail=_("season %(s)d, round %(n)d") % {"s": season.number, "n": round_.number},
        deadline=round_.deadline,
        url=reverse("league:round", args=[round_.pk]),
    )
