"""What players see of the weekend pause: the note beside a player on the match page (French and
English), "stopped until Monday 00:00" while it is stopped, and the real deadline."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone, translation
from django.utils.formats import date_format

from games.accounts.models import Profile
from games.accounts.selectors import profile_for
from games.clock.presenters import weekend_note
from games.clock.services import clock_after_change
from games.matches.models import Match
from tests.clock.support import make_player, start_match
from tests.fixtures import client_for

pytestmark = pytest.mark.django_db

PARIS = timezone.get_fixed_timezone(60)  # Paris in winter, for building instants


def pauses_weekends(user, on=True) -> None:
    Profile.objects.filter(user=user).update(weekend_pause=on, time_zone="Europe/Paris")


def seat_line(html: str, name: str) -> str:
    """The match page's line of the seat whose player is `name`."""
    start = html.index(f">{name}</a>")
    return html[start : html.index("</li>", start)]


def test_the_match_page_says_beside_the_player_that_their_clock_stops_at_weekends(anna, bruno):
    pauses_weekends(bruno)  # bruno does not have to play now: his next turn's rule is shown
    match = start_match(anna, bruno)
    english = client_for(anna).get(f"/m/{match.pk}/").content.decode()
    assert "clock stopped at weekends" in seat_line(english, "bruno")
    assert "weekend" not in seat_line(english, "anna")
    french_reader = make_player("chloe", language="fr")
    french = client_for(french_reader, "fr").get(f"/m/{match.pk}/").content.decode()
    assert "horloge arrêtée le week-end" in seat_line(french, "bruno")


def test_no_note_where_the_match_does_not_allow_the_pause(anna, bruno):
    pauses_weekends(bruno)
    match = start_match(anna, bruno, weekend_pause_allowed=False)
    html = client_for(anna).get(f"/m/{match.pk}/").content.decode()
    assert "weekend" not in seat_line(html, "bruno")


def test_the_lobby_shows_the_note_beside_a_waiting_player(anna, bruno):
    pauses_weekends(anna)
    from games.matches import services

    services.match_create(system="claim", config={"hexes": 8}, seat_users=[anna, None])
    html = client_for(bruno).get("/").content.decode()
    assert "clock stopped at weekends" in html


def _anna_to_play(anna, bruno, started: datetime):
    pauses_weekends(anna)
    match = start_match(anna, bruno)
    match.snapshot = {**match.snapshot, "turn": 1, "placed": 0}
    match.save()
    clock_after_change(match=match, now=started - timedelta(days=7))
    match.snapshot = {**match.snapshot, "turn": 0, "placed": 0}
    match.save()
    clock_after_change(match=match, now=started)
    return Match.objects.get(pk=match.pk).seats.select_related("match").get(index=0)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "weekend: clock stopped until Monday 00:00"),
        ("fr", "week-end : horloge arrêtée jusqu’à lundi 00:00"),
    ],
)
def test_while_her_clock_is_stopped_the_note_says_until_when(anna, bruno, language, said):
    seat = _anna_to_play(anna, bruno, datetime(2026, 12, 11, 20, 0, tzinfo=PARIS))  # a Friday
    saturday = datetime(2026, 12, 12, 15, 0, tzinfo=PARIS)
    with translation.override(language), timezone.override("Europe/Paris"):
        assert said in weekend_note(seat, profile_for(anna), saturday)
        # On a weekday her running clock only says that it stops at weekends.
        friday = datetime(2026, 12, 11, 21, 0, tzinfo=PARIS)
        assert "weekend-now" not in weekend_note(seat, profile_for(anna), friday)


def test_the_resumption_is_told_on_the_readers_clock(anna, bruno):
    seat = _anna_to_play(anna, bruno, datetime(2026, 12, 11, 20, 0, tzinfo=PARIS))
    saturday = datetime(2026, 12, 12, 15, 0, tzinfo=PARIS)
    with translation.override("en"), timezone.override("Europe/London"):
        assert "until Sunday 23:00" in weekend_note(seat, profile_for(anna), saturday)


def test_a_turn_that_started_before_she_asked_for_it_shows_no_note(anna, bruno):
    match = start_match(anna, bruno)  # anna's clock runs every day this turn
    pauses_weekends(anna)
    html = client_for(bruno).get(f"/m/{match.pk}/").content.decode()
    assert "weekend" not in seat_line(html, "anna")


def test_the_page_shows_the_stored_deadline(anna, bruno):
    """ "must play 4 days, 23 hours from now" counts to the real instant stored (weekday time
    already in it), whose date and time the line carries too."""
    pauses_weekends(anna)
    match = start_match(anna, bruno)
    deadline = match.seats.get(index=0).deadline
    assert deadline is not None
    html = client_for(bruno).get(f"/m/{match.pk}/").content.decode()
    line = seat_line(html, "anna")
    with timezone.override("Europe/Paris"), translation.override("en"):  # bruno's page
        exact = date_format(timezone.localtime(deadline), "SHORT_DATETIME_FORMAT")
    assert f'<span class="deadline" title="{exact}">must play ' in line
