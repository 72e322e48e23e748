"""What each kind of move and each picked value is called on the buttons and links, and the
prompt of each field (the reader's language)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, pgettext

from games.engine.hexpanse.data import card
from games.hexboard.words import of_name
from games.hexpanse_site import texts
from games.hexpanse_site.describe import unit_words, who


def unit_choice(key: str) -> str:
    """A unit source as "place:…" and "_unit" name it: normal, elite, warlord, minor:M06,
    merc:C09."""
    if key.startswith("minor:"):
        return unit_words("minor", minor=key[6:])
    if key.startswith("merc:"):
        return unit_words("merc", card=key[5:])
    return unit_words(key)


def setup_step(step: str) -> str:
    """A setup step (engine setup_moves.py) as a refusal names it: "the choice of factions"."""
    words = {
        "faction": pgettext("hexpanse setup step", "faction"),
        "minor": pgettext("hexpanse setup step", "minor faction"),
        "draft": pgettext("hexpanse setup step", "draft"),
        "discard": pgettext("hexpanse setup step", "discard"),
        "mission": pgettext("hexpanse setup step", "mission"),
    }
    return words.get(step, step)


def kind_label(k: str, view: Mapping[str, Any], seat: int | None) -> str:
    head, _, rest = k.partition(":")
    me = view["seats"][seat] if seat is not None else {}
    if head == "place":
        if rest == "warlord":
            return gettext("Place your warlord")
        return gettext("Place %(u)s") % {"u": unit_choice(rest)}
    if head == "recover":
        what = unit_choice("minor:" + rest) if rest.startswith("M") else unit_choice(rest)
        return gettext("Bring %(u)s back from the healing ship") % {"u": what}
    if head == "buy":
        return gettext("Buy %(c)s (%(n)d hexilum)") % {
            "c": texts.card_name(rest),
            "n": card(rest).cost,
        }
    if head == "play":
        code, _, option = rest.partition(":")
        return gettext("Play %(c)s, option %(o)s") % {"c": texts.card_name(code), "o": option}
    if head == "activate":
        if rest == "minor":
            return gettext("Use a minor unit's ability")
        return gettext("Use %(c)s") % {"c": texts.card_name(rest)}
    if head == "protect":
        if rest == "none":
            return gettext("Let the unit fall")
        return gettext("Sacrifice the Protector")
    if head == "choose_faction":
        return gettext("Take the %(f)s") % {"f": texts.faction_after_the(rest)}
    if head in ("choose_minor", "draft_keep"):
        return gettext("Enlist %(m)s") % {"m": texts.minor_name(rest)}
    if head == "draft_discard":
        return gettext("Give up %(m)s") % {"m": texts.minor_name(rest)}
    if head == "pick_mission":
        return gettext("Keep %(m)s") % {"m": texts.mission_name(rest)}
    if head == "resolve":
        return gettext("Let this ability pass") if rest == "skip" else gettext("Use the ability")
    if head == "raise_income":
        level = int(me.get("income", 1)) + 1
        return gettext("Raise your income to %(n)d (costs %(n)d)") % {"n": level}
    plain = {
        "return": gettext("Take a unit back to the reserve"),
        "attack": gettext("Attack with one of your units"),
        "move_warlord": gettext("Move your warlord (1 wound)"),
        "heal": gettext("Heal your warlord (+1)"),
        "ability": gettext("Faction ability (1 wound)"),
        "gain": gettext("Gain 1 hexilum"),
        "end_actions": gettext("End your actions"),
        "end_turn": gettext("End your turn"),
    }
    return plain.get(head, k)


def value_label(key: str, value: Any, view: Mapping[str, Any], names: Sequence[str]) -> str:
    if key == "_unit":
        return unit_choice(str(value))
    if key == "_player":
        return texts.seat_name(dict(view), int(value), names)
    if key == "_card":
        return texts.card_name(str(value))
    if key == "_fill":
        if value == "-":
            return gettext("Your normal units first")
        return gettext("%(c)s first, then your units") % {"c": texts.card_name(str(value))}
    return str(value)


def step_prompt(step: str | None, kind: str | None) -> str:
    head = (kind or "").partition(":")[0]
    if step is None:
        return gettext("Check the move, then confirm.")
    prompts = {
        "hex": {
            "place": gettext("Choose an empty hex for it."),
            "return": gettext("Choose the unit to take back."),
            "activate": gettext("Choose the unit whose ability you use."),
            "ability": gettext("Choose the enemy unit to replace, next to your warlord."),
        }.get(head, gettext("Choose a hex.")),
        "from": gettext("Choose the unit that attacks."),
        "to": gettext("Choose where: a highlighted hex."),
        "_a": gettext("Choose the first unit."),
        "_b": gettext("Choose the other unit, or an empty hex to move to."),
        "at": gettext("Choose where the pattern goes."),
        "target": gettext("Choose the target."),
        "_p": gettext("Choose the hex for the unit."),
        "_unit": gettext("Choose the unit."),
        "_player": gettext("Choose the opponent."),
        "_card": gettext("Choose the card."),
        "_fill": gettext("Choose which units go first on the pattern."),
    }
    return prompts.get(step, gettext("Choose."))


def _unit_on(view: Mapping[str, Any], at: Any) -> Mapping[str, Any]:
    unit = (view.get("units") or {}).get(at) if isinstance(at, str) else None
    return unit if isinstance(unit, Mapping) else {}


def _protect_question(
    view: Mapping[str, Any], head: Mapping[str, Any], p: str, names: Sequence[str]
) -> str:
    """R117's question to the defender, with the public facts the board shows: which of their
    units is attacked, and by whom (the attacking unit and its player, or the player whose
    card hits it). The walk's « one of your units is attacked » named neither."""
    target = _unit_on(view, head.get("target"))
    unit = unit_words(target.get("kind"), target.get("card"), target.get("minor"))
    then = head.get("then") or [{}]
    attacking = _unit_on(view, then[0].get("attacker") if isinstance(then[0], Mapping) else None)
    if attacking:
        by = gettext("%(unit)s %(of_who)s") % {
            "unit": unit_words(
                attacking.get("kind"), attacking.get("card"), attacking.get("minor")
            ),
            "of_who": of_name(who(attacking.get("owner"), names)),
        }
    elif isinstance(head.get("by"), int):
        by = who(head["by"], names)
    else:
        return gettext(
            "%(p)s: one of your units is attacked next to your Protector. Sacrifice the "
            "Protector instead?"
        ) % {"p": p}
    return gettext(
        "%(p)s: %(by)s attacks %(unit)s of yours, next to your Protector. Sacrifice the "
        "Protector instead?"
    ) % {"p": p, "by": by, "unit": unit}


def pending_sentence(view: Mapping[str, Any], names: Sequence[str]) -> str:
    head = view["pending"][0]
    p = who(head["seat"], names)
    if head["kind"] == "protect":
        return _protect_question(view, head, p, names)
    if head.get("card"):
        name = texts.card_name(head["card"])
        text = texts.effect_text(card(head["card"]).effect)
    else:
        name = texts.minor_name(head["minor"])
        text = texts.minor_text(head["minor"])
    return gettext("%(p)s: %(n)s enters the board. %(t)s") % {"p": p, "n": name, "t": text}
