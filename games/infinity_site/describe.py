"""Events, pending decisions and moves in the reader's language: one sentence each, naming
troopers and players as they do ("Alguacil (HMG) a1", the player's name). The longer sentences
are built in order_words.py, a skill's words in skill_words.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import gettext, ngettext

from games.hexboard.words import possessive
from games.infinity_site import disguise_words, height_words, holo_words
from games.infinity_site.names import mine_label, profile_label, seat_label, weapon_name
from games.infinity_site.order_words import (
    ammo_name,
    contest,
    game_end,
    link_reason,
    order_given,
    reaction,
    saving_roll,
    side_name,
    state_change,
    treated,
    window_closed,
)
from games.infinity_site.skill_words import Event, mods_text, skill_text, trooper_in, troopers


def _initiative_roll(e: Event, n: Sequence[str]) -> str:
    """Setup's roll-off (engine setup.start): a tie is rolled again, else the higher wins."""
    a, b = (e.get("dice") or [0, 0])[:2]
    if a == b:
        return gettext("Initiative roll-off: %(a)s against %(b)s, a tie: rolled again.") % {
            "a": a,
            "b": b,
        }
    return gettext("Initiative roll-off: %(a)s against %(b)s: %(player)s wins it.") % {
        "a": a,
        "b": b,
        "player": seat_label(0 if a > b else 1, n),
    }


def _initiative_chosen(e: Event, n: Sequence[str]) -> str:
    """The roll-off's winner chose (engine setup.choose): a winner who lets the other side play
    first says so, or « the computer wins it » then « you will play first » reads as a mistake."""
    first, chooser = e.get("first"), e.get("seat")
    if isinstance(chooser, int) and chooser != first:
        return gettext("%(chooser)s lets %(player)s play first.") % {
            "chooser": seat_label(chooser, n),
            "player": seat_label(first, n),
        }
    return gettext("%(player)s will play first.") % {"player": seat_label(first, n)}


def _deployment_chosen(e: Event, n: Sequence[str]) -> str:
    """Who deploys first (engine setup.choose, B.5's Deployment privilege), said as the turn
    order is."""
    first, chooser = e.get("first"), e.get("seat")
    if isinstance(chooser, int) and chooser != first:
        return gettext("%(chooser)s lets %(player)s deploy first.") % {
            "chooser": seat_label(chooser, n),
            "player": seat_label(first, n),
        }
    return gettext("%(player)s will deploy first.") % {"player": seat_label(first, n)}


