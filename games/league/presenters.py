"""What the league shows on pages that are not its own: a player's ratings, badges and seasons
on their public profile (registered as a profile section: games/accounts/sections.py)."""

from __future__ import annotations

from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from games.hexboard.words import number
from games.league.selectors import league_profile_context


def league_profile_section(user, *, viewer=None) -> SafeString:
    """Only the leagues `viewer` may see: a league by invitation shows nothing of itself, not
    even who plays in it, to anyone but its members."""
    # A rendered template is already safe markup (the engine escaped what it printed).
    context = {**league_profile_context(user, viewer=viewer), "with_css": True}
    return SafeString(render_to_string("league/_profile.html", context))


def league_match_contexts(matches):
    """The match page's line of each league game among `matches`, by match id (one query;
    matches.hooks.on_match_context)."""
    from django.urls import reverse
    from django.utils.translation import gettext as _

    from games.league.models import PairingGame
    from games.matches.hooks import MatchContext, competition_label

    ours = {match.pk: match for match in matches if match.competition.startswith("league:")}
    games = PairingGame.objects.select_related("pairing__round__division__season__league")
    contexts = {}
    for game in games.filter(match_id__in=list(ours)) if ours else []:
        match, round_ = ours[game.match_id], game.pairing.round
        season = round_.division.season
        contexts.setdefault(
            match.pk,
            MatchContext(
                label=competition_label(_("League %(name)s"), season.league.name),
                detail=_("season %(s)d, round %(n)d") % {"s": season.number, "n": round_.number},
                # A called-off or finished game waits for nobody (« jusqu'au … » read as due).
                deadline=round_.deadline if match.status == match.Status.ACTIVE else None,
                url=reverse("league:round", args=[round_.pk]),
            ),
        )
    return contexts


def rating_seat_query(seats):
    """The seats' query of a match page with each player's rating in the match's game
    (matches.hooks.on_seat_query): the note below then costs no query of its own."""
    from django.db.models import OuterRef, Subquery

    from games.league.models import Rating

    rating = Rating.objects.filter(user_id=OuterRef("user_id"), system=OuterRef("match__system"))
    return seats.annotate(
        league_rating_mu=Subquery(rating.values("mu")[:1]),
        league_rating_sigma=Subquery(rating.values("sigma")[:1]),
    )


def rating_seat_notes(seats) -> dict:
    """Each rated player's rating in the match's game, beside their name (the match page and
    the lobby: matches.hooks.on_seat_notes). Read with the seats (rating_seat_query), else one
    query for all the seats."""
    from games.league import ratings
    from games.league.models import Rating

    users = {seat.user_id: seat.index for seat in seats if seat.user_id}
    if not users:
        return {}
    if all(hasattr(seat, "league_rating_mu") for seat in seats):
        found = [
            (s.user_id, s.league_rating_mu, s.league_rating_sigma)
            for s in seats
            if s.user_id and s.league_rating_mu is not None
        ]
    else:
        system = seats[0].match.system
        found = list(
            Rating.objects.filter(user_id__in=users, system=system).values_list(
                "user_id", "mu", "sigma"
            )
        )
    language = get_language()
    return {
        users[user_id]: _rating_note(round(ratings.ordinal(mu, sigma), 1), language)
        for user_id, mu, sigma in found
    }


@lru_cache(maxsize=4096)
def _rating_note(value: float, language: str | None) -> SafeString:
    """A rating's note in the reader's language (active: an argument only to name what is
    remembered): every answer and push of a rated match writes its players' notes again, and a
    rating changes only when a rated match ends (issue 14)."""
    return format_html(
        '<span class="rating-note" title="{}">{}</span>',
        gettext("League rating in this game (higher is stronger)"),
        gettext("rating %(value)s") % {"value": number(value)},  # "22,4" in French
    )
