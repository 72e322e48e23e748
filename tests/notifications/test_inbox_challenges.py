"""Answering a challenge from the inbox: its entry carries Accept and Decline, which run the
match's own challenge services (their refusals included) and leave the entry read and without
the buttons. With htmx the inbox is swapped in place; without JavaScript the forms post and
redirect like any other."""

from __future__ import annotations

import pytest

from games.matches import services
from games.matches.models import Match
from games.notifications.models import Notification
from tests.fixtures import challenged_match, client_for, new_match_form

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def entry_of(user, match) -> Notification:
    return Notification.objects.get(
        user=user, match_id=match.pk, kind=Notification.Kind.MATCH_CHALLENGE
    )


def answer(user, note, action: str, **headers):
    return client_for(user, "en").post(f"/notifications/{note.pk}/challenge/{action}", **headers)


def test_the_inbox_entry_of_a_challenge_carries_accept_and_decline(anna, bruno):
    match = challenged_match(anna, bruno)
    html = client_for(bruno, "en").get("/notifications/").content.decode()
    assert f'data-testid="inbox-challenge-{match.pk}"' in html
    note = entry_of(bruno, match)
    assert f'action="/notifications/{note.pk}/challenge/accept"' in html
    assert f'action="/notifications/{note.pk}/challenge/decline"' in html


def test_accepting_from_the_inbox_takes_the_seat_and_the_entry_loses_its_buttons(anna, bruno):
    match = challenged_match(anna, bruno)
    note = entry_of(bruno, match)
    answered = answer(bruno, note, "accept", **HTMX)
    assert answered.status_code == 200
    html = answered.content.decode()
    assert "<html" not in html and 'id="inbox"' in html  # the inbox partial, swapped in place
    assert "Challenge accepted." in html and f'href="/m/{match.pk}/"' in html
    assert f'data-testid="inbox-challenge-{match.pk}"' not in html
    match.refresh_from_db()
    assert match.seats.get(index=1).user == bruno
    assert match.status == Match.Status.ACTIVE
    note.refresh_from_db()
    assert note.read_at is not None


def test_accepting_without_javascript_goes_to_the_match(anna, bruno):
    match = challenged_match(anna, bruno)
    answered = answer(bruno, entry_of(bruno, match), "accept")
    assert answered.status_code == 302 and answered["Location"] == f"/m/{match.pk}/"
    assert match.seats.get(index=1).user == bruno


def test_declining_from_the_inbox_calls_the_duel_off_and_tells_the_challenger(anna, bruno):
    match = challenged_match(anna, bruno)
    note = entry_of(bruno, match)
    browser = client_for(bruno, "en")
    answered = browser.post(f"/notifications/{note.pk}/challenge/decline")
    assert answered.status_code == 302 and answered["Location"] == "/notifications/"
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    assert Notification.objects.filter(user=anna, kind=Notification.Kind.DECLINED).exists()
    page = browser.get("/notifications/").content.decode()
    assert "Challenge declined." in page
    assert f'data-testid="inbox-challenge-{match.pk}"' not in page


def test_someone_elses_entry_is_refused_and_changes_nothing(anna, bruno):
    match = challenged_match(anna, bruno)
    note = entry_of(bruno, match)
    for action in ("accept", "decline"):
        assert answer(anna, note, action).status_code == 404
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN and match.seats.get(index=1).user is None
    note.refresh_from_db()
    assert note.read_at is None


def test_answering_twice_is_refused_with_409_and_its_reason(anna, bruno):
    match = challenged_match(anna, bruno)
    note = entry_of(bruno, match)
    assert answer(bruno, note, "decline", **HTMX).status_code == 200
    for action in ("decline", "accept"):
        again = answer(bruno, note, action, **HTMX)
        assert again.status_code == 409
        assert "This challenge was withdrawn or declined" in again.content.decode()
    plain = answer(bruno, note, "accept")
    assert plain.status_code == 409 and "<html" in plain.content.decode()


def test_accepting_after_accepting_says_it_was_answered_already(anna, bruno):
    match = challenged_match(anna, bruno)
    note = entry_of(bruno, match)
    assert answer(bruno, note, "accept", **HTMX).status_code == 200
    again = answer(bruno, note, "decline", **HTMX)
    assert again.status_code == 409
    assert "You have answered this challenge already." in again.content.decode()


def test_a_withdrawn_challenges_old_entry_shows_no_buttons(anna, bruno):
    match = challenged_match(anna, bruno)
    note = entry_of(bruno, match)
    note.read_at = note.created_at  # read: the withdrawal's entry does not replace it
    note.save()
    services.challenge_withdraw(match_id=match.pk, user=anna)
    page = client_for(bruno, "en").get("/notifications/").content.decode()
    assert f'data-testid="inbox-challenge-{match.pk}"' not in page
    assert answer(bruno, note, "accept").status_code == 409


def test_an_unknown_answer_is_not_found(anna, bruno):
    match = challenged_match(anna, bruno)
    assert answer(bruno, entry_of(bruno, match), "maybe").status_code == 404


def test_the_buttons_speak_french_to_a_french_reader(anna, bruno):
    from games.accounts.selectors import profile_for

    profile = profile_for(bruno)
    profile.language = "fr"
    profile.save()
    challenged_match(anna, bruno)
    html = client_for(bruno, "fr").get("/notifications/").content.decode()
    assert ">Accepter</button>" in html and ">Refuser</button>" in html


def test_a_game_that_asks_for_a_choice_first_sends_the_accepting_player_to_it(anna, bruno):
    # A skirmish seat is taken with an army list: accepting goes to that page, which seats him.
    lobby = new_match_form(
        "skirmish",
        **{"skirmish-board": "small", "skirmish-scenario": "looting"},
        **{"skirmish-points_limit": "400", "seat_1": "named", "opponent_1": "bruno"},
    )
    assert client_for(anna, "en").post("/new/", lobby).status_code == 302
    match = Match.objects.get()
    note = entry_of(bruno, match)
    plain = answer(bruno, note, "accept")
    assert plain.status_code == 302 and plain["Location"] == f"/armies/join/{match.pk}/"
    htmx = answer(bruno, note, "accept", **HTMX)
    assert htmx["HX-Redirect"] == f"/armies/join/{match.pk}/"
    assert match.seats.get(index=1).user is None  # not seated until he picks his list
