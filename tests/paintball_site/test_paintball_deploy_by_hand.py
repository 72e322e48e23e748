"""Deploying by hand (games/paintball_site/deploy.py): the seat that deploys gets a form of one
select per figure over its start zone, in words; what it posts is played as one `deploy` move,
judged by the engine like any other; the ready deployments read differently from each other."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.matches.models import Match
from games.matches.systems import get_site
from tests.fixtures import match_state

pytestmark = pytest.mark.django_db


def _client(user=None, language: str = "fr") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def _page(client, match: Match) -> str:
    return client.get(reverse("matches:match", args=[match.pk])).content.decode()


def _post(client, match: Match, hexes: dict[str, str], seat: int | None = None, **extra):
    data: dict = {"figure": list(hexes), "expected_version": match.version, **extra}
    data.update({f"hex-{fid}": h for fid, h in hexes.items()})
    if seat is not None:
        data["seat"] = seat
    return client.post(reverse("paintball_site:deploy", args=[match.pk]), data)


def _zone_and_home(match: Match, seat: str):
    from games.engine.paintball.setup import zone

    _system, state = match_state(match)
    hexes = zone(state, seat)
    return [f"{q},{r}" for q, r in hexes], hexes[0]


def _ready(match: Match, seat: int) -> list[dict]:
    system, state = match_state(match)
    return system.legal_moves(state, seat)


def test_the_seat_that_deploys_gets_a_select_per_figure_over_its_start_zone(players, new_match):
    red, blue = players
    match = new_match()
    html = _page(_client(red), match)
    assert 'data-testid="deploy-form"' in html
    zone, _home = _zone_and_home(match, "red")
    for fid in ("r1", "r2", "r3", "r4", "r5", "r6"):
        select = re.search(
            rf'<select id="pb-deploy-{fid}" name="hex-{fid}"[^>]*>(.*?)</select>', html
        )
        assert select, fid
        assert re.findall(r'<option value="([^"]+)"', select.group(1)) == zone
    assert "votre base" in html and "au nord" in html  # the hexes in words, from the base
    # The start zone is outlined on the board, every hex of it.
    assert len(re.findall(r'<use class="zone"', html)) == len(zone)
    # The default deployment is chosen: posting the form unchanged plays it.
    default = _ready(match, 0)[0]["hexes"]
    for fid, (q, r) in default.items():
        assert re.search(rf'name="hex-{fid}".*?<option value="{q},{r}" selected', html, re.S)


def test_nobody_else_gets_the_form(players, new_match, make_user):
    red, _blue = players
    match = new_match()
    spectator = _page(_client(), match)
    assert 'data-testid="deploy-form"' not in spectator and '<use class="zone"' not in spectator
    assert 'data-testid="deploy-form"' not in _page(_client(make_user("onlooker")), match)
    _post(_client(red), match, _as_form(match, 0))
    match.refresh_from_db()
    # Red has deployed: its form is gone (it waits for blue, whose deployment stays secret).
    after = _page(_client(red), match)
    assert 'data-testid="deploy-form"' not in after and '<use class="zone"' not in after


def _as_form(match: Match, seat: int) -> dict[str, str]:
    return {fid: f"{q},{r}" for fid, (q, r) in _ready(match, seat)[0]["hexes"].items()}


def test_a_deployment_of_ones_own_is_played_and_the_figures_stand_there(players, new_match):
    red, blue = players
    match = new_match()
    zone, home = _zone_and_home(match, "red")
    base, a, b, c = zone[0], zone[1], zone[2], zone[3]
    # One no ready deployment offers: 1 in the base, then 3, 1 and 1 around it.
    mine = {"r1": base, "r2": a, "r3": a, "r4": a, "r5": b, "r6": c}
    offered = [{f: f"{h[0]},{h[1]}" for f, h in m["hexes"].items()} for m in _ready(match, 0)]
    assert mine not in offered
    version = match.version
    answer = _post(_client(red), match, mine)
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.version == version + 1
    _post(_client(blue), match, _as_form(match, 1))
    _system, state = match_state(match)
    stands = {f.id: f"{f.hex[0]},{f.hex[1]}" for f in state.figures if f.id.startswith("r")}
    assert stands == mine


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda z: {"r1": z[1], "r2": z[1], "r3": z[1], "r4": z[1]}, "Trop de figurines"),
        (lambda z: {"r1": "9,9"}, "zone de départ"),
        (lambda z: {"r1": "x;y"}, "Ce coup est illisible"),
        (lambda z: {"b1": z[1]}, "une fois et une seule"),
    ],
)
def test_a_deployment_the_rules_refuse_says_why_and_changes_nothing(
    players, new_match, change, reason
):
    red, _blue = players
    match = new_match()
    zone, _home = _zone_and_home(match, "red")
    form = {**_as_form(match, 0), **change(zone)}
    snapshot, version = match.snapshot, match.version
    answer = _post(_client(red), match, form, HTTP_HX_REQUEST="true")
    assert answer.status_code == 400
    assert reason in answer.content.decode()
    match.refresh_from_db()
    assert (match.snapshot, match.version) == (snapshot, version)


def test_only_a_player_of_the_match_may_deploy(players, new_match, make_user):
    red, _blue = players
    match = new_match()
    version = match.version
    outsider = _post(_client(make_user("outsider")), match, _as_form(match, 0))
    assert outsider.status_code == 400
    assert "Vous ne jouez pas dans cette partie." in outsider.content.decode()
    anonymous = _post(_client(), match, _as_form(match, 0))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    match.refresh_from_db()
    assert match.version == version


def test_no_two_ready_deployments_read_the_same(players, new_match):
    match = new_match()
    system, state = match_state(match)
    view = system.view(state, 0)
    for language in ("fr", "en"):
        with translation.override(language):
            labels = [get_site("paintball").move_label(m, view) for m in _ready(match, 0)]
        assert len(set(labels)) == len(labels) > 1, labels


def test_in_a_base_assault_the_defender_may_deploy_anywhere_in_its_half(players, new_match):
    red, blue = players
    match = new_match(scenario="base_assault")
    _system, state = match_state(match)
    defender = state.roles[1]
    seat = 0 if defender == "red" else 1
    user = red if seat == 0 else blue
    html = _page(_client(user), match)
    zone, _home = _zone_and_home(match, defender)
    assert len(zone) > 4  # a whole half, not the start zone's four hexes
    fid = f"{defender[0]}1"
    select = re.search(rf'<select id="pb-deploy-{fid}" name="hex-{fid}"[^>]*>(.*?)</select>', html)
    assert select and re.findall(r'<option value="([^"]+)"', select.group(1)) == zone
    labels = re.findall(r"<option [^>]*>([^<]+)</option>", select.group(1))
    assert len(set(labels)) == len(labels)  # two hexes never read the same
