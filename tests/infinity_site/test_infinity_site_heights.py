"""Roofs, Climb and Jump on the match page (engine heights.py): a roof drawn with its level and
named in words (French and English), a Climb picked at the roof's hex through the shared picks,
posted through the page's move endpoint and told in the log, and the rules page."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

import pytest
from django.utils import translation

from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.infinity_site import koala_picks
from games.infinity_site.place_words import place_words
from games.matches.models import Match
from tests.infinity_site.positions import (
    declared,
    duel,
    duel_match,
    hand_written_match,
    post_move,
    regular_order,
    seed_rolling,
    trooper,
)
from tests.infinity_site.test_infinity_site_hidden import client_for, step_urls
from tests.infinity_site.test_infinity_site_koalas import confirm_move, picks_on_board

pytestmark = pytest.mark.django_db
ORDER = regular_order("a1")
CLIMB = declared("climb", "a1", path=[[5, 10]], second={"skill": "none"})


def roof_match(players) -> Match:
    """Corregidor's Alguacil a1 at the foot of a roof of level 2; the Keisotsu far off, facing
    away."""
    troopers = [
        trooper("a1", 0, "corregidor.alguacil.combi", [5, 11], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 0),
    ]
    return duel_match(players, troopers, scenery=[{"hex": [5, 10], "kind": "building", "level": 2}])


def page(client, match: Match, language: str, query: str = "") -> str:
    return client.get(f"/m/{match.pk}/{query}", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_a_roof_is_drawn_with_its_level_and_named_in_words(players):
    match = roof_match(players)
    owner = client_for(players[0])
    english, french = page(owner, match, "en"), page(owner, match, "fr")
    assert "<title>roof (level 2)</title>" in english and "▲2" in english
    assert "<title>toit (niveau 2)</title>" in french


def test_a_climb_is_picked_at_the_roof_and_said_in_the_players_words(players):
    match = roof_match(players)
    owner = client_for(players[0])
    match = post_move(owner, match, ORDER)
    query = "?spot=5,10&opt=1.climb.c"
    english, french = page(owner, match, "en", query), page(owner, match, "fr", query)
    assert "a1 climbs to the roof (level 2) (a PH roll at the end of the order" in english
    assert "a1 escalade vers le toit (niveau 2) (un jet de PH à la fin de l&#x27;ordre" in french


def test_a_roof_hex_is_named_by_its_roof(players):
    view = SYSTEM.view(state_from_json(roof_match(players).snapshot), 0)
    with translation.override("en"):
        assert place_words(view, [5, 10]).endswith(", on a roof (level 2)")
    with translation.override("fr"):
        assert place_words(view, [5, 10]).endswith(", sur un toit (niveau 2)")


def _seed_that_fails(match: Match) -> None:
    """Choose the match's seed so that the climb's PH roll fails."""
    seed_rolling(match, 0, CLIMB, "ClimbRolled", success=False, name="climb")


def test_a_climb_posted_is_told_in_the_log(players):
    match = roof_match(players)
    owner = client_for(players[0])
    match = post_move(owner, match, ORDER)
    _seed_that_fails(match)
    match = post_move(owner, match, CLIMB)
    assert state_from_json(match.snapshot).trooper("a1").hex == (5, 11)  # slipped back
    english, french = page(owner, match, "en"), page(owner, match, "fr")
    assert "a1 climbs to the roof (level 2)." in english
    assert "against 10, failure: it slips back down." in english
    assert "a1 escalade vers le toit (niveau 2)." in french
    assert "contre 10, raté : elle glisse et redescend." in french
    # the step viewer draws a1 on the roof after its Climb, then back at the foot of the wall
    steps = [owner.get(url).content.decode() for url in step_urls(owner, match)]
    drawn = [re.findall(r'data-testid="trooper-a1" data-hex="([\d,-]+)"', html) for html in steps]
    assert ["5,10"] in drawn and drawn[-1] == ["5,11"]


def test_the_rules_page_tells_it_in_both_languages(client):
    english = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'id="heights"' in english and "Climb (a short movement skill)" in english
    assert "Escalader (une compétence courte de mouvement)" in french


def team_match(players) -> Match:
    """The worked sequence's step three (T 716–724): the Alguaciles a1 (leading), a2, a3, a4 and
    a5 linked, a roof of level 1 in front of a1, a2 and a3; the Keisotsu far off, facing away."""
    troopers = [
        trooper("a1", 0, "corregidor.alguacil.hmg", [6, 12], 0),
        trooper("a2", 0, "corregidor.alguacil.combi", [7, 12], 0),
        trooper("a3", 0, "corregidor.alguacil.lgl", [5, 12], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [6, 13], 0),
        trooper("a5", 0, "corregidor.alguacil.paramedic", [4, 13], 0),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 0),
    ]
    return duel_match(
        players,
        troopers,
        fireteams=[{"seat": 0, "leader": "a1", "members": ["a1", "a2", "a3", "a4", "a5"]}],
        scenery=[{"hex": [q, 11], "kind": "building", "level": 1} for q in (5, 6, 7)],
    )


def koala_team_match(players) -> Match:
    """team_match with a2 a Moran carrying a CrazyKoala, on the ground at (8, 12)."""
    position = team_match(players).snapshot
    moran = trooper("a2", 0, "nomads.moran.crazykoala", [7, 12], 0)
    position["troopers"] = [moran if t["id"] == "a2" else t for t in position["troopers"]]
    position["koalas"] = [{"id": "a2.k1", "seat": 0, "carrier": "a2", "hex": [8, 12]}]
    return hand_written_match(players, position)


def test_a_fireteams_climb_takes_the_members_the_player_picks_and_the_others_do_nothing(players):
    """As in the text, two Alguaciles climb and the others do nothing: the first climber's hex,
    the option naming it, then each other climber and its hex, or Confirm."""
    match = team_match(players)
    owner = client_for(players[0])
    match = post_move(owner, match, {"type": "order", "seat": 0, "fireteam": True, "leader": "a1"})
    query = "?spot=7,11&opt=1.climb.a2"
    english = page(owner, match, "en", query)
    assert "Does another trooper of the fireteam climb too?" in english
    assert "The others do nothing" in english
    assert confirm_move(english)["paths"] == {"a2": [[7, 11]]}
    assert sorted(picks_on_board(english)) == ["5,12", "6,12"]  # a3 and a1 may climb too
    english = page(owner, match, "en", query + "&who1=5,12")
    assert sorted(picks_on_board(english)) == ["5,11", "6,11"]  # where a3 may climb
    query += "&who1=5,12&to1=5,11"
    english, french = page(owner, match, "en", query), page(owner, match, "fr", query)
    move = confirm_move(english)
    assert move["paths"] == {"a2": [[7, 11]], "a3": [[5, 11]]}
    told = "a2 climbs to the roof (level 1), Alguacil (grenadier) a3 climbs to the roof (level 1)"
    assert told in english and "Does another trooper of the fireteam climb too?" in english
    assert "a3 escalade vers le toit (niveau 1) (un jet de PH" in french
    assert "Une autre figurine de l&#x27;équipe escalade-t-elle aussi ?" in page(
        owner, match, "fr", "?spot=7,11&opt=1.climb.a2"
    )
    assert "Les autres ne font rien" in french
    match = post_move(owner, match, move)
    state = state_from_json(match.snapshot)  # placed at once, their rolls at the resolution
    hexes = {t: state.trooper(t).hex for t in ("a1", "a2", "a3", "a4", "a5")}
    assert hexes == {"a1": (6, 12), "a2": (7, 11), "a3": (5, 11), "a4": (6, 13), "a5": (4, 13)}


def test_a_carriers_koalas_are_offered_hexes_around_the_roof_it_climbs_to(players):
    """The koalas follow a Climb to where it ends (engine koalas.follow_hexes), not to where the
    carrier stood."""
    akinyi = trooper("a1", 0, "nomads.moran.crazykoala", [5, 11], 0)
    position = duel([akinyi, trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 0)], {})
    position["scenery"] = [{"hex": [5, 10], "kind": "building", "level": 1}]
    position["koalas"] = [{"id": "a1.k1", "seat": 0, "carrier": "a1", "hex": [4, 11]}]
    state = state_from_json(position)
    climb = {**CLIMB, "path": [[5, 10]]}
    assert koala_picks.following(state, SYSTEM.view(state, 0), climb) == [("a1.k1", (5, 10))]


def test_a_fireteams_climb_led_by_a_carrier_takes_its_koala_along_and_more_climbers(players):
    """The first climber carries a CrazyKoala: its koala's hex is picked first (koala_picks.py),
    then the other climbers as without one (never onto the koala's hex); the engine takes both."""
    match = koala_team_match(players)
    owner = client_for(players[0])
    match = post_move(owner, match, {"type": "order", "seat": 0, "fireteam": True, "leader": "a1"})
    query = "?spot=7,11&opt=1.climb.a2"
    english = page(owner, match, "en", query)
    assert "Does the first CrazyKoala of Moran Maasai Hunter (CrazyKoalas) a2 follow?" in english
    assert "6,11" in picks_on_board(english)  # onto the roof beside its carrier's
    query += "&koala1=6,11"
    english = page(owner, match, "en", query)
    assert "Does another trooper of the fireteam climb too?" in english
    assert confirm_move(english)["koalas"] == {"a2.k1": [6, 11]}
    # a3 may climb too; a1 (6,12) not: the roofs beside it are a2's and the koala's
    assert picks_on_board(english) == ["5,12"]
    english = page(owner, match, "en", query + "&who1=5,12")
    assert picks_on_board(english) == ["5,11"]  # not onto the koala's roof (6,11)
    query += "&who1=5,12&to1=5,11"
    move = confirm_move(page(owner, match, "en", query))
    assert move["paths"] == {"a2": [[7, 11]], "a3": [[5, 11]]}
    assert move["koalas"] == {"a2.k1": [6, 11]}
    match = post_move(owner, match, move)
    state = state_from_json(match.snapshot)
    assert state.trooper("a2").hex == (7, 11) and state.trooper("a3").hex == (5, 11)
    assert [k.hex for k in state.koalas] == [(6, 11)]


def confirm_link(text: str) -> str:
    """Where Confirm leads when it picks rather than posts (html-unescaped)."""
    found = re.search(r'<a class="button primary" href="([^"]*)" data-testid="confirm-move"', text)
    assert found is not None, "Confirm posts a move here"
    return found.group(1).replace("&amp;", "&")


def test_confirm_at_the_koala_step_of_a_fireteams_climb_leaves_it_and_asks_for_more_climbers(
    players,
):
    """« They stay where they stand » at the koala's step of a team's Climb: the koala stays and
    the page asks for the other climbers (it posted the first climber alone, the others unasked);
    a3 added, the engine takes both climbers and the koala stays on its hex."""
    match = koala_team_match(players)
    owner = client_for(players[0])
    match = post_move(owner, match, {"type": "order", "seat": 0, "fireteam": True, "leader": "a1"})
    english = page(owner, match, "en", "?spot=7,11&opt=1.climb.a2")
    assert "Does the first CrazyKoala of Moran Maasai Hunter (CrazyKoalas) a2 follow?" in english
    assert "They stay where they stand" in english
    assert "8,12" not in picks_on_board(english)  # its own hex is Confirm's, not a hex to click
    query = confirm_link(english)
    assert dict(parse_qsl(query[1:])) == {"spot": "7,11", "opt": "1.climb.a2", "koala1": "8,12"}
    english = page(owner, match, "en", query)
    assert "Does another trooper of the fireteam climb too?" in english
    assert sorted(picks_on_board(english)) == ["5,12", "6,12"]  # a3 and a1, as without one
    query += "&who1=5,12&to1=5,11"
    move = confirm_move(page(owner, match, "en", query))
    assert move["paths"] == {"a2": [[7, 11]], "a3": [[5, 11]]}
    match = post_move(owner, match, move)
    state = state_from_json(match.snapshot)
    assert state.trooper("a2").hex == (7, 11) and state.trooper("a3").hex == (5, 11)
    assert [k.hex for k in state.koalas] == [(8, 12)]
