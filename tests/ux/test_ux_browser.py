"""Issue 13 in Chromium, as a newcomer meets it: sign up, start a first game against the computer
from the lobby, read what to do, place the HQ, and see the computer answer; on a 360 px phone
(header folded, turn and buttons above the board, 44 px targets, no overflow) and at 1280 px;
the reference panel and coordinates; the focus after an action; the end of a game with a
rematch; the unread badge kept live; the header's language switch. Screenshots at 360 and 1280
px in French and English go to test-artifacts/ (ux-*.png)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.accounts.selectors import profile_for
from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import (
    artifact,
    humans_turn_or_over,
    make_verified_user,
    sign_in,
    sign_up,
)

PASSWORD = "hexsite-ux-browser-1"
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


def no_horizontal_overflow(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        """limit => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > limit + 1)
            .slice(0, 5).map(e => e.outerHTML.slice(0, 120))""",
        page.viewport_size["width"],
    )
    assert width <= page.viewport_size["width"], (page.url, width, wide)


def small_targets(page, scope: str) -> list[str]:
    """Visible buttons and button-like links under `scope` shorter than 44 px."""
    return page.evaluate(
        """scope => [...document.querySelectorAll(scope + ' button, ' + scope + ' a.button')]
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
            .map(e => e.outerHTML.slice(0, 80))""",
        scope,
    )


def resign(page) -> None:
    """Opens "Resign…" and confirms. A live refetch (the websocket's nudge after our own
    change) may redraw the panel closed in between: open it again then."""
    for _ in range(5):
        page.locator("details.resign summary").click()
        try:
            page.locator("details.resign button.danger").click(timeout=2000)
            return
        except Exception:  # noqa: BLE001 - playwright's timeout: the panel was redrawn
            continue
    raise AssertionError("the Resign button never stayed open")


def shoot(page, name: str) -> None:
    page.screenshot(path=str(artifact(f"ux-{name}.png")), full_page=True)


def create_game_against_the_computer(page, server) -> int:
    """Through the lobby's form, as a newcomer does it."""
    page.goto(f"{server.url}/")
    page.select_option("select[name=system]", "neuroshima")
    page.select_option("select[name=seat_1]", "computer-easy")
    expect(page.locator("select[name=seat_2]")).to_be_hidden()  # only 2 players asked
    page.click("#create-match")
    page.wait_for_url(lambda url: "/m/" in url)
    return int(page.url.rstrip("/").split("/")[-1])


