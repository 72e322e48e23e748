"""A season's exports, reads only: everything as JSON (the games and the tables, for other
tools and archives) and a Swiss division as FIDE's TRF (games/league/trf.py)."""

from __future__ import annotations

from django.db.models import Prefetch

from games.accounts.names import without_references
from games.league import selectors, trf
from games.league.models import (
    Division,
    Pairing,
    PairingGame,
    PointsAdjustment,
    Result,
    Round,
    Season,
)


def _game_json(game: PairingGame, names: dict) -> dict:
    result = getattr(game, "result", None)
    return {
        "index": game.index,
        "match": game.match_id,
        "seats": [names.get(pk, "") for pk in game.seat_order],
        "ranks": result.ranks if result else None,
        "scores": result.scores if result else None,
        "forfeited": [names.get(pk, "") for pk in result.forfeited] if result else [],
        "reason": result.reason if result else "",
        "corrected": bool(result and result.overridden),
    }


def _adjustment_json(adjustment: PointsAdjustment, names: dict) -> dict:
    return {
        "player": names.get(adjustment.registration_id, ""),
        "points": adjustment.points,
        "reason": adjustment.reason,
        "by": adjustment.by.username if adjustment.by else "",
        "at": adjustment.at.isoformat(),
        "withdrawn_at": adjustment.withdrawn_at.isoformat() if adjustment.withdrawn_at else None,
        "withdraw_reason": adjustment.withdraw_reason,
    }


def _divisions_with_games(season: Season):
    """The season's divisions, tier by tier, each with its rounds (by number), their pairings
    (by board) and their games (by index) with their results: four queries for the whole
    season, where a query per round and per pairing made a season of 135 games 371 queries."""
    games = PairingGame.objects.select_related("result").order_by("index")
    pairings = Pairing.objects.order_by("board").prefetch_related(Prefetch("games", games))
    rounds = Round.objects.order_by("number").prefetch_related(Prefetch("pairings", pairings))
    return season.divisions.order_by("tier").prefetch_related(Prefetch("round_set", rounds))


def season_export(*, season: Season) -> dict:
    """Each standings line has the games' `points`, the organisers' `adjustment` and the
    `total` that orders it; each division lists its adjustments (withdrawn ones too, marked)."""
    league = season.league
    names = {r.pk: r.user.username for r in season.registrations.select_related("user")}
    divisions = []
    for division in _divisions_with_games(season):
        table = selectors.division_table(division=division)
        rounds = []
        for rnd in division.round_set.all():
            pairings = []
            for p in rnd.pairings.all():
                pairings.append(
                    {
                        "board": p.board,
                        "status": p.status,
                        "players": [names.get(pk, "") for pk in p.player_order],
                        "games": [_game_json(g, names) for g in p.games.all()],
                    }
                )
            rounds.append(
                {
                    "number": rnd.number,
                    "deadline": rnd.deadline.isoformat(),
                    "published": rnd.published_at is not None,
                    "pairings": pairings,
                }
            )
        divisions.append(
            {
                "tier": division.tier,
                "name": str(division),
                "format": division.format,
                "standings": [
                    {
                        "position": e.position,
                        "player": names.get(e.player, ""),
                        **e.row.as_dict(),
                        "total": e.row.total,
                        "tiebreaks": e.tiebreaks,
                    }
                    for e in table
                ],
                "adjustments": [
                    _adjustment_json(a, names)
                    for a in PointsAdjustment.objects.filter(
                        registration__division=division
                    ).select_related("by")
                ],
                "rounds": rounds,
            }
        )
    playoffs = []
    for playoff in season.playoffs.prefetch_related("ties__games"):
        playoffs.append(
            {
                "division": playoff.division.tier if playoff.division else None,
                "size": playoff.size,
                "champion": names.get(playoff.champion_id),
                "ties": [
                    {
                        "round": t.round_number,
                        "slot": t.slot,
                        "third_place": t.third_place,
                        "players": [names.get(t.player_a_id), names.get(t.player_b_id)],
                        "seeds": [t.seed_a, t.seed_b],
                        "winner": names.get(t.winner_id),
                        "decided_by": t.decided_by,
                        "games": [
                            {"match": g.match_id, "ranks": g.ranks, "scores": g.scores}
                            for g in t.games.all()
                        ],
                    }
                    for t in playoff.ties.all()
                ],
            }
        )
    return {
        "schema": 1,
        "league": {"name": league.name, "system": league.system},
        "season": {
            "number": season.number,
            "status": season.status,
            "started_at": season.started_at.isoformat() if season.started_at else None,
            "closed_at": season.closed_at.isoformat() if season.closed_at else None,
            "points": {
                "win": float(league.points_win),
                "draw": float(league.points_draw),
                "loss": float(league.points_loss),
            },
        },
        "divisions": divisions,
        "playoffs": playoffs,
        "log": [
            {
                "at": e.at.isoformat(),
                "action": e.action,
                "reason": e.reason,
                "data": without_references(e.data),
            }
            for e in selectors.season_log(season=season, limit=None)
        ],
    }


