"""Organiser tools: substitutions, disqualifications, result corrections, deadlines. Each needs a reason, logged for the players."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.league.models import Division, League, Pairing, PairingGame, Registration, Result, Round
from games.league.notices import tell_season_players
from games.league.services.common import _log, _need_reason, _require_organiser
from games.league.services.rating_ledger import rating_correct
from games.league.services.results import _count, _end_match, _forfeit_game, _pairing_maybe_done
from games.refusals import Refused


def registration_substitute(*, registration: Registration, new_user, actor, reason: str) -> None:
    """The newcomer takes over the place (results so far and the schedule). Matches already
    running stay with the player who started them. In a round robin only before the second
    half has started: later, the substitute would meet too few of the players."""
    season = registration.season
    _require_organiser(season.league, actor)
    reason = _need_reason(reason)
    division = registration.division
    if division is not None and division.format in (Division.Format.RR1, Division.Format.RR2):
        rounds = division.round_set.count()
        started = division.round_set.filter(published_at__isnull=False).count()
        if started > rounds // 2:
            raise Refused(_("The second half has started: it is too late for a substitute."))
    with transaction.atomic():
        if Registration.objects.filter(season=season, user=new_user).exists():
            raise Refused(_("This player is already in the season."))
        old = registration.user
        registration.previous_users = [*registration.previous_users, old.username]
        registration.user = new_user
        registration.status = Registration.Status.ACTIVE
        registration.save(update_fields=["previous_users", "user", "status"])
        _log(season, actor, "substitute", reason, old=old, new=new_user)
        tell_season_players(season, [new_user], "substitute", old=old.username)


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
        _log(season, actor, "disqualify", reason, player=registration.user)


def game_set_result(
    *, game: PairingGame, actor, ranks: list, forfeited: list, reason: str
) -> Result:
    """An organiser's correction: replaces (or sets) a game's result. Everything that followed
    from it is repaired: the table's counters, the site ratings from that game on (a played
    game only: a no-show stays unrated), a Swiss withdrawal caused by a forfeit the correction
    removes; the reason goes to the season log and the game's players are told."""
    division = game.pairing.round.division
    season = division.season
    _require_organiser(season.league, actor)
    reason = _need_reason(reason)
    if len(ranks) != len(game.seat_order) or not set(forfeited) <= set(game.seat_order):
        raise Refused(_("This result does not fit the game."))
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
        if game.match_id is not None:
            rating_correct(match=game.match, ranks=result.ranks)
        if before is not None:
            cleared = set(before["forfeited"]) - set(result.forfeited)
            _reinstate_after_correction(division, cleared, actor, reason)
        regs = Registration.objects.filter(pk__in=game.seat_order).select_related("user")
        transaction.on_commit(
            lambda: tell_season_players(
                season,
                [r.user for r in regs],
                "correction",
                by=actor.get_username(),
                reason=reason,
            )
        )
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


def _reinstate_after_correction(division, cleared: set, actor, reason: str) -> None:
    """A Swiss player withdrawn after a forfeit that a correction removed is paired again
    (unless another forfeit of theirs still stands)."""
    if division.format != Division.Format.SWISS:
        return
    for reg in Registration.objects.filter(pk__in=cleared, status=Registration.Status.WITHDRAWN):
        still = Result.objects.filter(
            pairing__round__division=division, forfeited__contains=[reg.pk]
        ).exists()
        if not still:
            reg.status = Registration.Status.ACTIVE
            reg.save(update_fields=["status"])
            _log(division.season, actor, "rejoin", reason, player=reg.user)


def round_set_deadline(*, round: Round, actor, deadline, reason: str) -> Round:
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
