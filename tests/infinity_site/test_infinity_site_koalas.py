"""A carrier's CrazyKoalas placed by hand from the match page (koala_picks.py): after the hex of
its deployment in the open, the hexes of its two koalas, or « Placer automatiquement »; after a
movement skill's destination, where each koala follows, or Confirm leaving them. Forged picks
are refused with nothing changed; a hidden carrier's koalas never reach the other seat."""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.moves import decode
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.rules import play as play_move
from games.hexboard.keys import hex_key
from games.matches.models import Match
from games.matches.pushes import match_changes_for_socket
from tests.fixtures import client_for
from tests.infinity_site.conftest import acting
from tests.infinity_site.positions import to_order
from tests.infinity_site.test_infinity_site_pages import page

pytestmark = pytest.mark.django_db

CARRIER = "m1"  # Akinyi, the Moran Maasai Hunter with two CrazyKoalas (a test profile)


def trooper(tid, seat, profile, hex_, facing=0):
    return {"id": tid, "seat": seat, "profile": profile, "hex": hex_, "facing": facing}


def deploying(match: Match, hidden_allowed: bool = False) -> Match:
    data = {
        "board": {"cols": 16, "rows": 16, "name": "small"},
        "options": {"hidden_deployment": hidden_allowed},
        "seats": [
            {"seat": 0, "army": "nomads", "sectorial": None, "army_points": 25},
            {"seat": 1, "army": "yujing", "sectorial": None, "army_points": 10},
        ],
        "troopers": [
            trooper(CARRIER, 0, "nomads.moran.crazykoala", None),
            trooper("w1", 1, "yujing.zhanshi.combi", [5, 2], 3),
        ],
        "turn": {"phase": "deployment", "pending": {"seat": 0, "kind": "deploy"}},
        "hidden": {"0": {"lieutenant": CARRIER}, "1": {"lieutenant": "w1"}},
    }
    match.snapshot = state_to_json(state_from_json(data))
    match.save(update_fields=["snapshot"])
    return match


def moving(match: Match) -> Match:
    data = {
        "board": {"cols": 16, "rows": 16, "name": "small"},
        "options": {"reactions": "auto"},
        "seats": [
            {"seat": 0, "army": "nomads", "sectorial": None, "army_points": 25},
            {"seat": 1, "army": "yujing", "sectorial": None, "army_points": 10},
        ],
        "troopers": [
            trooper(CARRIER, 0, "nomads.moran.crazykoala", [5, 12]),
            trooper("w1", 1, "yujing.zhanshi.combi", [12, 1], 3),
        ],
        "koalas": [
            {"id": "m1.k1", "seat": 0, "carrier": CARRIER, "hex": [4, 12]},
            {"id": "m1.k2", "seat": 0, "carrier": CARRIER, "hex": [6, 12]},
        ],
        "turn": {
            "phase": "active",
            "orders": {"0": {"regular": 2}},
            "pending": {"seat": 0, "kind": "order"},
        },
        "hidden": {"0": {"lieutenant": CARRIER}, "1": {"lieutenant": "w1"}},
    }
    match.snapshot = state_to_json(state_from_json(data))
    match.save(update_fields=["snapshot"])
    return match


def confirm_move(text: str) -> dict:
    """The move the Confirm button posts."""
    form = text.split('data-testid="confirm-move"')[0].rsplit("<form", 1)[1]
    raw = re.search(r'name="move" value="([^"]*)"', form)
    assert raw is not None
    return json.loads(html_lib.unescape(raw.group(1)))


def picks_on_board(text: str) -> list[str]:
    return re.findall(r'data-pick="([^"]+)"', text)


def post(match, user, move):
    return client_for(user).post(
        f"/m/{match.pk}/move", {"move": json.dumps(move), "expected_version": match.version}
    )


