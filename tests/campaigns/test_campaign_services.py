"""Campaign services on real Postgres: joining, challenges, declarations, results, the ledger."""

from __future__ import annotations

import random
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.campaigns import rules, selectors, services
from games.campaigns.models import (
    Battle,
    Campaign,
    CampaignPlayer,
    FeedEntry,
    Territory,
    TerritoryChange,
)
from games.matches.models import Match
from games.refusals import Forbidden, Refused
from tests.campaigns.support import battle_between, declare_both, give, held, win

pytestmark = pytest.mark.django_db


def assert_invariants(campaign):
    players = CampaignPlayer.objects.filter(campaign=campaign).count()
    territories = Territory.objects.filter(campaign=campaign)
    held_count = territories.filter(holder__isnull=False).count()
    unclaimed = territories.filter(holder__isnull=True).count()
    assert held_count + unclaimed == 10 * players
    assert not territories.filter(holder__removed_at__isnull=False).exists()
    replay = selectors.ledger_replay(campaign=campaign)
    assert replay == {t.pk: t.holder_id for t in territories}


def test_joining_brings_ten_unclaimed_territories_on_the_map(campaign, alice):
    player = services.campaign_join(campaign_id=campaign.pk, user=alice)
    territories = Territory.objects.filter(campaign=campaign)
    assert territories.count() == 10
    assert all(t.holder is None and t.added_by == player for t in territories)
    assert [t.number for t in territories] == list(range(10))
    assert TerritoryChange.objects.filter(campaign=campaign, kind="join").count() == 10
    with pytest.raises(Refused):
        services.campaign_join(campaign_id=campaign.pk, user=alice)


def test_a_player_can_join_mid_campaign_and_the_map_grows(running, make_user):
    late = make_user("late")
    player = services.campaign_join(campaign_id=running.pk, user=late)
    numbers = list(Territory.objects.filter(added_by=player).values_list("number", flat=True))
    assert numbers == list(range(20, 30))
    assert_invariants(running)


def test_invite_only_campaigns_need_the_token(organiser, alice, bob):
    campaign = services.campaign_create(organiser=organiser, name="Secret", is_public=False)
    with pytest.raises(Forbidden):
        services.campaign_join(campaign_id=campaign.pk, user=alice, invite_token="wrong")
    services.campaign_join(campaign_id=campaign.pk, user=bob, invite_token=campaign.invite_token)


def test_challenge_lifecycle_and_one_battle_per_round(running, alice, bob, make_user):
    carol = make_user("carol")
    services.campaign_join(campaign_id=running.pk, user=carol)
    battle = services.campaign_challenge(
        campaign_id=running.pk, user=alice, opponent_id=running.players.get(user=bob).pk
    )
    assert battle.status == Battle.Status.CHALLENGED
    with pytest.raises(Refused):
        services.campaign_challenge(
            campaign_id=running.pk, user=carol, opponent_id=running.players.get(user=bob).pk
        )
    with pytest.raises(Refused):
        services.campaign_accept(battle_id=battle.pk, user=alice)  # only the challenged accepts
    services.campaign_decline(battle_id=battle.pk, user=bob)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.DECLINED
    battle = battle_between(running, carol, bob)
    assert battle.status == Battle.Status.DECLARING
    assert battle.declaration_deadline > timezone.now()


def test_only_the_battles_players_declare(running, alice, bob, make_user, organiser):
    carol = make_user("carol")
    services.campaign_join(campaign_id=running.pk, user=carol)
    battle = battle_between(running, alice, bob)
    for outsider in (carol, organiser):
        with pytest.raises(Forbidden):
            services.campaign_declare(battle_id=battle.pk, user=outsider, objective=rules.RAID)
    services.campaign_declare(battle_id=battle.pk, user=alice, objective=rules.RAID)
    with pytest.raises(Refused):
        services.campaign_declare(battle_id=battle.pk, user=alice, objective=rules.INVASION)


