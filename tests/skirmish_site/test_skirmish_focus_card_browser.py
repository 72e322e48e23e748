"""A model's focus card in Chromium (static/skirmish/skirmish.js): the server sends each model's
words and targets only, the browser draws the card and the lines of fire at once on the
keyboard's focus or a hover, also after the page was redrawn by the other side's move; that
redraw sent the terrain and the legend empty and the page kept its own (hx-preserve; a page
lacking them fetches them once), and the armies' list it sent closed is fetched when opened."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.matches import services
from tests.browser_support import make_verified_user, post_move, sign_in
from tests.fixtures import play_random

PASSWORD = "hexsite-browser-1"


@pytest.mark.browser
def test_the_card_and_lines_of_fire_show_on_focus_and_hover_after_a_redraw(
    daphne_server, new_context
):
    red = make_verified_user("card_red", PASSWORD)
    blue = make_verified_user("card_blue", PASSWORD)
    system = registry.get_system("skirmish")
    match = services.match_create(
        system="skirmish",
        config={"scenario": "radioactive_barrel", "board": "standard"},
        seat_users=[red, blue],
        seed="screenshots",  # the same battle as the screenshots: red has targets in aimed fire
    )

    def both_aim(state) -> bool:
        return state.phase == "aimed_fire" and state.turn >= 2 and not any(state.submitted)

    match = play_random(match, [red, blue], 300, until=both_aim)
    state = system.state_from_json(match.snapshot)
    assert both_aim(state), state.phase
    page = new_context(locale="en-US", viewport={"width": 360, "height": 780}).new_page()
    sign_in(page, daphne_server, "card_red", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    terrain = page.locator("#board .sk-terrain polygon")
    hexes = terrain.count()
    assert hexes > 0
    # Marks only this page's own elements carry: a redraw that replaced them would lose them.
    page.evaluate(
        "document.querySelectorAll('#board .sk-terrain, #sk-legend')"
        ".forEach(e => e.setAttribute('data-kept', 'this page'))"
    )

    # Blue sends its orders: red's page is redrawn by the push, its terrain and legend kept.
    blue_page = new_context(locale="en-US").new_page()
    sign_in(blue_page, daphne_server, "card_blue", PASSWORD)
    post_move(blue_page, daphne_server, match, system.choose_default(state, 1))
    expect(page.locator("#status")).to_have_attribute("data-version", str(match.version))
    expect(terrain).to_have_count(hexes)
    expect(page.locator("#board .sk-terrain[data-kept]")).to_have_count(1)
    expect(page.locator("#sk-legend[data-kept]")).to_have_count(1)
    expect(page.locator("[data-placeholder]")).to_have_count(0)
    expect(page.locator("#sk-legend li").first).to_be_attached()

    # The keyboard's focus on a shooter: its card (its name first) and one line per target.
    shooter = page.locator("#board .model[data-fire]").first
    targets = len(shooter.get_attribute("data-fire").split())
    name = shooter.locator("title").text_content().split(". ")[0]
    shooter.focus()
    card = page.locator("#board [data-testid=model-card]")
    expect(card).to_have_count(1)
    expect(card.locator(".card-title")).to_have_text(name)
    expect(card.locator("[data-testid=line-of-fire]")).to_have_count(targets)
    assert card.locator(".card").bounding_box()["width"] > 0
    # A screen reader hears the model by its profile sentence.
    expect(shooter).to_have_attribute("role", "img")
    expect(page.get_by_role("img", name=shooter.locator("title").text_content())).to_have_count(1)
    page.keyboard.press("Tab")  # the next model: its own card, one at a time
    expect(card).to_have_count(1)
    expect(card.locator(".card-title")).not_to_have_text(name)

    # Hovering a model shows its card; leaving it shows the focused one's again.
    other = page.locator("#board .model[data-card]").last
    other.hover(force=True)
    expect(card.locator(".card-title")).to_have_text(
        other.locator("title").text_content().split(". ")[0]
    )
    page.locator("[data-testid=skirmish-now]").hover()
    expect(card).to_have_count(1)  # the model still focused
    page.locator("[data-testid=skirmish-now]").click()
    expect(card).to_have_count(0)

    # The armies' list, sent closed with the redraw, is fetched when opened.
    page.locator("#sk-rosters summary").click()
    expect(page.locator("#sk-rosters .sk-roster").first).to_be_visible()
    expect(page.locator("#sk-rosters")).to_contain_text("Walker")
    # Open, it stays open through the next redraw and is fetched again.
    page.evaluate("document.getElementById('sk-rosters').setAttribute('data-kept', 'before')")
    page.evaluate("htmx.trigger(document.body, 'match-changed')")
    expect(page.locator("#sk-rosters:not([data-kept])")).to_have_attribute("open", "")
    expect(page.locator("#sk-rosters .sk-roster").first).to_be_visible()

    # A page without the terrain (as one that slept through the whole setup would be) gets the
    # empty group with red's own orders' answer, and fetches the terrain once by itself.
    page.evaluate("document.querySelectorAll('#board .sk-terrain').forEach(e => e.remove())")
    page.locator("[data-testid=send-orders]").click()
    expect(page.locator("#status")).not_to_have_attribute("data-version", str(match.version))
    expect(terrain).to_have_count(hexes)
    expect(page.locator("[data-placeholder]")).to_have_count(0)
    fits = "() => document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(fits), "the page is wider than the phone"

    # "Since my last turn" draws the board whole, and with it the script that draws the cards.
    page.goto(f"{daphne_server.url}/m/{match.pk}/since/")
    page.locator(".model[data-card]").first.focus()
    expect(page.locator("[data-testid=model-card] .card")).to_be_visible()