def _entry(result: Result, reg_id: int, seeds: dict, seat: int) -> trf.RoundEntry:
    opponents = [pk for pk in result.players if pk != reg_id]
    opponent = seeds.get(opponents[0], 0) if opponents else 0
    if result.forfeited:
        return trf.RoundEntry(opponent, "-", "-" if reg_id in result.forfeited else "+")
    mine, theirs = result.ranks[seat], result.ranks[1 - seat]
    code = "=" if mine == theirs else ("1" if mine < theirs else "0")
    return trf.RoundEntry(opponent, "w" if seat == 0 else "b", code)


def division_trf(*, division: Division) -> str | None:
    """The division as TRF16; None for what the format cannot hold (pods of 3–4).

    TRF has no field for an organiser's bonus or penalty points: a player's points are the
    games' (they add up from the round columns, as rating officers check), while the rank is
    the league's, adjustments included. The adjustments themselves are in the JSON export."""
    if division.format != Division.Format.SWISS or division.season.league.pod_size > 2:
        return None
    regs = list(division.registrations.select_related("user").order_by("seed", "pk"))
    seeds = {r.pk: r.seed for r in regs}
    table = {e.player: e for e in selectors.division_table(division=division)}
    entries: dict[int, dict[int, trf.RoundEntry]] = {r.pk: {} for r in regs}
    # Every pairing with its results and their games in three queries, not two per pairing.
    results_in_order = Result.objects.select_related("game").order_by("pk")
    pairings = (
        Pairing.objects.filter(round__division=division)
        .select_related("round")
        .prefetch_related(Prefetch("results", results_in_order))
    )
    for pairing in pairings:
        number = pairing.round.number
        results = list(pairing.results.all())
        if pairing.status == Pairing.Status.BYE and results:
            (reg_id,) = results[0].players
            code = "H" if results[0].reason == "late_join" else "U"
            entries.setdefault(reg_id, {})[number] = trf.RoundEntry(0, "-", code)
            continue
        first = next((r for r in results if r.game is None or r.game.index == 0), None)
        if first is None or len(first.players) != 2:
            continue
        for seat, reg_id in enumerate(first.players):
            entries.setdefault(reg_id, {})[number] = _entry(first, reg_id, seeds, seat)
    players = [
        trf.TrfPlayer(
            start_rank=r.seed,
            name=r.user.username,
            points=table[r.pk].row.points if r.pk in table else 0.0,
            rank=table[r.pk].position if r.pk in table else 0,
            rounds=[entries[r.pk].get(n) for n in range(1, division.rounds + 1)],
        )
        for r in regs
    ]
    season = division.season
    return trf.report(
        name=f"{season.league.name} {season.number} {division}",
        start=season.started_at.strftime("%Y/%m/%d") if season.started_at else "",
        end=season.closed_at.strftime("%Y/%m/%d") if season.closed_at else "",
        rounds=division.rounds,
        players=players,
    )
