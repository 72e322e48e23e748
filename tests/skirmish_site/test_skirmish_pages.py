"""The skirmish match page through the platform: every phase renders for both seats and a
spectator, with its one-line instruction; the orders form posts one move; the rules page."""

from __future__ import annotations

from games.engine import registry
from tests.fixtures import client_for
from tests.fixtures import play_random as play


def _page(client, match, query=""):
    answer = client.get(f"/m/{match.pk}/{query}")
    assert answer.status_code == 200
    return answer.content.decode()


def test_every_phase_of_a_game_renders_for_both_seats_and_a_spectator(new_match, players, client):
    match = new_match()
    system = registry.get_system("skirmish")
    seen = set()
    for _ in range(60):
        state = system.state_from_json(match.snapshot)
        if state.phase not in seen:
            seen.add(state.phase)
            for user in players:
                html = _page(client_for(user), match)
                assert 'data-testid="skirmish-now"' in html
            assert 'class="hb-svg hb-layer"' in _page(client, match)
        match = play(match, players, 5, seed=len(seen))
        if match.status != "active":
            break
    assert {"setup", "deployment", "initiative"} <= seen


def test_the_rules_page_reads_in_both_languages(client):
    assert (
        "Build an army"
        in client.get("/skirmish/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    french = client.get("/skirmish/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Composer une armée" in french


def test_the_step_viewer_replays_each_combat_phase_order_by_order(new_match, players, client):
    match = play(new_match(), players, 400, until=lambda s: s.turn >= 3)
    pages = []
    for number in range(1, 20):
        page = client.get(f"/m/{match.pk}/steps/{number}/", HTTP_ACCEPT_LANGUAGE="en")
        html = page.content.decode()
        assert page.status_code == 200 and "the orders" in html
        assert f"<h1>Combat {number}</h1>" in html  # the game's word, not Neuroshima's battle
        pages.append(html)
        if f"/m/{match.pk}/steps/{number + 1}/" not in html:
            break
    # Some phase had orders: their arrows are drawn on its first step.
    assert any('data-testid="order-arrow"' in html for html in pages)
    last = client.get(f"/m/{match.pk}/steps/?step=99", HTTP_ACCEPT_LANGUAGE="en")
    last = last.content.decode()
    assert "nobody falls" in last or "the end of the phase" in last


def test_moving_a_model_is_two_picks_then_confirm(new_match, players):
    match = play(new_match(), players, 400, until=lambda s: s.phase == "movement")
    system = registry.get_system("skirmish")
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "move")
    at = state.model(move["model"]).hex
    to = move["path"][-1]
    client = client_for(players[seat])
    html = _page(client, match, f"?at={at[0]},{at[1]}")
    assert f'data-pick="{to[0]},{to[1]}"' in html and "Choose where " in html
    html = _page(client, match, f"?at={at[0]},{at[1]}&to={to[0]},{to[1]}")
    assert 'data-testid="confirm-move"' in html and "_at" not in html
