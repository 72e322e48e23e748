"""The campaign forms' checkboxes and radios on a 360 px phone: each box and its words are one
target 44 px high at least (the box inside its label, or beside a label as tall), as the other
controls are: the creation form's games and options (also measured by the walk of every page,
tests/ux/test_ux_phone_every_page_browser.py), the objectives to declare and the territories a
winner picks, which that walk does not reach. A bare box measured 22 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.campaigns import rules, services
from tests.browser_support import artifact, make_verified_user, signed_in_page
from tests.campaigns.support import battle_between, declare_both, win
from tests.ux.test_ux_phone_every_page_browser import SMALL_BOXES

PASSWORD = "hexsite-campaign-phone-1"
PHONE = {"width": 360, "height": 780}


def _fits(page, name: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(SMALL_BOXES) == []
    page.screenshot(path=str(artifact(f"campaign-phone-{name}.png")), full_page=True)


@pytest.mark.browser
def test_every_box_of_the_campaign_forms_is_a_44_px_target_on_a_phone(daphne_server, new_context):
    organiser = make_verified_user("orga_tel", PASSWORD)
    alice = make_verified_user("alice_tel", PASSWORD)
    bob = make_verified_user("bob_tel", PASSWORD)
    campaign = services.campaign_create(organiser=organiser, name="Hiver", systems=["neuroshima"])
    for user in (alice, bob):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)

    # The creation form: the games, then the options, each ticked through its words.
    page = signed_in_page(new_context, daphne_server, "orga_tel", PASSWORD, viewport=PHONE)
    page.goto(f"{daphne_server.url}/campaigns/")
    plays = page.get_by_label("Je joue aussi dans cette campagne")
    expect(plays).to_be_checked()
    expect(page.get_by_label("Paintball")).to_have_count(1)
    _fits(page, "create")
    page.get_by_text("Je joue aussi dans cette campagne").click()
    expect(plays).not_to_be_checked()

    # The objectives to declare.
    battle = battle_between(campaign, alice, bob)
    url = f"{daphne_server.url}/campaigns/{campaign.pk}/battles/{battle.pk}/"
    a = signed_in_page(new_context, daphne_server, "alice_tel", PASSWORD, viewport=PHONE)
    a.goto(url)
    expect(a.locator("input[name=objective]")).to_have_count(len(rules.OBJECTIVES))
    _fits(a, "declare")

    # The territories the winner picks.
    win(declare_both(battle, alice, rules.EXPANSION, bob, rules.INVASION), alice, bob)
    a.goto(url)
    boxes = a.locator(".choice input[type=checkbox]")
    expect(boxes).to_have_count(20)
    _fits(a, "choose")
    a.locator(".choice label.check").nth(2).locator("span").click()
    expect(boxes.nth(2)).to_be_checked()
