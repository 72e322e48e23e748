"""A division's page follows its season live in a real browser: a match of the division is
lost on its match page, and the open standings show the result by themselves (the notify
socket's nudge, the page refetching its table and rounds), while the organiser's half-typed
bonus-points form below them keeps what was typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.league.models import PairingGame
from tests.browser_support import make_verified_user, signed_in_page
from tests.league.conftest import duel_league_played_with_claim, start_season

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-league-12345"


def test_the_division_table_follows_a_result_live(daphne_server, new_context):
    orga = make_verified_user("orga", PASSWORD)
    players = [make_verified_user(n, PASSWORD) for n in ("alice", "bruno")]
    season = start_season(duel_league_played_with_claim(orga), orga, players)
    division = season.divisions.get()
    game = PairingGame.objects.filter(pairing__round__division=division).first()
    loser = game.match.seats.get(index=1).user
    winner = game.match.seats.get(index=0).user

    watcher = signed_in_page(new_context, daphne_server, "orga", PASSWORD)
    watcher.goto(f"{daphne_server.url}/leagues/divisions/{division.pk}/")
    expect(watcher.locator("body[data-following]")).to_have_count(1)  # following its changes
    winner_row = watcher.locator("table.standings tbody tr", has_text=winner.username)
    expect(winner_row.locator("td").nth(2)).to_have_text("0")  # played
    watcher.fill("#pts-reason", "Fair-play")  # the organiser is typing below the table
    watcher.evaluate("window.notReloaded = true")

    page = signed_in_page(new_context, daphne_server, loser.username, PASSWORD)
    page.goto(f"{daphne_server.url}/m/{game.match_id}/")
    page.click("details.resign summary")
    with page.expect_response(lambda r: "/resign" in r.url and r.request.method == "POST"):
        page.click("details.resign button[type=submit]")

    expect(winner_row.locator("td").nth(2)).to_have_text("1")
    expect(winner_row.locator("td").nth(3)).to_contain_text("1")  # a win
    expect(watcher.locator("table.standings tbody tr").first).to_contain_text(winner.username)
    expect(watcher.locator("#pts-reason")).to_have_value("Fair-play")
    assert watcher.evaluate("window.notReloaded === true")