def test_both_declarations_reveal_in_the_feed_and_start_the_match(running, alice, bob):
    battle = battle_between(running, alice, bob)
    services.campaign_declare(battle_id=battle.pk, user=alice, objective=rules.RAID)
    assert not FeedEntry.objects.filter(campaign=running, kind="revealed").exists()
    services.campaign_declare(battle_id=battle.pk, user=bob, objective=rules.EXPANSION)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.PLAYING
    match = Match.objects.get(pk=battle.match_id)
    assert match.status == Match.Status.ACTIVE
    assert match.competition == f"campaign:{running.pk}"
    assert [s.user for s in match.seats.all()] == [alice, bob]
    revealed = FeedEntry.objects.get(campaign=running, kind="revealed")
    assert revealed.params["objective_a"] == rules.RAID


def test_expansion_win_takes_two_unclaimed_after_the_winner_picks(running, alice, bob):
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.EXPANSION, bob, rules.RAID
    )
    battle = win(battle, alice, bob)
    assert battle.status == Battle.Status.CHOOSING
    choice = battle.choices.get()
    options, n = services.choice_options(choice=choice)
    assert n == 2 and len(options) == 20
    with pytest.raises(Forbidden):
        services.campaign_choose(choice_id=choice.pk, user=bob, territory_ids=[options[0].pk])
    with pytest.raises(Refused):
        services.campaign_choose(choice_id=choice.pk, user=alice, territory_ids=[options[0].pk])
    picked = [options[5].pk, options[7].pk]
    services.campaign_choose(choice_id=choice.pk, user=alice, territory_ids=picked)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.RESOLVED and battle.winner == "a"
    assert set(Territory.objects.filter(holder__user=alice).values_list("pk", flat=True)) == set(
        picked
    )
    assert_invariants(running)


def test_a_missed_choice_takes_the_lowest_numbered(running, alice, bob):
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.EXPANSION, bob, rules.RAID
    )
    battle = win(battle, alice, bob)
    services.campaign_apply_deadlines(now=timezone.now() + timedelta(days=3))
    battle.refresh_from_db()
    assert battle.status == Battle.Status.RESOLVED
    assert list(Territory.objects.filter(holder__user=alice).values_list("number", flat=True)) == [
        0,
        1,
    ]


def test_invasion_against_nothing_resolves_at_once_with_nothing(running, alice, bob):
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.INVASION, bob, rules.RAID
    )
    battle = win(battle, alice, bob)
    assert battle.status == Battle.Status.RESOLVED
    assert held(running, alice) == 0
    assert FeedEntry.objects.filter(kind="territories_moved", params__territories=[]).exists()


def test_all_or_nothing_loser_gives_one_raid_razes_three(running, alice, bob):
    give(running, alice, 4)
    give(running, bob, 1)
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.ALL_OR_NOTHING, bob, rules.RAID
    )
    battle = win(battle, bob, alice)  # bob wins: raid on alice (3 of 4), then alice gives 1
    assert battle.status == Battle.Status.CHOOSING
    services.campaign_apply_deadlines(now=timezone.now() + timedelta(days=3))
    battle.refresh_from_db()
    assert battle.status == Battle.Status.RESOLVED
    assert held(running, alice) == 0 and held(running, bob) == 2
    assert_invariants(running)


def test_a_draw_changes_nothing(running, alice, bob):
    give(running, alice, 2)
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.ALL_OR_NOTHING, bob, rules.RAID
    )
    match = Match.objects.get(pk=battle.match_id)
    match.outcome = {"ranks": [0, 0], "scores": [1, 1], "reason": "draw"}
    with connection.cursor():
        services.campaign_resolve_battle(match)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.RESOLVED and battle.winner == ""
    assert held(running, alice) == 2
    assert_invariants(running)


def test_resolving_twice_applies_once(running, alice, bob):
    give(running, bob, 3)
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.INVASION, bob, rules.RAID
    )
    battle = win(battle, alice, bob)
    assert battle.status == Battle.Status.CHOOSING
    services.campaign_apply_deadlines(now=timezone.now() + timedelta(days=3))
    before = TerritoryChange.objects.filter(battle=battle).count()
    match = Match.objects.get(pk=battle.match_id)
    services.campaign_resolve_battle(match)
    services.campaign_resolve_battle(match)
    assert TerritoryChange.objects.filter(battle=battle).count() == before == 1
    assert battle.choices.count() == 1
    assert_invariants(running)


