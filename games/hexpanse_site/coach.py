"""The coach: a few tips for a player's first Hexpanse matches, about what is in front of them now.

Pure: fed by the engine's view of the player's own seat (`view(state, seat)`), nothing else, so
a tip can never tell what that seat may not know (the view holds no deck order, no other team's
secret mission, no one else's extra cards). Hands and mercenaries lie face up (§5.5, « IMPORTANT
Les cartes sont toujours placées faces visibles »), so naming them hides nothing. Each tip is one
or two sentences in a player's words (factions, cards and missions by name, never a hex), with
the section of our rules page that says more (`RULES_SECTIONS`, the ids of
hexpanse_site/rules.html).

Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/002_056fbbdd743b237e.txt, by its heading.

At most `MAX_TIPS` tips, the most pressing first (a decision waiting, then dangers and near
wins, then the turn's lessons; the goal while the others play): the box sits between what to do
next and the player's controls, above the planet on a phone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.hexpanse.state import team_of
from games.hexboard.coaching import CoachTip
from games.hexpanse_site import texts
from games.hexpanse_site.coach_turn import action_tips, market_tips, playing_teams
from games.hexpanse_site.panels import best_progress

# The sections of the rules page a tip may point at (its <h2 id>s).
RULES_SECTIONS = ("winning", "turn", "modes", "factions", "minors", "mercenaries", "actions")
MAX_TIPS = 2
# "Nearly": a mission this many of its nine hexes held is worth a warning.
NEAR_MISSION = 7
MISSION_HEXES = 9
# The warlord's life from which its danger is told (2: one wound from its skull).
LOW_LIFE = 2


def tips(view: Mapping[str, Any], seat: int | None) -> list[CoachTip]:
    """The tips for `seat` in this view of theirs, most pressing first; [] for a spectator, a
    finished game or a player out of it."""
    if seat is None or view.get("result") is not None:
        return []
    seats = view.get("seats") or ()
    if not 0 <= seat < len(seats) or not seats[seat].get("alive", True):
        return []
    if view.get("setup"):
        return _setup_tips(view, seat)[:MAX_TIPS]
    out = _decision_tips(view, seat)
    out += _danger_tips(view, seat)
    turn = view["turn"]
    mine = turn["seat"] == seat and not view.get("pending")
    if mine and turn["phase"] == "actions":
        out += action_tips(view, seat)
    elif mine and turn["phase"] == "market":
        out += market_tips(view, seat)
    if _first_round(view) and seat not in (view.get("to_act") or ()):
        out.append(_goal(view, seat))  # while the others play their first turns
    return out[:MAX_TIPS]


# --- setup --------------------------------------------------------------------------------------


def _setup_tips(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    step = view["setup"]["step"]
    if seat not in (view.get("to_act") or ()):
        return [_goal(view, seat)]
    if step == "faction":
        # 7.2 Capacités des factions et tactiques: each faction's « Capacité » costs the warlord
        # a wound (« prend 1 dégât »); « Conseils tactiques »: the Terran Empire « est plutôt
        # recommandée pour un joueur débutant », the Cyberian Collective « peut aussi être un
        # bon choix de faction pour un joueur débutant ». 5.4 Description des Unités, Chef de
        # guerre: « Chaque capacité d'un Chef de guerre [...] peut être activée une fois par
        # tour, mais seulement si [il] est sur le plateau ».
        return [
            CoachTip(
                "setup-faction",
                gettext(
                    "Each faction's warlord has its own ability, usable once a turn for an "
                    "action and one wound once the warlord is on the board. For a first game "
                    "the rules suggest the Terran Empire or the Cyberian Collective."
                ),
                "factions",
            )
        ]
    if step in ("minor", "draft", "discard"):
        # 5.4 Description des Unités, Unité mineure: « Les unités mineures ne peuvent pas être
        # placées sur le plateau avant que le joueur ait mis son Chef de guerre en jeu »;
        # « Certaines capacités [...] sont activées quand elles sont placées sur le plateau et
        # certaines sont activées quand on les retire »; 7.4 Factions Mineures: M03, M04
        # « Réutilisable pour une action »; « Une unité mineure ne peut pas être retirée du
        # plateau » (the action « Remettez une unité dans la réserve »: « Les mercenaires ou les
        # unités mineures ne peuvent pas être reprises »).
        return [
            CoachTip(
                "setup-minor",
                gettext(
                    "A minor faction gives you three units with an ability of their own, set "
                    "off as they enter the board, as they leave it or for an action. They enter "
                    "only once your warlord is on the board, and cannot be taken back to your "
                    "reserve from it."
                ),
                "minors",
            )
        ]
    # 5.2 Mise en place, 6.: « En mode Amiral, [...] chaque joueur dans l'ordre inverse
    # sélectionne une carte. C'est sa carte mission secrète [...]. La carte restante devient la
    # carte mission commune. Réaliser l'objectif d'une carte mission (commune ou secrète)
    # compte comme une victoire. »
    return [
        CoachTip(
            "setup-mission",
            gettext(
                "The mission you keep is your secret: building its shape wins, just as the "
                "common mission does. The one nobody keeps becomes the common mission."
            ),
            "winning",
        )
    ]


# --- a decision waiting for this seat ------------------------------------------------------------


def _decision_tips(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    pending = view.get("pending") or ()
    if not pending or pending[0].get("seat") != seat:
        return []
    head = pending[0]
    if head.get("kind") == "protect":
        # 7.4 Factions Mineures, M01 The protector: « Si n'importe laquelle de vos unités
        # adjacentes à The Protector est attaquée, vous pouvez sacrifier The Protector plutôt
        # que l'unité attaquée. »
        return [
            CoachTip(
                "protect",
                gettext(
                    "An enemy attacks one of your units next to your Protector: you may "
                    "sacrifice the Protector in its place, or let the unit fall. Your "
                    "Protectors' standing order can answer for you next time."
                ),
                "minors",
            )
        ]
    # 5.7 Combinaison de cartes: « les capacités sont exécutées en chaîne dans une action
    # simple »; « L'effet de la première carte doit être entièrement complété avant de
    # continuer ». 7.1 Les icônes, IMPORTANT: « Il est obligatoire d'exécuter complètement la
    # capacité d'attaque de territoire [...], même contre ses propres unités. Cependant, le
    # placement est uniquement une option. »
    name = texts.card_name(head["card"]) if head.get("card") else texts.minor_name(head["minor"])
    return [
        CoachTip(
            "entry-ability",
            gettext(
                "%(name)s has entered the board: its ability comes now, still within the same "
                "action. An attack it prints must be made, even on your own units; placing "
                "units is optional."
            )
            % {"name": name},
            "turn",
        )
    ]


# --- dangers and near wins ----------------------------------------------------------------------


def _danger_tips(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    out: list[CoachTip] = []
    seats = view["seats"]
    life = int(seats[seat]["life"])
    if life <= LOW_LIFE:
        # 5.4 Description des Unités, Chef de guerre: « Si ses points de vie diminuent jusqu'à
        # 1, le dé doit être tourné sur la face avec l'icône de crâne. Si le Chef de guerre
        # reçoit d'autres dégâts, le joueur est éliminé du jeu »; « Avec l'effet de cartes et de
        # capacités, un Chef de guerre peut être blessé même s'il est sur le ravitailleur ».
        # 5.5 Aperçu d'un tour de jeu, Phase d'Action: « Soignez votre Chef de guerre de 1 »,
        # moving it and its ability each « prend 1 dégât », an attacking warlord « prend un
        # dégât »; warlord actions « qu'une fois par tour ».
        first = (
            gettext("Your warlord is on its skull: one more wound and you are out of the game.")
            if life <= 1
            else gettext("Your warlord has only 2 lives left: it is one wound from its skull.")
        )
        out.append(
            CoachTip(
                "warlord-danger",
                first
                + " "
                + gettext(
                    "Healing it (+1, once a turn) is an action; moving it, its ability and its "
                    "attacks each cost it a wound."
                ),
                "turn",
            )
        )
    teams = playing_teams(view)
    mates = team_of(teams, seat)
    enemies = [i for i, s in enumerate(seats) if s["alive"] and i not in mates]
    common = (view.get("missions") or {}).get("common")
    if common and common != "hidden":
        rival = max(enemies, key=lambda i: (best_progress(view, i, common)[0], -i), default=None)
        held = best_progress(view, rival, common)[0] if rival is not None else 0
        if rival is not None and held >= NEAR_MISSION:
            # 6. Conditions de victoire, Une carte Mission complétée: « Le jeu s'arrête
            # immédiatement si un joueur a construit le modèle de la carte mission »; « N'importe
            # quels types d'unités possédés peuvent faire partie du modèle » (so one unit of
            # another team on the shape breaks that placement). 5.5, Attaquez: « L'unité d'un
            # joueur peut retirer une unité d'un territoire adjacent ».
            out.append(
                CoachTip(
                    "mission-threat",
                    gettext(
                        "An opponent (%(faction)s) holds %(n)d of the 9 hexes of the common "
                        "mission, %(mission)s: remove one of those units or put one of yours on "
                        "the shape's empty hexes, or they may win on their turn."
                    )
                    % {
                        "faction": texts.faction_name(seats[rival]["faction"]),
                        "n": held,
                        "mission": texts.mission_name(common),
                    },
                    "winning",
                )
            )
    skulls = [i for i in enemies if int(seats[i]["life"]) <= 1]
    if skulls:
        # 5.4, Chef de guerre (above); 6. Conditions de victoire, Tous les ennemis vaincus:
        # « avoir le seul Chef de guerre sur le plateau après que tous les autres Chefs de guerre
        # aient été vaincus »; 5.1 Jeu en Equipes: « Une équipe peut aussi gagner si les chefs de
        # guerre des deux adversaires sont éliminés ».
        last = len(enemies) == 1
        faction = texts.faction_name(seats[skulls[0]]["faction"])
        text = (
            gettext(
                "The enemy warlord (%(faction)s) is on its skull, and it is the last one: one "
                "more wound, by an attack or a card, and you win."
            )
            if last
            else gettext(
                "An enemy warlord (%(faction)s) is on its skull: one more wound, by an attack "
                "or a card, puts that player out of the game."
            )
        )
        out.append(CoachTip("enemy-skull", text % {"faction": faction}, "winning"))
    out += _near_wins(view, seat, mates, common)
    return out


def _near_wins(view: Mapping[str, Any], seat: int, mates, common) -> list[CoachTip]:
    # 6. Conditions de victoire, Une carte Mission complétée (above); 5.2 Mise en place, 6.:
    # « Réaliser l'objectif d'une carte mission (commune ou secrète) compte comme une
    # victoire »; 5.1 Jeu en Equipes: teammates « peuvent réaliser le modèle de la carte
    # mission ensemble ». Only this team's own secret missions: the view hides the others'.
    codes = [common] if common and common != "hidden" else []
    for i in mates:
        secret = view["seats"][i].get("secret_mission")
        if secret and secret != "hidden" and view["seats"][i]["alive"] and secret not in codes:
            codes.append(secret)
    best = max(((best_progress(view, seat, c)[0], c) for c in codes), default=(0, ""))
    held, code = best
    if held < NEAR_MISSION:
        return []
    return [
        CoachTip(
            "mission-close",
            ngettext(
                "You hold %(n)d of the 9 hexes of %(mission)s: %(k)d more unit of yours on its "
                "shape wins the game at once. Watch for attacks on the units already there.",
                "You hold %(n)d of the 9 hexes of %(mission)s: %(k)d more units of yours on its "
                "shape win the game at once. Watch for attacks on the units already there.",
                MISSION_HEXES - held,
            )
            % {"n": held, "k": MISSION_HEXES - held, "mission": texts.mission_name(code)},
            "winning",
        )
    ]


# --- the goal -----------------------------------------------------------------------------------


def _goal(view: Mapping[str, Any], seat: int) -> CoachTip:
    # 3. But du jeu: « Construisant le modèle requis pour capturer une planète (cartes mission)
    # - OU - Ayant le seul Chef de guerre sur le plateau ». 6. Conditions de victoire: « N'importe
    # quels types d'unités possédés peuvent faire partie du modèle »; 5.4: « Toutes les unités
    # sur le plateau comptent comme une partie du modèle ». 5.2, 6.: a secret mission (Amiral)
    # wins too. 5.1, Jeu en Equipes: teammates build the shape together.
    secret = view["seats"][seat].get("secret_mission")
    missions = view.get("missions") or {}
    common = missions.get("common")
    if secret and secret != "hidden":
        text = gettext(
            "To win, cover the nine hexes of a mission's shape with your units (turned as you "
            "like): the common one, or your secret one, %(mission)s. Or be the last warlord on "
            "the board."
        ) % {"mission": texts.mission_name(secret)}
    elif common and common != "hidden":
        text = gettext(
            "To win, cover the nine hexes of the common mission, %(mission)s, with your units "
            "(turned as you like), or be the last warlord on the board."
        ) % {"mission": texts.mission_name(common)}
    else:
        text = gettext(
            "To win, cover the nine hexes of the mission card's shape with your units, or be "
            "the last warlord on the board."
        )
    if len(team_of(playing_teams(view), seat)) > 1:
        text += " " + gettext("Your teammate's units count with yours.")
    return CoachTip("goal", text, "winning")


def _first_round(view: Mapping[str, Any]) -> bool:
    return int(view["turn"]["number"]) <= len(view["seats"])
