"""The log's records kept per (match, version) in the web process (games/matches/version_cache):
every reader still gets only what their seats may see, a newer version is never answered with
an older one's records, and nothing read inside a transaction is kept. These tests commit
(transaction=True): inside a test's transaction the cache is bypassed."""

from __future__ import annotations

import json

import pytest
from django.db import transaction
from django.test import Client

from games.engine.registry import get_system
from games.matches import match_log, match_view, services, version_cache
from games.matches.pushes import match_changes_for_socket

HX = {"HTTP_HX_REQUEST": "true"}

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _empty_cache():
    version_cache.clear()
    yield
    version_cache.clear()


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _key(match) -> tuple:
    return ("records", match.pk, match.seed, match.version)


def _play_first_legal(match, user, seat, client=None):
    system = get_system("claim")
    match.refresh_from_db()
    moves = system.legal_moves(system.state_from_json(match.snapshot), seat)
    move = next(m for m in moves if m["type"] == "claim") if match.version != 2 else moves[-1]
    data = {"move": json.dumps(move), "expected_version": match.version}
    if client is not None:
        assert client.post(f"/m/{match.pk}/move", data, **HX).status_code == 200
    else:
        services.match_submit_move(
            match_id=match.pk, user=user, move_data=move, expected_version=match.version
        )
    match.refresh_from_db()
    return match


def _hidden_from(match, seat) -> set[str]:
    """Tiles `seat` may not see: the other hands and the deck (off the board)."""
    state = match.snapshot
    hidden = set(state["deck"])
    for index, hand in enumerate(state["hands"]):
        if index != seat:
            hidden |= set(hand)
    return hidden - {cell[1] for cell in state["board"] if cell}


def _drawn_by(match, seat) -> set[str]:
    return {
        tile
        for record in match.records.all()
        for event in record.events
        if event["kind"] == "TilesDrawn" and event["data"]["seat"] == seat
        for tile in event["data"]["tiles"]
    } - {cell[1] for cell in match.snapshot["board"] if cell}


def test_a_log_kept_for_one_player_shows_the_other_only_what_they_may_see(
    claim_match, anna, bruno, carla
):
    match = claim_match
    for user, seat in ((anna, 0), (anna, 0), (bruno, 1)):
        _play_first_legal(match, user, seat)
    # anna's page first: the records (with her drawn tiles in full) are now kept.
    anna_page = _client(anna).get(f"/m/{match.pk}/").content.decode()
    assert version_cache.peek(_key(match)) is not None
    assert _drawn_by(match, 0) and all(tile in anna_page for tile in _drawn_by(match, 0))
    for reader, seat in ((bruno, 1), (carla, None)):
        page = _client(reader).get(f"/m/{match.pk}/").content.decode()
        live = _client(reader).get(f"/m/{match.pk}/live", **HX).content.decode()
        for body in (page, live):
            assert not any(tile in body for tile in _hidden_from(match, seat))
            assert not any(tile in body for tile in _drawn_by(match, 0))


def test_a_push_from_kept_records_holds_only_its_readers_secrets(claim_match, anna, bruno):
    match = claim_match
    _play_first_legal(match, anna, 0)
    _play_first_legal(match, anna, 0)  # anna ends her turn: she draws, in secret
    _client(anna).get(f"/m/{match.pk}/")  # her page keeps the records of this version
    reader = type(bruno).objects.select_related("profile").get(pk=bruno.pk)
    found = match_changes_for_socket(
        scope={"user": reader, "headers": []}, match_id=match.pk, since=match.version - 1
    )
    assert found is not None
    assert _drawn_by(match, 0)
    assert not any(tile in found[1] for tile in _hidden_from(match, 1) | _drawn_by(match, 0))


def test_a_new_version_is_never_answered_with_the_records_of_the_old_one(claim_match, anna, bruno):
    match = _play_first_legal(claim_match, anna, 0)
    before = match_view.match_view_for(match=match, user=bruno).log
    match = _play_first_legal(match, anna, 0)
    after = match_view.match_view_for(match=match, user=bruno).log
    assert [e.seq for e in after][:1] == [match.version] != [e.seq for e in before][:1]


