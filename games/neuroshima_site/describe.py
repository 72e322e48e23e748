"""Events, decisions and tiles in the reader's language (one sentence each)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import get_language, gettext, ngettext

from games.engine.neuroshima.tiles import army_name, tile


def lang() -> str:
    return "en" if (get_language() or "fr").startswith("en") else "fr"


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
    if isinstance(h, (list, tuple)) and len(h) == 2:
        return f"({h[0]}, {h[1]})"
    return str(h)


def seat_label(seat: Any, names: Sequence[str] = ()) -> str:
    """The seat's player name when the caller knows it (the match log), else "Player N"."""
    if not isinstance(seat, int):
        return "?"
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return gettext("Player %(n)s") % {"n": seat + 1}


def _source(source: Any) -> str:
    names = {
        "sniper": gettext("the sniper"),
        "grenade": gettext("the grenade"),
        "air_strike": gettext("the air strike"),
        "medic": gettext("a medic"),
    }
    return names.get(source, hex_label(source)) if isinstance(source, str) else hex_label(source)


def attack_kind(kind: Any) -> str:
    return {
        "melee": gettext("melee"),
        "ranged": gettext("ranged"),
        "gauss": gettext("Gauss"),
    }.get(kind, str(kind))


def describe(e: dict[str, Any], seat_names: Sequence[str] = ()) -> str:  # noqa: C901 - flat
    """One sentence for a flat event (`protocol.event_for_seat`); `seat_names` name the players."""
    k = e.get("kind")
    who = seat_label(e.get("seat"), seat_names)
    t = tile_name(e.get("tile"))
    at = hex_label(e.get("hex"))
    if k == "GameStarted":
        return gettext("The game starts.")
    if k == "HQPlaced":
        return gettext("%(who)s places their HQ at %(at)s.") % {"who": who, "at": at}
    if k == "TurnStarted":
        return gettext("%(who)s begins their turn.") % {"who": who}
    if k == "TileDrawn":
        n = int(e.get("count", 1))
        return ngettext("%(who)s draws %(n)d tile.", "%(who)s draws %(n)d tiles.", n) % {
            "who": who,
            "n": n,
        }
    if k == "TileDiscarded":
        return gettext("%(who)s discards %(tile)s.") % {"who": who, "tile": t}
    if k == "TilePlaced":
        return gettext("%(who)s places %(tile)s at %(at)s.") % {"who": who, "tile": t, "at": at}
    if k == "InstantPlayed":
        return gettext("%(who)s plays %(tile)s.") % {"who": who, "tile": t}
    if k == "UnitMoved":
        return gettext("%(tile)s moves from %(a)s to %(b)s.") % {
            "tile": t,
            "a": hex_label(e.get("from")),
            "b": hex_label(e.get("to")),
        }
    if k == "UnitPushed":
        return gettext("%(tile)s is pushed from %(a)s to %(b)s.") % {
            "tile": t,
            "a": hex_label(e.get("from")),
            "b": hex_label(e.get("to")),
        }
    if k == "PushDestinationAsked":
        return gettext("%(who)s must choose where the pushed unit goes.") % {"who": who}
    if k == "BattleStarted":
        return gettext("A battle begins.")
    if k == "PhaseStarted":
        return gettext("Initiative %(n)s.") % {"n": e.get("initiative")}
    if k == "PhaseEnded":
        return gettext("End of initiative %(n)s.") % {"n": e.get("initiative")}
    if k == "UnitAttacked":
        return gettext("%(a)s attacks %(b)s (%(how)s, strength %(s)s).") % {
            "a": hex_label(e.get("from")),
            "b": hex_label(e.get("to")),
            "how": attack_kind(e.get("attack")),
            "s": e.get("strength"),
        }
    if k == "UnitHit":
        if e.get("blocked_by_armour") and not e.get("wounds"):
            return gettext("Armour at %(at)s stops the hit.") % {"at": at}
        return gettext("%(at)s takes %(n)s wound(s) from %(src)s.") % {
            "at": at,
            "n": e.get("wounds"),
            "src": _source(e.get("from")),
        }
    if k == "NetHeld":
        return gettext("The unit at %(at)s is held by a net.") % {"at": at}
    if k == "ClownExploded":
        return gettext("The Clown at %(at)s explodes.") % {"at": at}
    if k == "MedicSaved":
        return gettext("The medic at %(m)s saves %(at)s.") % {
            "m": hex_label(e.get("medic")),
            "at": at,
        }
    if k == "TileWounded":
        return gettext("%(at)s now has %(n)s wound(s).") % {"at": at, "n": e.get("wounds_total")}
    if k == "TileDestroyed":
        return gettext("%(tile)s at %(at)s is destroyed.") % {"tile": t, "at": at}
    if k == "HQDamaged":
        return gettext("%(who)s's HQ has %(n)s points left.") % {
            "who": who,
            "n": e.get("points_left"),
        }
    if k == "PlayerEliminated":
        return gettext("%(who)s is eliminated.") % {"who": who}
    if k == "BattleEnded":
        return gettext("The battle is over.")
    if k == "StrikeResolved":
        return gettext("%(what)s at %(at)s is resolved.") % {
            "what": _source(e.get("strike")).capitalize(),
            "at": hex_label(e.get("target")),
        }
    if k == "TilesKept":
        n = len(e.get("tiles") or ())
        return ngettext("%(who)s keeps %(n)d tile.", "%(who)s keeps %(n)d tiles.", n) % {
            "who": who,
            "n": n,
        }
    if k == "TurnEnded":
        return gettext("%(who)s ends their turn.") % {"who": who}
    if k == "LastTileDrawn":
        return gettext("%(who)s draws their last tile: the final turns begin.") % {"who": who}
    if k == "GameEnded":
        return gettext("The game is over.")
    if k == "PlayerForfeited":
        return gettext("%(who)s resigns.") % {"who": who}
    if k == "MoveTakenBack":
        return gettext("%(who)s takes back a move.") % {"who": who}
    return gettext("Something happened (%(kind)s).") % {"kind": k}


def option_label(kind: str, option: Any) -> str:
    """A pending decision's option as a button label."""
    if kind == "clown":
        return gettext("Attack") if option == "attack" else gettext("Explode")
    if kind == "quartermaster":
        if option == "none":
            return gettext("No swap")
        to = gettext("ranged") if option.get("to") == "ranged" else gettext("melee")
        return gettext("Side %(side)s of %(unit)s becomes %(to)s") % {
            "side": option.get("side"),
            "unit": hex_label(option.get("unit")),
            "to": to,
        }
    if kind == "medic":
        return gettext("Medic %(m)s saves %(at)s from %(src)s") % {
            "m": hex_label(option.get("medic")),
            "at": hex_label(option.get("hex")),
            "src": _source(option.get("from")),
        }
    if kind == "medic_chain":
        return gettext("Medic at %(m)s takes the hit") % {"m": hex_label(option)}
    if kind == "push_destination":
        return gettext("Push to %(at)s") % {"at": hex_label(option)}
    return str(option)


def decision_prompt(kind: str) -> str:
    return {
        "clown": gettext("Your Clown: attack or explode?"),
        "quartermaster": gettext("Your Quartermaster may swap one attack of a linked unit."),
        "medic": gettext("Choose which tile your medic saves."),
        "medic_chain": gettext("Choose which medic takes the hit."),
        "push_destination": gettext("Choose where your pushed unit goes."),
    }.get(kind, gettext("A decision is needed."))