SENTENCES: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "InitiativeRolled": lambda e, n: _initiative_roll(e, n),
    "InitiativeChosen": lambda e, n: _initiative_chosen(e, n),
    "DeploymentChosen": lambda e, n: _deployment_chosen(e, n),
    "Deployed": lambda e, n: _deployed(e, n),
    # Re-camouflage (camouflage.py): its owner reads who; the other side reads the marker's id
    # for the trooper too (the engine's cover), so a marker appears and nobody is named.
    "MarkerPlaced": lambda e, n: (
        gettext("%(who)s camouflages again: %(marker)s to the enemy.")
        % {"who": trooper_in(e), "marker": trooper_in(e, "marker")}
        if e.get("marker") != e.get("trooper")
        else gettext("A %(marker)s appears, out of sight.") % {"marker": trooper_in(e, "marker")}
    ),
    # A marker's trooper placed again while deploying (setup.py): its marker leaves the table.
    "MarkerLifted": lambda e, n: (
        gettext("%(player)s takes %(marker)s off the table.")
        % {"player": seat_label(e.get("seat"), n), "marker": trooper_in(e, "marker")}
    ),
    "DeploymentDone": lambda e, n: (
        gettext("%(player)s has deployed.") % {"player": seat_label(e.get("seat"), n)}
    ),
    "FireteamFormed": lambda e, n: (
        gettext("%(player)s links a fireteam: %(members)s.")
        % {"player": seat_label(e.get("seat"), n), "members": troopers(e.get("members") or [], e)}
    ),
    "LinkBroken": lambda e, n: (
        gettext("%(whose)s fireteam link breaks (%(reason)s).")
        % {
            "whose": possessive(seat_label(e.get("seat"), n)),
            "reason": link_reason(e.get("reason")),
        }
    ),
    "MemberLeft": lambda e, n: (
        gettext("%(who)s leaves the fireteam (%(reason)s).")
        % {"who": troopers(e.get("troopers") or [], e), "reason": link_reason(e.get("reason"))}
    ),
    "MembersJoined": lambda e, n: (
        gettext("%(who)s rejoins the fireteam.") % {"who": troopers(e.get("troopers") or [], e)}
    ),
    "FrenzyAwakened": lambda e, n: (
        gettext(
            "%(who)s has wounded an enemy: its Frenzy makes it Impetuous for the rest of the game."
        )
        % {"who": trooper_in(e)}
    ),
    "DoggedFightsOn": lambda e, n: (
        gettext("%(who)s should fall but fights on (Dogged) until the end of the turn.")
        % {"who": trooper_in(e)}
    ),
    "ScreenPlaced": lambda e, n: (
        gettext("%(who)s turns its Nanoscreen to the %(side)s.")
        % {"who": trooper_in(e), "side": side_name(e.get("side"))}
    ),
    "ScreenDown": lambda e, n: (
        gettext("The %(ammo)s hit switches off the Nanoscreen of %(who)s.")
        % {"who": trooper_in(e), "ammo": ammo_name(e.get("ammo"))}
    ),
    "RemoteDisconnected": lambda e, n: (
        gettext("%(who)s loses its link to %(controller)s and stops.")
        % {"who": trooper_in(e), "controller": trooper_in(e, "controller")}
    ),
    "RemoteReconnected": lambda e, n: (
        gettext("%(who)s is linked to %(controller)s again.")
        % {"who": trooper_in(e), "controller": trooper_in(e, "controller")}
    ),
    "LeaderChanged": lambda e, n: (
        gettext("%(who)s now leads the fireteam.") % {"who": trooper_in(e, "leader")}
    ),
    "LieutenantOrderUsed": lambda e, n: (
        gettext("%(player)s spends the Lieutenant special order so that %(who)s stands firm.")
        % {"player": seat_label(e.get("seat"), n), "who": trooper_in(e)}
        if e.get("use") == "guts"
        else gettext("%(player)s uses a Lieutenant special order to form a fireteam.")
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
        % {"who": trooper_in(e)}
    ),
    "Treated": treated,
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
            "whose": possessive(trooper_in(e, "attacker")),
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
            "whose": possessive(trooper_in(e, "attacker")),
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
        % {"who": trooper_in(e, "leader"), "members": troopers(e.get("members") or [], e)}
    ),
    "TurnEnded": lambda e, n: (
        gettext("%(player)s ends the turn.") % {"player": seat_label(e.get("seat"), n)}
    ),
    "LossOfLieutenant": lambda e, n: (
        gettext(
            "%(player)s has lost their Lieutenant (%(who)s): every order is irregular this turn."
        )
        % {"player": seat_label(e.get("seat"), n), "who": trooper_in(e)}
    ),
    "KoalaDeployed": lambda e, n: (
        gettext("%(player)s places a CrazyKoala beside %(who)s.")
        % {"player": seat_label(e.get("seat"), n), "who": trooper_in(e, "carrier")}
    ),
    "KoalasLost": lambda e, n: (
        gettext("An enemy stands too close: the CrazyKoalas of %(who)s are lost.")
        % {"who": trooper_in(e, "carrier")}
    ),
    "KoalaMoved": lambda e, n: gettext("A CrazyKoala follows its carrier."),
    "KoalaSwept": lambda e, n: (
        gettext("A CrazyKoala now belongs to %(player)s and follows %(who)s.")
        % {"player": seat_label(e.get("seat"), n), "who": trooper_in(e, "by")}
    ),
    "KoalaTriggered": lambda e, n: (
        gettext("A CrazyKoala of %(player)s leaps at %(who)s!")
        % {"player": seat_label(e.get("seat"), n), "who": trooper_in(e, "target")}
    ),
    "KoalaExploded": lambda e, n: (
        (
            gettext("A CrazyKoala explodes against %(who)s, who dodged it.")
            if e.get("dodged")
            else gettext("A CrazyKoala explodes against %(who)s: damage 15, Shock.")
        )
        % {"who": trooper_in(e, "target")}
    ),
    "Withdrew": lambda e, n: (
        gettext("%(who)s has fled the battlefield (Retreat!): no casualty for the enemy.")
        % {"who": trooper_in(e)}
    ),
    "RetreatDeclared": lambda e, n: (
        gettext("%(whose)s army is in Retreat!")
        % {"whose": possessive(seat_label(e.get("seat"), n))}
    ),
    "LieutenantAppointed": lambda e, n: (
        gettext("%(player)s appoints %(who)s as the new Lieutenant.")
        % {"player": seat_label(e.get("seat"), n), "who": trooper_in(e)}
        if e.get("trooper")
        else gettext("%(player)s secretly appoints a new Lieutenant.")
        % {"player": seat_label(e.get("seat"), n)}
    ),
    "OrderSpent": order_given,
    "SkillDeclared": lambda e, n: skill_text(e) + ".",
    "Moved": lambda e, n: (
        height_words.moved(e, n)
        or (
            ngettext(
                "%(who)s moves %(n)s hex.", "%(who)s moves %(n)s hexes.", len(e.get("path") or [])
            )
            % {"who": trooper_in(e), "n": len(e.get("path") or [])}
        )
    ),
    "CivilianMoved": lambda e, n: (
        gettext("%(who)s follows %(leader)s.")
        % {"who": trooper_in(e, "civilian"), "leader": trooper_in(e, "leader")}
    ),
    "CivilianIdentified": lambda e, n: (
        gettext("%(who)s turns out %(kind)s (encounter roll %(die)s).")
        % {
            "who": trooper_in(e, "civilian"),
            "kind": gettext("hostile")
            if e.get("civilian_kind") == "hostile"
            else gettext("neutral"),
            "die": e.get("die"),
        }
    ),
    "WindowOpened": lambda e, n: (
        gettext("%(player)s may react with %(who)s.")
        % {"player": seat_label(e.get("seat"), n), "who": troopers(e.get("eligible") or [], e)}
    ),
    "WindowClosed": window_closed,
    "AroDeclared": reaction,
    "DiscoverRolled": lambda e, n: _wip_roll(
        e,
        gettext("%(who)s looks for %(marker)s: WIP %(die)s against %(sv)s (%(mods)s), found!"),
        gettext("%(who)s looks for %(marker)s: WIP %(die)s against %(sv)s (%(mods)s), nothing."),
        marker=trooper_in(e, "marker"),
        mods=mods_text(e.get("mods") or {}) or gettext("no modifier"),  # a Holo-echo's: range 0
    ),
    "IntuitiveRolled": lambda e, n: _wip_roll(
        e,
        gettext(
            "%(who)s attacks %(marker)s intuitively: WIP %(die)s against %(sv)s (%(mods)s), "
            "the template falls on it!"
        ),
        gettext(
            "%(who)s attacks %(marker)s intuitively: WIP %(die)s against %(sv)s (%(mods)s), "
            "missed: no template."
        ),
        who=trooper_in(e, "attacker"),
        marker=trooper_in(e, "marker"),
        mods=mods_text(e.get("mods") or {}) or gettext("no modifier"),
    ),
    "InfiltrationRolled": lambda e, n: _infiltration(e),
    "MineLaid": lambda e, n: _mine_laid(e, n),
    "MineDestroyed": lambda e, n: (
        gettext("%(mine)s is destroyed.") % {"mine": mine_label(e.get("mine"))}
    ),
    "MineShot": lambda e, n: (
        ngettext(
            "%(whose)s shot at %(mine)s (%(sv)s to succeed%(mods)s): %(dice)s, %(hits)s hit.",
            "%(whose)s shot at %(mine)s (%(sv)s to succeed%(mods)s): %(dice)s, %(hits)s hits.",
            int(e.get("hits") or 0),
        )
        % {
            "whose": possessive(trooper_in(e, "attacker")),
            "mine": mine_label(e.get("mine")),
            "sv": e.get("sv"),
            "mods": f" ({mods_text(e.get('mods') or {})})" if e.get("mods") else "",
            "dice": ", ".join(str(d) for d in e.get("dice") or []),
            "hits": e.get("hits") or 0,
        }
    ),
    "MineSaved": lambda e, n: (
        (
            gettext("%(mine)s saves against damage %(dam)s with armour %(arm)s: %(dice)s, lost.")
            if e.get("destroyed")
            else gettext(
                "%(mine)s saves against damage %(dam)s with armour %(arm)s: %(dice)s, it holds."
            )
        )
        % {
            "mine": mine_label(e.get("mine")),
            "dam": e.get("dam"),
            "arm": e.get("arm"),
            "dice": ", ".join(str(d) for d in e.get("dice") or []) or gettext("critical"),
        }
    ),
    "MinesweepRolled": lambda e, n: _wip_roll(
        e,
        gettext("%(who)s sweeps for mines: WIP %(die)s against %(sv)s, success (%(mines)s)."),
        gettext("%(who)s sweeps for mines: WIP %(die)s against %(sv)s, failure (%(mines)s)."),
        mines=", ".join(
            [mine_label(m) for m in e.get("mines") or []]
            + [gettext("a CrazyKoala")] * len(e.get("koalas") or [])
        )
        or gettext("no mine around"),
    ),
    "MineSwept": lambda e, n: (
        gettext("%(mine)s now belongs to %(player)s.")
        % {"mine": mine_label(e.get("mine")), "player": seat_label(e.get("seat"), n)}
    ),
    "MineTriggered": lambda e, n: (
        gettext("%(mine)s goes off at %(who)s!")
        % {"mine": mine_label(e.get("mine")), "who": trooper_in(e, "target")}
    ),
    "MineExploded": lambda e, n: (
        gettext("The teardrop of %(mine)s catches %(victims)s.")
        % {
            "mine": mine_label(e.get("mine")),
            "victims": troopers(e.get("victims") or [], e) or gettext("nobody"),
        }
    ),
    "MarkerRevealed": lambda e, n: (
        gettext("%(marker)s is revealed: a mine.") % {"marker": trooper_in(e, "marker")}
        if e.get("mine")
        else gettext("%(marker)s is revealed: %(who)s.")
        % {
            "marker": trooper_in(e, "marker"),
            "who": f"{profile_label(str(e.get('profile')))} {e.get('trooper')}",
        }
    ),
    "HiddenTrooperRevealed": lambda e, n: (
        gettext("%(who)s was hidden there and reveals itself!") % {"who": trooper_in(e)}
    ),
    "Contest": contest,
    "Dodged": lambda e, n: (
        (
            gettext("%(who)s dodges: %(die)s against %(sv)s, success.")
            if e.get("success")
            else gettext("%(who)s dodges: %(die)s against %(sv)s, failure.")
        )
        % {"who": trooper_in(e), "die": e.get("die"), "sv": e.get("sv")}
    ),
    "TemplatePlaced": lambda e, n: (
        gettext("The %(weapon)s's template covers %(victims)s.")
        % {
            "weapon": weapon_name(e.get("weapon")),
            "victims": troopers(e.get("victims") or [], e) or gettext("nobody"),
        }
    ),
    "TemplateDodged": lambda e, n: (
        gettext("%(who)s gets out of the template.") % {"who": trooper_in(e)}
    ),
    "SaveRolled": saving_roll,
    "StateChanged": state_change,
    "CivilianSynced": lambda e, n: (
        gettext("%(who)s now follows %(leader)s.")
        % {"who": trooper_in(e, "civilian"), "leader": trooper_in(e)}
    ),
    "CivilianSyncFailed": lambda e, n: (
        gettext("%(who)s refuses to follow %(leader)s (%(die)s).")
        % {"who": trooper_in(e, "civilian"), "leader": trooper_in(e), "die": e.get("die")}
    ),
    "CivilianStruck": lambda e, n: (
        gettext("%(who)s strikes %(target)s (%(die)s).")
        % {"who": trooper_in(e, "civilian"), "target": trooper_in(e), "die": e.get("die")}
    ),
    "CivilianPanicked": lambda e, n: (
        gettext("%(who)s panics and runs.") % {"who": trooper_in(e, "civilian")}
    ),
    "CivilianReleased": lambda e, n: (
        gettext("%(who)s stops: nobody leads it any more.") % {"who": trooper_in(e, "civilian")}
    ),
    "CivilianDisconnected": lambda e, n: (
        gettext("%(who)s is too far from %(leader)s and stops.")
        % {"who": trooper_in(e, "civilian"), "leader": trooper_in(e)}
    ),
    "CivilianReconnected": lambda e, n: (
        gettext("%(who)s follows %(leader)s again.")
        % {"who": trooper_in(e, "civilian"), "leader": trooper_in(e)}
    ),
    "DodgeMoved": lambda e, n: gettext("%(who)s jumps aside.") % {"who": trooper_in(e)},
    "GutsPassed": lambda e, n: (
        (
            gettext("%(who)s keeps its nerve (the Lieutenant's order).")
            if e.get("lieutenant")
            else gettext("%(who)s keeps its nerve (Courage).")
        )
        % {"who": trooper_in(e)}
    ),
    "GutsRolled": lambda e, n: (
        (
            gettext("%(who)s keeps its nerve (%(die)s against %(sv)s).")
            if e.get("passed")
            else gettext("%(who)s loses its nerve (%(die)s against %(sv)s) and must take cover.")
        )
        % {"who": trooper_in(e), "die": e.get("die"), "sv": e.get("sv")}
    ),
    "GutsMoved": lambda e, n: gettext("%(who)s takes cover.") % {"who": trooper_in(e)},
    "OrderResolved": lambda e, n: gettext("The order is resolved."),
    "GameEnded": game_end,
    "PolicySet": lambda e, n: gettext("Reaction policies saved."),
    "AmbushSet": lambda e, n: gettext("Ambush triggers saved."),
}