def test_a_move_answer_extends_the_kept_records_exactly_as_a_read_would(claim_match, anna):
    match = claim_match
    client = _client(anna)
    client.get(f"/m/{match.pk}/")  # keeps the records of the version before the move
    for _ in range(2):  # a tile claimed, then the turn ended (a draw: it reveals)
        match = _play_first_legal(match, anna, 0, client=client)
        kept = version_cache.peek(_key(match))
        assert kept is not None
        assert kept == match_log.recent_records(match)
    assert kept[-1].data["reveals"] and kept[-1].data["ends_turn"]


def test_nothing_read_inside_a_transaction_is_kept(claim_match, anna):
    with transaction.atomic():
        match_view.match_view_for(match=claim_match, user=anna)
    assert version_cache.peek(_key(claim_match)) is None
    match_view.match_view_for(match=claim_match, user=anna)
    assert version_cache.peek(_key(claim_match)) is not None


def test_records_read_after_a_newer_move_are_not_kept_as_the_older_version(claim_match, anna):
    stale = type(claim_match).objects.get(pk=claim_match.pk)  # read before the move
    _play_first_legal(claim_match, anna, 0)
    seqs = [e.seq for e in match_view.match_view_for(match=stale, user=anna).log]
    assert claim_match.version in seqs  # the read met the newer record...
    assert version_cache.peek(_key(stale)) is None  # ...so it is not kept as the old version


# With the records kept, as a web process serves them (committed, outside a transaction):
# a push reads the match with its seats; no log read (and it writes nothing: pushes.py). To a
# player who waits, it also looks for their next game waiting for them (its "next game" link).
PUSH_WITH_KEPT_RECORDS = 2
# A move within a turn: session, user; BEGIN, the match and seats locked, the record, the match,
# the mover's "seen" mark, COMMIT; the answer reads nothing more (no log, no mark to write).
MOVE_WITH_KEPT_RECORDS = 9


def test_with_kept_records_a_move_and_its_push_read_no_log(
    claim_match, anna, bruno, django_assert_max_num_queries
):
    match = claim_match
    client = _client(anna)
    client.get(f"/m/{match.pk}/")  # keeps the records of this version
    data = {"move": json.dumps(_first_claim(match)), "expected_version": match.version}
    with django_assert_max_num_queries(MOVE_WITH_KEPT_RECORDS):
        assert client.post(f"/m/{match.pk}/move", data, **HX).status_code == 200
    match.refresh_from_db()
    reader = type(bruno).objects.select_related("profile").get(pk=bruno.pk)
    with django_assert_max_num_queries(PUSH_WITH_KEPT_RECORDS):
        found = match_changes_for_socket(
            scope={"user": reader, "headers": []}, match_id=match.pk, since=match.version - 1
        )
    assert found is not None and found[0] == match.version


def _first_claim(match):
    system = get_system("claim")
    moves = system.legal_moves(system.state_from_json(match.snapshot), 0)
    return next(m for m in moves if m["type"] == "claim")


def test_only_the_two_newest_versions_of_a_match_stay_kept(claim_match, anna, bruno):
    """An engine state keeps what its pages worked out (games.engine.memo): the versions no
    page reads again leave the cache, each kind on its own; the one before the current stays
    (a move's answer builds its records from it)."""
    match = claim_match
    client = _client(anna)
    seen = []
    for user, seat in ((anna, 0), (anna, 0), (bruno, 1)):
        client.get(f"/m/{match.pk}/")
        seen.append(match.version)
        match = _play_first_legal(match, user, seat)
    client.get(f"/m/{match.pk}/")
    seen.append(match.version)
    for kind in ("records", "state"):
        kept = [v for v in seen if version_cache.peek((kind, match.pk, match.seed, v))]
        assert kept == seen[-2:], kind
