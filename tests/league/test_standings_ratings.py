"""Standings, tie-breakers, ratings and the chart: pure (no database)."""

from __future__ import annotations

from games.league import charts, ratings
from games.league.standings import Game, Points, rows_from_games, table

P = Points(win=1, draw=0.5, loss=0, bye=1)


def _order(games, players, tiebreakers):
    rows = rows_from_games(players, games, P)
    return [r.player for r in table(rows, games, P, tiebreakers)]


def test_win_draw_loss_and_forfeits_are_counted_apart():
    games = [
        Game(players=("a", "b"), ranks=(0, 1), scores=(3, 1)),
        Game(players=("a", "c"), ranks=(0, 0), scores=(2, 2)),
        Game(players=("b", "c"), ranks=(1, 0), forfeited=frozenset({"b"})),
        Game(players=("d",), ranks=(0,), bye=True),
    ]
    rows = rows_from_games("abcd", games, P)
    assert (rows["a"].wins, rows["a"].draws, rows["a"].points) == (1, 1, 1.5)
    assert (rows["b"].losses, rows["b"].forfeit_losses) == (2, 1)
    assert (rows["c"].forfeit_wins, rows["c"].points) == (1, 1.5)
    assert (rows["d"].byes, rows["d"].played, rows["d"].points) == (1, 0, 1.0)
    assert rows["a"].score_diff == 2  # forfeits carry no score


def test_head_to_head_breaks_a_tie_between_two_players():
    games = [
        Game(players=("a", "b"), ranks=(1, 0)),  # b beat a
        Game(players=("a", "c"), ranks=(0, 1)),
        Game(players=("b", "d"), ranks=(1, 0)),
    ]
    assert _order(games, "abcd", ["head_to_head"])[:2] == ["b", "a"] or _order(
        games, "abcd", ["head_to_head"]
    )[:3].index("b") < _order(games, "abcd", ["head_to_head"]).index("a")


def test_score_difference_breaks_ties_like_hq_points_in_neuroduel():
    games = [
        Game(players=("a", "x"), ranks=(0, 1), scores=(10, 2)),
        Game(players=("b", "y"), ranks=(0, 1), scores=(5, 4)),
    ]
    assert _order(games, "bayx", ["score_diff"])[:2] == ["a", "b"]


def test_buchholz_prefers_the_player_who_met_stronger_opponents():
    games = [
        Game(players=("a", "s"), ranks=(0, 1)),
        Game(players=("s", "z"), ranks=(0, 1)),
        Game(players=("b", "w"), ranks=(0, 1)),
    ]
    assert _order(games, "bazsw", ["buchholz"])[:2] == ["a", "s"] or _order(
        games, "bazsw", ["buchholz"]
    ).index("a") < _order(games, "bazsw", ["buchholz"]).index("b")


def test_pods_give_the_win_to_a_sole_first_place_only():
    rows = rows_from_games("abc", [Game(players=("a", "b", "c"), ranks=(0, 0, 2))], P)
    assert (rows["a"].draws, rows["b"].draws, rows["c"].losses) == (1, 1, 1)


def test_winner_rating_rises_and_loser_falls():
    (w,), (lo,) = ratings.rate([[(25, 25 / 3)], [(25, 25 / 3)]], [0, 1])
    assert w[0] > 25 > lo[0] and w[1] < 25 / 3
    assert ratings.ordinal(*w) > ratings.ordinal(*lo)


def test_multiplayer_ranks_order_the_new_ratings():
    start = (25.0, 25 / 3)
    new = ratings.rate([[start], [start], [start], [start]], [0, 1, 2, 3])
    mus = [team[0][0] for team in new]
    assert mus == sorted(mus, reverse=True)


def test_teams_share_the_result():
    start = (25.0, 25 / 3)
    (a, c), (b, d) = ratings.rate([[start, start], [start, start]], [0, 1])
    assert a[0] > 25 and c[0] > 25 and b[0] < 25 and d[0] < 25


def test_rating_chart_draws_a_line_and_band_inside_the_box():
    chart = charts.rating_chart([("", 25, 8.3), ("d1", 27, 8.0), ("d2", 26, 7.5)])
    assert not chart.empty and len(chart.dots) == 3
    for pt in chart.line.split() + chart.band.split():
        x, y = map(float, pt.split(","))
        assert 0 <= x <= chart.width and 0 <= y <= chart.height
    assert charts.rating_chart([]).empty


def test_a_rating_chart_point_reads_in_the_readers_typography():
    from django.utils import translation

    history = [("", 25, 8.3), ("d1", 27.5, 8.0)]
    with translation.override("fr"):
        title = charts.rating_chart(history).dots[1][2]
    with translation.override("en"):
        english = charts.rating_chart(history).dots[1][2]
    assert title.startswith("d1 : ") and "," in title and "." not in title
    assert english.startswith("d1: ") and "." in english
