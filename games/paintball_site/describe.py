"""One sentence per event, in the reader's language, naming figures as players do ("Rouge 3
avance vers le nord dans les buissons."). Events arrive flat, as the seat may see them
(protocol.event_for_seat): a sentry's policy is absent from the other team's copy, so no
sentence can tell it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from games.hexboard.words import possessive
from games.paintball_site.words import (
    direction_between,
    direction_name,
    figure_name,
    figures,
    flag_name,
    grenade_name,
    seat_player,
    team_name,
    terrain_name,
)

Event = dict[str, Any]


def describe(e: Event, names: Sequence[str] = ()) -> str:
    handler = _HANDLERS.get(str(e.get("kind")))
    if handler is None:
        return gettext("Something happened.")
    return handler(e, names)


def _fig(e: Event, key: str = "figure") -> str:
    return figure_name(e.get(key))


def _turn_started(e: Event, names: Sequence[str]) -> str:
    return gettext("Turn %(n)s begins.") % {"n": e.get("turn")}


def _turn_ended(e: Event, names: Sequence[str]) -> str:
    return gettext("Turn %(n)s is over.") % {"n": e.get("turn")}


def _dice(e: Event, names: Sequence[str]) -> str:
    return gettext("Command dice: Red %(red)s, Blue %(blue)s.") % {
        "red": e.get("red"),
        "blue": e.get("blue"),
    }


def _order(e: Event, names: Sequence[str]) -> str:
    who = seat_player(str(e.get("seat")), names)
    if e.get("play") == "first":
        return gettext("%(who)s chooses to play first.") % {"who": who}
    return gettext("%(who)s chooses to play second.") % {"who": who}


def _activated(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s acts.") % {"fig": _fig(e)}


def _moved(e: Event, names: Sequence[str]) -> str:
    d = direction_between(e.get("start") or (0, 0), e.get("to") or (0, 0))
    where = direction_name(d) if d is not None else ""
    terrain = e.get("terrain", "open")
    if terrain in (None, "open"):
        return gettext("%(fig)s moves %(dir)s.") % {"fig": _fig(e), "dir": where}
    return gettext("%(fig)s moves %(dir)s into %(terrain)s.") % {
        "fig": _fig(e),
        "dir": where,
        "terrain": terrain_name(terrain),
    }


def _flag_up(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s picks up %(flag)s.") % {
        "fig": _fig(e),
        "flag": flag_name(e.get("flag")),
    }


def _flag_down(e: Event, names: Sequence[str]) -> str:
    return gettext("%(flag)s falls where its carrier stood.") % {
        "flag": flag_name(e.get("flag")).capitalize()
    }


def _aim(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s takes aim.") % {"fig": _fig(e)}


def _volley(e: Event, names: Sequence[str]) -> str:
    targets = list(e.get("targets") or [])
    n = len(targets)
    unique = sorted(set(targets), key=targets.index)
    values = {"fig": _fig(e), "n": n, "targets": figures(unique)}
    if e.get("mode") == "suppress":
        return (
            ngettext(
                "%(fig)s fires %(n)d shot to pin down %(targets)s.",
                "%(fig)s fires %(n)d shots to pin down %(targets)s.",
                n,
            )
            % values
        )
    return (
        ngettext(
            "%(fig)s fires %(n)d shot at %(targets)s.",
            "%(fig)s fires %(n)d shots at %(targets)s.",
            n,
        )
        % values
    )


def _blinded(e: Event, names: Sequence[str]) -> str:
    values = {"fig": _fig(e), "die": e.get("die")}
    if e.get("sees"):
        return gettext("%(fig)s sees through the smoke (%(die)s).") % values
    return gettext("%(fig)s cannot see through the smoke (%(die)s): no shot.") % values


def _shot_dice(e: Event, names: Sequence[str]) -> str:
    dice = ", ".join(str(v) for v in e.get("dice") or [])
    return gettext("Shot dice: %(dice)s (%(need)s+ hits, 1 misfires).") % {
        "dice": dice,
        "need": e.get("need"),
    }


_CHART = {
    "out_of_gas": lambda: gettext("Misfire: %(fig)s is out of gas and leaves the game."),
    "out_of_ammo": lambda: gettext(
        "Misfire: %(fig)s is out of paint and lies down until it reloads."
    ),
    "jammed": lambda: gettext("Misfire: %(whose)s gun jams; a marshal must come and clean it."),
    "minor": lambda: gettext("Misfire: a minor problem, %(whose)s other shots are lost."),
    "misted": lambda: gettext("Misfire: %(whose)s goggles mist up, its other shots are lost."),
    "goggles": lambda: gettext("Misfire: %(fig)s has a goggles problem."),
}


def _misfire(e: Event, names: Sequence[str]) -> str:
    sentence = _CHART.get(str(e.get("entry")))
    text = sentence() if sentence else gettext("Misfire: %(fig)s has a problem.")
    return text % {"fig": _fig(e), "whose": possessive(_fig(e))}


def _goggles(e: Event, names: Sequence[str]) -> str:
    values = {"whose": possessive(_fig(e)), "die": e.get("die")}
    if e.get("disqualified"):
        return gettext("A marshal checks %(whose)s goggles (%(die)s): disqualified!") % values
    return gettext("A marshal checks %(whose)s goggles (%(die)s): all is well.") % values


def _cancelled(e: Event, names: Sequence[str]) -> str:
    return gettext("%(whose)s other shots are lost.") % {"whose": possessive(_fig(e))}


def _obstacle_words(e: Event) -> str:
    kind, name = e.get("obstacle"), e.get("name")
    if kind == "figure":
        return figure_name(name)
    if kind == "marshal":
        return gettext("a marshal")
    if kind == "smoke":
        return terrain_name("smoke")
    return terrain_name(name)


def _obstacle(e: Event, names: Sequence[str]) -> str:
    values = {"what": _obstacle_words(e), "die": e.get("die")}
    if e.get("stopped"):
        return gettext("The ball meets %(what)s (%(die)s): stopped there.") % values
    return gettext("The ball passes %(what)s (%(die)s).") % values


def _stopped(e: Event, names: Sequence[str]) -> str:
    return gettext("The ball is stopped by %(what)s, not the target.") % {
        "what": _obstacle_words(e)
    }


def _allocation_asked(e: Event, names: Sequence[str]) -> str:
    n = int(e.get("hits") or 0)
    return ngettext(
        "%(who)s chooses which of its figures takes the hit.",
        "%(who)s chooses which of its figures take the %(n)d hits.",
        n,
    ) % {"who": seat_player(str(e.get("seat")), names), "n": n}


def _allocated(e: Event, names: Sequence[str]) -> str:
    return gettext("Hit: %(targets)s.") % {"targets": figures(e.get("hits") or [])}


def _saving(e: Event, names: Sequence[str]) -> str:
    values = {"whose": possessive(_fig(e)), "die": e.get("die")}
    if e.get("saved"):
        return gettext("%(whose)s saving roll (%(die)s): the ball missed after all.") % values
    return gettext("%(whose)s saving roll (%(die)s): marked!") % values


def _marshal_placed(e: Event, names: Sequence[str]) -> str:
    if e.get("jam"):
        return gettext("A marshal joins %(fig)s to clean its gun.") % {"fig": _fig(e, "jam")}
    return gettext("A marshal comes over to check the hit.")


def _marshal_walked(e: Event, names: Sequence[str]) -> str:
    if e.get("jam"):
        return gettext("A marshal walks two hexes towards %(whose)s jammed gun.") % {
            "whose": possessive(_fig(e, "jam"))
        }
    return gettext("A marshal walks two hexes towards the action.")


def _checked(e: Event, names: Sequence[str]) -> str:
    values = {"fig": _fig(e), "die": e.get("die")}
    if e.get("confirmed"):
        return gettext("Hit check (%(die)s): %(fig)s is out!") % values
    return (
        gettext("Hit check (%(die)s): the marshal does not confirm it, %(fig)s plays on.") % values
    )


def _wiped(e: Event, names: Sequence[str]) -> str:
    return gettext("No marshal close enough: %(fig)s wipes the paint off.") % {"fig": _fig(e)}


_OUT = {
    "eliminated": lambda: gettext("%(fig)s is out."),
    "out_of_gas": lambda: gettext("%(fig)s is out (out of gas)."),
    "disqualified": lambda: gettext("%(fig)s is disqualified."),
    "charged": lambda: gettext("%(fig)s is taken out in the charge."),
}


def _out(e: Event, names: Sequence[str]) -> str:
    sentence = _OUT.get(str(e.get("reason")), _OUT["eliminated"])
    return sentence() % {"fig": _fig(e)}


def _disabled(e: Event, names: Sequence[str]) -> str:
    if e.get("by") == "ammo":
        return gettext("%(fig)s is out of paint and lies down.") % {"fig": _fig(e)}
    return gettext("%(fig)s is pinned down until the end of the turn.") % {"fig": _fig(e)}


def _neutral(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s stands still, its gun jammed.") % {"fig": _fig(e)}


def _stood_up(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s gets up.") % {"fig": _fig(e)}


def _jam_cleared(e: Event, names: Sequence[str]) -> str:
    return gettext("%(whose)s gun is clean: it plays again.") % {"whose": possessive(_fig(e))}


_POLICY = {
    "fire": lambda: gettext("%(fig)s stands sentry and will fire at any enemy coming into view."),
    "suppress": lambda: gettext(
        "%(fig)s stands sentry and will pin down any enemy coming into view."
    ),
    "ask": lambda: gettext("%(fig)s stands sentry and will ask you before firing."),
}


def _sentry_entered(e: Event, names: Sequence[str]) -> str:
    # The other team's copy has no policy (spec §12): it reads the plain sentence.
    sentence = _POLICY.get(str(e.get("policy")))
    if sentence is None:
        return gettext("%(fig)s stands sentry.") % {"fig": _fig(e)}
    return sentence() % {"fig": _fig(e)}


def _sentry_left(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s is no longer on sentry duty.") % {"fig": _fig(e)}


def _triggered(e: Event, names: Sequence[str]) -> str:
    return gettext("%(target)s steps into the sight of the sentry %(fig)s.") % {
        "fig": _fig(e),
        "target": _fig(e, "target"),
    }


def _sentry_fired(e: Event, names: Sequence[str]) -> str:
    values = {"fig": _fig(e), "target": _fig(e, "target")}
    if e.get("mode") == "suppress":
        return gettext("The sentry %(fig)s fires to pin down %(target)s.") % values
    return gettext("The sentry %(fig)s fires at %(target)s.") % values


def _held(e: Event, names: Sequence[str]) -> str:
    return gettext("The sentry %(fig)s holds its fire.") % {"fig": _fig(e)}


def _charge(e: Event, names: Sequence[str]) -> str:
    ids = e.get("figures") or []
    return ngettext("%(figs)s charges!", "%(figs)s charge!", len(ids)) % {"figs": figures(ids)}


def _fizzled(e: Event, names: Sequence[str]) -> str:
    return gettext("No charger reaches the hex: the charge fizzles out.")


def _round(e: Event, names: Sequence[str]) -> str:
    dice = e.get("dice") or {}
    parts = [f"{figure_name(fid)} {value}" for fid, value in dice.items()]
    return gettext("Charge dice: %(dice)s (highest first, the attacker first on a tie).") % {
        "dice": ", ".join(parts)
    }


def _victim(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s takes out %(victim)s.") % {
        "fig": _fig(e),
        "victim": _fig(e, "victim"),
    }


def _charge_ended(e: Event, names: Sequence[str]) -> str:
    survivors = e.get("survivors") or []
    if not survivors:
        return gettext("The fight is over: nobody is left standing in the hex.")
    return gettext("The fight is over: %(figs)s hold the hex.") % {"figs": figures(survivors)}


def _thrown(e: Event, names: Sequence[str]) -> str:
    values = {"fig": _fig(e), "kind": grenade_name(e.get("kind")), "die": e.get("die")}
    if e.get("ok"):
        return gettext("%(fig)s throws a %(kind)s (%(die)s): right on target.") % values
    return gettext("%(fig)s throws a %(kind)s (%(die)s): it goes astray.") % values


def _scattered(e: Event, names: Sequence[str]) -> str:
    return gettext("The grenade lands in a hex next to its target.")


def _smoke(e: Event, names: Sequence[str]) -> str:
    return gettext("Smoke fills the hex.")


def _smoke_cleared(e: Event, names: Sequence[str]) -> str:
    return gettext("A smoke cloud clears (%(die)s).") % {"die": e.get("die")}


def _paint(e: Event, names: Sequence[str]) -> str:
    values = {"fig": _fig(e), "die": e.get("die")}
    if e.get("marked"):
        return gettext("Paint splashes %(fig)s (%(die)s): marked!") % values
    return gettext("Paint splashes around %(fig)s (%(die)s): not marked.") % values


def _reloaded(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s reloads and gets up.") % {"fig": _fig(e)}


def _faced(e: Event, names: Sequence[str]) -> str:
    return gettext("%(fig)s turns to face %(dir)s.") % {
        "fig": _fig(e),
        "dir": direction_name(int(e.get("facing") or 0)),
    }


def _phase_ended(e: Event, names: Sequence[str]) -> str:
    return gettext("%(who)s ends its phase.") % {"who": seat_player(str(e.get("seat")), names)}


_REASONS = {
    "no_figures": lambda: gettext("no enemy figure left in play"),
    "flag_captured": lambda: gettext("the enemy flag brought home"),
    "flag_hung": lambda: gettext("the flag hung in the enemy base"),
    "home_taken": lambda: gettext("the defenders' base taken"),
    "turn_limit": lambda: gettext("the last turn is over"),
    "forfeit": lambda: gettext("the other team resigned or ran out of time"),
}


def outcome_reason(reason: str) -> str:
    """Why a game ended, for the end-of-game banner ("" for a forfeit, which the platform
    words with the player's name)."""
    make = _REASONS.get(reason)
    return f"{capfirst(make())}." if make and reason != "forfeit" else ""


def _game_over(e: Event, names: Sequence[str]) -> str:
    reason = _REASONS.get(str(e.get("reason")))
    why = reason() if reason else ""
    if e.get("winner") == "draw":
        return gettext("The game is a draw (%(why)s).") % {"why": why}
    return gettext("%(who)s wins: %(why)s.") % {
        "who": seat_player(str(e.get("winner")), names),
        "why": why,
    }


def _setup_rolled(e: Event, names: Sequence[str]) -> str:
    die = int(e.get("die") or 0)
    n = (die + 1) // 2
    values = {"who": team_name(e.get("seat")), "die": die, "n": n}
    if e.get("item") == "experts":
        return (
            ngettext(
                "%(who)s rolls %(die)d: %(n)d expert.", "%(who)s rolls %(die)d: %(n)d experts.", n
            )
            % values
        )
    return (
        ngettext(
            "%(who)s rolls %(die)d: %(n)d grenade.", "%(who)s rolls %(die)d: %(n)d grenades.", n
        )
        % values
    )


def _setup_submitted(e: Event, names: Sequence[str]) -> str:
    return gettext("%(who)s has chosen its experts and grenades.") % {
        "who": seat_player(str(e.get("seat")), names)
    }


def _teams_set_up(e: Event, names: Sequence[str]) -> str:
    teams = e.get("teams") or {}
    parts = []
    for team in ("red", "blue"):
        chosen = teams.get(team) or {}
        experts = chosen.get("experts") or []
        if experts:
            parts.append(gettext("experts %(figs)s") % {"figs": figures(experts)})
    if not parts:
        return gettext("Both teams are ready.")
    return gettext("Both teams are ready: %(parts)s.") % {"parts": "; ".join(parts)}


def _deploy_submitted(e: Event, names: Sequence[str]) -> str:
    return gettext("%(who)s has placed its team (hidden until both are in).") % {
        "who": seat_player(str(e.get("seat")), names)
    }


def _deployed(e: Event, names: Sequence[str]) -> str:
    return gettext("%(who)s's team takes the field.") % {"who": team_name(e.get("seat"))}


_HANDLERS: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "TurnStarted": _turn_started,
    "TurnEnded": _turn_ended,
    "CommandDiceRolled": _dice,
    "OrderChosen": _order,
    "FigureActivated": _activated,
    "FigureMoved": _moved,
    "FlagPickedUp": _flag_up,
    "FlagDropped": _flag_down,
    "AimTaken": _aim,
    "VolleyDeclared": _volley,
    "SmokeBlinded": _blinded,
    "ShotDiceRolled": _shot_dice,
    "MisfireRolled": _misfire,
    "GogglesChecked": _goggles,
    "ShotsCancelled": _cancelled,
    "ObstacleRolled": _obstacle,
    "ShotStopped": _stopped,
    "AllocationAsked": _allocation_asked,
    "HitsAllocated": _allocated,
    "SavingRolled": _saving,
    "MarshalPlaced": _marshal_placed,
    "MarshalWalked": _marshal_walked,
    "HitChecked": _checked,
    "HitWiped": _wiped,
    "FigureOut": _out,
    "FigureDisabled": _disabled,
    "FigureNeutral": _neutral,
    "FigureStoodUp": _stood_up,
    "JamCleared": _jam_cleared,
    "SentryEntered": _sentry_entered,
    "SentryLeft": _sentry_left,
    "SentryTriggered": _triggered,
    "SentryFired": _sentry_fired,
    "SentryHeld": _held,
    "ChargeDeclared": _charge,
    "ChargeFizzled": _fizzled,
    "ChargeRoundRolled": _round,
    "ChargeVictimChosen": _victim,
    "ChargeEnded": _charge_ended,
    "GrenadeThrown": _thrown,
    "GrenadeScattered": _scattered,
    "SmokePlaced": _smoke,
    "SmokeCleared": _smoke_cleared,
    "PaintRolled": _paint,
    "Reloaded": _reloaded,
    "FigureFaced": _faced,
    "PhaseEnded": _phase_ended,
    "GameOver": _game_over,
    "SetupRolled": _setup_rolled,
    "SetupSubmitted": _setup_submitted,
    "TeamsSetUp": _teams_set_up,
    "DeploymentSubmitted": _deploy_submitted,
    "Deployed": _deployed,
}


# Every event kind the engine emits that has a sentence (PaintballSite.event_kinds).
KINDS = frozenset(_HANDLERS)
