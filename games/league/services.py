"""Writes about leagues. Keyword-only, one transaction each; organiser tools check the actor and
write a line with the reason in the season log, which players can read."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.league import pairing as pairing_mod
from games.league import ratings, standings
from games.league.models import (
    Badge,
    Division,
    League,
    Pairing,
    PairingGame,
    Rating,
    RatingHistory,
    Registration,
    Result,
    Round,
    Season,
    SeasonLog,
)

NEURODUEL_RULES = _(
    "Divisions of 8 players. Each round every player meets one opponent in a mirrored duel: two "
    "games with two random armies, each player leading each army once and moving first once. "
    "Each game: win 1 point, draw ½, loss 0. Ties are broken by the HQ-point difference, then "
    "head-to-head, then Buchholz. The top two are promoted and the bottom two relegated."
)

PRESETS = {
    "neuroduel": {
        "system": "neuroshima",
        "system_config": {},
        "division_size": 8,
        "default_format": "rr1",
        "mirrored_duels": True,
        "tiebreakers": ["score_diff", "head_to_head", "buchholz"],
        "promote_count": 2,
        "relegate_count": 2,
        "pod_size": 2,
    }
}

ROW_FIELDS = [
    "played",
    "wins",
    "draws",
    "losses",
    "forfeit_wins",
    "forfeit_losses",
    "byes",
    "points",
    "score_for",
    "score_against",
]


def _require_organiser(league: League, user) -> None:
    if (
        user is None
        or not user.is_authenticated
        or not league.organisers.filter(pk=user.pk).exists()
    ):
        raise PermissionDenied(_("Only the league's organisers may do this."))


def _log(season: Season, actor, action: str, reason: str = "", **data) -> None:
    SeasonLog.objects.create(season=season, actor=actor, action=action, reason=reason, data=data)


def _need_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Please give a reason: players will read it in the season log."))
    return reason


# --- leagues and seasons -------------------------------------------------------------------------


def league_create(*, name: str, created_by, preset: str = "", **options) -> League:
    fields = dict(PRESETS.get(preset, {}))
    if preset == "neuroduel":
        fields["rules_text"] = NEURODUEL_RULES
    fields.update({k: v for k, v in options.items() if v is not None})
    fields.setdefault("tiebreakers", list(standings.TIEBREAKERS))
    unknown = set(fields["tiebreakers"]) - set(standings.TIEBREAKERS)
    if unknown:
        raise ValidationError(_("Unknown tie-breaker."))
    with transaction.atomic():
        league = League.objects.create(name=name, **fields)
        league.organisers.add(created_by)
    return league


def league_add_organiser(*, league: League, actor, user) -> None:
    _require_organiser(league, actor)
    league.organisers.add(user)


def season_open(
    *, league: League, actor, signup_closes=None, round_days: int = 7, now=None
) -> Season:
    """A new season with sign-up open (or the draft prepared by the last season's close)."""
    _require_organiser(league, actor)
    now = now or timezone.now()
    if not 1 <= int(round_days) <= 14:
        raise ValidationError(_("A round lasts between 1 and 14 days."))
    with transaction.atomic():
        season = league.seasons.filter(status=Season.Status.DRAFT).first()
        if season is None:
            last = league.seasons.order_by("-number").first()
            season = Season(league=league, number=(last.number + 1) if last else 1)
        season.status = Season.Status.SIGNUP
        season.signup_opens = now
        season.signup_closes = signup_closes
        season.round_days = round_days
        season.save()
        _log(season, actor, "season_open")
    return season


def registration_create(*, season: Season, user, now=None) -> Registration:
    now = now or timezone.now()
    if season.status != Season.Status.SIGNUP or (
        season.signup_closes and season.signup_closes < now
    ):
        raise ValidationError(_("Sign-up for this season is closed."))
    if not season.league.is_public and not season.league.organisers.filter(pk=user.pk).exists():
        if not Registration.objects.filter(season__league=season.league, user=user).exists():
            raise PermissionDenied(_("This league is by invitation only."))
    reg, _created = Registration.objects.get_or_create(season=season, user=user)
    if reg.status == Registration.Status.WITHDRAWN:
        reg.status = Registration.Status.ACTIVE
        reg.save(update_fields=["status"])
    return reg


def registration_withdraw(*, registration: Registration, user) -> None:
    """Before the season starts a player leaves freely; afterwards the withdrawal policy applies."""
    if registration.user_id != user.pk:
        raise PermissionDenied(_("This is not your registration."))
    season = registration.season
    if season.status == Season.Status.SIGNUP:
        registration.delete()
        return
    with transaction.atomic():
        _remove_player(registration, Registration.Status.WITHDRAWN, now=timezone.now())
        _log(season, user, "withdraw", "", player=user.username)


def registration_rejoin(*, registration: Registration, user) -> None:
    """lichess Swiss: a player withdrawn after a forfeit comes back for the next pairings."""
    if registration.user_id != user.pk:
        raise PermissionDenied(_("This is not your registration."))
    division = registration.division
    if (
        registration.status != Registration.Status.WITHDRAWN
        or division is None
        or division.format != Division.Format.SWISS
        or registration.season.status != Season.Status.RUNNING
    ):
        raise ValidationError(_("You cannot rejoin this season."))
    registration.status = Registration.Status.ACTIVE
    registration.save(update_fields=["status"])
    _log(registration.season, user, "rejoin", "", player=user.username)


def _rating_of(user, system: str) -> Rating | None:
    return Rating.objects.filter(user=user, system=system).first()


def _rounds_for(division: Division, players: int) -> int:
    if division.format == Division.Format.SWISS:
        return division.rounds
    per = players - 1 if players % 2 == 0 else players
    return per * (2 if division.format == Division.Format.RR2 else 1)


def season_start(*, season: Season, actor, placement: dict | None = None, now=None) -> Season:
    """Places the players in divisions (manually: {user_id: tier}; else promotion hints first,
    then by rating), schedules every round's deadline and publishes round 1."""
    league = season.league
    _require_organiser(league, actor)
    now = now or timezone.now()
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if season.status != Season.Status.SIGNUP:
            raise ValidationError(_("Only a season in sign-up can start."))
        regs = list(season.registrations.filter(status=Registration.Status.ACTIVE))
        if len(regs) < 2:
            raise ValidationError(_("A season needs at least two players."))
        size = max(2, league.division_size)
        if placement:
            groups: dict[int, list] = {}
            for reg in regs:
                groups.setdefault(
                    int(placement.get(reg.user_id, placement.get(str(reg.user_id), 1))), []
                ).append(reg)
            chunks = [groups[t] for t in sorted(groups)]
        else:

            def strength(reg: Registration) -> tuple:
                r = _rating_of(reg.user, league.system)
                rating = (
                    ratings.ordinal(r.mu, r.sigma)
                    if r
                    else ratings.ordinal(ratings.MU, ratings.SIGMA)
                )
                return (reg.tier_hint or 999, -rating, reg.pk)

            regs.sort(key=strength)
            chunks = [regs[i : i + size] for i in range(0, len(regs), size)]
            if len(chunks) > 1 and len(chunks[-1]) < max(2, size // 2):
                chunks[-2].extend(chunks.pop())
        for tier, chunk in enumerate(chunks, start=1):
            division = Division.objects.create(
                season=season,
                tier=tier,
                format=league.default_format,
                rounds=league.default_swiss_rounds,
                mirrored_duels=league.mirrored_duels and league.pod_size <= 2,
            )
            for seed, reg in enumerate(chunk, start=1):
                reg.division, reg.seed = division, seed
                reg.save(update_fields=["division", "seed"])
            for number in range(1, _rounds_for(division, len(chunk)) + 1):
                Round.objects.create(
                    division=division,
                    number=number,
                    deadline=now + timedelta(days=season.round_days * number),
                )
        season.status = Season.Status.RUNNING
        season.started_at = now
        season.save()
        _log(season, actor, "season_start", "", divisions=len(chunks))
        for division in season.divisions.all():
            round_publish(round=division.round_set.get(number=1), actor=actor, now=now)
    return season


# --- rounds ----------------------------------------------------------------------------------------


def _points(division: Division) -> standings.Points:
    league = division.season.league
    win = float(league.points_win)
    # A round-robin bye is everybody's once, so it scores nothing; a Swiss bye scores a win
    # (lichess: "one point when unpaired").
    bye = win if division.format == Division.Format.SWISS else 0.0
    return standings.Points(
        win=win, draw=float(league.points_draw), loss=float(league.points_loss), bye=bye
    )


def _mirror_configs(league: League) -> tuple[dict, dict]:
    """Two random armies; in the mirror game the other player leads army X and moves first."""
    base = dict(league.system_config)
    if league.system == "neuroshima" and "armies" not in base:
        from games.engine.neuroshima.tiles import ARMIES

        x, y = secrets.SystemRandom().sample(list(ARMIES), 2)
        return {**base, "armies": [x, y]}, {**base, "armies": [x, y]}
    return base, base


def _create_match(league: League, season: Season, config: dict, regs: list, actor, days: int):
    from games.matches.services import match_create

    return match_create(
        system=league.system,
        config=config,
        seat_users=[r.user for r in regs],
        created_by=actor,
        days_per_move=days,
        vacation_allowed=league.vacation_policy == League.Vacation.ALLOWED,
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
    if division.mirrored_duels and len(regs) == 2:
        first, second = _mirror_configs(league)
        specs = [(0, regs, first), (1, regs[::-1], second)]
    else:
        specs = [(0, regs, dict(league.system_config))]
    for index, order, config in specs:
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


def round_publish(*, round: Round, actor=None, now=None) -> Round:  # noqa: A002
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
            raise ValidationError(_("The season is not running."))
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
    return rnd


# --- results -------------------------------------------------------------------------------------


def _row(reg: Registration) -> standings.Row:
    return standings.Row(**{f: getattr(reg, f) for f in ROW_FIELDS})


def _game(result: Result) -> standings.Game:
    return standings.Game(
        players=tuple(result.players),
        ranks=tuple(result.ranks),
        scores=tuple(result.scores) if result.scores else None,
        forfeited=frozenset(result.forfeited),
        bye=result.bye,
    )


def _count(result: Result, division: Division, sign: int = 1) -> None:
    """Applies one result to the stored table (locks the players' rows: two matches of the
    same pairing may finish at the same time)."""
    regs = list(
        Registration.objects.select_for_update().filter(pk__in=result.players).order_by("pk")
    )
    rows = {r.pk: _row(r) for r in regs}
    standings.apply_game(rows, _game(result), _points(division), sign)
    for reg in regs:
        for f, v in rows[reg.pk].as_dict().items():
            setattr(reg, f, v)
        reg.save(update_fields=ROW_FIELDS)


def _pairing_maybe_done(p: Pairing) -> None:
    if p.status == Pairing.Status.SCHEDULED and not p.games.filter(result__isnull=True).exists():
        p.status = Pairing.Status.DONE
        p.save(update_fields=["status"])


def _rate(result: Result, match, system: str, at) -> None:
    """OpenSkill update for a game actually played (no-shows leave ratings alone)."""
    seats = sorted(match.seats.all(), key=lambda s: s.index)
    users = [s.user for s in seats]
    if any(u is None for u in users) or len(users) != len(result.ranks):
        return
    if (match.config or {}).get("mode") == "alliance" and len(users) == 4:
        teams = [[0, 2], [1, 3]]
    else:
        teams = [[i] for i in range(len(users))]
    rows = {}
    for u in users:
        rows[u.pk], _c = Rating.objects.select_for_update().get_or_create(
            user=u, system=system, defaults={"mu": ratings.MU, "sigma": ratings.SIGMA}
        )
    new = ratings.rate(
        [[(rows[users[i].pk].mu, rows[users[i].pk].sigma) for i in team] for team in teams],
        [min(result.ranks[i] for i in team) for team in teams],
    )
    for team, values in zip(teams, new, strict=True):
        for i, (mu, sigma) in zip(team, values, strict=True):
            r = rows[users[i].pk]
            r.mu, r.sigma, r.games = mu, sigma, r.games + 1
            r.save(update_fields=["mu", "sigma", "games", "updated_at"])
            RatingHistory.objects.create(
                user=users[i], system=system, mu=mu, sigma=sigma, match=match, at=at
            )


def league_match_finished(match) -> None:
    """The matches app calls this inside the match's transaction when any match ends."""
    if not (match.competition or "").startswith("league:"):
        return
    game = (
        PairingGame.objects.select_for_update(of=("self",))
        .select_related("pairing__round__division__season__league")
        .filter(match=match)
        .first()
    )
    if game is None or Result.objects.filter(game=game).exists():
        return  # counted once: already recorded (e.g. forfeited at the deadline)
    outcome = match.outcome or {}
    ranks = list(outcome.get("ranks") or [])
    if len(ranks) != len(game.seat_order):
        return
    reason = outcome.get("reason") or ""
    forfeited = []
    if reason in ("time", "timeout") and len(set(ranks)) > 1:
        worst = max(ranks)
        forfeited = [reg for reg, r in zip(game.seat_order, ranks, strict=True) if r == worst]
    division = game.pairing.round.division
    result = Result.objects.create(
        game=game,
        pairing=game.pairing,
        match=match,
        players=game.seat_order,
        ranks=ranks,
        scores=outcome.get("scores") or None,
        forfeited=forfeited,
        reason=reason[:32],
    )
    _count(result, division)
    _rate(result, match, division.season.league.system, match.finished_at or timezone.now())
    _pairing_maybe_done(game.pairing)
    if forfeited and division.format == Division.Format.SWISS:
        _withdraw_after_forfeit(division, forfeited, reason)


def _withdraw_after_forfeit(division: Division, reg_ids: list, reason: str) -> None:
    """lichess Swiss: who forfeits is left out of the next pairings until they rejoin."""
    for reg in Registration.objects.filter(pk__in=reg_ids, status=Registration.Status.ACTIVE):
        reg.status = Registration.Status.WITHDRAWN
        reg.save(update_fields=["status"])
        _log(division.season, None, "withdrawn_after_forfeit", reason, player=reg.user.username)


def _forfeit_game(game: PairingGame, losers: list, reason: str) -> Result:
    ranks = [1 if reg in losers else 0 for reg in game.seat_order]
    result = Result.objects.create(
        game=game,
        pairing=game.pairing,
        match=game.match,
        players=game.seat_order,
        ranks=ranks,
        forfeited=list(losers),
        reason=reason,
    )
    _count(result, game.pairing.round.division)
    return result


def _end_match(game: PairingGame, losers: list) -> None:
    """Ends the site match too (the hook then finds the result already counted)."""
    from games.matches.models import Match
    from games.matches.services import MoveRejected, match_resign

    if game.match_id is None:
        return
    users = dict(Registration.objects.filter(pk__in=losers).values_list("pk", "user_id"))
    seats = {s.index: s.user for s in game.match.seats.all()}
    for index, reg in enumerate(game.seat_order):
        if reg in losers and seats.get(index) is not None and users.get(reg):
            if Match.objects.get(pk=game.match_id).status != Match.Status.ACTIVE:
                return
            try:
                match_resign(match_id=game.match_id, user=seats[index])
            except MoveRejected:
                return


def _deadline_losers(game: PairingGame) -> list:
    """Whoever had to act when the round ended; nobody identifiable (never started): all."""
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
            if game.match is not None and game.match.status == "finished":
                league_match_finished(game.match)
                continue
            losers = _deadline_losers(game)
            _forfeit_game(game, losers, reason="deadline")
            _end_match(game, losers)
            names = list(
                Registration.objects.filter(pk__in=losers).values_list("user__username", flat=True)
            )
            _log(division.season, None, "forfeit_deadline", "", players=names, round=rnd.number)
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
    return {"closed": closed, "published": published}


# --- organiser tools -----------------------------------------------------------------------------


def registration_substitute(*, registration: Registration, new_user, actor, reason: str) -> None:
    """The newcomer takes over the place (results so far and the schedule). Matches already
    running stay with the player who started them."""
    season = registration.season
    _require_organiser(season.league, actor)
    reason = _need_reason(reason)
    with transaction.atomic():
        if Registration.objects.filter(season=season, user=new_user).exists():
            raise ValidationError(_("This player is already in the season."))
        old = registration.user
        registration.previous_users = [*registration.previous_users, old.username]
        registration.user = new_user
        registration.status = Registration.Status.ACTIVE
        registration.save(update_fields=["previous_users", "user", "status"])
        _log(season, actor, "substitute", reason, old=old.username, new=new_user.username)


def _remove_player(registration: Registration, status: str, now) -> None:
    """The withdrawal policy: unplayed published games are forfeited or voided; later
    round-robin pairings follow the same rule when published."""
    league = registration.season.league
    registration.status = status
    registration.save(update_fields=["status"])
    pairings = Pairing.objects.filter(
        players=registration, status=Pairing.Status.SCHEDULED, round__closed_at__isnull=True
    )
    for p in pairings:
        if league.withdrawal_policy == League.Withdrawal.VOID_UNPLAYED:
            if not p.results.exists():
                p.status = Pairing.Status.VOID
                p.save(update_fields=["status"])
                for game in p.games.all():
                    _end_match(game, [registration.pk])
                continue
        for game in p.games.filter(result__isnull=True):
            _forfeit_game(game, [registration.pk], reason="withdrawn")
            _end_match(game, [registration.pk])
        _pairing_maybe_done(p)


def registration_disqualify(*, registration: Registration, actor, reason: str, now=None) -> None:
    season = registration.season
    _require_organiser(season.league, actor)
    reason = _need_reason(reason)
    with transaction.atomic():
        _remove_player(registration, Registration.Status.DISQUALIFIED, now or timezone.now())
        _log(season, actor, "disqualify", reason, player=registration.user.username)


def game_set_result(
    *, game: PairingGame, actor, ranks: list, forfeited: list, reason: str
) -> Result:
    """An organiser's correction: replaces (or sets) a game's result; the table follows."""
    division = game.pairing.round.division
    season = division.season
    _require_organiser(season.league, actor)
    reason = _need_reason(reason)
    if len(ranks) != len(game.seat_order) or not set(forfeited) <= set(game.seat_order):
        raise ValidationError(_("This result does not fit the game."))
    with transaction.atomic():
        result = Result.objects.select_for_update().filter(game=game).first()
        before = None
        if result is not None:
            before = {"ranks": result.ranks, "forfeited": result.forfeited}
            _count(result, division, sign=-1)
        else:
            result = Result(
                game=game, pairing=game.pairing, match=game.match, players=game.seat_order
            )
        result.ranks, result.forfeited = list(ranks), list(forfeited)
        if forfeited:
            result.scores = None
        result.overridden, result.reason = True, "override"
        result.save()
        _count(result, division)
        p = game.pairing
        p.override_reason = reason
        p.save(update_fields=["override_reason"])
        _pairing_maybe_done(p)
        _log(
            season,
            actor,
            "adjust_result",
            reason,
            pairing=p.pk,
            game=game.index,
            before=before,
            after={"ranks": result.ranks, "forfeited": result.forfeited},
        )
    return result


def round_set_deadline(*, round: Round, actor, deadline, reason: str) -> Round:  # noqa: A002
    season = round.division.season
    _require_organiser(season.league, actor)
    reason = _need_reason(reason)
    with transaction.atomic():
        old = round.deadline
        round.deadline = deadline
        round.save(update_fields=["deadline"])
        _log(
            season,
            actor,
            "deadline",
            reason,
            round=round.number,
            division=round.division.tier,
            before=old.isoformat(),
            after=deadline.isoformat(),
        )
    return round


def season_close(*, season: Season, actor, now=None) -> Season:
    """Final tables, badges for division winners, promotion and relegation into the next
    season (prepared as a draft with every player's tier), and the archive."""
    league = season.league
    _require_organiser(league, actor)
    now = now or timezone.now()
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if season.status != Season.Status.RUNNING:
            raise ValidationError(_("Only a running season can be closed."))
        nxt = Season.objects.create(league=league, number=season.number + 1)
        divisions = list(season.divisions.order_by("tier"))
        bottom = len(divisions)
        for division in divisions:
            table = _ranked(division)
            regs = {r.pk: r for r in division.registrations.select_related("user")}
            n = len(table)
            for entry in table:
                reg = regs[entry.player]
                reg.final_position = entry.position
                reg.save(update_fields=["final_position"])
                if entry.position == 1:
                    Badge.objects.get_or_create(
                        user=reg.user,
                        division=division,
                        defaults={
                            "title": _("%(league)s season %(season)s, division %(tier)s winner")
                            % {
                                "league": league.name,
                                "season": season.number,
                                "tier": division.tier,
                            }
                        },
                    )
                if reg.status != Registration.Status.ACTIVE:
                    continue
                tier = division.tier
                if tier > 1 and entry.position <= league.promote_count:
                    tier -= 1
                elif tier < bottom and entry.position > n - league.relegate_count:
                    tier += 1
                Registration.objects.create(season=nxt, user=reg.user, tier_hint=tier)
        season.status = Season.Status.CLOSED
        season.closed_at = now
        season.save()
        _log(season, actor, "season_close")
    return nxt


def _ranked(division: Division) -> list:
    """The division's ordered table from the stored counters (see selectors)."""
    from games.league.selectors import division_table

    return division_table(division=division)