def _in_thread(fn):
    """Run fn in a fresh thread. On-commit notifications call async_to_sync, which refuses to
    run in a thread that has an event loop (Playwright's, when browser tests ran first)."""
    result, errors = [], []

    def run():
        from django.db import connection as thread_connection

        try:
            result.append(fn())
        except Exception as error:  # noqa: BLE001 - re-raised below (pragma: no cover)
            errors.append(error)
        finally:
            thread_connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return result[0]


@pytest.mark.django_db(transaction=True)
def test_concurrent_resolutions_never_duplicate(organiser, alice, bob):
    def set_up():
        campaign = services.campaign_create(organiser=organiser, name="Race")
        services.campaign_join(campaign_id=campaign.pk, user=alice)
        services.campaign_join(campaign_id=campaign.pk, user=bob)
        services.campaign_start(campaign_id=campaign.pk, user=organiser)
        battle = declare_both(
            battle_between(campaign, alice, bob), alice, rules.RAID, bob, rules.RAID
        )
        give(campaign, bob, 3)  # exactly three: the raid needs no choice
        return campaign, battle

    campaign, battle = _in_thread(set_up)
    match = Match.objects.get(pk=battle.match_id)
    match.outcome = {"ranks": [0, 1], "scores": [1, 0], "reason": "test"}
    barrier = threading.Barrier(4)
    errors = []

    def resolve():
        from django.db import connection as thread_connection
        from django.db import transaction

        try:
            barrier.wait()
            with transaction.atomic():
                services.campaign_resolve_battle(match)
        except Exception as error:  # noqa: BLE001 - reported below (pragma: no cover)
            errors.append(error)
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=resolve) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert TerritoryChange.objects.filter(battle=battle).count() == 3
    assert FeedEntry.objects.filter(battle=battle, kind="result").count() == 1
    assert held(campaign, bob) == 0
    assert_invariants(campaign)


def test_missed_declaration_gets_the_default_objective(running, alice, bob):
    battle = battle_between(running, alice, bob)
    services.campaign_declare(battle_id=battle.pk, user=alice, objective=rules.RAID)
    services.campaign_apply_deadlines(now=timezone.now() + timedelta(hours=73))
    battle.refresh_from_db()
    assert battle.status == Battle.Status.PLAYING
    bobs = battle.declarations.get(player__user=bob)
    assert bobs.objective == rules.EXPANSION and bobs.by_default


def test_organiser_tools_are_organiser_only(running, alice, bob):
    battle = battle_between(running, alice, bob)
    for call in (
        lambda: services.campaign_set_paused(campaign_id=running.pk, user=alice, paused=True),
        lambda: services.campaign_advance_round(campaign_id=running.pk, user=alice),
        lambda: services.campaign_pair_round(campaign_id=running.pk, user=alice),
        lambda: services.campaign_extend_deadline(battle_id=battle.pk, user=alice, hours=5),
        lambda: services.campaign_remove_player(
            campaign_id=running.pk, user=alice, player_id=running.players.get(user=bob).pk
        ),
        lambda: services.campaign_correct_result(
            battle_id=battle.pk, user=alice, winner="a", reason="x"
        ),
    ):
        with pytest.raises(Forbidden):
            call()


def test_an_organiser_acts_only_on_the_battles_of_the_campaign_they_name(
    running, organiser, alice, bob
):
    battle = battle_between(running, alice, bob)
    other = services.campaign_create(
        organiser=organiser, name="Another", systems=[running.systems[0]], rounds=3
    )
    with pytest.raises(Refused):
        services.campaign_extend_deadline(
            campaign_id=other.pk, battle_id=battle.pk, user=organiser, hours=5
        )
    with pytest.raises(Refused):
        services.campaign_correct_result(
            campaign_id=other.pk, battle_id=battle.pk, user=organiser, winner="a", reason="x"
        )
    services.campaign_extend_deadline(
        campaign_id=running.pk, battle_id=battle.pk, user=organiser, hours=5
    )


def test_pause_blocks_declarations_and_extend_moves_the_deadline(running, organiser, alice, bob):
    battle = battle_between(running, alice, bob)
    old = battle.declaration_deadline
    services.campaign_extend_deadline(battle_id=battle.pk, user=organiser, hours=24)
    battle.refresh_from_db()
    assert battle.declaration_deadline >= old + timedelta(hours=24)
    services.campaign_set_paused(campaign_id=running.pk, user=organiser, paused=True)
    with pytest.raises(Refused):
        services.campaign_declare(battle_id=battle.pk, user=alice, objective=rules.RAID)
    services.campaign_set_paused(campaign_id=running.pk, user=organiser, paused=False)
    services.campaign_declare(battle_id=battle.pk, user=alice, objective=rules.RAID)


