"""The vacation page (games/clock/views.py): start a vacation, see it, end it early."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_the_vacation_page_starts_and_stops_a_vacation(client, anna):
    client.force_login(anna)
    assert "30 days left" in client.get("/me/vacation/", **EN).content.decode()
    client.post("/me/vacation/change/", {"action": "start", "days": "4"})
    html = client.get("/me/vacation/", **EN).content.decode()
    assert "You are on vacation until" in html
    client.post("/me/vacation/change/", {"action": "stop"})
    assert "29 days left" in client.get("/me/vacation/", **EN).content.decode()


@pytest.mark.parametrize(("left", "french"), [(1, "que 1 jour de vacances"), (2, "que 2 jours")])
def test_too_long_a_vacation_says_how_many_days_are_left_in_good_french(left, french):
    from django.utils import timezone, translation

    from games.accounts.models import Profile
    from games.clock.vacation import vacation_start
    from games.refusals import Refused
    from tests.fixtures import make_player

    player = make_player(f"short{left}")
    now = timezone.now()
    Profile.objects.filter(user=player).update(
        vacation_year=now.year, vacation_used=30 - left, vacation_days_per_year=30
    )
    with translation.override("fr"), pytest.raises(Refused) as refused:
        vacation_start(user=player, days=left + 1, now=now)
    assert french in refused.value.message


def test_the_vacation_page_says_how_vacation_and_weekends_add_up(client, anna):
    from games.accounts.models import Profile

    client.force_login(anna)
    assert "stops at weekends" not in client.get("/me/vacation/", **EN).content.decode()
    Profile.objects.filter(user=anna).update(weekend_pause=True)
    html = client.get("/me/vacation/", **EN).content.decode()
    assert "Your clock also stops at weekends" in html and 'href="/me/settings/"' in html
    Profile.objects.filter(user=anna).update(language="fr")  # her pages speak her language
    french = client.get("/me/vacation/")
    assert "les deux pauses s’ajoutent" in french.content.decode()
