"""Reads about players: their profile (created on first need), their vacation, and the social
side: finding players, who follows whom (private to the follower) and blocks (private to the
blocker: nothing here tells the blocked player)."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.postgres.lookups import Unaccent
from django.db.models import (
    Case,
    Count,
    Exists,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce, Lower, NullIf
from django.utils import timezone

from games.accounts.models import Avatar, Block, Follow, Profile


def profile_for(user) -> Profile:
    """The user's profile, created with defaults the first time anyone asks."""
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


def player_wants_tips(*, user, system: str) -> bool:
    """Whether `user` sees the tips of `system` on the match page (Profile.wants_tips), from
    the profile loaded with them: a player without a profile row yet has the defaults."""
    profile = getattr(user, "profile", None) or Profile()
    return profile.wants_tips(system)


def vacation_status(user, *, now: datetime | None = None) -> datetime | None:
    """Until when `user` is on vacation, or None. Opponents see this next to the player."""
    if user is None:
        return None
    now = now or timezone.now()
    until = (
        Profile.objects.filter(user=user, on_vacation_until__gt=now)
        .values_list("on_vacation_until", flat=True)
        .first()
    )
    return until


def profiles_of(*, users) -> dict[int, Profile]:
    """The profiles of `users` by user id (a player without one yet is left out). No query
    when the users were loaded with their profile (`select_related("user__profile")`), else
    one for all of them."""
    users = [u for u in users if u is not None]
    if not users:
        return {}
    cache = get_user_model().profile.related  # the reverse one-to-one "profile"
    if all(cache.is_cached(u) for u in users):
        profiles = [cache.get_cached_value(u) for u in users]
        return {p.user_id: p for p in profiles if p is not None}
    return {p.user_id: p for p in Profile.objects.filter(user_id__in=[u.pk for u in users])}


def vacation_statuses(*, users, now: datetime | None = None) -> dict[int, datetime]:
    """`vacation_status` for many players at once (a match page shows every seat): user id ->
    until when, only for those on vacation (`profiles_of`: one query at most)."""
    now = now or timezone.now()
    return {
        user_id: p.on_vacation_until
        for user_id, p in profiles_of(users=users).items()
        if p.on_vacation_until is not None and p.on_vacation_until > now
    }


def vacation_days_left(*, profile: Profile, now: datetime) -> int:
    used = profile.vacation_used if profile.vacation_year == now.year else 0
    return max(0, profile.vacation_days_per_year - used)


def avatar_of(*, username: str) -> tuple[bytes, str] | None:
    """An active player's picture and its current digest, in one query; None without one."""
    row = (
        Avatar.objects.filter(user__username=username, user__is_active=True)
        .values_list("image", "user__profile__avatar_digest")
        .first()
    )
    return (bytes(row[0]), row[1]) if row is not None else None


# --- the social side: search, follows, blocks -----------------------------------------------

SEARCH_MIN_LENGTH = 2
SEARCH_MAX_LENGTH = 40


def _folded(expression):
    """What a search compares: lower case, accents removed (Postgres `unaccent`)."""
    return Lower(Unaccent(expression))


def player_search(*, query: str) -> QuerySet:
    """Active players whose user name or display name contains `query`, whatever its case and
    accents ("eloise" finds "Éloïse"): exact names first, then names starting with it, then
    the rest, each group in alphabetical order. A query shorter than SEARCH_MIN_LENGTH finds
    nobody. Each row is a user with its `profile` loaded and `shown_name` annotated; nothing
    else about them (no email, nothing of follows or blocks)."""
    query = " ".join(query.split())[:SEARCH_MAX_LENGTH]
    users = get_user_model().objects.none()
    if len(query) < SEARCH_MIN_LENGTH:
        return users
    needle = _folded(Value(query))
    folded_username = _folded("username")
    folded_display = _folded(Coalesce("profile__display_name", Value("")))
    return (
        get_user_model()
        .objects.filter(is_active=True)
        .annotate(
            shown_name=Coalesce(NullIf("profile__display_name", Value("")), "username"),
            folded_username=folded_username,
            folded_display=folded_display,
        )
        .filter(
            Q(folded_username__contains=needle) | Q(folded_display__contains=needle),
        )
        .annotate(
            closeness=Case(
                When(Q(folded_username=needle) | Q(folded_display=needle), then=Value(0)),
                When(
                    Q(folded_username__startswith=needle) | Q(folded_display__startswith=needle),
                    then=Value(1),
                ),
                default=Value(2),
                output_field=IntegerField(),
            )
        )
        .select_related("profile")
        .order_by("closeness", Lower("shown_name"), "username")
    )


