"""Choosing the experts and grenade carriers by hand (games/paintball_site/setup_by_hand.py;
rulebook §Figurines expertes, §Grenade: the team chooses): the seat setting up gets a select of
its figures per expert and a carrier and a kind per grenade; what it posts is played as one
`setup_team` move judged by the engine; the other team learns it only when both are ready."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.matches.models import Match
from tests.fixtures import match_state

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    if user is not None:
        client.force_login(user)
    return client


def _page(client, match: Match) -> str:
    return client.get(reverse("matches:match", args=[match.pk])).content.decode()


def _post(client, match: Match, experts, grenades, **extra):
    match.refresh_from_db()
    data = {
        "expected_version": match.version,
        "expert": list(experts),
        "grenade-carrier": [fid for fid, _ in grenades],
        "grenade-kind": [kind for _, kind in grenades],
        **extra,
    }
    return client.post(reverse("paintball_site:setup", args=[match.pk]), data)


def _counts(match: Match, seat: int) -> tuple[int, int]:
    _system, state = match_state(match)
    experts, grenades = state.setup_counts[seat]
    return experts, grenades


def _options(html: str, testid: str) -> tuple[list[str], list[str]]:
    select = re.search(rf'<select [^>]*data-testid="{testid}"[^>]*>(.*?)</select>', html, re.S)
    assert select, testid
    values = re.findall(r'<option value="([^"]+)"', select.group(1))
    chosen = re.findall(r'<option value="([^"]+)" selected', select.group(1))
    return values, chosen


def test_the_team_setting_up_gets_a_select_per_expert_and_per_grenade(players, new_match):
    red, _blue = players
    match = new_match(experts=True, grenades=True)
    experts, grenades = _counts(match, 0)
    html = _page(_client(red), match)
    assert 'data-testid="setup-form"' in html
    reds = ["r1", "r2", "r3", "r4", "r5", "r6"]
    for n in range(1, experts + 1):
        values, chosen = _options(html, f"setup-expert-{n}")
        assert values == reds and chosen == [f"r{n}"]  # the default: the lowest figures
    assert f'data-testid="setup-expert-{experts + 1}"' not in html
    for n in range(1, grenades + 1):
        values, chosen = _options(html, f"setup-grenade-{n}")
        assert values == reds and chosen == [f"r{n}"]
        assert _options(html, f"setup-kind-{n}") == (["paint", "smoke"], ["paint"])
    assert "Fumigène" in html and "Expert 1" in html
    # The ready-made setups stay as quick picks beside the form.
    assert html.count('data-testid="setup-team"') == 2


def test_nobody_else_gets_the_form_and_it_goes_once_posted(players, new_match, make_user):
    red, _blue = players
    match = new_match(experts=True, grenades=True)
    assert 'data-testid="setup-form"' not in _page(_client(), match)
    assert 'data-testid="setup-form"' not in _page(_client(make_user("onlooker")), match)
    experts, grenades = _counts(match, 0)
    _post(
        _client(red), match, [f"r{n}" for n in range(1, experts + 1)], [("r1", "paint")] * grenades
    )
    assert 'data-testid="setup-form"' not in _page(_client(red), match)


def test_a_setup_of_ones_own_is_played_and_revealed_only_when_both_are_ready(players, new_match):
    red, blue = players
    match = new_match(experts=True, grenades=True)
    experts, grenades = _counts(match, 0)
    # The middle figures as experts (neither ready-made setup names them); every grenade on
    # Rouge 2, the first a smoke one.
    mine = [f"r{n}" for n in range(2, 2 + experts)]
    carried = [("r2", "smoke")] + [("r2", "paint")] * (grenades - 1)
    answer = _post(_client(red), match, mine, carried)
    assert answer.status_code == 302
    blue_page = _page(_client(blue), match)
    assert "grenade fumigène pour Rouge 2" not in blue_page
    assert "a choisi ses experts et ses grenades" in blue_page
    b_experts, b_grenades = _counts(match, 1)
    _post(
        _client(blue),
        match,
        [f"b{n}" for n in range(1, b_experts + 1)],
        [("b1", "paint")] * b_grenades,
    )
    _system, state = match_state(match)
    assert state.phase == "deploy"
    assert sorted(f.id for f in state.figures if f.expert and f.team == "red") == mine
    assert state.figure("r2").grenades == tuple(kind for _, kind in carried)
    assert "grenade fumigène pour Rouge 2" in _page(_client(blue), match)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda e, g: (["r1", "r1", *e[2:]], g), "expert(s) différent(s)"),
        (lambda e, g: (["b1", *e[1:]], g), "Ne nommez que vos propres figurines"),
        (lambda e, g: (e, [("r1", "fire")] * len(g)), "grenade(s) fumigène(s) ou de peinture"),
        (lambda e, g: (e, g[1:]), "Distribuez exactement"),
    ],
)
def test_a_setup_the_rules_refuse_says_why_and_changes_nothing(players, new_match, change, reason):
    red, _blue = players
    match = new_match(experts=True, grenades=True)
    experts, grenades = _counts(match, 0)
    good = ([f"r{n}" for n in range(1, experts + 1)], [("r1", "smoke")] * grenades)
    bad_experts, bad_grenades = change(*good)
    match.refresh_from_db()
    snapshot, version = match.snapshot, match.version
    answer = _post(_client(red), match, bad_experts, bad_grenades, HTTP_HX_REQUEST="true")
    assert answer.status_code == 400
    assert reason in answer.content.decode()
    match.refresh_from_db()
    assert (match.snapshot, match.version) == (snapshot, version)
