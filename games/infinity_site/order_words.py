"""The sentences of an order's resolution (the order given, face to face rolls, saves, states,
reactions, treatments, the game's end) and the words they share (a fireteam's broken link, a hex
side, an ammunition), for describe.py's table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.infinity_site.names import seat_label, weapon_name
from games.infinity_site.skill_words import Event, mods_text, trooper_in, troopers


def order_given(e: Event, names: Sequence[str]) -> str:
    player = seat_label(e.get("seat"), names)
    if e.get("order") == "coordinated":
        return gettext("%(player)s gives a coordinated order to %(who)s.") % {
            "player": player,
            "who": troopers(e.get("troopers") or [], e),
        }
    if e.get("servant"):
        return gettext("%(player)s gives one order to %(who)s (G: Servant).") % {
            "player": player,
            "who": troopers(e.get("troopers") or [], e),
        }
    if e.get("synchronised"):
        return gettext("%(player)s gives one order to %(who)s (G: Synchronised).") % {
            "player": player,
            "who": troopers(e.get("troopers") or [], e),
        }
    if e.get("fireteam"):
        return gettext("%(player)s gives an order to the fireteam led by %(leader)s.") % {
            "player": player,
            "leader": trooper_in(e, "leader"),
        }
    kinds = {
        "regular": gettext("a regular order"),
        "irregular": gettext("an irregular order"),
        "impetuous": gettext("an impetuous order"),
        "lieutenant": gettext("the Lieutenant special order"),
    }
    kind = kinds.get(str(e.get("order")))
    if kind is None:
        # Events stored before the order's kind travelled as "order": their field "kind" was
        # replaced by the event's own kind in the flat event (protocol.event_for_seat).
        return gettext("%(player)s gives an order to %(who)s.") % {
            "player": player,
            "who": trooper_in(e),
        }
    return gettext("%(player)s gives %(kind)s to %(who)s.") % {
        "player": player,
        "kind": kind,
        "who": trooper_in(e),
    }


def contest(e: Event, names: Sequence[str]) -> str:
    dice = " ".join(str(d) for d in e.get("dice") or [])
    opposed = " ".join(str(d) for d in e.get("opposed_dice") or [])
    mods = mods_text(e.get("mods") or {})
    parts = {
        "who": trooper_in(e, "attacker"),
        "target": trooper_in(e, "target"),
        "weapon": weapon_name(e.get("weapon")),
        "sv": e.get("sv"),
        "mods": f" ({mods})" if mods else "",
        "dice": dice or "-",
        "opposed": opposed or "-",
        "hits": ngettext("%(n)d hit", "%(n)d hits", int(e.get("hits") or 0))
        % {"n": int(e.get("hits") or 0)},
    }
    if e.get("opposed") == "attack":
        text = gettext(
            "%(who)s against %(target)s (%(weapon)s, %(sv)s to succeed%(mods)s): "
            "%(dice)s face to face with %(opposed)s, %(hits)s."
        )
    elif e.get("opposed") == "dodge":
        text = gettext(
            "%(who)s against %(target)s (%(weapon)s, %(sv)s to succeed%(mods)s): "
            "%(dice)s face to face with the dodge %(opposed)s, %(hits)s."
        )
    else:
        text = gettext(
            "%(who)s against %(target)s (%(weapon)s, %(sv)s to succeed%(mods)s): "
            "%(dice)s, %(hits)s."
        )
    return text % parts


def saving_roll(e: Event, names: Sequence[str]) -> str:
    dice = " ".join(str(d) for d in e.get("dice") or []) or "-"
    wounds = int(e.get("wounds") or 0)
    if e.get("critical") and not e.get("dice"):
        return gettext("%(who)s takes a critical hit: a wound with no save.") % {
            "who": trooper_in(e)
        }
    return gettext(
        "%(who)s saves against damage %(dam)s with armour %(arm)s: %(dice)s, %(wounds)s."
    ) % {
        "who": trooper_in(e),
        "dam": e.get("dam"),
        "arm": e.get("arm"),
        "dice": dice,
        "wounds": ngettext("%(n)d wound", "%(n)d wounds", wounds) % {"n": wounds},
    }


def state_change(e: Event, names: Sequence[str]) -> str:
    states = {
        "unconscious": gettext("%(who)s falls unconscious."),
        "dead": gettext("%(who)s is dead."),
        "normal": gettext("%(who)s is back on its feet."),
    }
    return states.get(str(e.get("state")), gettext("%(who)s changes state.")) % {
        "who": trooper_in(e)
    }


# Whether the closing seat reacted in the window: the narrator adds it to `WindowClosed`
# (narrator.py), which names the seat alone.
REACTED = "reacted"


def window_closed(e: Event, names: Sequence[str]) -> str:
    """A reaction window closes: "lets the others pass" read oddly when nobody had reacted."""
    player = {"player": seat_label(e.get("seat"), names)}
    if e.get(REACTED) is True:
        return gettext("%(player)s reacts with no other trooper.") % player
    if e.get(REACTED) is False:
        return gettext("%(player)s does not react.") % player
    return gettext("%(player)s has finished reacting.") % player  # told without its window


def reaction(e: Event, names: Sequence[str]) -> str:
    skill = e.get("skill")
    if skill == "bs_attack":
        return gettext("%(who)s reacts: shoots %(target)s with the %(weapon)s.") % {
            "who": trooper_in(e),
            "target": trooper_in(e, "target"),
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "cc_attack" and e.get("berserk"):
        return gettext("%(who)s reacts: goes berserk on %(target)s.") % {
            "who": trooper_in(e),
            "target": trooper_in(e, "target"),
        }
    if skill == "cc_attack":
        return gettext("%(who)s reacts: attacks %(target)s in close combat.") % {
            "who": trooper_in(e),
            "target": trooper_in(e, "target"),
        }
    if skill == "dodge":
        return gettext("%(who)s reacts: dodges.") % {"who": trooper_in(e)}
    if skill == "discover":
        return gettext("%(who)s reacts: tries to discover %(target)s.") % {
            "who": trooper_in(e),
            "target": trooper_in(e, "target"),
        }
    if skill == "minesweep":  # engine mines.py
        return gettext("%(who)s reacts: turns the enemy mines around it with its Minesweeper.") % {
            "who": trooper_in(e)
        }
    return gettext("%(who)s reacts: turns to face.") % {"who": trooper_in(e)}


def treated(e: Event, names: Sequence[str]) -> str:
    parts = {"who": trooper_in(e), "patient": trooper_in(e, "patient")}
    parts.update(die=e.get("die"), sv=e.get("sv"), ph=e.get("ph_die"), ph_sv=e.get("ph_sv"))
    parts.update(controller=trooper_in(e, "controller"))
    how = e.get("method")
    if how == "servant":  # G: Servant: the remote acts, its Doctor rolls
        text = gettext(
            "%(who)s treats %(patient)s for %(controller)s, its Doctor: WIP %(die)s against %(sv)s"
        )
    elif how == "doctor":
        text = gettext("%(who)s treats %(patient)s as a Doctor: WIP %(die)s against %(sv)s")
    elif how == "remote" and e.get("ph_die") is None:
        text = gettext("%(who)s fires the MediKit at %(patient)s: %(die)s against %(sv)s, missed")
    elif how == "remote":
        text = gettext(
            "%(who)s fires the MediKit at %(patient)s (%(die)s against %(sv)s); "
            "%(patient)s rolls PH %(ph)s against %(ph_sv)s"
        )
    else:
        text = gettext(
            "%(who)s uses the MediKit on %(patient)s, who rolls PH %(ph)s against %(ph_sv)s"
        )
    if e.get("ph_die") is None and how == "remote":
        return text % parts + "."
    outcome = gettext("back on its feet") if e.get("success") else gettext("it dies")
    return text % parts + gettext(": %(outcome)s.") % {"outcome": outcome}


def game_end(e: Event, names: Sequence[str]) -> str:
    vp = e.get("vp") or [0, 0]
    winner = e.get("winner")
    if winner is None:
        return gettext("The game ends in a draw, %(a)s to %(b)s victory points.") % {
            "a": vp[0],
            "b": vp[1],
        }
    # The winner's score first: « bruno gagne, 73 à 44 », never « 44 à 73 ».
    return gettext("The game ends: %(player)s wins, %(a)s to %(b)s victory points.") % {
        "player": seat_label(winner, names),
        "a": vp[winner],
        "b": vp[1 - winner],
    }


def link_reason(reason: Any) -> str:
    return {
        "leader_lost": gettext("its leader fell"),
        "too_small": gettext("it is down to two"),
        "retreat": gettext("Retreat!"),
        "voluntary": gettext("its player broke it"),
        "new_team": gettext("a new team was formed"),
        "own_order": gettext("a member got an order of its own"),
        "outside_zoc": gettext("out of the leader's zone of control"),
        "different_aro": gettext("a different reaction"),
        "fallen": gettext("fallen"),
    }.get(str(reason), str(reason))


def side_name(value: Any) -> str:
    """A hex side in players' words (d0 is north, clockwise)."""
    names = (
        gettext("north"),
        gettext("north-east"),
        gettext("south-east"),
        gettext("south"),
        gettext("south-west"),
        gettext("north-west"),
    )
    return names[value] if isinstance(value, int) and 0 <= value <= 5 else str(value)


def ammo_name(value: Any) -> str:
    return {"Fire": gettext("incendiary (INC)"), "E/M": "E/M", "Plasma": gettext("plasma")}.get(
        str(value), str(value)
    )
