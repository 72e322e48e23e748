"""Events, decisions and tiles in the reader's language (one sentence each)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy

from games.engine.hexgrid import neighbours
from games.engine.neuroshima.tiles import CELLS, army_name, tile
from games.hexboard.story import at
from games.hexboard.words import of_name, reads_english
from games.neuroshima_site.places import place_name


def lang() -> str:
    return "en" if reads_english() else "fr"


def tile_name(tile_id: Any) -> str:
    try:
        spec = tile(str(tile_id))
    except KeyError:
        return gettext("a tile")
    return spec.name_en if lang() == "en" else spec.name_fr


def army_label(army: str) -> str:
    try:
        return army_name(army, lang())
    except StopIteration:
        return army


def hex_label(h: Any) -> str:
    """A hex for a target's accessible name (the board's own labels, never a sentence)."""
    if isinstance(h, (list, tuple)) and len(h) == 2:
        return f"({h[0]}, {h[1]})"
    return str(h)


def board_place(h: Any) -> str:
    """Where `h` is on the board as a player says it (places.py: "in the north corner"); a hex
    off the board by its coordinates, the one name it has."""
    if isinstance(h, (list, tuple)) and len(h) == 2:
        return place_name((h[0], h[1])) or hex_label(h)
    return hex_label(h)


def _tile_name_with_army(view: Any, placed: Mapping[str, Any]) -> str:
    """ "Sniper (Moloch)": a tile on the board named with its army."""
    if str(placed["tile"]).endswith(".hq"):  # "Moloch HQ" names its army already
        return tile_name(placed["tile"])
    army = view["seats"][placed["seat"]]["army"]
    return gettext("%(tile)s (%(army)s)") % {
        "tile": tile_name(placed["tile"]),
        "army": army_label(army),
    }


def place_label(view: Any, h: Any) -> str:
    """A board target's accessible name, as a player says it: the tile standing there, or an
    empty hex by where it is on the board (« Case vide dans le coin nord ») and the tiles
    around it."""
    standing = {(t["hex"][0], t["hex"][1]): t for t in view["position"]["tiles"]}
    here = standing.get((h[0], h[1]))
    if here is not None:
        return _tile_name_with_army(view, here)
    where = board_place(h)
    around = [
        _tile_name_with_army(view, standing[n]) for n in neighbours((h[0], h[1])) if n in standing
    ]
    if not around:
        return gettext("Empty hex %(at)s") % {"at": where}
    return gettext("Empty hex %(at)s, next to %(tiles)s") % {
        "at": where,
        "tiles": ", ".join(around),
    }


# An Action tile's kind as the engine's refusal writes it ("air strike"), named as the rulebook's
# tiles are (TUILES « ACTION »: Bataille, Mouvement, Repousser, Tireur d'élite, Grenade, Bombe).
INSTANT_KINDS = {
    "battle": pgettext_lazy("neuroshima action tile", "Battle"),
    "move": pgettext_lazy("neuroshima action tile", "Move"),
    "push back": pgettext_lazy("neuroshima action tile", "Push Back"),
    "sniper": pgettext_lazy("neuroshima action tile", "Sniper"),
    "grenade": pgettext_lazy("neuroshima action tile", "Grenade"),
    "air strike": pgettext_lazy("neuroshima action tile", "Air Strike"),
}


def refusal_value(view: Any, kind: str, value: Any) -> str:
    """A value of the engine's refusal the board's own way (BaseSite.refusal_value): a tile by
    its name, a place in the hand counted from 1 as players count, a hex off the board by its
    coordinates (it has no neighbours to name it by); "" for the shared default."""
    if kind == "tile":
        return tile_name(value)
    if kind == "instant":
        return str(INSTANT_KINDS.get(str(value), value))
    if kind == "index" and isinstance(value, int):
        return str(value + 1)
    if kind == "hex" and isinstance(value, list) and tuple(value) not in CELLS:
        return hex_label(value)
    return ""


def seat_label(seat: Any, names: Sequence[str] = ()) -> str:
    """The seat's player name when the caller knows it (the match log), else "Player N"."""
    if not isinstance(seat, int):
        return "?"
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return gettext("Player %(n)s") % {"n": seat + 1}


Board = dict  # "q,r" -> {"tile": id, "seat": n}: what stands where, as the story follows it


def _key(h: Any) -> str:
    return f"{h[0]},{h[1]}" if isinstance(h, (list, tuple)) and len(h) == 2 else ""


