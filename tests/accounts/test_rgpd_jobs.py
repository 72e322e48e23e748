"""A deleted player's data leaves the job queue too (RGPD): procrastinate keeps a finished job's
row (a week when it succeeded, for ever when it failed), so a job never leaves personal data
in its arguments once done. The deletion's confirmation email carries the address (nothing
else keeps it) and forgets it once sent, or once it failed for good; a failed attempt that
will be retried keeps it. A Discord post carries its notice's id, never its text nor the
webhook. A deleted player's jobs still waiting find nothing to send, and those that carried
their data are dropped. Each checked by a real worker, in the tables themselves."""

from __future__ import annotations

import io
import logging

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.db import connection
from procrastinate.contrib.django.models import ProcrastinateJob

from games.accounts.selectors import profile_for
from games.notifications import tasks as notification_tasks
from games.notifications.emails import discord_notice
from games.notifications.models import Notification
from games.notifications.services import notify_invitation
from tests.accounts import mail_backends
from tests.accounts.test_rgpd_delete import confirm
from tests.clock.test_worker import empty_job_queue, run_worker  # noqa: F401
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db(transaction=True)

HOOK = "https://discord.com/api/webhooks/77/ada-secret"
ADDRESS = "ada@example.org"


@pytest.fixture
def ada():
    user = make_player("ada", display_name="Ada L")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def queue_rows() -> list[str]:
    """Every row of procrastinate's job table and of its events, as text."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT j::text FROM procrastinate_jobs j ORDER BY id")
        rows = [row[0] for row in cursor.fetchall()]
        cursor.execute("SELECT e::text FROM procrastinate_events e ORDER BY id")
        return rows + [row[0] for row in cursor.fetchall()]


def holding(text: str) -> list[str]:
    return [row for row in queue_rows() if text in row]


def deletion_job() -> ProcrastinateJob:
    return ProcrastinateJob.objects.get(task_name__endswith="send_account_deleted_email")


def run_until_done() -> None:
    """The worker, again while the email's job waits: a retry is queued for now, and a worker
    that stops once the queue is empty may stop before it."""
    for _attempt in range(4):
        run_worker("email")
        if deletion_job().status != "todo":
            return


def test_the_deletion_email_is_sent_and_its_address_leaves_the_queue(ada):
    confirm(client_for(ada), ada)
    assert deletion_job().args == {"address": ADDRESS, "language": "en"}
    run_worker("email")
    (message,) = mail.outbox
    assert message.to == [ADDRESS]
    job = deletion_job()
    assert job.status == "succeeded" and job.args == {}
    assert holding(ADDRESS) == []


def test_a_failed_attempt_keeps_the_address_for_the_next_one(ada, settings):
    settings.EMAIL_BACKEND = "tests.accounts.mail_backends.UnreachableOnce"
    mail_backends.UnreachableOnce.failed = False
    confirm(client_for(ada), ada)
    run_until_done()  # the first attempt fails, the retry sends it, to the address it kept
    assert mail_backends.UnreachableOnce.failed
    (message,) = mail.outbox
    assert message.to == [ADDRESS]
    job = deletion_job()
    assert (job.status, job.attempts, job.args) == ("succeeded", 2, {})
    assert holding(ADDRESS) == []


def test_an_email_that_fails_for_good_forgets_the_address_too(ada, settings):
    settings.EMAIL_BACKEND = "tests.accounts.mail_backends.Unreachable"
    confirm(client_for(ada), ada)
    run_until_done()
    assert mail.outbox == []
    job = deletion_job()
    assert (job.status, job.attempts, job.args) == ("failed", 4, {})  # 1 + its 3 retries
    assert holding(ADDRESS) == []


@pytest.fixture
def console_log():
    """What the site's console handler (settings.LOGGING) writes, its filters included."""
    (handler,) = [h for h in logging.getLogger().handlers if type(h) is logging.StreamHandler]
    written = io.StringIO()
    before = handler.setStream(written)
    yield written
    handler.setStream(before)


