"""Bonus and penalty points in a real browser on a 360 px phone: the organiser gives a penalty
with its reason on the division's page; the table moves, shows « −1 » beside the points and the
reason under it (the mark leads there when tapped), with no sideways scroll; the player reads
it too, and the organiser withdraws it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.league import services
from games.league.models import League, PairingGame
from games.matches.services import match_resign
from tests.browser_support import make_verified_user, signed_in_page
from tests.league.conftest import duel_league_played_with_claim

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-points-12345"
PHONE = {"width": 360, "height": 780}
SMALL_CONTROLS = """() => [...document.querySelectorAll('main :is(button, select, input)')]
    .filter(e => e.type !== 'hidden' && e.getBoundingClientRect().height < 44)
    .map(e => e.outerHTML.slice(0, 80))"""


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_an_organiser_penalises_a_player_on_a_phone_and_the_table_says_why(
    daphne_server, new_context
):
    orga = make_verified_user("orga", PASSWORD)
    league = duel_league_played_with_claim(orga, name="Ligue du jeudi")
    League.objects.filter(pk=league.pk).update(mirrored_duels=False)
    season = services.season_open(league=League.objects.get(pk=league.pk), actor=orga)
    for name in ("alice", "bruno"):
        services.registration_create(season=season, user=make_verified_user(name, PASSWORD))
    season = services.season_start(season=season, actor=orga)
    game = PairingGame.objects.get(pairing__round__division__season=season)
    loser = game.match.seats.get(index=1).user
    winner = game.match.seats.get(index=0).user
    match_resign(match_id=game.match_id, user=loser)
    division = season.divisions.get()
    url = f"{daphne_server.url}/leagues/divisions/{division.pk}/"

    organiser = signed_in_page(new_context, daphne_server, "orga", PASSWORD, viewport=PHONE)
    organiser.goto(url)
    rows = organiser.locator(".standings tbody tr")
    expect(rows.first).to_contain_text(winner.username)
    organiser.select_option("#pts-reg", label=winner.username)
    organiser.fill("#pts-points", "-2")
    organiser.fill("#pts-reason", "Pénalité de 2 points : retard répété")
    organiser.click("#give-points")
    expect(organiser.get_by_text("C'est fait.")).to_be_visible()
    # The winner (1 point, −2) is now below the loser (0 points).
    expect(rows.first).to_contain_text(loser.username)
    mark = rows.last.locator(".adj-mark")
    expect(mark).to_have_text(re.compile("\u22122"))
    expect(mark).to_have_attribute("title", re.compile("retard répété"))
    expect(rows.last.locator("td.pts strong")).to_have_text("-1")
    notes = organiser.locator(".adjustments")
    expect(notes).to_contain_text("Pénalité de 2 points : retard répété")
    _no_sideways_scroll(organiser)
    assert organiser.evaluate(SMALL_CONTROLS) == []

    player = signed_in_page(new_context, daphne_server, winner.username, PASSWORD, viewport=PHONE)
    player.goto(url)
    player.locator(".standings .adj-mark").click()  # a tap leads to the reason
    expect(player.locator(".adjustments li:target")).to_contain_text("retard répété")
    expect(player.locator("#give-points")).to_have_count(0)
    _no_sideways_scroll(player)
    player.goto(f"{daphne_server.url}/leagues/seasons/{season.pk}/")
    expect(player.locator(".season-log")).to_contain_text("Pénalité de 2 points")
    _no_sideways_scroll(player)

    organiser.locator(".adjustments input[name=reason]").fill("Retard excusé")
    organiser.get_by_role("button", name="Retirer ces points").click()
    expect(organiser.get_by_text("C'est fait.")).to_be_visible()
    expect(rows.first).to_contain_text(winner.username)
    expect(organiser.locator(".adj-mark")).to_have_count(0)
