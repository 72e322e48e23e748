"""House rules the rulebook leaves open: what a draw does (nothing, one unclaimed territory
each, a replay), how many battles a player fights per round, how many territories each
objective moves; each with the rulebook's default."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import translation

from games.campaigns import presenters, rules, selectors, services
from games.campaigns.models import Battle, Campaign
from games.matches.models import Match
from games.refusals import Refused
from tests.campaigns.support import battle_between, declare_both, held, win

pytestmark = pytest.mark.django_db


def _draw(battle: Battle) -> None:
    match = Match.objects.get(pk=battle.match_id)
    match.outcome = {"ranks": [0, 0], "scores": [1, 1], "reason": "draw"}
    with connection.cursor():
        services.campaign_resolve_battle(match)
    battle.refresh_from_db()


def _running(organiser, alice, bob, **house):
    campaign = services.campaign_create(
        organiser=organiser, name="Règles maison", systems=["neuroshima"], house_rules=house
    )
    for user in (alice, bob):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    return campaign


def test_the_rulebooks_numbers_are_the_defaults():
    effects = rules.battle_effects(
        objective_a=rules.ALL_OR_NOTHING, objective_b=rules.ALL_OR_NOTHING, winner="a"
    )
    assert [e.count for e in effects] == [2, 1]
    assert rules.battle_effects(objective_a="raid", objective_b="raid", winner=None) == ()


def test_stakes_change_what_each_objective_moves():
    stakes = {"stake_raid": 1, "stake_all_or_nothing_loss": 0, "stake_expansion": 4}
    raid = rules.battle_effects(
        objective_a=rules.RAID, objective_b=rules.ALL_OR_NOTHING, winner="a", stakes=stakes
    )
    assert [(e.action, e.count) for e in raid] == [(rules.RAZE, 1)]  # a stake of 0 moves nothing
    grow = rules.battle_effects(
        objective_a=rules.EXPANSION, objective_b=rules.RAID, winner="a", stakes=stakes
    )
    assert grow[0].count == 4


def test_a_draw_may_give_each_player_one_unclaimed_territory(organiser, alice, bob):
    effects = rules.battle_effects(
        objective_a=rules.RAID, objective_b=rules.INVASION, winner=None, draw_effect="both_claim"
    )
    assert [(e.chooser, e.action, e.count) for e in effects] == [
        ("a", rules.CLAIM, 1),
        ("b", rules.CLAIM, 1),
    ]
    campaign = _running(organiser, alice, bob, draw_effect="both_claim")
    battle = declare_both(battle_between(campaign, alice, bob), alice, "raid", bob, "invasion")
    _draw(battle)
    assert battle.status == Battle.Status.CHOOSING
    choice = selectors.battle_pending_choice(battle=battle)
    assert choice.chooser.user == alice and choice.count == 1
    options, _n = services.choice_options(choice=choice)
    services.campaign_choose(choice_id=choice.pk, user=alice, territory_ids=[options[3].pk])
    choice = selectors.battle_pending_choice(battle=battle)
    assert choice.chooser.user == bob
    services.campaign_choose(choice_id=choice.pk, user=bob, territory_ids=[options[0].pk])
    assert held(campaign, alice) == held(campaign, bob) == 1


def test_a_drawn_battle_may_be_replayed_once(organiser, alice, bob):
    campaign = _running(organiser, alice, bob, draw_effect="replay")
    battle = declare_both(battle_between(campaign, alice, bob), alice, "expansion", bob, "raid")
    first_match = battle.match_id
    _draw(battle)
    assert battle.status == Battle.Status.PLAYING and battle.replays == 1
    assert battle.match_id != first_match
    assert campaign.feed.filter(kind="replayed").exists()
    _draw(battle)  # a second draw: the battle ends, nothing changes
    assert battle.status == Battle.Status.RESOLVED and battle.winner == ""
    assert held(campaign, alice) == held(campaign, bob) == 0


def test_a_replayed_battle_is_won_like_any_other(organiser, alice, bob):
    campaign = _running(organiser, alice, bob, draw_effect="replay")
    battle = declare_both(battle_between(campaign, alice, bob), alice, "expansion", bob, "raid")
    _draw(battle)
    win(battle, alice, bob)
    assert battle.winner == "a" and battle.status == Battle.Status.CHOOSING


def test_players_may_fight_as_many_battles_per_round_as_the_house_rule_says(
    organiser, alice, bob, make_user
):
    carla = make_user("carla")
    campaign = _running(organiser, alice, bob, battles_per_round=2)
    services.campaign_join(campaign_id=campaign.pk, user=carla)
    battle_between(campaign, alice, bob)
    battle_between(campaign, alice, carla)  # alice's second battle of the round
    with pytest.raises(Refused, match="2 (battles|batailles)"):
        battle_between(campaign, alice, bob)
    one = _running(organiser, make_user("d"), make_user("e"))
    assert one.rule("battles_per_round") == 1


@pytest.mark.parametrize(
    "house",
    [
        {"draw_effect": "coin_flip"},
        {"battles_per_round": 0},
        {"battles_per_round": "deux"},
        {"stake_raid": 11},
        {"stake_invasion": -1},
    ],
)
def test_house_rules_out_of_bounds_are_refused(organiser, house):
    with pytest.raises(Refused):
        services.campaign_create(organiser=organiser, name="x", house_rules=house)


def test_the_creation_form_sets_the_house_rules_and_the_page_states_them(client, organiser):
    client.force_login(organiser)
    client.post(
        "/campaigns/",
        {
            "name": "Printemps",
            "systems": ["neuroshima"],
            "rounds": 4,
            "round_length_days": 7,
            "pairing_mode": "challenge",
            "declaration_deadline_hours": 48,
            "default_objective": "expansion",
            "choice_deadline_hours": 24,
            "nothing_to_take": "partial",
            "draw_effect": "both_claim",
            "battles_per_round": 2,
            "stake_raid": 2,
        },
    )
    campaign = Campaign.objects.get(name="Printemps")
    assert campaign.rule("draw_effect") == "both_claim"
    assert campaign.rule("battles_per_round") == 2 and campaign.rule("stake_raid") == 2
    assert campaign.rule("stake_expansion") == 2  # not sent: the rulebook's number
    page = client.get(
        reverse("campaigns:detail", args=[campaign.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "After a draw each player takes one unclaimed territory." in page
    assert "at most 2 battles per round" in page and "Raid 2" in page
    with translation.override("en"):
        assert "A draw changes nothing." in presenters.house_rule_lines({})
