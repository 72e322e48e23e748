"""« Mes notes »: a player's private notes on a match, kept between visits, read by nobody else
(not the other player, not a spectator, not in any page, partial or push of theirs); refused
with nothing saved when too long, forged or sent from an older copy (another tab), where the
text written is kept and the saved one shown."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.matches import services
from games.matches.models import Match, MatchNote
from games.matches.services import match_post_chat
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
SECRET = "Garder la grenade pour son QG"


@pytest.fixture
def match(anna, bruno) -> Match:
    return services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )


def _url(match) -> str:
    return reverse("matches:notes", args=[match.pk])


def _save(client, match, text, version, **extra):
    return client.post(_url(match), {"text": text, "version": version}, **extra)


def test_a_player_keeps_notes_that_only_they_read(match, anna, bruno):
    mine = client_for(anna)
    page = mine.get(f"/m/{match.pk}/").content.decode()
    assert _url(match) in page and 'data-testid="notes"' in page
    assert (
        "<summary>Mes notes</summary>"
        in client_for(anna, "fr").get(f"/m/{match.pk}/").content.decode()
    )
    assert _save(mine, match, SECRET, 0).status_code == 302  # no JavaScript: back to the form
    assert SECRET in mine.get(_url(match)).content.decode()
    answer = _save(mine, match, SECRET + " !", 1, **HX)  # the match page's htmx form
    assert answer.status_code == 200 and "Saved." in answer.content.decode()
    assert MatchNote.objects.get(match=match, user=anna).text == SECRET + " !"

    other = client_for(bruno)
    assert _url(match) in other.get(f"/m/{match.pk}/").content.decode()  # their own notes
    assert SECRET not in other.get(_url(match)).content.decode()
    match_post_chat(match_id=match.pk, user=bruno, text="bonne chance")
    for path in ("", "live", "since/", "record.json", "reference/"):
        seen = other.get(f"/m/{match.pk}/{path}", **(HX if path == "live" else {}))
        assert SECRET not in seen.content.decode(), path
    spectator = client_for(make_player("curieux"))
    assert 'data-testid="notes"' not in spectator.get(f"/m/{match.pk}/").content.decode()
    assert spectator.get(_url(match)).status_code == 403
    assert _save(spectator, match, "pirate", 0).status_code == 403
    assert client_for(None).get(_url(match)).status_code == 302  # to sign in
    assert MatchNote.objects.count() == 1


def test_notes_sent_from_an_older_copy_are_refused_and_both_texts_shown(match, anna):
    client = client_for(anna)
    _save(client, match, "Plan A", 0)
    answer = _save(client, match, "Plan B (autre onglet)", 0, **HX)  # drawn before Plan A
    html = answer.content.decode()
    assert answer.status_code == 409
    assert 'data-testid="notes-saved-elsewhere">Plan A' in html
    assert "Plan B (autre onglet)</textarea>" in html and 'name="version" value="1"' in html
    assert MatchNote.objects.get(match=match, user=anna).text == "Plan A"
    assert _save(client, match, "Plan B (autre onglet)", 1, **HX).status_code == 200  # knowingly
    assert MatchNote.objects.get(match=match, user=anna).text == "Plan B (autre onglet)"


@pytest.mark.parametrize("version", ["", "x", "-3", "99"])
def test_a_forged_version_changes_nothing(match, anna, version):
    client = client_for(anna)
    _save(client, match, "Plan A", 0)
    assert _save(client, match, "forgé", version, **HX).status_code == 409
    assert MatchNote.objects.get(match=match, user=anna).text == "Plan A"


def test_too_long_notes_are_refused_and_kept_in_the_box(match, anna):
    client = client_for(anna)
    answer = _save(client, match, "x" * 4001, 0, **HX)
    assert answer.status_code == 400 and "at most 4000 characters" in answer.content.decode()
    assert ("x" * 4001) in answer.content.decode()
    assert not MatchNote.objects.exists()


def test_emptied_notes_are_deleted(match, anna):
    client = client_for(anna)
    _save(client, match, "Plan A", 0)
    answer = _save(client, match, "   ", 1, **HX)
    assert answer.status_code == 200 and "Emptied." in answer.content.decode()
    assert not MatchNote.objects.exists()
    assert _save(client, match, "Plan C", 0, **HX).status_code == 200  # a new start


def test_someone_elses_private_match_is_not_found(match, anna):
    private = match
    Match.objects.filter(pk=private.pk).update(is_public=False)
    stranger = client_for(make_player("intrus"))
    assert stranger.get(_url(private)).status_code == 404
    assert _save(stranger, private, "x", 0).status_code == 404
    assert client_for(anna).get(_url(private)).status_code == 200
