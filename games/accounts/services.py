"""Writes about players: their settings and picture, whom they follow and block, their reports.
(Vacation, which moves their clocks, belongs to games.clock.vacation.)"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.postgres.fields import ArrayField
from django.db import transaction
from django.db.models import CharField, F, Func, IntegerField, JSONField, Q, TextField, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from games.accounts.avatars import avatar_digest, avatar_encoded
from games.accounts.hooks import run_followed_handlers, run_notices_silenced_handlers
from games.accounts.models import Avatar, Block, Follow, PlayerReport, Profile
from games.accounts.notice_groups import NOTICE_GROUPS, NoticeChoice
from games.accounts.selectors import has_blocked, profile_for
from games.refusals import Refused


def profile_update(*, user, data: dict) -> Profile:
    profile = profile_for(user)
    off = NoticeChoice.OFF
    heard_before = {g.key for g in NOTICE_GROUPS if profile.notice_choice(g.key) != off}
    for field, value in data.items():
        setattr(profile, field, value)
    profile.full_clean()
    with transaction.atomic():
        profile.save()
        silenced = {g for g in heard_before if profile.notice_choice(g) == off}
        if silenced:
            # Their unread notices would otherwise keep the badge counting what the player
            # just asked not to hear about.
            run_notices_silenced_handlers(user=user, groups=silenced)
    return profile


def profile_set_language(*, user, language: str) -> Profile:
    """The language every page speaks to `user` (the header's switch)."""
    return _profile_set(user, "language", language)


def profile_set_theme(*, user, theme: str) -> Profile:
    """The colours every page shows `user` (the header's switch; Settings has it too)."""
    return _profile_set(user, "theme", theme)


def _profile_set(user, field: str, value: str) -> Profile:
    """One preference of the header's switches, saved only when it changes."""
    profile = profile_for(user)
    if getattr(profile, field) != value:
        setattr(profile, field, value)
        profile.full_clean()
        profile.save(update_fields=[field])
    return profile


def avatar_set(*, user, data: bytes) -> Profile:
    """`user`'s picture becomes the file `data` as we re-encode it (games/accounts/avatars.py);
    a file we do not accept is refused before anything is written."""
    image = avatar_encoded(data)
    return _avatar_write(user, image)


def avatar_remove(*, user) -> Profile:
    """`user` has no picture any more (theirs from Settings, or the staff's from Django admin):
    their initials show again."""
    return _avatar_write(user, None)


def _avatar_write(user, image: bytes | None) -> Profile:
    """The picture and the profile's digest change together (the profile's row locked: of two
    uploads at once, the last one written is the one shown)."""
    with transaction.atomic():
        profile_for(user)
        profile = Profile.objects.select_for_update().get(user=user)
        if image is None:
            Avatar.objects.filter(user=user).delete()
            profile.avatar_digest = ""
        else:
            Avatar.objects.update_or_create(user=user, defaults={"image": image})
            profile.avatar_digest = avatar_digest(image)
        profile.save(update_fields=["avatar_digest"])
    return profile


def profile_set_game_tips(*, user, choice: str) -> Profile:
    """Whether `user` sees the games' tips (the tips box's « Masquer les conseils » sets
    "never"; Settings has every choice). A choice that is not one is refused."""
    if choice not in Profile.GameTips.values:
        raise Refused(_("Choose automatic, always or never."))
    return _profile_set(user, "game_tips", choice)


def profiles_count_finished_match(*, user_ids, system: str) -> None:
    """One more finished match of `system` for each of these players (their profile's
    `finished_matches`), in one UPDATE that adds to what the row holds when it is written: two
    matches of one player ending at once both count."""
    if not user_ids:
        return
    # (A player without a profile row, an account not made by the sign-up, is not given one
    # here: a new profile's defaults, its language among them, would replace what their
    # browser says. Their tips count from their first saved setting.)
    count = Cast(KT(f"finished_matches__{system}"), IntegerField())
    Profile.objects.filter(user_id__in=set(user_ids)).update(
        finished_matches=Func(
            F("finished_matches"),
            Value([system], output_field=ArrayField(CharField())),
            Cast(Cast(Coalesce(count, 0) + 1, TextField()), JSONField()),
            function="jsonb_set",
            output_field=JSONField(),
        )
    )


# --- the social side: follows, blocks, reports ----------------------------------------------

REPORTS_PER_DAY = 5
REPORT_MAX = 2000


def _lock_players(*users) -> None:
    """Locks the players' rows (in id order, so two calls never wait on each other): a follow
    and a block of the same two players happen one after the other, never crossed (a follow
    surviving the block that should have removed it); a player's reports one at a time."""
    list(
        get_user_model()
        .objects.select_for_update()
        .filter(pk__in=[u.pk for u in users])
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def follow_add(*, user, followed) -> Follow:
    """`user` follows `followed` (again: nothing changes). Refused for oneself, for a player one
    blocked, and, with a sentence that does not say why, for a player who blocked `user`."""
    if followed.pk == user.pk:
        raise Refused(_("You cannot follow yourself."))
    with transaction.atomic():
        _lock_players(user, followed)
        if has_blocked(blocker=user, blocked=followed):
            raise Refused(_("You have blocked this player: unblock them first."))
        if has_blocked(blocker=followed, blocked=user):
            raise Refused(_("This player does not accept followers from you."))
        follow, created = Follow.objects.get_or_create(follower=user, followed=followed)
        if created:
            run_followed_handlers(follower=user, followed=followed)
    return follow


def follow_remove(*, user, followed) -> None:
    """`user` stops following `followed` (not following: nothing changes)."""
    Follow.objects.filter(follower_id=user.pk, followed_id=followed.pk).delete()


def block_add(*, user, blocked) -> Block:
    """`user` blocks `blocked` (again: nothing changes): the follows between them end, either
    way. The blocked player is told nothing."""
    if blocked.pk == user.pk:
        raise Refused(_("You cannot block yourself."))
    with transaction.atomic():
        _lock_players(user, blocked)
        block, _created = Block.objects.get_or_create(blocker=user, blocked=blocked)
        Follow.objects.filter(
            Q(follower_id=user.pk, followed_id=blocked.pk)
            | Q(follower_id=blocked.pk, followed_id=user.pk)
        ).delete()
    return block


def block_remove(*, user, blocked) -> None:
    """`user` unblocks `blocked` (not blocked: nothing changes). Follows removed stay removed."""
    Block.objects.filter(blocker_id=user.pk, blocked_id=blocked.pk).delete()


def player_report(*, user, reported, reason: str) -> PlayerReport:
    """`user` reports `reported`'s behaviour to the staff (Django admin), at most
    REPORTS_PER_DAY reports a day."""
    reason = (reason or "").strip()
    if reported.pk == user.pk:
        raise Refused(_("You cannot report yourself."))
    if not reason:
        raise Refused(_("Say what happened first."))
    if len(reason) > REPORT_MAX:
        raise Refused(_("A report may have at most 2000 characters."))
    with transaction.atomic():
        _lock_players(user)  # the count below holds until this report is stored
        since = timezone.now() - timedelta(days=1)
        if (
            PlayerReport.objects.filter(reporter_id=user.pk, created_at__gte=since).count()
            >= REPORTS_PER_DAY
        ):
            raise Refused(_("You have sent many reports today: try again tomorrow."))
        return PlayerReport.objects.create(reporter=user, reported=reported, reason=reason)
