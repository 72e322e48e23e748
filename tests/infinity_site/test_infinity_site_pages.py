"""The Infinity board on the match page through the platform: every kind of decision renders,
picks build a move from the legal ones, the rules page and the lobby options, in French and
English."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from games.hexboard.keys import hex_key
from games.matches.models import Match
from games.matches.systems import get_site, options_form
from tests.fixtures import play_random as play
from tests.infinity_site.conftest import acting, choose_set_up, reaction_window, submit

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def page(match: Match, user, query: str = "", language: str = "en") -> str:
    response = client_for(user).get(f"/m/{match.pk}/{query}", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def until_kind(kind):
    def check(state):
        return state.turn.pending is not None and state.turn.pending.kind == kind

    return check


def test_the_site_is_registered_with_its_options_form():
    assert get_site("infinity").key == "infinity"
    form = options_form(
        "infinity",
        {
            "infinity-scenario": "civilian_evacuation",
            "infinity-army": "jsa",
            "infinity-board": "small",
            "infinity-reactions": "auto",
            "infinity-max_game_turns": "2",
        },
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["armies"] == ["jsa", "corregidor"]
    assert form.cleaned_data["civilians"] == "mixed"


def test_the_initiative_winner_chooses_a_privilege_among_four_buttons(new_match, players):
    match = new_match()
    _, _, seat = acting(match)
    html = page(match, players[seat])
    assert 'data-testid="decision-prompt"' in html
    assert "choose the Initiative (who plays first) or the Deployment (who deploys first)" in html
    for n, words in enumerate(
        (
            "Take the Initiative: play first",
            "Take the Initiative: play second",
            "Take the Deployment: deploy first",
            "Take the Deployment: deploy second",
        )
    ):
        assert re.search(rf'data-testid="decision-option-{n}"[^>]*>\s*{words}\s*<', html), words
    french = page(match, players[seat], language="fr")
    assert (
        "Vous avez gagné le jet d&#x27;initiative : choisissez l&#x27;Initiative (qui joue en "
        "premier) ou le Déploiement (qui déploie en premier)."
    ) in french
    other = page(match, players[1 - seat])
    assert "Waiting for" in other and "Take the Initiative" not in other


def test_the_loser_decides_the_privilege_the_winner_left(new_match, players):
    match = new_match()
    _, _, winner = acting(match)
    loser = 1 - winner
    took = submit(match, players, {"type": "initiative", "seat": winner, "choice": "second"})
    html = page(took, players[loser])
    assert "took the Initiative, letting you play first: do you deploy first or second?" in html
    assert re.search(r'data-testid="decision-option-1"[^>]*>\s*Deploy second\s*<', html)
    french = page(took, players[loser], language="fr")
    assert "déployez-vous en premier ou en second ?" in french and "Déployer en second" in french
    assert "Take the Initiative" not in page(took, players[winner])


def test_deployment_is_picked_on_the_board_then_confirmed(new_match, players):
    match = play(new_match(), None or [], 0)
    system, state, seat = acting(match)

    match = choose_set_up(match, players, first=seat)
    system, state, seat = acting(match)
    html = page(match, players[seat])
    assert "Deploy" in html and 'class="targets"' in html
    hexes = system.legal_moves(state, seat)[0]["hex"]
    html = page(match, players[seat], f"?hex={hex_key(hexes)}")
    assert 'data-testid="confirm-move"' in html


def test_an_order_shows_the_troopers_reach_and_odds(new_match, players):
    match = play(new_match(), players, 60, until=until_kind("order"))
    system, state, seat = acting(match)
    assert state.turn.pending.kind == "order"
    trooper = next(t for t in state.army(seat) if t.normal)
    html = page(match, players[seat], f"?spot={hex_key(trooper.hex)}")
    assert 'data-testid="confirm-move"' in html
    assert 'class="reach"' in html  # the movement range of the picked trooper
    assert "Give a regular order" in html or "An order for the" in html


def test_a_reaction_window_renders_for_both_seats_with_their_prompts(new_match, players):
    match = reaction_window(new_match())
    html = page(match, players[1])
    assert "React with" in html and 'data-testid="aro-done"' in html
    assert 'data-testid="trooper-k1"' in html and 'class="targets"' in html
    html = page(match, players[1], "?spot=5,4")  # the Keisotsu picked: its reactions
    assert 'data-testid="confirm-move"' in html
    other = page(match, players[0])
    assert "reactions" in other


@pytest.mark.parametrize(
    "language,title", [("fr", "Infinity sur hexagones"), ("en", "Infinity on hexes")]
)
def test_the_rules_page_reads_in_both_languages(client, language, title):
    html = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert title in html and 'data-testid="infinity-rules"' in html


def test_moves_post_as_one_json_field_and_the_engine_ignores_the_pick_fields(new_match, players):
    match = new_match()
    system, state, seat = acting(match)
    move = {**system.legal_moves(state, seat)[0], "spot": [0, 0], "opt": 0}
    response = client_for(players[seat]).post(
        f"/m/{match.pk}/move", {"move": json.dumps(move), "expected_version": match.version}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.version == 2


def test_a_first_skill_may_be_committed_with_nothing_more_to_save_a_hand_over(new_match, players):
    match = play(
        new_match(reactions="auto"),
        players,
        400,
        seed=9,
        until=lambda s: s.turn.current is not None and s.turn.current.stage == "declare1",
    )
    system, state, seat = acting(match)
    legal = system.legal_moves(state, seat)
    committed = [m for m in legal if m.get("second") == {"skill": "none"}]
    assert committed and 2 * len(committed) == len(legal)
    from games.infinity_site.site import SITE

    [(form, _)] = SITE.pick_forms(system.view(state, seat), seat, committed[:1])
    with translation.override("en"):
        label = SITE.move_label(committed[0], {})
    assert form["opt"].endswith(".c") and "nothing more" in label
    response = client_for(players[seat]).post(
        f"/m/{match.pk}/move", {"move": json.dumps(committed[0]), "expected_version": match.version}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    _, after, _ = acting(match)
    assert after.turn.current is None or after.turn.current.stage != "declare2"


def test_ending_the_turn_may_set_every_troopers_reaction(players):
    from games.matches import services

    # The same dice every run: random moves' deploy_done may set the reactions (a seed where
    # the first player's stay « ask me »; the roll-off's winner decided which seat that was).
    match = services.match_create(
        system="infinity",
        config={"reactions": "ask"},
        seat_users=list(players),
        seed="end-turn-reactions",
    )
    match = play(match, players, 200, seed=4, until=until_kind("order"))
    system, state, seat = acting(match)
    html = page(match, players[seat])
    assert 'data-testid="end-turn-auto"' in html and 'data-testid="end-turn-ask"' in html
    assert "your reactions: ask me" in html
    auto = next(
        m
        for m in system.legal_moves(state, seat)
        if m["type"] == "end_turn"
        and m.get("policies", {}).get(state.army(seat)[0].id, {}).get("on_sight") == "shoot"
    )
    client_for(players[seat]).post(
        f"/m/{match.pk}/move", {"move": json.dumps(auto), "expected_version": match.version}
    )
    match.refresh_from_db()
    _, after, _ = acting(match)
    assert all(p.on_sight == "shoot" for _, p in after.hidden[seat].policies)
    other = page(match, players[1 - seat])
    assert "your reactions: automatic" not in other
    for t in after.army(seat):  # the other seat's own buttons set only its own troopers
        assert f"&quot;{t.id}&quot;:{{&quot;on_sight" not in other
        assert f'"{t.id}":{{"on_sight' not in other


def test_the_league_offers_mirrored_sectorial_duels():
    from games.league.presets import league_presets

    system, preset = league_presets()["infinity_sectorial_duel"]
    assert system == "infinity" and preset.fields["mirrored_duels"]


def test_a_zone_control_match_draws_its_zones_and_counts_zone_points(new_match, players):
    match = new_match(scenario="zone_control")
    html = page(match, players[0])
    assert html.count('class="control-zone"') >= 17  # 5 + 7 at least + 5 on the small table
    assert "zone points so far" in html
    assert 'class="control-zone"' not in page(new_match(), players[0])


@pytest.mark.django_db
def test_the_lobby_says_where_a_camouflaged_ninja_comes_from_and_shows_every_help(players):
    """A new player found only the two starter rosters, neither with a camouflaged trooper;
    the options' help texts (the rosters' points too) were never shown, though each field
    pointed at them (aria-describedby)."""
    client = Client()
    client.force_login(players[0])
    for language, words in (
        ("fr", "Ou une liste à vous, composée dans « Armées » (le Ninja camouflé de l&#x27;ASJ"),
        ("en", "Or a list of your own, built under “Armies” (the JSA&#x27;s camouflaged Ninja"),
    ):
        html = client.get("/?system=infinity", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in html
        assert 'id="id_infinity-army_helptext"' in html
        assert 'aria-describedby="id_infinity-army_helptext"' in html
        assert 'id="id_infinity-points_limit_helptext"' in html


@pytest.mark.django_db
def test_the_lobby_offers_the_armies_as_radios_whose_long_names_wrap(players):
    # A phone's select showed « Commandement Juridictionnel de Corregidor (liste de… »: each
    # army is a radio in its label (label.check), its whole name beside it.
    client = Client()
    client.force_login(players[0])
    html = client.get("/?system=infinity", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<select name="infinity-army"' not in html
    assert '<select name="infinity-opponent_army"' not in html
    army = re.search(
        r'<fieldset class="choices"[^>]*>\s*<legend>Votre armée</legend>.*?</fieldset>', html, re.S
    )
    assert army, "no fieldset of radios for the army"
    labels = re.findall(r'<label class="check"[^>]*>(.*?)</label>', army.group(0), re.S)
    names = [re.sub(r"<[^>]+>", "", label).strip() for label in labels]
    assert "Commandement Juridictionnel de Corregidor (liste de départ)" in names
    assert all('type="radio" name="infinity-army"' in label for label in labels)
    assert re.search(r'type="radio" name="infinity-army" value="corregidor"[^>]*checked', html)
