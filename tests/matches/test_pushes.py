"""The partials pushed on a reader's socket (games/matches/pushes.py) are the refetch's: drawn
from that reader's view, with forms that carry no CSRF field (the page holds the token) and
words in their language."""

from __future__ import annotations

from django.conf import settings
from django.middleware.csrf import _get_new_csrf_string

from games.engine.registry import get_system
from games.matches import services
from games.matches.pushes import match_changes_for_socket, match_push_seen


def _move(match, user):
    system = get_system(match.system)
    state = system.state_from_json(match.snapshot)
    (seat,) = system.to_act(state)
    services.match_submit_move(
        match_id=match.pk,
        user=user,
        move_data=system.legal_moves(state, seat)[0],
        expected_version=match.version,
    )
    match.refresh_from_db()


def test_a_push_s_forms_carry_no_csrf_field_the_page_s_token_serves(claim_match, anna, bruno):
    """Like the refetch it stands for, a push is swapped into a page that holds the token
    (hexsite/templatetags/page_csrf.py; issue 14: 64 random characters per form)."""
    _move(claim_match, anna)
    secret = _get_new_csrf_string()
    scope = {"user": bruno, "cookies": {settings.CSRF_COOKIE_NAME: secret}, "headers": []}
    version, html = match_changes_for_socket(
        scope=scope, match_id=claim_match.pk, since=claim_match.version - 1
    )
    assert version == claim_match.version
    assert '<form method="post"' in html and "csrfmiddlewaretoken" not in html


def test_a_push_speaks_the_reader_s_language(claim_match, anna, bruno):
    _move(claim_match, anna)
    for language, words in (("fr", "Proposer"), ("en", "Offer a draw")):
        scope = {"user": bruno, "headers": [(b"accept-language", language.encode())]}
        html = match_changes_for_socket(
            scope=scope, match_id=claim_match.pk, since=claim_match.version - 1
        )[1]
        assert words in html


def test_nobody_gets_a_push_of_a_private_match_they_do_not_play(anna, bruno, carla):
    match = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[anna, bruno], is_public=False
    )
    _move(match, anna)
    found = match_changes_for_socket(
        scope={"user": carla}, match_id=match.pk, since=match.version - 1
    )
    assert found is None


def test_a_push_writes_nothing_then_its_seen_mark_reads_the_inbox_as_the_refetch_does(
    claim_match, anna, bruno
):
    from games.notifications.models import Notification
    from games.notifications.services import notify_user

    _move(claim_match, anna)
    note = notify_user(
        user_id=bruno.pk,
        kind=Notification.Kind.DRAW_OFFER,
        match_id=claim_match.pk,
        params={"system": claim_match.system, "by": "anna"},
        channels=False,
    )
    seat = claim_match.seats.get(user=bruno)
    before = seat.last_seen_version
    version, _html = match_changes_for_socket(
        scope={"user": bruno, "headers": []}, match_id=claim_match.pk, since=claim_match.version - 1
    )
    note.refresh_from_db()
    seat.refresh_from_db()
    assert note.read_at is None and seat.last_seen_version == before  # not sent yet
    match_push_seen(match_id=claim_match.pk, user=bruno, version=version)  # the push was sent
    note.refresh_from_db()
    assert note.read_at is not None
    seat.refresh_from_db()
    assert seat.last_seen_version == claim_match.version
