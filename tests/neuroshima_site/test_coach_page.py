"""The coach's tips box on the match page: who sees it (« Conseils de jeu »: automatic for a
player's first three finished matches of the game, always, never; never a spectator), the box
redrawn with the hand, its « Masquer les conseils » button (htmx and plain, CSRF, forged values
refused), the finished matches counted, and nothing of the opponent's hand in it."""

from __future__ import annotations

import importlib
import json

import pytest
from django.apps import apps
from django.test import Client

from games.accounts.models import Profile
from games.engine import registry
from games.engine.neuroshima.tiles import tile
from games.matches import services
from tests.fixtures import coach_box, play_random, set_profile

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _client(user, **kwargs) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


def _page(user, match) -> str:
    return _client(user).get(f"/m/{match.pk}/").content.decode()


def _profile(user) -> Profile:
    return Profile.objects.get_or_create(user=user)[0]


def test_a_new_player_sees_the_tips_beside_the_prompt_and_a_spectator_never(
    new_match, players, make_user
):
    match = new_match()
    html = _page(players[0], match)
    box = coach_box(html)
    assert 'data-testid="tip-hq"' in box and 'data-testid="hide-tips"' in box
    assert html.index('data-testid="step-prompt"') < html.index('data-testid="coach"')
    assert "/neuroshima/rules/#starting" in box
    assert 'data-testid="coach"' in _page(players[1], match)  # waiting: the HQ's lesson too
    watcher = make_user("nh_watcher")
    set_profile(watcher, game_tips=Profile.GameTips.ALWAYS)
    assert 'data-testid="coach"' not in _page(watcher, match)
    assert 'data-testid="coach"' not in Client().get(f"/m/{match.pk}/").content.decode()


def test_automatic_tips_stop_after_three_finished_matches_of_this_game(new_match, players):
    match = new_match()
    set_profile(players[0], finished_matches={"neuroshima": 2, "paintball": 9})
    assert 'data-testid="coach"' in _page(players[0], match)
    set_profile(players[0], finished_matches={"neuroshima": 3})
    assert 'data-testid="coach"' not in _page(players[0], match)
    set_profile(players[0], game_tips=Profile.GameTips.ALWAYS)
    assert 'data-testid="coach"' in _page(players[0], match)
    set_profile(players[0], game_tips=Profile.GameTips.NEVER, finished_matches={})
    assert 'data-testid="coach"' not in _page(players[0], match)


def test_the_box_is_redrawn_with_the_hand_after_a_pick_and_a_move(new_match, players):
    match = new_match()
    system = registry.get_system("neuroshima")
    state = system.state_from_json(match.snapshot)
    hq = system.legal_moves(state, 0)[0]
    pick = _client(players[0]).get(
        f"/m/{match.pk}/?hex={hq['hex'][0]},{hq['hex'][1]}", **HX, HTTP_HX_TARGET="board"
    )
    assert 'data-testid="tip-hq"' in pick.content.decode()
    for seat in (0, 1):  # both HQs: the first player's first turn begins
        state = system.state_from_json(match.snapshot)
        move = system.legal_moves(state, seat)[0]
        data = {"move": json.dumps(move), "expected_version": match.version}
        answer = _client(players[seat]).post(f"/m/{match.pk}/move", data, **HX)
        match.refresh_from_db()
    assert 'data-testid="tip-first-turn"' not in answer.content.decode()  # seat 1 waits
    assert 'data-testid="tip-first-turn"' in coach_box(_page(players[0], match))


def test_hiding_the_tips_with_htmx_replaces_the_box_and_sets_never(new_match, players):
    match = new_match()
    answer = _client(players[0]).post("/me/settings/tips/", {"tips": "never"}, **HX)
    assert answer.status_code == 200 and 'data-testid="tips-hidden"' in answer.content.decode()
    assert _profile(players[0]).game_tips == "never"
    assert 'data-testid="coach"' not in _page(players[0], match)
    assert 'data-testid="coach"' in _page(players[1], match)  # only their own setting