@pytest.mark.browser
@pytest.mark.parametrize(
    ("locale", "viewport", "words"),
    [
        ("fr-FR", PHONE, {"prompt": "Placez votre QG", "turn": "Votre tour"}),
        ("en-US", DESKTOP, {"prompt": "Place your HQ", "turn": "Your turn"}),
    ],
)
def test_a_newcomer_starts_a_first_game_against_the_computer_and_is_told_what_to_do(
    daphne_server,
    new_context,
    bot_worker,
    locale,
    viewport,
    words,
):
    tag = f"{locale[:2]}-{viewport['width']}"
    context = new_context(locale=locale, viewport=viewport, has_touch=viewport is PHONE)
    page = context.new_page()
    sign_up(page, daphne_server, f"new_{locale[:2]}", PASSWORD)
    page.goto(f"{daphne_server.url}/")
    expect(page.locator("[data-testid=newcomer-hint] a")).to_be_visible()  # how to play
    shoot(page, f"lobby-{tag}")
    no_horizontal_overflow(page)
    if viewport is PHONE:
        toggle = page.locator("[data-testid=menu-toggle]")
        expect(toggle).to_be_visible()
        expect(page.locator("#site-links")).to_be_hidden()
        assert page.locator(".site-header").bounding_box()["height"] < 120  # one or two rows
        toggle.click()
        expect(page.locator("#site-links")).to_be_visible()
        shoot(page, f"menu-open-{tag}")
        toggle.click()

    match_id = create_game_against_the_computer(page, daphne_server)
    prompt = page.locator("[data-testid=step-prompt]")
    expect(prompt).to_contain_text(words["prompt"])
    expect(page.locator("[data-testid=turn-line]")).to_contain_text(words["turn"])
    expect(page.locator("[data-testid=take-back]")).to_have_count(0)  # nothing to take back
    board = page.locator(".board-stage").bounding_box()
    if viewport is PHONE:
        # Whose turn it is and what to do come before the board.
        assert page.locator("#status").bounding_box()["y"] < board["y"]
        assert prompt.bounding_box()["y"] < board["y"]
        assert small_targets(page, "#match") == []
    # The coordinates button sits above the board, never over a hex.
    toggle = page.locator("[data-testid=coords-toggle]").bounding_box()
    assert toggle["y"] + toggle["height"] <= page.locator("#board").bounding_box()["y"] + 1
    no_horizontal_overflow(page)
    shoot(page, f"match-start-{tag}")

    # Place the HQ: a highlighted hex, then Confirm; the focus follows the next control.
    page.locator("#board .targets a").first.click()
    confirm = page.locator("[data-testid=confirm-move]")
    expect(confirm).to_be_focused()
    status = page.locator("#status")
    version = status.get_attribute("data-version")
    confirm.click()
    expect(status).not_to_have_attribute("data-version", version)
    # The focus lands on a control of the new state (after htmx settles), not on the page.
    page.wait_for_function(
        "() => document.activeElement && document.activeElement !== document.body"
        " && !!document.activeElement.closest('#match')"
    )

    # The computer answers in the worker; the page, refreshed, says it is our turn again.
    bot_worker.wait_for(humans_turn_or_over(match_id))
    page.reload()
    expect(prompt).to_be_visible()
    expect(page.locator(".hb-recent li").first).to_be_visible()  # what just happened, in words
    no_horizontal_overflow(page)
    shoot(page, f"match-after-computer-{tag}")

    # The reference panel opens inside the match page with the armies' tiles.
    page.locator("[data-testid=reference] summary").click()
    expect(page.locator(".nh-reference h3").first).to_be_visible()
    expect(page.locator("[data-testid=rules-link]")).to_be_visible()
    if viewport is DESKTOP:
        expect(page.locator(".hb-coord-label").first).to_be_hidden()
        page.locator("[data-testid=coords-toggle]").click()
        expect(page.locator(".hb-coord-label").first).to_be_visible()
        shoot(page, f"match-reference-coordinates-{tag}")
    page.goto(f"{daphne_server.url}/rules/")
    page.locator("[data-testid=rules-of]", has_text="Neuroshima").click()
    expect(page.locator("[data-testid=neuroshima-rules]")).to_be_visible()
    no_horizontal_overflow(page)
    shoot(page, f"rules-{tag}")


@pytest.mark.browser
@pytest.mark.parametrize(("locale", "viewport"), [("en-US", PHONE), ("fr-FR", DESKTOP)])
def test_the_end_of_a_game_the_live_badge_and_a_rematch(
    daphne_server, new_context, locale, viewport
):
    tag = f"{locale[:2]}-{viewport['width']}"
    anna, bruno = (make_verified_user(f"{n}_{tag}", PASSWORD) for n in ("anna", "bruno"))
    for user in (anna, bruno):
        profile = profile_for(user)
        profile.language = locale[:2]
        profile.save()
    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )
    pages = {}
    for user in (anna, bruno):
        pages[user] = new_context(locale=locale, viewport=viewport).new_page()
        sign_in(pages[user], daphne_server, user.username, PASSWORD)
    a, b = pages[anna], pages[bruno]
    b.goto(f"{daphne_server.url}/games/")
    badge = b.locator("[data-testid=unread-badge]")
    expect(badge).to_be_hidden()  # not bruno's turn: nothing to tell him yet
    expect(b.locator("body")).to_have_attribute("data-live", "1")  # its websocket is open

    a.goto(f"{daphne_server.url}/m/{match.pk}/")
    a.locator("form[action$='/draw/offer'] button").click()
    expect(badge).to_be_visible()  # over the websocket, without a reload
    expect(badge).to_contain_text("1")

    resign(a)
    expect(a.locator("[data-testid=ending]")).to_be_visible()
    no_horizontal_overflow(a)
    shoot(a, f"match-finished-{tag}")
    expect(a.locator("[data-testid=replay-link]")).to_be_visible()

    b.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(b.locator("[data-testid=ending]")).to_be_visible()
    expect(b.locator("[data-testid=unread-badge]")).to_be_hidden()  # read on opening the match
    b.locator("[data-testid=rematch]").click()
    b.wait_for_url(lambda url: not url.rstrip("/").endswith(f"/m/{match.pk}"))
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert rematch.seats.get(index=0).user == bruno  # bruno sat second, now first

    b.goto(f"{daphne_server.url}/me/u/{anna.username}/")
    no_horizontal_overflow(b)
    shoot(b, f"player-page-{tag}")
    b.goto(f"{daphne_server.url}/m/{match.pk}/replay/")
    expect(b.locator("[data-testid=replay-last]")).to_be_visible()
    no_horizontal_overflow(b)
    shoot(b, f"replay-{tag}")


