"""Live competition pages: a campaign's or a season's page follows its changes on the notify
socket (only a page its reader may see); a result, a correction or a feed line nudges it, and
the nudge carries the page's key, nothing else."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from games.campaigns import services as campaigns
from games.league.models import PairingGame
from games.matches.services import match_resign
from games.notifications.pages import notify_page_changed
from tests.league.conftest import duel_league_played_with_claim, start_season
from tests.notifications.test_notify_consumer import communicator, own_loop

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def private_campaign(make_user):
    owner = make_user("orga")
    campaign = campaigns.campaign_create(organiser=owner, name="Secrète", is_public=False)
    return campaign, owner


@own_loop
async def test_a_stranger_may_not_follow_a_private_campaign_but_its_organiser_may(
    private_campaign, make_user
):
    campaign, owner = private_campaign
    stranger = await database_sync_to_async(make_user)("curieux")
    page = f"campaign.{campaign.pk}"
    comm = communicator(stranger)
    assert (await comm.connect())[0]
    await comm.send_json_to({"follow": page})
    assert await comm.receive_json_from() == {"type": "error", "error": "forbidden", "page": page}
    await database_sync_to_async(notify_page_changed)(kind="campaign", ident=campaign.pk)
    assert await comm.receive_nothing()
    for junk in ("campaign.x", "nope.3", 12, "campaign." + "9" * 40):
        await comm.send_json_to({"follow": junk})
        assert (await comm.receive_json_from())["type"] == "error"
    await comm.disconnect()

    mine = communicator(owner)
    assert (await mine.connect())[0]
    await mine.send_json_to({"follow": page})
    assert await mine.receive_json_from() == {"type": "following", "page": page}
    await database_sync_to_async(notify_page_changed)(kind="campaign", ident=campaign.pk)
    assert await mine.receive_json_from() == {"type": "page", "page": page}
    await mine.disconnect()


@own_loop
async def test_a_league_result_nudges_the_seasons_open_pages_after_the_commit(organiser, make_user):
    def set_up():
        league = duel_league_played_with_claim(organiser)
        season = start_season(league, organiser, [make_user() for _ in range(2)])
        return season, PairingGame.objects.filter(pairing__round__division__season=season).first()

    season, game = await database_sync_to_async(set_up)()
    page = f"league-season.{season.pk}"
    comm = communicator(organiser)
    assert (await comm.connect())[0]
    await comm.send_json_to({"follow": page})
    assert (await comm.receive_json_from())["type"] == "following"

    def lose_and_roll_back():
        with transaction.atomic():
            match = game.match
            match_resign(match_id=match.pk, user=match.seats.get(index=1).user)
            transaction.set_rollback(True)

    await database_sync_to_async(lose_and_roll_back)()
    assert await comm.receive_nothing()  # nothing happened: nobody is told

    def lose():
        match = game.match
        match_resign(match_id=match.pk, user=match.seats.get(index=1).user)

    await database_sync_to_async(lose)()
    message = await comm.receive_json_from()
    assert message == {"type": "page", "page": page}
    await comm.disconnect()
