"""Two players in two browsers: challenge, accept, declare secretly, play the match on the site
(ended by resignation), pick the conquered territories, and see the map and the feed change."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.campaigns import services
from tests.browser_support import artifact, make_verified_user, signed_in_page

PASSWORD = "hexsite-campaign-1"


@pytest.mark.browser
def test_a_campaign_battle_from_challenge_to_the_map(daphne_server, new_context):
    organiser = make_verified_user("orga", PASSWORD)
    alice = make_verified_user("alice", PASSWORD)
    bob = make_verified_user("bob", PASSWORD)
    campaign = services.campaign_create(organiser=organiser, name="Hiver", systems=["neuroshima"])
    services.campaign_join(campaign_id=campaign.pk, user=alice)
    services.campaign_join(campaign_id=campaign.pk, user=bob)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    url = f"{daphne_server.url}/campaigns/{campaign.pk}/"

    a = signed_in_page(new_context, daphne_server, "alice", PASSWORD)
    b = signed_in_page(new_context, daphne_server, "bob", PASSWORD)

    a.goto(url)
    expect(a.locator(".region.unclaimed")).to_have_count(20)
    a.select_option("#opponent", label="bob")
    a.click("text=Lancer le défi")
    expect(a.locator("#campaign-feed")).to_contain_text("alice défie bob")

    b.goto(url)
    b.click("button:has-text('Accepter')")
    b.click("a:has-text('alice – bob')")
    battle_url = b.url

    # The pages are in French (the site's first language).
    # Alice declares through the htmx form; bob's page never shows her choice.
    a.goto(battle_url)
    a.check("#objective-expansion")
    a.click("#declare")
    expect(a.locator(".declaration-list")).to_contain_text("Expansion")  # her own, once saved
    b.reload()
    expect(b.locator(".declaration-list")).to_contain_text("a annoncé")
    expect(b.locator(".declaration-list")).not_to_contain_text("Expansion")
    b.check("#objective-invasion")
    b.click("#declare")
    expect(b.locator(".declaration-list")).to_contain_text("Expansion")

    # Both declared: the match exists; bob resigns on the match page.
    b.click("#match-link")
    b.click("details.resign summary")
    with b.expect_response(lambda r: "/resign" in r.url and r.request.method == "POST"):
        b.click("details.resign button[type=submit]")

    # Alice, the winner with Expansion, picks two unclaimed territories.
    a.goto(battle_url)
    boxes = a.locator(".choice input[type=checkbox]")
    expect(boxes).to_have_count(20)
    boxes.nth(3).check()
    boxes.nth(8).check()
    a.click("text=Confirmer")
    expect(a.locator("h1")).to_contain_text("alice – bob")

    a.goto(url)
    expect(a.locator(".region:not(.unclaimed)")).to_have_count(2)
    expect(a.locator("#campaign-feed")).to_contain_text("alice remporte la bataille")
    expect(a.locator("#campaign-feed")).to_contain_text("alice prend")
    expect(a.locator(".standings tbody tr").first).to_contain_text("alice")
    a.locator("#campaign-map").screenshot(path=str(artifact("campaign-map.png")))

    # At phone width the page still works.
    a.set_viewport_size({"width": 360, "height": 800})
    a.goto(url)
    expect(a.locator("#campaign-map .map-svg")).to_be_visible()
    assert a.evaluate("document.documentElement.scrollWidth") <= 360 + 1
