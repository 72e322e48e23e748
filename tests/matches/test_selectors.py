"""Reads: "My games" ordering, the turn count, lobby lists, what a reader may see."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.engine.registry import get_system
from games.matches import match_log, match_view, selectors, services
from games.matches.models import Match, Seat


def _play_first(match, user, seat=0):
    system = get_system(match.system)
    match.refresh_from_db()
    move = system.legal_moves(system.state_from_json(match.snapshot), seat)[0]
    services.match_submit_move(
        match_id=match.pk, user=user, move_data=move, expected_version=match.version
    )


def test_my_games_puts_my_turn_first_by_deadline_then_waiting_then_finished(anna, bruno, carla):
    later = services.match_create(system="claim", config={}, seat_users=[anna, bruno])
    sooner = services.match_create(system="claim", config={}, seat_users=[anna, carla])
    waiting = services.match_create(system="claim", config={}, seat_users=[bruno, anna])
    finished_old = services.match_create(system="claim", config={}, seat_users=[anna, carla])
    finished_new = services.match_create(system="claim", config={}, seat_users=[carla, anna])
    services.match_resign(match_id=finished_old.pk, user=carla)
    services.match_resign(match_id=finished_new.pk, user=carla)
    now = timezone.now()
    Seat.objects.filter(match=later, user=anna).update(deadline=now + timedelta(days=2))
    Seat.objects.filter(match=sooner, user=anna).update(deadline=now + timedelta(hours=3))
    entries = selectors.match_list_for_player(user=anna)
    assert [e.match.pk for e in entries] == [
        sooner.pk,
        later.pk,
        waiting.pk,
        finished_new.pk,
        finished_old.pk,
    ]
    assert [e.section for e in entries] == [
        "my_turn",
        "my_turn",
        "waiting",
        "finished",
        "finished",
    ]
    assert selectors.seats_to_play_count(user=anna) == 2


def test_changed_since_last_look_follows_the_version(anna, bruno, claim_match):
    assert selectors.match_list_for_player(user=bruno)[0].changed
    services.match_mark_seen(match_id=claim_match.pk, user=bruno)
    assert not selectors.match_list_for_player(user=bruno)[0].changed
    _play_first(claim_match, anna)
    assert selectors.match_list_for_player(user=bruno)[0].changed


def test_among_games_waiting_for_others_those_that_changed_since_i_looked_come_first(
    anna, bruno, carla
):
    older = services.match_create(system="claim", config={}, seat_users=[bruno, anna])
    newer = services.match_create(system="claim", config={}, seat_users=[carla, anna])
    for match in (older, newer):
        services.match_mark_seen(match_id=match.pk, user=anna)
    waiting = [e.match.pk for e in selectors.match_list_for_player(user=anna)]
    assert waiting == [newer.pk, older.pk]  # nothing new: the most recently started first
    _play_first(older, bruno)  # bruno places a tile: still his turn, something new for anna
    entries = selectors.match_list_for_player(user=anna)
    assert [(e.match.pk, e.changed) for e in entries] == [(older.pk, True), (newer.pk, False)]


def test_open_and_public_lists(anna, bruno, carla):
    open_match = services.match_create(system="claim", config={}, seat_users=[anna, None])
    private_open = services.match_create(
        system="claim", config={}, seat_users=[anna, None], is_public=False
    )
    active = services.match_create(system="claim", config={}, seat_users=[anna, bruno])
    # Public, but its free seat waits for whoever has the invite link: nothing to offer.
    services.match_create(
        system="claim", config={}, seat_users=[anna, None], invite_seats=frozenset({1})
    )
    assert list(selectors.match_list_open(user=carla)) == [open_match]
    assert list(selectors.match_list_open(user=anna)) == []  # not my own
    assert list(selectors.match_list_public()) == [active]
    assert private_open.status == Match.Status.OPEN


def test_the_view_for_a_spectator_has_no_hand_and_no_chat(anna, carla, claim_match):
    services.match_post_chat(match_id=claim_match.pk, user=anna, text="psst")
    spectator = match_view.match_view_for(match=claim_match, user=carla)
    player = match_view.match_view_for(match=claim_match, user=anna)
    assert spectator.seat is None and "hand" not in spectator.view and spectator.chat is None
    assert player.seat.index == 0 and player.view["hand"] and player.chat[0].text == "psst"
    drawn = [e for entry in spectator.log for e in entry.events if e["kind"] == "TilesDrawn"]
    assert drawn and all("tiles" not in e for e in drawn)


def test_the_whole_story_reads_every_record_and_the_page_its_recent_window(claim_match):
    """`match_log_entries` (the since and story pages) had only the last 80 records: a long
    game's story began in its middle."""
    from games.matches.models import MatchRecord

    first = claim_match.version
    MatchRecord.objects.bulk_create(
        MatchRecord(match=claim_match, seq=first + n, kind="move", seat=0, data={}, events=[])
        for n in range(1, match_log.LOG_RECORDS + 11)
    )
    Match.objects.filter(pk=claim_match.pk).update(version=first + match_log.LOG_RECORDS + 10)
    claim_match.refresh_from_db()
    story = match_log.match_log_entries(match=claim_match, seat=0)
    assert [e.seq for e in story] == list(range(1, claim_match.version + 1))
    assert len(match_log.recent_records(claim_match)) == match_log.LOG_RECORDS


def test_the_lobby_counts_days_per_move_in_good_french(client, anna, carla):
    from django.urls import reverse

    for days in (1, 3):
        services.match_create(
            system="claim", config={}, seat_users=[anna, None], days_per_move=days
        )
    client.force_login(carla)
    html = client.get(reverse("matches:home"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1 jour par coup" in html and "3 jours par coup" in html
    assert "1 jours" not in html
