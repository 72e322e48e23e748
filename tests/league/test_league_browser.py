"""An organiser opens and starts a season in a real browser; a player sees their pairing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_support import artifact, make_verified_user, signed_in_page
from tests.league.conftest import duel_league_played_with_claim

pytestmark = pytest.mark.browser


def test_organiser_opens_a_season_and_a_player_sees_their_pairing(
    daphne_server,
    new_context,
):
    orga = make_verified_user("orga", "pw-orga-12345")
    league = duel_league_played_with_claim(orga, name="Ligue du jeudi", vacation_policy="forbidden")
    make_verified_user("alice", "pw-alice-12345")
    make_verified_user("bob", "pw-bob-123456")

    organiser = signed_in_page(new_context, daphne_server, "orga", "pw-orga-12345")
    organiser.goto(f"{daphne_server.url}/leagues/{league.pk}/")
    organiser.get_by_role("button", name="Ouvrir les inscriptions").click()
    expect(organiser.get_by_role("heading", level=1)).to_contain_text("Saison 1")
    season_url = organiser.url

    for name, password in (("alice", "pw-alice-12345"), ("bob", "pw-bob-123456")):
        page = signed_in_page(new_context, daphne_server, name, password)
        page.goto(season_url)
        page.get_by_role("button", name="S'inscrire").click()
        expect(page.get_by_text("Vous êtes inscrit.")).to_be_visible()
        if name == "alice":
            alice = page

    organiser.get_by_role("link", name="Outils de l'organisateur").click()
    organiser.get_by_role("button", name=re.compile("Lancer la saison")).click()
    expect(organiser.get_by_text("C'est fait.")).to_be_visible()

    alice.set_viewport_size({"width": 360, "height": 780})
    alice.goto(season_url)
    pairing = alice.locator(".my-pairings .pairing").first
    expect(pairing).to_contain_text("alice")
    expect(pairing).to_contain_text("bob")
    expect(alice.locator(".my-pairings .vacation-policy")).to_contain_text("Pas de vacances")
    expect(pairing.get_by_role("link", name="Partie 1")).to_be_visible()
    alice.screenshot(path=str(artifact("league-pairing-360.png")), full_page=True)
    pairing.get_by_role("link", name="Partie 1").click()
    expect(alice).to_have_url(re.compile(r"/m/\d+/"))
