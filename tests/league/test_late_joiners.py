"""Late joiners in Swiss seasons (half-point bye, until half the rounds have started, the
organiser's yes or no) and substitutes in round robins (before the second half)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games.league import services
from games.league.models import League, Pairing, Registration, Result, SeasonLog
from games.league.tables import registration_row
from games.refusals import Forbidden, Refused
from tests.league.conftest import (
    duel_league_played_with_claim,
    first_moves,
    round_games,
    start_season,
)

pytestmark = pytest.mark.django_db


def _swiss(organiser, rounds=5, **policies) -> League:
    league = duel_league_played_with_claim(organiser, name="Suisse")
    League.objects.filter(pk=league.pk).update(
        default_format="swiss", default_swiss_rounds=rounds, mirrored_duels=False, **policies
    )
    league.refresh_from_db()
    return league


def _close_round(division, number):
    rnd = division.round_set.get(number=number)
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))


def test_a_late_joiner_waits_for_the_organiser_then_gets_a_half_point_bye(organiser, make_user):
    season = start_season(_swiss(organiser), organiser, [make_user() for _ in range(4)])
    division = season.divisions.get()
    late = make_user("tardif")
    reg = services.registration_create(season=season, user=late)
    assert reg.status == Registration.Status.PENDING and reg.division is None
    with pytest.raises(Forbidden):
        services.registration_answer_late(registration=reg, actor=late, accept=True)
    services.registration_answer_late(registration=reg, actor=organiser, accept=True)
    reg.refresh_from_db()
    assert reg.status == Registration.Status.ACTIVE and reg.division == division
    assert (reg.byes, reg.points, reg.played) == (1, 0.5, 0)  # a draw's worth: half a point
    bye = Result.objects.get(players=[reg.pk])
    assert bye.bye and bye.reason == "late_join" and bye.pairing.round.number == 1
    assert SeasonLog.objects.filter(season=season, action="late_join").exists()
    # The recomputed table agrees with the stored counters.
    assert registration_row(reg).as_dict() == _recomputed(division)[reg.pk].as_dict()
    first_moves(round_games(division, 1))  # one forfeiter each: three players go on
    _close_round(division, 1)
    round2 = division.round_set.get(number=2)
    mine = Pairing.objects.get(round=round2, players=reg)
    assert mine.status == Pairing.Status.SCHEDULED  # five players: somebody else sits out
    assert Pairing.objects.get(round=round2, status=Pairing.Status.BYE).player_order != [reg.pk]


def _recomputed(division):
    from games.league import selectors

    return selectors.standings_recompute(division=division)


def test_nobody_joins_once_more_than_half_the_rounds_have_started(organiser, make_user):
    season = start_season(_swiss(organiser, rounds=5), organiser, [make_user() for _ in range(4)])
    division = season.divisions.get()
    _close_round(division, 1)
    services.registration_create(season=season, user=make_user())  # round 2 of 5: still open
    _close_round(division, 2)  # round 3 starts: 3 > 5 // 2
    with pytest.raises(Refused):
        services.registration_create(season=season, user=make_user())


def test_the_organiser_may_refuse_a_late_joiner_with_a_reason(organiser, make_user):
    season = start_season(_swiss(organiser), organiser, [make_user() for _ in range(4)])
    reg = services.registration_create(season=season, user=make_user())
    with pytest.raises(Refused):
        services.registration_answer_late(registration=reg, actor=organiser, accept=False)
    services.registration_answer_late(
        registration=reg, actor=organiser, accept=False, reason="Division complète"
    )
    reg.refresh_from_db()
    assert reg.status == Registration.Status.REFUSED and not Result.objects.filter(players=[reg.pk])
    assert SeasonLog.objects.get(season=season, action="late_refused").reason == "Division complète"


def test_open_late_joining_places_the_player_at_once_and_closed_refuses(organiser, make_user):
    season = start_season(
        _swiss(organiser, late_joiners="open"), organiser, [make_user() for _ in range(4)]
    )
    reg = services.registration_create(season=season, user=make_user())
    assert reg.status == Registration.Status.ACTIVE and reg.byes == 1
    closed = start_season(
        _swiss(organiser, late_joiners="closed"), organiser, [make_user() for _ in range(4)]
    )
    with pytest.raises(Refused):
        services.registration_create(season=closed, user=make_user())


def test_a_round_robin_takes_no_late_joiner_and_a_substitute_only_before_the_second_half(
    neuroduel, organiser, make_user
):
    players = [make_user() for _ in range(4)]  # 3 rounds: the second half starts at round 2
    season = start_season(neuroduel, organiser, players)
    division = season.divisions.get()
    with pytest.raises(Refused):
        services.registration_create(season=season, user=make_user())
    gone = Registration.objects.get(season=season, user=players[0])
    services.registration_withdraw(registration=gone, user=players[0])
    sub = make_user("remplacant")
    services.registration_substitute(
        registration=gone, new_user=sub, actor=organiser, reason="Absent"
    )
    gone.refresh_from_db()
    assert gone.user == sub and gone.status == Registration.Status.ACTIVE
    _close_round(division, 1)  # round 2 of 3 published: the second half
    other = Registration.objects.get(season=season, user=players[1])
    with pytest.raises(Refused):
        services.registration_substitute(
            registration=other, new_user=make_user(), actor=organiser, reason="Absent"
        )


def test_late_sign_up_through_the_pages(client, organiser, make_user):
    season = start_season(_swiss(organiser), organiser, [make_user() for _ in range(4)])
    late = make_user("tardive")
    client.force_login(late)
    page = client.get(reverse("league:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert 'id="join-late"' in page.content.decode()
    client.post(reverse("league:season_signup", args=[season.pk]), {"action": "join"})
    reg = Registration.objects.get(season=season, user=late)
    assert reg.status == Registration.Status.PENDING
    client.force_login(organiser)
    assert "tardive" in client.get(reverse("league:manage", args=[season.pk])).content.decode()
    response = client.post(
        reverse("league:manage_action", args=[season.pk, "late_accept"]), {"registration": reg.pk}
    )
    assert response.status_code == 302
    reg.refresh_from_db()
    assert reg.status == Registration.Status.ACTIVE
