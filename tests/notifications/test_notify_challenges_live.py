"""My games follows the challenges waiting for the player's answer: when one arrives or is
withdrawn, the challenged player's sockets (their user group) hear `{"type": "challenges"}`
and the page redraws its list (static/js/site.js). Nobody else hears it: neither the
challenger nor a bystander learns of a challenge that is not theirs."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.matches import services
from tests.fixtures import challenged_match, client_for, make_player
from tests.notifications.test_notify_consumer import communicator, own_loop

pytestmark = pytest.mark.django_db(transaction=True)
CHALLENGES = {"type": "challenges"}


@pytest.fixture
def carla(db):
    return make_player("carla")


async def _everything(socket) -> list[dict]:
    """What the socket heard until it falls silent."""
    heard = []
    while not await socket.receive_nothing(timeout=0.5):
        heard.append(await socket.receive_json_from())
    return heard


@own_loop
async def test_a_challenge_and_its_withdrawal_are_told_to_the_challenged_player_only(
    anna, bruno, carla
):
    sockets = {name: communicator(user) for name, user in (("anna", anna), ("bruno", bruno))}
    sockets["carla"] = communicator(carla)
    for socket in sockets.values():
        assert (await socket.connect())[0]

    match = await database_sync_to_async(challenged_match)(anna, bruno)
    heard = {name: await _everything(socket) for name, socket in sockets.items()}
    assert CHALLENGES in heard["bruno"]
    assert CHALLENGES not in heard["anna"] and heard["carla"] == []

    await database_sync_to_async(services.challenge_withdraw)(match_id=match.pk, user=anna)
    heard = {name: await _everything(socket) for name, socket in sockets.items()}
    assert CHALLENGES in heard["bruno"]
    assert CHALLENGES not in heard["anna"] and heard["carla"] == []
    for socket in sockets.values():
        await socket.disconnect()


def test_my_games_redraws_its_list_when_told_of_challenges(anna):

    html = client_for(anna, "en").get("/games/").content.decode()
    assert 'hx-trigger="turns-changed from:body, challenges-changed from:body"' in html
