"""Playoffs: the top cut at the end of a season, or a stand-alone knockout event.

Every tie of the bracket exists from the start (so the drawing shows the whole road); a tie
starts as soon as both its players are known, with its own deadline, and its winner moves on
at once: nobody waits for a whole round to end. A bye is decided at the start."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.league import bracket
from games.league.models import (
    Division,
    Playoff,
    PlayoffGame,
    PlayoffTie,
    Registration,
    Round,
    Season,
)
from games.league.notices import tell_season_players
from games.league.services.common import (
    _locked_season,
    _log,
    _ranked,
    _require_organiser,
    season_changed,
)
from games.league.services.rating_ledger import rating_record
from games.league.services.results import _end_match, how_it_ended
from games.matches.models import Match
from games.refusals import Refused

CUTS = (2, 4, 8)


def _qualified(season: Season, division: Division | None, qualifiers: int) -> list:
    """The cut's players, best first: a division's table order; for the whole season the
    division winners first (top division first), then the runners-up, and so on."""
    divisions = [division] if division else list(season.divisions.order_by("tier"))
    ranked = []
    for d in divisions:
        active = set(
            d.registrations.filter(status=Registration.Status.ACTIVE).values_list("pk", flat=True)
        )
        for entry in _ranked(d):
            if entry.player in active:
                ranked.append((entry.position, d.tier, entry.player))
    ranked.sort()
    return [player for _position, _tier, player in ranked[:qualifiers]]


def playoff_start(
    *,
    season: Season,
    actor,
    qualifiers: int,
    scope: str = Playoff.Scope.DIVISION,
    third_place: bool = False,
    mirrored: bool | None = None,
    now=None,
) -> list[Playoff]:
    """Seeds the top cut by standing (a knockout season: by the seeding of its start, from
    the ratings) and starts every first-round tie; byes go to the best seeds."""
    league = season.league
    if actor is not None:
        _require_organiser(league, actor)
    now = now or timezone.now()
    knockout = league.default_format == Division.Format.KNOCKOUT
    if scope not in Playoff.Scope.values:
        raise Refused(_("Unknown playoff scope."))
    if not knockout and qualifiers not in CUTS:
        raise Refused(_("A top cut takes the best 2, 4 or 8 players."))
    with transaction.atomic():
        season = _locked_season(season, Season.Status.RUNNING, _("The season is not running."))
        if season.playoffs.exists():
            raise Refused(_("The playoffs have already started."))
        if Round.objects.filter(division__season=season, closed_at__isnull=True).exists():
            raise Refused(_("Every round must be over before the playoffs."))
        groups = (
            [None] if scope == Playoff.Scope.OVERALL else list(season.divisions.order_by("tier"))
        )
        made = []
        for division in groups:
            seeds = _qualified(season, division, qualifiers)
            if len(seeds) < 2:
                continue
            playoff = Playoff.objects.create(
                season=season,
                division=division,
                qualifiers=len(seeds),
                size=bracket.bracket_size(len(seeds)),
                third_place=third_place and len(seeds) >= 4,
                mirrored=league.mirrored_duels if mirrored is None else mirrored,
                tie_days=season.round_days,
            )
            _create_ties(playoff, seeds)
            made.append(playoff)
        if not made:
            raise Refused(_("Not enough active players for a top cut."))
        _log(
            season,
            actor,
            "playoff_start",
            "",
            players=sum(p.qualifiers for p in made),
            brackets=len(made),
        )
        for playoff in made:
            _advance(playoff, now)
    return made


def _create_ties(playoff: Playoff, seeds: list) -> None:
    rounds = bracket.rounds_in(playoff.size)
    for r in range(1, rounds + 1):
        for slot in range(playoff.size // 2**r):
            PlayoffTie.objects.create(playoff=playoff, round_number=r, slot=slot)
    if playoff.third_place:
        PlayoffTie.objects.create(
            playoff=playoff,
            round_number=rounds,
            slot=bracket.THIRD_PLACE_SLOT,
            third_place=True,
        )
    for slot, (a, b) in enumerate(bracket.first_round(len(seeds))):
        tie = playoff.ties.get(round_number=1, slot=slot)
        tie.player_a_id, tie.seed_a = seeds[a - 1], a
        if b is not None:
            tie.player_b_id, tie.seed_b = seeds[b - 1], b
        tie.save()


def _loser(tie: PlayoffTie) -> tuple[int | None, int | None]:
    if tie.winner_id is None or tie.decided_by == "bye":
        return None, None
    if tie.winner_id == tie.player_a_id:
        return tie.player_b_id, tie.seed_b
    return tie.player_a_id, tie.seed_a


def _winner(tie: PlayoffTie) -> tuple[int | None, int | None]:
    seed = tie.seed_a if tie.winner_id == tie.player_a_id else tie.seed_b
    return tie.winner_id, seed


def _advance(playoff: Playoff, now) -> None:
    """Fills and starts every tie whose players are known, decides byes, ends the playoff."""
    rounds = bracket.rounds_in(playoff.size)
    ties = {(t.round_number, t.slot, t.third_place): t for t in playoff.ties.all()}
    for (r, slot, third), tie in sorted(ties.items()):
        if tie.status != PlayoffTie.Status.WAITING:
            continue
        if r > 1:
            # Each side shows its player as soon as its feeder is decided (a bye at once);
            # the tie starts when both are known, the better seed first.
            pick = _loser if third else _winner
            feeding = [ties[(fr, fs, False)] for fr, fs in bracket.feeders(r, 0 if third else slot)]
            sides = [
                pick(f) if f.status == PlayoffTie.Status.DONE else (None, None) for f in feeding
            ]
            if all(f.status == PlayoffTie.Status.DONE for f in feeding):
                sides.sort(key=lambda side: (side[1] is None, side[1] or 0))
            (tie.player_a_id, tie.seed_a), (tie.player_b_id, tie.seed_b) = sides
            if any(f.status != PlayoffTie.Status.DONE for f in feeding):
                tie.save()
                continue
        if tie.player_a_id is None and tie.player_b_id is None:
            tie.status, tie.decided_by = PlayoffTie.Status.DONE, "bye"
            tie.save()
            continue
        if tie.player_a_id is None or tie.player_b_id is None:
            if tie.player_a_id is None:
                tie.player_a_id, tie.seed_a = tie.player_b_id, tie.seed_b
                tie.player_b_id, tie.seed_b = None, None
            tie.status, tie.winner_id, tie.decided_by = (
                PlayoffTie.Status.DONE,
                tie.player_a_id,
                "bye",
            )
            tie.save()
            continue
        _start_tie(playoff, tie, now)
    final = ties[(rounds, 0, False)]
    final.refresh_from_db()
    third = ties.get((rounds, bracket.THIRD_PLACE_SLOT, True))
    if third is not None:
        third.refresh_from_db()
    if (
        final.status == PlayoffTie.Status.DONE
        and (third is None or third.status == PlayoffTie.Status.DONE)
        and playoff.status != Playoff.Status.DONE
    ):
        playoff.status, playoff.champion_id = Playoff.Status.DONE, final.winner_id
        playoff.save(update_fields=["status", "champion"])
        champion = Registration.objects.filter(pk=final.winner_id).first()
        _log(
            playoff.season,
            None,
            "playoff_done",
            "",
            champion=champion.user if champion else "",
        )


def _start_tie(playoff: Playoff, tie: PlayoffTie, now) -> None:
    from games.league.services.rounds import _create_match, _game_specs

    season = playoff.season
    league = season.league
    regs = [
        Registration.objects.get(pk=tie.player_a_id),
        Registration.objects.get(pk=tie.player_b_id),
    ]
    key = f"league:{league.pk}:season:{season.pk}:tie:{tie.pk}"
    for index, order, config in _game_specs(league, regs, key, playoff.mirrored):
        match = _create_match(league, season, config, order, None, playoff.tie_days)
        PlayoffGame.objects.create(
            tie=tie, index=index, match=match, seat_order=[r.pk for r in order]
        )
    tie.status = PlayoffTie.Status.PLAYING
    tie.deadline = now + timedelta(days=playoff.tie_days)
    tie.save()
    for me, other in ((regs[0], regs[1]), (regs[1], regs[0])):
        tell_season_players(season, [me.user], "playoff_tie", opponent=other.user.get_username())


def _maybe_decide(tie: PlayoffTie, now) -> None:
    games = list(tie.games.all())
    if tie.status != PlayoffTie.Status.PLAYING or any(g.ranks is None for g in games):
        return
    side = {tie.player_a_id: 0, tie.player_b_id: 1}
    views = []
    for g in games:
        ranks, scores = [0, 0], None
        for seat, reg in enumerate(g.seat_order):
            ranks[side[reg]] = g.ranks[seat]
        if g.scores:
            ordered = [0.0, 0.0]
            for seat, reg in enumerate(g.seat_order):
                ordered[side[reg]] = float(g.scores[seat])
            scores = (ordered[0], ordered[1])
        forfeited = (tie.player_a_id in g.forfeited, tie.player_b_id in g.forfeited)
        views.append(bracket.TieGame((ranks[0], ranks[1]), scores, forfeited))
    decision = bracket.decide(views, tie.seed_a or 0, tie.seed_b or 0)
    tie.winner_id = tie.player_a_id if decision.winner == 0 else tie.player_b_id
    tie.status, tie.decided_by = PlayoffTie.Status.DONE, decision.how
    tie.save(update_fields=["winner", "status", "decided_by"])
    winner = Registration.objects.get(pk=tie.winner_id)
    _log(
        tie.playoff.season,
        None,
        "playoff_tie",
        "",
        winner=winner.user,
        round=tie.round_number,
    )
    _advance(tie.playoff, now)


def playoff_match_finished(match) -> None:
    """The "match finished" hook for playoff games (inside the match's transaction)."""
    if not (match.competition or "").startswith("league:"):
        return
    game = (
        PlayoffGame.objects.select_for_update(of=("self",))
        .select_related("tie__playoff__season__league")
        .filter(match=match)
        .first()
    )
    if game is None or game.ranks is not None:
        return
    outcome = match.outcome or {}
    ranks = list(outcome.get("ranks") or [])
    if len(ranks) != len(game.seat_order):
        return
    reason = how_it_ended(match, outcome.get("reason") or "")
    game.ranks, game.scores, game.reason = ranks, outcome.get("scores") or None, reason[:32]
    if reason == "timeout" and len(set(ranks)) > 1:
        game.forfeited = [r for r, rank in zip(game.seat_order, ranks, strict=True) if rank]
    game.save()
    season_changed(game.tie.playoff.season_id)
    system = game.tie.playoff.season.league.system
    rating_record(match=match, ranks=ranks, system=system, at=match.finished_at or timezone.now())
    _maybe_decide(game.tie, timezone.now())


def playoff_handle_deadlines(*, now) -> int:
    """Ties past their deadline: unplayed games are lost by whoever had to act."""
    from games.league.services.rounds import _deadline_losers

    done = 0
    due = PlayoffTie.objects.filter(
        status=PlayoffTie.Status.PLAYING,
        deadline__lte=now,
        playoff__season__status=Season.Status.RUNNING,
    ).values_list("pk", flat=True)
    for tie_id in due:
        with transaction.atomic():
            tie = PlayoffTie.objects.select_for_update().filter(pk=tie_id).first()
            if tie is None or tie.status != PlayoffTie.Status.PLAYING:
                continue
            for game in tie.games.filter(ranks__isnull=True).select_related("match"):
                if game.match is not None and game.match.status == Match.Status.FINISHED:
                    playoff_match_finished(game.match)
                    continue
                losers = _deadline_losers(game)
                game.ranks = [1 if reg in losers else 0 for reg in game.seat_order]
                game.forfeited, game.reason = list(losers), "deadline"
                game.save()
                _end_match(game, losers)
            tie.refresh_from_db()
            _maybe_decide(tie, now)
            done += 1
    return done
