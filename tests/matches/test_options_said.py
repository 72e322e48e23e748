"""A joining player knows what they join: a waiting match's options, in the words of its options
form, on the lobby's line, on the match's page, in a challenge and on the invitation; and the
waiting match's page offers the lobby's Join to whom the lobby would offer it."""

from __future__ import annotations

import re

import pytest

from games.matches import services
from games.matches.models import Match
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db

ADMIRAL_EXPERT = {"mode": "amiral", "variants": {"elite": 2, "expert": True}}


def hexpanse_match(creator, **options):
    return services.match_create(
        system="hexpanse", config=dict(ADMIRAL_EXPERT), seat_users=[creator, None], **options
    )


def said(html: str) -> str:
    found = re.search(r'data-testid="match-options">([^<]*)<', html)
    return found.group(1) if found else ""


@pytest.fixture
def anna():
    return make_player("anna")


def test_the_lobby_line_says_the_options_in_the_readers_language(anna):
    hexpanse_match(anna)
    carla = make_player("carla")
    english = said(client_for(carla).get("/").content.decode())
    assert "Difficulty: Admiral" in english
    assert "Expert: 6 units and two drafted minor factions" in english
    assert "Elite units per player: 2" in english
    assert "Alien" not in english  # a variant the match does not play is not said
    dora = make_player("dora", language="fr")
    french = said(client_for(dora, language="fr").get("/").content.decode())
    assert "Difficulté : Amiral" in french


def test_the_waiting_match_page_says_the_options_and_offers_join(anna):
    match = hexpanse_match(anna)
    carla = make_player("carla")
    client = client_for(carla)
    html = client.get(f"/m/{match.pk}/").content.decode()
    assert "Difficulty: Admiral" in said(html)
    assert 'data-testid="join-match"' in html
    response = client.post(f"/m/{match.pk}/join", {"back": "match"})
    assert response.status_code == 302
    assert match.seats.filter(user=carla).exists()
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_no_join_on_ones_own_a_full_or_a_private_match(anna):
    own = hexpanse_match(anna)
    html = client_for(anna).get(f"/m/{own.pk}/").content.decode()
    assert 'data-testid="join-match"' not in html
    private = hexpanse_match(anna, is_public=False)
    invited = hexpanse_match(anna, invite_seats=frozenset({1}))
    carla = client_for(make_player("carla"))
    for match in (private, invited):
        html = carla.get(f"/m/{match.pk}/").content.decode()
        assert 'data-testid="join-match"' not in html
    full = hexpanse_match(anna)
    services.match_join(match_id=full.pk, user=make_player("bruno"))
    html = carla.get(f"/m/{full.pk}/").content.decode()
    assert 'data-testid="join-match"' not in html
    assert not said(html)  # the options are said while the match waits for players


def test_a_join_from_the_page_refused_shows_the_page_again_with_the_reason(anna):
    match = hexpanse_match(anna)
    carla = client_for(make_player("carla"))
    services.match_join(match_id=match.pk, user=make_player("bruno"))
    response = carla.post(f"/m/{match.pk}/join", {"back": "match"})
    assert response.status_code == 400
    assert 'id="status-title"' in response.content.decode()  # the match page, not the lobby
    assert "no longer waiting for players" in response.content.decode()


def test_the_invitation_and_a_challenge_say_the_options(anna):
    match = hexpanse_match(anna, invite_seats=frozenset({1}))
    html = client_for(make_player("carla")).get(f"/m/{match.pk}/join/{match.invite_token}")
    assert "Difficulty: Admiral" in said(html.content.decode())
    bruno = make_player("bruno")
    services.challenge_create(
        created_by=anna,
        seat_users=[anna, None],
        challenged={1: bruno},
        system="hexpanse",
        config=dict(ADMIRAL_EXPERT),
    )
    mine = client_for(bruno).get("/games/").content.decode()
    assert "Difficulty: Admiral" in said(mine)


def test_a_waiting_seat_names_the_army_the_options_give_it(anna):
    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, None]
    )
    html = client_for(make_player("carla")).get(f"/m/{match.pk}/")
    assert "(Borgo)" in html.content.decode()
