"""Reads about leagues, keyword-only."""

from __future__ import annotations

from django.db.models import Prefetch, Q

from games.accounts.invitations import invitations_waiting
from games.accounts.names import with_current_names
from games.league import charts, ratings, standings
from games.league.models import (
    Badge,
    Division,
    League,
    LeagueInvitation,
    Pairing,
    Rating,
    RatingHistory,
    Registration,
    Result,
    Round,
    Season,
    SeasonLog,
)
from games.league.tables import (
    division_adjustments,
    division_points,
    registration_row,
    result_game,
)
from games.matches.models import Match
from games.matches.systems import get_site

# How many points a player's rating chart draws (their latest games).
CHART_POINTS = 60


def is_organiser(*, league: League, user) -> bool:
    return bool(user and user.is_authenticated and league.organisers.filter(pk=user.pk).exists())


def visible_leagues(*, user):
    """Public leagues and those of which `user` is a member: an organiser, an accepted invitee,
    or a player who ever registered (games/league/services/invitations.py)."""
    if user is None or not user.is_authenticated:
        return League.objects.filter(is_public=True)
    return League.objects.filter(
        Q(is_public=True)
        | Q(organisers=user)
        | Q(seasons__registrations__user=user)
        | Q(invitations__user=user, invitations__status=LeagueInvitation.Status.ACCEPTED)
    ).distinct()


def league_list(*, user) -> list[League]:
    return list(visible_leagues(user=user).order_by("name"))


def is_member(*, league: League, user) -> bool:
    return bool(
        user is not None
        and user.is_authenticated
        and (
            league.organisers.filter(pk=user.pk).exists()
            or LeagueInvitation.objects.filter(
                league=league, user=user, status=LeagueInvitation.Status.ACCEPTED
            ).exists()
            or Registration.objects.filter(season__league=league, user=user).exists()
        )
    )


def league_visible(*, league: League, user) -> bool:
    return league.is_public or is_member(league=league, user=user)


def pending_invitations(*, user) -> list[LeagueInvitation]:
    return invitations_waiting(LeagueInvitation, user=user, place="league")


def division_games(*, division: Division) -> list[standings.Game]:
    return [
        result_game(r)
        for r in Result.objects.filter(pairing__round__division=division).order_by("pk")
    ]


def division_table(*, division: Division) -> list[standings.Ranked]:
    """Ordered table: stored counters plus the organisers' standing adjustments (bonus and
    penalty points), tie-breakers computed now (pure `standings.table`). The season's end and
    the playoffs' seeding read this order too."""
    regs = list(division.registrations.order_by("seed", "pk"))
    rows = {r.pk: registration_row(r) for r in regs}
    for reg_id, adjustments in division_adjustments(division).items():
        if reg_id in rows:
            rows[reg_id].adjustment = float(sum(a.points for a in adjustments))
    return standings.table(
        rows,
        division_games(division=division),
        division_points(division),
        division_tiebreakers(division),
    )


def division_tiebreakers(division: Division) -> list[str]:
    """The order its table breaks ties in: the league's when the season started (older
    divisions: the league's now, never edited before they were made), else the default."""
    return list(division.tiebreakers or division.season.league.tiebreakers or standings.TIEBREAKERS)


def standings_recompute(*, division: Division) -> dict:
    """The table's counters rebuilt from the results alone (to check the stored ones)."""
    regs = list(division.registrations.order_by("seed", "pk").values_list("pk", flat=True))
    return standings.rows_from_games(
        regs, division_games(division=division), division_points(division)
    )


def division_table_view(*, division: Division) -> list[dict]:
    league = division.season.league
    # The players' profiles come along (a join): the table draws their pictures from them.
    regs = {r.pk: r for r in division.registrations.select_related("user__profile")}
    table = division_table(division=division)
    adjustments = division_adjustments(division)
    n = len(table)
    last_tier = division.season.divisions.order_by("-tier").values_list("tier", flat=True).first()
    out = []
    for entry in table:
        zone = ""
        if division.tier > 1 and entry.position <= league.promote_count:
            zone = "up"
        elif division.tier < (last_tier or 1) and entry.position > n - league.relegate_count:
            zone = "down"
        out.append(
            {
                "entry": entry,
                "reg": regs[entry.player],
                "row": entry.row,
                "zone": zone,
                "adjustments": adjustments.get(entry.player, []),
                "adjustment_text": standings.signed(entry.row.adjustment)
                if entry.row.adjustment
                else "",
            }
        )
    return out