@pytest.mark.browser
def test_the_header_switch_changes_a_signed_in_players_language(daphne_server, new_context):
    user = make_verified_user("switcher", PASSWORD)
    page = new_context(locale="fr-FR").new_page()
    sign_in(page, daphne_server, "switcher", PASSWORD)
    page.goto(f"{daphne_server.url}/games/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.select_option("#lang-select", "en")
    page.locator(".lang-form button").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(f"{daphne_server.url}/me/settings/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert profile_for(user).language == "en"


@pytest.mark.browser
@pytest.mark.parametrize("key", registry.system_keys())
def test_every_systems_match_page_fits_a_phone_and_opens_its_reference_inside(
    daphne_server, new_context, key
):
    """Each system against the computer, at 360 px in French and 1280 px in English: no
    overflow, whose turn it is and what to do before the board on the phone, 44 px buttons,
    the reference panel opened in place, and "since my last turn" with its board (screenshots
    ux-<system>-*.png)."""
    player = make_verified_user(f"ux_{key}", PASSWORD)
    system = registry.get_system(key)
    match = services.match_create(
        system=key,
        config={},
        seat_users=[player] + [None] * (system.min_seats - 1),
        bot_levels=dict.fromkeys(range(1, system.min_seats), 1),
    )
    for locale, viewport in (("fr-FR", PHONE), ("en-US", DESKTOP)):
        profile = profile_for(player)
        profile.language = locale[:2]
        profile.save()
        context = new_context(locale=locale, viewport=viewport, has_touch=viewport is PHONE)
        page = context.new_page()
        sign_in(page, daphne_server, f"ux_{key}", PASSWORD)
        page.goto(f"{daphne_server.url}/m/{match.pk}/")
        expect(page.locator("#status")).to_be_visible()
        no_horizontal_overflow(page)
        if viewport is PHONE:
            board = page.locator(".board-stage").bounding_box()
            assert page.locator("#status").bounding_box()["y"] < board["y"]
            prompt = page.locator("[data-testid=step-prompt]")
            if prompt.count() and prompt.first.is_visible():
                assert prompt.first.bounding_box()["y"] < board["y"]
            assert small_targets(page, "#match") == []
        tag = f"{key}-{locale[:2]}-{viewport['width']}"
        shoot(page, f"{tag}-match")
        page.locator("[data-testid=reference] summary").click()
        body = page.locator("[data-testid=reference] .reference-body")
        expect(body.locator("[data-testid=match-reference], .nh-reference")).to_be_visible()
        no_horizontal_overflow(page)
        shoot(page, f"{tag}-reference")
        # "Since my last turn": the board as it stands, and the way back.
        page.goto(f"{daphne_server.url}/m/{match.pk}/since/")
        expect(page.locator("[data-testid=since-board] svg").first).to_be_visible()
        no_horizontal_overflow(page)
        shoot(page, f"{tag}-since")
        page.locator("[data-testid=back-to-match]").click()
        page.wait_for_url(f"{daphne_server.url}/m/{match.pk}/")
        context.close()
