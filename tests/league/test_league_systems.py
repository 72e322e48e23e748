"""The league asks the system, never names it: duel configs drawn from a seeded rng, teams rated
together."""

from __future__ import annotations

import pytest

from games.engine.registry import get_system
from games.engine.rng import Rng
from games.league import ratings, services
from games.league.models import Pairing, Rating
from games.matches import services as matches
from tests.fixtures import make_player
from tests.league.conftest import start_season

pytestmark = pytest.mark.django_db


def test_a_mirrored_duel_plays_the_configs_the_system_draws_from_the_pairing_seed(
    organiser, make_user
):
    league = services.league_create(name="ND", created_by=organiser, preset="neuroduel")
    season = start_season(league, organiser, [make_user() for _ in range(4)])
    pairings = list(Pairing.objects.filter(round__division__season=season))
    assert pairings
    system = get_system(league.system)
    for p in pairings:
        rng = Rng(f"league:{league.pk}:season:{season.pk}:pairing:{p.pk}")
        expected = system.duel_configs(dict(league.system_config), rng)
        g0, g1 = p.games.order_by("index")
        drawn = (g0.match.config["armies"], g1.match.config["armies"])
        assert drawn == (expected[0]["armies"], expected[1]["armies"])


def test_team_mates_of_an_alliance_are_rated_together():
    players = [make_player(name) for name in ("anna", "bruno", "chloe", "denis")]
    match = matches.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo", "hegemonia", "posterunek"], "mode": "alliance"},
        seat_users=players,
        created_by=players[0],
    )
    matches.match_resign(match_id=match.pk, user=players[1])
    match.refresh_from_db()
    if match.status != "finished":
        matches.match_resign(match_id=match.pk, user=players[3])
    rows = {r.user.username: r.mu for r in Rating.objects.filter(system="neuroshima")}
    start = (ratings.MU, ratings.SIGMA)
    (won, _), (lost, _) = ratings.rate([[start, start], [start, start]], [0, 1])
    assert rows == {"anna": won[0], "chloe": won[0], "bruno": lost[0], "denis": lost[0]}
