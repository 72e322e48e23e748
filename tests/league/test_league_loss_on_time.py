"""A league game lost on time (the clock's per-move deadline, before the round's own) is the
league's forfeit: the table counts it apart and a Swiss division withdraws the player. The
engines end a resignation and a loss on time alike (« forfeit »); the match's own record tells
them apart (games/league/services/results.py, `how_it_ended`)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.clock.services import clock_handle_timeouts
from games.league.models import League, Registration, Result
from games.matches.management.commands.demo import play_moves
from games.matches.models import Match
from games.matches.services import match_resign
from tests.league.conftest import (
    duel_league_played_with_claim,
    round_games,
    start_season,
    swiss_league_played_with_claim,
)

pytestmark = pytest.mark.django_db


def _swiss_game(organiser, make_user):
    league = swiss_league_played_with_claim(organiser)
    season = start_season(league, organiser, [make_user() for _ in range(4)])
    division = season.divisions.get()
    game = round_games(division, 1)[0]
    match = Match.objects.get(pk=game.match_id)
    users = [seat.user for seat in match.seats.order_by("index")]
    return division, game, play_moves(match, users, 2), users


def _registration(division, user) -> Registration:
    return Registration.objects.get(division=division, user=user)


def test_a_league_game_lost_on_time_is_a_forfeit_and_swiss_withdraws_the_player(
    organiser, make_user
):
    division, game, match, users = _swiss_game(organiser, make_user)
    late = match.seats.get(user=users[0]).deadline + timedelta(minutes=1)
    clock_handle_timeouts(now=late)
    result = Result.objects.get(game=game)
    late_reg = _registration(division, users[0])
    assert result.reason == "timeout"
    assert result.forfeited == [late_reg.pk]
    late_reg.refresh_from_db()
    assert late_reg.forfeit_losses == 1
    assert late_reg.status == Registration.Status.WITHDRAWN
    assert _registration(division, users[1]).forfeit_wins == 1


def test_a_resignation_is_a_plain_loss(organiser, make_user):
    division, game, match, users = _swiss_game(organiser, make_user)
    match_resign(match_id=match.pk, user=users[0])
    result = Result.objects.get(game=game)
    assert (result.reason, result.forfeited) == ("resign", [])
    assert _registration(division, users[0]).status == Registration.Status.ACTIVE


def test_a_playoff_game_lost_on_time_is_marked_forfeited(organiser, make_user):
    league = duel_league_played_with_claim(organiser, name="Coupe")
    League.objects.filter(pk=league.pk).update(default_format="knockout", mirrored_duels=False)
    league.refresh_from_db()
    season = start_season(league, organiser, [make_user() for _ in range(2)])
    game = season.playoffs.get().ties.get(round_number=1).games.get()
    users = [seat.user for seat in game.match.seats.order_by("index")]
    match = play_moves(game.match, users, 2)
    clock_handle_timeouts(now=match.seats.get(index=0).deadline + timedelta(minutes=1))
    game.refresh_from_db()
    assert (game.reason, game.forfeited) == ("timeout", [game.seat_order[0]])
