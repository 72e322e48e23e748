"""A player who never moved and lost on time is a no-show: the ratings leave their team out
(a duel then counts for nobody), and the finished match says so. Players who did move and
then ran out of time are rated as losers, as before."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.clock.services import clock_handle_timeouts
from games.league.models import RatedGame, Rating
from games.matches import services
from games.matches.models import Match
from tests.clock.support import end_turn, seat
from tests.fixtures import client_for, make_player, start_match

pytestmark = pytest.mark.django_db


def _time_out(match: Match, index: int) -> Match:
    late = seat(match, index).deadline + timedelta(minutes=1)
    assert clock_handle_timeouts(now=late) == [(match.pk, index)]
    match.refresh_from_db()
    return match


def _rated(*users) -> set[str]:
    return set(
        Rating.objects.filter(user__in=users, games__gt=0).values_list("user__username", flat=True)
    )


def test_a_duel_lost_on_time_before_a_first_move_rates_nobody_and_says_why():
    anna, bruno = make_player("anna", language="fr"), make_player("bruno")
    match = _time_out(start_match(anna, bruno), 0)
    assert match.status == Match.Status.FINISHED
    assert not RatedGame.objects.filter(match=match).exists()
    assert _rated(anna, bruno) == set()
    page = client_for(bruno).get(f"/m/{match.pk}/").content.decode()
    assert "anna ran out of time without having played a move" in page
    page = client_for(anna, "fr").get(f"/m/{match.pk}/").content.decode()
    assert "anna a dépassé son temps sans avoir joué un seul coup" in page


def test_the_second_player_who_never_moves_is_a_no_show_too():
    anna, bruno = make_player("anna"), make_player("bruno")
    match = end_turn(start_match(anna, bruno), anna)
    match = _time_out(match, 1)
    assert match.status == Match.Status.FINISHED
    assert _rated(anna, bruno) == set()


def test_a_player_who_moved_then_ran_out_of_time_is_rated_as_the_loser():
    anna, bruno = make_player("anna"), make_player("bruno")
    match = end_turn(end_turn(start_match(anna, bruno), anna), bruno)
    match = _time_out(match, 0)
    assert _rated(anna, bruno) == {"anna", "bruno"}
    assert Rating.objects.get(user=bruno).mu > Rating.objects.get(user=anna).mu
    page = client_for(bruno).get(f"/m/{match.pk}/").content.decode()
    assert "anna ran out of time." in page and "without having played" not in page


def test_at_a_larger_table_the_others_are_rated_among_themselves():
    anna, bruno, carla = make_player("anna"), make_player("bruno"), make_player("carla")
    match = end_turn(start_match(anna, bruno, carla), anna)
    match = _time_out(match, 1)
    assert match.status == Match.Status.ACTIVE  # anna and carla play on
    services.match_resign(match_id=match.pk, user=carla)
    game = RatedGame.objects.get(match=match)
    assert game.teams == [[0], [2]]
    assert _rated(anna, bruno, carla) == {"anna", "carla"}
    assert not Rating.objects.filter(user=bruno).exists()
