"""The status's parts left to the page are named by what they are drawn from
(games/matches/status_parts.py), and a page that shows them as they are is not sent them, nor
are they drawn (issue 14). Each input of their drawing that no new version of the match
brings (a picture, a deadline moved, the reader's time zone, a draw's offer) draws them whole
again: a refetch of the same version, before and after the change. (A deadline's words as
time passes are in the key as they are drawn, worked out once: no test moves the clock.)"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.template import engines
from django.utils import timezone

from games.accounts.models import Profile
from games.matches.models import Seat
from tests.accounts.avatar_support import picture
from tests.accounts.test_avatars import digest_of, upload
from tests.answer_support import HX
from tests.fixtures import client_for
from tests.matches.test_status_seats_kept import _lasting, _seats

pytestmark = pytest.mark.django_db

TITLE = re.compile(r'class="deadline" title="([^"]*)"')


def _refetch(client, match) -> str:
    answer = client.get(f"/m/{match.pk}/live?since={match.version}", **HX)
    assert answer.status_code == 200
    return answer.content.decode()


def _opened(client, match) -> None:
    """The reader's page at the match's version, as its refetches name it."""
    left, _ = _seats(client.get(f"/m/{match.pk}/").content.decode())
    assert not left
    left, lines = _seats(_refetch(client, match))
    assert left and lines == ""  # nothing changed: the page keeps its own


def test_a_new_picture_draws_the_seats_lines_again(claim_match, anna, bruno):
    upload(client_for(bruno), picture("PNG"))
    before = digest_of(bruno)
    client = client_for(anna)
    _opened(client, claim_match)
    upload(client_for(bruno), picture("PNG", mode="RGB"))
    assert digest_of(bruno) != before  # the test's own premise: another picture
    left, lines = _seats(_refetch(client, claim_match))
    assert not left and digest_of(bruno) in lines


def test_a_deadline_moved_draws_the_seats_lines_again(claim_match, anna):
    seat = Seat.objects.get(match=claim_match, user=anna)
    Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() + timedelta(days=3, hours=1))
    client = client_for(anna)
    _opened(client, claim_match)
    # Two days nearer (as a vacation's end or a turn's bank moves it).
    Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() + timedelta(hours=5, minutes=1))
    left, lines = _seats(_refetch(client, claim_match))
    assert not left and "5\xa0hours from now" in lines


def test_the_readers_time_zone_draws_the_seats_lines_again(claim_match, anna):
    seat = Seat.objects.get(match=claim_match, user=anna)
    Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() + timedelta(days=3))
    client = client_for(anna)
    Profile.objects.update_or_create(user=anna, defaults={"time_zone": "Europe/Paris"})
    in_paris = TITLE.search(client.get(f"/m/{claim_match.pk}/").content.decode())
    _opened(client, claim_match)
    Profile.objects.filter(user=anna).update(time_zone="Pacific/Auckland")
    left, lines = _seats(_refetch(client, claim_match))
    in_auckland = TITLE.search(lines)
    assert not left and in_paris and in_auckland  # the title's date is in the reader's zone
    assert in_auckland.group(1) != in_paris.group(1)


def test_the_draw_forms_are_left_until_a_draw_is_offered(claim_match, anna, bruno):
    client = client_for(anna)
    _opened(client, claim_match)
    left, forms = _lasting(_refetch(client, claim_match))
    assert left and forms == ""
    client_for(bruno).post(f"/m/{claim_match.pk}/draw/offer", **HX)
    claim_match.refresh_from_db()
    left, forms = _lasting(_refetch(client, claim_match))
    assert not left and "Accept the draw" in forms


KEYED = (
    "{% load left_to_page %}"
    '{% left_to_page "seats" key %}<ul class="seats"><li>{{ who }}</li></ul>{% endleft_to_page %}'
)


def test_a_keyed_part_the_page_shows_is_not_drawn():
    drawn = []

    def who():
        drawn.append(1)
        return "Anna"

    template = engines["django"].from_string(KEYED)
    kept = template.render({"who": who, "key": ("anna",), "page_shows": lambda **_: True})
    assert kept == '<ul hx-preserve="true" data-placeholder="1" id="seats"></ul>' and not drawn
    asked = []

    def page_shows(*, part, drawn_id):
        asked.append(drawn_id)
        return False

    whole = template.render({"who": who, "key": ("anna",), "page_shows": page_shows})
    assert whole == '<ul class="seats" id="seats"><li>Anna</li></ul>' and drawn
    assert asked == [("key", ("anna",))]  # named by its key, not by its HTML
