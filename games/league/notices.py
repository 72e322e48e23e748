"""What the league tells its players through the notifications app (their inbox, email,
Discord): an organiser's act that concerns them. Sentences are written when read, in the
reader's language (registered with notifications.texts.on_competition_text)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.notifications.services import notify_competition


def competition_sentence(p: dict) -> str | None:
    event = p.get("event")
    if event == "correction":
        return _("%(by)s corrected a result in %(name)s: %(reason)s") % p
    if event == "points_adjust":
        return _("%(by)s changed your points in %(name)s by %(points)s: %(reason)s") % p
    if event == "points_withdraw":
        return _("%(by)s withdrew your %(points)s points in %(name)s: %(reason)s") % p
    if event == "late_accepted":
        return _("You joined %(name)s: you play from the next round.") % p
    if event == "late_refused":
        return _("Your late sign-up to %(name)s was refused: %(reason)s") % p
    if event == "substitute":
        return _("You replace %(old)s in %(name)s.") % p
    if event == "playoff_tie":
        return _("Your playoff tie against %(opponent)s in %(name)s has started.") % p
    if event == "fee_paid":
        return _("The organisers of %(name)s recorded your entry fee (%(fee)s) as received.") % p
    if event == "report":
        return _("%(by)s wrote a battle report in %(name)s.") % p
    return None


def tell_season_players(season, users, event: str, **params) -> None:
    """`users` of `season` hear of `event` (after the transaction commits, with it); `apart`
    among `params`: see notify_competition."""
    notify_competition(
        users=users,
        event=event,
        name=f"{season.league.name} – {season.number}",
        url=reverse("league:season", args=[season.pk]),
        **params,
    )


def league_report_written(report) -> None:
    """The other players of the match hear of a new battle report."""
    from games.league.models import Season

    season_id = int((report.match.competition or "league:0").split(":")[1])
    season = Season.objects.select_related("league").filter(pk=season_id).first()
    if season is None:
        return
    others = [
        s.user
        for s in report.match.seats.select_related("user")
        if s.user_id and s.user_id != report.author_id
    ]
    tell_season_players(season, others, "report", by=report.author.get_username())
