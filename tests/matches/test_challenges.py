"""Challenging a named player (lichess's and Board Game Arena's challenges): the new-match form
keeps a seat for one person, their profile offers the link, nobody else takes that seat, they
are told and accept or decline, the challenger may withdraw, and one person cannot flood
inboxes. The site's language is French: the pages are read in French."""

from __future__ import annotations

import pytest
from django.utils import translation
from procrastinate.contrib.django.models import ProcrastinateJob

from games.accounts.selectors import profile_for
from games.matches import services
from games.matches.models import Match, Seat
from games.notifications.models import Notification
from games.notifications.texts import notification_link, notification_text
from tests.fixtures import challenged_match, client_for, new_match_form

pytestmark = pytest.mark.django_db

NEW_MATCH = new_match_form("claim", seat_1="named")


def challenge(user, name: str = "bruno", **fields):
    """The new-match form posted by `user`, the second seat kept for `name`."""
    return client_for(user, "fr").post("/new/", {**NEW_MATCH, "opponent_1": name, **fields})


def answer(user, match: Match, action: str):
    return client_for(user, "fr").post(f"/m/{match.pk}/challenge/{action}")


# --- the form ------------------------------------------------------------------------------------


def test_the_form_keeps_the_second_seat_for_the_named_player_and_tells_the_creator(anna, bruno):
    browser = client_for(anna, "fr")
    response = browser.post("/new/", {**NEW_MATCH, "opponent_1": "Bruno"})  # as typed
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/m/{match.pk}/"
    seat = match.seats.get(index=1)
    assert seat.user is None and seat.kept_for == bruno and seat.invite_only
    assert match.status == Match.Status.OPEN and match.created_by == anna
    page = browser.get(response["Location"]).content.decode()
    assert "Défi envoyé : bruno est prévenu et peut accepter ou refuser." in page
    assert "Réservée à bruno" in page and 'data-testid="challenge-withdraw"' in page


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"opponent_1": "nobody"}, "Personne ne joue ici sous le nom « nobody »."),
        ({"opponent_1": "closed"}, "Personne ne joue ici sous le nom « closed »."),
        ({"opponent_1": "anna"}, "Vous ne pouvez pas vous défier vous-même"),
        ({"opponent_1": ""}, "Tapez le nom du joueur que vous défiez."),
        (
            {"seat_1": "computer", "opponent_1": "bruno"},
            "Une place de l&#x27;ordinateur ne prend pas de nom de joueur",
        ),
        ({"seat_1": "invite", "opponent_1": "bruno"}, "Seule la place d&#x27;un joueur précis"),
    ],
)
def test_the_form_refuses_an_unknown_closed_own_missing_or_misplaced_name_and_creates_nothing(
    anna, bruno, make_user, fields, error
):
    closed = make_user("closed")
    closed.is_active = False
    closed.save()
    response = challenge(anna, **fields)
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not Match.objects.exists() and not Notification.objects.exists()


def test_the_form_offers_the_names_of_people_the_creator_played_with(anna, bruno, carla):
    services.match_create(system="claim", config={"hexes": 8}, seat_users=[anna, bruno])
    html = client_for(anna, "fr").get("/").content.decode()
    assert '<datalist id="people-played-with"><option value="bruno"></datalist>' in html
    assert 'list="people-played-with"' in html


# --- the profile ---------------------------------------------------------------------------------


def test_a_signed_in_visitor_of_a_profile_may_challenge_that_player(anna, bruno, client):
    link = 'href="/new/?opponent=bruno#new-match"'
    assert link in client_for(anna, "fr").get("/me/u/bruno/").content.decode()
    assert "Défier bruno" in client_for(anna, "fr").get("/me/u/bruno/").content.decode()
    assert link not in client_for(bruno, "fr").get("/me/u/bruno/").content.decode()  # himself
    assert link not in client.get("/me/u/bruno/").content.decode()  # not signed in
    with translation.override("en"):
        assert "Challenge bruno" in client_for(anna, "en").get("/me/u/bruno/").content.decode()


def test_the_challenge_link_opens_the_form_with_the_named_seat_filled_in(anna, bruno):
    html = client_for(anna, "fr").get("/new/?opponent=bruno").content.decode()
    assert '<option value="named" selected>' in html
    assert 'name="opponent_1" value="bruno"' in html


# --- the kept seat -------------------------------------------------------------------------------