def _shown_armies(league: League, game) -> list[str]:
    """Each seat's army list, once the game's match has started and when the system's lists
    are public (never before: a list stays its player's until the match begins)."""
    from games.engine import registry
    from games.league.services.armies import army_label, league_uses_lists

    if game.match_id is None or not league_uses_lists(league):
        return []
    if not getattr(registry.get_system(league.system), "army_lists_public", True):
        return []
    armies = (game.match.config or {}).get("armies") or []
    return [army_label(league, a) for a in armies]


def _pairings_with_games():
    """Pairings with their games, results, matches (their options: no engine state, which
    these lists never draw) and players: five queries however many pairings."""
    return Pairing.objects.prefetch_related(
        Prefetch("games__match", queryset=Match.objects.defer("snapshot")),
        "games__result",
        "players__user",
    )


def _pairing_view(p: Pairing, league: League) -> dict:
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
                # Left with no result when its season was closed: the pairing says so
                # (season_end.py); a finished game of a called-off duel keeps its result.
                "called_off": result is None and p.status == Pairing.Status.CALLED_OFF,
                # Who resigned: the scores a resignation leaves (« 0 – 0 ») read like a draw.
                "resigned": [
                    regs.get(pk)
                    for pk, rank in zip(result.players, result.ranks, strict=True)
                    if rank == max(result.ranks)
                ]
                if result and result.reason == "resign" and len(set(result.ranks)) > 1
                else [],
                "armies": list(
                    zip(
                        [regs.get(pk) for pk in g.seat_order],
                        _shown_armies(league, g),
                        strict=False,
                    )
                ),
                "winners": [
                    regs.get(pk)
                    for pk, rank in zip(result.players, result.ranks, strict=True)
                    if rank == min(result.ranks) and pk not in result.forfeited
                ]
                if result and len(set(result.ranks)) > 1
                else [],
            }
        )
    return {"pairing": p, "players": [regs.get(pk) for pk in p.player_order], "games": games}


def round_pairings(*, rnd: Round) -> list[dict]:
    league = rnd.division.season.league
    pairings = _pairings_with_games().filter(round=rnd).order_by("board")
    return [_pairing_view(p, league) for p in pairings]


def my_pairings(*, user, season: Season) -> list[dict]:
    """The user's pairings of the season's published rounds, round by round (in the rounds'
    order), in one read for the whole season whatever the number of rounds."""
    pairings = (
        _pairings_with_games()
        .filter(
            round__division__season=season,
            round__published_at__isnull=False,
            players__user=user,
        )
        .distinct()
        .select_related("round")
        .order_by("round__division", "round__number", "board")
    )
    blocks: dict[int, dict] = {}
    for p in pairings:
        shown = _pairing_view(p, season.league)
        if any(reg and reg.user_id == user.pk for reg in shown["players"]):
            blocks.setdefault(p.round_id, {"round": p.round, "pairings": []})
            blocks[p.round_id]["pairings"].append(shown)
    return list(blocks.values())


def season_log(*, season: Season, limit: int | None = 50) -> list[SeasonLog]:
    """The newest lines of the season's log, each naming its players by their current names (a
    deleted player's « joueur supprimé <n> »: games/accounts/names.py)."""
    lines = season.log.select_related("actor")
    log = list(lines[:limit] if limit is not None else lines)
    with_current_names(entry.data for entry in log)
    return log


def season_deadlines(*, season: Season) -> list[Round]:
    return list(
        Round.objects.filter(division__season=season)
        .select_related("division")
        .order_by("deadline", "division__tier")
    )


