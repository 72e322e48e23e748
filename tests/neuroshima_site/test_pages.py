"""Our pages on real Postgres: gallery, adapter, board fragment, battle viewer, record, replay,
analysis; and hidden information never reaching the browser."""

from __future__ import annotations

import json

import pytest
from django.utils.html import escape

from games.engine import registry
from games.engine.neuroshima.tiles import all_tiles
from games.matches import services
from games.matches.models import Match
from games.matches.systems import get_site, options_form
from tests.fixtures import play_random as play

pytestmark = pytest.mark.django_db

POSITION = {
    "board": "king_of_the_hill",
    "seats": ["posterunek", "moloch"],
    "tiles": [
        {"hex": [0, 0], "tile": "posterunek.bagarreux", "seat": 0, "rotation": 0},
        {"hex": [0, -1], "tile": "moloch.cyborg", "seat": 1, "rotation": 3, "wounds": 0},
        {"hex": [2, 0], "tile": "moloch.hq", "seat": 1},
        {"hex": [-2, 0], "tile": "posterunek.hq", "seat": 0},
    ],
}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_gallery_draws_every_tile_with_its_names(client, language):
    response = client.get("/neuroshima/tiles/", HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 200
    for spec in all_tiles().values():
        assert f'data-testid="tile-{spec.id}"' in html
        assert spec.name_fr.replace("'", "&#x27;") in html
    assert ("Initiative" in html) and (
        "Symbols" in html if language == "en" else "Symboles" in html
    )
    assert "style=" not in html and "<script>" not in html


def test_the_site_is_registered_and_moves_travel_as_one_json_field(client, players, new_match):
    assert get_site("neuroshima").key == "neuroshima"
    match = new_match()
    client.force_login(players[0])
    html = client.get(f"/m/{match.pk}/?hex=0,0").content.decode()
    move = {"hex": [0, 0], "type": "PlaceHQ"}
    assert f'name="move" value="{escape(json.dumps(move, separators=(",", ":")))}"' in html


@pytest.mark.parametrize(
    "move",
    [
        "{not json",
        "",
        json.dumps({"type": "Hack"}),
        json.dumps({"type": "PlaceHQ", "hex": "0;0"}),
        json.dumps({"type": "PlaceHQ"}),
        json.dumps([1, 2]),
        json.dumps({"type": "PlaceTile", "tile_index": 9, "hex": [5, 5], "rotation": 7}),
    ],
)
def test_forged_or_illegal_moves_are_refused_with_a_sentence_and_change_nothing(
    client, players, new_match, move
):
    match = new_match()
    client.force_login(players[0])
    response = client.post(
        f"/m/{match.pk}/move",
        {"move": move, "expected_version": match.version},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code in (200, 400, 409)
    assert 'class="message error"' in response.content.decode()
    before = match.version
    match.refresh_from_db()
    assert match.version == before


def test_the_options_form_gives_the_engine_config_for_the_lobbys_seat_count():
    form = options_form(
        "neuroshima",
        {
            "neuroshima-mode": "alliance",
            "neuroshima-board": "king_of_the_hill",
            "neuroshima-army_0": "borgo",
            "neuroshima-army_1": "random",
            "neuroshima-army_2": "moloch",
            "neuroshima-army_3": "",
        },
        seats=4,
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data == {
        "armies": ["borgo", "random", "moloch", "random"],
        "mode": "alliance",
        "board": "king_of_the_hill",
        "points_variant": False,
    }
    bad = options_form("neuroshima", {"neuroshima-mode": "alliance"}, seats=2)
    assert not bad.is_valid()
    assert options_form("neuroshima", {}, seats=5).is_valid() is False


PICK = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "board"}


def test_a_pick_fetched_by_htmx_gets_the_board_and_hand_only(client, players, new_match):
    match = new_match()
    client.force_login(players[0])
    response = client.get(f"/m/{match.pk}/", **PICK)
    html = response.content.decode()
    # The first HQ may go anywhere: 19 targets, written short (board.js completes them).
    assert 'data-href="?hex="' in html and html.count(' data-pick="') == 19
    assert 'id="board"' in html and 'id="hand"' in html and 'id="status"' not in html
    assert "<html" not in html and '<polygon class="cell' not in html  # the grid stays in the page
    assert response["HX-Push-Url"] == f"/m/{match.pk}/"
    picked = client.get(f"/m/{match.pk}/?hex=0,0", **PICK)
    html = picked.content.decode()
    assert 'data-testid="confirm-move"' in html
    assert (
        'name="move" value="{&quot;hex&quot;:[0,0],&quot;type&quot;:&quot;PlaceHQ&quot;}"' in html
    )
    assert 'id="hand" class="hand-area" hx-swap-oob="true"' in html
    assert picked["HX-Push-Url"] == f"/m/{match.pk}/?hex=0,0"  # back undoes the pick


def test_the_page_draws_the_grid_once_under_the_board(client, players, new_match):
    match = new_match(board="king_of_the_hill")
    client.force_login(players[0])
    html = client.get(f"/m/{match.pk}/").content.decode()
    grid, board = html.index('class="hb-svg hb-grid"'), html.index('id="board"')
    assert grid < board and html.count('<polygon class="cell') == 19 and "cell-label" in html
    assert html.count('id="hb-hex"') == 1
    assert 'href="/neuroshima/tiles/" data-testid="tiles-link"' in html


def test_a_page_opened_before_the_start_reloads_once_the_board_exists(client, make_user):
    anna, bruno = make_user("nh_early"), make_user("nh_late")
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[anna, None],
        created_by=anna,
    )
    client.force_login(anna)
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert f"/m/{match.pk}/live?until_start=1" in page
    waiting = client.get(f"/m/{match.pk}/live?until_start=1", HTTP_HX_REQUEST="true")
    assert "HX-Refresh" not in waiting and 'id="board"' in waiting.content.decode()
    services.match_join(match_id=match.pk, user=bruno)
    started = client.get(f"/m/{match.pk}/live?until_start=1", HTTP_HX_REQUEST="true")
    assert started["HX-Refresh"] == "true"


def test_the_hand_shows_my_tiles_but_never_the_opponents(client, players, new_match):
    match = play(new_match(), players, 2)  # two HQs: seat 0 has drawn its first tile
    system = registry.get_system("neuroshima")
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    mine = state.seats[seat].hand
    client.force_login(players[seat])
    html = client.get(f"/m/{match.pk}/", **PICK).content.decode()
    assert 'data-testid="hand-tile-0"' in html
    client.force_login(players[1 - seat])
    other = client.get(f"/m/{match.pk}/", **PICK).content.decode()
    assert 'data-testid="hand-tile-0"' not in other
    for tile_id in mine:
        if tile_id not in json.dumps(state.position.to_json()):
            assert tile_id not in other
    assert match.seed not in html and match.seed not in other


def test_battle_viewer_steps_through_a_battle(client, players, new_match):
    match = play(new_match(), players, 150, prefer=("PlayBattle", "PlaceTile", "Decide"))
    client.force_login(players[0])
    first = client.get(f"/m/{match.pk}/steps/1/")
    assert first.status_code == 200
    html = first.content.decode()
    count = int(html.split('data-count="')[1].split('"')[0])
    assert count >= 3 and 'data-testid="battle-next"' in html
    assert "<h1>Bataille 1</h1>" in html  # the site's language, French
    seen_attack = False
    for n in range(count):
        page = client.get(f"/m/{match.pk}/steps/1/?step={n}").content.decode()
        seen_attack |= 'data-testid="attack-line"' in page
        assert f'data-step="{n}"' in page
    assert 'data-testid="battle-next"' not in page
    since = client.get(f"/m/{match.pk}/since/")
    assert since.status_code == 200


def test_record_and_replay_exist_only_for_finished_matches(client, players, new_match):
    match = play(new_match(), players, 20)
    assert client.get(f"/m/{match.pk}/record.json").status_code == 404
    assert client.get(f"/m/{match.pk}/replay/").status_code == 404
    match = play(match, players, 1000)
    assert match.status == Match.Status.FINISHED
    record = client.get(f"/m/{match.pk}/record.json")
    assert record.status_code == 200
    data = json.loads(record.content)
    assert data["moves"] and data["position"]["tiles"]
    assert match.seed not in record.content.decode() and "deck" not in data
    replay = client.get(f"/m/{match.pk}/replay/?ply=5").content.decode()
    assert 'data-testid="replay-next"' in replay and match.seed not in replay
    analysis = client.post("/neuroshima/analysis/", {"data": record.content.decode()})
    assert analysis.status_code == 200


def test_analysis_shows_a_position_and_runs_a_battle(client):
    text = json.dumps(POSITION)
    shown = client.post("/neuroshima/analysis/", {"data": text}).content.decode()
    assert 'data-testid="analysis-board"' in shown and "koth-2" in shown
    run = client.post("/neuroshima/analysis/", {"data": text, "run": "1", "step": "1"})
    html = run.content.decode()
    assert 'data-testid="battle-step"' in html and 'data-testid="attack-line"' in html
    bad = client.post("/neuroshima/analysis/", {"data": '{"tiles": 3}'}).content.decode()
    assert 'data-testid="analysis-error"' in bad


def test_the_tile_sprite_is_served_once_for_good_and_holds_every_symbol_a_page_uses(
    client, players, new_match
):
    import gzip
    import re

    from games.hexboard import sprite as sprites
    from games.neuroshima_site import pieces

    match = play(new_match(), players, 40, prefer=("PlaceTile",))
    client.force_login(players[0])
    html = client.get(f"/m/{match.pk}/").content.decode()
    used = set(re.findall(r'<use class="[^"]*" href="([^"#]+)#([^"]+)"', html))
    assert len(used) >= 3  # the HQs and some tiles
    (address,) = {url for url, _ in used}
    response = client.get(address, HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert "immutable" in response["Cache-Control"] and response["Content-Encoding"] == "gzip"
    sprite = gzip.decompress(response.content).decode()
    assert sprite == pieces.sprite_document().decode()
    for _, symbol in used:
        assert f'<symbol id="{symbol}"' in sprite
    stale = address.replace(sprites.digest("neuroshima"), "0" * 10)
    assert client.get(stale).status_code == 404


def test_a_wounded_tile_shows_its_red_dots_and_an_hq_its_points_over_the_sprite():
    from games.neuroshima_site import pieces as presenters

    mutant = presenters.tile_svg(
        presenters.tile_drawing("borgo.super_mutant", wounds=1, centre=(75.0, 43.3)),
        "Super Mutant",
        "/sprite.svg",
    )
    assert mutant.startswith(
        '<use class="tile army-borgo" href="/sprite.svg#borgo.super_mutant-0" x="75" y="43.3">'
        "<title>Super Mutant</title></use>"
    )
    assert mutant.count('class="wound"') == 1  # one of its two hit points
    hq = presenters.tile_svg(presenters.tile_drawing("moloch.hq", wounds=3), "QG", "/s.svg")
    assert '<text class="hq-points army-moloch" x="0" y="7">17</text>' in hq
    assert 'class="tile army-moloch hq"' in hq


def test_the_first_turn_says_what_to_do_and_shows_no_score_before_the_hq(
    client, players, new_match
):
    match = new_match()
    client.force_login(players[0])
    html = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Place your HQ: choose a highlighted hex." in html, html[html.find("hb-hand") :][:1500]
    assert 'class="headline"' not in html  # no HQ on the board: no HQ points yet
    played = play(match, players, 2)  # both HQs placed
    client.force_login(players[0])
    html = client.get(f"/m/{played.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.count('class="headline"') == 2


def test_since_my_last_turn_shows_the_board_names_the_players_and_links_back(
    client, players, new_match
):
    match = play(new_match(), players, 2)  # both HQs: seat 1 placed its HQ after seat 0
    client.force_login(players[0])
    html = client.get(f"/m/{match.pk}/since/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="since-board"' in html and "<use class=" in html
    assert players[1].username in html and f'href="/m/{match.pk}/"' in html