def test_nobody_else_takes_the_kept_seat_from_the_lobby_or_with_the_invite_link(anna, bruno, carla):
    match = challenged_match(anna, bruno)
    lobby = client_for(carla, "fr").get("/").content.decode()
    assert f"/m/{match.pk}/join" not in lobby  # not listed as open to anyone
    from_lobby = client_for(carla, "fr").post(f"/m/{match.pk}/join")
    with_link = client_for(carla, "fr").post(f"/m/{match.pk}/join/{match.invite_token}")
    assert from_lobby.status_code == 400 and with_link.status_code == 400
    assert "réservées aux joueurs qu&#x27;elle nomme" in with_link.content.decode()
    seat = match.seats.get(index=1)
    assert seat.user is None and seat.kept_for == bruno


def test_a_rematch_keeps_the_seat_for_the_opponent_alone(anna, bruno, carla, claim_match):
    services.match_resign(match_id=claim_match.pk, user=anna)
    rematch = services.match_rematch(match_id=claim_match.pk, user=anna)
    kept = rematch.seats.get(user__isnull=True)
    assert kept.kept_for == bruno
    refused = client_for(carla, "fr").post(f"/m/{rematch.pk}/join/{rematch.invite_token}")
    assert refused.status_code == 400 and rematch.seats.get(pk=kept.pk).user is None
    # Bruno answers it as a challenge too: declining the duel calls it off.
    assert answer(bruno, rematch, "decline").status_code == 302
    assert Match.objects.get(pk=rematch.pk).status == Match.Status.ABORTED


def test_the_challenged_player_sees_a_private_challenge_but_other_people_do_not(anna, bruno, carla):
    match = challenged_match(anna, bruno, is_public=False)
    page = client_for(bruno, "fr").get(f"/m/{match.pk}/")
    assert page.status_code == 200
    assert "anna vous défie dans cette partie." in page.content.decode()
    assert client_for(carla, "fr").get(f"/m/{match.pk}/").status_code == 404


# --- answers -------------------------------------------------------------------------------------


def test_accepting_takes_the_seat_and_starts_the_match(anna, bruno):
    match = challenged_match(anna, bruno)
    page = client_for(bruno, "fr").get(f"/m/{match.pk}/").content.decode()
    assert 'data-testid="challenge-accept"' in page and 'data-testid="challenge-decline"' in page
    response = answer(bruno, match, "accept")
    assert response.status_code == 302 and response["Location"] == f"/m/{match.pk}/"
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.seats.get(index=1).user == bruno
    assert match.snapshot is not None


def test_accepting_twice_is_refused_as_stale_and_changes_nothing(anna, bruno):
    match = challenged_match(anna, bruno)
    answer(bruno, match, "accept")
    version = Match.objects.get(pk=match.pk).version
    again = answer(bruno, match, "accept")
    assert again.status_code == 409
    assert "Vous avez déjà répondu à ce défi." in again.content.decode()
    declined_late = answer(bruno, match, "decline")
    assert declined_late.status_code == 409
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.version == version


def test_declining_a_duel_calls_it_off_and_tells_the_challenger(anna, bruno):
    match = challenged_match(anna, bruno)
    response = answer(bruno, match, "decline")
    assert response.status_code == 302 and response["Location"] == "/games/"
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED and match.seats.get(index=1).user is None
    told = Notification.objects.get(user=anna, kind=Notification.Kind.DECLINED)
    assert (
        notification_text(told) == "bruno a refusé votre défi : votre partie (claim) est annulée."
    )
    assert answer(bruno, match, "accept").status_code == 409  # a stale page
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED


def test_declining_at_a_larger_table_frees_the_seat_for_the_invite_link(
    anna, bruno, carla, make_user
):
    dora = make_user("dora")
    match = services.challenge_create(
        system="claim",
        config={"hexes": 8},
        seat_users=[anna, None, None],
        challenged={1: bruno, 2: carla},
        created_by=anna,
    )
    services.challenge_accept(match_id=match.pk, user=carla)
    services.challenge_decline(match_id=match.pk, user=bruno)
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN
    seat = match.seats.get(index=1)
    assert seat.kept_for is None and seat.invite_only  # no longer kept, not in the lobby
    told = Notification.objects.get(user=anna, kind=Notification.Kind.DECLINED)
    assert "la place attend désormais qui aura le lien" in notification_text(told)
    services.match_join(match_id=match.pk, user=dora, invite_token=match.invite_token)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_the_challenger_withdraws_from_my_games_and_the_challenged_player_is_told(anna, bruno):
    match = challenged_match(anna, bruno)
    mine = client_for(anna, "fr").get("/games/").content.decode()
    assert f'action="/m/{match.pk}/challenge/withdraw"' in mine and "réservée à bruno" in mine
    response = answer(anna, match, "withdraw")
    assert response.status_code == 302 and response["Location"] == "/games/"
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
    told = Notification.objects.get(user=bruno, kind=Notification.Kind.WITHDRAWN)
    assert notification_text(told) == "anna a retiré son défi : votre partie (claim) est annulée."
    late = answer(bruno, match, "accept")
    assert late.status_code == 409
    assert "Ce défi a été retiré ou refusé : la partie est annulée." in late.content.decode()
    assert answer(anna, match, "withdraw").status_code == 409  # withdrawn twice
    assert f"/m/{match.pk}/" not in client_for(bruno, "fr").get("/games/").content.decode()


