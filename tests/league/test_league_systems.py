"""The league asks the system, never names it: duel configs drawn from a seeded rng, teams rated
together."""

from __future__ import annotations

import pytest
from django.utils import translation

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


def test_a_preset_brings_its_systems_game_and_format_and_leaves_the_policies_to_the_organiser(
    organiser,
):
    with translation.override("en"):  # the rules text is written in the organiser's language
        league = services.league_create(
            name="ND",
            created_by=organiser,
            preset="neuroduel",
            system="claim",  # a preset fixes its game: ignored
            division_size=4,  # and its format: ignored
            vacation_policy="forbidden",  # the policies stay the organiser's
            is_public=False,
        )
    assert league.system == "neuroshima"  # the system whose site offers the preset
    assert (league.division_size, league.mirrored_duels) == (8, True)
    assert (league.vacation_policy, league.is_public) == ("forbidden", False)
    assert "HQ-point" in league.rules_text


def test_an_unknown_preset_is_refused():
    from games.refusals import Refused

    with pytest.raises(Refused):
        services.league_create(name="X", created_by=None, preset="no-such-format")
