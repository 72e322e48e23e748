"""The player whose deadline passed hears that the rules' default was played for them (lichess
and BGA tell a player when the clock acted for them): the inbox and the channels they chose,
once per default, naming the match as the other notices do. The other players read it in the
log only; a default that ends the match is no loss on time."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.accounts.models import Profile
from games.engine import registry
from games.matches import services
from games.matches.models import Match
from games.notifications.emails import email_notification
from games.notifications.models import Notification
from games.notifications.texts import notification_link, notification_text
from games.notifications.turns import notify_deadline_default
from tests.fixtures import last_record, match_state, submit, time_out
from tests.matches.demo_system import ClaimWithDefault
from tests.notifications.test_notice_choices import channel_jobs, choose, reachable_everywhere

pytestmark = pytest.mark.django_db

registry.register(ClaimWithDefault())

DEFAULTED = Notification.Kind.DEADLINE_DEFAULT


def _claim(match, user, seat: int) -> None:
    system, state = match_state(match)
    submit(match, user, next(m for m in system.legal_moves(state, seat) if m["type"] == "claim"))


def _default_played(match, seat: int, capture) -> None:
    """The seat's deadline passes, the clock plays its default, and the change commits."""
    with capture(execute=True):
        assert time_out(match, seat) == [(match.pk, seat)]
    assert last_record(match).data["by_deadline"] is True


@pytest.fixture
def claim_match(anna, bruno):
    return services.match_create(
        system="claimdefault", config={"hexes": 8}, seat_users=[anna, bruno]
    )


def test_the_player_whose_default_was_played_is_told_by_inbox_and_channels(
    claim_match, anna, bruno, django_capture_on_commit_callbacks
):
    reachable_everywhere(anna)
    _claim(claim_match, anna, 0)
    _default_played(claim_match, 0, django_capture_on_commit_callbacks)
    (note,) = Notification.objects.filter(user=anna, kind=DEFAULTED)
    with translation.override("fr"):
        assert notification_text(note) == (
            "Votre délai est dépassé dans votre partie contre bruno (claimdefault) : le choix"
            " par défaut des règles a été joué à votre place."
        )
    with translation.override("en"):
        assert notification_text(note) == (
            "Your deadline passed in your match against bruno (claimdefault): the rules'"
            " default was played for you."
        )
    assert notification_link(note) == f"/m/{claim_match.pk}/"
    assert channel_jobs() == {"send_notification_email", "send_push", "post_discord_notice"}
    # Only the seat whose default was played: bruno reads it in the log.
    assert not Notification.objects.filter(user=bruno, kind=DEFAULTED).exists()


def test_its_email_says_it_in_the_players_language_with_the_link_to_the_match(
    claim_match, anna, mailoutbox, django_capture_on_commit_callbacks
):
    reachable_everywhere(anna)
    Profile.objects.filter(user=anna).update(language="fr")
    _claim(claim_match, anna, 0)
    _default_played(claim_match, 0, django_capture_on_commit_callbacks)
    (note,) = Notification.objects.filter(user=anna, kind=DEFAULTED)
    assert email_notification(notification_id=note.pk)
    (mail,) = mailoutbox
    assert "Votre délai est dépassé dans votre partie contre bruno" in mail.subject
    assert f"/m/{claim_match.pk}/" in mail.body


def test_a_default_is_told_once_however_often_its_telling_runs(
    claim_match, anna, django_capture_on_commit_callbacks
):
    _claim(claim_match, anna, 0)
    _default_played(claim_match, 0, django_capture_on_commit_callbacks)
    seq = last_record(claim_match).seq
    Notification.objects.filter(user=anna).update(read_at=claim_match.created_at)
    notify_deadline_default(match_id=claim_match.pk, seat=0, seq=seq)
    assert Notification.objects.filter(user=anna, kind=DEFAULTED).count() == 1


def test_turns_in_the_inbox_only_keep_the_default_off_the_channels(
    claim_match, anna, django_capture_on_commit_callbacks
):
    reachable_everywhere(anna)
    choose(anna, turns="inbox")
    _claim(claim_match, anna, 0)
    _default_played(claim_match, 0, django_capture_on_commit_callbacks)
    assert Notification.objects.filter(user=anna, kind=DEFAULTED).exists()
    assert channel_jobs() == set()


def test_telling_a_default_costs_the_same_at_a_larger_table(anna, bruno, make_user):
    def cost(users) -> int:
        match = services.match_create(system="claimdefault", config={}, seat_users=users)
        _claim(match, users[0], 0)
        time_out(match, 0)
        with CaptureQueriesContext(connection) as queries:
            notify_deadline_default(match_id=match.pk, seat=0, seq=last_record(match).seq)
        assert Notification.objects.filter(match_id=match.pk, kind=DEFAULTED).count() == 1
        return len(queries.captured_queries)

    assert cost([anna, bruno]) == cost([anna, bruno, make_user("carla"), make_user("dora")])


def test_a_default_that_ends_the_match_is_no_loss_on_time(
    anna, bruno, django_capture_on_commit_callbacks
):
    """Four hexes: bruno fills the board, his deadline ends his turn, and the full board ends
    the match by its score; nobody ran out of time."""
    match = services.match_create(
        system="claimdefault", config={"hexes": 4}, seat_users=[anna, bruno]
    )
    _claim(match, anna, 0)
    _claim(match, anna, 0)
    submit(match, anna, {"type": "end"})
    _claim(match, bruno, 1)
    _claim(match, bruno, 1)
    _default_played(match, 1, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome["reason"] == "board full"
    assert not Notification.objects.filter(kind=Notification.Kind.TIMEOUT).exists()
    # bruno was told of his default, then the result took its place in his inbox.
    kinds = dict(Notification.objects.values_list("user__username", "kind"))
    assert kinds == {"anna": Notification.Kind.GAME_OVER, "bruno": Notification.Kind.GAME_OVER}