def test_a_strangers_answer_or_withdrawal_is_forbidden_and_changes_nothing(anna, bruno, carla):
    match = challenged_match(anna, bruno)
    for user, action in (
        (carla, "accept"),
        (carla, "decline"),
        (carla, "withdraw"),
        (bruno, "withdraw"),
    ):
        response = answer(user, match, action)
        assert response.status_code == 403, (user, action)
    assert (
        "Ce défi ne vous est pas, ou plus, adressé."
        in answer(carla, match, "accept").content.decode()
    )
    assert answer(anna, match, "accept").status_code == 403  # the challenger is not asked
    assert answer(bruno, match, "surrender").status_code == 404
    match.refresh_from_db()
    seat = match.seats.get(index=1)
    assert match.status == Match.Status.OPEN and seat.user is None and seat.kept_for == bruno


# --- telling ---------------------------------------------------------------------------------------


def test_the_challenged_player_is_told_in_the_inbox_by_email_and_sees_it_in_my_games(anna, bruno):
    match = challenged_match(anna, bruno)
    told = Notification.objects.get(user=bruno)
    assert told.kind == Notification.Kind.MATCH_CHALLENGE and told.match_id == match.pk
    assert notification_text(told) == "anna vous défie à claim."
    assert notification_link(told) == f"/m/{match.pk}/"
    emails = ProcrastinateJob.objects.filter(
        task_name="games.notifications.tasks.send_notification_email"
    )
    assert [job.args["notification_id"] for job in emails] == [told.pk]
    mine = client_for(bruno, "fr").get("/games/").content.decode()
    assert "Défis reçus" in mine and "anna vous défie" in mine
    assert f'action="/m/{match.pk}/challenge/accept"' in mine
    assert f'action="/m/{match.pk}/challenge/decline"' in mine


def test_a_player_who_wants_no_email_is_told_in_the_inbox_only(anna, bruno):
    profile = profile_for(bruno)
    profile.notify_turn = profile.NotifyTurn.NONE
    profile.save()
    challenged_match(anna, bruno)
    assert Notification.objects.filter(user=bruno).count() == 1
    assert not ProcrastinateJob.objects.filter(
        task_name="games.notifications.tasks.send_notification_email"
    ).exists()


# --- limits --------------------------------------------------------------------------------------


def test_one_person_may_have_ten_challenges_waiting_and_no_more(anna, bruno):
    for _ in range(services.MAX_PENDING_CHALLENGES):
        challenged_match(anna, bruno)
    response = challenge(anna)
    assert response.status_code == 400
    assert "Vous avez déjà 10 défis en attente de réponse" in response.content.decode()
    assert Match.objects.count() == services.MAX_PENDING_CHALLENGES
    assert Notification.objects.filter(user=bruno).count() == 10  # the eleventh told nobody
    # An answered one makes room again.
    services.challenge_decline(match_id=Match.objects.first().pk, user=bruno)
    assert challenge(anna).status_code == 302


def test_the_challenge_hides_the_seed_and_the_invite_token_from_the_challenged_page(anna, bruno):
    match = challenged_match(anna, bruno)
    for url in (f"/m/{match.pk}/", "/games/"):
        html = client_for(bruno, "fr").get(url).content.decode()
        assert match.seed not in html and match.invite_token not in html
    assert Seat.objects.filter(match=match, kept_for=bruno).count() == 1


def test_no_challenge_between_a_player_and_one_who_blocked_them_either_way(anna, bruno):
    from games.accounts.services import block_add

    block_add(user=bruno, blocked=anna)
    refused = challenge(anna)
    assert refused.status_code == 400
    assert "Ce joueur n&#x27;accepte pas vos défis." in refused.content.decode()
    assert "bloqué" not in refused.content.decode()  # the blocked one is not told so
    mine = client_for(bruno, "fr").post("/new/", {**NEW_MATCH, "opponent_1": "anna"})
    assert mine.status_code == 400
    assert "Vous avez bloqué anna : débloquez ce joueur pour le défier." in mine.content.decode()
    assert not Match.objects.exists() and not Notification.objects.exists()
