"""A trooper's id on a 360 px phone with a touch screen, as the board starts there (zoomed in
until a hex is a 44 px target, board.js): drawn at 9 px or more on the screen (it was about
8 px there, and 5 px unzoomed), inside the trooper's disc and clear of its kit letters, so the
figure stays a figure. A camouflage marker's id the same, inside its hexagon and above its
glyph (it was 9 units tall: about 8 px there)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import match_on_a_phone, two_players
from tests.infinity_site.test_infinity_site_camouflage import marker_match
from tests.infinity_site.test_infinity_site_heights import team_match

PASSWORD = "hexsite-trooper-ids-1"

# A text's font size in CSS pixels as drawn: its SVG font size times the board's scale.
DRAWN_FONT = "t => t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize)"


def inside(inner: dict, outer: dict) -> bool:
    return (
        inner["x"] >= outer["x"]
        and inner["y"] >= outer["y"]
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"]
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"]
    )


@pytest.mark.browser
def test_a_troopers_id_reads_at_9_px_on_a_phone_inside_its_disc(daphne_server, new_context):
    match = team_match(two_players("tids", PASSWORD))
    page = match_on_a_phone(
        new_context, daphne_server, match, "tids_anna", PASSWORD, touch=True, locale="en-GB"
    )
    expect(page.locator("[data-testid=zoom-level]")).to_have_text("Zoom 2×")  # the phone's start
    for tid in ("a1", "a2"):  # with kit letters (HMG) and without
        figure = page.locator(f'[data-testid="trooper-{tid}"]')
        label = figure.locator("text.tid")
        expect(label).to_have_text(tid)
        assert label.evaluate(DRAWN_FONT) >= 9
        box, disc = label.bounding_box(), figure.locator("circle.body").bounding_box()
        assert box and disc and box["height"] >= 9 and inside(box, disc)
        assert box["width"] <= 0.8 * disc["width"]  # the disc's colour shows around it
    kit = page.locator('[data-testid="trooper-a1"] text.kit')
    expect(kit).to_have_text("HMG")
    kit_box = kit.bounding_box()
    id_box = page.locator('[data-testid="trooper-a1"] text.tid').bounding_box()
    assert kit_box and id_box
    # its box (its glyphs and the font's descent under them) ends above the kit letters' middle
    assert id_box["y"] + id_box["height"] <= kit_box["y"] + kit_box["height"] / 2


@pytest.mark.browser
def test_a_camouflage_markers_id_reads_at_10_px_on_a_phone_inside_its_hexagon(
    daphne_server, new_context
):
    match = marker_match(two_players("mids", PASSWORD))
    page = match_on_a_phone(
        new_context, daphne_server, match, "mids_anna", PASSWORD, touch=True, locale="en-GB"
    )
    expect(page.locator("[data-testid=zoom-level]")).to_have_text("Zoom 2×")
    marker = page.locator('[data-testid="marker-m1"]')
    label, glyph = marker.locator("text.tid"), marker.locator("text.kit")
    expect(label).to_have_text("m1")
    expect(glyph).to_have_text("TO")
    assert label.evaluate(DRAWN_FONT) >= 10  # 9 units drew it at about 8 px
    box, body = label.bounding_box(), marker.locator("polygon.body").bounding_box()
    glyph_box = glyph.bounding_box()
    assert box and body and glyph_box and box["height"] >= 10 and inside(box, body)
    assert box["y"] + box["height"] <= glyph_box["y"] + glyph_box["height"] / 2
