"""hexsite.compiled_select: a queryset compiled once per connection gives the same objects as
the queryset itself (fields, select_related rows, annotations), counts as one query, and keeps
the queryset's rules (no row lock outside a transaction, no error for an id no row can have)."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.transaction import TransactionManagementError

from games.matches import services
from games.matches.hooks import seat_query
from games.matches.models import Seat
from hexsite.compiled_select import CompiledSelect


def _seats(match_id):
    return (
        seat_query(Seat.objects.filter(match_id=match_id))
        .select_related("match", "user__profile")
        .order_by("index")
    )


@pytest.fixture
def match(make_user):
    from games.accounts.selectors import profile_for

    players = [make_user(), make_user()]
    for player in players:
        profile_for(player)  # made when first needed: here, so that the join finds them
    return services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=players
    )


def _fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def test_it_gives_the_same_objects_as_the_queryset(match, django_assert_num_queries):
    compiled = CompiledSelect(_seats, "match_id")
    expected = list(_seats(match.pk))
    with django_assert_num_queries(1):
        got = compiled(match_id=match.pk)
        # The related rows came with it: reading them costs no query.
        pairs = [(s.match, s.user, s.user.profile) for s in got]
    assert [_fields(s) for s in got] == [_fields(s) for s in expected]
    for (g_match, g_user, g_profile), seat in zip(pairs, expected, strict=True):
        assert _fields(g_match) == _fields(seat.match)
        assert _fields(g_user) == _fields(seat.user)
        assert _fields(g_profile) == _fields(seat.user.profile)
    annotations = set(_seats(match.pk).query.annotations)
    assert annotations  # the ratings other apps add (league)
    for g, e in zip(got, expected, strict=True):
        assert {a: getattr(g, a) for a in annotations} == {a: getattr(e, a) for a in annotations}
    assert all(not s._state.adding and s._state.db == "default" for s in got)


def test_each_call_reads_its_own_values(match, make_user):
    other = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[make_user(), make_user()],
    )
    compiled = CompiledSelect(_seats, "match_id")
    assert {s.match_id for s in compiled(match_id=match.pk)} == {match.pk}
    assert {s.match_id for s in compiled(match_id=other.pk)} == {other.pk}
    assert compiled(match_id=other.pk + 1000) == []


def test_an_id_no_row_can_have_reads_nothing(match, django_assert_num_queries):
    compiled = CompiledSelect(_seats, "match_id")
    with django_assert_num_queries(0):
        assert compiled(match_id=2**70) == []
    with pytest.raises(TypeError):
        compiled(match_id=str(match.pk))


def test_a_row_lock_inside_a_transaction_reads_the_rows(match):
    compiled = CompiledSelect(
        lambda match_id: Seat.objects.select_for_update().filter(match_id=match_id), "match_id"
    )
    with transaction.atomic():
        assert len(compiled(match_id=match.pk)) == 2


@pytest.mark.django_db(transaction=True)
def test_a_row_lock_outside_a_transaction_is_refused_as_django_refuses_it(make_user):
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[make_user(), make_user()],
    )
    compiled = CompiledSelect(
        lambda match_id: Seat.objects.select_for_update().filter(match_id=match_id), "match_id"
    )
    with pytest.raises(TransactionManagementError):
        compiled(match_id=match.pk)


def test_a_value_the_query_does_not_take_is_refused_when_compiling(match):
    compiled = CompiledSelect(lambda match_id: Seat.objects.all(), "match_id")
    with pytest.raises(ValueError):
        compiled(match_id=match.pk)


def test_an_update_changes_the_rows_the_queryset_would_and_says_how_many(match):
    from games.matches.services.chat import _mark_seen_at as compiled  # the "seen" mark's

    seat = Seat.objects.filter(match=match).order_by("index").first()
    assert compiled(match_id=match.pk, user_id=seat.user_id, version=7) == 1
    assert compiled(match_id=match.pk, user_id=seat.user_id, version=7) == 0  # not below 7 now
    assert compiled(match_id=match.pk, user_id=seat.user_id, version=3) == 0  # never backwards
    marks = dict(Seat.objects.filter(match=match).values_list("user_id", "last_seen_version"))
    assert marks[seat.user_id] == 7
    assert all(mark < 7 for user, mark in marks.items() if user != seat.user_id)


def test_an_update_takes_a_time_and_refuses_a_value_of_another_type(match, make_user):
    from django.utils import timezone

    from games.notifications.models import Notification
    from games.notifications.services import _read_of_match as compiled  # the inbox read
    from games.notifications.services import notify_user

    player = Seat.objects.filter(match=match).order_by("index").first().user
    notify_user(user_id=player.pk, kind=Notification.Kind.REMATCH, match_id=match.pk, params={})
    now = timezone.now()
    assert compiled(user_id=player.pk, match_id=match.pk, now=now) == 1
    assert Notification.objects.get(user=player, match_id=match.pk).read_at == now
    with pytest.raises(TypeError):
        compiled(user_id=player.pk, match_id=match.pk, now=now.date())
