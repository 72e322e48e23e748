"""The Infinity coach's tips before the battle: the initiative, deploying, the Lieutenant, a
fireteam, standing reactions and the scenario's goal. Pure and fed by the seat's own view, like the rest of the coach (coach.py says what it
may read and how the rules are cited)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.infinity.data import profiles, sectorials
from games.hexboard.coaching import CoachTip
from games.infinity_site.coach_words import TrooperNames, own_troopers, seat_info
from games.infinity_site.initiative_words import split
from games.infinity_site.names import profile_label


def initiative(view: Mapping[str, Any], kind: str) -> CoachTip:
    """The set-up's choice (pending `initiative`, `deployment` or `turn_order`)."""
    # infinity.md B.5 « Initiative and deployment » (N2 details L): the roll-off's winner takes
    # the first turn or the first deployment, the loser decides the other (engine setup.choose;
    # README "Setup (B.5)"). Deploying second, one deploys knowing where the enemy stands.
    if kind == "initiative" and not split(view):  # a game set up before: the first player
        return CoachTip(  # deploys first too
            "initiative",
            gettext(
                "Playing first, you deploy first and strike first; playing second, you deploy "
                "knowing where the enemy stands, and your turn closes each game turn."
            ),
            "setup",
        )
    words = {
        "initiative": gettext(
            "The Initiative lets you choose who plays first, the Deployment who deploys first; "
            "the other player decides the other. Deploying second, you deploy knowing where the "
            "enemy stands."
        ),
        "deployment": gettext(
            "Deploying second, you place your troopers knowing where the enemy stands; "
            "deploying first, you take the ground you want before them."
        ),
        "turn_order": gettext(
            "Playing first, you strike before the enemy has moved; playing second, your turn "
            "closes each game turn, and the last word is yours."
        ),
    }
    return CoachTip("initiative", words[kind], "setup")


def deployment(view: Mapping[str, Any], seat: int, names: TrooperNames) -> list[CoachTip]:
    mine = own_troopers(view, seat)
    waiting = [t for t in mine if t.get("hex") is None]
    out: list[CoachTip] = []
    if waiting:
        out.append(_deploy(bool((view.get("options") or {}).get("hidden_deployment"))))
        out += _lieutenant(view, seat, names)
    else:
        out += _fireteam(view, seat)
        out.append(_reactions())
    out += _goal(view)
    return out


def _deploy(hidden: bool) -> CoachTip:
    # infinity.md B.5 « Initiative and deployment »: each army in its zone, 6 rows deep; B.2
    # « Range bands in hexes »: a Combi Rifle reaches 24 hexes, an HMG 48 (the small table is
    # 16); B.4 « Couverture Partielle »: −3 to the attacker's BS, +3 to the target's ARM.
    text = gettext(
        "Place your troopers one at a time in your deployment zone, the six rows on your side. "
        "Rifles reach across the table from the first turn: stand behind buildings, or in "
        "Partial Cover at a low wall (−3 to hit you, +3 to your armour)."
    )
    if hidden:
        # infinity.md B.14 « Déploiement Caché » and the engine's README "Hidden deployment
        # (B.14, Part D.4, lobby option)": one trooper, off the enemy's board, fires only by its
        # ambush trigger.
        text += " " + gettext(
            "One trooper may deploy hidden: the enemy does not see it, and it opens fire only by "
            "the ambush you set for it."
        )
    return CoachTip("deploy", text, "setup")


def _lieutenant(view: Mapping[str, Any], seat: int, names: TrooperNames) -> list[CoachTip]:
    # infinity.md B.13 « Perte de Lieutenant »: its identity is private (T, FT-5: « ne révèle
    # pas le Lieutenant »), revealed when it spends the Lieutenant order on itself; down at the
    # start of its turn, every trooper is Irregular for the turn and there is no Lieutenant order.
    mine = (view.get("hidden") or {}).get(str(seat)) or {}
    tid = mine.get("lieutenant")
    if not tid:
        return []
    pid = names.profile.get(tid)
    shown = profiles()[pid].public if pid in profiles() else pid
    text = gettext(
        "%(lieutenant)s is your Lieutenant, and only you know it: the enemy sees a plain "
        "%(public)s. It brings the Lieutenant order; if it is down when your turn starts, "
        "every order is irregular that turn. Keep it out of sight."
    ) % {"lieutenant": names(tid), "public": profile_label(shown or "")}
    return [CoachTip("lieutenant", text, "lieutenant")]