def unit_label(h: Any, board: Board, names: Sequence[str]) -> str:
    """The tile standing on hex `h`, named as players name it: "Sniper (anna)". Unknown (a
    sentence told without the board): "the unit" and the hex for the coordinates toggle."""
    placed = board.get(_key(h))
    if placed is None:
        return gettext("a unit") + at(h)
    return gettext("%(tile)s (%(owner)s)") % {
        "tile": tile_name(placed["tile"]),
        "owner": seat_label(placed["seat"], names),
    }


def _source(source: Any, board: Board, names: Sequence[str]) -> str:
    strikes = {
        "sniper": gettext("the sniper"),
        "grenade": gettext("the grenade"),
        "air_strike": gettext("the air strike"),
        "medic": gettext("a medic"),
    }
    if isinstance(source, str):
        return strikes.get(source, source)
    return unit_label(source, board, names)


def attack_kind(kind: Any) -> str:
    return {
        "melee": gettext("melee"),
        "ranged": gettext("ranged"),
        "gauss": gettext("Gauss"),
    }.get(kind, str(kind))


def _battle_called(e, who, board, names) -> str:
    reason = e.get("reason")
    if reason == "board_full":
        return gettext("The board is full: a battle begins.")
    if reason == "final":
        return gettext("The final battle begins.")
    return gettext("%(who)s calls a battle.") % {"who": who}


def _drawn(e, who, board, names) -> str:
    n = int(e.get("count", 1))
    return ngettext("%(who)s draws %(n)d tile.", "%(who)s draws %(n)d tiles.", n) % {
        "who": who,
        "n": n,
    }


def _moved(e, who, board, names) -> str:
    unit = unit_label(e.get("from"), board, names)
    if e.get("from") == e.get("to"):
        return gettext("%(unit)s turns.") % {"unit": unit}
    return gettext("%(unit)s moves.") % {"unit": unit} + at(e.get("to"))


def _attacked(e, who, board, names) -> str:
    return gettext("%(a)s attacks %(b)s (%(how)s, strength %(s)s).") % {
        "a": unit_label(e.get("from"), board, names),
        "b": unit_label(e.get("to"), board, names),
        "how": attack_kind(e.get("attack")),
        "s": e.get("strength"),
    }


def _hit(e, who, board, names) -> str:
    unit = unit_label(e.get("hex"), board, names)
    if e.get("blocked_by_armour") and not e.get("wounds"):
        return gettext("The armour %(of_unit)s stops the hit.") % {"of_unit": of_name(unit)}
    n = int(e.get("wounds") or 0)
    return ngettext(
        "%(unit)s takes %(n)d wound from %(src)s.", "%(unit)s takes %(n)d wounds from %(src)s.", n
    ) % {"unit": unit, "n": n, "src": _source(e.get("from"), board, names)}


def _wounded(e, who, board, names) -> str:
    n = int(e.get("wounds_total") or 0)
    return ngettext("%(unit)s now has %(n)d wound.", "%(unit)s now has %(n)d wounds.", n) % {
        "unit": unit_label(e.get("hex"), board, names),
        "n": n,
    }


def _hq_damaged(e, who, board, names) -> str:
    n = int(e.get("points_left") or 0)
    return ngettext(  # "of anna" elided in French: "Le QG d'anna"
        "The HQ %(of_who)s has %(n)d point left.", "The HQ %(of_who)s has %(n)d points left.", n
    ) % {"of_who": of_name(who), "n": n}


def _strike(e, who, board, names) -> str:
    what = _source(e.get("strike"), board, names)
    return gettext("%(what)s is over.") % {"what": what[:1].upper() + what[1:]}


def _kept(e, who, board, names) -> str:
    n = len(e.get("tiles") or ())
    return ngettext("%(who)s keeps %(n)d tile.", "%(who)s keeps %(n)d tiles.", n) % {
        "who": who,
        "n": n,
    }


def _points(e, who, board, names) -> str:
    n = int(e.get("points") or 0)
    return ngettext("%(who)s scores %(n)d point.", "%(who)s scores %(n)d points.", n) % {
        "who": who,
        "n": n,
    }


def _simple(text: Any, **fields: str):
    """A sentence whose only parts are the player (`who`), the tile and units named by hex."""

    def say(e, who, board, names) -> str:
        values = {"who": who, "tile": tile_name(e.get("tile"))}
        for name, key in fields.items():
            values[name] = unit_label(e.get(key), board, names)
        return str(text) % values

    return say


