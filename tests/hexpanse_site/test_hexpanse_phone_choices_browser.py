"""A French newcomer's first Hexpanse choice on a 360 px phone: each faction's button beside its
ability read « Pren / dre / la / facti / on / Emp / ire » (the ability's text took the row and
squeezed the button to a few letters); now no word of a choice's button is cut."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import (
    PHONE,
    artifact,
    fits_the_phone,
    make_verified_user,
    signed_in_page,
)
from tests.hexpanse_site.conftest import captain_match

PASSWORD = "hexsite-hx-phone-1"

# Buttons of the panel's choices (a button beside its note) narrower than their longest word.
CUT_WORDS = """() => [...document.querySelectorAll('.hx-choice button, .hx-choice a.button')]
    .filter(b => b.offsetParent !== null)
    .filter(b => {
        const style = getComputedStyle(b);
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = style.font;
        const longest = Math.max(...b.innerText.split(/\\s+/).map(w => pen.measureText(w).width));
        const room = b.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return room + 0.5 < longest;
    })
    .map(b => b.innerText)"""


@pytest.mark.browser
def test_a_factions_button_keeps_its_words_whole_on_a_french_phone(daphne_server, new_context):
    anna = make_verified_user("hxp_anna", PASSWORD)
    bruno = make_verified_user("hxp_bruno", PASSWORD)
    match = captain_match([anna, bruno])
    page = signed_in_page(new_context, daphne_server, "hxp_anna", PASSWORD, viewport=PHONE)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    faction = page.locator("#hb-hand [data-testid^=kind-choose_faction-]")
    expect(faction.first).to_contain_text("Prendre la faction")
    assert page.evaluate(CUT_WORDS) == []
    fits_the_phone(page)
    page.screenshot(path=str(artifact("hexpanse-factions-phone-fr.png")), full_page=True)
