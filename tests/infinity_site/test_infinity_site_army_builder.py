"""The Infinity army builder (tier 2) through games/armies: one profile per trooper with its
points and SWC, the engine's totals, SWC allowance and AVA, problems in words, the switch to the
other sectorial; a saved list brought into a match from the lobby and by a joining player."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.armies import services as army_services
from games.matches import services
from games.matches.models import Match
from games.matches.systems import options_form

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def client_for(user) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(user)
    return c


def lobby(**fields):
    data = {
        "infinity-scenario": "annihilation",
        "infinity-board": "small",
        "infinity-reactions": "auto",
        "infinity-max_game_turns": "3",
    }
    data.update({f"infinity-{k}": v for k, v in fields.items()})
    return data


def form(*profiles, sectorial="corregidor", name="Fast company", **extra):
    data = {"name": name, "sectorial": sectorial, "u-total": str(len(profiles)), "list_id": ""}
    data.update({f"u-{i}-profile": p for i, p in enumerate(profiles)})
    data.update(extra)
    return data


LEAN = (
    "corregidor.alguacil.lt",
    "corregidor.alguacil.missile",
    "corregidor.mobile_brigada.multi",
    "corregidor.alguacil.paramedic",
)


def test_the_new_list_page_offers_each_profile_with_points_and_swc(players):
    page = client_for(players[0]).get(reverse("armies:new", args=["infinity"])).content.decode()
    assert "Alguacil (HMG) · 19 pts · SWC 1" in page
    assert "Alguacil (Combi), Lieutenant · 10 pts · SWC 1" in page
    assert "Alguacil (missile launcher) · 26 pts · SWC 1" in page
    assert "forward observer" not in page  # its equipment waits for tier 3
    assert "Total: 145 points" in page and 'data-testid="army-sectorial"' in page


def test_the_live_partial_prices_with_the_engine_and_counts_swc_and_ava(players):
    answer = client_for(players[0]).post(
        reverse("armies:price", args=["infinity"]), form(*LEAN, points_limit="100"), **HX
    )
    html = answer.content.decode()
    assert answer.status_code == 200 and "Total: 93 points" in html
    assert "SWC 2 of 2 (one per 50 points of the limit)" in html
    assert "Mobile Brigada: 1 of 6 allowed" in html
    assert 'data-testid="army-ok"' in html


def test_problems_are_explained_in_words(players):
    brigada = ["corregidor.mobile_brigada.hmg"] * 7
    html = (
        client_for(players[0])
        .post(reverse("armies:price", args=["infinity"]), form(*brigada), **HX)
        .content.decode()
    )
    assert "Too many Mobile Brigada: the sectorial allows 6." in html
    assert "An army has exactly one Lieutenant option." in html
    html = (
        client_for(players[0])
        .post(
            reverse("armies:price", args=["infinity"]),
            form("corregidor.alguacil.lt", "jsa.domaru.chain"),
            **HX,
        )
        .content.decode()
    )
    assert "not part of this sectorial army" in html


def test_switching_the_sectorial_starts_from_its_starter_roster(players):
    page = client_for(players[0]).post(
        reverse("armies:save", args=["infinity"]),
        form(*LEAN, sectorial="jsa", action="add"),
    )
    html = page.content.decode()
    assert page.status_code == 200 and "Total: 149 points" in html
    assert "Domaru Butai (Chain Rifle) · 27 pts" in html
    assert not ArmyList_exists(players[0])


def test_after_adding_a_trooper_the_keyboard_is_in_its_profile(players):
    """The page is drawn again after "Add a unit": as the skirmish builder's, the new trooper's
    profile takes the focus (the keyboard started over at the page's top). A switch to the other
    sectorial posts "add" too but adds nothing: no trooper takes the focus then."""
    client = client_for(players[0])
    url = reverse("armies:save", args=["infinity"])
    html = client.post(url, form(*LEAN, action="add")).content.decode()
    assert html.count("autofocus") == 1
    assert re.search(r'<select id="u-4-profile"[^>]*\bautofocus\b', html)
    switched = client.post(url, form(*LEAN, sectorial="jsa", action="add")).content.decode()
    assert "autofocus" not in switched
    # Eight troopers switched to the JSA's starter roster of nine: one more, but none added.
    eight = (*LEAN, *LEAN)
    switched = client.post(url, form(*eight, sectorial="jsa", action="add")).content.decode()
    assert "autofocus" not in switched and "Domaru Butai" in switched
    assert "autofocus" not in client.get(reverse("armies:new", args=["infinity"])).content.decode()


def test_after_removing_a_trooper_the_keyboard_is_in_the_one_now_in_its_place(players):
    """« Enlever » drew the page again with the keyboard back at its top: it goes on in the
    trooper that took the removed one's place, or the new last one after removing the last."""
    client = client_for(players[0])
    url = reverse("armies:save", args=["infinity"])
    html = client.post(url, form(*LEAN, action="remove-1")).content.decode()
    assert html.count("autofocus") == 1
    assert 'value="corregidor.alguacil.missile" selected' not in html
    assert re.search(r'<select id="u-1-profile"[^>]*\bautofocus\b', html)
    html = client.post(url, form(*LEAN, action="remove-3")).content.decode()
    assert re.search(r'<select id="u-2-profile"[^>]*\bautofocus\b', html)
    html = client.post(url, form(*LEAN[:1], action="remove-0")).content.decode()
    assert "autofocus" not in html  # no trooper left
    forged = client.post(url, form(*LEAN, action="remove-x")).content.decode()
    assert "autofocus" not in forged and forged.count('data-testid="unit-') >= 4


def test_add_switch_and_remove_work_before_the_list_has_a_name(players):
    """The name is required to save; the buttons that only redraw the form skip the browser's
    check (a new player pressing « Ajouter une unité » first was sent back to the name)."""
    page = client_for(players[0]).get(reverse("armies:new", args=["infinity"])).content.decode()
    for testid in ("army-add-unit", "army-switch"):
        assert re.search(rf'<button[^>]*data-testid="{testid}"[^>]*\bformnovalidate\b', page)
    assert re.search(r'<button[^>]*value="remove-0"[^>]*\bformnovalidate\b', page)
    assert not re.search(r'<button[^>]*data-testid="army-save"[^>]*\bformnovalidate\b', page)


def ArmyList_exists(user) -> bool:  # reads as a sentence in the test
    from games.armies.models import ArmyList

    return ArmyList.objects.filter(owner=user).exists()


def _saved(user, profiles=LEAN):
    return army_services.army_list_save(
        owner=user,
        system="infinity",
        name="Fast company",
        data={"sectorial": "corregidor", "units": [{"profile": p} for p in profiles]},
    )


def test_a_saved_list_is_offered_in_the_lobby_and_played(players):
    saved = _saved(players[0])
    assert saved.valid and saved.total == 93
    options = options_form("infinity", lobby(army=str(saved.pk)), user=players[0])
    assert options.is_valid(), options.errors
    config = options.cleaned_data
    assert config["armies"][1] == "jsa"  # the other starter roster
    match = services.match_create(system="infinity", config=config, seat_users=list(players))
    state_troopers = [t["id"] for t in match.snapshot["troopers"] if t["seat"] == 0]
    assert state_troopers == ["a1", "a2", "b1", "a3"]


def test_a_list_over_the_lobbys_points_limit_is_refused_in_words(players):
    saved = _saved(players[0], LEAN + ("corregidor.mobile_brigada.hmg",))
    options = options_form(
        "infinity", lobby(army=str(saved.pk), points_limit="100"), user=players[0]
    )
    assert not options.is_valid()
    assert "au-delà de la limite de 100" in options.errors["__all__"][0]
    with translation.override("en"):
        options = options_form(
            "infinity", lobby(army=str(saved.pk), points_limit="100"), user=players[0]
        )
        assert "over this match's limit of 100" in options.errors["__all__"][0]


def test_a_joining_player_brings_their_list(players, make_user):
    match = services.match_create(system="infinity", config={}, seat_users=[players[0], None])
    joiner = make_user("inf_joiner")
    saved = _saved(joiner)
    army_services.army_match_join(match_id=match.pk, user=joiner, list_id=saved.pk)
    match = Match.objects.get(pk=match.pk)
    assert match.config["armies"][1]["sectorial"] == "corregidor"
    # ids run on after the Corregidor starter's (a1-a8, b1)
    assert [t["id"] for t in match.snapshot["troopers"] if t["seat"] == 1] == [
        "a9",
        "a10",
        "b2",
        "a11",
    ]


def test_the_jsa_offers_the_ninja_saying_it_deploys_camouflaged_and_infiltrates(players):
    """The Ninja (N2 data; camouflage.py, infiltration.py): 36 points, SWC 0, its TO camouflage
    and its Infiltration in the option."""
    page = client_for(players[0]).post(
        reverse("armies:save", args=["infinity"]),
        form(*LEAN, sectorial="jsa", action="add"),
    )
    assert "Ninja (Combi), TO camouflage, infiltration · 36 pts · SWC 0" in page.content.decode()
