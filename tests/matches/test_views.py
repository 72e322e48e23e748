"""Match pages: partials for htmx, redirects for plain POSTs, CSRF, authorization."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match, MatchRecord

HX = {"HTTP_HX_REQUEST": "true"}


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def _first_move(match):
    system = get_system(match.system)
    return system.legal_moves(system.state_from_json(match.snapshot), 0)[0]


def test_the_lobby_and_my_games_render(client, anna, claim_match):
    assert client.get("/").status_code == 200
    page = _client(anna).get("/games/")
    assert page.status_code == 200
    assert f"/m/{claim_match.pk}/" in page.content.decode()
    # What the page refetches when the websocket says one of my matches changed: the list only.
    listed = _client(anna).get("/games/", HTTP_HX_REQUEST="true").content.decode()
    assert listed.lstrip().startswith('<div id="my-games"') and "<html" not in listed
    assert f"/m/{claim_match.pk}/" in listed and "games-my_turn" in listed


def test_the_match_page_shows_the_board_and_my_move_buttons(anna, claim_match):
    page = _client(anna).get(f"/m/{claim_match.pk}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'id="board"' in html and 'id="status"' in html and 'id="log"' in html
    assert 'name="expected_version" value="1"' in html
    assert "(1) " in html.split("</title>")[0]  # the title counts my turns


def test_a_plain_post_moves_and_redirects_with_a_message(anna, claim_match):
    client = _client(anna)
    response = client.post(
        f"/m/{claim_match.pk}/move",
        {"move": json.dumps(_first_move(claim_match)), "expected_version": "1"},
    )
    assert response.status_code == 302 and response["Location"] == f"/m/{claim_match.pk}/"
    claim_match.refresh_from_db()
    assert claim_match.version == 2


def test_an_htmx_post_gets_the_partials_out_of_band(anna, claim_match):
    response = _client(anna).post(
        f"/m/{claim_match.pk}/move",
        {"move": json.dumps(_first_move(claim_match)), "expected_version": "1"},
        **HX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    # What a move changes, out of band: no chat, and only the log's new lines, added on top.
    for part in ("board", "hand", "status", "flash"):
        assert f'id="{part}"' in html
    assert html.count('hx-swap-oob="true"') == 4
    assert '<ol id="log-lines" hx-swap-oob="afterbegin"><li' in html
    assert 'id="chat"' not in html and 'id="log"' not in html


def test_a_refetch_brings_the_log_lines_the_page_lacks_and_the_chat(anna, bruno, claim_match):
    services.match_submit_move(
        match_id=claim_match.pk, user=anna, move_data=_first_move(claim_match), expected_version=1
    )
    live = f"/m/{claim_match.pk}/live"
    html = _client(bruno).get(live, {"since": "1"}, **HX).content.decode()
    assert html.count("<li") >= 1 and 'hx-swap-oob="afterbegin"' in html
    assert 'id="chat"' in html
    # A page that says nothing of its version gets the whole log.
    whole = _client(bruno).get(live, **HX).content.decode()
    assert '<section id="log"' in whole and 'hx-swap-oob="afterbegin"' not in whole


def test_a_refetch_after_a_takeback_gets_the_whole_log_struck_through(anna, claim_match):
    services.match_submit_move(
        match_id=claim_match.pk, user=anna, move_data=_first_move(claim_match), expected_version=1
    )
    services.match_take_back(match_id=claim_match.pk, user=anna, expected_version=2)
    html = _client(anna).get(f"/m/{claim_match.pk}/live", {"since": "2"}, **HX).content.decode()
    assert '<section id="log"' in html and 'class="cancelled"' in html


def test_a_stale_htmx_post_answers_409_with_the_current_board(anna, claim_match):
    client = _client(anna)
    move = _first_move(claim_match)
    client.post(f"/m/{claim_match.pk}/move", {"move": json.dumps(move), "expected_version": "1"})
    response = client.post(
        f"/m/{claim_match.pk}/move", {"move": json.dumps(move), "expected_version": "1"}, **HX
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "changed since you loaded it" in html or "a changé" in html
    assert 'name="expected_version" value="2"' in html
    assert MatchRecord.objects.filter(match=claim_match).count() == 2


def test_an_illegal_htmx_move_is_an_error_message_with_status_400(anna, claim_match):
    response = _client(anna).post(
        f"/m/{claim_match.pk}/move", {"move": "{not json", "expected_version": "1"}, **HX
    )
    assert response.status_code == 400
    assert 'class="message error"' in response.content.decode()
    claim_match.refresh_from_db()
    assert claim_match.version == 1


def test_the_live_endpoint_returns_only_partials(anna, claim_match):
    response = _client(anna).get(f"/m/{claim_match.pk}/live", **HX)
    assert response.status_code == 200 and "<html" not in response.content.decode()


def test_csrf_is_enforced_on_moves(anna, claim_match):
    client = Client(enforce_csrf_checks=True)
    client.force_login(anna)
    response = client.post(
        f"/m/{claim_match.pk}/move",
        {"move": json.dumps(_first_move(claim_match)), "expected_version": "1"},
    )
    assert response.status_code == 403
    page = response.content.decode()  # the expired form's page, in the site's look
    assert 'class="site-header"' in page and "css/site.css" in page
    claim_match.refresh_from_db()
    assert claim_match.version == 1


def test_a_private_match_is_404_for_others_and_public_one_is_watchable(anna, bruno, carla):
    private = services.match_create(
        system="claim", config={}, seat_users=[anna, bruno], is_public=False
    )
    public = services.match_create(system="claim", config={}, seat_users=[bruno, anna])
    carla_client = _client(carla)
    assert carla_client.get(f"/m/{private.pk}/").status_code == 404
    assert carla_client.get(f"/m/{private.pk}/live").status_code == 404
    assert Client().get(f"/m/{private.pk}/").status_code == 404
    assert carla_client.post(f"/m/{private.pk}/chat", {"text": "hi"}).status_code == 404
    # A move is checked by the service first (only a player may move); an outsider still gets
    # the 404 of a match they may not see, htmx or not, and nothing is played.
    move = {"move": json.dumps(_first_move(private)), "expected_version": str(private.version)}
    assert carla_client.post(f"/m/{private.pk}/move", move).status_code == 404
    assert carla_client.post(f"/m/{private.pk}/move", move, **HX).status_code == 404
    assert carla_client.post(f"/m/{private.pk + 999}/move", move, **HX).status_code == 404
    private.refresh_from_db()
    assert private.version == int(move["expected_version"])
    watch = carla_client.get(f"/m/{public.pk}/")
    assert watch.status_code == 200
    assert "Your moves" not in watch.content.decode()


def test_someone_elses_move_post_changes_nothing(carla, claim_match):
    response = _client(carla).post(
        f"/m/{claim_match.pk}/move",
        {"move": json.dumps(_first_move(claim_match)), "expected_version": "1"},
        **HX,
    )
    assert response.status_code == 400
    assert "not playing" in response.content.decode() or "ne jouez pas" in response.content.decode()
    claim_match.refresh_from_db()
    assert claim_match.version == 1


def test_creating_in_the_lobby_then_joining_by_invite_link(anna, bruno):
    response = _client(anna).post(
        reverse("matches:create"),
        {
            "system": "claim",
            "players": "2",
            "seat_1": "invite",
            "seat_2": "open",
            "seat_3": "open",
            "days_per_move": "3",
            "bank_increment_hours": "0",
            "bank_max_days": "0",
            "vacation_allowed": "on",
            "is_public": "on",
        },
    )
    match = Match.objects.get()
    assert response.status_code == 302
    assert match.status == Match.Status.OPEN
    bruno_client = _client(bruno)
    # Invite-only seats are not offered in the lobby.
    assert f"/m/{match.pk}/join" not in bruno_client.get("/").content.decode()
    bruno_client.post(f"/m/{match.pk}/join")
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN
    assert bruno_client.get(f"/m/{match.pk}/join/wrong").status_code == 404
    invite = f"/m/{match.pk}/join/{match.invite_token}"
    assert bruno_client.get(invite).status_code == 200
    assert bruno_client.post(invite).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


@pytest.mark.parametrize("seat", ["", None])
def test_a_new_match_with_a_seat_left_blank_is_refused_and_creates_nothing(anna, seat):
    """The page always says who takes each seat; a blank one (a forged form, found by the
    hardening fuzz) is refused in words rather than guessed to be an open seat."""
    data = {
        "system": "claim",
        "players": "2",
        "days_per_move": "3",
        "bank_increment_hours": "0",
        "bank_max_days": "0",
        **({"seat_1": seat} if seat is not None else {}),
    }
    response = _client(anna).post(reverse("matches:create"), data)
    assert response.status_code == 400
    assert "Choisissez qui prend cette place" in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize("box", ["vacation_allowed", "weekend_pause_allowed", "is_public"])
def test_a_new_match_with_a_forged_checkbox_is_refused_and_creates_nothing(anna, box):
    """A checkbox sends "on" or nothing; Django's BooleanField read any other word as ticked,
    so a forged "peut-être" used to create a match (every form's boxes now read strictly:
    hexsite/form_fields.py)."""
    data = {
        "system": "claim",
        "players": "2",
        "seat_1": "open",
        "days_per_move": "3",
        "bank_increment_hours": "0",
        "bank_max_days": "0",
        box: "peut-être",
    }
    response = _client(anna).post(reverse("matches:create"), data)
    assert response.status_code == 400
    assert "Cochez la case ou laissez-la vide" in response.content.decode()
    assert not Match.objects.exists()
    data[box] = "on"
    assert _client(anna).post(reverse("matches:create"), data).status_code == 302


def test_chat_take_back_draw_and_resign_over_plain_posts(anna, bruno, claim_match):
    anna_client, bruno_client = _client(anna), _client(bruno)
    anna_client.post(f"/m/{claim_match.pk}/chat", {"text": "Bonne chance"})
    assert "Bonne chance" in bruno_client.get(f"/m/{claim_match.pk}/").content.decode()
    anna_client.post(
        f"/m/{claim_match.pk}/move",
        {"move": json.dumps(_first_move(claim_match)), "expected_version": "1"},
    )
    anna_client.post(f"/m/{claim_match.pk}/takeback", {"expected_version": "2"})
    claim_match.refresh_from_db()
    assert claim_match.version == 3
    anna_client.post(f"/m/{claim_match.pk}/draw/offer")
    bruno_client.post(f"/m/{claim_match.pk}/draw/decline")
    assert bruno_client.post(f"/m/{claim_match.pk}/draw/bogus").status_code == 404
    bruno_client.post(f"/m/{claim_match.pk}/resign")
    claim_match.refresh_from_db()
    assert claim_match.status == Match.Status.FINISHED


@pytest.mark.parametrize("lang, text", [("fr", "Votre tour"), ("en", "Your turn")])
def test_the_match_page_speaks_french_and_english(anna, claim_match, lang, text):
    client = _client(anna)
    client.cookies["django_language"] = lang
    html = client.get(f"/m/{claim_match.pk}/").content.decode()
    assert text in html


def test_a_neuroshima_match_is_created_from_the_lobby_with_its_own_options(anna):
    from games.matches.systems import options_form

    config_form = options_form("neuroshima")
    data = {
        "system": "neuroshima",
        "players": "2",
        "seat_1": "open",
        "seat_2": "open",
        "seat_3": "open",
        "days_per_move": "2",
        "bank_increment_hours": "0",
        "bank_max_days": "0",
        "is_public": "on",
    }
    for name, field in config_form.fields.items():
        if field.initial is not None:
            data[f"neuroshima-{name}"] = field.initial
    client = _client(anna)
    page = client.get("/").content.decode()
    assert page.count('name="players"') == 1 and 'name="neuroshima-mode"' in page
    response = client.post(reverse("matches:create"), data)
    assert response.status_code == 302, response.content.decode()[-6000:]
    match = Match.objects.get(system="neuroshima")
    assert match.status == Match.Status.OPEN and match.days_per_move == 2
    assert match.seats.count() == 2