def blocked_between(a, b) -> bool:
    """Whether either of the two players blocked the other (one query; False when either is
    missing or anonymous). What refuses what one player may do to another: following, inviting
    by name to a league or campaign (games.accounts.invitations.invitation_upsert); challenges
    and rematch offers ask it through the matches' `on_challenge_check` hook
    (games/notifications/social.py). A refusal caused by it must not say so to the
    blocked player: say that the player does not accept this from them, never "blocked"."""
    if a is None or b is None or not a.is_authenticated or not b.is_authenticated:
        return False
    return Block.objects.filter(
        Q(blocker_id=a.pk, blocked_id=b.pk) | Q(blocker_id=b.pk, blocked_id=a.pk)
    ).exists()


def has_blocked(*, blocker, blocked) -> bool:
    """Whether `blocker` blocked `blocked` (one direction: what the blocker's own pages say)."""
    if blocker is None or not blocker.is_authenticated:
        return False
    return Block.objects.filter(blocker_id=blocker.pk, blocked_id=blocked.pk).exists()


def blocked_ids_subquery(*, user) -> QuerySet:
    """The ids of the players `user` blocked, as a subquery: a read that hides their lines
    (a match's chat) excludes `author_id__in=` it within its own query, adding none."""
    return Block.objects.filter(blocker_id=user.pk).values("blocked_id")


def blocker_ids_subquery(*, user) -> QuerySet:
    """The ids of the players who blocked `user`, as a subquery: what reaches others from
    `user` (a chat message's notification) leaves them out within its own query."""
    return Block.objects.filter(blocked_id=user.pk).values("blocker_id")


def _active_followers(user_id):
    """Who follows the player (their follows only count while their account is active)."""
    return Follow.objects.filter(followed_id=user_id, follower__is_active=True)


def profile_relation(*, viewer, shown) -> tuple[int, bool, bool]:
    """What a profile shows of follows and blocks, in one query: how many follow `shown`
    (public), whether `viewer` follows them and whether `viewer` blocked them (the viewer's
    own choices; never whether `shown` blocked the viewer)."""
    count = _active_followers(OuterRef("pk")).order_by().values("followed_id")
    count = count.annotate(n=Count("pk")).values("n")
    signed_in = viewer is not None and viewer.is_authenticated
    viewer_id = viewer.pk if signed_in else None
    row = (
        get_user_model()
        .objects.filter(pk=shown.pk)
        .annotate(
            followers_n=Coalesce(Subquery(count, output_field=IntegerField()), Value(0)),
            followed_by_viewer=Exists(
                Follow.objects.filter(follower_id=viewer_id, followed_id=OuterRef("pk"))
            ),
            blocked_by_viewer=Exists(
                Block.objects.filter(blocker_id=viewer_id, blocked_id=OuterRef("pk"))
            ),
        )
        .values_list("followers_n", "followed_by_viewer", "blocked_by_viewer")
        .first()
    )
    return row if row is not None else (0, False, False)


def followed_players(*, user) -> list:
    """The active players `user` follows, by name, profiles loaded: only for `user` themselves."""
    if user is None or not user.is_authenticated:
        return []
    follows = Follow.objects.filter(follower_id=user.pk, followed=OuterRef("pk"))
    return list(
        get_user_model()
        .objects.filter(Exists(follows), is_active=True)
        .annotate(shown_name=Coalesce(NullIf("profile__display_name", Value("")), "username"))
        .select_related("profile")
        .order_by(Lower("shown_name"), "username")
    )


def blocked_players(*, user) -> list:
    """The players `user` blocked, by user name: only for `user` themselves (to unblock)."""
    if user is None or not user.is_authenticated:
        return []
    blocks = Block.objects.filter(blocker_id=user.pk, blocked=OuterRef("pk"))
    return list(
        get_user_model().objects.filter(Exists(blocks), is_active=True).order_by("username")
    )
