"""The rulebook's worked examples (seed 002) not tested elsewhere, each as the text tells it
(the table "Rulebook examples and their tests" in the engine README lists them all)."""

from hxp import play, position, refused

from games.engine.hexpanse.system import SYSTEM
from games.engine.rng import Rng


def test_the_team_example_team_one_plays_A_then_team_two_B_then_team_one_C_then_team_two_D():
    """«Jeu en Equipes», «Par exemple: l'équipe 1 joue en premier avec le joueur A, l'équipe 2
    joue en second avec le joueur B, ensuite l'équipe 1 rejoue avec le joueur C, suivi par
    l'équipe 2 avec le joueur D.» (teammates sit diagonally)."""
    config = {"board": "large", "mode": "capitaine", "teams": True, "players": 4}
    made = SYSTEM.setup(config, 4, Rng("teams"))
    teams = SYSTEM.state_to_json(made.state)["teams"]
    assert teams == [[0, 2], [1, 3]]
    team_of = {seat: n + 1 for n, members in enumerate(teams) for seat in members}
    pos = position(seats=4, teams=teams)
    order = []
    state = play(pos).state
    for _ in range(4):
        seat = state.turn.seat
        order.append(team_of[seat])
        state = play(
            state, {"seat": seat, "do": "end_actions"}, {"seat": seat, "do": "end_turn"}
        ).state
    assert order == [1, 2, 1, 2]
    assert state.turn.seat == 0  # and team 1 plays again with player A


def test_the_income_example_two_to_reach_level_two_three_to_reach_level_three():
    """«Augmentez votre revenu de 1 niveau», «Par exemple : vous devez payer 2 pour passer du
    niveau 1 au niveau 2 et 3 pour passer du niveau 2 au niveau 3. Le niveau de revenu maximum
    est de 4.»"""
    level_two = play(position(hexilum=[2, 0], income=[1, 1]), {"seat": 0, "do": "raise_income"})
    assert (level_two.seat(0)["income"], level_two.seat(0)["hexilum"]) == (2, 0)
    level_three = play(position(hexilum=[3, 0], income=[2, 1]), {"seat": 0, "do": "raise_income"})
    assert (level_three.seat(0)["income"], level_three.seat(0)["hexilum"]) == (3, 0)
    short = refused(position(hexilum=[2, 0], income=[2, 1]), {"seat": 0, "do": "raise_income"})
    assert short.code == "not_enough_hexilum"
    top = refused(position(hexilum=[9, 0], income=[4, 1]), {"seat": 0, "do": "raise_income"})
    assert top.code == "income_at_max"