def test_a_carrier_deploying_is_asked_where_its_koalas_go_or_to_place_them_automatically(
    new_match, players
):
    match = deploying(new_match())
    at = hex_key((5, 12))
    text = page(match, players[0], f"?hex={at}", language="fr")
    assert "Où placer le premier CrazyKoala de Moran" in text
    assert "Placer automatiquement" in text
    assert 'aria-label="CrazyKoala ici : rangée 3 depuis votre bord, colonne 6 depuis' in text
    text = page(match, players[0], f"?hex={at}")
    assert "Where do you place the first CrazyKoala of Moran" in text
    assert "Place them automatically" in text
    assert confirm_move(text).get("koalas") is None  # the fast way: the engine places them
    offered = picks_on_board(text)
    assert "5,11" in offered and "5,9" in offered and at not in offered
    assert "5,6" not in offered  # beside the enemy: a koala there would be lost
    # Each place in a player's words, not « CrazyKoala ici (5, 11) »: (5, 11), north of the
    # carrier's (5, 12), is on row 13, the third from seat 0's edge (row 15), column 6.
    assert 'aria-label="CrazyKoala here: row 3 from your edge, column 6 from the left"' in text
    assert "CrazyKoala here (" not in text
    text = page(match, players[0], f"?hex={at}&opt=1.open&koala1=5,9")
    assert "Where do you place the second CrazyKoala" in text
    assert 'data-testid="confirm-move"' not in text  # the second must be placed too
    assert "5,9" not in picks_on_board(text) and 'data-testid="koala-pick1"' in text
    text = page(match, players[0], f"?hex={at}&opt=1.open&koala1=5,9&koala2=7,11")
    move = confirm_move(text)
    assert move["koalas"] == [[5, 9], [7, 11]]
    assert post(match, players[0], move).status_code == 302
    _, state, _ = acting(Match.objects.get(pk=match.pk))
    assert [k.hex for k in state.koalas] == [(5, 9), (7, 11)]


def test_the_automatic_placement_still_places_both_koalas(new_match, players):
    match = deploying(new_match())
    text = page(match, players[0], f"?hex={hex_key((5, 12))}")
    assert "Place them automatically" in text
    assert post(match, players[0], confirm_move(text)).status_code == 302
    _, state, _ = acting(Match.objects.get(pk=match.pk))
    assert len(state.koalas) == 2


def test_a_forged_koala_pick_is_dropped_and_a_forged_move_refused_with_nothing_changed(
    new_match, players
):
    match = deploying(new_match())
    at = hex_key((5, 12))
    text = page(match, players[0], f"?hex={at}&opt=1.open&koala1=5,3")  # beside the enemy
    assert 'data-testid="koala-pick1"' not in text and "Where do you place" not in text
    before = (match.version, match.snapshot)
    forged = {"type": "deploy", "seat": 0, "trooper": CARRIER, "hex": [5, 12], "facing": 0}
    for koalas in ([[5, 3]], [[5, 11], [5, 11]], [[5, 11], [6, 11], [4, 13]]):
        assert post(match, players[0], {**forged, "koalas": koalas}).status_code == 400
    assert post(match, players[1], {**forged, "koalas": [[5, 11]]}).status_code in (400, 403)
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before


def test_a_hidden_carrier_shows_no_koala_to_the_other_seat(new_match, players, make_user):
    match = deploying(new_match(), hidden_allowed=True)
    at = hex_key((5, 12))
    text = page(match, players[0], f"?hex={at}&opt=2.hidden")
    move = confirm_move(text)
    assert move.get("hidden") and "koalas" not in move  # hidden: no koala to place
    assert "Where do you place" not in text
    assert post(match, players[0], move).status_code == 302
    match.refresh_from_db()
    urls = [
        (f"/m/{match.pk}/", {}),
        (f"/m/{match.pk}/", {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "board"}),
        (f"/m/{match.pk}/since/", {}),
        (f"/m/{match.pk}/steps/", {}),
    ]

    def pushed(reader) -> str:
        """What their page's socket gets pushed for the match's changes."""
        scope = {"user": reader, "headers": [(b"accept-language", b"en")], "cookies": {}}
        found = match_changes_for_socket(scope=scope, match_id=match.pk, since=0)
        return found[1] if found else ""

    assert f'data-testid="trooper-{CARRIER}"' in pushed(players[0])  # the owner's push shows it
    readers = (players[1], make_user("inf_carla"), None)
    for reader in readers:
        seen = [
            client_for(reader).get(url, HTTP_ACCEPT_LANGUAGE="en", **headers).content.decode()
            for url, headers in urls
        ]
        if reader is not None:
            seen.append(pushed(reader))
        for got in seen:
            assert "koala" not in got.lower() and f'data-testid="trooper-{CARRIER}"' not in got
            assert not re.search(r'data-testid="[^"]+" data-hex="5,12"', got)
    _, state, _ = acting(match)
    assert state.koalas == ()


