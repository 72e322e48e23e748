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

from games.engine.hexgrid import neighbours
from games.engine.hexpanse.state import team_of
from games.hexboard.coaching import CoachTip
from games.hexpanse_site import texts
from games.hexpanse_site.panels import best_progress, builder_hex

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
        out += _action_tips(view, seat)
    elif mine and turn["phase"] == "market":
        out += _market_tips(view, seat)
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


def _teams(view: Mapping[str, Any]) -> tuple[tuple[int, ...], ...] | None:
    return tuple(tuple(t) for t in view["teams"]) if view.get("teams") else None


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
    teams = _teams(view)
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


# --- the player's own turn ----------------------------------------------------------------------


def _units(view: Mapping[str, Any]) -> dict[tuple[int, int], Mapping[str, Any]]:
    return {builder_hex(h): u for h, u in (view.get("units") or {}).items()}


def _action_tips(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    me = view["seats"][seat]
    turn = view["turn"]
    units = _units(view)
    out: list[CoachTip] = []
    if int(turn["actions_left"]) >= 2 and _early(view):
        # 5.5 Aperçu d'un tour de jeu: « Phase de Revenu [...] le joueur gagne de l'hexilum de
        # la réserve selon son niveau actuel de revenu »; « Phase d'Action [...] réaliser deux
        # actions - même identiques - dans l'ordre de son choix »; then « Phase de Marché ».
        income = int(me["income"])
        out.append(
            CoachTip(
                "turn",
                ngettext(
                    "Your turn began with your income: %(n)d hexilum. Now two actions, in any "
                    "order (the same one twice if you like), then the market.",
                    "Your turn began with your income: %(n)d hexilum. Now two actions, in any "
                    "order (the same one twice if you like), then the market.",
                    income,
                )
                % {"n": income},
                "turn",
            )
        )
    if not any(u["owner"] == seat and u["kind"] == "warlord" for u in units.values()):
        # 5.4 Description des Unités, Chef de guerre: « Pour une action, le joueur peut placer
        # son Chef militaire [...] n'importe où »; its abilities only « si le jeton [...] est sur
        # le plateau »; « Les unités mineures ne peuvent pas être placées sur le plateau avant
        # que le Chef de guerre ait été mis en jeu ».
        text = (
            gettext(
                "Your warlord is still on your mothership: placing it, on any empty hex, costs "
                "one action. Until then you cannot heal it, move it, use its ability or place "
                "your minor units."
            )
            if me.get("minors")
            else gettext(
                "Your warlord is still on your mothership: placing it, on any empty hex, costs "
                "one action. Until then you cannot heal it, move it or use its ability."
            )
        )
        out.append(CoachTip("warlord-place", text, "turn"))
    out += _fight_tips(view, seat, units)
    healing = me.get("healing") or {}
    waiting = (
        int(healing.get("normal", 0))
        + int(healing.get("elite", 0))
        + sum(int(n) for n in (healing.get("minor") or {}).values())
    )
    if waiting:
        # 5.5, Phase d'Action, « Déplacez une unité du Vaisseau de Soins vers la réserve : Le
        # joueur peut prendre une unité du Vaisseau de Soins pour la remettre dans sa réserve. Les
        # mercenaires ne peuvent pas être récupérés ».
        out.append(
            CoachTip(
                "healing",
                ngettext(
                    "%(n)d of your units is on the healing ship: one action brings a unit back "
                    "to your reserve, ready to be placed again.",
                    "%(n)d of your units are on the healing ship: one action brings a unit back "
                    "to your reserve, ready to be placed again.",
                    waiting,
                )
                % {"n": waiting},
                "turn",
            )
        )
    out += _card_tips(me)
    income = int(me["income"])
    if income < 4 and int(me["hexilum"]) >= income + 1 and _early(view):
        # 5.5, « Augmentez votre revenu de 1 niveau : Vous devez payer le prix du niveau suivant
        # de revenu. [...] Le niveau de revenu maximum est de 4. » Phase de Revenu: paid every
        # turn.
        out.append(
            CoachTip(
                "income",
                gettext(
                    "You can raise your income to %(n)d for %(n)d hexilum (one action): it "
                    "pays that much at the start of each of your turns."
                )
                % {"n": income + 1},
                "turn",
            )
        )
    return out


def _fight_tips(view: Mapping[str, Any], seat: int, units) -> list[CoachTip]:
    mates = team_of(_teams(view), seat)
    elite_facing = normal_facing = False
    for h, u in units.items():
        if u["owner"] != seat or u["kind"] not in ("normal", "elite"):
            continue
        if any(
            (n in units and units[n]["owner"] is not None and units[n]["owner"] not in mates)
            for n in neighbours(h)
        ):
            elite_facing = elite_facing or u["kind"] == "elite"
            normal_facing = normal_facing or u["kind"] == "normal"
    out: list[CoachTip] = []
    if elite_facing:
        # 5.1 Modes de jeu, Troupes d'élite: « quand elles attaquent, elles ne sont pas
        # détruites au combat. Cependant, elles peuvent être détruites par n'importe quelle
        # attaque normale contre elle »; 5.4, Unité Troupe d'élite: « protégées des "Attaques
        # de Réserve" ».
        out.append(
            CoachTip(
                "elite",
                gettext(
                    "Your elite unit stands next to an enemy: when it attacks it stays on the "
                    "board. Attacked, it goes to the healing ship like any unit."
                ),
                "modes",
            )
        )
    elif normal_facing:
        # 5.5, Attaquez: « L'unité d'un joueur peut retirer une unité d'un territoire adjacent
        # ou infliger un dégât à un Chef de guerre adjacent. L'unité attaquante est aussi
        # retirée du plateau »; « Les unités de faction normale et faction mineure qui
        # participent au combat sont mises sur le Vaisseau de Soins. Les unités mercenaire sont
        # retirées du jeu. »
        out.append(
            CoachTip(
                "attack",
                gettext(
                    "One of your units stands next to an enemy: attacking removes that enemy "
                    "(a warlord loses one life instead), but your unit leaves too. Both go to "
                    "the healing ship; a mercenary leaves the game."
                ),
                "turn",
            )
        )
    return out


def _card_tips(me: Mapping[str, Any]) -> list[CoachTip]:
    out: list[CoachTip] = []
    # (C23 Heinlein's Squad: three tokens « sans capacités spéciales », 7.3: no ability to tell.)
    waiting = sorted(c for c, n in (me.get("mercs") or {}).items() if int(n) > 0 and c != "C23")
    if waiting:
        # 5.6 Capacités des cartes, Carte Mercenaire: « Les jetons sont placés sur le plateau
        # quand la carte est activée. Tous les mercenaires peuvent utiliser leurs capacités au
        # moment où ils sont placés sur le plateau »; « IMPORTANT Si un mercenaire est retiré du
        # plateau, la carte correspondante doit être défaussée! ». 5.5: placing a unit « depuis
        # [...] une carte pour l'unité mercenaire » is an action.
        out.append(
            CoachTip(
                "mercenary",
                gettext(
                    "%(card)s waits on its card: placing it on an empty hex is one action, and "
                    "its ability works as it enters. Once removed from the board, it is gone "
                    "for good."
                )
                % {"card": texts.card_name(waiting[0])},
                "mercenaries",
            )
        )
    if me.get("hand"):
        # 5.6 Capacités des cartes, Carte Action: « Les cartes action ne peuvent être jouées
        # qu'une fois. Après avoir été jouées, elles sont ensuite défaussées »; 7.3 La liste des
        # cartes: two abilities « - OU - »; 5.5: « Jouez une carte action » is an action.
        out.append(
            CoachTip(
                "action-card",
                gettext(
                    "Playing %(card)s is one action: choose one of its two options. Then the "
                    "card is discarded."
                )
                % {"card": texts.card_name(me["hand"][0])},
                "actions",
            )
        )
    return out


def _market_tips(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    me = view["seats"][seat]
    out: list[CoachTip] = []
    if isinstance(view["turn"].get("extra_cards"), list):
        # 7.1 Les icônes, Cartes supplémentaires: « Vous pouvez choisir parmi un certain nombre
        # de cartes supplémentaires durant la phase marché. Ces cartes non achetées sont
        # défaussées après les achats »; 7.3, A08: « Vous n'avez pas besoin de les montrer ».
        out.append(
            CoachTip(
                "extra-cards",
                gettext(
                    "Your extra cards are for your eyes only: buy any you can pay for, like the "
                    "market's. Those you leave go face down to the discard."
                ),
                "actions",
            )
        )
    # 5.5, Phase de Marché: « Si un joueur possède assez de monnaie (hexilum), il peut acheter
    # autant de cartes qu'il le souhaite. A la fin de la phase, de nouvelles cartes sont
    # révélées »; IMPORTANT: « Les cartes sont toujours placées faces visibles ». 5.6: action
    # cards and mercenaries.
    hexilum = int(me["hexilum"])
    out.append(
        CoachTip(
            "market",
            ngettext(
                "Market: with your %(n)d hexilum, buy as many cards as you can pay for; "
                "everyone sees the cards you own. An action card is played later for one "
                "action; a mercenary is a unit you place.",
                "Market: with your %(n)d hexilum, buy as many cards as you can pay for; "
                "everyone sees the cards you own. An action card is played later for one "
                "action; a mercenary is a unit you place.",
                hexilum,
            )
            % {"n": hexilum},
            "turn",
        )
    )
    return out


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
    if len(team_of(_teams(view), seat)) > 1:
        text += " " + gettext("Your teammate's units count with yours.")
    return CoachTip("goal", text, "winning")


def _first_round(view: Mapping[str, Any]) -> bool:
    return int(view["turn"]["number"]) <= len(view["seats"])


def _early(view: Mapping[str, Any]) -> bool:
    """The seat's first two turns (a turn's number counts every seat's turns)."""
    return int(view["turn"]["number"]) <= 2 * len(view["seats"])
