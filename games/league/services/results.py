"""Results: the match-finished hook, forfeits, the stored standings counters and ratings."""

from __future__ import annotations

from django.utils import timezone

from games.league import standings
from games.league.models import (
    Division,
    Pairing,
    PairingGame,
    Registration,
    Result,
    Season,
)
from games.league.services.common import _log, season_changed
from games.league.services.rating_ledger import rating_record
from games.league.tables import (
    ROW_FIELDS,
    division_points,
    registration_row,
    result_game,
)
from games.matches.models import Match, MatchRecord, Seat
from games.matches.services import match_resign
from games.refusals import Refused


def _count(result: Result, division: Division, sign: int = 1) -> None:
    """Applies one result to the stored table (locks the players' rows: two matches of the
    same pairing may finish at the same time)."""
    regs = list(
        Registration.objects.select_for_update().filter(pk__in=result.players).order_by("pk")
    )
    rows = {r.pk: registration_row(r) for r in regs}
    standings.apply_game(rows, result_game(result), division_points(division), sign)
    season_changed(division.season_id)
    for reg in regs:
        for f, v in rows[reg.pk].as_dict().items():
            setattr(reg, f, v)
        reg.save(update_fields=ROW_FIELDS)


def _pairing_maybe_done(p: Pairing) -> None:
    if p.status == Pairing.Status.SCHEDULED and not p.games.filter(result__isnull=True).exists():
        p.status = Pairing.Status.DONE
        p.save(update_fields=["status"])


def rating_match_finished(match) -> None:
    """Ratings are site-wide: every finished match between people (no computer seat) moves
    them once, whatever it belongs to. League matches are rated by league_match_finished, which
    also knows which forfeits were no-shows."""
    if (match.competition or "").startswith("league:") or match.status != Match.Status.FINISHED:
        return
    if any(s.kind != Seat.Kind.HUMAN or s.user_id is None for s in match.seats.all()):
        return
    ranks = list((match.outcome or {}).get("ranks") or [])
    rating_record(
        match=match, ranks=ranks, system=match.system, at=match.finished_at or timezone.now()
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
    if game.pairing.round.division.season.status == Season.Status.CLOSED:
        return  # its final table is set (closing calls its games off: season_end.py)
    outcome = match.outcome or {}
    ranks = list(outcome.get("ranks") or [])
    if len(ranks) != len(game.seat_order):
        return
    reason = how_it_ended(match, outcome.get("reason") or "")
    forfeited = []
    if reason == "timeout" and len(set(ranks)) > 1:
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
    # The ratings' OpenSkill update, for a game actually played (no-shows leave ratings alone).
    rating_record(
        match=match,
        ranks=list(result.ranks),
        system=division.season.league.system,
        at=match.finished_at or timezone.now(),
    )
    _pairing_maybe_done(game.pairing)
    if forfeited and division.format == Division.Format.SWISS:
        _withdraw_after_forfeit(division, forfeited, reason)


def how_it_ended(match, reason: str) -> str:
    """The engines end a resignation and a loss on time alike (« forfeit »); the match's own
    record says which: the round page says « abandon de bruno » where it showed the scores the
    resignation left (« 0 – 0 », read as a played draw), and a loss on time is the league's
    forfeit (the table counts it apart, Swiss withdraws the player)."""
    if reason != "forfeit":
        return reason
    records = MatchRecord.objects.filter(match=match, kind=MatchRecord.Kind.FORFEIT)
    return records.order_by("-seq").values_list("data__reason", flat=True).first() or reason


def _withdraw_after_forfeit(division: Division, reg_ids: list, reason: str) -> None:
    """lichess Swiss: who forfeits is left out of the next pairings until they rejoin."""
    for reg in Registration.objects.filter(pk__in=reg_ids, status=Registration.Status.ACTIVE):
        reg.status = Registration.Status.WITHDRAWN
        reg.save(update_fields=["status"])
        _log(division.season, None, "withdrawn_after_forfeit", reason, player=reg.user)


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
            except Refused:
                return