# One sentence per event kind the engine emits (NeuroshimaSite.event_kinds is this table's keys).
SENTENCES = {
    "GameStarted": lambda e, who, board, names: gettext("The game starts."),
    "HQPlaced": lambda e, who, board, names: (
        gettext("%(who)s places their HQ.") % {"who": who} + at(e.get("hex"))
    ),
    "TurnStarted": _simple(gettext_lazy("%(who)s begins their turn.")),
    "TileDrawn": _drawn,
    "TileDiscarded": _simple(gettext_lazy("%(who)s discards %(tile)s.")),
    "TilePlaced": lambda e, who, board, names: (
        gettext("%(who)s places %(tile)s.") % {"who": who, "tile": tile_name(e.get("tile"))}
        + at(e.get("hex"))
    ),
    "InstantPlayed": _simple(gettext_lazy("%(who)s plays %(tile)s.")),
    "UnitMoved": _moved,
    "UnitPushed": lambda e, who, board, names: (
        gettext("%(unit)s is pushed back.") % {"unit": unit_label(e.get("from"), board, names)}
        + at(e.get("to"))
    ),
    "PushDestinationAsked": _simple(
        gettext_lazy("%(who)s must choose where the pushed unit goes.")
    ),
    "BattleCalled": _battle_called,
    "BattleStarted": lambda e, who, board, names: gettext("The battle begins."),
    "PhaseStarted": lambda e, who, board, names: (
        gettext("Initiative phase %(n)s.") % {"n": e.get("initiative")}
    ),
    "PhaseEnded": lambda e, who, board, names: (
        gettext("End of initiative phase %(n)s.") % {"n": e.get("initiative")}
    ),
    "UnitAttacked": _attacked,
    "UnitHit": _hit,
    "NetHeld": _simple(gettext_lazy("%(unit)s is held by a net."), unit="hex"),
    "ClownExploded": _simple(gettext_lazy("%(unit)s explodes."), unit="hex"),
    "MedicSaved": _simple(gettext_lazy("%(medic)s saves %(unit)s."), medic="medic", unit="hex"),
    "TileWounded": _wounded,
    "TileDestroyed": _simple(gettext_lazy("%(unit)s is destroyed."), unit="hex"),
    "HQDamaged": _hq_damaged,
    "PointsScored": _points,
    "PlayerEliminated": _simple(gettext_lazy("%(who)s is eliminated.")),
    "BattleEnded": lambda e, who, board, names: gettext("The battle is over."),
    "StrikeResolved": _strike,
    "TilesKept": _kept,
    "TurnEnded": _simple(gettext_lazy("%(who)s ends their turn.")),
    "LastTileDrawn": _simple(gettext_lazy("%(who)s draws their last tile: the final turns begin.")),
    "GameEnded": lambda e, who, board, names: gettext("The game is over."),
    "PlayerForfeited": _simple(gettext_lazy("%(who)s resigns.")),
    "MoveTakenBack": _simple(gettext_lazy("%(who)s takes back a move.")),
}


def describe(e: dict[str, Any], seat_names: Sequence[str] = (), board: Board | None = None) -> str:
    """One sentence for a flat event (`protocol.event_for_seat`); `seat_names` name the
    players, `board` (the story's) names the units; hexes only as coordinate markers."""
    say = SENTENCES.get(str(e.get("kind")))
    if say is None:
        return ""
    return say(e, seat_label(e.get("seat"), seat_names), board or {}, seat_names)


def option_label(
    kind: str, option: Any, board: Board | None = None, names: Sequence[str] = ()
) -> str:
    """A pending decision's option as a button label (`board`: the view's, to name units)."""
    if kind == "clown":
        return gettext("Attack") if option == "attack" else gettext("Explode")
    if kind == "quartermaster":
        if option == "none":
            return gettext("No swap")
        to = gettext("ranged") if option.get("to") == "ranged" else gettext("melee")
        return gettext("Side %(side)s %(of_unit)s becomes %(to)s") % {
            "side": option.get("side"),
            "of_unit": of_name(unit_label(option.get("unit"), board or {}, names)),
            "to": to,
        }
    if kind == "medic":
        return gettext("%(m)s saves %(at)s from %(src)s") % {
            "m": unit_label(option.get("medic"), board or {}, names),
            "at": unit_label(option.get("hex"), board or {}, names),
            "src": _source(option.get("from"), board or {}, names),
        }
    if kind == "medic_chain":
        return gettext("%(m)s takes the hit") % {"m": unit_label(option, board or {}, names)}
    if kind == "push_destination":
        return gettext("Push the unit %(at)s") % {"at": board_place(option)}
    return str(option)


def decision_prompt(kind: str) -> str:
    return {
        "clown": gettext("Your Clown: attack or explode?"),
        "quartermaster": gettext("Your Quartermaster may swap one attack of a linked unit."),
        "medic": gettext("Choose which tile your medic saves."),
        "medic_chain": gettext("Choose which medic takes the hit."),
        "push_destination": gettext("Choose where your pushed unit goes."),
    }.get(kind, gettext("A decision is needed."))
