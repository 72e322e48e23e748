"""The skirmish match page through the platform: every phase renders for both seats and a
spectator, with its one-line instruction; the orders form posts one move; the rules page."""

from __future__ import annotations

from games.engine import registry
from tests.skirmish_site.conftest import client_for, play


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
            for seat, user in enumerate(players):
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
