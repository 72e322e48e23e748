"""Corrections that repair everything: a corrected league result moves the table, the site
ratings from that game on, a Swiss withdrawal it caused; the reason is logged and the players
told. A property test: any sequence of results and corrections ends where a replay of the
final results from scratch does."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.league import ratings, selectors, services
from games.league.models import (
    League,
    PairingGame,
    Rating,
    RatingHistory,
    Registration,
    Result,
    SeasonLog,
)
from games.league.services.rating_ledger import ratings_from_scratch
from games.league.tables import registration_row
from games.matches.models import Match
from games.matches.services import match_resign
from games.notifications.models import Notification
from tests.league.conftest import (
    duel_league_played_with_claim,
    first_moves,
    round_games,
    start_season,
)

pytestmark = pytest.mark.django_db
_names = itertools.count()


def _league(organiser, fmt="rr1") -> League:
    league = duel_league_played_with_claim(organiser, name=f"L{next(_names)}")
    League.objects.filter(pk=league.pk).update(default_format=fmt, mirrored_duels=False)
    league.refresh_from_db()
    return league


def _play(game: PairingGame, loser_seat: int) -> None:
    match = Match.objects.get(pk=game.match_id)
    match_resign(match_id=match.pk, user=match.seats.get(index=loser_seat).user)


def _ratings_of(users) -> dict:
    return {
        r.user_id: (round(r.mu, 9), round(r.sigma, 9), r.games)
        for r in Rating.objects.filter(user__in=users, system="claim")
    }


def test_a_corrected_result_replays_the_ratings_from_that_game_on(
    organiser, make_user, django_capture_on_commit_callbacks
):
    players = [make_user() for _ in range(4)]
    season = start_season(_league(organiser), organiser, players)
    division = season.divisions.get()
    first, second = PairingGame.objects.filter(pairing__round__division=division).order_by("pk")
    _play(first, loser_seat=1)
    _play(second, loser_seat=0)
    later = make_user()  # a casual game after them, with one of the same players
    from tests.fixtures import start_match

    casual = start_match(Registration.objects.get(pk=first.seat_order[0]).user, later)
    match_resign(match_id=casual.pk, user=later)
    before = _ratings_of([*players, later])
    with django_capture_on_commit_callbacks(execute=True):
        services.game_set_result(
            game=first, actor=organiser, ranks=[1, 0], forfeited=[], reason="Mauvais clic"
        )
    after = _ratings_of([*players, later])
    assert after != before
    # The casual game was replayed too (its winner had lost the corrected game meanwhile).
    assert after[later.pk] != before[later.pk]
    scratch = ratings_from_scratch(system="claim")
    assert after == {
        u: tuple(round(x, 9) for x in v[:2]) + (v[2],) for u, v in scratch.items() if u in after
    }
    assert RatingHistory.objects.filter(match_id=first.match_id).count() == 2
    log = SeasonLog.objects.get(season=season, action="adjust_result")
    assert log.reason == "Mauvais clic"
    told = Notification.objects.filter(kind="competition", params__event="correction")
    assert {n.user_id for n in told} == {
        Registration.objects.get(pk=pk).user_id for pk in first.seat_order
    }


def test_a_no_show_corrected_to_a_result_stays_unrated(organiser, make_user):
    season = start_season(_league(organiser), organiser, [make_user() for _ in range(2)])
    rnd = season.divisions.get().round_set.get(number=1)
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    game = PairingGame.objects.get(pairing__round=rnd)
    services.game_set_result(game=game, actor=organiser, ranks=[0, 0], forfeited=[], reason="x")
    assert not RatingHistory.objects.filter(match_id=game.match_id).exists()


def test_removing_a_forfeit_brings_a_withdrawn_swiss_player_back(organiser, make_user):
    season = start_season(_league(organiser, "swiss"), organiser, [make_user() for _ in range(2)])
    division = season.divisions.get()
    rnd = division.round_set.get(number=1)
    first_moves(round_games(division, 1))  # started: its first player alone forfeits it
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    result = Result.objects.get(pairing__round=rnd)
    (gone,) = result.forfeited
    assert Registration.objects.get(pk=gone).status == Registration.Status.WITHDRAWN
    services.game_set_result(
        game=result.game, actor=organiser, ranks=[0, 0], forfeited=[], reason="Serveur en panne"
    )
    assert Registration.objects.get(pk=gone).status == Registration.Status.ACTIVE
    assert SeasonLog.objects.filter(season=season, action="rejoin").exists()


operations = st.lists(
    st.one_of(
        st.tuples(st.just("play"), st.integers(0, 5), st.integers(0, 1)),
        st.tuples(st.just("correct"), st.integers(0, 5), st.sampled_from([0, 1, None])),
        st.tuples(st.just("deadline"), st.just(0), st.just(0)),
    ),
    max_size=12,
)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=operations)
def test_any_results_and_corrections_end_where_a_replay_from_scratch_does(
    ops, organiser, make_user
):
    players = [make_user() for _ in range(4)]
    season = start_season(_league(organiser), organiser, players)
    division = season.divisions.get()
    played: set[int] = set()
    for op, index, value in ops:
        games = list(PairingGame.objects.filter(pairing__round__division=division).order_by("pk"))
        if op == "deadline":
            rnd = division.round_set.filter(closed_at__isnull=True).order_by("number").first()
            if rnd is not None:
                services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
            continue
        game = games[index % len(games)]
        if op == "play":
            if not hasattr(game, "result") or game.result is None:
                if Match.objects.get(pk=game.match_id).status == Match.Status.ACTIVE:
                    _play(game, value)
                    played.add(game.match_id)
            continue
        ranks = [0, 0] if value is None else [0 if seat == value else 1 for seat in range(2)]
        services.game_set_result(game=game, actor=organiser, ranks=ranks, forfeited=[], reason="r")
    # The table: the stored counters are those of the final results, and so is the order.
    stored = {r.pk: registration_row(r).as_dict() for r in division.registrations.all()}
    recomputed = selectors.standings_recompute(division=division)
    assert stored == {k: v.as_dict() for k, v in recomputed.items()}
    # The ratings: a fold of the final results of the games played, in the order they ended.
    finals = sorted(
        Result.objects.filter(match_id__in=played).select_related("match"),
        key=lambda r: (r.match.finished_at, r.match_id),
    )
    users = {r.pk: r.user_id for r in division.registrations.all()}
    state: dict[int, tuple[float, float, int]] = {}
    for result in finals:
        a, b = (users[pk] for pk in result.players)
        new = ratings.rate(
            [
                [state.get(a, (ratings.MU, ratings.SIGMA, 0))[:2]],
                [state.get(b, (ratings.MU, ratings.SIGMA, 0))[:2]],
            ],
            list(result.ranks),
        )
        state[a] = (*new[0][0], state.get(a, (0, 0, 0))[2] + 1)
        state[b] = (*new[1][0], state.get(b, (0, 0, 0))[2] + 1)
    expected = {u: (round(m, 9), round(s, 9), g) for u, (m, s, g) in state.items()}
    assert _ratings_of(players) == expected
