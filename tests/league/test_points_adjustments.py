"""Bonus and penalty points: an organiser's adjustment moves a player in the table (not their
game statistics), counts at the season's end, is a public line of the season log, is told to
the player, appears in the CSV and JSON exports, is given once however often its form is sent,
and is refused (nothing saved) when it may not be given."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation

from games.league import selectors, services, standings
from games.league.models import (
    Division,
    League,
    PairingGame,
    PlayoffTie,
    PointsAdjustment,
    Registration,
    Season,
    SeasonLog,
)
from games.matches.services import match_resign
from games.notifications.models import Notification
from games.notifications.reach import KIND_GROUP
from games.notifications.texts import notification_text
from games.refusals import Forbidden, Refused
from tests.league.conftest import duel_league_played_with_claim, start_season

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):  # the refusals' sentences, matched below
        yield


def _league(organiser, name="Ligue du jeudi", **changes) -> League:
    league = duel_league_played_with_claim(organiser, name=name)
    League.objects.filter(pk=league.pk).update(mirrored_duels=False, **changes)
    return League.objects.get(pk=league.pk)


def _win(game: PairingGame, winner_seat: int = 0) -> None:
    match = game.match
    match_resign(match_id=match.pk, user=match.seats.get(index=1 - winner_seat).user)


def _reg(season: Season, user) -> Registration:
    return Registration.objects.select_related("user", "division").get(season=season, user=user)


def _give(division, reg, actor, points=-1, reason="Retard répété", token="t1"):
    return services.points_adjust(
        division=division, registration=reg, actor=actor, points=points, reason=reason, token=token
    )


@pytest.fixture
def played(organiser, make_user):
    """Four players, round 1 played: each game's first seat won."""
    players = [make_user(name) for name in ("anna", "bruno", "chloe", "david")]
    season = start_season(_league(organiser), organiser, players)
    division = season.divisions.get()
    for game in PairingGame.objects.filter(
        pairing__round__division=division, pairing__round__number=1
    ):
        _win(game)
    return season, division


def _order(division) -> list[str]:
    names = dict(division.registrations.values_list("pk", "user__username"))
    return [names[e.player] for e in selectors.division_table(division=division)]


def _winners(division) -> list[Registration]:
    return list(division.registrations.filter(wins=1).select_related("user").order_by("seed"))


def test_a_penalty_moves_a_player_down_the_table_but_not_their_game_statistics(played, organiser):
    season, division = played
    first, second = _winners(division)
    before = _order(division)
    assert before.index(first.user.username) < before.index(second.user.username)

    _give(division, first, organiser, points=-1, reason="Pénalité de 1 point : retard répété")

    after = selectors.division_table(division=division)
    names = dict(division.registrations.values_list("pk", "user__username"))
    assert names[after[0].player] == second.user.username  # now alone on 1 point
    mine = next(e for e in after if e.player == first.pk)
    assert (mine.row.points, mine.row.adjustment, mine.row.total) == (1.0, -1.0, 0.0)
    assert (mine.row.wins, mine.row.losses, mine.row.played) == (1, 0, 1)
    # Buchholz counts an opponent's game points: the penalised winner's loser keeps 1.
    beaten = next(
        r.pk for r in division.registrations.filter(losses=1) if first.pk in _opponents(r)
    )
    assert next(e for e in after if e.player == beaten).tiebreaks["buchholz"] == 1.0
    # The stored counters stay the games' own (a recount from the results agrees).
    first.refresh_from_db()
    assert first.points == 1.0


def _opponents(reg: Registration) -> set[int]:
    return {pk for p in reg.pairings.all() for pk in p.player_order if pk != reg.pk}


def test_a_bonus_moves_a_player_up_and_a_withdrawal_takes_it_back(played, organiser):
    season, division = played
    last = _order(division)[-1]
    reg = _reg(season, division.registrations.get(user__username=last).user)
    adjustment = _give(division, reg, organiser, points=2, reason="Fair-play")
    assert _order(division)[0] == last
    services.points_adjustment_withdraw(adjustment=adjustment, actor=organiser, reason="Erreur")
    assert _order(division)[-1] == last
    with pytest.raises(Refused, match="already withdrawn"):
        services.points_adjustment_withdraw(adjustment=adjustment, actor=organiser, reason="Encore")
    assert list(season.log.values_list("action", flat=True)[:2]) == [
        "points_withdraw",
        "points_adjust",
    ]


