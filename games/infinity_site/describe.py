"""Events, pending decisions and moves in the reader's language: one sentence each, naming
troopers and players as they do ("Alguacil (HMG) a1", the player's name)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.hexboard.words import possessive
from games.infinity_site.names import seat_label, trooper_label, weapon_name

Event = Mapping[str, Any]


def _who(e: Event, key: str = "trooper") -> str:
    return trooper_label(e.get(key))


def _list(ids: Sequence[Any]) -> str:
    return ", ".join(trooper_label(t) for t in ids)


MODS = {
    "range": lambda v: gettext("range %(v)+d") % {"v": v},
    "cover": lambda v: gettext("cover %(v)+d") % {"v": v},
    "fireteam": lambda v: gettext("fireteam %(v)+d") % {"v": v},
    "speculative": lambda v: gettext("speculative %(v)+d") % {"v": v},
    "berserk": lambda v: gettext("berserk %(v)+d") % {"v": v},
    "i_kohl": lambda v: gettext("i-Kohl %(v)+d") % {"v": v},
}


def mods_text(mods: Mapping[str, int]) -> str:
    return ", ".join(MODS[k](v) if k in MODS else f"{k} {v:+d}" for k, v in mods.items() if v)


def skill_text(e: Event) -> str:
    text = _one_skill(e)
    others = [p.get("trooper") for p in e.get("coordinated") or []]
    if others:
        text += gettext(", together with %(others)s") % {"others": _list(others)}
    return text


def _one_skill(e: Event) -> str:
    skill = e.get("skill")
    who = _who(e)
    if skill == "move":
        return gettext("%(who)s moves") % {"who": who}
    if skill == "change_facing":
        return gettext("%(who)s turns") % {"who": who}
    if skill == "dodge":
        return gettext("%(who)s dodges") % {"who": who}
    if skill == "prone":
        return gettext("%(who)s goes prone") % {"who": who}
    if skill == "get_up":
        return gettext("%(who)s gets up") % {"who": who}
    if skill == "bs_attack" and e.get("structure"):
        return gettext("%(who)s shoots at the scenery with the %(weapon)s") % {
            "who": who,
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "bs_attack":
        targets = [t["trooper"] for t in e.get("targets") or []]
        if targets:
            return gettext("%(who)s shoots %(targets)s with the %(weapon)s") % {
                "who": who,
                "targets": _list(targets),
                "weapon": weapon_name(e.get("weapon")),
            }
        return gettext("%(who)s places the %(weapon)s's template") % {
            "who": who,
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "cc_attack" and e.get("berserk"):
        return gettext("%(who)s goes berserk on %(target)s in close combat") % {
            "who": who,
            "target": _who(e, "target"),
        }
    if skill == "cc_attack":
        return gettext("%(who)s attacks %(target)s in close combat") % {
            "who": who,
            "target": _who(e, "target"),
        }
    if skill == "heal":
        return gettext("%(who)s treats %(target)s") % {"who": who, "target": _who(e, "target")}
    if skill == "speculative":
        return gettext("%(who)s fires the %(weapon)s speculatively, out of sight") % {
            "who": who,
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "sync_civilian":
        return gettext("%(who)s tries to lead %(civilian)s") % {
            "who": who,
            "civilian": _who(e, "civilian"),
        }
    return gettext("%(who)s does nothing more") % {"who": who}


def _order(e: Event, names: Sequence[str]) -> str:
    player = seat_label(e.get("seat"), names)
    if e.get("order") == "coordinated":
        return gettext("%(player)s gives a coordinated order to %(who)s.") % {
            "player": player,
            "who": _list(e.get("troopers") or []),
        }
    if e.get("synchronised"):
        return gettext("%(player)s gives one order to %(who)s (G: Synchronised).") % {
            "player": player,
            "who": _list(e.get("troopers") or []),
        }
    if e.get("fireteam"):
        return gettext("%(player)s gives an order to the fireteam led by %(leader)s.") % {
            "player": player,
            "leader": _who(e, "leader"),
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
        return gettext("%(player)s gives an order to %(who)s.") % {"player": player, "who": _who(e)}
    return gettext("%(player)s gives %(kind)s to %(who)s.") % {
        "player": player,
        "kind": kind,
        "who": _who(e),
    }


def _contest(e: Event, names: Sequence[str]) -> str:
    dice = " ".join(str(d) for d in e.get("dice") or [])
    opposed = " ".join(str(d) for d in e.get("opposed_dice") or [])
    mods = mods_text(e.get("mods") or {})
    parts = {
        "who": _who(e, "attacker"),
        "target": _who(e, "target"),
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


def _save(e: Event, names: Sequence[str]) -> str:
    dice = " ".join(str(d) for d in e.get("dice") or []) or "-"
    wounds = int(e.get("wounds") or 0)
    if e.get("critical") and not e.get("dice"):
        return gettext("%(who)s takes a critical hit: a wound with no save.") % {"who": _who(e)}
    return gettext(
        "%(who)s saves against damage %(dam)s with armour %(arm)s: %(dice)s, %(wounds)s."
    ) % {
        "who": _who(e),
        "dam": e.get("dam"),
        "arm": e.get("arm"),
        "dice": dice,
        "wounds": ngettext("%(n)d wound", "%(n)d wounds", wounds) % {"n": wounds},
    }


def _state(e: Event, names: Sequence[str]) -> str:
    states = {
        "unconscious": gettext("%(who)s falls unconscious."),
        "dead": gettext("%(who)s is dead."),
        "normal": gettext("%(who)s is back on its feet."),
    }
    return states.get(str(e.get("state")), gettext("%(who)s changes state.")) % {"who": _who(e)}


def _aro(e: Event, names: Sequence[str]) -> str:
    skill = e.get("skill")
    if skill == "bs_attack":
        return gettext("%(who)s reacts: shoots %(target)s with the %(weapon)s.") % {
            "who": _who(e),
            "target": _who(e, "target"),
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "cc_attack" and e.get("berserk"):
        return gettext("%(who)s reacts: goes berserk on %(target)s.") % {
            "who": _who(e),
            "target": _who(e, "target"),
        }
    if skill == "cc_attack":
        return gettext("%(who)s reacts: attacks %(target)s in close combat.") % {
            "who": _who(e),
            "target": _who(e, "target"),
        }
    if skill == "dodge":
        return gettext("%(who)s reacts: dodges.") % {"who": _who(e)}
    return gettext("%(who)s reacts: turns to face.") % {"who": _who(e)}


def _treated(e: Event, names: Sequence[str]) -> str:
    parts = {"who": _who(e), "patient": _who(e, "patient")}
    parts.update(die=e.get("die"), sv=e.get("sv"), ph=e.get("ph_die"), ph_sv=e.get("ph_sv"))
    how = e.get("method")
    if how == "doctor":
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


def _end(e: Event, names: Sequence[str]) -> str:
    vp = e.get("vp") or [0, 0]
    winner = e.get("winner")
    if winner is None:
        return gettext("The game ends in a draw, %(a)s to %(b)s victory points.") % {
            "a": vp[0],
            "b": vp[1],
        }
    return gettext("The game ends: %(player)s wins, %(a)s to %(b)s victory points.") % {
        "player": seat_label(winner, names),
        "a": vp[0],
        "b": vp[1],
    }


def _reason(reason: Any) -> str:
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


def _side(value: Any) -> str:
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


def _ammo(value: Any) -> str:
    return {"Fire": gettext("incendiary (INC)"), "E/M": "E/M", "Plasma": gettext("plasma")}.get(
        str(value), str(value)
    )


SENTENCES: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "InitiativeRolled": lambda e, n: (
        gettext("Initiative roll-off: %(a)s against %(b)s.")
        % {"a": (e.get("dice") or [0, 0])[0], "b": (e.get("dice") or [0, 0])[1]}
    ),
    "InitiativeChosen": lambda e, n: (
        gettext("%(player)s will play first.") % {"player": seat_label(e.get("first"), n)}
    ),
    "Deployed": lambda e, n: (
        gettext("%(player)s deploys a trooper in hidden deployment.")
        % {"player": seat_label(e.get("seat"), n)}
        if e.get("hidden") and not e.get("trooper")
        else gettext("%(player)s deploys %(who)s.")
        % {"player": seat_label(e.get("seat"), n), "who": _who(e)}
    ),
    "DeploymentDone": lambda e, n: (
        gettext("%(player)s has deployed.") % {"player": seat_label(e.get("seat"), n)}
    ),
    "FireteamFormed": lambda e, n: (
        gettext("%(player)s links a fireteam: %(members)s.")
        % {"player": seat_label(e.get("seat"), n), "members": _list(e.get("members") or [])}
    ),
    "LinkBroken": lambda e, n: (
        gettext("%(whose)s fireteam link breaks (%(reason)s).")
        % {"whose": possessive(seat_label(e.get("seat"), n)), "reason": _reason(e.get("reason"))}
    ),
    "MemberLeft": lambda e, n: (
        gettext("%(who)s leaves the fireteam (%(reason)s).")
        % {"who": _list(e.get("troopers") or []), "reason": _reason(e.get("reason"))}
    ),
    "MembersJoined": lambda e, n: (
        gettext("%(who)s rejoins the fireteam.") % {"who": _list(e.get("troopers") or [])}
    ),
    "FrenzyAwakened": lambda e, n: (
        gettext(
            "%(who)s has wounded an enemy: its Frenzy makes it Impetuous for the rest of the game."
        )
        % {"who": _who(e)}
    ),
    "DoggedFightsOn": lambda e, n: (
        gettext("%(who)s should fall but fights on (Dogged) until the end of the turn.")
        % {"who": _who(e)}
    ),
    "ScreenPlaced": lambda e, n: (
        gettext("%(who)s turns its Nanoscreen to the %(side)s.")
        % {"who": _who(e), "side": _side(e.get("side"))}
    ),
    "ScreenDown": lambda e, n: (
        gettext("The %(ammo)s hit switches off the Nanoscreen of %(who)s.")
        % {"who": _who(e), "ammo": _ammo(e.get("ammo"))}
    ),
    "RemoteDisconnected": lambda e, n: (
        gettext("%(who)s loses its link to %(controller)s and stops.")
        % {"who": _who(e), "controller": _who(e, "controller")}
    ),
    "RemoteReconnected": lambda e, n: (
        gettext("%(who)s is linked to %(controller)s again.")
        % {"who": _who(e), "controller": _who(e, "controller")}
    ),
    "LeaderChanged": lambda e, n: (
        gettext("%(who)s now leads the fireteam.") % {"who": _who(e, "leader")}
    ),
    "LieutenantOrderUsed": lambda e, n: (
        gettext("%(player)s uses a Lieutenant special order to form a fireteam.")
        % {"player": seat_label(e.get("seat"), n)}
    ),
    "TurnStarted": lambda e, n: (
        gettext("Game turn %(turn)s: %(whose)s active turn, %(orders)s orders.")
        % {
            "turn": e.get("game_turn"),
            "whose": possessive(seat_label(e.get("seat"), n)),
            "orders": e.get("orders"),
        }
    ),
    "ProneChanged": lambda e, n: (
        (
            (
                gettext("%(who)s loses its nerve and throws itself to the ground.")
                if e.get("reason") == "guts"
                else gettext("%(who)s lies prone.")
            )
            if e.get("prone")
            else gettext("%(who)s stands up.")
        )
        % {"who": _who(e)}
    ),
    "Treated": _treated,
    "ZonesScored": lambda e, n: (
        gettext("End of game turn %(turn)s: zone points %(a)s to %(b)s.")
        % {
            "turn": e.get("game_turn"),
            "a": (e.get("points") or [0, 0])[0],
            "b": (e.get("points") or [0, 0])[1],
        }
    ),
    "SpeculativeShot": lambda e, n: (
        (
            gettext("%(whose)s speculative shot (%(sv)s to succeed%(mods)s): %(die)s, on target.")
            if e.get("success")
            else gettext("%(whose)s speculative shot (%(sv)s to succeed%(mods)s): %(die)s, missed.")
        )
        % {
            "whose": possessive(_who(e, "attacker")),
            "sv": e.get("sv"),
            "mods": f" ({mods_text(e.get('mods') or {})})" if e.get("mods") else "",
            "die": e.get("die"),
        }
    ),
    "StructureShot": lambda e, n: (
        ngettext(
            "%(whose)s shot at the scenery (%(sv)s to succeed%(mods)s): %(dice)s, %(hits)s hit.",
            "%(whose)s shot at the scenery (%(sv)s to succeed%(mods)s): %(dice)s, %(hits)s hits.",
            int(e.get("hits") or 0),
        )
        % {
            "whose": possessive(_who(e, "attacker")),
            "sv": e.get("sv"),
            "mods": f" ({mods_text(e.get('mods') or {})})" if e.get("mods") else "",
            "dice": ", ".join(str(d) for d in e.get("dice") or []),
            "hits": e.get("hits") or 0,
        }
    ),
    "StructureSaved": lambda e, n: (
        ngettext(
            "The scenery saves against damage %(dam)s with armour %(arm)s: %(dice)s, "
            "%(lost)s structure point lost.",
            "The scenery saves against damage %(dam)s with armour %(arm)s: %(dice)s, "
            "%(lost)s structure points lost.",
            int(e.get("lost") or 0),
        )
        % {
            "dam": e.get("dam"),
            "arm": e.get("arm"),
            "dice": ", ".join(str(d) for d in e.get("dice") or []) or "—",
            "lost": e.get("lost") or 0,
        }
    ),
    "StructureDestroyed": lambda e, n: gettext("The scenery collapses into rubble."),
    "LinkRestored": lambda e, n: (
        gettext("%(who)s is back and leads the fireteam again: %(members)s.")
        % {"who": _who(e, "leader"), "members": _list(e.get("members") or [])}
    ),
    "TurnEnded": lambda e, n: (
        gettext("%(player)s ends the turn.") % {"player": seat_label(e.get("seat"), n)}
    ),
    "LossOfLieutenant": lambda e, n: (
        gettext("%(player)s has lost its Lieutenant (%(who)s): every order is irregular this turn.")
        % {"player": seat_label(e.get("seat"), n), "who": _who(e)}
    ),
    "RetreatDeclared": lambda e, n: (
        gettext("%(whose)s army is in Retreat!")
        % {"whose": possessive(seat_label(e.get("seat"), n))}
    ),
    "LieutenantAppointed": lambda e, n: (
        gettext("%(player)s appoints %(who)s as the new Lieutenant.")
        % {"player": seat_label(e.get("seat"), n), "who": _who(e)}
        if e.get("trooper")
        else gettext("%(player)s secretly appoints a new Lieutenant.")
        % {"player": seat_label(e.get("seat"), n)}
    ),
    "OrderSpent": _order,
    "SkillDeclared": lambda e, n: skill_text(e) + ".",
    "Moved": lambda e, n: (
        ngettext("%(who)s moves %(n)s hex.", "%(who)s moves %(n)s hexes.", len(e.get("path") or []))
        % {"who": _who(e), "n": len(e.get("path") or [])}
    ),
    "CivilianMoved": lambda e, n: (
        gettext("%(who)s follows %(leader)s.")
        % {"who": _who(e, "civilian"), "leader": _who(e, "leader")}
    ),
    "CivilianIdentified": lambda e, n: (
        gettext("%(who)s turns out %(kind)s (encounter roll %(die)s).")
        % {
            "who": _who(e, "civilian"),
            "kind": gettext("hostile")
            if e.get("civilian_kind") == "hostile"
            else gettext("neutral"),
            "die": e.get("die"),
        }
    ),
    "WindowOpened": lambda e, n: (
        gettext("%(player)s may react with %(who)s.")
        % {"player": seat_label(e.get("seat"), n), "who": _list(e.get("eligible") or [])}
    ),
    "WindowClosed": lambda e, n: (
        gettext("%(player)s lets the others pass.") % {"player": seat_label(e.get("seat"), n)}
    ),
    "AroDeclared": _aro,
    "HiddenTrooperRevealed": lambda e, n: (
        gettext("%(who)s was hidden there and reveals itself!") % {"who": _who(e)}
    ),
    "Contest": _contest,
    "Dodged": lambda e, n: (
        (
            gettext("%(who)s dodges: %(die)s against %(sv)s, success.")
            if e.get("success")
            else gettext("%(who)s dodges: %(die)s against %(sv)s, failure.")
        )
        % {"who": _who(e), "die": e.get("die"), "sv": e.get("sv")}
    ),
    "TemplatePlaced": lambda e, n: (
        gettext("The %(weapon)s's template covers %(victims)s.")
        % {
            "weapon": weapon_name(e.get("weapon")),
            "victims": _list(e.get("victims") or []) or gettext("nobody"),
        }
    ),
    "TemplateDodged": lambda e, n: gettext("%(who)s gets out of the template.") % {"who": _who(e)},
    "SaveRolled": _save,
    "StateChanged": _state,
    "CivilianSynced": lambda e, n: (
        gettext("%(who)s now follows %(leader)s.") % {"who": _who(e, "civilian"), "leader": _who(e)}
    ),
    "CivilianSyncFailed": lambda e, n: (
        gettext("%(who)s refuses to follow %(leader)s (%(die)s).")
        % {"who": _who(e, "civilian"), "leader": _who(e), "die": e.get("die")}
    ),
    "CivilianStruck": lambda e, n: (
        gettext("%(who)s strikes %(target)s (%(die)s).")
        % {"who": _who(e, "civilian"), "target": _who(e), "die": e.get("die")}
    ),
    "CivilianPanicked": lambda e, n: (
        gettext("%(who)s panics and runs.") % {"who": _who(e, "civilian")}
    ),
    "CivilianReleased": lambda e, n: (
        gettext("%(who)s stops: nobody leads it any more.") % {"who": _who(e, "civilian")}
    ),
    "CivilianDisconnected": lambda e, n: (
        gettext("%(who)s is too far from %(leader)s and stops.")
        % {"who": _who(e, "civilian"), "leader": _who(e)}
    ),
    "CivilianReconnected": lambda e, n: (
        gettext("%(who)s follows %(leader)s again.")
        % {"who": _who(e, "civilian"), "leader": _who(e)}
    ),
    "DodgeMoved": lambda e, n: gettext("%(who)s jumps aside.") % {"who": _who(e)},
    "GutsPassed": lambda e, n: gettext("%(who)s keeps its nerve (Courage).") % {"who": _who(e)},
    "GutsRolled": lambda e, n: (
        (
            gettext("%(who)s keeps its nerve (%(die)s against %(sv)s).")
            if e.get("passed")
            else gettext("%(who)s loses its nerve (%(die)s against %(sv)s) and must take cover.")
        )
        % {"who": _who(e), "die": e.get("die"), "sv": e.get("sv")}
    ),
    "GutsMoved": lambda e, n: gettext("%(who)s takes cover.") % {"who": _who(e)},
    "OrderResolved": lambda e, n: gettext("The order is resolved."),
    "GameEnded": _end,
    "PolicySet": lambda e, n: gettext("Reaction policies saved."),
    "AmbushSet": lambda e, n: gettext("Ambush triggers saved."),
}


def describe(event: Event, names: Sequence[str] = ()) -> str:
    kind = str(event.get("kind"))
    make = SENTENCES.get(kind)
    if make is None:
        return kind
    try:
        return make(event, names)
    except (KeyError, TypeError, ValueError, IndexError):
        return kind
