"""Every page a player or an organiser can reach fits a 360 px phone: nothing wider than the
screen, so no page scrolls sideways (a board that zooms scrolls inside its own stage), every hex
of a board as it first shows is 44 px across, to be tapped (it starts zoomed in), and every
button, button-like link, menu and disclosure is 44 px high at least, to be tapped, and so is
every checkbox and radio with its label (the lobby's options, the league's and the army
builders' forms, the e-mail addresses: label.check in site.css). And axe-core (Deque's
accessibility rules, the ones browsers' audits run) finds nothing wrong on any of them:
names for every control and image, one h1, landmarks, valid ARIA, unique ids, contrast...

The pages are found as a player finds them: from the lobby, following the links of each page
(same site, GET, one or two pages of each kind: `/m/7/` and `/m/9/` are one kind), signed in as
an organiser who plays in every game system and runs a league and a campaign, so that the
creation forms, the organiser's tools and every system's match page are among them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urldefrag, urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.armies import services as armies
from games.campaigns import services as campaigns
from games.league import services as leagues
from games.matches import services
from tests.armies.conftest import trooper_list
from tests.browser_support import make_verified_user, sign_in
from tests.fixtures import MATCH_CONFIGS, play_random

PASSWORD = "hexsite-phone-pages-1"
PHONE = {"width": 360, "height": 780}
MOST_PAGES = 90
SAME_KIND = 2  # pages of one kind opened at most (a match page: one per game system)

# Not pages a phone reads: downloads, feeds, the admin, leaving, the language switch's POST.
SKIPPED = re.compile(
    r"^/(admin|static|i18n|accounts/logout|sw\.js)|\.(json|ics|csv|trf|svg|png|webmanifest)$"
)

WIDER_THAN_THE_SCREEN = """width => [...document.querySelectorAll('body *')]
    .filter(e => !e.closest('svg') && e.getBoundingClientRect().right > width + 1
                 && !e.closest('.board-stage.hb-zoomed'))
    .slice(0, 3).map(e => e.outerHTML.slice(0, 100))"""


def _world(
    organiser,
    player,
    *,
    league_name="Ligue du mardi",
    campaign_name="Les Terres brûlées",
    army_name="Pillards",
    moves=4,
) -> None:
    league = leagues.league_create(name=league_name, created_by=organiser, preset="neuroduel")
    season = leagues.season_open(league=league, actor=organiser)
    for user in (organiser, player):
        leagues.registration_create(season=season, user=user)
    leagues.season_start(season=season, actor=organiser)
    campaign = campaigns.campaign_create(
        organiser=organiser, name=campaign_name, systems=["neuroshima"]
    )
    for user in (organiser, player):
        campaigns.campaign_join(campaign_id=campaign.pk, user=user)
    campaigns.campaign_start(campaign_id=campaign.pk, user=organiser)
    # A saved army list: its page has the list's own tools (export, copy, delete).
    armies.army_list_save(owner=organiser, system="skirmish", name=army_name, data=trooper_list())
    for system, config in MATCH_CONFIGS.items():
        match = services.match_create(
            system=system, config=config, seat_users=[organiser, player], seed=f"phone-{system}"
        )
        play_random(match, [organiser, player], moves=moves, seed=3)


# Controls shorter than 44 px or narrower than 24 (a board's hexes are the zoom's business, and a
# chapter of the log is reading, not a control row); text boxes count (a chat box was 30 px), and
# so do the match page's links beside the hand (they were 16 px).
SMALL_TARGETS = """() => [...document.querySelectorAll(
        'main :is(button, a.button, input:not([type=hidden], [type=checkbox], [type=radio]),'
        + ' select, summary, .hb-links a)')]
    .filter(e => e.offsetParent !== null && !e.closest('svg, .log-lines')
                 && (e.getBoundingClientRect().height < 44 || e.getBoundingClientRect().width < 24))
    .slice(0, 3).map(e => e.outerHTML.slice(0, 100))"""


# A tip's rules link ends its sentence: 24 px high at least and on one line (WCAG 2.5.8; it was
# 19 px, or broken across two lines).
SMALL_TIP_LINKS = """() => [...document.querySelectorAll('main .hb-coach li a')]
    .filter(a => a.offsetParent !== null
                 && (a.getBoundingClientRect().height < 24 || a.getClientRects().length > 1))
    .slice(0, 3).map(a => a.outerHTML.slice(0, 100))"""

# The narrowest way across the board's smallest hex as a phone first shows it (fitted to 360 px,
# Infinity's were 23 px across, the small skirmish's 28, Hexpanse's 40: board.js starts a board
# zoomed in until they are 44).
HEX_ACROSS = """() => Math.min(...[...document.querySelectorAll('.board-stage .hb-grid .cells polygon[data-hex]')]
    .map(p => { const b = p.getBoundingClientRect(); return Math.min(b.width, b.height); }))"""

SHOWN_LINKS = """() => ({
    links: [...document.querySelectorAll('main .hb-links a')].filter(a => a.offsetParent).length,
    tips: [...document.querySelectorAll('main .hb-coach a')].filter(a => a.offsetParent).length,
})"""


# Checkboxes and radios whose tap target (their label, holding them or beside them on their line)
# is under 44 px high, or that have no such label.
SMALL_BOXES = """() => [...document.querySelectorAll(
        'main input[type=checkbox], main input[type=radio]')]
    .filter(box => box.offsetParent !== null)
    .filter(box => {
        const label = box.closest('label') || document.querySelector(`label[for="${box.id}"]`);
        if (!label) return true;
        const b = box.getBoundingClientRect(), l = label.getBoundingClientRect();
        const beside = l.left >= b.right - 1 && l.left - b.right < 16
            && b.top >= l.top - 1 && b.bottom <= l.bottom + 1;
        return l.height < 44 || !(label.contains(box) || beside);
    })
    .slice(0, 3).map(box => box.outerHTML.slice(0, 120))"""


def _kind(path: str) -> str:
    if re.fullmatch(r"/m/\d+/", path):
        return path  # each game system draws its own match page
    return re.sub(r"\d+", "N", path)


def _links(page, origin: str) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    found = []
    for href in hrefs:
        url = urldefrag(href)[0]
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != origin or SKIPPED.search(parts.path):
            continue
        # A pick, a step or a filter of a page is the same page for its width: the lobby's
        # ?system= is the exception (each game's options form differs).
        keep_query = parts.path == "/" and parts.query.startswith("system=")
        found.append(parts.path + (f"?{parts.query}" if keep_query else ""))
    return found


def walk(page, origin: str, to_visit: list[str], seen: set[str]) -> Iterator[str]:
    """Opens the pages a player finds from `to_visit`, following each page's links (one or two
    pages of each kind, MOST_PAGES in all): yields each path once its page has loaded, and adds
    it to `seen`."""
    kinds: dict[str, int] = {}
    while to_visit and len(seen) < MOST_PAGES:
        path = to_visit.pop(0)
        kind = _kind(path)
        if path in seen or kinds.get(kind, 0) >= SAME_KIND:
            continue
        seen.add(path)
        kinds[kind] = kinds.get(kind, 0) + 1
        answer = page.goto(origin + path)
        if answer is None or answer.status >= 400 or not page.url.startswith(origin):
            continue
        page.wait_for_load_state("load")
        yield path
        to_visit += [link for link in _links(page, origin) if link not in seen]


@pytest.mark.browser
def test_no_page_a_player_can_reach_is_wider_than_a_phone_or_has_small_targets(
    daphne_server, new_context
):
    organiser = make_verified_user("tel_anna", PASSWORD)
    player = make_verified_user("tel_bruno", PASSWORD)
    _world(organiser, player)
    # A phone's screen is a touch screen: board.js zooms a board in until a finger can tap it.
    page = new_context(locale="fr-FR", viewport=PHONE, has_touch=True).new_page()
    sign_in(page, daphne_server, "tel_anna", PASSWORD)
    origin = daphne_server.url.rstrip("/")
    # The lobby's options form differs by game: its select is not a link.
    # My finished games is linked only from a full list of finished games.
    to_visit = ["/", "/games/finished/", *(f"/?system={system}" for system in MATCH_CONFIGS)]
    seen: set[str] = set()
    too_wide: list[str] = []
    too_small: list[str] = []
    axe, inaccessible = Axe(), []
    links_on_match_pages: dict[str, dict[str, int]] = {}
    hexes_across: dict[str, float] = {}
    for path in walk(page, origin, to_visit, seen):
        if page.evaluate("document.documentElement.scrollWidth") > PHONE["width"]:
            too_wide.append(f"{path}: {page.evaluate(WIDER_THAN_THE_SCREEN, PHONE['width'])}")
        if small := page.evaluate(SMALL_TARGETS):
            too_small.append(f"{path}: {small}")
        if small := page.evaluate(SMALL_TIP_LINKS):
            too_small.append(f"{path}: {small}")
        if small := page.evaluate(SMALL_BOXES):
            too_small.append(f"{path}: {small}")
        inaccessible += [f"{path}: {v}" for v in _axe_violations(axe, page)]
        if re.fullmatch(r"/m/\d+/", path):
            links_on_match_pages[path] = page.evaluate(SHOWN_LINKS)
            if page.locator(".board-stage .hb-grid").count():
                hexes_across[path] = round(page.evaluate(HEX_ACROSS), 1)
    # The walk reached the pages that matter (else it would prove nothing).
    for expected in ("/leagues/new/", "/campaigns/", "/me/settings/", "/armies/"):
        assert expected in seen, sorted(seen)
    assert sum(1 for path in seen if re.fullmatch(r"/m/\d+/", path)) >= 5, sorted(seen)
    assert any(re.fullmatch(r"/armies/\d+/", path) for path in seen), sorted(seen)
    assert any("/manage/" in path for path in seen), sorted(seen)
    # Every system's match page showed its links, and tips' links were among those measured (a
    # coach has a tip only when there is something to say about the seat's decision).
    assert all(shown["links"] >= 2 for shown in links_on_match_pages.values()), links_on_match_pages
    assert sum(shown["tips"] for shown in links_on_match_pages.values()) >= 2, links_on_match_pages
    # Every hex board was measured, and each one's hexes are a finger's target (44 px).
    assert len(hexes_across) >= 5 and min(hexes_across.values()) >= 44, hexes_across
    assert too_wide == [], "\n".join(too_wide)
    assert too_small == [], "\n".join(too_small)
    assert inaccessible == [], "\n".join(inaccessible)


def _axe_violations(axe: Axe, page) -> list[str]:
    """axe-core's violations on the page as it stands, whatever their impact: the rule, why, and
    the first elements at fault."""
    found = axe.run(page, options={"resultTypes": ["violations"]}).response["violations"]
    return [
        f"{v['impact']} {v['id']} ({v['help']}): {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
    ]
