"""The campaign map on a 360 px phone (ux-review item 11): every territory's name and its
number·initials label read at least 11 CSS pixels tall, no two of them overlap, and the page
itself never scrolls sideways (the map and the standings scroll inside their own boxes)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.campaigns import services
from tests.browser_support import artifact

PHONE = {"width": 360, "height": 780}
READABLE_PX = 11  # the text's rendered height, from the browser's own layout

MEASURE = """() => {
  const boxes = [...document.querySelectorAll(
    '#campaign-map .region-name, #campaign-map .region-label')].map(text => {
    const r = text.getBoundingClientRect();
    return {text: text.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            height: r.height};
  });
  const table = document.querySelector('.standings').getBoundingClientRect();
  const tableBox = document.querySelector('.standings').parentElement.getBoundingClientRect();
  return {boxes, pageWidth: document.documentElement.scrollWidth,
          tableRight: table.right, tableBoxRight: tableBox.right};
}"""


def _overlapping(boxes: list[dict], slack: float = 1.0) -> list[tuple[str, str]]:
    pairs = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if (
                a["left"] + slack < b["right"]
                and b["left"] + slack < a["right"]
                and a["top"] + slack < b["bottom"]
                and b["top"] + slack < a["bottom"]
            ):
                pairs.append((a["text"], b["text"]))
    return pairs


def _campaign_of(players: int, organiser):
    users = get_user_model().objects
    campaign = services.campaign_create(
        organiser=organiser, name=f"Carte {players}", systems=["neuroshima"]
    )
    for n in range(players):
        user = users.create_user(f"longplayername{n}", f"p{n}@example.org", "pw")
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    return campaign


@pytest.mark.browser
@pytest.mark.parametrize("players", [2, 6])
def test_territory_names_read_on_a_phone_and_the_page_never_scrolls_sideways(
    daphne_server, new_context, players
):
    organiser = get_user_model().objects.create_user("orga", "orga@example.org", "pw")
    campaign = _campaign_of(players, organiser)
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"{daphne_server.url}/campaigns/{campaign.pk}/")
    expect(page.locator(".region")).to_have_count(10 * players)
    seen = page.evaluate(MEASURE)
    page.screenshot(path=str(artifact(f"campaign-phone-{players}.png")), full_page=True)
    assert len(seen["boxes"]) == 2 * 10 * players
    small = [(b["text"], round(b["height"], 1)) for b in seen["boxes"] if b["height"] < READABLE_PX]
    assert small == []
    assert _overlapping(seen["boxes"]) == []
    assert seen["pageWidth"] <= PHONE["width"]
    assert seen["tableRight"] <= seen["tableBoxRight"] + 0.5  # the standings are not cut off
