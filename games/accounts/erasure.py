"""A player's rights over their data (RGPD): the download of what the site holds about them, and
the deletion of their account. Other apps add their part through games/accounts/privacy.py.

The deletion, decided here:
- it asks for the password (re-authentication) and the user name typed again; anything else is
  refused with the reason and nothing changes;
- every app's checks run first (the sole organiser of a league, the organiser of a campaign not
  finished: refused in words), then, in one transaction, every app's steps stage by stage
  (privacy.ERASURE_STAGES: matches resigned, competitions left, belongings forgotten);
- the account is anonymised, not deleted, so other players' finished matches, tables and
  histories stay whole: its user name becomes « joueur supprimé <id> » (the account's own
  number: unique, and a space no sign-up name may hold) before the other apps' steps run, so
  what they write names the deleted player; then its email addresses, sessions,
  picture, profile (back to the defaults: display name, webhook, time zone...), follows and
  blocks (both ways) go, the password becomes unusable and the account inactive (it can no
  longer sign in; its public page answers 404). The reports it filed stay with the staff, who
  may still need them; the league's and campaigns' logs keep what happened under the new name
  (they name players by reference: games/accounts/names.py), other players' notices are
  rewritten with it; the former name is retired: nobody may sign up with it (retired_names.py);
- an email to the former address confirms it, sent by the worker once the deletion commits
  (its job forgets the address once done: hexsite/job_arguments.py)."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from games.accounts.models import Avatar, Block, Follow, PlayerReport, PlayerSession, Profile
from games.accounts.notice_groups import NOTICE_GROUPS
from games.accounts.privacy import data_sections, run_erasure_checks, run_erasure_steps
from games.accounts.retired_names import retire_name
from games.accounts.selectors import profile_for
from games.refusals import Forbidden, Refused

# The name a deleted account takes (never translated: it is stored, and every reader sees it).
DELETED_NAME = "joueur supprimé {number}"


def account_data(*, user) -> dict:
    """Everything the site holds about `user`, as JSON-ready values: their account, profile and
    settings, picture, follows, blocks and reports, then every other app's section."""
    profile = profile_for(user)
    data = {
        "account": {
            "username": user.get_username(),
            "email_addresses": [
                {"email": e.email, "verified": e.verified, "primary": e.primary}
                for e in EmailAddress.objects.filter(user=user).order_by("pk")
            ],
            "date_joined": user.date_joined,
            "last_login": user.last_login,
        },
        "profile": _profile_data(profile),
        "profile_picture": _picture_data(user, profile),
        "following": list(
            Follow.objects.filter(follower=user)
            .order_by("created_at")
            .values_list("followed__username", flat=True)
        ),
        "blocking": list(
            Block.objects.filter(blocker=user)
            .order_by("created_at")
            .values_list("blocked__username", flat=True)
        ),
        "reports_filed": [
            {"reported": r.reported.get_username(), "reason": r.reason, "created_at": r.created_at}
            for r in PlayerReport.objects.filter(reporter=user)
            .select_related("reported")
            .order_by("created_at")
        ],
    }
    data.update(data_sections(user))
    return data


def _profile_data(profile: Profile) -> dict:
    return {
        "display_name": profile.display_name,
        "language": profile.language,
        "time_zone": profile.time_zone,
        "turn_emails": profile.notify_turn,
        "discord_webhook": profile.discord_webhook_url,
        "deadline_reminders": profile.deadline_reminders,
        "what_reaches_you": {g.key: profile.notice_choice(g.key) for g in NOTICE_GROUPS},
        "turn_chime": profile.turn_chime,
        "theme": profile.theme,
        "weekend_pause": profile.weekend_pause,
        "game_tips": profile.game_tips,
        "finished_matches": profile.finished_matches,
        "vacation": {
            "days_per_year": profile.vacation_days_per_year,
            "days_used": profile.vacation_used,
            "year": profile.vacation_year,
            "on_vacation_until": profile.on_vacation_until,
        },
    }


