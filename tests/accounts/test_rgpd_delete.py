"""« Supprimer mon compte » (RGPD): the password and the name again, then the player's matches
resigned, tables left, registrations withdrawn, campaigns left, the account anonymised (not
deleted: the opponents' histories stay whole), signed out, an email to the former address.
Refused with the reason, nothing changed: a wrong password or name, a forged field, a second
submit, the sole organiser of a league, the organiser of a campaign not over."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation
from procrastinate.contrib.django.models import ProcrastinateJob

from games.accounts import services as accounts
from games.accounts.erasure import account_erase, email_account_deleted
from games.accounts.models import Follow, PlayerSession
from games.campaigns import services as campaigns
from games.campaigns.models import CampaignPlayer, FeedEntry
from games.league import services as league
from games.league.models import Registration, SeasonLog
from games.matches import services as matches
from games.matches.models import ChatMessage, Match, MatchNote
from games.matches.services.notes import match_note_save
from games.notifications.models import Notification
from games.notifications.texts import notification_text
from games.refusals import Refused
from tests.fixtures import challenged_match, client_for, make_player, start_match

pytestmark = pytest.mark.django_db
URL = reverse("accounts:delete")


@pytest.fixture
def ada():
    user = make_player("ada", display_name="Ada L")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


@pytest.fixture
def ben():
    return make_player("ben")


def confirm(client, player, *, password=None, username=None, **extra):
    return client.post(
        URL,
        {
            "password": password if password is not None else f"pw-{player.username}-x9",
            "username": username if username is not None else player.username,
            **extra,
        },
    )


def deleted(user) -> bool:
    user.refresh_from_db()
    return not user.is_active


def test_the_page_says_what_happens_and_asks_for_the_password_and_the_name(ada):
    html = client_for(ada).get(URL).content.decode()
    assert "This cannot be undone" in html
    assert "resigned" in html and "joueur supprimé" in html
    assert 'name="password"' in html and 'name="username"' in html


@pytest.mark.parametrize(
    ("password", "username", "reason"),
    [
        ("wrong-password", None, "This is not your password"),
        (None, "Ada", "Type your user name exactly"),
        (None, "ben", "Type your user name exactly"),
    ],
)
def test_a_wrong_password_or_name_changes_nothing_and_says_why(
    ada, ben, password, username, reason
):
    match = start_match(ada, ben)
    response = confirm(client_for(ada), ada, password=password, username=username)
    assert response.status_code == 400
    assert reason in response.content.decode()
    assert not deleted(ada) and ada.username == "ada" and ada.has_usable_password()
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


def test_a_forged_user_field_deletes_the_signed_in_player_only(ada, ben):
    response = confirm(client_for(ada), ada, user=ben.pk, user_id=ben.pk)
    assert response.status_code == 302
    assert deleted(ada) and not deleted(ben)


def test_deleting_resigns_the_running_match_and_anonymises_the_account(
    ada, ben, django_capture_on_commit_callbacks
):
    running = start_match(ada, ben)
    finished = start_match(ada, ben)
    matches.match_post_chat(match_id=finished.pk, user=ada, text="hello from ada")
    matches.match_post_chat(match_id=finished.pk, user=ben, text="hello from ben")
    matches.match_resign(match_id=finished.pk, user=ben)
    match_note_save(match=running, user=ada, text="my plan", seen_version=0)
    accounts.follow_add(user=ada, followed=ben)
    accounts.follow_add(user=ben, followed=ada)
    client = client_for(ada)
    assert PlayerSession.objects.filter(user=ada).exists()

    with django_capture_on_commit_callbacks(execute=True):
        response = confirm(client, ada)

    assert response.status_code == 302 and response["Location"] == reverse("accounts:deleted")
    running.refresh_from_db()
    assert running.status == Match.Status.FINISHED
    assert running.seats.get(user=ben).rank == 0  # the opponent wins...
    assert Notification.objects.filter(user=ben, match_id=running.pk, kind="game_over").exists()
    ada.refresh_from_db()  # ...and the account is a neutral name that cannot sign in
    assert ada.username == f"joueur supprimé {ada.pk}"
    assert not ada.is_active and not ada.has_usable_password() and ada.email == ""
    assert not EmailAddress.objects.filter(user=ada).exists()
    assert not PlayerSession.objects.filter(user=ada).exists()
    assert not Follow.objects.filter(follower=ada).exists()
    assert not Follow.objects.filter(followed=ada).exists()
    assert not MatchNote.objects.filter(user=ada).exists()
    assert not Notification.objects.filter(user=ada).exists()  # nor told of its own results
    assert ada.profile.display_name == ""
    assert Client().login(username="ada", password="pw-ada-x9") is False
    lines = dict(ChatMessage.objects.filter(match=finished).values_list("author_id", "text"))
    assert lines == {ada.pk: "", ben.pk: "hello from ben"}
    # ben's inbox quoted ada's line: it quotes it no more.
    quote = Notification.objects.get(user=ben, match_id=finished.pk, kind="chat")
    assert quote.params["excerpt"] == "" and quote.params["by"] == ada.username
    with translation.override("en"):
        assert "message deleted" in notification_text(quote)
    # Signed out: the deleted page, and Settings asks to sign in.
    assert "Your account is deleted" in client.get(response["Location"]).content.decode()
    assert client.get(reverse("accounts:settings")).status_code == 302
    # The finished match is still whole for the opponent, who reads it.
    page = client_for(ben).get(reverse("matches:match", args=[finished.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert f"joueur supprimé {ada.pk}" in html
    assert "message deleted" in html and "hello from ben" in html and "hello from ada" not in html


def test_an_email_to_the_former_address_confirms_it_once_committed(
    ada, django_capture_on_commit_callbacks
):
    confirm(client_for(ada), ada)
    job = ProcrastinateJob.objects.get(task_name__endswith="send_account_deleted_email")
    assert job.args == {"address": "ada@example.org", "language": "en"}
    email_account_deleted(**job.args)
    (message,) = mail.outbox
    assert message.to == ["ada@example.org"]
    assert "Your account is deleted" in message.subject


def test_a_second_submit_changes_nothing_more(ada):
    client = client_for(ada)
    confirm(client, ada)
    again = confirm(client, ada)
    assert again.status_code == 302 and "/accounts/login/" in again["Location"]
    with pytest.raises(Refused, match="deleted already"):
        account_erase(user=get_user_model().objects.get(pk=ada.pk), password="x", username="x")


def test_open_tables_and_challenges_are_withdrawn_and_left(ada, ben):
    carl = make_player("carl")
    sent = challenged_match(ada, ben)
    received = challenged_match(ben, ada)
    matches.match_create(system="claim", config={"hexes": 8}, seat_users=[carl, ada, None])
    table = Match.objects.filter(seats__user=ada, created_by__isnull=True).latest("pk")
    confirm(client_for(ada), ada)
    for match in (sent, received):
        match.refresh_from_db()
        assert match.status == Match.Status.ABORTED
    assert not table.seats.filter(user=ada).exists()  # left: the table waits for another
    assert Notification.objects.filter(user=ben, match_id=sent.pk, kind="withdrawn").exists()


def test_a_running_league_registration_is_withdrawn_and_its_match_resigned(ada, ben, organiser):
    ligue = league.league_create(name="Ligue", created_by=organiser, system="claim")
    season = league.season_open(league=ligue, actor=organiser, round_days=7)
    for player in (ada, ben):
        league.registration_create(season=season, user=player)
    league.season_start(season=season, actor=organiser)
    (game,) = Match.objects.filter(competition__startswith="league")

    confirm(client_for(ada), ada)

    assert Registration.objects.get(user=ada).status == Registration.Status.WITHDRAWN
    # The season's log, which its players read, names the deleted player, not her former name.
    (line,) = SeasonLog.objects.filter(season=season, action="withdraw")
    assert line.data["player"] == f"joueur supprimé {ada.pk}"
    game.refresh_from_db()
    assert game.status == Match.Status.FINISHED
    assert game.seats.get(user=ben).rank == 0


def test_a_sign_up_is_withdrawn(ada, organiser):
    ligue = league.league_create(name="Ligue", created_by=organiser, system="claim")
    season = league.season_open(league=ligue, actor=organiser, round_days=7)
    league.registration_create(season=season, user=ada)
    confirm(client_for(ada), ada)
    assert not Registration.objects.filter(season=season, user=ada).exists()


def test_the_sole_organiser_of_a_league_is_refused_in_words(organiser, ben):
    ligue = league.league_create(name="Ligue du Nord", created_by=organiser, system="claim")
    response = confirm(client_for(organiser), organiser, password="pw-orga")
    assert response.status_code == 400
    html = response.content.decode()
    assert "hand the league to another organiser first" in html and "Ligue du Nord" in html
    assert not deleted(organiser)
    # With a second organiser, the first may go; the league stays the other's.
    league.league_add_organiser(league=ligue, actor=organiser, user=ben)
    assert confirm(client_for(organiser), organiser, password="pw-orga").status_code == 302
    assert list(ligue.organisers.all()) == [ben]


def test_a_campaigns_organiser_is_refused_and_a_player_leaves_it(organiser, ada):
    campaign = campaigns.campaign_create(organiser=organiser, name="Hiver", systems=["neuroshima"])
    campaigns.campaign_join(campaign_id=campaign.pk, user=ada)
    response = confirm(client_for(organiser), organiser, password="pw-orga")
    assert response.status_code == 400 and "finish it first" in response.content.decode()
    assert not deleted(organiser)
    confirm(client_for(ada), ada)
    assert CampaignPlayer.objects.get(user=ada).removed_at is not None
    left = FeedEntry.objects.get(campaign=campaign, kind="left")
    assert left.params["player"] == f"joueur supprimé {ada.pk}"


def test_the_password_is_guessed_no_faster_than_at_the_sign_in(ada):
    client = client_for(ada)
    for _attempt in range(10):
        assert confirm(client, ada, password="guess").status_code == 400
    refused = confirm(client, ada)  # even the right one, until the minute has passed
    assert refused.status_code == 429
    assert "Too many attempts" in refused.content.decode()
    assert not deleted(ada)
