"""A seated player who did not create a match leaves its table before the start (Board Game
Arena's and lichess's "leave"): the seat is free again and the lobby lists it, what they chose on
taking it goes back to what the lobby offered, someone else may take it, and the people still at
the table are told. Nobody else may, nor the creator, nor at a started, called-off or
competition's match, and a second click is told it is late: nothing changes on a refusal."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games.armies import services as armies
from games.matches import services
from games.matches.models import Match, Seat
from games.notifications.models import Notification
from games.notifications.texts import notification_text
from games.refusals import Refused
from tests.armies.conftest import trooper_list
from tests.fixtures import client_for
from tests.matches.team_system import install_team

pytestmark = pytest.mark.django_db

install_team()


@pytest.fixture
def dora(make_user):
    return make_user("dora")


def table(anna, seats: int = 4, **options) -> Match:
    """anna's claim table in the lobby, the other seats open."""
    return services.match_create(
        system="claim",
        config={"hexes": 8},
        seat_users=[anna] + [None] * (seats - 1),
        created_by=anna,
        **options,
    )


def leave(user, match_id, *, seat=None, htmx: bool = False, language: str = "fr"):
    data = {} if seat is None else {"seat": str(seat)}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client_for(user, language).post(f"/m/{match_id}/leave", data, **headers)


def seated(match: Match) -> list[str | None]:
    return [s.user.get_username() if s.user else None for s in match.seats.order_by("index")]


def everything(match: Match) -> tuple:
    """What a refusal must leave as it was."""
    match = Match.objects.get(pk=match.pk)
    rows = list(
        Seat.objects.filter(match=match)
        .order_by("index")
        .values_list("user_id", "joined_at", "kept_for_id", "invite_only", "options_before")
    )
    told = Notification.objects.filter(kind=Notification.Kind.LEFT).count()
    return match.status, match.version, match.config, rows, told


def listed_in_lobby(match: Match, reader) -> bool:
    return f"/m/{match.pk}/join" in client_for(reader).get("/").content.decode()


def test_a_seated_player_leaves_the_seat_is_listed_again_and_the_others_are_told(
    anna, bruno, carla, dora
):
    match = table(anna)
    services.match_join(match_id=match.pk, user=bruno)
    services.match_join(match_id=match.pk, user=carla)
    page = client_for(bruno, "fr").get(f"/m/{match.pk}/").content.decode()
    assert 'data-testid="leave-panel"' in page and "Quitter cette table…" in page
    assert 'name="seat" value="1"' in page
    english = client_for(bruno, "en").get(f"/m/{match.pk}/").content.decode()
    assert "Leave this table…" in english and "Yes, leave the table" in english
    assert (
        'data-testid="leave-panel"' not in client_for(anna).get(f"/m/{match.pk}/").content.decode()
    )
    assert (
        'data-testid="leave-panel"' not in client_for(dora).get(f"/m/{match.pk}/").content.decode()
    )

    answer = leave(bruno, match.pk, seat=1)
    assert answer.status_code == 302 and answer["Location"] == "/"
    assert seated(match) == ["anna", None, "carla", None]
    freed = match.seats.get(index=1)
    assert freed.joined_at is None and not freed.invite_only
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN
    assert listed_in_lobby(match, dora)
    assert f"/m/{match.pk}/" not in client_for(bruno).get("/games/").content.decode()

    for person, opponent in ((anna, "carla"), (carla, "anna")):
        told = Notification.objects.get(user=person, kind=Notification.Kind.LEFT)
        with translation.override("fr"):
            text = notification_text(told)
        # The match by who is still at the table, never its number.
        assert text == (
            f"bruno a quitté votre partie contre {opponent} (claim) avant son début : sa place"
            " est de nouveau libre."
        )
    assert not Notification.objects.filter(user=bruno, kind=Notification.Kind.LEFT).exists()

    services.match_join(match_id=match.pk, user=dora, seat_index=1)
    services.match_join(match_id=match.pk, user=bruno)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    assert seated(match) == ["anna", "dora", "carla", "bruno"]


def test_the_message_after_leaving_and_the_htmx_answer(anna, bruno, carla):
    match = table(anna)
    services.match_join(match_id=match.pk, user=bruno)
    client = client_for(bruno, "fr")
    answer = client.post(f"/m/{match.pk}/leave", {"seat": "1"}, follow=True)
    assert "Vous avez quitté la table." in answer.content.decode()
    services.match_join(match_id=match.pk, user=carla)
    answer = leave(carla, match.pk, seat=1, htmx=True)
    assert answer.status_code == 200 and answer["HX-Redirect"] == "/"
    assert seated(match) == ["anna", None, None, None]


