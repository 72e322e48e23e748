"""One person holds both seats of a team in a four-seat Hexpanse game against the computer,
in the browser: created in the lobby ("Me too"), the page follows whichever of their seats
must act through the factions' choice and the first turns, the switch shows the other seat,
and resigning resigns both (the computer's team wins). A few moves, not a whole game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match, MatchRecord
from tests.browser_support import (
    artifact,
    humans_turn_or_over,
    make_verified_user,
    sign_in,
    visible,
)

PASSWORD = "hexsite-browser-1"
MY_SEATS = (0, 2)
MAX_ACTIONS = 60
GAME_ACTIONS = 3  # moves of the game proper (after the factions' choice) before resigning
# Moves made by one click each (no picks: what is tested here is which seat plays, not the
# board): the factions' choice, then ending the actions and the market phase.
ORDER = (
    ("decide", "#hb-hand .hx-menu [data-testid^=kind-choose_faction-]"),
    ("decide", "#hb-hand [data-testid=kind-resolve-skip]"),
    ("decide", "#hb-hand [data-testid=kind-protect-none]"),
    ("end", "#hb-hand [data-testid=kind-end_actions]"),
    ("end", "#hb-hand [data-testid=kind-end_turn]"),
)


def _act(page) -> str:
    board = page.locator("#board").element_handle()
    for name, selector in ORDER:
        if visible(page, selector):
            page.locator(selector).first.click()
            page.wait_for_function("board => !board.isConnected", arg=board)
            page.wait_for_load_state("networkidle")
            return name
    page.screenshot(path=str(artifact("hexpanse-two-seats-stuck.png")), full_page=True)
    raise AssertionError("the page offers the person nothing to do")


def _create_in_the_lobby(page, url: str) -> int:
    page.goto(f"{url}/")
    page.select_option("select[name=system]", "hexpanse")
    page.select_option("select[name=players]", "4")
    page.select_option("select[name=hexpanse-mode]", "marin")
    page.check("input[name=hexpanse-teams]")
    page.select_option("select[name=seat_1]", "computer-easy")
    page.select_option("select[name=seat_2]", "me")
    page.select_option("select[name=seat_3]", "computer-easy")
    page.click("#create-match")
    page.wait_for_url(lambda now: "/m/" in now)
    return int(page.url.rstrip("/").split("/m/")[1].split("/")[0])


@pytest.mark.browser
def test_one_person_plays_both_seats_of_a_team_against_the_computer(
    daphne_server, new_context, bot_worker
):
    human = make_verified_user("hx_twoseats", PASSWORD)
    page = new_context(locale="en-US", viewport={"width": 360, "height": 800}).new_page()
    sign_in(page, daphne_server, "hx_twoseats", PASSWORD)
    match = Match.objects.get(pk=_create_in_the_lobby(page, daphne_server.url))
    assert [s.index for s in match.seats.filter(user=human)] == list(MY_SEATS)
    system = get_system("hexpanse")
    status = page.locator("#status")
    shown_acting: set[int] = set()
    game_moves: list[str] = []
    for _ in range(MAX_ACTIONS):
        bot_worker.wait_for(humans_turn_or_over(match.pk))
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE
        state = system.state_from_json(match.snapshot)
        acting = [s for s in system.to_act(state) if s in MY_SEATS]
        assert len(acting) == 1, acting  # teammates alternate: one of the person's seats
        if status.get_attribute("data-version") != str(match.version):
            page.reload()  # the computer moved in the worker: as the websocket refetch would
            expect(status).to_have_attribute("data-version", str(match.version))
        # The page shows the seat that must act, without being asked.
        expect(page.locator(f"[data-testid=shown-seat-{acting[0]}]")).to_be_visible()
        shown_acting.add(acting[0])
        in_setup = state.setup is not None
        action = _act(page)
        if not in_setup:
            game_moves.append(action)
        if len(game_moves) >= GAME_ACTIONS and shown_acting == set(MY_SEATS):
            break
    else:
        pytest.fail(f"{MAX_ACTIONS} actions without reaching the game's first turns")
    movers = set(match.records.filter(kind=MatchRecord.Kind.MOVE).values_list("seat", flat=True))
    assert set(MY_SEATS) <= movers  # each of the person's seats moved, from the same page

    # The switch shows the other seat; following the turn again is one link away.
    bot_worker.wait_for(humans_turn_or_over(match.pk))
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    shown = page.locator("[data-testid^=shown-seat-]").get_attribute("data-testid")
    other = next(s for s in MY_SEATS if f"shown-seat-{s}" != shown)
    page.click(f"[data-testid=seat-link-{other}]")
    expect(page.locator(f"[data-testid=shown-seat-{other}]")).to_be_visible()
    expect(page.locator("[data-testid=follow-turn]")).to_be_visible()
    page.screenshot(path=str(artifact("hexpanse-two-seats.png")), full_page=True)

    page.locator("details.resign summary").click()
    page.locator("details.resign button.danger").click()
    expect(status).to_have_attribute("data-match-status", "finished")
    match.refresh_from_db()
    forfeits = list(match.records.filter(kind="forfeit").values_list("seat", flat=True))
    assert forfeits == list(MY_SEATS)
    assert match.outcome["ranks"] == [1, 0, 1, 0]
    assert services.match_replay_verify(match=match)
