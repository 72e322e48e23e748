"""Rounds: pairing and publishing them (each pairing becomes its matches), closing them at the deadline."""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import registry
from games.engine.rng import Rng
from games.league import pairing as pairing_mod
from games.league.models import (
    Division,
    League,
    Pairing,
    PairingGame,
    Registration,
    Result,
    Round,
    Season,
)
from games.league.services.common import _log, _ranked, _require_organiser, season_changed
from games.league.services.results import (
    _count,
    _end_match,
    _forfeit_game,
    _pairing_maybe_done,
    _withdraw_after_forfeit,
    league_match_finished,
)
from games.matches.models import Match
from games.matches.services import has_played, match_create
from games.notifications.models import Notification
from games.notifications.services import notify_user
from games.refusals import Refused


def _mirror_configs(league: League, rng_key: str) -> tuple[dict, dict]:
    """The duel's two configs, from the system (`duel_configs`): whatever it draws (armies,
    sides) comes from an rng seeded by `rng_key` (the league, season and pairing or tie), so
    publishing the round again would draw the same."""
    rng = Rng(rng_key)
    first, second = registry.get_system(league.system).duel_configs(dict(league.system_config), rng)
    return dict(first), dict(second)


def _game_specs(league: League, regs: list, rng_key: str, mirrored: bool) -> list:
    """(index, players in seat order, config) of each game of a meeting: one game, or a
    mirrored pair in which each player moves first once."""
    from games.league.services.armies import with_armies

    if mirrored and len(regs) == 2:
        first, second = _mirror_configs(league, rng_key)
        return [
            (0, regs, with_armies(league, first, regs)),
            (1, regs[::-1], with_armies(league, second, regs[::-1])),
        ]
    return [(0, regs, with_armies(league, dict(league.system_config), regs))]


def _create_match(league: League, season: Season, config: dict, regs: list, actor, days: int):
    return match_create(
        system=league.system,
        config=config,
        seat_users=[r.user for r in regs],
        created_by=actor,
        days_per_move=days,
        vacation_allowed=league.vacation_policy == League.Vacation.ALLOWED,
        weekend_pause_allowed=league.weekend_pause_allowed,
        is_public=league.is_public,
        competition=f"league:{season.pk}",
    )


