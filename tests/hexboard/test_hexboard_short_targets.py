"""The board's legal targets, written short in what htmx swaps into a page and whole in a page
(games/hexboard/targets.py, hexboard/_layer.html; issue 14: a move's answer's size). Any system:
the layer is the shared one. board.js completes the short ones (the browser test beside)."""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.test import RequestFactory

from games.hexboard.targets import shared_href

TARGETS = [
    {"hex": "0,10", "x": "0", "y": "519.6", "label": "Row 6", "href": "?who=a1&hex=0,10"},
    {"hex": "1,10", "x": "45", "y": "545.6", "label": "Row 5", "href": "?who=a1&hex=1,10"},
]


def _layer(targets, **headers) -> str:
    request = RequestFactory().get("/m/1/", **headers)
    board = {"viewbox": "0 0 90 600", "targets": targets}
    return render_to_string("hexboard/_layer.html", {"b": board}, request=request)


def test_targets_swapped_in_by_htmx_write_their_shared_address_once_and_each_its_words_and_hex():
    html = _layer(TARGETS, HTTP_HX_REQUEST="true")
    assert '<g class="targets" data-href="?who=a1&amp;hex=">' in html
    assert '<a aria-label="Row 6" data-pick="0,10"></a>' in html
    assert '<a aria-label="Row 5" data-pick="1,10"></a>' in html
    assert not re.search(r"(?<![-\w])href=\"\?|<use\b", html)


def test_a_whole_page_writes_each_target_whole_for_a_browser_without_javascript():
    html = _layer(TARGETS)
    assert "data-href" not in html
    assert (
        '<a aria-label="Row 6" href="?who=a1&amp;hex=0,10" data-pick="0,10">'
        '<use href="#hb-hex" x="0" y="519.6"/></a>'
    ) in html


def test_targets_whose_addresses_differ_but_for_their_hex_are_written_whole():
    other = [TARGETS[0], {**TARGETS[1], "href": "?who=a2&hex=1,10"}]
    html = _layer(other, HTTP_HX_REQUEST="true")
    assert "data-href" not in html and html.count("<use ") == 2
    assert shared_href([{**TARGETS[0], "href": "?hex=0,1"}], swapped=True) == ""
    assert shared_href(TARGETS, swapped=False) == ""
    assert shared_href([], swapped=True) == ""
