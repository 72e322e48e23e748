"""One person holding two seats of one team (the system's `one_person_may_hold_team_seats`):
creating and joining, moves posted for the right seat, forged seats refused, takebacks,
resignation, draws, "your turn" counts, my games, notifications once, ratings once."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.utils import translation

from games.engine.registry import get_system
from games.matches import selectors, services
from games.matches.models import Match, MatchRecord, Seat
from games.notifications.models import Notification
from games.notifications.turns import notify_match_changed
from games.refusals import Refused
from tests.matches.team_system import install_team

install_team()


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def dora(make_user):
    return make_user("dora")


@pytest.fixture
def team_match(anna, bruno, carla):
    """anna holds seats 1 and 3 (indices 0 and 2, one team) against bruno and carla."""
    return services.match_create(
        system="claimteam", config={"hexes": 8}, seat_users=[anna, bruno, anna, carla]
    )


def _state(match):
    match.refresh_from_db()
    system = get_system(match.system)
    return system, system.state_from_json(match.snapshot)


def _first_legal(match, seat):
    system, state = _state(match)
    return system.legal_moves(state, seat)[0]


def _submit(match, user, move, seat=None):
    """The user's move at the match's current version; `seat` as the move form names it."""
    match.refresh_from_db()
    services.match_submit_move(
        match_id=match.pk, user=user, move_data=move, expected_version=match.version, seat=seat
    )
    match.refresh_from_db()


def _fingerprint(match):
    match.refresh_from_db()
    return (
        match.version,
        match.rng_counter,
        match.snapshot,
        match.status,
        list(MatchRecord.objects.filter(match=match).values_list("seq", "kind", "seat")),
        list(Seat.objects.filter(match=match).values_list("deadline", "offers_draw", "user")),
    )


def _play_turn(match, user, seat=None):
    """One whole turn of the claim game: a placement, then the end of the turn."""
    match.refresh_from_db()
    acting = get_system(match.system).to_act(_state(match)[1])[0]
    for move in (_first_legal(match, acting), {"type": "end"}):
        _submit(match, user, move, seat)
    return match


# --- creating and joining ---------------------------------------------------------------------


def test_one_person_may_create_a_game_holding_both_seats_of_a_team(team_match, anna):
    team_match.refresh_from_db()
    assert team_match.status == Match.Status.ACTIVE
    seats = list(team_match.seats.order_by("index").values_list("user", "team"))
    assert [team for _user, team in seats] == [0, 1, 0, 1]
    assert [s.index for s in team_match.seats.filter(user=anna)] == [0, 2]


def test_seats_of_two_teams_for_one_person_are_refused_with_the_team_named(anna, bruno, carla):
    with pytest.raises(Refused) as error:
        services.match_create(system="claimteam", config={}, seat_users=[anna, anna, bruno, carla])
    assert "seats 1, 3 play together" in error.value.message
    assert not Match.objects.exists()


def test_the_database_refuses_one_person_in_two_teams_whatever_the_code(team_match, anna):
    bruno_seat = team_match.seats.get(index=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=bruno_seat.pk).update(user=anna)


def test_two_seats_are_refused_where_the_system_does_not_allow_it(anna, bruno):
    with pytest.raises(Refused) as error:
        services.match_create(system="claim", config={}, seat_users=[anna, anna])
    assert "cannot take two seats" in error.value.message
    with pytest.raises(Refused) as error:  # the team system, but no teams with two seats
        services.match_create(system="claimteam", config={}, seat_users=[anna, anna, bruno])
    assert "only in team play" in error.value.message
    assert not Match.objects.exists()


def test_a_seated_person_joins_only_a_free_seat_of_their_own_team(anna, bruno, carla):
    match = services.match_create(
        system="claimteam", config={}, seat_users=[anna, None, None, None]
    )
    with pytest.raises(Refused) as error:
        services.match_join(match_id=match.pk, user=anna, seat_index=1)
    assert "seats 1, 3 play together" in error.value.message
    services.match_join(match_id=match.pk, user=anna)
    assert match.seats.get(index=2).user == anna
    with pytest.raises(Refused) as error:
        services.match_join(match_id=match.pk, user=anna)
    assert "no free seat left" in error.value.message
    services.match_join(match_id=match.pk, user=bruno)
    services.match_join(match_id=match.pk, user=carla)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert list(match.seats.order_by("index").values_list("user", flat=True)) == [
        anna.pk,
        bruno.pk,
        anna.pk,
        carla.pk,
    ]


def test_a_seated_person_takes_their_teams_invitation_seat_without_the_link(anna, bruno):
    match = services.match_create(
        system="claimteam",
        config={},
        seat_users=[anna, None, None, None],
        invite_seats=frozenset({2}),
    )
    with pytest.raises(Refused):  # a stranger needs the link for it
        services.match_join(match_id=match.pk, user=bruno, seat_index=2)
    services.match_join(match_id=match.pk, user=anna, seat_index=2)
    assert match.seats.get(index=2).user == anna


def test_joining_twice_stays_refused_where_the_system_does_not_allow_it(anna, bruno):
    match = services.match_create(system="claim", config={}, seat_users=[anna, None, None])
    with pytest.raises(Refused) as error:
        services.match_join(match_id=match.pk, user=anna)
    assert "already have a seat" in error.value.message
    assert match.seats.filter(user=anna).count() == 1


# --- moves ----------------------------------------------------------------------------------------


def test_a_move_names_its_seat_and_is_recorded_for_it(team_match, anna):
    _submit(team_match, anna, _first_legal(team_match, 0), seat="0")
    assert team_match.records.order_by("-seq").first().seat == 0


@pytest.mark.parametrize(
    "seat, message",
    [
        (1, "You do not hold this seat"),  # bruno's
        (3, "You do not hold this seat"),  # carla's
        (7, "You do not hold this seat"),  # no such seat
        (2, "not your turn"),  # anna's, but seat 1 (index 0) must act
        ("x", "could not be read"),
    ],
)
def test_a_forged_or_wrong_seat_is_refused_and_changes_nothing(team_match, anna, seat, message):
    move = _first_legal(team_match, 0)
    before = _fingerprint(team_match)
    with pytest.raises(Refused) as error:
        services.match_submit_move(
            match_id=team_match.pk,
            user=anna,
            move_data=move,
            expected_version=team_match.version,
            seat=seat,
        )
    assert message in error.value.message
    assert _fingerprint(team_match) == before


def test_a_move_naming_no_seat_goes_to_the_persons_seat_that_must_act(team_match, anna, bruno):
    team_match = _play_turn(team_match, anna)  # seat index 0
    team_match = _play_turn(team_match, bruno)  # seat index 1
    _submit(team_match, anna, _first_legal(team_match, 2))
    assert team_match.records.order_by("-seq").first().seat == 2
    assert services.match_replay_verify(match=team_match)


def test_the_person_takes_back_their_other_seats_move(team_match, anna, bruno):
    team_match = _play_turn(team_match, anna)
    team_match = _play_turn(team_match, bruno)
    move = _first_legal(team_match, 2)
    _submit(team_match, anna, move)
    services.match_take_back(match_id=team_match.pk, user=anna, expected_version=team_match.version)
    team_match.refresh_from_db()
    taken = team_match.records.order_by("-seq").first()
    assert taken.kind == "takeback" and taken.seat == 2
    assert _first_legal(team_match, 2) == move
    assert services.match_replay_verify(match=team_match)


# --- resigning and draws ----------------------------------------------------------------------


def test_resigning_resigns_every_seat_the_person_holds(team_match, anna):
    services.match_resign(match_id=team_match.pk, user=anna)
    team_match.refresh_from_db()
    forfeits = list(team_match.records.filter(kind="forfeit").values_list("seat", flat=True))
    assert forfeits == [0, 2]
    assert team_match.status == Match.Status.FINISHED
    assert team_match.outcome["ranks"] == [1, 0, 1, 0]
    assert services.match_replay_verify(match=team_match)


def test_resigning_leaves_a_teammate_held_by_someone_else_playing(anna, bruno, carla, dora):
    match = services.match_create(
        system="claimteam", config={}, seat_users=[anna, bruno, dora, carla]
    )
    services.match_resign(match_id=match.pk, user=anna)
    match.refresh_from_db()
    assert list(match.records.filter(kind="forfeit").values_list("seat", flat=True)) == [0]
    assert match.status == Match.Status.ACTIVE


def test_a_draw_offer_stands_for_all_the_persons_seats(team_match, anna, bruno, carla):
    services.match_offer_draw(match_id=team_match.pk, user=anna)
    assert set(team_match.seats.filter(offers_draw=True).values_list("index", flat=True)) == {0, 2}
    with pytest.raises(Refused):
        services.match_offer_draw(match_id=team_match.pk, user=anna)
    with pytest.raises(Refused):  # anna's own offer is not another's
        services.match_accept_draw(match_id=team_match.pk, user=anna)
    services.match_accept_draw(match_id=team_match.pk, user=bruno)
    services.match_accept_draw(match_id=team_match.pk, user=carla)
    team_match.refresh_from_db()
    assert team_match.status == Match.Status.FINISHED and team_match.outcome["reason"] == "draw"


# --- counts, lists, notifications, ratings ------------------------------------------------------


@pytest.fixture
def draft_match(anna, bruno, carla):
    """A Hexpanse expert game in teams at its draft, where every seat acts at once: anna holds
    seats 1 and 3 (indices 0 and 2)."""
    users = [anna, bruno, anna, carla]
    match = services.match_create(
        system="hexpanse",
        config={
            "mode": "capitaine",
            "teams": True,
            "variants": {"expert": True},
            "first_player": 0,
        },
        seat_users=users,
    )
    system = get_system("hexpanse")
    for _ in range(4):  # the factions, one seat after another
        match.refresh_from_db()
        state = system.state_from_json(match.snapshot)
        seat = system.to_act(state)[0]
        _submit(match, users[seat], system.legal_moves(state, seat)[0], seat)
    assert system.to_act(system.state_from_json(match.snapshot)) == (0, 1, 2, 3)
    return match


def test_a_match_where_both_of_a_persons_seats_act_counts_once(draft_match, anna, bruno):
    assert draft_match.seats.filter(user=anna, deadline__isnull=False).count() == 2
    assert selectors.seats_to_play_count(user=anna) == 1
    assert selectors.seats_to_play_count(user=bruno) == 1
    (entry,) = selectors.match_list_for_player(user=anna)
    assert entry.section == "my_turn" and [s.index for s in entry.seats] == [0, 2]


def test_without_a_seat_named_a_person_with_two_seats_to_act_is_asked_which(draft_match, anna):
    system, state = _state(draft_match)
    before = _fingerprint(draft_match)
    with pytest.raises(Refused) as error:
        services.match_submit_move(
            match_id=draft_match.pk,
            user=anna,
            move_data=system.legal_moves(state, 2)[0],
            expected_version=draft_match.version,
        )
    assert "say which one" in error.value.message
    assert _fingerprint(draft_match) == before
    _submit(draft_match, anna, system.legal_moves(state, 2)[0], seat=2)
    assert draft_match.records.order_by("-seq").first().seat == 2


def _messages(channel: str) -> list[dict]:
    """Every message waiting on `channel` of the in-memory layer (tests/conftest.py)."""
    queue = get_channel_layer().channels.get(channel)
    out = []
    while queue is not None and not queue.empty():
        _expiry, message = queue.get_nowait()
        out.append(message)
    return out


def test_a_person_with_two_seats_to_act_is_told_once(draft_match, anna, bruno, carla):
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(f"user.{anna.pk}", channel)
    Notification.objects.all().delete()
    notify_match_changed(match_id=draft_match.pk, version=draft_match.version)
    turns = Notification.objects.filter(kind=Notification.Kind.TURN)
    assert sorted(turns.values_list("user", flat=True)) == sorted([anna.pk, bruno.pk, carla.pk])
    counts = [m for m in _messages(channel) if m["type"] == "turns.count"]
    assert counts == [{"type": "turns.count", "count": 1}]
    # Her seat 1 answers; her seat 3 still must: no second "your turn" within that turn.
    system, state = _state(draft_match)
    _submit(draft_match, anna, system.legal_moves(state, 0)[0], seat=0)
    notify_match_changed(match_id=draft_match.pk, version=draft_match.version)
    assert turns.filter(user=anna).count() == 1


def test_a_person_holding_two_seats_of_the_winning_team_is_rated_once(
    team_match, anna, bruno, carla
):
    from games.league.models import Rating, RatingHistory

    services.match_resign(match_id=team_match.pk, user=bruno)  # bruno's seat: carla plays on
    services.match_resign(match_id=team_match.pk, user=carla)
    team_match.refresh_from_db()
    assert team_match.status == Match.Status.FINISHED
    assert team_match.outcome["ranks"] == [0, 1, 0, 1]
    assert RatingHistory.objects.filter(user=anna, match=team_match).count() == 1
    assert Rating.objects.get(user=anna, system="claimteam").games == 1
    assert Rating.objects.get(user=bruno, system="claimteam").games == 1


def test_a_person_whose_two_seats_near_their_deadline_is_reminded_once(draft_match, anna):
    from datetime import timedelta

    from games.clock.services import clock_send_reminders

    deadlines = list(draft_match.seats.filter(user=anna).values_list("deadline", flat=True))
    assert len(deadlines) == 2 and None not in deadlines
    clock_send_reminders(now=max(deadlines) - timedelta(minutes=30))
    reminders = Notification.objects.filter(user=anna, kind=Notification.Kind.REMINDER)
    assert reminders.count() == 1
    assert set(draft_match.seats.filter(user=anna).values_list("reminders_sent", flat=True)) == {3}


def test_six_seats_in_three_teams_with_two_people_holding_two(anna, bruno, carla, dora):
    """Hexpanse with six: teams of seats 1 and 4, 2 and 5, 3 and 6 (indices 0-3, 1-4, 2-5)."""
    users = [anna, bruno, carla, anna, bruno, dora]
    match = services.match_create(system="hexpanse", config={"mode": "marin"}, seat_users=users)
    assert match.status == Match.Status.ACTIVE
    assert list(match.seats.order_by("index").values_list("team", flat=True)) == [0, 1, 2, 0, 1, 2]
    with pytest.raises(Refused) as error:
        services.match_create(
            system="hexpanse", config={"mode": "marin"}, seat_users=[anna, anna, *users[2:]]
        )
    assert "seats 1, 4 play together" in error.value.message
