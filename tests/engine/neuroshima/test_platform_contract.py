"""What Neuroshima tells the platform about itself: teams, draws, league duel configs."""

from __future__ import annotations

import pytest

from games.engine.neuroshima.system import SYSTEM
from games.engine.neuroshima.tiles import ARMIES
from games.engine.rng import Rng


@pytest.fixture(autouse=True)
def _fast_password_hashing():
    """No Django here (see test_bot.py)."""


def test_the_alliance_mode_pairs_seats_0_2_and_1_3_and_otherwise_each_plays_alone():
    assert SYSTEM.teams({"mode": "alliance"}, 4) == ((0, 2), (1, 3))
    assert SYSTEM.teams({"mode": "ffa"}, 4) == ((0,), (1,), (2,), (3,))
    assert SYSTEM.teams({}, 2) == ((0,), (1,))


def test_players_may_agree_a_draw():
    assert SYSTEM.allows_draw is True


def test_a_duel_draws_two_different_armies_from_the_rng_and_its_mirror_keeps_them():
    drawn = set()
    for i in range(40):
        first, second = SYSTEM.duel_configs({"board": "standard"}, Rng(f"duel-{i}"))
        assert first == second and first["board"] == "standard"
        x, y = first["armies"]
        assert x != y and {x, y} <= set(ARMIES)
        drawn.add((x, y))
        assert SYSTEM.duel_configs({}, Rng(f"duel-{i}")) == SYSTEM.duel_configs(
            {}, Rng(f"duel-{i}")
        )
    assert len(drawn) > 6


def test_a_duel_with_armies_fixed_by_the_league_keeps_them():
    config = {"armies": ["moloch", "borgo"]}
    assert SYSTEM.duel_configs(config, Rng("x")) == (config, config)
    first, _ = SYSTEM.duel_configs({"armies": ["random", "random"]}, Rng("x"))
    assert "random" not in first["armies"]
