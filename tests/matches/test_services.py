"""The match services: every refused input changes nothing; every accepted one is replayable."""

from __future__ import annotations

import contextlib
import random
import threading

import pytest
from django.db import connection
from django.utils import translation

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import ChatMessage, Match, MatchRecord, Seat
from games.matches.services import StaleVersion
from games.refusals import Refused


@pytest.fixture(autouse=True)
def _english():
    # Messages are asserted in English; the site's default language is French.
    with translation.override("en"):
        yield


def _legal(match, seat):
    system = get_system(match.system)
    return system.legal_moves(system.state_from_json(match.snapshot), seat)


def _fingerprint(match):
    match.refresh_from_db()
    return (
        match.version,
        match.rng_counter,
        match.snapshot,
        match.status,
        MatchRecord.objects.filter(match=match).count(),
        list(Seat.objects.filter(match=match).values_list("deadline", "offers_draw")),
    )


def test_creating_with_every_seat_filled_starts_the_match(claim_match):
    claim_match.refresh_from_db()
    assert claim_match.status == Match.Status.ACTIVE
    assert claim_match.version == 1
    assert claim_match.records.get().kind == "setup"
    assert claim_match.seats.get(index=0).deadline is not None
    assert claim_match.seats.get(index=1).deadline is None
    assert services.match_replay_verify(match=claim_match)


def test_an_open_seat_waits_then_joining_starts(anna, bruno):
    match = services.match_create(system="claim", config={}, seat_users=[anna, None])
    assert match.status == Match.Status.OPEN and match.snapshot is None
    services.match_join(match_id=match.pk, user=bruno)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.seats.get(index=1).user == bruno


def test_joining_twice_or_a_full_match_is_refused(anna, bruno, carla):
    match = services.match_create(system="claim", config={}, seat_users=[anna, None])
    with pytest.raises(Refused):
        services.match_join(match_id=match.pk, user=anna)
    services.match_join(match_id=match.pk, user=bruno)
    with pytest.raises(Refused):
        services.match_join(match_id=match.pk, user=carla)


def test_a_bad_config_or_seat_count_is_refused_and_creates_nothing(anna, bruno):
    with pytest.raises(Refused):
        services.match_create(system="claim", config={"hexes": 99}, seat_users=[anna, bruno])
    with pytest.raises(Refused):
        services.match_create(system="claim", config={}, seat_users=[anna])
    with pytest.raises(Refused):
        services.match_create(system="nope", config={}, seat_users=[anna, bruno])
    with pytest.raises(Refused):
        services.match_create(system="claim", config={}, seat_users=[anna, anna])
    assert Match.objects.count() == 0


def test_a_legal_move_is_recorded_and_bumps_the_version(claim_match, anna):
    move = _legal(claim_match, 0)[0]
    services.match_submit_move(
        match_id=claim_match.pk, user=anna, move_data=move, expected_version=1
    )
    claim_match.refresh_from_db()
    assert claim_match.version == 2
    record = claim_match.records.get(seq=2)
    assert record.kind == "move" and record.seat == 0 and record.data["move"] == move
    assert services.match_replay_verify(match=claim_match)


@pytest.mark.parametrize(
    "who, move, version, message",
    [
        ("anna", {"type": "claim", "hex": 99, "tile": "x"}, 1, "not allowed"),
        ("anna", {"type": "fly"}, 1, "could not be read"),
        ("anna", "garbage", 1, "could not be read"),
        ("anna", None, 1, "could not be read"),
        ("anna", "FIRST", 0, "changed since"),
        ("anna", "FIRST", "abc", "could not be read"),
        ("bruno", "FIRST", 1, "not your turn"),
        ("carla", "FIRST", 1, "not playing"),
        (None, "FIRST", 1, "sign in"),
    ],
)
def test_refused_moves_change_nothing(claim_match, anna, bruno, carla, who, move, version, message):
    users = {"anna": anna, "bruno": bruno, "carla": carla, None: None}
    if move == "FIRST":
        move = _legal(claim_match, 0)[0]
    before = _fingerprint(claim_match)
    with pytest.raises(Refused) as error:
        services.match_submit_move(
            match_id=claim_match.pk, user=users[who], move_data=move, expected_version=version
        )
    assert message in error.value.message
    assert _fingerprint(claim_match) == before


