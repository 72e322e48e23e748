"""Infinity's board as SVG (no request, no model): the still grid with scenery and deployment
zones, troopers with their facing arc, state, fireteam ring and order marker, civilians, and the
overlays of a preview (movement range, templates, lines of fire with their odds)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy

from games.engine.hexgrid import FLAT, Hex, Layout
from games.engine.infinity.data import profiles
from games.engine.infinity.geometry import on_board, row
from games.engine.infinity.state import Board
from games.hexboard.grid import Cell, board_view_box, cells_markup
from games.hexboard.keys import hex_key
from games.hexboard.svg import join, line, num, placed_hexagon, polar
from games.infinity_site.height_words import roof_title, roofs_of
from games.infinity_site.names import (
    echo_label,
    marker_label,
    mine_label,
    profile_label,
    trooper_label,
)

SIZE = 30.0
LAYOUT = Layout(FLAT, SIZE)
SCENERY_CLASSES = {"building": "building", "low_wall": "low-wall", "rough": "rough"}


def board_of(view: Mapping[str, Any]) -> Board:
    zones = view["zones"]["deployment"]
    return Board(
        view["board"].get("name"),
        int(view["board"]["cols"]),
        int(view["board"]["rows"]),
        tuple(sorted((tuple(s["hex"]), s["kind"]) for s in view["scenery"])),  # type: ignore[misc]
        (tuple(zones["0"]["rows"]), tuple(zones["1"]["rows"])),  # type: ignore[arg-type]
        roofs=tuple(sorted(roofs_of(view).items())),
    )


def board_hexes(board: Board) -> list[Hex]:
    return [
        (q, r)
        for q in range(board.cols)
        for r in range(-(q // 2), board.rows - q // 2)
        if on_board(board, (q, r))
    ]


# A scenery hex's title, in the reader's language (a French page said « low wall »).
SCENERY_TITLES = {
    "building": lambda: pgettext("scenery", "building"),
    "low_wall": lambda: pgettext("scenery", "low wall"),
    "rough": lambda: pgettext("scenery", "difficult terrain"),
}


def grid(board: Board) -> tuple[str, SafeString]:
    """(viewBox, cells) of a board, in the reader's language."""
    return _grid(board, get_language())


@cache
def _grid(board: Board, language: str | None) -> tuple[str, SafeString]:
    """Cached per board and language: the board never changes during a game."""
    scenery = dict(board.scenery)
    roofs = dict(board.roofs)
    cells, labels = [], []
    for h in board_hexes(board):
        css = ["cell"]
        if h in scenery:
            css.append(SCENERY_CLASSES.get(scenery[h], scenery[h]))
        for seat in (0, 1):
            first, last = board.zones[seat]
            if first <= row(h) <= last:
                css.append(f"zone-{seat}")
        kind = scenery.get(h, "")
        title = SCENERY_TITLES[kind]() if kind in SCENERY_TITLES else kind.replace("_", " ")
        if h in roofs:  # a roof troopers may climb onto (engine heights.py): its level drawn
            css.append(f"roof roof-{roofs[h]}")
            title = roof_title(roofs[h])
            labels.append(_roof_label(h, roofs[h]))
        cells.append(Cell(h, " ".join(css), title=title))
    hexes = board_hexes(board)
    return board_view_box(LAYOUT, hexes, 4.0), join([cells_markup(LAYOUT, cells), *labels])


def _roof_label(h: Hex, level: int) -> SafeString:
    """A roof's ▲level in the middle of its hex, big enough to read on a 360 px phone (bigger
    than a trooper's id: the grid's corner label is too small there); a trooper standing on it covers
    it, its roof's shade and the place words still telling the level."""
    x, y = centre(h)
    return format_html(
        '<text class="cell-label roof-label" x="{}" y="{}" text-anchor="middle">▲{}</text>',
        num(x),
        num(y + 8),
        level,
    )


def centre(h: Iterable[int]) -> tuple[float, float]:
    q, r = tuple(h)
    return LAYOUT.to_pixel((q, r))


def _arc(cx: float, cy: float, facing: int, radius: float) -> str:
    """The 180 degree front arc as a half disc towards the facing direction."""
    angle = -90.0 + 60.0 * facing
    x1, y1 = polar((cx, cy), angle - 90, radius)
    x2, y2 = polar((cx, cy), angle + 90, radius)
    return (
        f"M{num(cx)},{num(cy)} L{num(x1)},{num(y1)} "
        f"A{num(radius)},{num(radius)} 0 0 1 {num(x2)},{num(y2)} Z"
    )


