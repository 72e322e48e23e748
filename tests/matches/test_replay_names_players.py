"""The replay names each seat's player beside what the site says of the seat (its army or
faction), as the match page does: Hexpanse's move 0 read « ? pas encore de faction vie 6 » for
every seat, nobody named."""

from __future__ import annotations

import re

import pytest

from games.matches import services
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db


# The five systems (other test modules add demo systems to the registry, whose sites list no
# seat).
SYSTEMS = ("hexpanse", "infinity", "neuroshima", "paintball", "skirmish")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_systems_replay_names_the_players(system):
    anna, bruno = make_player("anna"), make_player("bruno")
    match = services.match_create(system=system, config={}, seat_users=[anna, bruno])
    services.match_resign(match_id=match.pk, user=bruno)
    html = client_for(make_player("carla")).get(f"/m/{match.pk}/replay/?ply=0").content.decode()
    lines = re.findall(r'data-testid="replay-seat-\d+">(.*?)</li>', html, re.S)
    assert lines, "the replay lists the seats"
    assert "anna" in lines[0]
    assert "bruno" in lines[1]