def test_koalas_follow_their_carrier_where_the_player_picks_or_stay(new_match, players):
    match = moving(new_match())
    assert post(match, players[0], {"type": "order", "seat": 0, "trooper": CARRIER}).status_code
    match.refresh_from_db()
    spot = hex_key((5, 10))
    text = page(match, players[0], f"?spot={spot}&opt=1.move")
    assert "Does the first CrazyKoala" in text
    assert confirm_move(text).get("koalas") in (None, {})  # Confirm: they stay
    offered = picks_on_board(text)
    assert "4,10" in offered and "4,12" in offered  # (4, 12): its own hex, it stays
    assert spot not in offered and "6,12" not in offered
    text = page(match, players[0], f"?spot={spot}&opt=1.move&koala1=4,10")
    assert "Does the second CrazyKoala" in text
    assert confirm_move(text)["koalas"] == {"m1.k1": [4, 10]}  # the second stays
    text = page(match, players[0], f"?spot={spot}&opt=1.move&koala1=4,10&koala2=6,10")
    move = confirm_move(text)
    assert move["koalas"] == {"m1.k1": [4, 10], "m1.k2": [6, 10]}
    assert post(match, players[0], move).status_code == 302
    _, state, _ = acting(Match.objects.get(pk=match.pk))
    assert {k.id: k.hex for k in state.koalas} == {"m1.k1": (4, 10), "m1.k2": (6, 10)}


def coordinated_into_a_koala(match: Match) -> Match:
    """Two Zhanshi of a coordinated order step inside the ZoC of Akinyi's koala: its owner
    (seat 0) chooses which it goes for."""
    data = {
        "board": {"cols": 16, "rows": 16, "name": "small"},
        "options": {"reactions": "auto"},
        "seats": [
            {"seat": 0, "army": "nomads", "sectorial": None, "army_points": 25},
            {"seat": 1, "army": "yujing", "sectorial": None, "army_points": 20},
        ],
        "troopers": [
            trooper(CARRIER, 0, "nomads.moran.crazykoala", [5, 12]),
            trooper("w1", 1, "yujing.zhanshi.combi", [4, 6], 3),
            trooper("w2", 1, "yujing.zhanshi.combi", [7, 6], 3),
        ],
        "koalas": [{"id": "m1.k1", "seat": 0, "carrier": CARRIER, "hex": [5, 9]}],
        "turn": to_order(1),
        "hidden": {"0": {"lieutenant": CARRIER}, "1": {"lieutenant": "w1"}},
    }
    ctx = Ctx(state_from_json(data), Dice(forced={}))
    play_move(ctx, 1, decode({"type": "order", "seat": 1, "coordinated": ["w1", "w2"]}))
    step = {
        "type": "declare",
        "seat": 1,
        "skill": "move",
        "paths": {"w1": [[4, 7]], "w2": [[7, 7]]},
    }
    play_move(ctx, 1, decode(step))
    match.snapshot = state_to_json(ctx.state)
    match.save(update_fields=["snapshot"])
    return match


def test_the_owner_chooses_the_koalas_target_among_a_coordinated_orders_troopers(
    new_match, players
):
    match = coordinated_into_a_koala(new_match())
    text = page(match, players[0], language="fr")
    assert "choisissez la figurine qu" in text and "Sur Zhanshi" in text
    other = page(match, players[1])
    assert "choose the trooper it goes for" not in other and "koala-target" not in other
    before = (match.version, match.snapshot)
    forged = {"type": "koala_target", "seat": 0, "koala": "m1.k1", "target": CARRIER}
    assert post(match, players[0], forged).status_code == 400
    assert post(match, players[1], {**forged, "target": "w1"}).status_code in (400, 403)
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before
    assert post(match, players[0], {**forged, "target": "w1"}).status_code == 302
    _, state, _ = acting(Match.objects.get(pk=match.pk))
    assert state.turn.current.koalas == (("m1.k1", "w1"),)


def test_koalas_may_follow_a_turn_of_their_carrier_too(new_match, players):
    """« Détecter est une Compétence Courte de Mouvement »: Change Facing stands in for it (the
    engine's example 1), the carrier staying where it is."""
    match = moving(new_match())
    assert post(match, players[0], {"type": "order", "seat": 0, "trooper": CARRIER}).status_code
    match.refresh_from_db()
    behind = hex_key((5, 13))  # the hex a turn to face about (direction 3) is picked by
    text = page(match, players[0], f"?spot={behind}&opt=4.face3&koala1=4,10")
    assert "Does the second CrazyKoala" in text
    move = confirm_move(text)
    assert move["skill"] == "change_facing" and move["koalas"] == {"m1.k1": [4, 10]}
    assert post(match, players[0], move).status_code == 302
    _, state, _ = acting(Match.objects.get(pk=match.pk))
    assert {k.id: k.hex for k in state.koalas}["m1.k1"] == (4, 10)
