"""The campaign rules as pure functions: each objective on a win, a loss and a draw."""

from games.campaigns import rules
from games.campaigns.rules import (
    ALL_OR_NOTHING,
    CLAIM,
    EXPANSION,
    INVASION,
    RAID,
    RAZE,
    STEAL,
    Effect,
    battle_effects,
)
from games.engine import registry
from games.engine.rng import Rng


def effects(a, b, winner):
    return battle_effects(objective_a=a, objective_b=b, winner=winner)


def test_expansion_win_claims_two_unclaimed_territories():
    assert effects(EXPANSION, INVASION, "a") == (Effect(CLAIM, "a", None, 2, EXPANSION),)


def test_invasion_win_steals_one_of_the_opponents():
    assert effects(EXPANSION, INVASION, "b") == (Effect(STEAL, "b", "a", 1, INVASION),)


def test_all_or_nothing_win_steals_two():
    assert effects(ALL_OR_NOTHING, RAID, "a") == (Effect(STEAL, "a", "b", 2, ALL_OR_NOTHING),)


def test_all_or_nothing_loss_gives_one_to_the_winner_who_picks_it():
    assert effects(ALL_OR_NOTHING, EXPANSION, "b") == (
        Effect(CLAIM, "b", None, 2, EXPANSION),
        Effect(STEAL, "b", "a", 1, ALL_OR_NOTHING),
    )


def test_both_all_or_nothing_winner_takes_three():
    took = effects(ALL_OR_NOTHING, ALL_OR_NOTHING, "a")
    assert sum(e.count for e in took if e.action == STEAL and e.source == "b") == 3


def test_raid_win_razes_three_of_the_opponents():
    assert effects(RAID, EXPANSION, "a") == (Effect(RAZE, "a", "b", 3, RAID),)


def test_losing_with_expansion_invasion_or_raid_costs_nothing():
    for objective in (EXPANSION, INVASION, RAID):
        assert effects(objective, EXPANSION, "b") == (Effect(CLAIM, "b", None, 2, EXPANSION),)


def test_a_draw_changes_nothing_whatever_was_declared():
    for a in rules.OBJECTIVES:
        for b in rules.OBJECTIVES:
            assert effects(a, b, None) == ()


def test_invasion_against_a_player_holding_nothing_takes_nothing():
    holders = {0: None, 1: None, 2: "me"}
    eligible = rules.eligible_territories(action=STEAL, holders=holders, gainer="me", source="you")
    assert eligible == []
    assert rules.count_to_take(wanted=1, available=0) == 0


def test_partial_takes_what_exists_and_none_takes_nothing():
    assert rules.count_to_take(wanted=3, available=2, nothing_to_take="partial") == 2
    assert rules.count_to_take(wanted=3, available=2, nothing_to_take="none") == 0
    assert rules.count_to_take(wanted=2, available=5, nothing_to_take="none") == 2


def test_expansion_with_no_unclaimed_territory_left_takes_nothing():
    holders = {0: "x", 1: "y"}
    assert rules.eligible_territories(action=CLAIM, holders=holders, gainer="x", source=None) == []


def test_default_picks_are_the_lowest_numbered():
    assert rules.default_picks([9, 3, 5, 1], 2) == [1, 3]


def test_adjacency_rule_limits_steals_to_touching_territories():
    holders = {0: "me", 1: "you", 2: "you"}
    adjacency = {0: {1}, 1: {0, 2}, 2: {1}}
    eligible = rules.eligible_territories(
        action=STEAL,
        holders=holders,
        gainer="me",
        source="you",
        adjacency=adjacency,
        requires_adjacency=True,
    )
    assert eligible == [1]


def test_raze_moves_to_unclaimed_and_claim_to_the_gainer():
    holders = {4: "you", 5: None}
    assert rules.changes_for(action=RAZE, gainer="me", picks=[4], holders=holders) == [
        (4, "you", None)
    ]
    assert rules.changes_for(action=CLAIM, gainer="me", picks=[5], holders=holders) == [
        (5, None, "me")
    ]


def test_house_rules_default_to_the_rulebook():
    merged = rules.house_rules({"pairing_mode": "auto", "bogus": 1})
    assert merged["pairing_mode"] == "auto"
    assert merged["draw_effect"] == "nothing"
    assert merged["default_objective"] == EXPANSION
    assert merged["invasion_requires_adjacency"] is False
    assert "bogus" not in merged


def test_a_system_without_scenarios_rolls_none_and_one_with_scenarios_rolls_each_of_its_own():
    from tests.matches.demo_system import ClaimSystem

    class WithScenarios(ClaimSystem):
        key = "claim-with-scenarios"
        scenarios = ("ambush", "convoy", "siege")

    registry.register(WithScenarios())
    assert rules.roll_scenario("neuroshima", Rng("x")) is None
    rolled = {rules.roll_scenario(WithScenarios.key, Rng(str(i))) for i in range(100)}
    assert rolled == set(WithScenarios.scenarios)
    assert rules.roll_scenario(WithScenarios.key, Rng("same")) == rules.roll_scenario(
        WithScenarios.key, Rng("same")
    )


def test_a_scenario_shows_its_label_or_else_its_key():
    """In the words of the system's site (the one-page skirmish's), else its key."""
    from django.utils import translation

    from games.campaigns.presenters import scenario_label

    with translation.override("en"):
        assert scenario_label("pitched_battle", "skirmish") == "Pitched battle"
    with translation.override("fr"):
        assert scenario_label("pitched_battle", "skirmish") == "Bataille rangée"
    assert scenario_label("convoy", "claim-with-scenarios") == "convoy"
    assert scenario_label("convoy") == "convoy"
    assert scenario_label(None) == scenario_label("") == ""