SENTENCES.update(holo_words.SENTENCES)  # Holoprojector L2 (engine holo.py)
SENTENCES.update(height_words.SENTENCES)  # Climb and Jump (engine heights.py)
SENTENCES.update(disguise_words.SENTENCES)  # Holoprojector L1 (engine disguise.py)


def describe(event: Event, names: Sequence[str] = ()) -> str:
    kind = str(event.get("kind"))
    make = SENTENCES.get(kind)
    if make is None:
        return kind
    try:
        return make(event, names)
    except (KeyError, TypeError, ValueError, IndexError):
        return kind


def _deployed(e: Event, n: Sequence[str]) -> str:
    player = seat_label(e.get("seat"), n)
    if e.get("mine"):
        return _mine_laid(e, n)
    if e.get("hidden"):
        if not e.get("trooper"):  # the enemy's event (engine hidden.py): nobody named
            return gettext("%(player)s deploys a trooper in hidden deployment.") % {
                "player": player
            }
        # Its owner's own event: say it is hidden, which the board's title says too.
        return gettext("%(player)s deploys %(who)s in hidden deployment.") % {
            "player": player,
            "who": trooper_in(e),
        }
    if e.get("marker") and e.get("marker") != e.get("trooper"):
        return gettext("%(player)s deploys %(who)s as %(marker)s.") % {
            "player": player,
            "who": trooper_in(e),
            "marker": trooper_in(e, "marker"),
        }
    return gettext("%(player)s deploys %(who)s.") % {"player": player, "who": trooper_in(e)}


