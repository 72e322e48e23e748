"""A campaign whose battles are one-page skirmishes, in two browsers: alice brings a list she
built when she declares, the battle's match starts with its rolled scenario and both armies,
bob resigns, alice picks her territories and the map changes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.armies import services as armies
from games.campaigns import services
from games.campaigns.models import Battle
from games.matches.models import Match
from tests.armies.conftest import trooper_list
from tests.browser_support import artifact, make_verified_user, signed_in_page

PASSWORD = "hexsite-campaign-1"


@pytest.mark.browser
def test_a_skirmish_campaign_battle_moves_territories(daphne_server, new_context):
    organiser = make_verified_user("sk_orga", PASSWORD)
    alice = make_verified_user("sk_alice", PASSWORD)
    bob = make_verified_user("sk_bob", PASSWORD)
    raiders = armies.army_list_save(
        owner=alice, system="skirmish", name="Kessel Raiders", data=trooper_list(count=20)
    )
    campaign = services.campaign_create(organiser=organiser, name="Kessel", systems=["skirmish"])
    for user in (alice, bob):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    url = f"{daphne_server.url}/campaigns/{campaign.pk}/"

    a = signed_in_page(new_context, daphne_server, "sk_alice", PASSWORD)
    b = signed_in_page(
        new_context, daphne_server, "sk_bob", PASSWORD, viewport={"width": 360, "height": 800}
    )

    a.goto(url)
    a.select_option("#opponent", label="sk_bob")
    a.click("text=Lancer le défi")
    b.goto(url)
    b.click("button:has-text('Accepter')")
    b.click("a:has-text('sk_alice – sk_bob')")
    battle_url = b.url

    a.goto(battle_url)
    a.check("#objective-expansion")
    a.select_option("#army-list", str(raiders.pk))
    a.click("#declare")
    expect(a.locator(".declaration-list")).to_contain_text("Expansion")
    b.reload()
    b.check("#objective-raid")
    b.click("#declare")  # bob brings the default army
    expect(b.locator(".declaration-list")).to_contain_text("Expansion")

    battle = Battle.objects.get()
    match = Match.objects.get(pk=battle.match_id)
    assert battle.scenario and match.config["scenario"] == battle.scenario
    b.click("#match-link")
    expect(b.locator("[data-testid=skirmish-now]")).to_be_visible()
    b.locator(".sk-rosters summary").click()
    expect(b.locator(".sk-rosters")).to_contain_text("Captain Vos")  # alice's army, visible now
    assert b.evaluate("document.documentElement.scrollWidth") <= 360 + 1
    b.click("details.resign summary")
    with b.expect_response(lambda r: "/resign" in r.url and r.request.method == "POST"):
        b.click("details.resign button[type=submit]")

    a.goto(battle_url)
    boxes = a.locator(".choice input[type=checkbox]")
    boxes.nth(0).check()
    boxes.nth(1).check()
    a.click("text=Confirmer")
    a.goto(url)
    expect(a.locator(".region:not(.unclaimed)")).to_have_count(2)
    expect(a.locator("#campaign-feed")).to_contain_text("sk_alice prend")
    a.locator("#campaign-map").screenshot(path=str(artifact("campaign-skirmish-map.png")))