def test_a_second_click_is_told_it_is_late_and_changes_nothing(anna, bruno, carla):
    match = table(anna)
    services.match_join(match_id=match.pk, user=bruno)
    services.match_join(match_id=match.pk, user=carla)
    assert leave(bruno, match.pk, seat=1).status_code == 302
    before = everything(match)
    for htmx in (False, True):
        late = leave(bruno, match.pk, seat=1, htmx=htmx)
        assert late.status_code == 409
        assert "vous l’avez déjà quittée" in late.content.decode()
    assert everything(match) == before


def test_a_second_click_at_a_private_table_they_can_no_longer_see_is_not_found(anna, bruno, carla):
    match = table(anna, is_public=False)
    services.match_join(match_id=match.pk, user=bruno, invite_token=match.invite_token)
    services.match_join(match_id=match.pk, user=carla, invite_token=match.invite_token)
    assert leave(bruno, match.pk, seat=1).status_code == 302
    assert client_for(bruno).get(f"/m/{match.pk}/").status_code == 404
    before = everything(match)
    for htmx in (False, True):
        assert leave(bruno, match.pk, seat=1, htmx=htmx).status_code == 404
    assert everything(match) == before
    # The invite link still seats whoever has it.
    services.match_join(match_id=match.pk, user=bruno, invite_token=match.invite_token)
    assert seated(match) == ["anna", "bruno", "carla", None]


def test_nobody_without_a_seat_may_leave(anna, bruno, carla, dora):
    public = table(anna)
    services.match_join(match_id=public.pk, user=bruno)
    private = table(anna, is_public=False)
    services.match_join(match_id=private.pk, user=bruno, invite_token=private.invite_token)
    before = everything(public), everything(private)
    stranger = leave(carla, public.pk)
    assert stranger.status_code == 403
    assert "Vous n’avez pas de place dans cette partie." in stranger.content.decode()
    # A forged seat number: the seat is somebody else's, not a late click of theirs.
    assert leave(carla, public.pk, seat=1).status_code == 403
    # Someone else's private match, or one that does not exist: not found.
    assert leave(carla, private.pk, seat=1).status_code == 404
    assert leave(carla, private.pk, seat=2).status_code == 404
    assert leave(carla, 999_999).status_code == 404
    assert client_for(None).post(f"/m/{public.pk}/leave").status_code == 302  # sign in first
    assert (everything(public), everything(private)) == before
    assert seated(public) == seated(private) == ["anna", "bruno", None, None]


def test_the_creator_calls_off_instead(anna, bruno):
    match = table(anna)
    services.match_join(match_id=match.pk, user=bruno)
    before = everything(match)
    answer = leave(anna, match.pk, seat=0)
    assert answer.status_code == 400
    assert "Vous avez créé cette partie" in answer.content.decode()
    assert everything(match) == before


def test_a_started_or_called_off_match_cannot_be_left(anna, bruno, carla):
    started = table(anna, seats=3)
    for player in (bruno, carla):
        services.match_join(match_id=started.pk, user=player)
    page = client_for(bruno).get(f"/m/{started.pk}/").content.decode()
    assert 'data-testid="leave-panel"' not in page
    before = everything(started)
    answer = leave(bruno, started.pk, seat=1)
    assert answer.status_code == 409 and "abandonner" in answer.content.decode()
    assert everything(started) == before

    called_off = table(anna)
    services.match_join(match_id=called_off.pk, user=bruno)
    services.match_call_off(match_id=called_off.pk, user=anna)
    before = everything(called_off)
    answer = leave(bruno, called_off.pk, seat=1)
    assert answer.status_code == 409 and "déjà annulée" in answer.content.decode()
    assert everything(called_off) == before


@pytest.mark.parametrize("competition", ["league:1", "campaign:1"])
def test_a_campaigns_or_a_leagues_seats_are_its_organisers(anna, bruno, competition):
    match = table(anna, competition=competition)
    services.match_join(match_id=match.pk, user=bruno)
    assert (
        'data-testid="leave-panel"' not in client_for(bruno).get(f"/m/{match.pk}/").content.decode()
    )
    before = everything(match)
    answer = leave(bruno, match.pk, seat=1)
    assert answer.status_code == 403 and "organisateurs" in answer.content.decode()
    assert everything(match) == before


def test_a_challenged_player_who_accepted_and_leaves_is_not_asked_again(anna, bruno, carla):
    match = services.challenge_create(
        system="claim",
        config={"hexes": 8},
        seat_users=[anna, None, None],
        challenged={1: bruno},
        created_by=anna,
    )
    services.challenge_accept(match_id=match.pk, user=bruno)
    assert leave(bruno, match.pk, seat=1).status_code == 302
    seat = match.seats.get(index=1)
    assert seat.user is None and seat.kept_for is None and seat.invite_only
    page = client_for(bruno).get(f"/m/{match.pk}/").content.decode()
    assert 'data-testid="challenge-accept"' not in page and 'data-testid="leave"' not in page
    # The seat waits for whoever has the invite link (the lobby lists the other one only).
    with pytest.raises(Refused):
        services.match_join(match_id=match.pk, user=carla, seat_index=1)
    services.match_join(
        match_id=match.pk, user=carla, seat_index=1, invite_token=match.invite_token
    )
    assert seated(match) == ["anna", "carla", None]