def _infiltration(e: Event) -> str:
    """An infiltration roll (engine infiltration.py): in place, or where a failure put it."""
    values = {
        "who": trooper_in(e),
        "die": e.get("die"),
        "sv": e.get("sv"),
        "mods": mods_text(e.get("mods") or {}),
    }
    if e.get("success"):
        return gettext("%(who)s infiltrates: PH %(die)s against %(sv)s (%(mods)s), in place.") % (
            values
        )
    if e.get("to") == e.get("hex"):
        return (
            gettext(
                "%(who)s fails to infiltrate: PH %(die)s against %(sv)s (%(mods)s); it stands there "
                "in the open."
            )
            % values
        )
    return (
        gettext(
            "%(who)s fails to infiltrate: PH %(die)s against %(sv)s (%(mods)s); it lands further "
            "off, in the open."
        )
        % values
    )


def _mine_laid(e: Event, n: Sequence[str]) -> str:
    """A mine laid (mines.py): the owner's words for its hidden mine, everybody's for one in
    the open."""
    values = {
        "player": seat_label(e.get("seat"), n),
        "mine": mine_label(e.get("mine") if e.get("kind") == "MineLaid" else e.get("marker")),
        "who": trooper_in(e, "layer" if e.get("layer") else "trooper"),
    }
    if e.get("kind") == "MineLaid":
        return gettext("%(player)s lays %(mine)s near %(who)s, in the open.") % values
    return (
        gettext("%(player)s lays %(mine)s near %(who)s: the enemy sees a camouflage marker.")
        % values
    )


def _wip_roll(e: Event, found: str, nothing: str, **values: str) -> str:
    """A WIP roll that finds something or nothing (Discover, a Minesweeper's sweep, an
    Intuitive Attack): the sentence for its outcome, with who rolled (`who` when not the
    event's `trooper`), the die and its success value."""
    sentence = found if e.get("success") else nothing
    rolled = {"who": trooper_in(e), "die": e.get("die"), "sv": e.get("sv")}
    return sentence % (rolled | values)