def league_profile_context(user, *, viewer) -> dict:
    """Ratings per system (number with uncertainty, SVG history), badges, season history: the
    seasons and badges only of leagues `viewer` may see (a league by invitation shows nothing
    of itself, not even who plays in it, to anyone but its members)."""
    leagues = visible_leagues(user=viewer)
    systems = []
    for r in Rating.objects.filter(user=user).order_by("system"):
        # The chart draws the last CHART_POINTS points, the start (before any game) first while
        # there are fewer games than that: only those rows are read, however many games.
        latest = RatingHistory.objects.filter(user=user, system=r.system).order_by("-at", "-pk")
        history = list(latest.only("at", "mu", "sigma")[:CHART_POINTS])[::-1]
        first = [(charts.start_label(), ratings.MU, ratings.SIGMA)]
        start = first if len(history) < CHART_POINTS else []
        points = start + [(charts.day_label(h.at), h.mu, h.sigma) for h in history]
        systems.append(
            {
                "system": r.system,
                "system_name": get_site(r.system).name,
                "ordinal": round(ratings.ordinal(r.mu, r.sigma), 1),
                "mu": round(r.mu, 1),
                "sigma": round(r.sigma, 1),
                "games": r.games,
                "chart": charts.rating_chart(points),
            }
        )
    seasons = (
        Registration.objects.filter(user=user, season__league__in=leagues)
        .select_related("season__league", "division")
        .order_by("-season__started_at", "-pk")
    )
    return {
        "league_ratings": systems,
        "league_badges": list(
            Badge.objects.filter(user=user, division__season__league__in=leagues).select_related(
                "division__season__league"
            )
        ),
        "league_seasons": list(seasons),
    }


def season_playoffs(*, season: Season) -> list[dict]:
    """Each playoff of the season as its bracket drawing (games/league/bracket.py places the
    boxes; league/_bracket.html draws them): who meets whom, seeds, winners, the first game."""
    from games.league import bracket
    from games.league.models import Playoff, PlayoffTie

    out = []
    for playoff in Playoff.objects.filter(season=season).select_related("division", "champion"):
        regs = {r.pk: r for r in season.registrations.select_related("user")}
        ties = {
            (t.round_number, t.slot, t.third_place): t
            for t in PlayoffTie.objects.filter(playoff=playoff).prefetch_related("games")
        }
        boxes, paths, (width, height) = bracket.layout(playoff.size, playoff.third_place)
        rounds = bracket.rounds_in(playoff.size)
        drawn = []
        for box in boxes:
            tie = ties.get((box.round_number, box.slot, box.third_place))
            if tie is None:
                continue
            games = list(tie.games.all())
            sides = []
            for reg_id, seed, y in (
                (tie.player_a_id, tie.seed_a, box.y + 17),
                (tie.player_b_id, tie.seed_b, box.y + 37),
            ):
                reg = regs.get(reg_id)
                sides.append(
                    {
                        "name": reg.user.username if reg else "",
                        "seed": seed,
                        "won": bool(reg_id and tie.winner_id == reg_id),
                        "y": y,
                    }
                )
            drawn.append(
                {
                    "tie": tie,
                    "box": box,
                    "sides": sides,
                    "final": box.round_number == rounds and not box.third_place,
                    "match_id": games[0].match_id if games else None,
                    "label_y": box.y - 4,
                    "text_x": box.x + 6,
                    "split_y": box.y + bracket.BOX_H / 2,
                    "x2": box.x + bracket.BOX_W,
                }
            )
        out.append(
            {
                "playoff": playoff,
                "champion": regs.get(playoff.champion_id),
                "boxes": drawn,
                "paths": paths,
                "view_w": width + 4,
                "view_h": height + 24,
                "box_w": bracket.BOX_W,
                "box_h": bracket.BOX_H,
            }
        )
    return out


def season_followable(season_id: int, user) -> bool:
    """Whether `user` may follow the season's live page (notifications.pages)."""
    season = Season.objects.select_related("league").filter(pk=season_id).first()
    return season is not None and league_visible(league=season.league, user=user)