def test_each_adjustment_and_withdrawal_is_a_public_line_of_the_season_log(
    client, played, organiser
):
    season, division = played
    reg = _winners(division)[0]
    adjustment = _give(division, reg, organiser, reason="Retard répété")
    services.points_adjustment_withdraw(adjustment=adjustment, actor=organiser, reason="Excusé")
    given, withdrawn = SeasonLog.objects.filter(
        season=season, action__startswith="points_"
    ).order_by("pk")
    assert (given.actor, given.reason, given.data["player"], given.data["points"]) == (
        organiser,
        "Retard répété",
        reg.user.username,
        -1,
    )
    assert (withdrawn.action, withdrawn.reason, withdrawn.data["points"]) == (
        "points_withdraw",
        "Excusé",
        -1,
    )
    page = client.get(
        reverse("league:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    log = page.split('class="season-log"')[1]
    assert "Bonus or penalty points" in log and "Retard répété" in log
    assert "Bonus or penalty points withdrawn" in log and "Excusé" in log
    assert f"{reg.user.username}: \u22121" in log and "(orga)" in log


def test_the_player_is_told_in_their_leagues_notices(
    played, organiser, django_capture_on_commit_callbacks
):
    season, division = played
    reg = _winners(division)[0]
    with django_capture_on_commit_callbacks(execute=True):
        adjustment = _give(division, reg, organiser, reason="Retard répété")
    note = Notification.objects.get(user=reg.user, kind=Notification.Kind.COMPETITION)
    assert KIND_GROUP[note.kind] == "competitions"  # « ligues et campagnes » in their settings
    with translation.override("en"):
        assert notification_text(note) == (
            f"orga changed your points in Ligue du jeudi – {season.number} by \u22121: "
            "Retard répété"
        )
    with translation.override("fr"):
        assert "Retard répété" in notification_text(note) and "points" in notification_text(note)
    Notification.objects.filter(user=reg.user).update(read_at=note.created_at)
    with django_capture_on_commit_callbacks(execute=True):
        services.points_adjustment_withdraw(adjustment=adjustment, actor=organiser, reason="Excusé")
    note = Notification.objects.get(user=reg.user, read_at__isnull=True)
    with translation.override("en"):
        assert "withdrew" in notification_text(note) and "Excusé" in notification_text(note)
    # Nobody else heard of it.
    assert (
        not Notification.objects.filter(kind=Notification.Kind.COMPETITION)
        .exclude(user=reg.user)
        .exists()
    )


def test_two_adjustments_unread_stay_two_entries_each_with_its_reason(
    played, organiser, django_capture_on_commit_callbacks
):
    # One unread entry per thing is the inbox's rule (a new turn replaces the last one), but
    # each adjustment carries its own reason: a second one must not hide the first.
    season, division = played
    reg = _winners(division)[0]
    with django_capture_on_commit_callbacks(execute=True):
        _give(division, reg, organiser, points=-1, reason="Retard répété", token="t1")
        _give(division, reg, organiser, points=2, reason="Rapport de bataille", token="t2")
    notes = Notification.objects.filter(user=reg.user, read_at__isnull=True)
    with translation.override("en"):
        texts = sorted(t for t in map(notification_text, notes) if "your points" in t)
    assert len(texts) == 2
    assert "Rapport de bataille" in texts[0] and "Retard répété" in texts[1]


def test_the_season_end_promotes_and_relegates_by_adjusted_points(organiser, make_user):
    league = _league(organiser, division_size=5)
    players = [make_user() for _ in range(10)]
    season = start_season(league, organiser, players)
    top, lower = season.divisions.get(tier=1), season.divisions.get(tier=2)
    # Nobody has played: the tables are in seed order. A bonus lifts the lower division's last
    # into the promotion places, a penalty drops the top division's first into relegation.
    lowest = selectors.division_table(division=lower)[-1].player
    highest = selectors.division_table(division=top)[0].player
    _give(lower, Registration.objects.get(pk=lowest), organiser, points=1, token="up")
    _give(top, Registration.objects.get(pk=highest), organiser, points=-1, token="down")
    nxt = services.season_close(season=season, actor=organiser)
    hints = {r.user_id: r.tier_hint for r in nxt.registrations.all()}
    assert hints[Registration.objects.get(pk=lowest).user_id] == 1
    assert hints[Registration.objects.get(pk=highest).user_id] == 2
    assert Registration.objects.get(pk=lowest).final_position == 1
    assert Registration.objects.get(pk=highest).final_position == 5


def test_the_playoffs_are_seeded_by_adjusted_points(organiser, make_user):
    season = start_season(_league(organiser), organiser, [make_user() for _ in range(4)])
    division = season.divisions.get()
    for rnd in division.round_set.order_by("number"):  # every game lost by both at the deadline
        services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    last = selectors.division_table(division=division)[-1].player
    _give(division, Registration.objects.get(pk=last), organiser, points=1, reason="Fair-play")
    (playoff,) = services.playoff_start(season=season, actor=organiser, qualifiers=2)
    final = PlayoffTie.objects.get(playoff=playoff)
    assert (final.player_a_id, final.seed_a) == (last, 1)


def test_players_tied_on_adjusted_points_are_split_by_their_games():
    """Pure standings: anna beat bruno, bruno beat chloe. A penalty takes anna's point, a bonus
    gives chloe one: bruno and chloe tie on 1, and their game (bruno won) puts bruno first.
    Buchholz sums the opponents' game points, whatever their adjustments."""
    points = standings.Points()
    games = [
        standings.Game(players=("anna", "bruno"), ranks=(0, 1)),
        standings.Game(players=("bruno", "chloe"), ranks=(0, 1)),
    ]
    rows = standings.rows_from_games(["chloe", "anna", "bruno"], games, points)
    rows["anna"].adjustment = -1.0
    rows["chloe"].adjustment = 1.0
    ranked = standings.table(rows, games, points)
    assert [r.player for r in ranked] == ["bruno", "chloe", "anna"]
    by = {r.player: r for r in ranked}
    assert (by["bruno"].tiebreaks["head_to_head"], by["chloe"].tiebreaks["head_to_head"]) == (
        1.0,
        0.0,
    )
    rows["bruno"].adjustment = 5.0
    by = {r.player: r for r in standings.table(rows, games, points)}
    assert by["anna"].tiebreaks["buchholz"] == 1.0  # bruno's game point, not his total of 6
    assert by["bruno"].row.total == 6.0 and by["bruno"].row.points == 1.0


def test_refusals_change_nothing(played, organiser, make_user):
    season, division = played
    reg = _winners(division)[0]
    for points in (0, 101, -101, 1.5, "2", True):
        with pytest.raises(Refused, match="whole number"):
            _give(division, reg, organiser, points=points)
    with pytest.raises(Refused, match="reason"):
        _give(division, reg, organiser, reason="   ")
    with pytest.raises(Refused, match="expired"):
        _give(division, reg, organiser, token="")
    with pytest.raises(Forbidden):
        _give(division, reg, reg.user)
    with pytest.raises(Forbidden):
        _give(division, reg, make_user("passant"))
    adjustment = _give(division, reg, organiser)
    with pytest.raises(Forbidden):
        services.points_adjustment_withdraw(adjustment=adjustment, actor=reg.user, reason="x")
    with pytest.raises(Refused, match="reason"):
        services.points_adjustment_withdraw(adjustment=adjustment, actor=organiser, reason="")
    assert PointsAdjustment.objects.filter(withdrawn_at__isnull=True).count() == 1
    assert SeasonLog.objects.filter(action__startswith="points_").count() == 1


def test_a_player_of_another_division_is_refused(organiser, make_user):
    league = _league(organiser, division_size=5)
    season = start_season(league, organiser, [make_user() for _ in range(10)])
    top, lower = season.divisions.get(tier=1), season.divisions.get(tier=2)
    stranger = lower.registrations.select_related("user").first()
    with pytest.raises(Refused, match="does not play in"):
        _give(top, stranger, organiser)
    other = start_season(_league(organiser, name="Autre"), organiser, [make_user(), make_user()])
    foreign = other.registrations.select_related("user").first()
    with pytest.raises(Refused, match="does not play in"):
        _give(top, foreign, organiser)
    assert not PointsAdjustment.objects.exists()


def test_no_adjustment_before_the_season_runs_or_after_it_finished(organiser, make_user):
    league = _league(organiser)
    players = [make_user() for _ in range(4)]
    signup = services.season_open(league=league, actor=organiser)
    for user in players:
        services.registration_create(season=signup, user=user)
    # A division made by hand: sign-up has none yet, the service must not count on it.
    early = Division.objects.create(season=signup, tier=1)
    reg = _reg(signup, players[0])
    reg.division = early
    reg.save()
    with pytest.raises(Refused, match="has not started"):
        _give(early, reg, organiser)
    assert not PointsAdjustment.objects.exists()
    early.delete()
    season = services.season_start(season=signup, actor=organiser)
    reg = _reg(season, players[0])
    adjustment = _give(reg.division, reg, organiser, token="running")
    services.season_close(season=season, actor=organiser)
    with pytest.raises(Refused, match="promotions and relegations are done"):
        _give(reg.division, reg, organiser, token="late")
    with pytest.raises(Refused, match="promotions and relegations are done"):
        services.points_adjustment_withdraw(adjustment=adjustment, actor=organiser, reason="x")
    assert PointsAdjustment.objects.count() == 1
    assert PointsAdjustment.objects.get().withdrawn_at is None


def test_the_same_form_sent_twice_gives_the_points_once(played, organiser):
    season, division = played
    reg = _winners(division)[0]
    first = _give(division, reg, organiser, token="form-1")
    again = _give(division, reg, organiser, token="form-1")
    assert again.pk == first.pk
    assert PointsAdjustment.objects.count() == 1
    assert SeasonLog.objects.filter(action="points_adjust").count() == 1
    row = next(e for e in selectors.division_table(division=division) if e.player == reg.pk).row
    assert row.adjustment == -1.0
    # A second form (a new token) is a second adjustment.
    _give(division, reg, organiser, token="form-2")
    row = next(e for e in selectors.division_table(division=division) if e.player == reg.pk).row
    assert row.adjustment == -2.0


# --- pages ----------------------------------------------------------------------------------


def _post(client, division, **fields):
    data = {"registration": "", "points": "-1", "reason": "Retard répété", "token": "tok-1"}
    data.update(fields)
    return client.post(reverse("league:division_points", args=[division.pk]), data)


def test_an_organiser_gives_points_on_the_division_page_once_per_form(client, played, organiser):
    season, division = played
    reg = _winners(division)[0]
    client.force_login(organiser)
    page = client.get(reverse("league:division", args=[division.pk])).content.decode()
    assert 'id="give-points"' in page and 'name="token"' in page
    for _ in range(2):  # a double click
        response = _post(client, division, registration=reg.pk)
        assert response.status_code == 302
    assert PointsAdjustment.objects.count() == 1
    page = client.get(
        reverse("league:division", args=[division.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert 'class="adj-mark"' in page and "\u22121" in page and "Retard répété" in page
    assert "Withdraw these points" in page
    adjustment = PointsAdjustment.objects.get()
    url = reverse("league:division_points_withdraw", args=[division.pk, adjustment.pk])
    assert client.post(url, {"reason": "Excusé"}).status_code == 302
    assert client.post(url, {"reason": "Encore"}).status_code == 400
    adjustment.refresh_from_db()
    assert adjustment.withdraw_reason == "Excusé"


def test_players_see_the_mark_and_reason_but_no_tools(client, played, organiser):
    season, division = played
    reg = _winners(division)[0]
    _give(division, reg, organiser, reason="Retard répété")
    client.force_login(reg.user)
    page = client.get(reverse("league:division", args=[division.pk])).content.decode()
    assert "Retard répété" in page and 'class="adj-mark"' in page
    assert 'id="give-points"' not in page and "division_points" not in page
    season_page = client.get(reverse("league:season", args=[season.pk])).content.decode()
    assert 'class="adj-mark"' in season_page


def test_forged_fields_are_refused_with_400_and_change_nothing(
    client, played, organiser, make_user
):
    season, division = played
    reg = _winners(division)[0]
    other = start_season(_league(organiser, name="Autre"), organiser, [make_user(), make_user()])
    foreign = other.registrations.first()
    client.force_login(organiser)
    for fields in (
        {"registration": reg.pk, "points": "abc"},
        {"registration": reg.pk, "points": "0"},
        {"registration": reg.pk, "points": "500"},
        {"registration": reg.pk, "points": "1.5"},
        {"registration": reg.pk, "reason": ""},
        {"registration": reg.pk, "token": ""},
        {"registration": "x"},
        {"registration": 2**70},
        {"registration": foreign.pk},
    ):
        response = _post(client, division, **fields)
        assert response.status_code == 400, fields
    url = reverse("league:division_points_withdraw", args=[division.pk, 2**40])
    assert client.post(url, {"reason": "x"}).status_code == 400
    adjustment = _give(other.divisions.get(), foreign, organiser, token="other")
    url = reverse("league:division_points_withdraw", args=[division.pk, adjustment.pk])
    assert client.post(url, {"reason": "x"}).status_code == 400  # not this division's
    assert PointsAdjustment.objects.count() == 1
    assert PointsAdjustment.objects.get().withdrawn_at is None


def test_a_player_gets_403_and_a_stranger_to_a_private_league_404(client, organiser, make_user):
    players = [make_user() for _ in range(4)]
    season = start_season(_league(organiser), organiser, players)
    League.objects.filter(pk=season.league_id).update(is_public=False)  # its players are members
    division = season.divisions.get()
    reg = division.registrations.first()
    adjustment = _give(division, reg, organiser)
    give = reverse("league:division_points", args=[division.pk])
    withdraw = reverse("league:division_points_withdraw", args=[division.pk, adjustment.pk])
    data = {"registration": reg.pk, "points": "-5", "reason": "x", "token": "forged"}
    client.force_login(players[1])
    assert client.post(give, data).status_code == 403
    assert client.post(withdraw, {"reason": "x"}).status_code == 403
    client.force_login(make_user("passant"))
    assert client.post(give, data).status_code == 404
    assert client.post(withdraw, {"reason": "x"}).status_code == 404
    assert client.get(reverse("league:division", args=[division.pk])).status_code == 404
    assert client.get(reverse("league:season_json", args=[season.pk])).status_code == 404
    client.logout()
    assert client.post(give, data).status_code == 404
    assert PointsAdjustment.objects.count() == 1
    assert PointsAdjustment.objects.get().withdrawn_at is None


def test_the_csv_and_json_exports_include_the_adjustment(client, played, organiser):
    season, division = played
    reg = _winners(division)[0]
    _give(division, reg, organiser, reason="Retard répété")
    rows = list(
        csv.DictReader(
            io.StringIO(
                client.get(reverse("league:division_csv", args=[division.pk])).content.decode()
            )
        )
    )
    mine = next(r for r in rows if r["player"] == reg.user.username)
    assert (mine["points"], mine["adjustment"], mine["total"]) == ("1.0", "-1.0", "0.0")
    data = json.loads(client.get(reverse("league:season_json", args=[season.pk])).content)
    (exported,) = data["divisions"]
    line = next(s for s in exported["standings"] if s["player"] == reg.user.username)
    assert (line["points"], line["adjustment"], line["total"]) == (1.0, -1.0, 0.0)
    (note,) = exported["adjustments"]
    assert note["player"] == reg.user.username and note["points"] == -1
    assert note["reason"] == "Retard répété" and note["by"] == "orga"
    assert note["withdrawn_at"] is None


def test_trf_keeps_the_games_points_and_the_league_rank(client, organiser, make_user):
    league = _league(organiser, default_format="swiss", default_swiss_rounds=3)
    season = start_season(league, organiser, [make_user(f"s{i}") for i in range(4)])
    division = season.divisions.get()
    for game in PairingGame.objects.filter(pairing__round__division=division):
        _win(game)
    winner = _winners(division)[0]
    _give(division, winner, organiser, points=-3)
    text = client.get(reverse("league:division_trf", args=[division.pk])).content.decode()
    line = next(x for x in text.splitlines() if winner.user.username in x)
    assert line[80:84] == " 1.0"  # the games' point (TRF has no field for an adjustment)
    assert line[85:89] == "   4"  # the league's rank: last after the penalty
