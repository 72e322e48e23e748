"""After « Supprimer mon compte » the former user name is nowhere: the campaign feed and the
season log show the account's current name (« joueur supprimé <n> ») in lines written before,
other players' inbox notices name the deleted player, and the name is retired: a sign-up with it
(or a case variant) is refused in words, nothing created. Everything set up through the services,
deleted through the deletion view, read through the pages."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.accounts import services as accounts
from games.accounts.models import RetiredName
from games.campaigns import services as campaigns
from games.campaigns.models import FeedEntry
from games.league import services as league
from games.league.models import Registration, SeasonLog
from games.notifications.models import Notification
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db

# A name no page says by chance ("ada" is in "canada"), so its absence means something.
FORMER = "zelmira"
SIGNUP = "/accounts/signup/"


@pytest.fixture
def zelmira():
    return make_player(FORMER)


@pytest.fixture
def ben():
    return make_player("ben")


def delete_account(player) -> str:
    """Deletes `player` through the deletion view; returns the name the account now has."""
    response = client_for(player).post(
        reverse("accounts:delete"),
        {"password": f"pw-{player.username}-x9", "username": player.username},
    )
    assert response.status_code == 302, response.content.decode()
    player.refresh_from_db()
    assert not player.is_active
    return player.username


def page(user, url: str) -> str:
    response = client_for(user).get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_campaign_feed_names_the_deleted_player_in_every_older_line(zelmira, ben, organiser):
    campaign = campaigns.campaign_create(organiser=organiser, name="Hiver", systems=["neuroshima"])
    campaigns.campaign_join(campaign_id=campaign.pk, user=zelmira)
    campaigns.campaign_join(campaign_id=campaign.pk, user=ben)
    campaigns.campaign_start(campaign_id=campaign.pk, user=organiser)
    battle = campaigns.campaign_challenge(
        campaign_id=campaign.pk, user=zelmira, opponent_id=campaign.players.get(user=ben).pk
    )
    campaigns.campaign_accept(battle_id=battle.pk, user=ben)
    url = reverse("campaigns:detail", args=[campaign.pk])
    assert f"{FORMER} challenges ben" in page(ben, url)

    new_name = delete_account(zelmira)

    html = page(ben, url)
    assert FORMER not in html
    assert f"{new_name} joined" in html and f"{new_name} challenges ben" in html
    # The lines themselves were not rewritten: they name the account, the page its name.
    joined = FeedEntry.objects.get(campaign=campaign, kind="joined", params__player=FORMER)
    assert joined.params["user_ids"] == {"player": zelmira.pk}


def test_the_season_log_and_the_substitutes_notice_name_the_deleted_player(zelmira, ben, organiser):
    ligue = league.league_create(name="Ligue", created_by=organiser, system="claim")
    season = league.season_open(league=ligue, actor=organiser, round_days=7)
    carl, dora = make_player("carl"), make_player("dora")
    for player in (zelmira, ben, carl):
        league.registration_create(season=season, user=player)
    league.season_start(season=season, actor=organiser)
    league.registration_substitute(
        registration=Registration.objects.get(season=season, user=zelmira),
        new_user=dora,
        actor=organiser,
        reason="moved away",
    )
    url = reverse("league:season", args=[season.pk])
    assert f"dora replaces {FORMER}" in page(ben, url)
    assert f"You replace {FORMER}" in page(dora, reverse("notifications:inbox"))

    new_name = delete_account(zelmira)

    html = page(ben, url)
    assert FORMER not in html and f"dora replaces {new_name}" in html
    inbox = page(dora, reverse("notifications:inbox"))  # a notice delivered before: rewritten
    assert FORMER not in inbox and f"You replace {new_name}" in inbox
    export = client_for(ben).get(reverse("league:season_json", args=[season.pk]))
    assert FORMER not in export.content.decode()
    assert {"old": new_name, "new": "dora"}.items() <= export.json()["log"][0]["data"].items()
    assert "user_ids" not in export.json()["log"][0]["data"]  # the references stay inside
    assert Registration.objects.get(season=season, user=dora).previous_users == [new_name]
    assert SeasonLog.objects.filter(season=season, data__old=FORMER).exists()  # (not rewritten)


def test_other_players_notices_name_the_deleted_player_and_link_to_nobody_else(zelmira, ben):
    accounts.follow_add(user=zelmira, followed=ben)
    inbox_url = reverse("notifications:inbox")
    html = page(ben, inbox_url)
    assert f"{FORMER} follows you now" in html and f"/u/{FORMER}/" in html
    # A name that merely contains the former one is another player's, and stays.
    carl = make_player(f"{FORMER}.b")
    accounts.follow_add(user=carl, followed=ben)

    new_name = delete_account(zelmira)

    html = page(ben, inbox_url)
    assert f"{new_name} follows you now" in html
    assert f"{FORMER}.b follows you now" in html
    assert FORMER not in html.replace(f"{FORMER}.b", "")
    followed = Notification.objects.get(user=ben, kind="followed", params__by=new_name)
    assert followed.params["link"] == reverse("accounts:profile", args=[new_name])


def signup(username: str, email: str):
    return client_for().post(
        SIGNUP,
        {
            "email": email,
            "username": username,
            "password1": "hex-and-tiles-42",
            "password2": "hex-and-tiles-42",
        },
    )


@pytest.mark.parametrize("asked", [FORMER, "Zelmira", "ZELMIRA"])
def test_the_former_name_is_retired_whatever_its_case(zelmira, asked):
    delete_account(zelmira)
    users = get_user_model().objects.count()

    refused = signup(asked, "newcomer@example.org")

    assert refused.status_code == 200
    assert "This name belonged to a deleted account; choose another one." in (
        refused.content.decode()
    )
    assert get_user_model().objects.count() == users
    assert not get_user_model().objects.filter(email="newcomer@example.org").exists()
    # Another name still works.
    assert signup("zelmira2", "newcomer@example.org").status_code == 302
    assert get_user_model().objects.filter(username="zelmira2").exists()


def test_the_refusal_is_in_french_too(zelmira):
    delete_account(zelmira)
    refused = client_for(language="fr").post(
        SIGNUP,
        {
            "email": "n@example.org",
            "username": FORMER,
            "password1": "hex-and-tiles-42",
            "password2": "hex-and-tiles-42",
        },
    )
    assert "Ce nom a appartenu à un compte supprimé ; choisissez-en un autre." in (
        refused.content.decode()
    )


def test_only_a_keyed_digest_of_the_name_is_kept(zelmira, settings):
    delete_account(zelmira)
    (retired,) = RetiredName.objects.all()
    assert FORMER not in retired.digest and len(retired.digest) == 64
    # Keyed: another key reads nothing, unless the old key stays among the fallbacks.
    old_key = settings.SECRET_KEY
    settings.SECRET_KEY = "another-key-" + "x" * 40
    assert signup(FORMER, "a@example.org").status_code == 302
    get_user_model().objects.filter(username=FORMER).delete()
    settings.SECRET_KEY_FALLBACKS = [old_key]
    assert signup(FORMER, "b@example.org").status_code == 200


def test_the_privacy_page_says_the_former_name_is_retired():
    en = page(None, reverse("privacy"))
    assert "can never be taken again" in en
    assert "refuses it to anyone, at sign-up or through the people running the site" in en
    fr = client_for(language="fr").get(reverse("privacy")).content.decode()
    assert "ne pourra plus jamais être pris" in fr
    assert "le refuse à tous, à l’inscription comme par les personnes" in fr


def test_the_privacy_page_says_the_queue_keeps_nothing_once_sent():
    en = page(None, reverse("privacy"))
    assert "nothing of yours stays in the queue once it is sent" in en
    assert "the name or email typed is kept only as a fingerprint" in en
    fr = client_for(language="fr").get(reverse("privacy")).content.decode()
    assert "rien de vous ne reste dans la file une fois l’envoi fait" in fr
    assert "n’est gardé que sous forme d’empreinte" in fr


@pytest.mark.parametrize(
    ("app", "migration", "model", "field", "when", "key"),
    [
        ("campaigns", "0006_feed_names_by_reference", FeedEntry, "params", "created_at", "player"),
        ("league", "0014_season_log_names_by_reference", SeasonLog, "data", "at", "player"),
    ],
)
def test_older_lines_get_references_to_the_accounts_that_held_the_names_then(
    zelmira, ben, organiser, app, migration, model, field, when, key
):
    """Lines written before names were kept by reference: the migration links each name to the
    account that held it when the line was written, never to a newcomer who took it later."""
    if model is FeedEntry:
        owner = {"campaign": campaigns.campaign_create(organiser=organiser, name="Hiver")}
        model.objects.all().delete()
    else:
        ligue = league.league_create(name="Ligue", created_by=organiser, system="claim")
        owner = {"season": league.season_open(league=ligue, actor=organiser)}
        model.objects.all().delete()
    older = model.objects.create(**owner, **{field: {key: FORMER}})
    stranger = model.objects.create(**owner, **{field: {key: "ben"}})
    get_user_model().objects.filter(pk=ben.pk).update(date_joined=getattr(stranger, when))
    model.objects.filter(pk=stranger.pk).update(**{when: getattr(older, when).replace(year=2000)})

    importlib.import_module(f"games.{app}.migrations.{migration}").link_names(apps, None)

    older.refresh_from_db()
    stranger.refresh_from_db()
    assert getattr(older, field) == {key: FORMER, "user_ids": {key: zelmira.pk}}
    assert getattr(stranger, field) == {key: "ben"}  # ben joined after that line: not his


# --- every other path that sets a user name: the admin's forms, createsuperuser ---------------

REFUSAL = "This name belonged to a deleted account; choose another one."


@pytest.fixture
def staff():
    return get_user_model().objects.create_superuser("root", "root@example.org", "pw-root-x9")


def admin_add(staff, username: str):
    return client_for(staff).post(
        reverse("admin:auth_user_add"),
        {
            "username": username,
            "usable_password": "true",
            "password1": "hex-and-tiles-42",
            "password2": "hex-and-tiles-42",
        },
    )


def admin_change(staff, user, username: str):
    joined = user.date_joined
    return client_for(staff).post(
        reverse("admin:auth_user_change", args=[user.pk]),
        {
            "username": username,
            "email": user.email,
            "is_active": "on",
            "date_joined_0": joined.strftime("%Y-%m-%d"),
            "date_joined_1": joined.strftime("%H:%M:%S"),
            "initial-date_joined_0": joined.strftime("%Y-%m-%d"),
            "initial-date_joined_1": joined.strftime("%H:%M:%S"),
        },
    )


@pytest.mark.parametrize("asked", [FORMER, "Zelmira"])
def test_the_admin_add_form_refuses_a_retired_name_in_the_sign_ups_words(zelmira, staff, asked):
    delete_account(zelmira)
    users = get_user_model().objects.count()
    refused = admin_add(staff, asked)
    assert refused.status_code == 200
    assert REFUSAL in refused.content.decode()
    assert get_user_model().objects.count() == users
    # Another name is created as before.
    assert admin_add(staff, "zelmira2").status_code == 302
    assert get_user_model().objects.filter(username="zelmira2").exists()


def test_the_admin_change_form_refuses_to_rename_an_account_to_a_retired_name(zelmira, ben, staff):
    delete_account(zelmira)
    refused = admin_change(staff, ben, FORMER)
    assert refused.status_code == 200
    assert REFUSAL in refused.content.decode()
    ben.refresh_from_db()
    assert ben.username == "ben"
    # A name nobody retired is taken as before.
    assert admin_change(staff, ben, "benjamin").status_code == 302
    ben.refresh_from_db()
    assert ben.username == "benjamin"


def test_createsuperuser_refuses_a_retired_name_in_the_sign_ups_words(zelmira):
    from io import StringIO

    from django.core.management import CommandError, call_command

    delete_account(zelmira)
    with pytest.raises(CommandError, match=REFUSAL.replace(";", ".")):
        call_command("createsuperuser", interactive=False, username=FORMER, email="z@example.org")
    assert not get_user_model().objects.filter(is_superuser=True).exists()
    call_command(
        "createsuperuser",
        interactive=False,
        username="admin2",
        email="a@example.org",
        stdout=StringIO(),
    )
    assert get_user_model().objects.filter(username="admin2", is_superuser=True).exists()