def test_hiding_the_tips_without_javascript_goes_back_to_the_match(new_match, players):
    match = new_match()
    answer = _client(players[0]).post(
        "/me/settings/tips/", {"tips": "never", "next": f"/m/{match.pk}/"}
    )
    assert answer.status_code == 302 and answer["Location"] == f"/m/{match.pk}/"
    assert _profile(players[0]).game_tips == "never"
    away = _client(players[1]).post(
        "/me/settings/tips/", {"tips": "never", "next": "https://elsewhere.example/"}
    )
    assert away["Location"] == "/me/settings/"  # never to another site


def test_forged_choices_and_missing_csrf_change_nothing(players):
    for forged in ("sometimes", "", "NEVER"):
        answer = _client(players[0]).post("/me/settings/tips/", {"tips": forged}, **HX)
        assert answer.status_code == 400
    assert _profile(players[0]).game_tips == "auto"
    strict = _client(players[0], enforce_csrf_checks=True)
    assert strict.post("/me/settings/tips/", {"tips": "never"}).status_code == 403
    assert strict.get("/me/settings/tips/").status_code == 405
    assert Client().post("/me/settings/tips/", {"tips": "never"}).status_code == 302  # sign in
    assert _profile(players[0]).game_tips == "auto"


def test_the_settings_page_offers_the_three_choices(players):
    client = _client(players[0])
    html = client.get("/me/settings/").content.decode()
    for value in ("auto", "always", "never"):
        assert f'name="game_tips" value="{value}"' in html
    form = {
        "display_name": "",
        "language": "fr",
        "time_zone": "Europe/Paris",
        "notify_turn": "each",
        "theme": "auto",
    }
    assert client.post("/me/settings/", {**form, "game_tips": "always"}).status_code == 302
    assert _profile(players[0]).game_tips == "always"
    assert client.post("/me/settings/", {**form, "game_tips": "maybe"}).status_code == 400
    assert _profile(players[0]).game_tips == "always"


def test_a_finished_match_is_counted_for_each_player_of_that_game(new_match, players, make_user):
    for player in players:
        _profile(player)  # (the sign-up makes it)
    match = new_match()
    services.match_resign(match_id=match.pk, user=players[0])
    second = new_match()
    services.match_resign(match_id=second.pk, user=players[1])
    for player in players:
        assert _profile(player).finished_matches == {"neuroshima": 2}
    # An account without a profile row is not given one (its defaults, the language among
    # them, would replace what the player's browser says).
    loner = make_user("nh_loner")
    third = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[loner, players[0]]
    )
    services.match_resign(match_id=third.pk, user=loner)
    assert not Profile.objects.filter(user=loner).exists()
    assert _profile(players[0]).finished_matches == {"neuroshima": 3}


def test_the_migration_counts_the_matches_finished_before_it(new_match, players):
    _profile(players[0])
    for _ in range(3):
        services.match_resign(match_id=new_match().pk, user=players[0])
    new_match()  # still playing: not counted
    set_profile(players[0], finished_matches={})
    migration = importlib.import_module("games.accounts.migrations.0010_profile_game_tips")
    migration.count_finished_matches(apps, None)
    assert _profile(players[0]).finished_matches == {"neuroshima": 3}


def test_the_box_never_names_a_tile_of_the_opponents_hand(new_match, players):
    match = new_match()
    system = registry.get_system("neuroshima")
    play_random(match, list(players), moves=40, seed=5, until=lambda s: s.turn >= 6)
    state = system.state_from_json(match.snapshot)
    for seat in (0, 1):
        other = state.seats[1 - seat]
        secret = [t for t, shown in zip(other.hand, other.shown, strict=True) if not shown]
        mine = set(state.seats[seat].hand)
        box = coach_box(_page(players[seat], match))
        # (Units and modules: instants' names are also the tips' own words, "a Move".)
        for t in secret:
            if t in mine or tile(t).kind == "instant":
                continue  # the same tile in the reader's own hand is theirs to read
            assert tile(t).name_fr not in box and tile(t).name_en not in box


def test_every_section_a_tip_points_at_is_on_the_rules_page():
    from games.neuroshima_site.coach import RULES_SECTIONS

    html = Client().get("/neuroshima/rules/").content.decode()
    for section in RULES_SECTIONS:
        assert f'id="{section}"' in html
    for name in ("Bataille", "Repousser", "Tireur d'Élite", "Grenade", "Bombe", "Mouvement"):
        assert f"<dt>{name}</dt>" in html.replace("&#x27;", "'")
