"""A hex of the board as a player names it, not by its axial coordinates (« Hexagone 0, 10 »):
its row counted from the reader's own table edge, its column counted from the left as the board
is drawn (never turned), and what stands beside it: « Rangée 2 depuis votre bord, colonne 5
depuis la gauche, à côté d'un muret ». Rows and columns tell every hex apart, so a screen
reader's list of the board's links never holds two of one name; the landmark is what a player
looks for. Only what the reader's view shows is named (an enemy marker stays a marker)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, pgettext

from games.engine.hexgrid import neighbour, neighbours
from games.engine.infinity import geometry as geo
from games.hexboard.words import reads_english
from games.infinity_site import pieces
from games.infinity_site.names import trooper_label
from games.infinity_site.order_words import side_name
from games.infinity_site.picking import hexes_of

_VOWELS = frozenset("aeiouyhàâäéèêëîïôöûüœæAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜŒÆ")

# What a scenery hex beside the place is called after "next to" (with its article).
_BESIDE = {
    "building": lambda: gettext("next to a building"),
    "low_wall": lambda: gettext("next to a low wall"),
}


def place_words(view: Mapping[str, Any], h: Sequence[int]) -> str:
    """The words of hex `h` for the seat reading `view` (its "seat"; a view without one counts
    rows from the north edge)."""
    at = (int(h[0]), int(h[1]))
    board = pieces.board_of(view)
    if not geo.on_board(board, at):
        return _off_the_table(view, board, at)
    seat = view.get("seat")
    edge = geo.edge_row(board, seat) if isinstance(seat, int) else 0
    words = gettext("Row %(row)s from your edge, column %(col)s from the left") % {
        "row": abs(geo.row(at) - edge) + 1,
        "col": at[0] + 1,
    }
    landmark = _landmark(view, board, at)
    return f"{words}, {landmark}" if landmark else words


def _landmark(view: Mapping[str, Any], board: Any, at: tuple[int, int]) -> str:
    """The one thing a player would point at: the difficult terrain or low wall the hex is,
    else a trooper (or marker, civilian) beside it, else a building or low wall beside it."""
    scenery = dict(board.scenery)
    roofs = dict(board.roofs)
    if at in roofs:  # a roof a trooper may stand on (engine heights.py)
        return gettext("on a roof (level %(level)s)") % {"level": roofs[at]}
    if scenery.get(at) == "rough":
        return gettext("in difficult terrain")
    if scenery.get(at) == "low_wall":
        return gettext("on a low wall")
    around = [n for n in neighbours(at) if geo.on_board(board, n)]
    standing = {tuple(where): who for who, where in sorted(hexes_of(view).items())}
    for n in around:
        if n in standing:
            return _next_to(trooper_label(standing[n], view))
    for n in around:
        beside = _BESIDE.get(scenery.get(n, ""))
        if beside is not None:
            return beside()
    return ""


def _off_the_table(view: Mapping[str, Any], board: Any, at: tuple[int, int]) -> str:
    """A hex past the table's edge (where a trooper at the edge turns to face): the side it
    lies on of the trooper beside it, « Hors de la table, au nord de Keisotsu (Combi) k1 »."""
    standing = {tuple(where): who for who, where in sorted(hexes_of(view).items())}
    for direction in range(6):
        n = neighbour(at, direction)
        if n in standing:
            name = trooper_label(standing[n], view)
            words = {"direction": side_name((direction + 3) % 6), "name": name}
            before = _before(name)
            if before == "noun":
                return (
                    pgettext("before a common noun", "Off the table, %(direction)s of %(name)s")
                    % words
                )
            if before == "vowel":
                return (
                    pgettext("before a vowel", "Off the table, %(direction)s of %(name)s") % words
                )
            return gettext("Off the table, %(direction)s of %(name)s") % words
    return gettext("Off the table")


def _next_to(name: str) -> str:
    """ "next to Alguacil (HMG) a1" / « à côté d'Alguacil (Mitrailleuse) a1 » (elided), « à
    côté du marqueur camouflé m1 » (a marker or a civilian is named by a common noun)."""
    before = _before(name)
    if before == "noun":
        return pgettext("before a common noun", "next to %(name)s") % {"name": name}
    if before == "vowel":
        return pgettext("before a vowel", "next to %(name)s") % {"name": name}
    return gettext("next to %(name)s") % {"name": name}


def _before(name: str) -> str:
    """What follows "of" / "next to", for the catalogue's context: a common noun (« marqueur
    camouflé m1 », « civil c1 »: « du »), a name with a vowel in French (« d' »), else ""."""
    if name[:1].islower():
        return "noun"
    if not reads_english() and name[:1] in _VOWELS:
        return "vowel"
    return ""
