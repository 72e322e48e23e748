"""N2 rolls (spec B.8): Normal rolls and criticals, success values above 20, and face-to-face
rolls with N2's tie rule (the dice calculator's 2014 N2 code; its commit 94d193f replaced it
for N3)."""

from games.engine.infinity.rolls import beats, best, judge, judge_all, survivors


def test_a_roll_equal_to_the_success_value_is_a_critical():
    assert judge(13, 13).critical and judge(13, 13).success
    assert judge(12, 13).success and not judge(12, 13).critical
    assert not judge(14, 13).success


def test_above_twenty_every_roll_succeeds_and_criticals_grow_downward():
    assert all(judge(v, 22).success for v in range(1, 21))
    assert [v for v in range(1, 21) if judge(v, 22).critical] == [18, 19, 20]


def test_a_success_value_of_zero_or_less_always_fails():
    assert not judge(1, 0).success and not judge(1, -2).success


def test_each_success_must_beat_the_opponents_best_success():
    mine = judge_all([15, 12, 3], 17)
    theirs = judge_all([14, 19], 16)
    assert [d.value for d in survivors(mine, theirs)] == [15]
    assert survivors(theirs, mine) == ()


def test_equal_results_go_to_the_higher_success_value_in_n2():
    a, b = judge(10, 15), judge(10, 12)
    assert beats(a, b) and not beats(b, a)


def test_equal_results_with_equal_success_values_cancel():
    a, b = judge(10, 12), judge(10, 12)
    assert not beats(a, b) and not beats(b, a)


def test_a_critical_beats_any_higher_normal_success():
    crit, high = judge(9, 9), judge(18, 19)
    assert beats(crit, high) and not beats(high, crit)
    assert survivors([crit], [high]) == (crit,)


def test_two_criticals_go_to_the_higher_success_value():
    assert beats(judge(14, 14), judge(11, 11))
    assert not beats(judge(11, 11), judge(14, 14))


def test_failures_never_count_and_no_success_means_every_opposing_success_stands():
    mine = judge_all([18, 20], 10)
    theirs = judge_all([5], 10)
    assert best(mine) is None
    assert survivors(theirs, mine) == theirs
