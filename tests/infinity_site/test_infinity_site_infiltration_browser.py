"""In Chromium at phone width, with the keyboard only: the JSA player deploying its Ninja picks a
hex past the middle of the table, reads what infiltrating there takes (a PH roll at −1, 11 or
less), confirms it as a camouflage marker; the roll passes and the marker stands there."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches.models import Match
from tests.browser_support import artifact, fits_the_phone, match_on_a_phone, two_players
from tests.infinity_site.test_infinity_site_camouflage_browser import confirm_option, pick
from tests.infinity_site.test_infinity_site_infiltration import (
    INFILTRATE,
    _seed_for,
    deploying_match,
)

PASSWORD = "hexsite-infil-1"


@pytest.mark.browser
def test_a_player_infiltrates_the_ninja_with_the_keyboard_on_a_phone(daphne_server, new_context):
    match = deploying_match(two_players("infil", PASSWORD))
    _seed_for(match, INFILTRATE | {"marker": True}, success=True)
    page = match_on_a_phone(
        new_context, daphne_server, match, "infil_bruno", PASSWORD, locale="en-GB"
    )
    prompt = page.locator("[data-testid=step-prompt]")
    expect(prompt).to_contain_text("may also infiltrate beyond your zone")
    target = page.locator('#board .targets a[data-pick="6,5"]')
    expect(target).to_have_attribute(
        "aria-label",
        "Row 9 from your edge, column 7 from the left (infiltration: PH roll at −1 (11 or less))",
    )
    page.locator("#board").screenshot(path=str(artifact("infinity-infiltration-360.png")))
    pick(page, "6,5")
    expect(prompt).to_contain_text("Infiltration: PH roll at −1, 11 or less to succeed.")
    confirm_option(page, "as a camouflage marker")
    expect(page.locator('[data-testid="trooper-n1"]')).to_have_attribute("data-hex", "6,5")
    fits_the_phone(page)
    match = Match.objects.get(pk=match.pk)
    assert match.snapshot["hidden"]["1"]["markers"] == {"m1": "n1"}