def _picture_data(user, profile: Profile) -> dict:
    """Whether there is a picture and its digest (the picture itself is at its public address)."""
    updated = Avatar.objects.filter(user=user).values_list("updated_at", flat=True).first()
    return {
        "present": bool(profile.avatar_digest),
        "digest": profile.avatar_digest,
        "updated_at": updated,
    }


def account_erase(*, user, password: str, username: str) -> str:
    """Deletes `user`'s account as the module's note says, once they gave their password and
    typed their user name again; returns the name the account now has."""
    if user is None or not user.is_authenticated:
        raise Forbidden(_("Please sign in first."))
    with transaction.atomic():
        # Locked: a second submit waits for the first, then finds the account gone.
        player = get_user_model().objects.select_for_update().get(pk=user.pk)
        if not player.is_active:
            raise Refused(_("This account is deleted already."))
        if not player.check_password(password or ""):
            raise Refused(_("This is not your password: nothing was deleted."))
        if (username or "").strip() != player.get_username():
            raise Refused(
                _("Type your user name exactly as it is written above: nothing was deleted.")
            )
        run_erasure_checks(player)
        address, language = player.email, profile_for(player).language
        if not address:
            address = (
                EmailAddress.objects.filter(user=player, primary=True)
                .values_list("email", flat=True)
                .first()
            ) or ""
        former = player.get_username()
        _retire(player)
        retire_name(former)
        run_erasure_steps(player, former_username=former)
        _anonymise(player)
        if address:
            from games.accounts.tasks import send_account_deleted_email

            send_account_deleted_email.defer(address=address, language=language)
    return player.get_username()


def _retire(player) -> None:
    """Before the other apps' steps: what they write (a resignation told to the opponents, a
    withdrawal in the season's log, a departure in a campaign's feed) names the deleted player,
    not the former name, and nothing they cause is told to this account any more (the
    notifications app tells no inactive account)."""
    player.username = DELETED_NAME.format(number=player.pk)
    player.is_active = False
    player.save(update_fields=["username", "is_active"])
    Profile.objects.filter(user=player).update(display_name="")
    if hasattr(player, "profile"):
        player.profile.display_name = ""


def _anonymise(player) -> None:
    EmailAddress.objects.filter(user=player).delete()
    if apps.is_installed("allauth.socialaccount"):  # (not installed today)
        apps.get_model("socialaccount", "SocialAccount").objects.filter(user=player).delete()
    PlayerSession.objects.filter(user=player).delete()
    Avatar.objects.filter(user=player).delete()
    Follow.objects.filter(follower=player).delete()
    Follow.objects.filter(followed=player).delete()
    Block.objects.filter(blocker=player).delete()
    Block.objects.filter(blocked=player).delete()
    # Back to a new player's defaults: display name, webhook, time zone, vacation, picture.
    Profile.objects.filter(user=player).delete()
    Profile.objects.create(user=player)
    player.email = ""
    player.first_name = player.last_name = ""
    player.is_staff = player.is_superuser = False
    player.set_unusable_password()
    player.save()
    player.groups.clear()
    player.user_permissions.clear()


def email_account_deleted(*, address: str, language: str) -> None:
    """The confirmation to the address the account had (the worker's job: tasks.py)."""
    with translation.override(language):
        subject = f"[{settings.SITE_NAME}] " + _("Your account is deleted")
        body = _(
            "Your account on %(site)s is deleted, as you asked. Your matches in progress were "
            "resigned, your registrations withdrawn, and what the site kept about you is "
            "erased; other players' finished matches show a deleted player instead of you."
        ) % {"site": settings.SITE_NAME}
        signature = f"{settings.SITE_NAME} · {settings.SITE_URL}"
        send_mail(subject, f"{body}\n\n-- \n{signature}\n", None, [address])
