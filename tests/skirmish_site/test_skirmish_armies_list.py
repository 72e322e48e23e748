"""Both armies model by model (the panel's « Les deux armées » list): drawn with the match page,
sent closed and empty with a redraw (a move's answer), fetched when opened (htmx) or read as a
page of its own; only where the match may be seen."""

from __future__ import annotations

import json

from games.engine import registry
from games.matches import services
from tests.fixtures import client_for
from tests.fixtures import play_random as play

HX = {"HTTP_HX_REQUEST": "true"}


def test_the_page_draws_the_list_and_a_move_s_answer_sends_it_to_fetch(new_match, players):
    match = play(new_match(), players, 400, until=lambda s: s.phase == "movement")
    system = registry.get_system("skirmish")
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    client = client_for(players[seat])
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert 'class="sk-roster"' in page and "Walker" in page
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "move")
    answer = client.post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": match.version},
        **HX,
    ).content.decode()
    address = f"/skirmish/m/{match.pk}/armies/"
    assert 'class="sk-roster"' not in answer and f'hx-get="{address}"' in answer
    listed = client.get(address, **HX).content.decode()
    assert listed.count('class="sk-roster"') == 2 and "Walker" in listed and "<h1>" not in listed
    whole = client.get(address).content.decode()
    assert "<h1>Both armies: profiles, items, damage</h1>" in whole
    assert f'href="/m/{match.pk}/"' in whole  # back to the match


def test_the_list_in_french(new_match, players):
    match = new_match()
    html = client_for(players[0], "fr").get(f"/skirmish/m/{match.pk}/armies/").content.decode()
    assert "Retour à la partie" in html and "Rouge" in html


def test_nobody_reads_the_list_of_a_private_match_nor_of_another_game(players, make_user):
    private = services.match_create(
        system="skirmish",
        config={"scenario": "pitched_battle", "board": "small"},
        seat_users=list(players),
        is_public=False,
    )
    outsider = client_for(make_user("sk_outsider"))
    assert outsider.get(f"/skirmish/m/{private.pk}/armies/").status_code == 404
    assert client_for(players[0]).get(f"/skirmish/m/{private.pk}/armies/").status_code == 200
    other = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=list(players)
    )
    assert client_for(players[0]).get(f"/skirmish/m/{other.pk}/armies/").status_code == 404
    assert client_for(players[0]).post(f"/skirmish/m/{private.pk}/armies/").status_code == 405
