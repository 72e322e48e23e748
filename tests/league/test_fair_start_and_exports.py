"""Fair first rounds (club-mates apart in round 1 when possible) and a season's exports: every
game and table as JSON, a Swiss division as FIDE's TRF."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse

from games.league import services
from games.league.models import League, Pairing, PairingGame, Registration
from games.matches.services import match_resign
from tests.league.conftest import duel_league_played_with_claim, first_moves

pytestmark = pytest.mark.django_db


def _league(organiser, fmt, rounds=3) -> League:
    league = duel_league_played_with_claim(organiser, name=f"Clubs {fmt}")
    League.objects.filter(pk=league.pk).update(
        default_format=fmt, default_swiss_rounds=rounds, mirrored_duels=False
    )
    league.refresh_from_db()
    return league


def _signed_up(league, organiser, make_user, clubs):
    season = services.season_open(league=league, actor=organiser)
    for club in clubs:
        services.registration_create(season=season, user=make_user(), club=club)
    return services.season_start(season=season, actor=organiser)


@pytest.mark.parametrize("fmt", ["rr1", "swiss"])
def test_club_mates_do_not_meet_in_round_one_when_they_need_not(fmt, organiser, make_user):
    clubs = ["Aix", "Aix", "Aix", "Brest", "Brest", "Caen"]
    season = _signed_up(_league(organiser, fmt), organiser, make_user, clubs)
    round1 = season.divisions.get().round_set.get(number=1)
    for p in Pairing.objects.filter(round=round1):
        regs = list(Registration.objects.filter(pk__in=p.player_order))
        if len(regs) == 2:
            assert regs[0].club != regs[1].club, [r.club for r in regs]


def test_the_season_exports_its_games_and_tables_as_json(client, neuroduel, organiser, make_user):
    season = _signed_up(neuroduel, organiser, make_user, ["", "", "", ""])
    game = PairingGame.objects.filter(pairing__round__division__season=season).first()
    match = game.match
    match_resign(match_id=match.pk, user=match.seats.get(index=1).user)
    response = client.get(reverse("league:season_json", args=[season.pk]))
    data = json.loads(response.content)
    assert data["schema"] == 1 and data["league"]["name"] == neuroduel.name
    (division,) = data["divisions"]
    assert len(division["standings"]) == 4 and division["standings"][0]["points"] == 1.0
    played = [
        g
        for r in division["rounds"]
        for p in r["pairings"]
        for g in p["games"]
        if g["match"] == match.pk
    ]
    assert played[0]["ranks"] == [0, 1]
    assert data["log"][-1]["action"] == "season_open"


def test_a_swiss_division_exports_as_trf_with_results_forfeits_and_byes(
    client, organiser, make_user
):
    league = _league(organiser, "swiss", rounds=4)
    League.objects.filter(pk=league.pk).update(late_joiners="open")
    season = _signed_up(league, organiser, make_user, ["", "", "", ""])
    division = season.divisions.get()
    late = services.registration_create(season=season, user=make_user("tardif"))
    games = list(
        PairingGame.objects.filter(pairing__round__number=1, pairing__round__division=division)
    )
    match = games[0].match
    match_resign(match_id=match.pk, user=match.seats.get(index=1).user)
    first_moves(games[1:])  # started: its first player alone forfeits it
    rnd = division.round_set.get(number=1)
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))  # games[1]: forfeit
    text = client.get(reverse("league:division_trf", args=[division.pk])).content.decode()
    lines = text.splitlines()
    assert lines[0].startswith("012 ") and lines[-1] == "XXR 4"
    players = {line[14:47].strip(): line for line in lines if line.startswith("001")}
    assert len(players) == 5
    assert players["tardif"][91:99] == "0000 - H"
    winner = Registration.objects.get(pk=games[0].seat_order[0])
    loser = Registration.objects.get(pk=games[0].seat_order[1])
    assert players[winner.user.username][91:99] == f"{loser.seed:>4} w 1"
    assert players[loser.user.username][91:99] == f"{winner.seed:>4} b 0"
    forfeits = [line[91:99] for line in players.values() if line[91:99].endswith(("+", "-"))]
    assert sorted(f[-1] for f in forfeits) == ["+", "-"]
    assert late.seed == 5
    rr = _signed_up(_league(organiser, "rr1"), organiser, make_user, ["", ""])
    assert (
        client.get(reverse("league:division_trf", args=[rr.divisions.get().pk])).status_code == 404
    )
