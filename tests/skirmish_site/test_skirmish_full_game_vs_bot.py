"""In the browser, on a 360 px phone: build an army in the builder (costs update live), create
a match against the computer with it, and play it through the UI to the end of its six turns;
the computer plays from a real procrastinate worker (tests/browser_support.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.accounts.selectors import profile_for
from games.armies.models import ArmyList
from games.matches import services
from games.matches.models import Match
from tests.browser_support import artifact, make_verified_user, play_to_the_end, sign_in

PASSWORD = "hexsite-browser-1"
MAX_ACTIONS = 300  # a game takes ~60 UI actions; this only stops a runaway loop


def _visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return bool(locator.count()) and locator.first.is_visible()


def _build_army(page, server) -> None:
    page.goto(f"{server.url}/armies/")
    page.locator("[data-testid=army-new-skirmish]").click()
    page.fill("#army-name", "Kessel Raiders")
    page.fill("#u-0-name", "Veterans")
    page.fill("#u-0-count", "4")
    page.select_option("#u-0-armour", "3")
    # 9'' (1) + Melee 2 (4) + Shoot 3 (9) + Armour 3 (6) = 20 points a model: computed live by
    # the engine, swapped in by htmx.
    expect(page.locator("[data-testid=unit-0-cost]")).to_contain_text("20 pts per model")
    expect(page.locator("[data-testid=army-total]")).to_contain_text("80")
    page.locator("[data-testid=unit-0-hero]").check()
    expect(page.locator("[data-testid=army-problems]")).to_contain_text(
        "an army under 250 points may have none: untick Hero"
    )
    page.locator("[data-testid=unit-0-hero]").uncheck()
    expect(page.locator("[data-testid=army-ok]")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifact("skirmish-army-builder-360.png")), full_page=True)
    page.keyboard.press("Tab")  # the form works from the keyboard: save with Enter on the name
    page.locator("#army-name").press("Enter")
    page.wait_for_url(lambda url: "/armies/new/" not in url)
    assert ArmyList.objects.get().valid


def _create_match(page, server) -> Match:
    army = ArmyList.objects.get()
    page.goto(f"{server.url}/")
    page.select_option("select[name=system]", "skirmish")
    page.select_option("select[name=skirmish-board]", "small")
    page.select_option("select[name=skirmish-scenario]", "pitched_battle")
    page.select_option("select[name=skirmish-army]", str(army.pk))
    page.select_option("select[name=seat_1]", "computer-easy")
    page.locator("#create-match").click()
    page.wait_for_url(lambda url: "/m/" in url)
    match = Match.objects.get()
    assert match.config["armies"][0]["name"] == "Kessel Raiders"
    return match


CHOICES = (
    ("decide", "[data-testid=decision-option-0]"),
    ("confirm", "[data-testid=confirm-move]"),
    ("orders", "[data-testid=send-orders]"),
    ("end", "[data-testid=end-movement]"),
    ("target", "#board .targets a"),
    ("unit", "#hb-hand a[data-testid^=hand-tile-]"),
)


def _act(page) -> str:
    """One UI action of the human seat, chosen from what the page offers."""
    board = page.locator("#board").element_handle()
    url = page.url
    found = next(((n, sel) for n, sel in CHOICES if _visible(page, sel)), None)
    assert found is not None, "the page offers the player nothing to do"
    name, selector = found
    page.locator(selector).first.click()
    # Every action replaces the board: htmx swaps it after a pick, a move or sent orders.
    page.wait_for_function("board => !board.isConnected", arg=board)
    if name in ("target", "unit"):
        page.wait_for_url(lambda now: now != url)  # a pick is in the address
    return name


@pytest.mark.browser
def test_build_an_army_then_play_it_against_the_computer_to_the_end(
    daphne_server, new_context, bot_worker
):
    player = make_verified_user("sk_player", PASSWORD)
    profile = profile_for(player)
    profile.language = "en"  # the site speaks French first; this test reads English
    profile.save()
    page = new_context(locale="en-US", viewport={"width": 360, "height": 780}).new_page()
    sign_in(page, daphne_server, "sk_player", PASSWORD)
    _build_army(page, daphne_server)
    match = _create_match(page, daphne_server)
    moves = {"decide", "orders", "end", "confirm"}
    actions = play_to_the_end(
        page,
        match,
        bot_worker,
        _act,
        moves=moves,
        max_actions=MAX_ACTIONS,
        fresh=lambda: expect(page.locator("[data-testid=skirmish-now]")).not_to_be_empty(),
    )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome
    assert match.snapshot["turn"] == 6 and match.snapshot["phase"] == "over"
    assert {"decide", "orders", "end", "unit", "target", "confirm"} <= set(actions), actions
    assert services.match_replay_verify(match=match)
    page.reload()
    expect(page.locator("[data-testid=skirmish-now]")).to_contain_text("The battle is over")
    page.screenshot(path=str(artifact("skirmish-full-game-vs-bot-360.png")), full_page=True)
    page.goto(f"{daphne_server.url}/m/{match.pk}/steps/")
    expect(page.locator("[data-testid=battle-step]")).to_be_visible()
    page.screenshot(path=str(artifact("skirmish-steps-360.png")), full_page=True)
    replay = page.goto(f"{daphne_server.url}/m/{match.pk}/replay/?ply=40")
    assert replay is not None and replay.ok
    expect(page.locator("svg.hb-svg").first).to_be_visible()
