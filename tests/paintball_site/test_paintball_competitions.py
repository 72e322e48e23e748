"""Campaigns and the league accept paintball like any system: a campaign battle and a league
duel start paintball matches with the system's own defaults, and their results count."""

from __future__ import annotations

import pytest

from games.campaigns import services as campaigns
from games.campaigns.forms import _system_choices as campaign_systems
from games.league import services as league
from games.league.forms import LeagueForm
from games.league.models import Pairing
from games.matches.models import Match
from tests.campaigns.support import battle_between, declare_both, win

pytestmark = pytest.mark.django_db


def test_a_campaign_on_paintball_plays_its_battles_as_paintball_matches(organiser, make_user):
    assert "paintball" in dict(campaign_systems())
    alice, bob = make_user("pb_alice"), make_user("pb_bob")
    campaign = campaigns.campaign_create(organiser=organiser, name="Été", systems=["paintball"])
    for user in (alice, bob):
        campaigns.campaign_join(campaign_id=campaign.pk, user=user)
    campaigns.campaign_start(campaign_id=campaign.pk, user=organiser)
    campaign.refresh_from_db()
    battle = battle_between(campaign, alice, bob)
    battle = declare_both(battle, alice, "raid", bob, "raid")
    assert battle.match.system == "paintball" and battle.match.status == Match.Status.ACTIVE
    # The scenario is rolled when the match starts, with its seed, and the match plays it.
    assert battle.scenario in ("capture_the_flag", "centre_flag", "elimination", "base_assault")
    assert battle.match.config["scenario"] == battle.scenario
    battle = win(battle, alice, bob)
    # The result counts: the winner now chooses territories, or the battle is resolved.
    assert battle.status in (battle.Status.CHOOSING, battle.Status.RESOLVED)
    assert battle.match.outcome["ranks"] == [0, 1]


def test_a_league_season_on_paintball_pairs_players_into_paintball_duels(organiser, make_user):
    form = LeagueForm()
    assert "paintball" in dict(form.fields["system"].choices)
    created = league.league_create(
        name="Ligue de paintball", created_by=organiser, system="paintball"
    )
    season = league.season_open(league=created, actor=organiser, round_days=7)
    for user in [make_user() for _ in range(4)]:
        league.registration_create(season=season, user=user)
    league.season_start(season=season, actor=organiser)
    pairings = list(Pairing.objects.filter(round__division__season=season))
    assert pairings
    for pairing in pairings:
        games = list(pairing.games.order_by("index"))
        assert games and all(g.match.system == "paintball" for g in games)
        assert all(g.match.status == Match.Status.ACTIVE for g in games)
