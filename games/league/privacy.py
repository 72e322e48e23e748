"""A player's league registrations in their data download, and what deleting their account
does to them (games/accounts/privacy.py). The only organiser of a league is refused: they hand
the league to another organiser first (« Organisateurs »). A registration in a season that
signs up or runs is withdrawn as the player's own « Se retirer » does (before the start it
goes; afterwards the league's withdrawal policy applies to the games not played); the player
stops organising the leagues they shared. Closed seasons keep their tables whole, under the
account's new name."""

from __future__ import annotations

from django.db.models import Count
from django.utils.translation import gettext as _

from games.accounts.privacy import former_username
from games.league.models import League, LeagueInvitation, Registration, Season
from games.league.services import registration_withdraw
from games.refusals import Refused

_STILL_PLAYING = (Registration.Status.ACTIVE, Registration.Status.PENDING)


def league_data(user) -> dict:
    registrations = (
        Registration.objects.filter(user=user)
        .select_related("season__league", "division")
        .order_by("created_at")
    )
    return {
        "registrations": [
            {
                "league": r.season.league.name,
                "season": r.season.number,
                "season_status": r.season.status,
                "status": r.status,
                "division": str(r.division) if r.division else None,
                "club": r.club,
                "army": r.army,
                "points": r.points,
                "final_position": r.final_position,
                "entry_fee_paid_at": r.fee_paid_at,
                "registered_at": r.created_at,
            }
            for r in registrations
        ],
        "organised": [
            league.name for league in League.objects.filter(organisers=user).order_by("pk")
        ],
    }


def league_check_erasure(user) -> None:
    # (The count in a query of its own: filtering on the same relation would count only
    # `user`'s row.)
    alone = (
        League.objects.filter(pk__in=League.objects.filter(organisers=user).values("pk"))
        .annotate(organisers_count=Count("organisers"))
        .filter(organisers_count=1)
        .order_by("pk")
        .first()
    )
    if alone is not None:
        raise Refused(
            _(
                "You are the only organiser of the league “%(name)s”: hand the league to another "
                "organiser first, then delete your account."
            )
            % {"name": alone.name}
        )


def league_leave_all(user) -> None:
    current = (Season.Status.SIGNUP, Season.Status.RUNNING)
    registrations = Registration.objects.filter(
        user=user, status__in=_STILL_PLAYING, season__status__in=current
    ).select_related("season__league")
    for registration in registrations.order_by("pk"):
        registration_withdraw(registration=registration, user=user)
    for league in League.objects.filter(organisers=user):
        league.organisers.remove(user)  # (the check made sure somebody else organises it)


def league_forget(user) -> None:
    LeagueInvitation.objects.filter(user=user).delete()
    # A registration the player handed to a substitute keeps the names it had as text: the
    # former name gives way to the new one (the season log names players by reference).
    former, new = former_username(user), user.get_username()
    for registration in Registration.objects.filter(previous_users__contains=[former]):
        registration.previous_users = [
            new if name == former else name for name in registration.previous_users
        ]
        registration.save(update_fields=["previous_users"])


def register() -> None:
    from games.accounts.privacy import on_data_section, on_erasure_check, on_erasure_step

    on_data_section("league", league_data)
    on_erasure_check(league_check_erasure)
    on_erasure_step(league_leave_all, stage="competitions")
    on_erasure_step(league_forget, stage="belongings")