def test_correcting_a_result_reapplies_through_the_ledger(running, organiser, alice, bob):
    give(running, bob, 2)
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.INVASION, bob, rules.RAID
    )
    battle = win(battle, alice, bob)
    services.campaign_apply_deadlines(now=timezone.now() + timedelta(days=3))
    assert held(running, alice) == 1 and held(running, bob) == 1
    services.campaign_correct_result(
        battle_id=battle.pk, user=organiser, winner="b", reason="alice's connection dropped"
    )
    # Alice's steal is undone; bob's raid applies: alice held one (the stolen one, returned).
    assert held(running, alice) == 0 and held(running, bob) == 2
    assert FeedEntry.objects.filter(kind="corrected", params__reason__icontains="dropped").exists()
    services.campaign_correct_result(battle_id=battle.pk, user=organiser, winner="", reason="draw")
    assert held(running, alice) == 0 and held(running, bob) == 2
    assert_invariants(running)


def test_removing_a_player_leaves_their_territories_unclaimed(
    running, organiser, alice, bob, django_capture_on_commit_callbacks
):
    give(running, bob, 4)
    battle = declare_both(battle_between(running, alice, bob), alice, rules.RAID, bob, rules.RAID)
    with django_capture_on_commit_callbacks(execute=True):
        services.campaign_remove_player(
            campaign_id=running.pk, user=organiser, player_id=running.players.get(user=bob).pk
        )
    battle.refresh_from_db()
    assert battle.status == Battle.Status.CANCELLED
    assert Match.objects.get(pk=battle.match_id).status == Match.Status.FINISHED
    assert held(running, bob) == 0
    assert Territory.objects.filter(campaign=running).count() == 20
    assert_invariants(running)


def test_automatic_pairing_avoids_recent_opponents(running, organiser, make_user):
    for name in ("carol", "dave"):
        services.campaign_join(campaign_id=running.pk, user=make_user(name))
    first = services.campaign_pair_round(campaign_id=running.pk, user=organiser)
    assert len(first) == 2
    pairs1 = {frozenset((b.player_a_id, b.player_b_id)) for b in first}
    Battle.objects.filter(campaign=running).update(status=Battle.Status.RESOLVED)
    services.campaign_advance_round(campaign_id=running.pk, user=organiser)
    second = services.campaign_pair_round(campaign_id=running.pk, user=organiser)
    pairs2 = {frozenset((b.player_a_id, b.player_b_id)) for b in second}
    assert len(second) == 2 and not pairs1 & pairs2
    players = [p for b in second for p in (b.player_a_id, b.player_b_id)]
    assert len(players) == len(set(players))


def test_pairing_weights_prefer_who_has_not_met():
    weights = services.pairing_weights([1, 2, 3], [(1, 2, 4)], 5)
    assert weights[(1, 3)] > weights[(1, 2)]


def test_the_campaign_ends_after_its_rounds_with_tie_breaks(organiser, alice, bob, make_user):
    campaign = services.campaign_create(organiser=organiser, name="Short", rounds=1)
    carol = make_user("carol")
    for user in (alice, bob, carol):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    give(campaign, bob, 2)
    give(campaign, carol, 2)
    battle = declare_both(
        battle_between(campaign, carol, alice), carol, rules.INVASION, alice, rules.RAID
    )
    win(battle, carol, alice)  # alice holds nothing: carol gains nothing but wins a battle
    services.campaign_advance_round(campaign_id=campaign.pk, user=organiser)
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.FINISHED
    assert campaign.winner.user == carol  # 2 territories each; carol won a battle
    standings = selectors.campaign_standings(campaign=campaign)
    assert [r.player.user for r in standings] == [carol, bob, alice]


def test_the_campaign_ends_at_its_end_date_before_its_last_round(organiser, alice, bob):
    today = timezone.localdate()
    campaign = services.campaign_create(
        organiser=organiser, name="Dated", rounds=10, ends_on=today + timedelta(days=1)
    )
    for user in (alice, bob):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    services.campaign_advance_round(campaign_id=campaign.pk, user=organiser)
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.RUNNING  # before the end date: round 2 opens
    assert campaign.current_round == 2

    Campaign.objects.filter(pk=campaign.pk).update(ends_on=today)
    services.campaign_advance_round(campaign_id=campaign.pk, user=organiser)
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.FINISHED
    assert campaign.current_round == 2


