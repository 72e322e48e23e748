from games.engine.rng import Rng


def test_the_same_seed_and_counter_always_give_the_same_shuffle():
    a, _ = Rng("seed").shuffled(range(20))
    b, _ = Rng("seed").shuffled(range(20))
    assert a == b
    assert sorted(a) == list(range(20))


def test_another_seed_gives_another_shuffle():
    a, _ = Rng("seed-1").shuffled(range(20))
    b, _ = Rng("seed-2").shuffled(range(20))
    assert a != b


def test_every_draw_advances_the_counter_and_stays_in_range():
    rng = Rng("s")
    seen = set()
    for _ in range(200):
        value, rng = rng.below(6)
        seen.add(value)
    assert seen == set(range(6))
    assert rng.counter >= 200
