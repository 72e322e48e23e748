"""The coach's tips and the hand's links left to the page are named by what they are drawn from
(games/hexboard/hand_parts.py): a page that shows them as they are is sent an empty element,
and they are not drawn (issue 14). Each input their templates read, changed alone, draws them
whole again; a key that left one out would leave the page's old part in place."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games.hexboard.hand_parts import coach_key, links_key
from games.hexboard.protocol import Link, Tip

TIPS = (
    Tip("hq", "Place your HQ & a tile."),
    Tip("turn", "Draw three tiles.", "/rules#turn", "Turn"),
)
LINKS = (Link("Every tile", "/tiles/", "tiles-link"), Link("Since my turn", "/m/1/since"))
URLS = {"page": "/m/1/", "hide_tips": "/tips/neuroshima/"}


class Page:
    """What one page shows, as matches.shown_parts answers for it: each part's last id."""

    def __init__(self):
        self.shown: dict[str, object] = {}

    def __call__(self, *, part: str, drawn_id: object) -> bool:
        kept = self.shown.get(part) == drawn_id
        self.shown[part] = drawn_id
        return kept


def _coach(page: Page, tips=TIPS, urls=URLS) -> str:
    turn = {"coach": tips, "urls": urls, "coach_key": coach_key(tips, urls)}
    return render_to_string("hexboard/_coach.html", {"turn": turn, "page_shows": page})


def _links(page: Page, links=LINKS) -> str:
    turn = {"links": links, "links_key": links_key(links)}
    return render_to_string("hexboard/_links.html", {"turn": turn, "page_shows": page})


def _left(html: str) -> bool:
    return 'data-placeholder="1"' in html


class Words(str):
    """A tip's words that count how often a template writes them."""

    written = 0

    def __str__(self) -> str:
        Words.written += 1
        return str.__str__(self)


def test_tips_the_page_shows_are_not_drawn():
    page = Page()
    tips = (Tip("hq", Words("Place your HQ first.")),)
    Words.written = 0
    assert "Place your HQ first." in _coach(page, tips) and Words.written
    Words.written = 0
    kept = _coach(page, tips)
    assert _left(kept) and "hb-coach" in kept and Words.written == 0


def test_links_the_page_shows_are_not_drawn():
    page = Page()
    links = (Link(Words("Every tile"), "/tiles/"),)
    Words.written = 0
    assert "Every tile" in _links(page, links) and Words.written
    Words.written = 0
    assert _left(_links(page, links)) and Words.written == 0


@pytest.mark.parametrize(
    "changed",
    [
        pytest.param(lambda tips: (replace(tips[0], text="Move it."), tips[1]), id="words"),
        pytest.param(lambda tips: (replace(tips[0], key="net"), tips[1]), id="key"),
        pytest.param(lambda tips: (tips[0], replace(tips[1], href="/rules#battle")), id="href"),
        pytest.param(lambda tips: (tips[0], replace(tips[1], link_label="Battle")), id="label"),
        pytest.param(lambda tips: (tips[0],), id="one-fewer"),
        pytest.param(lambda tips: (*tips, Tip("net", "A net holds.")), id="one-more"),
        pytest.param(
            lambda tips: (replace(tips[0], text=mark_safe(tips[0].text)), tips[1]), id="safe"
        ),
    ],
)
def test_tips_changed_are_drawn_whole(changed):
    page = Page()
    _coach(page)
    assert _left(_coach(page))
    tips = changed(TIPS)
    again = _coach(page, tips)
    assert not _left(again) and all(t.key in again for t in tips)


@pytest.mark.parametrize("name", ["hide_tips", "page"])
def test_the_hide_form_s_addresses_changed_draw_the_tips_whole(name):
    page = Page()
    _coach(page)
    urls = {**URLS, name: "/elsewhere/"}
    again = _coach(page, urls=urls)
    assert not _left(again) and "/elsewhere/" in again


@pytest.mark.parametrize(
    "changed",
    [
        pytest.param(lambda links: (replace(links[0], label="Tiles"), links[1]), id="words"),
        pytest.param(lambda links: (replace(links[0], href="/t/"), links[1]), id="href"),
        pytest.param(lambda links: (links[0], replace(links[1], testid="x")), id="testid"),
        pytest.param(lambda links: (Link("Battle", "/steps/"), *links), id="one-more"),
    ],
)
def test_links_changed_are_drawn_whole(changed):
    page = Page()
    _links(page)
    assert _left(_links(page))
    assert not _left(_links(page, changed(LINKS)))


def test_items_of_no_dataclass_are_named_by_their_html():
    """A site's own items the key cannot read field by field: the part is drawn and compared
    by its HTML, as before keys."""
    assert links_key([{"label": "Every tile", "href": "/tiles/"}]) is None
    page = Page()
    links = [{"label": "Every tile", "href": "/tiles/"}]
    turn = {"links": links, "links_key": links_key(links)}
    render_to_string("hexboard/_links.html", {"turn": turn, "page_shows": page})
    kept = render_to_string("hexboard/_links.html", {"turn": turn, "page_shows": page})
    assert _left(kept)