# A counter's few letters for its kit, in the reader's language: the French text's
# « Mitrailleuse Lourde » is a French player's ML, its « Lance-Grenades Léger » an LGL in both.
KIT_LETTERS = {
    "hmg": pgettext_lazy("kit letters", "HMG"),
    "lgl": pgettext_lazy("kit letters", "LGL"),
    "multi": pgettext_lazy("kit letters", "MLT"),
    "chain": pgettext_lazy("kit letters", "CR"),
    "paramedic": "+",
}


def short_label(pid: str) -> str:
    prof = profiles().get(pid)
    if prof is None:
        return "?"
    return _kit_letters(pid.rsplit(".", 1)[-1], get_language())


@cache
def _kit_letters(loadout: str, language: str | None) -> str:
    # Kept per language, as names._profile_label: every trooper drawn says it at every redraw.
    return str(KIT_LETTERS.get(loadout, ""))


def trooper_svg(
    t: Mapping[str, Any], css: str = "", marker: str | None = None, note: str = ""
) -> SafeString:
    """One trooper: its facing arc, a disc in its side's colour, its id, its state; `marker`:
    its own side sees it camouflaged, standing as that marker for the enemy; `note`: more of
    its title (a figure among Holo-echoes)."""
    if t.get("hex") is None:
        return SafeString("")
    cx, cy = centre(t["hex"])
    state = t.get("state", "normal")
    prone = " prone" if t.get("prone") else ""
    camouflaged = " camouflaged" if marker else ""
    classes = f"trooper seat-{t['seat']} state-{state}{prone}{camouflaged} {css}".strip()
    title = trooper_label(t["id"], {"troopers": [t]})  # its profile, then its id: said once
    if marker:
        title += " · " + gettext("camouflaged (the enemy sees marker %(id)s)") % {"id": marker}
    if note:
        title += " · " + note
    arc = ""
    if state == "normal":
        arc = format_html('<path class="arc" d="{}"/>', _arc(0, 0, int(t["facing"]), SIZE * 0.95))
    mark = {"unconscious": "z", "dead": "✕"}.get(state, "▬" if t.get("prone") else "")
    # Drawn around (0, 0) and moved into place: the disc, the texts and the six arcs read the
    # same for every trooper, which gzip sends once (issue 14: each trooper's own coordinates
    # were a third of a move's board, gzip'd).
    return format_html(
        '<g class="{}" data-testid="trooper-{}" data-hex="{}" transform="translate({},{})">'
        "<title>{}</title>{}"
        '<circle class="body" r="{}"/>'
        '<text class="tid" y="4" text-anchor="middle">{}</text>'
        '<text class="kit" y="12" text-anchor="middle">{}</text>'
        '<text class="mark" y="-8" text-anchor="middle">{}</text></g>',
        classes,
        t["id"],
        hex_key(t["hex"]),
        num(cx),
        num(cy),
        title,
        arc,
        num(SIZE * 0.55),
        t["id"],
        short_label(t["profile"]),
        mark,
    )


def _token(m: Mapping[str, Any], classes: str, testid: str, title: str, kit: str) -> SafeString:
    """A marker's hexagon (`m`: its id and hex) with its id and a glyph under it: what an enemy
    camouflage marker and a mine are drawn as."""
    cx, cy = centre(m["hex"])
    # Around (0, 0) and moved into place, as a trooper is (trooper_svg).
    inner = " ".join(f"{num(x * 0.62)},{num(y * 0.62)}" for x, y in LAYOUT.corners((0, 0)))
    return format_html(
        '<g class="{}" data-testid="{}" data-hex="{}" transform="translate({},{})">'
        '<title>{}</title><polygon class="body" points="{}"/>'
        '<text class="tid" y="3" text-anchor="middle">{}</text>'
        '<text class="kit" y="12" text-anchor="middle">{}</text></g>',
        classes,
        testid,
        hex_key(m["hex"]),
        num(cx),
        num(cy),
        title,
        inner,
        m["marker"],
        kit,
    )


