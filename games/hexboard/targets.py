"""How the board writes its legal targets, for every system (issue 14: a move's answer of at most
3 KB on the wire).

A target is a link to the match page with the pick added, named for screen readers, drawn as
the grid's hex at its place: `<a aria-label href data-pick><use href="#hb-hex" x y/></a>`.
Infinity's deployment offers ~95 of them, and their addresses and places were some 530 bytes of
an answer's 3.9 KB gzip'd: each address is the same query but for its hex, each place follows
from its hex. So in what htmx swaps into a page (answers, picks, refetches and pushes, which
stand for one), the targets write the shared address once on their group
(`data-href`, which ends where the hex begins) and each only its words and its hex;
static/hexboard/board.js gives each its address (`data-href` + `data-pick`) and its drawing (at
the centre of the grid's cell `data-hex`, which the page drew once) as soon as it is swapped
in. A whole page, which a browser without JavaScript gets, writes them whole: one template
(`hexboard/_layer.html`) writes both, as `shared_href` says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def shared_href(targets: Sequence[Mapping[str, Any]], *, swapped: bool) -> str:
    """The address every target's is but for its hex at the end, if the targets may be written
    short (`swapped`: into a page by htmx, whose board.js completes them); else ""."""
    if not swapped or not targets:
        return ""
    first = targets[0]
    if not first["href"].endswith(first["hex"]):
        return ""
    shared = first["href"][: len(first["href"]) - len(first["hex"])]
    if not shared or any(t["href"] != shared + t["hex"] for t in targets):
        return ""
    return shared
