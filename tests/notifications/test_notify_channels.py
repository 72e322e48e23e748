"""Who is told what, by which channel: in-site, email (each / digest / none), Discord."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from procrastinate.contrib.django.models import ProcrastinateJob

from games.accounts.selectors import profile_for
from games.matches.selectors import seats_to_play_count
from games.notifications.emails import (
    discord_notice,
    email_daily_digests,
    email_notification,
    email_turn,
)
from games.notifications.models import MatchPresence, Notification
from games.notifications.selectors import match_link
from games.notifications.turns import notify_match_changed, notify_turns_started
from tests.clock.support import end_turn, make_player, start_match


def jobs(task):
    return ProcrastinateJob.objects.filter(task_name=f"games.notifications.tasks.{task}")


def set_profile(user, **values):
    profile = profile_for(user)
    for key, value in values.items():
        setattr(profile, key, value)
    profile.save()


def test_the_player_to_act_is_told_once_in_site_and_by_email(match, anna, bruno):
    notify_match_changed(match_id=match.pk, version=match.version)
    notify_match_changed(match_id=match.pk, version=match.version)  # the same turn: no repeat
    turn = Notification.objects.get(kind=Notification.Kind.TURN)
    assert turn.user == anna and turn.match_id == match.pk
    deadline = match.seats.get(user=anna).deadline.isoformat()
    assert [j.args for j in jobs("send_turn_email")] == [
        {"user_id": anna.pk, "match_id": match.pk, "turn": deadline}
    ]
    assert not jobs("post_discord_notice").exists()


def test_each_new_turn_is_told_but_the_inbox_keeps_one_unread_entry_per_match(match, anna, bruno):
    notify_match_changed(match_id=match.pk, version=match.version)
    first = Notification.objects.get(user=anna, kind=Notification.Kind.TURN)
    match = end_turn(match, anna)
    notify_match_changed(match_id=match.pk, version=match.version)
    match = end_turn(match, bruno)
    notify_match_changed(match_id=match.pk, version=match.version)
    told = Notification.objects.filter(kind=Notification.Kind.TURN).order_by("pk")
    assert [n.user for n in told] == [anna, bruno]  # anna's unread entry was renewed
    renewed = told[0]
    assert renewed.pk == first.pk and renewed.params["turn"] != first.params["turn"]
    assert [j.args["user_id"] for j in jobs("send_turn_email")] == [anna.pk, bruno.pk, anna.pk]


def test_a_turn_is_told_once_even_after_a_draw_offer_replaced_its_inbox_entry(match, anna, bruno):
    notify_turns_started(match_id=match.pk)  # anna's turn
    match.seats.filter(user=bruno).update(offers_draw=True)
    notify_turns_started(match_id=match.pk)  # anna's unread entry now tells of the offer
    assert Notification.objects.get(user=anna).kind == Notification.Kind.DRAW_OFFER
    notify_turns_started(match_id=match.pk)  # still anna's turn (a move within it, say)
    assert Notification.objects.get(user=anna).kind == Notification.Kind.DRAW_OFFER
    assert [j.args["user_id"] for j in jobs("send_turn_email")] == [anna.pk]


def test_a_turn_start_queues_the_turn_bookkeeping_with_the_change(anna, bruno):
    match = start_match(anna, bruno)
    # Not in the mover's request: a job, committed with the change, that the worker runs.
    (job,) = jobs("tell_turns_started")
    assert job.args == {"match_id": match.pk}
    # One match's turn jobs never run at once, whatever the workers (their lock).
    assert job.lock == f"turns:{match.pk}"
    assert not Notification.objects.exists()
    notify_turns_started(match_id=job.args["match_id"])  # the job's body
    assert Notification.objects.filter(user=anna, match_id=match.pk).exists()


def test_a_move_within_a_turn_queues_no_turn_bookkeeping(anna, bruno):
    from games.engine.registry import get_system
    from games.matches import services

    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )
    system = get_system("neuroshima")
    within_turn = 0
    for _ in range(12):  # the HQs, then turns of several acts (draw, discard, tiles, end)
        match.refresh_from_db()
        state = system.state_from_json(match.snapshot)
        (seat,) = system.to_act(state)
        jobs("tell_turns_started").delete()
        services.match_submit_move(
            match_id=match.pk,
            user=[anna, bruno][seat],
            move_data=system.legal_moves(state, seat)[0],
            expected_version=match.version,
        )
        match.refresh_from_db()
        same_turn = tuple(system.to_act(system.state_from_json(match.snapshot))) == (seat,)
        assert jobs("tell_turns_started").exists() != same_turn
        within_turn += same_turn
    assert within_turn  # the case was met


def test_the_match_service_nudges_the_pages_on_commit(
    anna, bruno, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        start_match(anna, bruno)
    assert callbacks  # the nudge waits for the commit


@pytest.mark.parametrize("choice", ["digest", "none"])
def test_digest_and_none_players_get_no_per_turn_email(choice, anna, bruno):
    set_profile(anna, notify_turn=choice)
    match = start_match(anna, bruno)
    notify_match_changed(match_id=match.pk, version=match.version)
    assert Notification.objects.filter(user=anna, kind=Notification.Kind.TURN).exists()
    assert not jobs("send_turn_email").exists()


def test_no_turn_email_while_the_match_page_is_open(match, anna):
    MatchPresence.objects.create(
        user=anna,
        match_id=match.pk,
        channel_name="test!1",
        expires_at=timezone.now() + timedelta(minutes=5),
    )
    notify_match_changed(match_id=match.pk, version=match.version)
    assert not jobs("send_turn_email").exists()
    assert not email_turn(user_id=anna.pk, match_id=match.pk)  # checked again when sending


def test_the_turn_email_counts_exactly_what_the_navigation_shows(match, anna, bruno):
    start_match(anna, make_player("carla"))  # a second match waiting for anna
    assert email_turn(user_id=anna.pk, match_id=match.pk)
    (message,) = mail.outbox
    assert message.to == ["anna@example.org"]
    # The match by its opponent and game, not its number.
    assert message.subject.endswith("] Your turn against bruno (claim)")
    count = seats_to_play_count(user=anna)
    assert count == 2
    assert f"You have {count} matches waiting for your move." in message.body
    assert "/me/settings/" in message.body


def test_the_turn_email_speaks_the_players_language(match, anna):
    set_profile(anna, language="fr")
    email_turn(user_id=anna.pk, match_id=match.pk)
    assert "C’est votre tour" in mail.outbox[0].body


def test_no_turn_email_once_the_turn_is_played(match, anna):
    end_turn(match, anna)
    assert not email_turn(user_id=anna.pk, match_id=match.pk)
    assert mail.outbox == []


def test_the_daily_digest_lists_waiting_matches_for_digest_players_only(anna, bruno):
    set_profile(anna, notify_turn="digest")
    match = start_match(anna, bruno)
    assert email_daily_digests(now=timezone.now()) == 1
    (message,) = mail.outbox
    assert message.to == ["anna@example.org"] and f"/m/{match.pk}/" in message.body
    end_turn(match, anna)  # now bruno (an "each" player) waits; anna waits for nothing
    assert email_daily_digests(now=timezone.now()) == 0


def test_a_timeout_email_explains_why(match, anna):
    note = Notification.objects.create(
        user=anna,
        kind=Notification.Kind.TIMEOUT,
        match_id=match.pk,
        params={"title": f"Claim #{match.pk}", "loser": "anna", "you": True},
    )
    set_profile(anna, language="en")
    assert email_notification(notification_id=note.pk)
    assert "You ran out of time" in mail.outbox[0].body


def test_discord_players_get_a_webhook_post_with_title_and_link(match, anna):
    set_profile(anna, discord_webhook_url="https://discord.com/api/webhooks/1/abc")
    notify_match_changed(match_id=match.pk, version=match.version)
    turn = Notification.objects.get(user=anna, kind=Notification.Kind.TURN)
    (job,) = jobs("post_discord_notice")
    # The text is written when it is posted (RGPD: tests/accounts/test_rgpd_jobs.py).
    assert job.args == {"notification_id": turn.pk, "version": turn.created_at.isoformat()}
    url, content = discord_notice(**job.args)
    assert url == "https://discord.com/api/webhooks/1/abc"
    assert content.startswith("anna, your turn against bruno (claim): ")
    assert content.endswith(match_link(match_id=match.pk))
    # The job's body posts only to Discord's public addresses: tests/hardening/test_webhooks.py
    # runs it against a local TLS server.
