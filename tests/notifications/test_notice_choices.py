"""A player chooses, per group of notices (in a player's words), where they go: the inbox and
their channels (email by their settings, push, Discord), the inbox only, or nothing. The inbox
is the record: their turn, reminders, a loss on time and a game over can never be set to
nothing. The badge, the email, the push and the Discord post all follow the choice."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from procrastinate.contrib.django.models import ProcrastinateJob

from games.accounts.models import Profile
from games.accounts.notice_groups import NOTICE_GROUPS
from games.accounts.selectors import profile_for
from games.accounts.services import follow_add
from games.matches.services import match_post_chat
from games.notifications.emails import email_daily_digests, email_turn
from games.notifications.models import Notification, PushSubscription
from games.notifications.reach import KIND_GROUP
from games.notifications.selectors import notification_unread_count
from games.notifications.services import send_unread_count
from games.notifications.turns import notify_turns_started
from tests.fixtures import challenged_match, client_for, make_player, start_match

pytestmark = pytest.mark.django_db

HOOK = "https://discord.com/api/webhooks/1/abc"


def choose(user, **choices) -> None:
    profile = profile_for(user)
    profile.notice_choices = choices
    profile.save()


def reachable_everywhere(user) -> None:
    """Emails at each turn, a Discord webhook and a browser taking push: every channel open."""
    profile = profile_for(user)
    profile.notify_turn = Profile.NotifyTurn.EACH
    profile.discord_webhook_url = HOOK
    profile.save()
    PushSubscription.objects.create(
        user=user, endpoint=f"https://push.example/{user.pk}", p256dh="k", auth="a"
    )


def channel_jobs() -> set[str]:
    """The outside channels queued: email, push, Discord (task names without their module)."""
    names = ProcrastinateJob.objects.values_list("task_name", flat=True)
    outside = {"send_notification_email", "send_turn_email", "send_push", "post_discord_notice"}
    return {name.rsplit(".", 1)[-1] for name in names} & outside


def settings_form(**overrides) -> dict:
    data = {
        "display_name": "",
        "language": "en",
        "time_zone": "Europe/Paris",
        "theme": "auto",
        "notify_turn": "each",
        "deadline_reminders": "on",
        "turn_chime": "on",
        "discord_webhook_url": "",
        **{f"notice_{group.key}": group.default for group in NOTICE_GROUPS},
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


def test_every_kind_of_notice_belongs_to_a_group_the_settings_offer():
    assert set(KIND_GROUP) == set(Notification.Kind.values)
    assert set(KIND_GROUP.values()) == {group.key for group in NOTICE_GROUPS}


def test_the_settings_page_offers_each_group_in_the_players_words(anna):
    Profile.objects.filter(user=anna).update(language="fr")
    html = client_for(anna, "fr").get("/me/settings/").content.decode()
    for words in (
        "Votre tour et rappels",
        "Messages des adversaires",
        "Défis",
        "Nouveaux abonnés",
        "Ligues et campagnes",
        "Boîte de réception seulement",
    ):
        assert words in html
    # Why "your turn" has no "nothing": one sentence on the page, and no such radio.
    assert "ne peuvent donc pas être coupés" in html
    assert 'name="notice_turns" value="off"' not in html
    assert 'name="notice_opponents" value="off"' in html


def test_the_choices_are_saved_compactly_and_shown_again(anna):
    client = client_for(anna, "en")
    answer = client.post(
        "/me/settings/",
        settings_form(notice_turns="inbox", notice_opponents="off", notice_followers="all"),
    )
    assert answer.status_code == 302
    assert profile_for(anna).notice_choices == {
        "turns": "inbox",
        "opponents": "off",
        "challenges": "all",
        "followers": "all",
        "competitions": "all",
    }
    html = client.get("/me/settings/").content.decode()
    assert re.search(r'name="notice_opponents" value="off"[^>]* checked', html)
    assert re.search(r'name="notice_turns" value="inbox"[^>]* checked', html)


@pytest.mark.parametrize(
    "forged",
    [
        {"notice_turns": "off"},  # your turn is never silenced
        {"notice_followers": "loud"},
        {"notice_challenges": "<b>all</b>"},
    ],
)
def test_forged_choices_are_refused_and_change_nothing(anna, forged):
    choose(anna, opponents="inbox")
    answer = client_for(anna, "en").post(
        "/me/settings/", settings_form(**forged, display_name="Changed"), HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 400
    assert "Select a valid choice" in answer.content.decode()
    profile = profile_for(anna)
    assert profile.notice_choices == {"opponents": "inbox"} and profile.display_name == ""


def test_a_form_without_the_groups_keeps_the_choices(anna):
    choose(anna, challenges="off")
    legacy = settings_form(**{f"notice_{group.key}": None for group in NOTICE_GROUPS})
    assert client_for(anna, "en").post("/me/settings/", legacy).status_code == 302
    assert profile_for(anna).notice_choice("challenges") == "off"


def test_a_forged_stored_choice_never_silences_a_turn(anna, bruno):
    Profile.objects.filter(user=anna).update(notice_choices={"turns": "off"})
    match = start_match(anna, bruno)
    notify_turns_started(match_id=match.pk)
    assert Notification.objects.filter(user=anna, kind=Notification.Kind.TURN).exists()


def test_inbox_only_chat_reaches_the_inbox_and_its_badge_but_no_channel(match, anna, bruno):
    reachable_everywhere(bruno)
    choose(bruno, opponents="inbox")
    match_post_chat(match_id=match.pk, user=anna, text="Une pause ?")
    assert Notification.objects.filter(user=bruno, kind=Notification.Kind.CHAT).exists()
    assert notification_unread_count(user=bruno) == 1
    assert channel_jobs() == set()


def test_everywhere_is_the_default_for_a_chat(match, anna, bruno):
    reachable_everywhere(bruno)
    match_post_chat(match_id=match.pk, user=anna, text="Une pause ?")
    assert channel_jobs() == {"send_notification_email", "send_push", "post_discord_notice"}


def test_challenges_set_to_nothing_leave_no_entry_no_badge_and_no_channel(anna, bruno):
    reachable_everywhere(bruno)
    choose(bruno, challenges="off")
    match = challenged_match(anna, bruno)
    assert not Notification.objects.filter(user=bruno).exists()
    assert notification_unread_count(user=bruno) == 0
    assert channel_jobs() == set()
    # Honest about what "nothing" means: the challenge still waits in My games.
    html = client_for(bruno, "en").get("/games/").content.decode()
    assert f"/m/{match.pk}/" in html


def test_a_draw_offer_follows_the_opponents_group(match, anna, bruno):
    reachable_everywhere(anna)
    choose(anna, opponents="off")
    match.seats.filter(user=bruno).update(offers_draw=True)
    notify_turns_started(match_id=match.pk)
    kinds = set(Notification.objects.filter(user=anna).values_list("kind", flat=True))
    assert kinds == {Notification.Kind.TURN}  # the turn is told, the offer is not


def test_new_followers_may_be_pushed_and_emailed_when_the_player_asks(anna, bruno):
    reachable_everywhere(anna)
    choose(anna, followers="all")
    follow_add(user=bruno, followed=anna)
    assert Notification.objects.filter(user=anna, kind=Notification.Kind.FOLLOWED).exists()
    assert channel_jobs() == {"send_notification_email", "send_push", "post_discord_notice"}


def test_new_followers_set_to_nothing_are_not_even_in_the_inbox(anna, bruno):
    choose(anna, followers="off")
    follow_add(user=bruno, followed=anna)
    assert not Notification.objects.filter(user=anna).exists()


def test_turns_in_the_inbox_only_send_no_turn_email_push_discord_nor_digest(anna, bruno):
    reachable_everywhere(anna)
    choose(anna, turns="inbox")
    match = start_match(anna, bruno)
    notify_turns_started(match_id=match.pk)
    assert Notification.objects.filter(user=anna, kind=Notification.Kind.TURN).exists()
    assert notification_unread_count(user=anna) == 1
    assert channel_jobs() == set()
    assert not email_turn(user_id=anna.pk, match_id=match.pk)  # checked again when sending
    Profile.objects.filter(user=anna).update(notify_turn=Profile.NotifyTurn.DIGEST)
    carla = make_player("carla", notify_turn=Profile.NotifyTurn.DIGEST)
    start_match(carla, bruno)  # a digest player who left their turns to reach them
    assert email_daily_digests(now=timezone.now()) == 1  # carla's, not anna's


def test_a_loss_on_time_in_the_inbox_only_goes_nowhere_else(match, anna, bruno):
    from tests.fixtures import time_out

    reachable_everywhere(anna)
    choose(anna, turns="inbox")
    ProcrastinateJob.objects.all().delete()
    time_out(match, 0)
    (lost,) = Notification.objects.filter(user=anna, kind=Notification.Kind.TIMEOUT)
    queued_for = {job.args.get("notification_id") for job in ProcrastinateJob.objects.all()}
    assert lost.pk not in queued_for
    assert not ProcrastinateJob.objects.filter(task_name__endswith="post_discord_notice")
    # bruno left it to reach him: his is emailed
    (told,) = Notification.objects.filter(user=bruno, kind=Notification.Kind.TIMEOUT)
    assert told.pk in queued_for


def test_league_and_campaign_invitations_follow_the_competitions_group(anna, organiser):
    from games.notifications.services import notify_invitation

    choose(anna, competitions="off")
    told = notify_invitation(user=anna, by="orga", name="Ligue d'hiver", url="/leagues/1/")
    assert told is None and not Notification.objects.filter(user=anna).exists()


@pytest.mark.django_db(transaction=True)
def test_the_live_badge_follows_the_choice(anna, bruno):
    from channels.db import database_sync_to_async

    from tests.notifications.test_notify_consumer import communicator, own_loop

    carla = make_player("carla")

    @own_loop
    async def scenario():
        socket = communicator(anna)
        assert (await socket.connect())[0]
        assert socket.hello["notes"] == 0
        await database_sync_to_async(choose)(anna, followers="off")
        await database_sync_to_async(follow_add)(user=bruno, followed=anna)  # nothing to count
        # What the badge hears next is this count: bruno's follow sent none, made none.
        await database_sync_to_async(send_unread_count)(user_id=anna.pk)
        assert await socket.receive_json_from() == {"type": "notes", "count": 0}
        await database_sync_to_async(choose)(anna, followers="inbox")
        await database_sync_to_async(follow_add)(user=carla, followed=anna)
        assert await socket.receive_json_from() == {"type": "notes", "count": 1}
        await socket.disconnect()

    scenario()


def test_a_group_set_to_nothing_takes_its_unread_entries_out_of_the_badge(match, anna, bruno):
    """Nothing of the group reaches the player any more: the entries already waiting are
    marked read (kept in the inbox), the other groups' stay unread."""
    match_post_chat(match_id=match.pk, user=bruno, text="Salut")
    follow_add(user=bruno, followed=anna)
    assert notification_unread_count(user=anna) == 2
    client = client_for(anna, "en")
    assert client.post("/me/settings/", settings_form(notice_opponents="inbox")).status_code == 302
    assert notification_unread_count(user=anna) == 2  # still reaching the inbox: kept unread
    assert client.post("/me/settings/", settings_form(notice_opponents="off")).status_code == 302
    assert notification_unread_count(user=anna) == 1
    chat = Notification.objects.get(user=anna, kind=Notification.Kind.CHAT)
    assert chat.read_at is not None
    assert Notification.objects.get(user=anna, kind=Notification.Kind.FOLLOWED).read_at is None