def test_the_worker_log_of_a_failed_deletion_email_does_not_name_the_address(
    ada, settings, console_log
):
    settings.EMAIL_BACKEND = "tests.accounts.mail_backends.Refusing"
    confirm(client_for(ada), ada)
    run_until_done()
    assert deletion_job().status == "failed"
    log = console_log.getvalue()
    # The final failure is logged, with its job and the server's answer, without the address.
    assert "send_account_deleted_email" in log and "mailbox unavailable" in log
    assert ADDRESS not in log


def test_a_discord_post_carries_neither_its_text_nor_the_webhook(ada, dns):
    profile = profile_for(ada)
    profile.discord_webhook_url = HOOK
    profile.save()
    notify_invitation(user=ada, by="ben", name="Ligue des Ardennes", url="/league/1/")
    (notice,) = Notification.objects.filter(user=ada)
    (job,) = ProcrastinateJob.objects.filter(task_name__endswith="post_discord_notice")
    assert job.args == {"notification_id": notice.pk, "version": notice.created_at.isoformat()}
    url, text = discord_notice(**job.args)  # written when it is posted
    assert url == HOOK and "Ligue des Ardennes" in text
    dns["discord.com"] = ["127.0.0.1"]  # refused when it posts: the job succeeds, sends nothing
    run_worker("webhook")
    assert ProcrastinateJob.objects.get(pk=job.pk).status == "succeeded"
    assert holding("Ligue des Ardennes") == [] and holding(HOOK) == []


def test_a_notice_renewed_before_its_post_went_is_posted_once_with_the_newer_text(ada):
    """Two invitations to the same page before the worker runs: one unread notice, renewed in
    place, and two jobs by reference. The first finds the notice changed and sends nothing;
    the second sends the newer text (a post queued with its text sent both)."""
    profile = profile_for(ada)
    profile.discord_webhook_url = HOOK
    profile.save()
    notify_invitation(user=ada, by="ben", name="Ligue des Ardennes", url="/league/1/")
    notify_invitation(user=ada, by="carl", name="Ligue des Ardennes", url="/league/1/")
    (notice,) = Notification.objects.filter(user=ada)
    first, second = ProcrastinateJob.objects.filter(
        task_name__endswith="post_discord_notice"
    ).order_by("id")
    assert first.args["notification_id"] == second.args["notification_id"] == notice.pk
    assert discord_notice(**first.args) is None
    url, text = discord_notice(**second.args)
    assert url == HOOK and "carl" in text


def test_a_post_queued_with_its_text_before_forgets_it_once_done(dns):
    dns["discord.com"] = ["127.0.0.1"]
    notification_tasks.post_discord_webhook.defer(url=HOOK, content="Your turn, Ada L")
    run_worker("webhook")
    (job,) = ProcrastinateJob.objects.filter(task_name__endswith="post_discord_webhook")
    assert (job.status, job.args) == ("succeeded", {})
    assert holding("Ada L") == [] and holding(HOOK) == []


def test_a_deleted_players_waiting_jobs_send_nothing_and_those_with_their_data_go(ada):
    ben = make_player("ben")
    for player, hook in ((ada, HOOK), (ben, "https://discord.com/api/webhooks/78/ben")):
        profile = profile_for(player)
        profile.discord_webhook_url = hook
        profile.save()
    notify_invitation(user=ada, by="ben", name="Ligue des Ardennes", url="/league/1/")
    (notice,) = Notification.objects.filter(user=ada)
    notification_tasks.post_discord_webhook.defer(url=HOOK, content="Your turn, Ada L")
    notification_tasks.post_discord_webhook.defer(
        url="https://discord.com/api/webhooks/78/ben", content="Your turn, ben"
    )
    confirm(client_for(ada), ada)
    # The post that carried ada's text and webhook is dropped; ben's waits for the worker.
    assert holding("Ada L") == [] and holding(HOOK) == []
    assert len(holding("Your turn, ben")) == 1
    # The posts by reference stay in the queue, and find nothing to send any more.
    (job,) = ProcrastinateJob.objects.filter(task_name__endswith="post_discord_notice")
    assert job.args["notification_id"] == notice.pk
    assert discord_notice(**job.args) is None
