"""A campaign whose battles are one-page skirmishes (rulebook 004, "Règles de campagne" and
"Scénarios"): each player declares an objective and the army they bring, the match starts with
its scenario rolled from the match's own seed through the campaign's scenario hook, and the
finished battle moves territories as any other."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.armies import services as armies
from games.campaigns import presenters, rules, services
from games.campaigns.models import Battle, Territory
from games.engine import registry
from games.engine.rng import Rng
from games.matches import services as matches
from games.matches.models import Match
from games.refusals import Refused
from tests.armies.conftest import trooper_list
from tests.campaigns.support import battle_between


def _skirmish_campaign(organiser, alice, bob):
    campaign = services.campaign_create(organiser=organiser, name="Kessel", systems=["skirmish"])
    for user in (alice, bob):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    return campaign


def _play_to_the_end(match: Match, users) -> Match:
    system = registry.get_system("skirmish")
    chooser = random.Random(4)
    for _ in range(2000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        state = system.state_from_json(match.snapshot)
        seat = system.to_act(state)[0]
        move = chooser.choice(system.legal_moves(state, seat))
        matches.match_submit_move(
            match_id=match.pk, user=users[seat], move_data=move, expected_version=match.version
        )
    raise AssertionError("the battle did not end")


def test_a_skirmish_battle_rolls_its_scenario_from_the_match_seed_and_moves_territories(
    organiser, alice, bob, monkeypatch
):
    # A known seed (the site draws a secret one), so that this game has a winner.
    monkeypatch.setattr("games.campaigns.services.battles.new_seed", lambda: "campaign-skirmish-3")
    campaign = _skirmish_campaign(organiser, alice, bob)
    raiders = armies.army_list_save(
        owner=alice, system="skirmish", name="Raiders", data=trooper_list(count=20)
    )
    battle = battle_between(campaign, alice, bob)
    assert battle.scenario == ""  # rolled when the match starts, not before
    services.campaign_declare(
        battle_id=battle.pk, user=alice, objective=rules.EXPANSION, army_list=str(raiders.pk)
    )
    services.campaign_declare(battle_id=battle.pk, user=bob, objective=rules.EXPANSION)
    battle.refresh_from_db()
    match = Match.objects.get(pk=battle.match_id)
    assert battle.status == Battle.Status.PLAYING and match.system == "skirmish"
    rolled = rules.roll_scenario("skirmish", Rng(f"{match.seed}:scenario"))
    assert battle.scenario == rolled == match.config["scenario"] == match.snapshot["scenario"]
    assert match.config["armies"][0]["units"] == raiders.data["units"]
    assert match.config["armies"][1]["name"] == "Blue Company"  # bob brought the default
    match = _play_to_the_end(match, [alice, bob])
    battle.refresh_from_db()
    assert match.outcome["reason"] != "draw", match.outcome  # seed 4 gives a winner
    winner = alice if match.outcome["ranks"][0] == 0 else bob
    assert battle.winner == ("a" if winner == alice else "b")
    assert battle.status == Battle.Status.CHOOSING and battle.choices.exists()
    # The winner does not pick: after the deadline the lowest-numbered territories go to them.
    services.campaign_apply_deadlines(now=timezone.now() + timedelta(days=30))
    held = Territory.objects.filter(campaign=campaign, holder__user=winner).count()
    assert held == 2


@translation.override("en")
def test_a_list_of_someone_else_is_refused_at_declaration(organiser, alice, bob):
    campaign = _skirmish_campaign(organiser, alice, bob)
    theirs = armies.army_list_save(
        owner=bob, system="skirmish", name="Bob's", data=trooper_list(count=20)
    )
    battle = battle_between(campaign, alice, bob)
    try:
        services.campaign_declare(
            battle_id=battle.pk, user=alice, objective=rules.RAID, army_list=str(theirs.pk)
        )
    except Refused as refusal:
        assert "no such list of yours" in str(refusal)
    else:
        raise AssertionError("a list of someone else was accepted")
    assert not battle.declarations.exists()


def test_a_campaign_may_require_a_list_within_its_points_limit_for_each_battle(
    organiser, alice, bob
):
    campaign = services.campaign_create(
        organiser=organiser,
        name="Kessel limité",
        systems=["skirmish"],
        house_rules={"army_required": True, "army_points_limit": 399},
    )
    for user in (alice, bob):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    battle = battle_between(campaign, alice, bob)
    with pytest.raises(Refused):  # no list: required
        services.campaign_declare(battle_id=battle.pk, user=alice, objective=rules.RAID)
    too_dear = armies.army_list_save(
        owner=alice, system="skirmish", name="400", data=trooper_list(count=20)
    )
    with pytest.raises(Refused):  # 400 points, over 399
        services.campaign_declare(
            battle_id=battle.pk, user=alice, objective=rules.RAID, army_list=str(too_dear.pk)
        )
    assert not battle.declarations.exists()
    lines = " ".join(str(x) for x in presenters.house_rule_lines(campaign.house_rules))
    assert "399" in lines
