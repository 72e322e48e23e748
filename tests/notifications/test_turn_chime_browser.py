"""« Son quand c'est votre tour »: a page of the player open on the site chimes once when the
opponent's move makes it their turn (the socket's turn count grows), not on their own move, not
when they turned the setting off, and once for a turn among several tabs of one browser. The
page counts each chime it plays on <body data-chimes> and each turn it heard on
<body data-turn-began> once it decided (static/js/site.js); the chime itself is Chromium's real
Web Audio, unlocked by a real click."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.accounts.selectors import profile_for
from tests.browser_support import make_verified_user, post_move, signed_in_page
from tests.fixtures import start_match
from tests.matches.demo_system import install

install()  # the tiny "claim" game, in the server that the fixture forks too

PASSWORD = "hexsite-chime-1"


def player(name: str, **profile):
    user = make_verified_user(name, PASSWORD)
    settings = profile_for(user)
    settings.language = "en"
    for key, value in profile.items():
        setattr(settings, key, value)
    settings.save()
    return user


def end_my_turn_on_the_page(page) -> None:
    """The player claims a hex and ends their turn with the match page's own buttons (clicks:
    the gesture that lets the page sound)."""
    moves = page.locator(".generic-moves button")
    expect(moves.first).to_be_visible()
    moves.first.click()
    end = page.locator(".generic-moves button", has_text="type=end")
    expect(end).to_be_visible()
    end.click()


def opponent_ends_turn(device, server, match) -> None:
    """The opponent's claim and end of turn, posted through the server (their own page)."""
    match.refresh_from_db()
    seat = match.seats.get(index=1)
    hand = match.snapshot["hands"][seat.index]
    free = match.snapshot["board"].index(None)
    post_move(device, server, match, {"type": "claim", "hex": free, "tile": hand[0]})
    post_move(device, server, match, {"type": "end"})


def opened_match(new_context, server, match, name: str):
    page = signed_in_page(new_context, server, name, PASSWORD, locale="en-US")
    page.goto(f"{server.url}/m/{match.pk}/")
    expect(page.locator("body[data-live]")).to_have_count(1)
    return page


@pytest.mark.browser
def test_the_page_chimes_once_when_the_opponents_move_makes_it_my_turn(daphne_server, new_context):
    anna, bruno = player("anna"), player("bruno")
    match = start_match(anna, bruno)  # anna plays first
    page = opened_match(new_context, daphne_server, match, "anna")
    expect(page.locator("#turn-count")).to_have_text("1")

    end_my_turn_on_the_page(page)  # her own move: her count falls, no chime
    expect(page.locator("#turn-count")).to_have_text("0")
    assert page.locator("body").get_attribute("data-chimes") is None

    opponent = signed_in_page(new_context, daphne_server, "bruno", PASSWORD, locale="en-US")
    opponent_ends_turn(opponent, daphne_server, match)
    expect(page.locator("#turn-count")).to_have_text("1")
    expect(page.locator("body")).to_have_attribute("data-turn-began", "1")
    expect(page.locator("body")).to_have_attribute("data-chimes", "1")
    assert page.title().startswith("(1) ")


@pytest.mark.browser
def test_no_chime_once_the_player_turned_the_sound_off_in_their_settings(
    daphne_server, new_context
):
    anna, bruno = player("anna"), player("bruno")
    match = start_match(anna, bruno)
    page = signed_in_page(new_context, daphne_server, "anna", PASSWORD, locale="en-US")
    page.goto(f"{daphne_server.url}/me/settings/")
    sound = page.get_by_label("Sound when it is your turn")
    expect(sound).to_be_checked()  # on until the player says otherwise
    sound.focus()
    page.keyboard.press("Space")  # by the keyboard
    page.get_by_role("button", name="Save").press("Enter")
    # The page is drawn again, its <body> without the chime.
    expect(page.locator("body:not([data-turn-chime])")).to_have_count(1)
    expect(page.get_by_label("Sound when it is your turn")).not_to_be_checked()
    assert profile_for(anna).turn_chime is False

    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(page.locator("body[data-live]")).to_have_count(1)
    end_my_turn_on_the_page(page)
    expect(page.locator("#turn-count")).to_have_text("0")
    opponent = signed_in_page(new_context, daphne_server, "bruno", PASSWORD, locale="en-US")
    opponent_ends_turn(opponent, daphne_server, match)
    expect(page.locator("#turn-count")).to_have_text("1")  # the page heard it
    assert page.locator("body").get_attribute("data-turn-began") is None
    assert page.locator("body").get_attribute("data-chimes") is None


@pytest.mark.browser
def test_two_tabs_of_one_browser_chime_once_for_a_turn(daphne_server, new_context):
    anna, bruno = player("anna"), player("bruno")
    match = start_match(anna, bruno)
    page = opened_match(new_context, daphne_server, match, "anna")
    games = page.context.new_page()
    games.goto(f"{daphne_server.url}/games/")
    expect(games.locator("body[data-live]")).to_have_count(1)
    games.locator("h1").first.click()  # a gesture in this tab too: both may sound
    end_my_turn_on_the_page(page)
    expect(games.locator("#turn-count")).to_have_text("0")

    opponent = signed_in_page(new_context, daphne_server, "bruno", PASSWORD, locale="en-US")
    opponent_ends_turn(opponent, daphne_server, match)
    for tab in (page, games):
        expect(tab.locator("body")).to_have_attribute("data-turn-began", "1")
    chimes = [tab.locator("body").get_attribute("data-chimes") for tab in (page, games)]
    assert [chime for chime in chimes if chime] == ["1"]


# Sockets the test may close, and hold closed: while held, each new socket closes at once, as
# one would while the network is away (the page then retries, backing off).
SOCKETS_HELD_BY_THE_TEST = """
(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.__holdSockets = false;
  window.WebSocket = function (url, protocols) {
    if (window.__holdSockets) {
      const away = { readyState: 3, send() {}, close() {} };
      setTimeout(() => away.onclose && away.onclose({}), 0);
      return away;
    }
    const socket = protocols === undefined ? new Real(url) : new Real(url, protocols);
    window.__sockets.push(socket);
    return socket;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
})();
"""


@pytest.mark.browser
def test_a_turn_that_began_while_the_socket_was_away_chimes_on_its_return(
    daphne_server, new_context
):
    anna, bruno = player("anna"), player("bruno")
    match = start_match(anna, bruno)
    page = signed_in_page(new_context, daphne_server, "anna", PASSWORD, locale="en-US")
    page.add_init_script(SOCKETS_HELD_BY_THE_TEST)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(page.locator("body[data-live]")).to_have_count(1)
    end_my_turn_on_the_page(page)
    expect(page.locator("#turn-count")).to_have_text("0")

    page.evaluate("window.__holdSockets = true; window.__sockets.at(-1).close()")
    expect(page.locator("body[data-live]")).to_have_count(0)
    opponent = signed_in_page(new_context, daphne_server, "bruno", PASSWORD, locale="en-US")
    opponent_ends_turn(opponent, daphne_server, match)
    page.evaluate("window.__holdSockets = false")

    expect(page.locator("body")).to_have_attribute("data-chimes", "1", timeout=30_000)
    expect(page.locator("#turn-count")).to_have_text("1")
    assert page.title().startswith("(1) ")
