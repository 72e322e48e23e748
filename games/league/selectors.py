"""Reads about leagues, keyword-only."""

from __future__ import annotations

from django.db.models import Q

from games.league import charts, ratings, standings
from games.league.models import (
    Badge,
    Division,
    League,
    Pairing,
    Rating,
    RatingHistory,
    Registration,
    Result,
    Round,
    Season,
)
from games.matches.systems import get_site


def is_organiser(*, league: League, user) -> bool:
    return bool(user and user.is_authenticated and league.organisers.filter(pk=user.pk).exists())


def league_list(*, user) -> list[League]:
    qs = League.objects.all()
    if user.is_authenticated:
        qs = qs.filter(
            Q(is_public=True) | Q(organisers=user) | Q(seasons__registrations__user=user)
        )
    else:
        qs = qs.filter(is_public=True)
    return list(qs.distinct().order_by("name"))


def league_visible(*, league: League, user) -> bool:
    if league.is_public:
        return True
    return bool(
        user.is_authenticated
        and (
            league.organisers.filter(pk=user.pk).exists()
            or Registration.objects.filter(season__league=league, user=user).exists()
        )
    )


def _points(division: Division) -> standings.Points:
    from games.league.services.results import _points

    return _points(division)


def division_games(*, division: Division) -> list[standings.Game]:
    from games.league.services.results import _game

    return [
        _game(r) for r in Result.objects.filter(pairing__round__division=division).order_by("pk")
    ]


def division_table(*, division: Division) -> list[standings.Ranked]:
    """Ordered table: stored counters, tie-breakers computed now (pure `standings.table`)."""
    from games.league.services.results import _row

    regs = list(division.registrations.order_by("seed", "pk"))
    rows = {r.pk: _row(r) for r in regs}
    tiebreakers = division.season.league.tiebreakers or list(standings.TIEBREAKERS)
    return standings.table(rows, division_games(division=division), _points(division), tiebreakers)


def standings_recompute(*, division: Division) -> dict:
    """The table's counters rebuilt from the results alone (to check the stored ones)."""
    regs = list(division.registrations.order_by("seed", "pk").values_list("pk", flat=True))
    return standings.rows_from_games(regs, division_games(division=division), _points(division))


def division_table_view(*, division: Division) -> list[dict]:
    league = division.season.league
    regs = {r.pk: r for r in division.registrations.select_related("user")}
    table = division_table(division=division)
    n = len(table)
    last_tier = division.season.divisions.order_by("-tier").values_list("tier", flat=True).first()
    out = []
    for entry in table:
        zone = ""
        if division.tier > 1 and entry.position <= league.promote_count:
            zone = "up"
        elif division.tier < (last_tier or 1) and entry.position > n - league.relegate_count:
            zone = "down"
        out.append({"entry": entry, "reg": regs[entry.player], "row": entry.row, "zone": zone})
    return out


def round_pairings(*, rnd: Round) -> list[dict]:
    pairings = (
        Pairing.objects.filter(round=rnd)
        .prefetch_related("games__match", "games__result", "players__user")
        .order_by("board")
    )
    out = []
    for p in pairings:
        regs = {r.pk: r for r in p.players.all()}
        games = []
        for g in p.games.all():
            result = getattr(g, "result", None)
            games.append(
                {
                    "game": g,
                    "seats": [regs.get(pk) for pk in g.seat_order],
                    "result": result,
                    "forfeit": bool(result and result.forfeited),
                    "winners": [
                        regs.get(pk)
                        for pk, rank in zip(result.players, result.ranks, strict=True)
                        if rank == min(result.ranks) and pk not in result.forfeited
                    ]
                    if result and len(set(result.ranks)) > 1
                    else [],
                }
            )
        out.append(
            {"pairing": p, "players": [regs.get(pk) for pk in p.player_order], "games": games}
        )
    return out


def my_pairings(*, user, season: Season) -> list[dict]:
    rounds = Round.objects.filter(
        division__season=season, published_at__isnull=False, pairings__players__user=user
    ).distinct()
    return [
        {
            "round": r,
            "pairings": [
                x
                for x in round_pairings(rnd=r)
                if any(p and p.user_id == user.pk for p in x["players"])
            ],
        }
        for r in rounds
    ]


def season_deadlines(*, season: Season) -> list[Round]:
    return list(
        Round.objects.filter(division__season=season)
        .select_related("division")
        .order_by("deadline", "division__tier")
    )


def league_profile_context(user) -> dict:
    """Ratings per system (number with uncertainty, SVG history), badges, season history."""
    systems = []
    for r in Rating.objects.filter(user=user).order_by("system"):
        history = RatingHistory.objects.filter(user=user, system=r.system).order_by("at", "pk")
        points = [("", ratings.MU, ratings.SIGMA)] + [
            (h.at.date().isoformat(), h.mu, h.sigma) for h in history
        ]
        systems.append(
            {
                "system": r.system,
                "system_name": get_site(r.system).name,
                "ordinal": round(ratings.ordinal(r.mu, r.sigma), 1),
                "mu": round(r.mu, 1),
                "sigma": round(r.sigma, 1),
                "games": r.games,
                "chart": charts.rating_chart(points[-60:]),
            }
        )
    seasons = (
        Registration.objects.filter(user=user)
        .select_related("season__league", "division")
        .order_by("-season__started_at", "-pk")
    )
    return {
        "league_ratings": systems,
        "league_badges": list(
            Badge.objects.filter(user=user).select_related("division__season__league")
        ),
        "league_seasons": list(seasons),
        "league_user": user,
    }
