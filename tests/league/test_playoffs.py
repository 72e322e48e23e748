"""Playoffs on real Postgres with real site matches: the top cut, byes, ties decided and
carried on, deadlines, the stand-alone knockout, refusals."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games.league import selectors, services
from games.league.models import League, Playoff, PlayoffTie, Registration, SeasonLog
from games.matches.models import Match
from games.matches.services import match_resign
from games.notifications.models import Notification
from games.refusals import Forbidden, Refused
from tests.league.conftest import duel_league_played_with_claim, start_season

pytestmark = pytest.mark.django_db


def _lose(tie: PlayoffTie, loser_reg_id: int) -> None:
    """Every game of the tie: the registration `loser_reg_id` resigns."""
    for game in tie.games.all():
        match = Match.objects.get(pk=game.match_id)
        seat = game.seat_order.index(loser_reg_id)
        match_resign(match_id=match.pk, user=match.seats.get(index=seat).user)


def _tie(playoff, round_number, slot=0, third=False) -> PlayoffTie:
    return playoff.ties.get(round_number=round_number, slot=slot, third_place=third)


def _knockout_league(organiser, **kw) -> League:
    league = duel_league_played_with_claim(organiser, name="Coupe")
    League.objects.filter(pk=league.pk).update(default_format="knockout", mirrored_duels=False)
    league.refresh_from_db()
    return league


def test_a_knockout_of_six_gives_the_two_best_seeds_a_bye_and_crowns_a_champion(
    organiser, make_user
):
    players = [make_user() for _ in range(6)]
    season = start_season(_knockout_league(organiser), organiser, players)
    playoff = season.playoffs.get()
    assert (playoff.qualifiers, playoff.size, playoff.third_place) == (6, 8, True)
    first = {t.slot: t for t in playoff.ties.filter(round_number=1)}
    assert first[0].decided_by == "bye" and first[0].seed_a == 1
    assert first[2].decided_by == "bye" and first[2].seed_a == 2
    assert (first[1].seed_a, first[1].seed_b) == (4, 5)
    assert first[1].status == PlayoffTie.Status.PLAYING and first[1].games.count() == 1
    # Seed 1 waits in the semi-final for the winner of 4 v 5.
    semi = _tie(playoff, 2, 0)
    assert semi.status == PlayoffTie.Status.WAITING and semi.seed_a == 1
    _lose(first[1], first[1].player_a_id)  # seed 5 beats seed 4
    _lose(first[3], first[3].player_b_id)  # seed 3 beats seed 6
    semi.refresh_from_db()
    assert semi.status == PlayoffTie.Status.PLAYING
    assert (semi.seed_a, semi.seed_b) == (1, 5)
    _lose(semi, semi.player_b_id)
    other = _tie(playoff, 2, 1)
    _lose(other, other.player_a_id)  # seed 3 beats seed 2
    final, third = _tie(playoff, 3), _tie(playoff, 3, 1, third=True)
    assert (final.seed_a, final.seed_b) == (1, 3)
    assert {third.seed_a, third.seed_b} == {2, 5}
    _lose(final, final.player_b_id)
    playoff.refresh_from_db()
    assert playoff.status == Playoff.Status.RUNNING  # the third place is still being played
    _lose(third, third.player_a_id)
    playoff.refresh_from_db()
    assert playoff.status == Playoff.Status.DONE
    assert playoff.champion_id == final.player_a_id
    assert SeasonLog.objects.filter(season=season, action="playoff_done").exists()
    told = Notification.objects.filter(kind="competition", params__event="playoff_tie")
    assert told.filter(user=Registration.objects.get(pk=final.player_a_id).user).exists()


def test_a_top_four_after_a_round_robin_is_seeded_by_the_table(neuroduel, organiser, make_user):
    season = start_season(neuroduel, organiser, [make_user() for _ in range(5)])
    division = season.divisions.get()
    with pytest.raises(Refused):
        services.playoff_start(season=season, actor=organiser, qualifiers=4)
    # Every round ends at its deadline (unplayed games lost by both: forfeits).
    for rnd in division.round_set.order_by("number"):
        services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    with pytest.raises(Refused):
        services.playoff_start(season=season, actor=organiser, qualifiers=3)
    with pytest.raises(Forbidden):
        services.playoff_start(season=season, actor=make_user(), qualifiers=4)
    (playoff,) = services.playoff_start(
        season=season, actor=organiser, qualifiers=4, third_place=True
    )
    table = selectors.division_table(division=division)
    top = [entry.player for entry in table[:4]]
    first = _tie(playoff, 1, 0)
    assert (first.player_a_id, first.player_b_id) == (top[0], top[3])
    assert first.games.count() == 2  # the league's mirrored duels
    with pytest.raises(Refused):
        services.playoff_start(season=season, actor=organiser, qualifiers=2)
    with pytest.raises(Refused):
        services.season_close(season=season, actor=organiser)


def test_an_unplayed_tie_is_lost_at_its_deadline_by_who_had_to_act(organiser, make_user):
    season = start_season(_knockout_league(organiser), organiser, [make_user() for _ in range(2)])
    final = season.playoffs.get().ties.get(round_number=1)
    match = final.games.get().match
    first_to_act = final.games.get().seat_order[0]
    services.league_handle_deadlines(now=final.deadline + timedelta(seconds=1))
    final.refresh_from_db()
    match.refresh_from_db()
    assert final.status == PlayoffTie.Status.DONE
    assert final.winner_id != first_to_act
    assert match.status == Match.Status.FINISHED
    assert Registration.objects.get(pk=final.winner_id).user == match.seats.get(index=1).user


def test_the_organiser_starts_the_playoffs_and_the_season_page_draws_the_bracket(
    client, neuroduel, organiser, make_user
):
    season = start_season(neuroduel, organiser, [make_user(f"p{i}") for i in range(4)])
    for rnd in season.divisions.get().round_set.order_by("number"):
        services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    client.force_login(organiser)
    manage = client.get(reverse("league:manage", args=[season.pk])).content.decode()
    assert 'id="start-playoffs"' in manage
    response = client.post(
        reverse("league:manage_action", args=[season.pk, "playoffs"]),
        {"qualifiers": "4", "scope": "division", "third_place": "on"},
    )
    assert response.status_code == 302
    playoff = season.playoffs.get()
    assert playoff.third_place and playoff.qualifiers == 4
    page = client.get(reverse("league:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert '<svg class="bracket"' in html and "Third place" in html and "Final" in html
    semi = playoff.ties.get(round_number=1, slot=0)
    first_game = semi.games.order_by("index").first()
    assert reverse("matches:match", args=[first_game.match_id]) in html
    again = client.post(
        reverse("league:manage_action", args=[season.pk, "playoffs"]),
        {"qualifiers": "4", "scope": "division"},
    )
    assert again.status_code == 400  # started already: refused, nothing changed
    assert season.playoffs.count() == 1
