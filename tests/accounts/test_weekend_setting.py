"""The settings page's "My clock stops at weekends" (games/accounts/forms.py): shown with the
sentence that explains it, saved by a ticked box, and a forged value refused."""

from __future__ import annotations

import pytest

from games.accounts.models import Profile
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db

FORM = {"language": "en", "time_zone": "Europe/Paris", "notify_turn": "each"}


def weekend_pause(user) -> bool:
    return Profile.objects.get(user=user).weekend_pause


def test_the_settings_page_offers_it_off_with_one_sentence_that_explains_it():
    player = make_player("ines")
    html = client_for(player).get("/me/settings/").content.decode()
    assert 'name="weekend_pause"' in html and "My clock stops at weekends" in html
    assert 'id="id_weekend_pause">' in html  # not checked
    assert "From Saturday 00:00 to Monday 00:00 in your time zone" in html
    assert 'aria-describedby="id_weekend_pause_helptext"' in html
    assert '<small class="help" id="id_weekend_pause_helptext">' in html
    # Drawn as the page's other checkboxes are: the box, then its label beside it.
    row = html.split('id="id_weekend_pause"')[0].rsplit('<div class="field', 1)[1]
    assert row.startswith(' check">')
    french = make_player("jules", language="fr")
    html = client_for(french, "fr").get("/me/settings/").content.decode()
    assert "Mon horloge s’arrête le week-end" in html
    assert "Du samedi 00:00 au lundi 00:00 dans votre fuseau horaire" in html


def test_a_ticked_box_turns_it_on_and_an_empty_one_off():
    player = make_player("karl")
    client = client_for(player)
    assert client.post("/me/settings/", {**FORM, "weekend_pause": "on"}).status_code == 302
    assert weekend_pause(player) is True
    html = client.get("/me/settings/").content.decode()
    assert 'id="id_weekend_pause" checked>' in html
    answer = client.post("/me/settings/", FORM, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert weekend_pause(player) is False


@pytest.mark.parametrize("forged", ["yes-please", "2", "<script>"])
def test_a_forged_value_is_refused_and_nothing_changes(forged):
    player = make_player(f"lea{len(forged)}")
    client = client_for(player)
    answer = client.post(
        "/me/settings/", {**FORM, "display_name": "Changed", "weekend_pause": forged}
    )
    assert answer.status_code == 400
    assert "Tick the box or leave it empty." in answer.content.decode()
    profile = Profile.objects.get(user=player)
    assert (profile.weekend_pause, profile.display_name) == (False, "")


def test_fields_the_form_does_not_have_are_ignored():
    player = make_player("marc")
    client_for(player).post(
        "/me/settings/",
        {**FORM, "weekend_pause": "on", "vacation_days_per_year": "366", "user": "1"},
    )
    profile = Profile.objects.get(user=player)
    assert profile.weekend_pause is True and profile.vacation_days_per_year == 30


def test_the_public_profile_says_whether_the_players_clock_stops_at_weekends():
    player = make_player("lise", language="fr")
    reader = make_player("marc", language="fr")
    page = client_for(reader, "fr").get(f"/me/u/{player.username}/").content.decode()
    assert 'data-testid="weekend-pause"' not in page
    Profile.objects.filter(user=player).update(weekend_pause=True)
    page = client_for(reader, "fr").get(f"/me/u/{player.username}/").content.decode()
    assert "Son horloge s’arrête le week-end" in page
    english_reader = make_player("nora", language="en")
    english = client_for(english_reader, "en").get(f"/me/u/{player.username}/").content.decode()
    assert "Their clock stops at weekends" in english