def test_a_double_submit_is_refused_as_stale(claim_match, anna):
    move = _legal(claim_match, 0)[0]
    services.match_submit_move(
        match_id=claim_match.pk, user=anna, move_data=move, expected_version=1
    )
    before = _fingerprint(claim_match)
    with pytest.raises(StaleVersion):
        services.match_submit_move(
            match_id=claim_match.pk, user=anna, move_data=move, expected_version=1
        )
    assert _fingerprint(claim_match) == before


def test_moving_in_another_players_match_is_refused(claim_match, carla, make_user):
    dora = make_user("dora")
    other = services.match_create(system="claim", config={}, seat_users=[carla, dora])
    before = _fingerprint(claim_match)
    with pytest.raises(Refused):
        services.match_submit_move(
            match_id=claim_match.pk,
            user=carla,
            move_data=_legal(claim_match, 0)[0],
            expected_version=1,
        )
    with pytest.raises(Refused):
        services.match_submit_move(match_id=999999, user=carla, move_data={}, expected_version=1)
    assert _fingerprint(claim_match) == before
    assert other.version == 1


def test_take_back_undoes_a_move_within_the_turn_and_replays(claim_match, anna, bruno):
    first = _legal(claim_match, 0)[0]
    services.match_submit_move(
        match_id=claim_match.pk, user=anna, move_data=first, expected_version=1
    )
    claim_match.refresh_from_db()
    with pytest.raises(Refused):
        services.match_take_back(match_id=claim_match.pk, user=bruno, expected_version=2)
    services.match_take_back(match_id=claim_match.pk, user=anna, expected_version=2)
    claim_match.refresh_from_db()
    assert claim_match.version == 3
    assert claim_match.records.get(seq=3).kind == "takeback"
    assert _legal(claim_match, 0)[0] == first  # the hex is free again
    assert services.match_replay_verify(match=claim_match)
    # Nothing more to take back: the setup revealed the hands.
    before = _fingerprint(claim_match)
    with pytest.raises(Refused):
        services.match_take_back(match_id=claim_match.pk, user=anna, expected_version=3)
    assert _fingerprint(claim_match) == before


def test_a_move_that_revealed_cannot_be_taken_back(claim_match, anna):
    services.match_submit_move(
        match_id=claim_match.pk, user=anna, move_data=_legal(claim_match, 0)[0], expected_version=1
    )
    services.match_submit_move(
        match_id=claim_match.pk, user=anna, move_data={"type": "end"}, expected_version=2
    )
    before = _fingerprint(claim_match)
    with pytest.raises(Refused):
        services.match_take_back(match_id=claim_match.pk, user=anna, expected_version=3)
    assert _fingerprint(claim_match) == before


def test_resigning_ends_a_two_player_match_and_runs_the_finished_hooks(claim_match, anna):
    from games.matches import hooks

    seen = []
    handler = hooks.on_match_finished(lambda m: seen.append((m.pk, m.status)))
    try:
        services.match_resign(match_id=claim_match.pk, user=anna)
    finally:
        hooks._finished_handlers.remove(handler)
    claim_match.refresh_from_db()
    assert claim_match.status == Match.Status.FINISHED
    assert claim_match.outcome["ranks"] == [1, 0]
    assert list(claim_match.seats.values_list("rank", flat=True)) == [1, 0]
    assert seen == [(claim_match.pk, Match.Status.FINISHED)]
    assert services.match_replay_verify(match=claim_match)


def test_a_draw_needs_an_offer_and_an_acceptance(claim_match, anna, bruno):
    with pytest.raises(Refused):
        services.match_accept_draw(match_id=claim_match.pk, user=bruno)
    services.match_offer_draw(match_id=claim_match.pk, user=anna)
    services.match_decline_draw(match_id=claim_match.pk, user=bruno)
    assert not Seat.objects.filter(match=claim_match, offers_draw=True).exists()
    services.match_offer_draw(match_id=claim_match.pk, user=anna)
    services.match_accept_draw(match_id=claim_match.pk, user=bruno)
    claim_match.refresh_from_db()
    assert claim_match.status == Match.Status.FINISHED
    assert claim_match.outcome["ranks"] == [0, 0]