def _new_pairing(rnd: Round, board: int, regs: list, actor, now) -> Pairing:
    division = rnd.division
    season = division.season
    league = season.league
    p = Pairing.objects.create(round=rnd, board=board, player_order=[r.pk for r in regs])
    p.players.set(regs)
    if len(regs) == 1:
        p.status = Pairing.Status.BYE
        p.save(update_fields=["status"])
        result = Result.objects.create(pairing=p, players=[regs[0].pk], ranks=[0], bye=True)
        _count(result, division)
        return p
    gone = [r for r in regs if r.status != Registration.Status.ACTIVE]
    if gone:
        if league.withdrawal_policy == League.Withdrawal.VOID_UNPLAYED:
            p.status = Pairing.Status.VOID
            p.save(update_fields=["status"])
            return p
        games = 2 if division.mirrored_duels and len(regs) == 2 else 1
        for index in range(games):
            order = regs if index == 0 else regs[::-1]
            game = PairingGame.objects.create(
                pairing=p, index=index, seat_order=[r.pk for r in order]
            )
            _forfeit_game(game, [r.pk for r in gone], reason="withdrawn")
        _pairing_maybe_done(p)
        return p
    days = max(1, min(14, int((rnd.deadline - now).total_seconds() // 86400) or 1))
    key = f"league:{league.pk}:season:{season.pk}:pairing:{p.pk}"
    for index, order, config in _game_specs(league, regs, key, division.mirrored_duels):
        match = _create_match(league, season, config, order, actor, days)
        PairingGame.objects.create(
            pairing=p, index=index, match=match, seat_order=[r.pk for r in order]
        )
    return p


def _swiss_players(division: Division, regs: list) -> list:
    ranked = _ranked(division)
    rank = {r.player: r.position for r in ranked}
    met: dict[int, set] = {r.pk: set() for r in regs}
    for p in Pairing.objects.filter(round__division=division):
        for a in p.player_order:
            met.setdefault(a, set()).update(b for b in p.player_order if b != a)
    return [
        pairing_mod.SwissPlayer(
            id=r.pk,
            score=r.points,
            rank=rank.get(r.pk, 0),
            opponents=frozenset(met.get(r.pk, ())),
            byes=r.byes,
        )
        for r in regs
    ]


def _clubs_apart(players: list, by_id: dict) -> list:
    """Round 1: club-mates count as having met already, so the pairing keeps them apart
    whenever another pairing exists (a repeat is the last resort)."""
    club = {p.id: " ".join(by_id[p.id].club.split()).casefold() for p in players}
    out = []
    for p in players:
        mates = {q.id for q in players if q.id != p.id and club[p.id] and club[q.id] == club[p.id]}
        out.append(pairing_mod.SwissPlayer(p.id, p.score, p.rank, p.opponents | mates, p.byes))
    return out


def round_publish(*, round: Round, actor=None, now=None) -> Round:
    """Makes and publishes the round's pairings at once; each becomes its match(es)."""
    now = now or timezone.now()
    division = round.division
    season = division.season
    league = season.league
    if actor is not None:
        _require_organiser(league, actor)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.published_at:
            return rnd
        if season.status != Season.Status.RUNNING:
            raise Refused(_("The season is not running."))
        everyone = list(division.registrations.order_by("seed", "pk"))
        by_id = {r.pk: r for r in everyone}
        groups: list[list] = []
        if division.format in (Division.Format.RR1, Division.Format.RR2):
            schedule = pairing_mod.round_robin(
                [r.pk for r in everyone], double=division.format == Division.Format.RR2
            )
            for a, b in schedule[rnd.number - 1]:
                groups.append([by_id[a]] if b is None else [by_id[a], by_id[b]])
        else:
            active = [r for r in everyone if r.status == Registration.Status.ACTIVE]
            players = _swiss_players(division, active)
            if rnd.number == 1:
                players = _clubs_apart(players, by_id)
            if league.pod_size > 2:
                pods, byes = pairing_mod.pods(players)
                groups = [[by_id[i] for i in pod] for pod in pods] + [[by_id[b]] for b in byes]
            else:
                made = pairing_mod.swiss_round(players)
                groups = [[by_id[a], by_id[b]] for a, b in made.pairs]
                if made.bye is not None:
                    groups.append([by_id[made.bye]])
        for board, regs in enumerate(groups, start=1):
            _new_pairing(rnd, board, regs, actor, now)
        rnd.published_at = now
        rnd.save(update_fields=["published_at"])
        season_changed(season.pk)
        _tell_pairings(rnd, league, [reg for regs in groups for reg in regs])
    return rnd


def _tell_pairings(rnd: Round, league, registrations: list) -> None:
    """Each paired player hears that the round's pairings are out (notifications' inbox and
    channels), with a link to the round."""
    link = reverse("league:round", args=[rnd.pk])
    for registration in registrations:
        notify_user(
            user_id=registration.user_id,
            kind=Notification.Kind.PAIRINGS,
            params={"league": league.name, "number": rnd.number, "link": link},
            about=f"league-round:{rnd.pk}",
            once=f"pairings:{rnd.pk}:{registration.user_id}",
        )


def _round_deadline_losers(game: PairingGame) -> list:
    """A round's game unfinished at its deadline: lost by whoever had to act, and by all of
    them when nobody had started, no player having made a move of their own (the league's
    forfeit rule, « par les deux si aucun n'avait commencé », league/_policies.html), so that
    two absent players do not hand a win to whoever happened to move second."""
    if game.match is not None and not has_played(game.match):
        return list(game.seat_order)
    return _deadline_losers(game)


def _deadline_losers(game: PairingGame) -> list:
    """Whoever had to act when the deadline passed; nobody identifiable (never started): all.
    (A playoff tie must name a winner: it keeps this rule, and a tie nobody played goes to
    the better seed: playoffs.py.)"""
    match = game.match
    if match is None:
        return list(game.seat_order)
    late = [s.index for s in match.seats.all() if s.deadline is not None]
    if not late or len(late) == len(game.seat_order):
        return list(game.seat_order)
    return [game.seat_order[i] for i in late if i < len(game.seat_order)]


def _round_close(rnd: Round, now) -> None:
    division = rnd.division
    for p in rnd.pairings.filter(status=Pairing.Status.SCHEDULED):
        for game in p.games.filter(result__isnull=True).select_related("match"):
            if game.match is not None and game.match.status == Match.Status.FINISHED:
                league_match_finished(game.match)
                continue
            losers = _round_deadline_losers(game)
            _forfeit_game(game, losers, reason="deadline")
            _end_match(game, losers)
            accounts = [
                r.user for r in Registration.objects.filter(pk__in=losers).select_related("user")
            ]
            _log(division.season, None, "forfeit_deadline", "", players=accounts, round=rnd.number)
            if division.format == Division.Format.SWISS:
                _withdraw_after_forfeit(division, losers, "deadline")
        _pairing_maybe_done(p)
    rnd.closed_at = now
    rnd.save(update_fields=["closed_at"])


def league_handle_deadlines(*, now=None) -> dict:
    """For the background worker: rounds past their deadline are closed (unplayed games are
    forfeits per the rules) and each division's next round is published."""
    now = now or timezone.now()
    closed = published = 0
    due = Round.objects.filter(
        published_at__isnull=False,
        closed_at__isnull=True,
        deadline__lte=now,
        division__season__status=Season.Status.RUNNING,
    ).select_related("division__season__league")
    for rnd in due:
        with transaction.atomic():
            locked = (
                Round.objects.select_for_update(skip_locked=True)
                .filter(pk=rnd.pk, closed_at__isnull=True)
                .first()
            )
            if locked is None:
                continue
            _round_close(rnd, now)
            closed += 1
    nxt = Round.objects.filter(
        published_at__isnull=True, division__season__status=Season.Status.RUNNING
    ).select_related("division__season__league")
    for rnd in nxt.order_by("division", "number"):
        previous = Round.objects.filter(division=rnd.division, number=rnd.number - 1).first()
        if previous is None or previous.closed_at is not None:
            round_publish(round=rnd, now=now)
            published += 1
    from games.league.services.playoffs import playoff_handle_deadlines

    ties = playoff_handle_deadlines(now=now)
    return {"closed": closed, "published": published, "ties": ties}