def marker_svg(m: Mapping[str, Any], css: str = "") -> SafeString:
    """An enemy camouflage marker: a dashed hexagon in its side's colour with its id, never
    the trooper behind it (the view holds only the marker)."""
    kind = m.get("kind")
    name = marker_label(m["marker"], {"markers": [m]})
    classes = f"marker seat-{m['seat']} kind-{kind} {css}"
    return _token(m, classes, f"marker-{m['marker']}", name, "TO" if kind == "to" else "?")


def echo_svg(e: Mapping[str, Any], css: str = "", real: bool | None = None) -> SafeString:
    """A Holo-echo marker (holo.py): a dotted hexagon marked HOLO in its side's colour, named
    with its trooper; `real` (its owner's view only): whether the trooper stands there."""
    name = gettext("%(echo)s of %(who)s") % {
        "echo": echo_label(e["id"]),
        "who": trooper_label(e["trooper"]),
    }
    state = ""
    if real is not None:
        state = " real" if real else " decoy"
        name += " · " + (gettext("the real one") if real else gettext("a decoy"))
    classes = f"marker echo seat-{e['seat']}{state} {css}"
    return _token({**e, "marker": e["id"]}, classes, f"echo-{e['id']}", name, "HOLO")


def holo_note(tid: str, real: str | None) -> str:
    """Its owner's words on a figure among Holo-echoes (`real`: the token it really is)."""
    if real is None:
        return gettext("among its Holo-echoes")
    if real == tid:
        return gettext("among its Holo-echoes: the real one")
    return gettext("among its Holo-echoes: a decoy, the real one is %(echo)s") % {
        "echo": echo_label(real)
    }


def mine_svg(m: Mapping[str, Any], css: str = "") -> SafeString:
    """A mine the seat knows of (mines.py): shown ones, and its own still hidden, dashed and
    said to look like a camouflage marker to the enemy. The other side's hidden ones are
    markers (`marker_svg`)."""
    name = mine_label(m["marker"])
    if m.get("camouflaged"):
        name = gettext("%(mine)s, a camouflage marker to the enemy") % {"mine": name}
    hidden = " camouflaged" if m.get("camouflaged") else ""
    classes = f"marker mine seat-{m['seat']}{hidden} {css}"
    return _token(m, classes, f"mine-{m['marker']}", name, "✱")


def koala_svg(k: Mapping[str, Any]) -> SafeString:
    """A CrazyKoala in standby: a small diamond in its side's colour, named by its carrier."""
    cx, cy = centre(k["hex"])
    r = SIZE * 0.3
    return format_html(
        '<g class="koala seat-{}" data-testid="koala-{}" data-hex="{}"><title>{}</title>'
        '<path d="M {} {} L {} {} L {} {} L {} {} Z"/></g>',
        k["seat"],
        k["id"],
        hex_key(k["hex"]),
        gettext("CrazyKoala of %(who)s") % {"who": trooper_label(k["carrier"])},
        num(cx),
        num(cy - r),
        num(cx + r),
        num(cy),
        num(cx),
        num(cy + r),
        num(cx - r),
        num(cy),
    )


def civilian_svg(c: Mapping[str, Any], css: str = "") -> SafeString:
    cx, cy = centre(c["hex"])
    letter = {"unknown": "?", "neutral": "N", "hostile": "H"}.get(c.get("kind", ""), "?")
    classes = f"civilian kind-{c.get('kind')} state-{c.get('state')} {css}".strip()
    return format_html(
        '<g class="{}" data-testid="civilian-{}" data-hex="{}"><title>{}</title>'
        '<rect x="{}" y="{}" width="{}" height="{}" rx="4"/>'
        '<text x="{}" y="{}" text-anchor="middle">{}</text></g>',
        classes,
        c["id"],
        hex_key(c["hex"]),
        trooper_label(c["id"]),
        num(cx - SIZE * 0.4),
        num(cy - SIZE * 0.4),
        num(SIZE * 0.8),
        num(SIZE * 0.8),
        num(cx),
        num(cy + 4),
        letter,
    )


def badge(h: Iterable[int], text: str, css: str) -> SafeString:
    cx, cy = centre(h)
    return format_html(
        '<g class="badge {}"><circle cx="{}" cy="{}" r="9"/>'
        '<text x="{}" y="{}" text-anchor="middle">{}</text></g>',
        css,
        num(cx + SIZE * 0.55),
        num(cy - SIZE * 0.55),
        num(cx + SIZE * 0.55),
        num(cy - SIZE * 0.55 + 3.5),
        text,
    )


