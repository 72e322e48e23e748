"""The Neuroshima board on the match page: htmx moves (and plain POST without JavaScript), HQ
wounds in the points variant, and the opponent's hand never reaching another browser."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils.html import escape

from games.engine import registry
from games.engine.neuroshima.tiles import all_tiles, tile
from games.hexboard.keys import hex_key
from games.matches.models import Match
from games.matches.pushes import match_changes_for_socket
from games.neuroshima_site.battle_steps import _apply
from tests.fixtures import play_random as play

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _acting(match: Match):
    system = registry.get_system("neuroshima")
    state = system.state_from_json(match.snapshot)
    return system, state, system.to_act(state)[0]


def _post_first_legal(match: Match, players, **headers):
    system, state, seat = _acting(match)
    move = system.legal_moves(state, seat)[0]
    data = {**{"move": json.dumps(move)}, "expected_version": match.version}
    return _client(players[seat]).post(f"/m/{match.pk}/move", data, **headers)


def test_the_board_forms_post_through_htmx_to_the_platforms_move_url(new_match, players):
    match = new_match()
    system, state, seat = _acting(match)
    hq = hex_key(system.legal_moves(state, seat)[0]["hex"])  # placing the HQ first
    html = _client(players[seat]).get(f"/m/{match.pk}/?hex={hq}").content.decode()
    assert 'data-testid="confirm-move"' in html
    assert f'hx-post="/m/{match.pk}/move"' in html
    assert f'action="/m/{match.pk}/move"' in html  # still a real form without JavaScript


def test_an_htmx_move_answers_the_partials_out_of_band(new_match, players):
    match = new_match()
    response = _post_first_legal(match, players, **HX)
    html = response.content.decode()
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.version == 2
    for part in ("flash", "board", "hand", "status", "log-lines"):
        assert f'id="{part}"' in html
    assert html.count('hx-swap-oob="true"') == 4  # flash, board, hand, status
    assert 'hx-swap-oob="afterbegin"' in html  # the log's new lines
    assert f'data-version="{match.version}"' in html
    assert 'class="hb-svg hb-layer"' in html
    # Links in the answer select on the match page, not on the move URL.
    assert f"/m/{match.pk}/move?" not in html


def test_a_plain_post_move_redirects_to_the_match_page(new_match, players):
    match = new_match()
    response = _post_first_legal(match, players)
    assert response.status_code == 302
    assert response["Location"] == f"/m/{match.pk}/"
    match.refresh_from_db()
    assert match.version == 2


def test_a_refused_htmx_move_shows_the_error_in_the_flash(new_match, players):
    match = new_match()
    _, _, seat = _acting(match)
    response = _client(players[seat]).post(
        f"/m/{match.pk}/move", {"type": "Nonsense", "expected_version": match.version}, **HX
    )
    assert response.status_code == 400  # refused: the partials come back with the reason
    assert 'class="message error"' in response.content.decode()
    match.refresh_from_db()
    assert match.version == 1


def test_hq_wounds_in_the_points_variant_come_from_wounds_total():
    hq = "moloch.hq"
    position = {"tiles": [{"hex": [0, 0], "tile": hq, "seat": 1, "rotation": 0, "wounds": 0}]}
    _apply(position, {"kind": "HQDamaged", "seat": 1, "points_left": 20, "wounds_total": 7})
    assert position["tiles"][0]["wounds"] == 7
    # Without the points variant the points lost are the wounds.
    left = tile(hq).hit_points - 3
    _apply(position, {"kind": "HQDamaged", "seat": 1, "points_left": left})
    assert position["tiles"][0]["wounds"] == 3


def _within(secret: str, seen_ids: set[str]) -> bool:
    """Whether the tile's id or one of its names is part of a seen tile's id or name."""
    seen_names = [name for t in seen_ids for name in (tile(t).name_fr, tile(t).name_en)]
    names = (tile(secret).name_fr, tile(secret).name_en)
    return any(secret in t for t in seen_ids) or any(
        name in other for name in names for other in seen_names
    )


def _a_hand_drawn_in_secret(new_match, players) -> tuple[Match, int, list[str]]:
    """Plays on until the seat to act holds drawn tiles nobody else may see."""
    match = new_match()
    system = registry.get_system("neuroshima")
    for step in range(60):
        state = system.state_from_json(match.snapshot)
        seat = system.to_act(state)[0]
        me = state.seats[seat]
        hidden = [t for t, shown in zip(me.hand, me.shown, strict=False) if not shown]
        # Only tiles the other seat cannot otherwise see (same tile on the board, discarded...),
        # nor a tile of another army by the same name (Moloch's and Hegemonia's Éclaireur), nor
        # one whose name or id is part of a seen one's (the search below is by substring:
        # "Guard" is in "Armored Guard" on the board, "x-1" in "x-12").
        other_view = json.dumps(system.view(state, 1 - seat))
        seen_ids = {t for t in all_tiles() if f'"{t}"' in other_view}
        secret = [t for t in hidden if tile(t).kind != "hq" and not _within(t, seen_ids)]
        if secret and step > 4:
            return match, seat, secret
        match = play(match, players, 1, seed=11 + step)
    raise AssertionError("no secret hand came up")


def test_the_opponents_hand_never_reaches_the_other_seat_or_a_spectator(
    new_match, players, make_user
):
    match, seat, secret = _a_hand_drawn_in_secret(new_match, players)
    # The owner does see them: the search below would find them if they leaked.
    mine = _client(players[seat]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    # Names as the page writes them ("Tireur d'Élite" is escaped in HTML).
    assert all(escape(tile(t).name_fr) in mine.content.decode() for t in secret)
    spectator = make_user("nh_carla")
    pk = match.pk
    urls = [
        (f"/m/{pk}/", {}),
        (f"/m/{pk}/live", HX),
        (f"/m/{pk}/", {**HX, "HTTP_HX_TARGET": "board"}),
        (f"/neuroshima/m/{pk}/since/", {}),
    ]
    for client in (_client(players[1 - seat]), _client(spectator), Client()):
        for url, headers in urls:
            for language in ("fr", "en"):
                response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)
                if response.status_code != 200:
                    continue
                html = response.content.decode()
                for t in secret:
                    spec = tile(t)
                    names = (spec.name_fr, spec.name_en)
                    for value in (t, *names, *(escape(name) for name in names)):
                        assert value not in html, (url, value)


def _pushed(match, user, language: str) -> str:
    """What the websocket of `user`'s page would get pushed for the match's last change."""
    scope = {"user": user, "headers": [(b"accept-language", language.encode())], "cookies": {}}
    found = match_changes_for_socket(scope=scope, match_id=match.pk, since=match.version - 1)
    return found[1] if found else ""


def test_the_opponents_hand_never_reaches_another_seat_s_or_a_spectator_s_socket(
    new_match, players, make_user
):
    match, seat, secret = _a_hand_drawn_in_secret(new_match, players)
    # The owner's own push shows them: the search below would find them if they leaked.
    assert all(escape(tile(t).name_fr) in _pushed(match, players[seat], "fr") for t in secret)
    for reader in (players[1 - seat], make_user("nh_dora")):
        for language in ("fr", "en"):
            html = _pushed(match, reader, language)
            assert html or reader is not players[1 - seat]  # the opponent does get a push
            for t in secret:
                names = (tile(t).name_fr, tile(t).name_en)
                for value in (t, *names, *(escape(name) for name in names)):
                    assert value not in html, (reader, value)


def test_the_navigation_links_notifications_and_settings_in_french(players):
    html = _client(players[0]).get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'href="/notifications/" id="nav-notifications" class="nav-key">Notifications' in html
    assert 'href="/me/settings/" id="nav-settings">Paramètres</a>' in html


def test_a_player_on_vacation_is_marked_beside_their_seat(new_match, players):
    from datetime import timedelta

    from django.utils import timezone

    from games.accounts.models import Profile

    match = new_match()
    until = timezone.now() + timedelta(days=3)
    Profile.objects.update_or_create(user=players[1], defaults={"on_vacation_until": until})
    html = _client(players[0]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.count('class="vacation-note"') == 1


def test_a_live_refetch_keeps_the_half_made_move_of_the_page(new_match, players):
    match = new_match()
    system, state, seat = _acting(match)
    hq = hex_key(system.legal_moves(state, seat)[0]["hex"])
    page = f"http://testserver/m/{match.pk}/?hex={hq}"
    html = (
        _client(players[seat])
        .get(f"/m/{match.pk}/live", HTTP_HX_CURRENT_URL=page, **HX)
        .content.decode()
    )
    assert 'data-testid="confirm-move"' in html


def test_the_match_history_names_the_players_not_seat_numbers():
    from games.neuroshima_site.site import SITE

    event = {"kind": "TurnEnded", "seat": 1}
    assert "bruno" in SITE.describe_event(event, ["anna", "bruno"])
    assert "bruno" not in SITE.describe_event(event)