def test_invariants_hold_after_random_joins_battles_and_corrections(organiser, make_user):
    rng = random.Random(20261122)
    campaign = services.campaign_create(organiser=organiser, name="Chaos", rounds=50)
    users = [make_user(f"p{i}") for i in range(3)]
    for user in users:
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    joined = 3
    for step in range(14):
        campaign.refresh_from_db()
        roll = rng.random()
        if roll < 0.15 and joined < 6:
            user = make_user(f"late{step}")
            services.campaign_join(campaign_id=campaign.pk, user=user)
            users.append(user)
            joined += 1
        elif roll < 0.25:
            resolved = Battle.objects.filter(campaign=campaign, status=Battle.Status.RESOLVED)
            if resolved.exists():
                battle = rng.choice(list(resolved))
                services.campaign_correct_result(
                    battle_id=battle.pk,
                    user=organiser,
                    winner=rng.choice(["a", "b", ""]),
                    reason="random correction",
                )
        else:
            active = [
                u
                for u in users
                if CampaignPlayer.objects.filter(
                    campaign=campaign, user=u, removed_at=None
                ).exists()
            ]
            a, b = rng.sample(active, 2)
            services.campaign_advance_round(campaign_id=campaign.pk, user=organiser)
            battle = declare_both(
                battle_between(campaign, a, b),
                a,
                rng.choice(rules.OBJECTIVES),
                b,
                rng.choice(rules.OBJECTIVES),
            )
            loser = rng.choice([a, b])
            win(battle, None, loser)
            if rng.random() < 0.5:
                services.campaign_apply_deadlines(now=timezone.now() + timedelta(days=3))
            else:
                battle.refresh_from_db()
                choice = selectors.battle_pending_choice(battle=battle)
                while choice is not None:
                    options, n = services.choice_options(choice=choice)
                    picks = rng.sample([t.pk for t in options], n)
                    services.campaign_choose(
                        choice_id=choice.pk, user=choice.chooser.user, territory_ids=picks
                    )
                    battle.refresh_from_db()
                    choice = selectors.battle_pending_choice(battle=battle)
        if step == 9:
            services.campaign_remove_player(
                campaign_id=campaign.pk,
                user=organiser,
                player_id=CampaignPlayer.objects.get(campaign=campaign, user=users[0]).pk,
            )
        assert_invariants(campaign)
    assert TerritoryChange.objects.filter(campaign=campaign, kind="battle").exists()


def test_a_correction_reopens_the_new_winners_territory_choice_and_tells_both_players(
    running, organiser, alice, bob, django_capture_on_commit_callbacks
):
    from games.notifications.models import Notification

    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.EXPANSION, bob, rules.EXPANSION
    )
    battle = win(battle, alice, bob)
    services.campaign_apply_deadlines(now=timezone.now() + timedelta(days=3))  # alice's defaults
    assert held(running, alice) == 2
    with django_capture_on_commit_callbacks(execute=True):
        services.campaign_correct_result(
            battle_id=battle.pk, user=organiser, winner="b", reason="Le résultat était inversé"
        )
    battle.refresh_from_db()
    assert held(running, alice) == 0 and held(running, bob) == 0  # undone; bob has to choose
    assert battle.status == Battle.Status.CHOOSING
    choice = selectors.battle_pending_choice(battle=battle)
    assert choice.chooser.user == bob and choice.deadline > timezone.now()
    options, n = services.choice_options(choice=choice)
    picks = [t.pk for t in options[-2:]]  # not the default (lowest-numbered) ones
    services.campaign_choose(choice_id=choice.pk, user=bob, territory_ids=picks)
    assert set(Territory.objects.filter(holder__user=bob).values_list("pk", flat=True)) == set(
        picks
    )
    told = Notification.objects.filter(kind="competition", params__event="battle_corrected")
    assert {n.user for n in told} == {alice, bob}
    assert told.first().params["reason"] == "Le résultat était inversé"
    assert_invariants(running)