def hex_patch(h: Iterable[int], css: str) -> SafeString:
    """A hex coloured whole: the same corners for every hex, moved into place (gzip sends them
    once: a trooper's reach was a fifth of a move's board)."""
    q, r = tuple(h)
    return placed_hexagon(LAYOUT, (q, r), css)


def sight_line(a: Iterable[int], b: Iterable[int], css: str, label: str = "") -> SafeString:
    (x1, y1), (x2, y2) = centre(a), centre(b)
    drawn = line(x1, y1, x2, y2, css)
    if not label:
        return drawn
    text = format_html(
        '<text class="odds" x="{}" y="{}" text-anchor="middle">{}</text>',
        num((x1 + 2 * x2) / 3),
        num((y1 + 2 * y2) / 3 - 4),
        label,
    )
    return join([drawn, text])


def pieces(
    view: Mapping[str, Any],
    marks: Mapping[str, str],
    *,
    own_markers: Mapping[str, str] | None = None,
) -> list[SafeString]:
    """Civilians under troopers; the order's activated troopers and the seat's own Lieutenant
    marked (only the seat's own view holds its Lieutenant). `own_markers` (trooper -> marker):
    the reader's camouflaged troopers when the view does not hold them (the step viewer's
    board, rebuilt from the reader's events)."""
    current = (view.get("turn") or {}).get("current_order") or {}
    activated = set(current.get("activated") or [])
    teams = {m: f["leader"] for f in view.get("fireteams", []) if f["leader"] for m in f["members"]}
    seat = view.get("seat")
    own = (view.get("hidden") or {}).get(str(seat), {})
    own_lt = own.get("lieutenant")
    if own_markers is None:
        own_markers = {tid: mid for mid, tid in (own.get("markers") or {}).items()}
    out = [civilian_svg(c, marks.get(hex_key(c["hex"]), "")) for c in view.get("civilians", [])]
    out += [koala_svg(k) for k in view.get("koalas", [])]
    out += [
        marker_svg(m, " ".join(c for c in [marks.get(hex_key(m["hex"]), "")] if c))
        for m in view.get("markers", [])
    ]
    out += [mine_svg(m, marks.get(hex_key(m["hex"]), "")) for m in view.get("mines", [])]
    own_holo = own.get("holo")  # the seat's own: which token is real (holo.py)
    own_disguises = own.get("disguises") or {}  # the seat's own Holoprojector L1s (disguise.py)
    own_hidden = set(own.get("hidden_deployment") or [])  # engine hidden.py: its owner's alone
    echoes = view.get("echoes", [])
    projecting = {e["trooper"] for e in echoes}
    out += [
        echo_svg(
            e,
            marks.get(hex_key(e["hex"]), ""),
            None
            if own_holo is None or e["seat"] != seat
            else own_holo.get(e["trooper"]) == e["id"],
        )
        for e in echoes
    ]
    for t in view.get("troopers", []):
        if t.get("hex") is None:
            continue
        css = [marks.get(hex_key(t["hex"]), "")]
        note = ""
        if t["id"] in projecting:
            real = (own_holo or {}).get(t["id"]) if t["seat"] == seat else None
            css.append("holo real" if real == t["id"] else "holo")
            note = holo_note(t["id"], real)
        worn = own_disguises.get(t["id"]) if t["seat"] == seat else None
        if worn:  # the seat's own disguised trooper (engine disguise.py)
            css.append("disguised")
            note = gettext("disguised: the enemy sees %(profile)s") % {
                "profile": profile_label(worn)
            }
        if t["id"] in own_hidden:  # spec B.14: unseen by the enemy until it acts or is found
            css.append("hidden-deployed")
            note = gettext("hidden deployment: the enemy does not see it")
        if t["id"] in activated:
            css.append("activated")
        if t["id"] in teams:
            css.append("linked leader" if teams[t["id"]] == t["id"] else "linked")
        if t["id"] == own_lt:
            css.append("lieutenant")
        out.append(trooper_svg(t, " ".join(c for c in css if c), own_markers.get(t["id"]), note))
    return out