def test_one_person_holding_two_seats_of_a_team_leaves_both(anna, bruno, carla):
    match = services.match_create(
        system="claimteam",
        config={"hexes": 8},
        seat_users=[anna, None, None, None],
        created_by=anna,
    )
    services.match_join(match_id=match.pk, user=bruno, seat_index=1)
    services.match_join(match_id=match.pk, user=bruno, seat_index=3)
    assert seated(match) == ["anna", "bruno", None, "bruno"]
    assert leave(bruno, match.pk, seat=1).status_code == 302
    assert seated(match) == ["anna", None, None, None]
    services.match_join(match_id=match.pk, user=carla, seat_index=3)
    assert seated(match) == ["anna", None, None, "carla"]


# --- what the player chose on taking the seat -------------------------------------------------


def test_neuroshima_a_seat_keeps_the_army_the_creator_gave_it(anna, bruno, carla):
    """Neuroshima's armies are the creator's choice, seat by seat: taking a seat changes none,
    so leaving gives none back; the lobby offers the seat's army again."""
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo", "hegemonia"]},
        seat_users=[anna, None, None],
        created_by=anna,
    )
    config = Match.objects.get(pk=match.pk).config
    assert client_for(bruno).post(f"/m/{match.pk}/join").status_code == 302
    assert leave(bruno, match.pk, seat=1).status_code == 302
    assert Match.objects.get(pk=match.pk).config == config
    lobby = client_for(carla, "fr").get("/").content.decode()
    assert f"/m/{match.pk}/join" in lobby and "Borgo" in lobby
    assert client_for(carla).post(f"/m/{match.pk}/join").status_code == 302
    assert seated(match) == ["anna", "carla", None]
    assert match.seats.get(index=1).options_before is None


def _army_table(system: str, anna) -> Match:
    """A two-seat table of an army-list game whose seats are both open (its creator plays
    neither: the lobby's own tables always seat their creator, and their second seat starts
    them), so that a player who took one with their list may still leave."""
    return services.match_create(system=system, config={}, seat_users=[None, None], created_by=anna)


def _join_with(user, match: Match, list_id) -> None:
    answer = client_for(user).post(reverse("armies:join", args=[match.pk]), {"army_list": list_id})
    assert answer.status_code == 302, answer.content.decode()


def test_infinity_a_list_brought_to_a_seat_is_taken_back_on_leaving(anna, bruno, carla):
    match = _army_table("infinity", anna)
    lobby_config = Match.objects.get(pk=match.pk).config
    assert lobby_config["armies"] == ["corregidor", "jsa"]
    fast = armies.army_list_save(
        owner=bruno,
        system="infinity",
        name="Fast company",
        data={
            "sectorial": "corregidor",
            "units": [
                {"profile": p} for p in ("corregidor.alguacil.lt", "corregidor.alguacil.missile")
            ],
        },
    )
    assert fast.valid, fast
    _join_with(bruno, match, fast.pk)
    joined = Match.objects.get(pk=match.pk)
    taken = next(s for s in joined.seats.all() if s.user_id == bruno.pk)
    assert joined.config["armies"][taken.index]["name"] == "Fast company"
    assert leave(bruno, match.pk, seat=taken.index).status_code == 302
    assert Match.objects.get(pk=match.pk).config == lobby_config
    assert Seat.objects.get(pk=taken.pk).options_before is None
    _join_with(carla, match, "")  # the lobby's starter roster
    assert Match.objects.get(pk=match.pk).config == lobby_config


def test_skirmish_a_list_brought_to_a_seat_is_taken_back_on_leaving(anna, bruno, carla):
    match = _army_table("skirmish", anna)
    lobby_config = Match.objects.get(pk=match.pk).config
    raiders = armies.army_list_save(
        owner=bruno, system="skirmish", name="Raiders", data=trooper_list(count=20)
    )
    _join_with(bruno, match, raiders.pk)
    joined = Match.objects.get(pk=match.pk)
    taken = next(s for s in joined.seats.all() if s.user_id == bruno.pk)
    assert joined.config["armies"][taken.index]["name"] == "Raiders"
    assert leave(bruno, match.pk, seat=taken.index).status_code == 302
    assert Match.objects.get(pk=match.pk).config == lobby_config
    # Someone else takes that seat with their own list; the other seat is untouched.
    theirs = armies.army_list_save(
        owner=carla, system="skirmish", name="Wardens", data=trooper_list(name="Wardens", count=20)
    )
    _join_with(carla, match, theirs.pk)
    now = Match.objects.get(pk=match.pk).config
    assert now["armies"][taken.index]["name"] == "Wardens"
    assert now["armies"][1 - taken.index] == lobby_config["armies"][1 - taken.index]
