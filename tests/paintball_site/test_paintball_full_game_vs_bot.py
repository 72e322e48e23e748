"""A whole paintball match in Chromium: the test plays Red through the page only (deploying by
hand, picking a figure, moving it along a path it picks, shooting, answering decisions, ending its
phases), the computer plays Blue from a real procrastinate worker in a background thread
(tests/browser_support.py), until the match is over. A base assault: eight turns at most."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from games.matches.models import Match
from tests.browser_support import (
    artifact,
    make_verified_user,
    play_to_the_end,
    sign_in,
    visible,
)

PASSWORD = "hexsite-browser-1"
MAX_ACTIONS = 400  # a game takes ~60 UI actions; this only stops a runaway loop
PREFERRED = ("shoot", "move", "aim")  # the figure's action to pick, in this order


def _act(page, plan: dict) -> str:
    """One UI action of the human seat, chosen from what the page offers. Returns its name.
    `plan` remembers whether a figure already acted in this phase (one action, then End)."""
    board = page.locator("#board").element_handle()
    choice = None
    if visible(page, "[data-testid=decision-option-0]"):
        choice = "decide", "[data-testid=decision-option-0]"
    elif visible(page, "[data-testid=deploy]"):
        # Deploy by hand, as a player who wants none of the ready deployments: the last figure
        # goes to the start zone's farthest hex (empty in the default), the others stay.
        page.locator("[data-testid=deploy-by-hand] summary").click()
        last = page.locator("[data-testid=deploy-form] select").last
        hexes = last.locator("option").evaluate_all("options => options.map(o => o.value)")
        last.select_option(hexes[-1])
        plan["deployed"] = (last.get_attribute("name").removeprefix("hex-"), hexes[-1])
        choice = "deploy", "[data-testid=deploy-by-hand-submit]"
    elif visible(page, "[data-testid=cancel-selection]"):
        # A move is being built: take the preferred action, then the first target; confirm
        # once complete (a one-hex move is complete before its second hex).
        for do in PREFERRED:
            if visible(page, f"[data-testid=pick-do-{do}]"):
                choice = f"do-{do}", f"[data-testid=pick-do-{do}]"
                break
        else:
            if visible(page, "[data-testid=confirm-move]"):
                choice = "confirm", "[data-testid=confirm-move]"
            elif visible(page, "#board .targets a"):
                choice = "pick", "#board .targets a"
            elif visible(page, "#hb-hand .hb-options a"):
                choice = "option", "#hb-hand .hb-options a"
    elif not plan["acted"] and visible(page, "#board .targets a"):
        choice = "figure", "#board .targets a"
    elif visible(page, "[data-testid=end-phase]"):
        choice = "end", "[data-testid=end-phase]"
    assert choice is not None, "the page offers the player nothing to do"
    url = page.url
    page.locator(choice[1]).first.click()
    # Every action replaces the board (htmx swap or a new page): wait for the old one to go.
    page.wait_for_function("board => !board.isConnected", arg=board)
    if choice[0] in ("figure", "pick", "option") or choice[0].startswith("do-"):
        page.wait_for_url(lambda now: now != url)  # a pick is in the address
        # Every pick keeps one instruction in view: what to do next.
        expect(page.locator("[data-testid=step-prompt]")).to_be_visible()
    if choice[0] == "confirm":
        plan["acted"] = True
    if choice[0] == "end":
        plan["acted"] = False
    return choice[0]


@pytest.mark.browser
def test_a_whole_paintball_match_against_the_computer_in_the_browser(
    daphne_server, new_context, bot_worker
):
    human = make_verified_user("pb_player", PASSWORD)
    match = services.match_create(
        system="paintball",
        config={"scenario": "base_assault", "attacker": "red"},
        seat_users=[human, None],
        bot_levels={1: 1},
    )
    page = new_context(locale="en-US", viewport={"width": 390, "height": 900}).new_page()
    sign_in(page, daphne_server, "pb_player", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    status = page.locator("#status")
    plan = {"acted": False}
    actions = play_to_the_end(
        page,
        match,
        bot_worker,
        lambda page: _act(page, plan),
        moves=("confirm", "end", "decide", "deploy"),
        max_actions=MAX_ACTIONS,
    )

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome
    page.reload()
    expect(status).to_have_attribute("data-match-status", "finished")
    assert actions.count("confirm") >= 3 and actions.count("end") >= 3, actions
    assert "figure" in actions and "deploy" in actions, actions
    # The hand-made deployment is the one played.
    figure, hex_key = plan["deployed"]
    deploys = [
        r.data["move"]
        for r in match.records.filter(kind="move", seat=0)
        if r.data["move"].get("type") == "deploy"
    ]
    assert [",".join(map(str, d["hexes"][figure])) for d in deploys] == [hex_key]
    print(f"{len(actions)} UI actions, {actions.count('confirm')} moves confirmed")
    # The whole game went through the services: replaying the record gives the same position.
    assert services.match_replay_verify(match=match)
    page.screenshot(path=str(artifact("paintball-full-game-vs-bot.png")), full_page=True)
