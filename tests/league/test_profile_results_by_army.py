"""A player's profile counts their results per army as well as per game (ux-review (c): "wins/losses
per game and per army"), from the armies the match's options gave each seat."""

from __future__ import annotations

import re

from django.utils import translation

from games.matches import services
from games.matches.systems import get_site
from tests.fixtures import client_for, make_player


def _finished(winner, loser, armies, *, winner_seat=0):
    seats = [winner, loser] if winner_seat == 0 else [loser, winner]
    match = services.match_create(system="neuroshima", config={"armies": armies}, seat_users=seats)
    services.match_resign(match_id=match.pk, user=loser)
    return match


def _lines(html: str, testid: str) -> list[str]:
    found = re.findall(rf'<li data-testid="{testid}">(.*?)(?:<ul|</li>)', html, re.S)
    return [re.sub(r"<[^>]+>", "", line).strip() for line in found]


def test_results_are_counted_per_army_the_player_led(db):
    anna, bruno = make_player("anna"), make_player("bruno")
    _finished(anna, bruno, ["moloch", "borgo"])
    _finished(anna, bruno, ["moloch", "hegemonia"])
    _finished(bruno, anna, ["posterunek", "moloch"], winner_seat=0)  # anna led Moloch, and lost
    _finished(anna, bruno, ["borgo", "posterunek"], winner_seat=1)  # anna in seat 1 with Outpost
    html = client_for(anna, "en").get("/me/u/anna/").content.decode()
    assert _lines(html, "results-line") == ["Neuroshima Hex: 3 wins, 1 loss, 0 draws"]
    assert _lines(html, "results-side") == [
        "Moloch: 2 wins, 1 loss, 0 draws",
        "Outpost: 1 win, 0 losses, 0 draws",
    ]
    carla = make_player("carla", language="fr")
    french = client_for(carla, "fr").get("/me/u/anna/").content.decode()
    assert _lines(french, "results-side")[0] == "Moloch : 2 victoires, 1 défaite, 0 nul"


def test_a_game_whose_options_fix_no_army_lists_no_army():
    assert get_site("paintball").side_name({"scenario": "capture_the_flag"}, 0) == ""
    assert get_site("neuroshima").side_name({}, 0) == ""
    assert get_site("infinity").side_name({"armies": ["corregidor", "jsa"]}, 1) == "ASJ"
    listed = {"armies": [{"sectorial": "corregidor", "units": []}, "jsa"]}
    assert get_site("infinity").side_name(listed, 0) == "Corregidor"


def test_an_army_left_to_chance_counts_as_the_army_drawn(db):
    anna, bruno = make_player("anna"), make_player("bruno")
    match = _finished(anna, bruno, ["random", "moloch"])
    drawn = match.snapshot["config"]["armies"][0]
    html = client_for(anna, "en").get("/me/u/anna/").content.decode()
    with translation.override("en"):
        army = get_site("neuroshima").side_label(drawn)
    assert _lines(html, "results-side") == [f"{army}: 1 win, 0 losses, 0 draws"]