def test_chat_is_for_participants_and_refuses_empty_text(claim_match, anna, carla):
    services.match_post_chat(match_id=claim_match.pk, user=anna, text="Bonne partie !")
    for user, text in ((anna, "   "), (carla, "hello"), (anna, "x" * 2001)):
        with pytest.raises(Refused):
            services.match_post_chat(match_id=claim_match.pk, user=user, text=text)
    assert ChatMessage.objects.count() == 1


def test_mark_seen_records_the_current_version(claim_match, anna):
    services.match_mark_seen(match_id=claim_match.pk, user=anna)
    assert Seat.objects.get(match=claim_match, user=anna).last_seen_version == 1


def test_notification_is_sent_only_on_commit(claim_match, anna, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        services.match_submit_move(
            match_id=claim_match.pk,
            user=anna,
            move_data=_legal(claim_match, 0)[0],
            expected_version=1,
        )
    assert callbacks  # notify_match_changed runs after the commit, not before


def test_snapshot_equals_replay_after_random_sequences(anna, bruno, carla):
    rng = random.Random(4)
    users = {0: anna, 1: bruno, 2: carla}
    for game in range(3):
        seats = [anna, bruno, carla][: 2 + game % 2]
        match = services.match_create(system="claim", config={"hexes": 10}, seat_users=seats)
        for _ in range(60):
            match.refresh_from_db()
            if match.status != Match.Status.ACTIVE:
                break
            system = get_system("claim")
            seat = system.to_act(system.state_from_json(match.snapshot))[0]
            roll = rng.random()
            if roll < 0.15:
                with contextlib.suppress(Refused):
                    services.match_take_back(
                        match_id=match.pk, user=users[seat], expected_version=match.version
                    )
            elif roll < 0.18 and game == 2:
                services.match_resign(match_id=match.pk, user=users[seat])
            else:
                move = rng.choice(_legal(match, seat))
                services.match_submit_move(
                    match_id=match.pk,
                    user=users[seat],
                    move_data=move,
                    expected_version=match.version,
                )
        match.refresh_from_db()
        assert services.match_replay_verify(match=match)


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_submits_apply_exactly_one(make_user):
    anna, bruno = make_user("anna"), make_user("bruno")
    match = services.match_create(system="claim", config={}, seat_users=[anna, bruno])
    moves = _legal(match, 0)[:2]
    barrier = threading.Barrier(2)
    results: list[str] = []

    def submit(move):
        try:
            barrier.wait()
            services.match_submit_move(
                match_id=match.pk, user=anna, move_data=move, expected_version=1
            )
            results.append("ok")
        except Refused as error:
            results.append(type(error).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(m,)) for m in moves]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["StaleVersion", "ok"]
    match.refresh_from_db()
    assert match.version == 2
    assert match.records.count() == 2
    assert services.match_replay_verify(match=match)


def test_a_draw_cannot_be_agreed_against_the_computer(anna):
    match = services.match_create(
        system="claim", config={}, seat_users=[anna, None], bot_levels={1: 1}
    )
    before = _fingerprint(match)
    with pytest.raises(Refused):
        services.match_offer_draw(match_id=match.pk, user=anna)
    assert _fingerprint(match) == before


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "That placement is not allowed."), ("fr", "Ce coup n'est pas permis maintenant.")],
)
def test_an_engines_refusal_no_catalogue_knows_is_not_english_on_a_french_page(
    claim_match, anna, language, message
):
    """The engine's English sentence for an English reader; a French one is told in general
    terms in French (Neuroshima's « Hex [5, 7] is not on the board. » was English on a French
    page)."""
    with translation.override(language), pytest.raises(Refused) as error:
        services.match_submit_move(
            match_id=claim_match.pk,
            user=anna,
            move_data={"type": "claim", "hex": 99, "tile": "x"},
            expected_version=1,
        )
    assert error.value.message == message
