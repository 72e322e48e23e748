"""Site ratings as a fold over the ledger of rated games (models.RatedGame).

A game normally lands last and moves its players' ratings at once. A game placed earlier (a
result that came in late) or corrected replays the ledger from its place on: every later
game's history rows are dropped, the players involved go back to their last rating before
it, and the games are applied again in order. Only the players of those games move, so the
outcome is exactly that of a replay from scratch (`ratings_from_scratch`)."""

from __future__ import annotations

from django.db.models import Q

from games.engine import registry
from games.league import ratings
from games.league.models import RatedGame, Rating, RatingHistory
from games.matches.selectors import match_no_show_seats


def _teams(match, seats: int) -> list[list[int]]:
    """Who wins and loses together, as the match's system says (protocol `teams`), without
    the teams of players who never showed up: a seat that lost on time without a move of its
    own (lichess aborts such games; OGS #525) leaves its whole team out of the ratings, since
    its teammates played one short. The others are rated among themselves: a four-player
    game with one no-show counts for the three who played; a duel does not count."""
    absent = match_no_show_seats(match=match)
    teams = registry.get_system(match.system).teams(match.config or {}, seats)
    return [list(t) for t in teams if not absent.intersection(t)]


def _updates(game: RatedGame, current) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) per user for one game, from `current(user_id) -> (mu, sigma)`.

    One person holding two seats of a team counts for both seats in the team's strength (each
    seat is theirs to play) but moves once: their seats start equal, so the model gives them
    the same new rating."""
    users = game.users
    new = ratings.rate(
        [[current(users[i]) for i in team] for team in game.teams],
        [min(game.ranks[i] for i in team) for team in game.teams],
    )
    out: dict[int, tuple[float, float]] = {}
    for team, values in zip(game.teams, new, strict=True):
        for i, value in zip(team, values, strict=True):
            out.setdefault(users[i], value)
    return out


def _apply(game: RatedGame) -> None:
    rows = {}
    for user_id in sorted({game.users[i] for team in game.teams for i in team}):
        rows[user_id], _created = Rating.objects.select_for_update().get_or_create(
            user_id=user_id,
            system=game.system,
            defaults={"mu": ratings.MU, "sigma": ratings.SIGMA},
        )
    for user_id, (mu, sigma) in _updates(game, lambda u: (rows[u].mu, rows[u].sigma)).items():
        row = rows[user_id]
        row.mu, row.sigma, row.games = mu, sigma, row.games + 1
        row.save(update_fields=["mu", "sigma", "games", "updated_at"])
        RatingHistory.objects.create(
            user_id=user_id,
            system=game.system,
            mu=mu,
            sigma=sigma,
            match_id=game.match_id,
            at=game.at,
        )


def _from_here(game: RatedGame):
    return RatedGame.objects.filter(system=game.system).filter(
        Q(at__gt=game.at) | Q(at=game.at, pk__gte=game.pk)
    )


def rating_record(*, match, ranks: list, system: str, at) -> RatedGame | None:
    """A game played between people counts for their ratings, once (None: a seat without a
    person, ranks that do not fit, counted already, or fewer than two teams that showed up)."""
    seats = sorted(match.seats.all(), key=lambda s: s.index)
    users = [s.user_id for s in seats]
    if any(u is None for u in users) or len(users) != len(ranks) or len(users) < 2:
        return None
    if RatedGame.objects.filter(match=match).exists():
        return None
    teams = _teams(match, len(users))
    if len(teams) < 2:
        return None
    game = RatedGame.objects.create(
        system=system,
        match=match,
        at=at,
        users=users,
        teams=teams,
        ranks=list(ranks),
    )
    if _from_here(game).exclude(pk=game.pk).exists():
        ratings_replay_from(game)
    else:
        _apply(game)
    return game


def rating_correct(*, match, ranks: list) -> bool:
    """A corrected result: the game counts with its new ranks, and everything after it is
    replayed. A game never rated (a no-show) stays unrated: ratings follow games played."""
    game = RatedGame.objects.select_for_update().filter(match=match).first()
    if game is None or len(ranks) != len(game.users):
        return False
    if list(ranks) != list(game.ranks):
        game.ranks = list(ranks)
        game.save(update_fields=["ranks"])
        ratings_replay_from(game)
    return True


def ratings_replay_from(game: RatedGame) -> int:
    """Replays the ledger of `game`'s system from `game` on; returns the games replayed."""
    replay = list(_from_here(game).order_by("at", "pk"))
    users = {u for g in replay for u in g.users}
    matches = [g.match_id for g in replay if g.match_id]
    RatingHistory.objects.filter(system=game.system, match_id__in=matches).delete()
    for row in Rating.objects.select_for_update().filter(system=game.system, user_id__in=users):
        history = RatingHistory.objects.filter(user_id=row.user_id, system=game.system)
        last = history.order_by("-at", "-pk").first()
        row.mu, row.sigma = (last.mu, last.sigma) if last else (ratings.MU, ratings.SIGMA)
        row.games = history.count()
        row.save(update_fields=["mu", "sigma", "games", "updated_at"])
    for g in replay:
        _apply(g)
    return len(replay)


def ratings_from_scratch(*, system: str) -> dict[int, tuple[float, float, int]]:
    """Every player's (mu, sigma, games) from the whole ledger, folded in memory."""
    state: dict[int, tuple[float, float, int]] = {}
    for game in RatedGame.objects.filter(system=system).order_by("at", "pk"):
        current = {u: state.get(u, (ratings.MU, ratings.SIGMA, 0)) for u in game.users}
        skill = {u: (mu, sigma) for u, (mu, sigma, _games) in current.items()}
        for user_id, (mu, sigma) in _updates(game, skill.__getitem__).items():
            state[user_id] = (mu, sigma, current[user_id][2] + 1)
    return state
