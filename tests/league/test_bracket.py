"""Brackets, pure: seeding, byes, the road to the final, who wins a tie, the drawing."""

from __future__ import annotations

from games.league import bracket


def test_seeds_one_and_two_can_only_meet_in_the_final():
    order = bracket.seed_order(8)
    assert order == [1, 8, 4, 5, 2, 7, 3, 6]
    assert order.index(1) < 4 <= order.index(2)


def test_the_best_seeds_get_the_byes_when_fewer_players_qualify():
    assert bracket.bracket_size(6) == 8
    assert bracket.first_round(6) == [(1, None), (4, 5), (2, None), (3, 6)]
    assert bracket.first_round(3) == [(1, None), (2, 3)]
    assert bracket.first_round(2) == [(1, 2)]


def test_the_winner_of_a_tie_goes_to_the_tie_its_slot_feeds():
    assert bracket.next_tie(1, 3) == (2, 1, 1)
    assert bracket.feeders(2, 1) == ((1, 2), (1, 3))


def test_more_games_won_decides_a_mirrored_tie():
    games = [bracket.TieGame((0, 1)), bracket.TieGame((0, 1))]
    assert bracket.decide(games, seed_a=2, seed_b=1) == bracket.TieDecision(0, "games")


def test_a_split_duel_goes_to_the_greater_score_difference():
    games = [
        bracket.TieGame((0, 1), scores=(12, 3)),
        bracket.TieGame((1, 0), scores=(5, 8)),
    ]
    assert bracket.decide(games, seed_a=2, seed_b=1) == bracket.TieDecision(0, "score")


def test_a_level_tie_goes_to_the_higher_seed():
    games = [bracket.TieGame((0, 0))]
    assert bracket.decide(games, seed_a=3, seed_b=2) == bracket.TieDecision(1, "seed")


def test_forfeited_games_bring_no_score():
    games = [
        bracket.TieGame((0, 1), scores=(20, 0), forfeited=(False, True)),
        bracket.TieGame((1, 0), scores=(1, 2)),
    ]
    assert bracket.decide(games, seed_a=1, seed_b=2).how == "score"
    assert bracket.decide(games, seed_a=1, seed_b=2).winner == 1


def test_the_drawing_puts_each_tie_between_its_two_feeders():
    boxes, paths, (width, height) = bracket.layout(8, third_place=True)
    by_place = {(b.round_number, b.slot, b.third_place): b for b in boxes}
    semi = by_place[(2, 0, False)]
    assert semi.mid_y == (by_place[(1, 0, False)].mid_y + by_place[(1, 1, False)].mid_y) / 2
    assert len(boxes) == 4 + 2 + 1 + 1
    assert len(paths) == 2 * (2 + 1)
    third = by_place[(3, 1, True)]
    assert third.y > by_place[(3, 0, False)].y
    assert all(b.x + bracket.BOX_W <= width and b.y + bracket.BOX_H <= height for b in boxes)
