"""Issue 13, points 2 and 3: Take back is offered only when it can be done, and a finished
match says who won and why, with Rematch, New game, Next game and the replay."""

from __future__ import annotations

import pytest

from games.accounts.services import profile_set_language
from games.matches import services
from games.matches.models import Match, Seat
from games.notifications.models import Notification
from tests.fixtures import claim, end_turn, start_match

pytestmark = pytest.mark.django_db


def page(client, user, match_id, **headers) -> str:
    client.force_login(user)
    return client.get(
        f"/m/{match_id}/", **{"HTTP_ACCEPT_LANGUAGE": "en", **headers}
    ).content.decode()


def test_take_back_is_offered_only_when_the_player_has_a_move_of_this_turn_to_take_back(
    client, match, anna
):
    assert 'data-testid="take-back"' not in page(client, anna, match.pk)  # start of the turn
    match = claim(match, anna)
    assert 'data-testid="take-back"' in page(client, anna, match.pk)
    services.match_take_back(match_id=match.pk, user=anna, expected_version=match.version)
    assert 'data-testid="take-back"' not in page(client, anna, match.pk)


def test_a_finished_match_tells_each_reader_who_won_and_why(client, match, anna, bruno):
    services.match_resign(match_id=match.pk, user=anna)
    loser = page(client, anna, match.pk)
    assert "You lost." in loser and "anna resigned." in loser
    assert 'data-testid="rematch"' in loser and 'data-testid="replay-link"' in loser
    assert 'data-testid="new-game"' in loser and "?system=claim#new-match" in loser
    assert "You won!" in page(client, bruno, match.pk)
    client.logout()
    spectator = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "bruno won." in spectator and 'data-testid="rematch"' not in spectator


def test_a_finished_match_in_french_reads_as_french(client, match, anna):
    services.match_resign(match_id=match.pk, user=anna)
    profile_set_language(user=anna, language="fr")
    html = page(client, anna, match.pk)
    assert "Vous avez perdu." in html and "anna a abandonné." in html
    assert "Revanche" in html and "Nouvelle partie" in html


def test_a_rematch_swaps_the_seats_and_invites_the_opponent_instead_of_seating_them(
    client, match, anna, bruno, django_capture_on_commit_callbacks
):
    services.match_resign(match_id=match.pk, user=anna)
    client.force_login(anna)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/m/{match.pk}/rematch")
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert response["Location"] == f"/m/{rematch.pk}/"
    assert rematch.system == match.system and rematch.config == match.config
    seats = {s.index: s for s in rematch.seats.all()}
    assert seats[1].user == anna  # anna sat first, now second
    assert seats[0].user is None and seats[0].invite_only  # kept for bruno, who is asked
    assert rematch.status == Match.Status.OPEN
    offer = Notification.objects.get(user=bruno, kind=Notification.Kind.REMATCH)
    assert offer.params["link"] == f"/m/{rematch.pk}/join/{rematch.invite_token}"
    services.match_join(match_id=rematch.pk, user=bruno, invite_token=rematch.invite_token)
    assert Match.objects.get(pk=rematch.pk).status == Match.Status.ACTIVE


def test_a_rematch_against_the_computer_starts_at_once_with_the_same_level(anna):
    first = start_match(anna, None, bot_levels={1: 3})
    services.match_resign(match_id=first.pk, user=anna)
    rematch = services.match_rematch(match_id=first.pk, user=anna)
    seats = {s.index: s for s in rematch.seats.all()}
    assert seats[0].kind == Seat.Kind.BOT and seats[0].bot_level == 3
    assert seats[1].user == anna and rematch.status == Match.Status.ACTIVE


def test_no_rematch_before_the_end_nor_in_a_competition(match, anna):
    with pytest.raises(services.Refused):
        services.match_rematch(match_id=match.pk, user=anna)
    Match.objects.filter(pk=match.pk).update(competition="league:1")
    services.match_resign(match_id=match.pk, user=anna)
    with pytest.raises(services.Refused):
        services.match_rematch(match_id=match.pk, user=anna)


def test_next_game_leads_to_the_next_match_where_it_is_my_turn(client, anna, bruno):
    waiting = end_turn(start_match(anna, bruno), anna)  # now bruno's turn
    mine = start_match(anna, bruno)  # anna's turn
    html = page(client, anna, waiting.pk)
    assert f'href="/games/next/?after={waiting.pk}" data-testid="next-game"' in html
    assert "Waiting for bruno." in html
    assert client.get(f"/games/next/?after={waiting.pk}")["Location"] == f"/m/{mine.pk}/"
    # In the match where it is her turn, no button; and no other game waits for her.
    assert 'data-testid="next-game"' not in page(client, anna, mine.pk)
    assert client.get(f"/games/next/?after={mine.pk}")["Location"] == "/games/"


def test_a_computer_seat_is_named_by_its_level_in_words(client, anna):
    match = start_match(anna, None, bot_levels={1: 1})
    assert "Computer (easy)" in page(client, anna, match.pk)
