"""The Infinity coach's tips in the enemy's turn: a reaction (ARO) asked of the player,
standing reactions, a Guts roll, appointing a new Lieutenant. Pure and fed by the seat's own view, like the rest of the coach (coach.py says what it
may read and how the rules are cited)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.hexboard.coaching import CoachTip
from games.infinity_site.coach_words import TrooperNames


def aro(
    view: Mapping[str, Any], seat: int, pending: Mapping[str, Any], names: TrooperNames
) -> CoachTip:
    # infinity.md B.7 « ORA »: one ARO per trooper per order, in the first window it is offered
    # (passing loses it); a BS attack in ARO has burst 1; under ZoC only (no line of fire) only
    # Dodge or Change Facing; Dodge: a PH roll, face to face against an attack aimed at the
    # trooper, success moves it 1 hex and cancels that attack; B.8 « Jet d'Opposition ».
    current = (view.get("turn") or {}).get("current_order") or {}
    actor = current.get("trooper")
    eligible = [str(t) for t in pending.get("eligible") or ()]
    aimed = sorted(
        {
            target["trooper"]
            for d in current.get("declarations", [])
            if d.get("skill") == "bs_attack"
            for target in d.get("targets") or ()
            if target.get("trooper") in eligible
        }
    )
    first = (
        gettext("The enemy's %(actor)s is shooting at %(targets)s.")
        % {"actor": names(actor or ""), "targets": names.list(aimed)}
        if aimed
        else gettext("The enemy's %(actor)s is acting within reach of your troopers.")
        % {"actor": names(actor or "")}
    )
    rest = ngettext(
        "%(who)s may react once this order: shoot back (a burst of 1, face to face if it is "
        "shooting at it), dodge (a physique roll: success steps one hex aside and spoils the "
        "attack on it), or let it pass, which loses the reaction.",
        "%(who)s may each react once this order: shoot back (a burst of 1, face to face if it "
        "is shooting at that trooper), dodge (a physique roll: success steps one hex aside and "
        "spoils the attack on it), or let it pass, which loses the reaction.",
        len(eligible),
    ) % {"who": names.list(eligible)}
    return CoachTip("aro", f"{first} {rest}", "reactions")


def policies() -> CoachTip:
    # infinity.md Part D: standing policies answer a window without handing the game over.
    return CoachTip(
        "policies",
        gettext(
            "Under “Your reactions (ARO)” beside the board you can let each trooper shoot or "
            "dodge by itself, so the game need not wait for you."
        ),
        "reactions",
    )


def guts(pending: Mapping[str, Any], names: TrooperNames) -> CoachTip:
    # infinity.md B.11 « Jet de Bravoure »: every trooper still Normal that made a saving roll in
    # the order rolls WIP; V: Courage passes; a failure moves it 1 hex out of the attacker's line
    # of fire, else into Partial Cover (the owner's choice among the hexes offered), else Prone.
    return CoachTip(
        "guts",
        gettext(
            "%(who)s survived a hit but failed its Guts roll (willpower): it must step one hex "
            "out of the attacker's sight, or into cover. Choose the hex that still lets it act "
            "next turn."
        )
        % {"who": names(str(pending.get("trooper") or ""))},
        "rolls",
    )


def appoint() -> CoachTip:
    # infinity.md B.13 « Perte de Lieutenant »: at the end of that turn the owner secretly
    # appoints a new Lieutenant among its Normal, non-Irregular troopers (D).
    return CoachTip(
        "appoint",
        gettext(
            "Choose your new Lieutenant among your troopers still standing; the enemy will not "
            "know which. It brings the Lieutenant order back from your next turn: pick one out "
            "of sight."
        ),
        "lieutenant",
    )
