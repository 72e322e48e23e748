"""The army statistics on a 360 px phone, from the rules page, with the keyboard: the page never
scrolls sideways (the matchups scroll inside their own frame if ever they are wider), the frame
takes the focus, and the period filter is a link that keeps its place."""

from __future__ import annotations

import itertools
import re

import pytest
from django.db import transaction
from playwright.sync_api import expect

from games.engine.protocol import Outcome
from games.matches import services
from games.matches.services.endings import match_finish
from tests.browser_support import artifact, make_verified_user

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
WIDER_THAN_THE_SCREEN = """width => [...document.querySelectorAll('body *')]
    .filter(e => !e.closest('svg') && !e.closest('.stats-frame')
                 && e.getBoundingClientRect().right > width + 1)
    .slice(0, 3).map(e => e.outerHTML.slice(0, 100))"""


def test_a_phone_reads_the_army_statistics_from_the_rules_page(daphne_server, new_context):
    anna = make_verified_user("stats_anna", "pw-stats-anna-1")
    bruno = make_verified_user("stats_bruno", "pw-stats-bruno-1")
    armies = ("moloch", "posterunek", "borgo", "hegemonia")
    for first, second in itertools.product(armies, repeat=2):  # every matchup, mirrors too
        match = services.match_create(
            system="neuroshima", config={"armies": [first, second]}, seat_users=[anna, bruno]
        )
        with transaction.atomic():
            match_finish(match=match, outcome=Outcome((0, 1), (), "hq_destroyed"))

    page = new_context(locale="fr-FR", viewport=PHONE).new_page()
    page.goto(f"{daphne_server.url}/neuroshima/rules/")
    link = page.get_by_test_id("army-stats-link")
    link.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Neuroshima Hex : statistiques des armées"
    )
    lines = page.get_by_test_id("army-line")
    expect(lines).to_have_count(4)
    expect(page.locator('[data-army="hegemonia"] th')).to_have_text("Hegemonia")
    expect(page.get_by_test_id("army-lines")).to_contain_text("peu de parties")
    expect(page.get_by_test_id("matchup")).to_have_count(16)
    expect(page.get_by_test_id("matchups")).to_contain_text("1 miroir")

    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(WIDER_THAN_THE_SCREEN, PHONE["width"]) == []
    # Four armies need no sideways scroll at all, the table's nor the matrix's own.
    fits = (
        "[...document.querySelectorAll('.army-stats .table-wrap, .stats-frame')]"
        ".map(e => e.scrollWidth - e.clientWidth)"
    )
    assert page.evaluate(fits) == [0, 0]
    frame = page.get_by_role("region", name="Affrontements (parties à deux)")
    box = frame.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    frame.focus()
    expect(frame).to_be_focused()
    page.screenshot(path=str(artifact("army-stats-360.png")), full_page=True)

    # The period: a link, kept in the address, the current one said so.
    thirty = page.get_by_test_id("period-30")
    thirty.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/stats/neuroshima/\?period=30$"))
    expect(page.get_by_test_id("period-30")).to_have_attribute("aria-current", "page")
    expect(page.get_by_test_id("army-line")).to_have_count(4)
