"""League services on real Postgres, with real site matches."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.league import selectors, services
from games.league.models import (
    Badge,
    Division,
    Pairing,
    PairingGame,
    Rating,
    Registration,
    Result,
    Round,
    Season,
    SeasonLog,
)
from games.league.tables import registration_row
from games.matches.models import Match
from games.matches.services import match_resign
from games.refusals import Forbidden, Refused
from tests.league.conftest import (
    duel_league_played_with_claim,
    first_moves,
    round_games,
    start_season,
    swiss_league_played_with_claim,
)

pytestmark = pytest.mark.django_db


def _finish(game: PairingGame, loser_index: int) -> None:
    match = Match.objects.get(pk=game.match_id)
    user = match.seats.get(index=loser_index).user
    match_resign(match_id=match.pk, user=user)


def _table_counters(division):
    return {
        r.pk: registration_row(r).as_dict()
        for r in Registration.objects.filter(division=division).order_by("seed")
    }


def test_neuroduel_preset_makes_divisions_of_eight_with_mirrored_random_armies(
    organiser, make_user
):
    league = services.league_create(name="ND", created_by=organiser, preset="neuroduel")
    players = [make_user() for _ in range(8)]
    season = start_season(league, organiser, players)
    divisions = list(season.divisions.order_by("tier"))
    assert [d.registrations.count() for d in divisions] == [8]
    assert all(d.format == "rr1" and d.mirrored_duels for d in divisions)
    assert divisions[0].round_set.count() == 7
    round1 = divisions[0].round_set.get(number=1)
    assert round1.published_at is not None
    pairings = list(round1.pairings.all())
    assert len(pairings) == 4
    for p in pairings:
        g0, g1 = p.games.order_by("index")
        assert g1.seat_order == g0.seat_order[::-1]  # each moves first once
        m0, m1 = g0.match, g1.match
        # the same two different armies; the players swap them
        assert m0.config["armies"] == m1.config["armies"]
        assert len(set(m0.config["armies"])) == 2
        assert m0.competition == f"league:{season.pk}"
        assert m0.status == Match.Status.ACTIVE


def test_a_result_is_counted_once_even_if_the_hook_runs_twice(neuroduel, organiser, make_user):
    season = start_season(neuroduel, organiser, [make_user() for _ in range(4)])
    division = season.divisions.get()
    game = PairingGame.objects.filter(pairing__round__division=division).first()
    _finish(game, loser_index=1)
    match = Match.objects.get(pk=game.match_id)
    before = _table_counters(division)
    services.league_match_finished(match)  # a second call, as a retry would
    assert Result.objects.filter(match=match).count() == 1
    assert _table_counters(division) == before
    winner = Registration.objects.get(pk=game.seat_order[0])
    loser = Registration.objects.get(pk=game.seat_order[1])
    assert (winner.wins, winner.points, loser.losses) == (1, 1.0, 1)
    w = Rating.objects.get(user=winner.user)
    lo = Rating.objects.get(user=loser.user)
    assert w.mu > lo.mu and w.games == 1


def test_recomputed_standings_equal_the_incremental_table(neuroduel, organiser, make_user):
    rng = random.Random(7)
    season = start_season(neuroduel, organiser, [make_user() for _ in range(5)])
    division = season.divisions.get()
    now = timezone.now()
    for number in range(1, 4):
        rnd = division.round_set.get(number=number)
        for game in PairingGame.objects.filter(pairing__round=rnd):
            if rng.random() < 0.7:
                _finish(game, loser_index=rng.randrange(2))
        now = rnd.deadline + timedelta(minutes=1)
        services.league_handle_deadlines(now=now)
    stored = _table_counters(division)
    rebuilt = {
        pk: row.as_dict() for pk, row in selectors.standings_recompute(division=division).items()
    }
    assert stored == rebuilt
    assert sum(r["forfeit_losses"] for r in stored.values()) > 0


def test_unplayed_games_are_forfeited_at_the_deadline_and_next_round_published(
    neuroduel, organiser, make_user
):
    season = start_season(neuroduel, organiser, [make_user() for _ in range(4)])
    division = season.divisions.get()
    rnd = division.round_set.get(number=1)
    assert services.league_handle_deadlines(now=rnd.deadline - timedelta(hours=1)) == {
        "closed": 0,
        "published": 0,
        "ties": 0,
    }
    out = services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    assert out == {"closed": 1, "published": 1, "ties": 0}
    results = Result.objects.filter(pairing__round=rnd)
    assert results.count() == 4 and all(r.forfeited for r in results)
    # Nobody moved in any match: both players lose it by forfeit (the league's rule: « par les
    # deux si aucun n'avait commencé »), and the match ends too.
    for r in results:
        assert sorted(r.forfeited) == sorted(r.players)
        assert Match.objects.get(pk=r.match_id).status == Match.Status.FINISHED
        assert Result.objects.filter(match_id=r.match_id).count() == 1
    assert all(p.status == Pairing.Status.DONE for p in rnd.pairings.all())
    assert division.round_set.get(number=2).published_at is not None
    assert SeasonLog.objects.filter(season=season, action="forfeit_deadline").count() == 4


def test_a_started_game_is_lost_by_who_had_to_act_and_one_nobody_started_by_both(
    neuroduel, organiser, make_user
):
    """Two absent players do not hand a win to whoever happened to move second; a player who
    started and stopped loses alone."""
    season = start_season(neuroduel, organiser, [make_user(), make_user()])
    division = season.divisions.get()
    started, untouched = round_games(division, 1)  # a mirrored pair: each moves first once
    first_moves([started])
    rnd = division.round_set.get(number=1)
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    assert Result.objects.get(game=started).forfeited == [started.seat_order[0]]
    assert sorted(Result.objects.get(game=untouched).forfeited) == sorted(untouched.seat_order)
    first, second = (Registration.objects.get(pk=pk) for pk in started.seat_order)
    assert (first.forfeit_losses, first.forfeit_wins, first.points) == (2, 0, 0)
    assert (second.forfeit_losses, second.forfeit_wins, second.points) == (1, 1, 1)


def test_organiser_tools_refuse_players(neuroduel, organiser, make_user):
    a, b, outsider = make_user(), make_user(), make_user()
    season = start_season(neuroduel, organiser, [a, b])
    reg = Registration.objects.get(season=season, user=a)
    game = PairingGame.objects.filter(pairing__round__division__season=season).first()
    rnd = Round.objects.filter(division__season=season).first()
    with pytest.raises(Forbidden):
        services.registration_disqualify(registration=reg, actor=b, reason="x")
    with pytest.raises(Forbidden):
        services.game_set_result(game=game, actor=a, ranks=[0, 1], forfeited=[], reason="x")
    with pytest.raises(Forbidden):
        services.round_set_deadline(round=rnd, actor=outsider, deadline=timezone.now(), reason="x")
    with pytest.raises(Forbidden):
        services.season_close(season=season, actor=a)
    with pytest.raises(Refused):
        services.registration_disqualify(registration=reg, actor=organiser, reason=" ")


def test_adjusting_a_result_updates_the_table_and_logs_the_reason(neuroduel, organiser, make_user):
    season = start_season(neuroduel, organiser, [make_user(), make_user()])
    division = season.divisions.get()
    game = PairingGame.objects.filter(pairing__round__division=division, index=0).get()
    _finish(game, loser_index=0)
    services.game_set_result(
        game=game, actor=organiser, ranks=[0, 1], forfeited=[], reason="Bug reported"
    )
    first = Registration.objects.get(pk=game.seat_order[0])
    assert (first.wins, first.losses) == (1, 0)
    assert _table_counters(division) == {
        pk: row.as_dict() for pk, row in selectors.standings_recompute(division=division).items()
    }
    entry = SeasonLog.objects.get(season=season, action="adjust_result")
    assert entry.reason == "Bug reported" and entry.actor == organiser


def test_disqualified_player_forfeits_the_remaining_games(neuroduel, organiser, make_user):
    players = [make_user() for _ in range(4)]
    season = start_season(neuroduel, organiser, players)
    division = season.divisions.get()
    reg = Registration.objects.get(season=season, user=players[0])
    services.registration_disqualify(registration=reg, actor=organiser, reason="Abuse in chat")
    mine = Pairing.objects.get(round__number=1, players=reg)
    assert mine.status == Pairing.Status.DONE
    assert all(r.forfeited == [reg.pk] for r in mine.results.all())
    # later rounds: published with forfeits, no match created for the disqualified player
    rnd = division.round_set.get(number=1)
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    later = Pairing.objects.get(round__number=2, players=reg)
    assert later.games.count() == 2 and all(g.match_id is None for g in later.games.all())
    reg.refresh_from_db()
    assert reg.forfeit_losses == 4 and reg.status == Registration.Status.DISQUALIFIED


def test_substitute_takes_over_the_place(neuroduel, organiser, make_user):
    players = [make_user() for _ in range(4)]
    season = start_season(neuroduel, organiser, players)
    reg = Registration.objects.get(season=season, user=players[0])
    newcomer = make_user("newcomer")
    services.registration_substitute(
        registration=reg, new_user=newcomer, actor=organiser, reason="Moved away"
    )
    reg.refresh_from_db()
    assert reg.user == newcomer and reg.previous_users == [players[0].username]
    rnd = season.divisions.get().round_set.get(number=1)
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    later = Pairing.objects.get(round__number=2, players=reg)
    seats = [s.user for g in later.games.all() for s in g.match.seats.all()]
    assert newcomer in seats and players[0] not in seats


def test_swiss_bye_scores_a_point_and_forfeiters_are_withdrawn_until_they_rejoin(
    organiser, make_user
):
    league = swiss_league_played_with_claim(organiser)
    players = [make_user() for _ in range(5)]
    season = start_season(league, organiser, players)
    division = season.divisions.get()
    rnd = division.round_set.get(number=1)
    bye = Pairing.objects.get(round=rnd, status=Pairing.Status.BYE)
    lucky = bye.players.get()
    assert lucky.points == 1.0 and lucky.byes == 1
    first_moves(round_games(division, 1))
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    withdrawn = Registration.objects.filter(division=division, status=Registration.Status.WITHDRAWN)
    assert withdrawn.count() == 2  # the two first players of round 1 started, then stopped
    r2 = division.round_set.get(number=2)
    assert not Pairing.objects.filter(round=r2, players__in=withdrawn).exists()
    back = withdrawn.first()
    services.registration_rejoin(registration=back, user=back.user)
    back.refresh_from_db()
    assert back.status == Registration.Status.ACTIVE


def test_void_policy_voids_unplayed_games(organiser, make_user):
    league = duel_league_played_with_claim(
        organiser, name="Void", withdrawal_policy="void_unplayed"
    )
    players = [make_user() for _ in range(4)]
    season = start_season(league, organiser, players)
    reg = Registration.objects.get(season=season, user=players[1])
    services.registration_disqualify(registration=reg, actor=organiser, reason="Left")
    assert Pairing.objects.get(round__number=1, players=reg).status == Pairing.Status.VOID
    reg.refresh_from_db()
    assert reg.forfeit_losses == 0


def test_close_season_promotes_relegates_and_awards_badges(neuroduel, organiser, make_user):
    neuroduel.division_size = 5  # two divisions of five: two up, two down, as with eight
    neuroduel.mirrored_duels = False
    neuroduel.save()
    players = [make_user() for _ in range(10)]
    season = start_season(neuroduel, organiser, players)
    lower = season.divisions.get(tier=2)
    # in the lower division, the first player wins all their games of round 1
    for game in PairingGame.objects.filter(
        pairing__round__division=lower, pairing__round__number=1
    ):
        _finish(game, loser_index=1)
    nxt = services.season_close(season=season, actor=organiser)
    season.refresh_from_db()
    assert season.status == Season.Status.CLOSED and nxt.status == Season.Status.DRAFT
    assert Badge.objects.filter(division__season=season).count() == 2
    hints = {r.user_id: r.tier_hint for r in nxt.registrations.all()}
    top = list(selectors.division_table(division=season.divisions.get(tier=1)))
    low = list(selectors.division_table(division=lower))
    regs = {r.pk: r.user_id for r in Registration.objects.filter(season=season)}
    assert [hints[regs[e.player]] for e in low[:2]] == [1, 1]
    assert [hints[regs[e.player]] for e in top[-2:]] == [2, 2]
    assert list(hints.values()).count(1) == 5
    # the next season starts from those tiers
    services.season_open(league=neuroduel, actor=organiser)
    nxt = services.season_start(season=Season.objects.get(pk=nxt.pk), actor=organiser)
    top_users = set(nxt.divisions.get(tier=1).registrations.values_list("user_id", flat=True))
    assert top_users == {u for u, t in hints.items() if t == 1}
    assert Division.objects.filter(season=nxt).count() == 2