def _fireteam(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    # 003 « INFINITY FIRETEAMS : TROUPES LIÉES » (FT-1…FT-12): 3 to 5 troopers of one linkable
    # unit of the sectorial, in the leader's Zone of Control; one order moves them all, only the
    # leader attacks; 3 members +1 burst, 4 Sixth Sense, 5 +3 BS.
    if any(f.get("seat") == seat and f.get("leader") for f in view.get("fireteams", [])):
        return []
    sectorial = seat_info(view, seat).get("sectorial")
    linkable = set((sectorials().get(sectorial or "") or {}).get("linkable", ()))
    units: dict[str, int] = {}
    for t in own_troopers(view, seat):
        prof = profiles().get(t["profile"])
        if prof is not None and prof.unit in linkable:
            units[prof.name] = units.get(prof.name, 0) + 1
    unit = next((u for u, n in units.items() if n >= 3), None)
    if unit is None:
        return []
    text = gettext(
        "You may link three to five of your %(unit)s troopers within 4 hexes of a leader into "
        "a fireteam: one "
        "order moves them all and only the leader shoots, with +1 burst for three, Sixth Sense "
        "for four, +3 to hit for five."
    ) % {"unit": unit}
    return [CoachTip("fireteam", text, "fireteams")]


def _reactions() -> CoachTip:
    # infinity.md Part D « What makes asynchronous play hard »: standing policies answer each
    # window; only "ask" hands the game over (the engine's README "Windows without waiting").
    return CoachTip(
        "reactions",
        gettext(
            "Choose how your troopers react in the enemy's turn: automatic (they shoot whoever "
            "enters their line of fire and dodge templates, and the game never waits for you) "
            "or ask me (you decide each reaction; the game waits)."
        ),
        "reactions",
    )


def _goal(view: Mapping[str, Any]) -> list[CoachTip]:
    scenario = view.get("scenario") or {}
    turns = int(scenario.get("max_game_turns") or 3)
    # One game turn is a lobby choice: « en 1 tour de jeu », never « 1 tours » (ngettext).
    goals = {
        # infinity.md B.15 « Annihilation »: each seat scores the points of enemy troopers
        # Unconscious or Dead at the end; more wins.
        "annihilation": ngettext(
            "Annihilation, in %(turns)d game turn: at the end you score the points of every "
            "enemy trooper unconscious or dead; the higher score wins.",
            "Annihilation, in %(turns)d game turns: at the end you score the points of every "
            "enemy trooper unconscious or dead; the higher score wins.",
            turns,
        ),
        # infinity.md B.15 « Évacuation de civils »: Annihilation plus 20 % of the army points
        # per civilian led by a Normal trooper inside its own deployment zone (the mirror of
        # 003 « RÈGLES D'UTILISATION DES CIVILS », CIV-10).
        "civilian_evacuation": ngettext(
            "Civilian Evacuation, in %(turns)d game turn: the points of enemy troopers down, "
            "plus a fifth of your army's points for each civilian you lead into your "
            "deployment zone. Killing one costs you as much.",
            "Civilian Evacuation, in %(turns)d game turns: the points of enemy troopers down, "
            "plus a fifth of your army's points for each civilian you lead into your "
            "deployment zone. Killing one costs you as much.",
            turns,
        ),
        # infinity.md B.15 « Contrôle de zones »: at the end of each game turn, more Normal
        # troopers in a zone earns a zone point; ties broken by annihilation points.
        "zone_control": ngettext(
            "Zone Control, in %(turns)d game turn: at the end of the game turn, each of the "
            "three zones where you have more troopers standing earns you a point.",
            "Zone Control, in %(turns)d game turns: at the end of each game turn, each of the "
            "three zones where you have more troopers standing earns you a point.",
            turns,
        ),
    }
    text = goals.get(scenario.get("id") or "")
    if not text:
        return []
    return [CoachTip("goal", text % {"turns": turns}, "winning")]
