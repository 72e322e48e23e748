"""A match's snapshot is JSON kept as PostgreSQL text and decoded only when read
(hexsite/json_text.py): PostgreSQL neither parses nor prints it, and Python decodes it only for
a reader that needs it (issue 14)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from games.matches.models import Match
from hexsite.json_text import _Undecoded

STATE = {"board": [[0, 1, "é"], None], "turn": 3, "nested": {"x": 1.5, "ok": True}}


def _stored_text(match_id: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT snapshot FROM matches_match WHERE id = %s", [match_id])
        return cursor.fetchone()[0]


@pytest.fixture
def match():
    user = get_user_model().objects.create_user("json-text", password="x")
    return Match.objects.create(system="neuroshima", created_by=user, snapshot=STATE)


@pytest.mark.django_db
def test_the_snapshot_column_is_text_and_reads_back_as_the_same_json(match):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT data_type FROM information_schema.columns"
            " WHERE table_name = 'matches_match' AND column_name = 'snapshot'"
        )
        assert cursor.fetchone() == ("text",)
    assert Match.objects.get(pk=match.pk).snapshot == STATE


@pytest.mark.django_db
def test_a_snapshot_is_decoded_only_when_read_and_saved_back_untouched_when_not(match):
    loaded = Match.objects.get(pk=match.pk)
    assert type(loaded.__dict__["snapshot"]) is _Undecoded
    before = _stored_text(match.pk)
    loaded.version += 1
    loaded.save()  # the snapshot was never read: written back as the very text it came as
    assert type(loaded.__dict__["snapshot"]) is _Undecoded
    assert _stored_text(match.pk) == before
    assert loaded.snapshot == STATE  # read: decoded once, then kept
    assert loaded.__dict__["snapshot"] is loaded.snapshot


@pytest.mark.django_db
def test_a_changed_snapshot_and_an_empty_one_are_stored(match):
    match.snapshot = {"turn": 4}
    match.save(update_fields=["snapshot"])
    assert Match.objects.get(pk=match.pk).snapshot == {"turn": 4}
    match.snapshot = None
    match.save(update_fields=["snapshot"])
    assert _stored_text(match.pk) is None
    assert Match.objects.get(pk=match.pk).snapshot is None
    assert Match.objects.filter(pk=match.pk, snapshot__isnull=True).exists()


@pytest.mark.django_db
def test_sql_still_reads_inside_the_snapshot_through_a_cast(match):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT snapshot::jsonb -> 'nested' ->> 'x' FROM matches_match WHERE id = %s",
            [match.pk],
        )
        assert cursor.fetchone() == ("1.5",)


@pytest.mark.django_db
def test_whether_a_match_has_a_snapshot_is_answered_without_decoding_it(match):
    loaded = Match.objects.get(pk=match.pk)
    assert loaded.has_snapshot
    assert type(loaded.__dict__["snapshot"]) is _Undecoded
    Match.objects.filter(pk=match.pk).update(snapshot=None)
    assert not Match.objects.get(pk=match.pk).has_snapshot
    deferred = Match.objects.defer("snapshot").get(pk=match.pk)
    assert not deferred.has_snapshot  # read from the database when deferred
