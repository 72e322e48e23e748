"""The coach: a few tips for a player's first skirmish battles, about the step in front of them.

Pure: fed by the engine's view of the player's own seat (`view(state, seat)`), nothing else.
The only thing the skirmish hides is the other seat's submitted, unrevealed orders (skirmish.md
§11), and that view never holds them, so no tip can tell them; armies, items, undeployed units,
terrain and dice are public. Each tip is one or two sentences in a player's words (models by
their unit's name, never a hex), with the section of our rules page that says more
(`RULES_SECTIONS`, ids of rules_fr.html and rules_en.html).

Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/004_d01e2a150d2e18fa.txt, by its heading; the hex measures are those of
the specification (skirmish.md §4.1: a hex is 3'').
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.skirmish.state import Model, State
from games.hexboard.coaching import CoachTip
from games.skirmish_site import board_state, describe

# The sections of the rules page a tip may point at (ids on its headings and turn steps).
RULES_SECTIONS = (
    "setup",
    "initiative",
    "snap-fire",
    "movement",
    "aimed-fire",
    "melee",
    "vehicles",
    "items",
    "scenarios",
)
MAX_TIPS = 3  # the box's length at most (a 360 px phone)
NAMES_SHOWN = 3  # a tip naming models names this many, then "and n more"


def tips(view: Mapping[str, Any], seat: int | None) -> list[CoachTip]:
    """The tips for `seat` in this view of theirs, most pressing first; [] for a spectator or
    a finished battle."""
    position = view.get("position") or {}
    if seat is None or view.get("seat") != seat or view.get("winner") is not None:
        return []
    if position.get("phase") == "over":
        return []
    state = board_state.state_of(view)
    kinds = _choices(view.get("legal_moves") or ())
    names = board_state.model_names(state)
    out: list[CoachTip] = []
    pending = position.get("pending") or {}
    mine_pending = pending.get("seat") == describe.SEATS[seat]
    if mine_pending and pending.get("kind") == "choose_layout":
        out.append(_terrain())
    elif mine_pending and pending.get("kind") == "choose_edge":
        out.append(_edge())
    elif mine_pending and pending.get("kind") == "choose_first":
        out.append(_initiative())
    elif mine_pending and pending.get("kind") == "place_prison":
        out.append(_prison())
    elif mine_pending and pending.get("kind") == "choose_prisoner":
        out.append(_prisoner())
    if position.get("phase") in ("setup", "deployment"):
        if "deploy" in kinds:
            out.append(_deploy())
        out += _heroes(state, seat, names)
        out += _scenario(state)
        return out[:MAX_TIPS]
    # The step's own tip, then what is about these models now, the last turns, then the rest:
    # at most MAX_TIPS, so that the box stays short on a phone.
    if "snap_orders" in kinds:
        out.append(_snap_fire())
    if "move" in kinds:
        out.append(_movement())
        out += _engaged(state, seat, names)
    if "pass_barrel" in kinds:
        out.append(_pass_barrel())
    if "aimed_orders" in kinds:
        out.append(_aimed_fire())
        out += _moved_too_far(state, seat, names)
    if "flee_declaration" in kinds:
        out.append(_flee())
    if "melee_orders" in kinds:
        out.append(_melee())
    out += _last_turns(state)
    if "aimed_orders" in kinds:
        out += _enemy_heroes(state, seat, names)
    if kinds & {"aimed_orders", "melee_orders"}:
        out += _powerful(state, seat, names)
        out += _vehicles(state, seat, names)
    return out[:MAX_TIPS]


def _choices(legal: Sequence[Mapping[str, Any]]) -> set[str]:
    """The kinds of move the seat has a real choice of now: orders only when some model could
    take them (a hand-written step may offer an empty set alone), flights when a model could."""
    out = set()
    for move in legal:
        kind = move.get("type")
        if kind in ("snap_orders", "aimed_orders", "melee_orders") and not move.get("orders"):
            continue
        if kind == "flee_declaration" and not move.get("models"):
            continue
        out.add(kind)
    return out


def _list(names: Sequence[str]) -> str:
    shown = ", ".join(names[:NAMES_SHOWN])
    more = len(names) - NAMES_SHOWN
    if more <= 0:
        return shown
    return ngettext("%(names)s and %(n)d more", "%(names)s and %(n)d more", more) % {
        "names": shown,
        "n": more,
    }


def _whose(m: Model, seat: int, names: Mapping[str, str]) -> str:
    """A model with its side (both armies may field a unit of the same name)."""
    if m.seat == seat:
        return gettext("%(model)s (yours)") % {"model": names[m.id]}
    return gettext("%(model)s (enemy)") % {"model": names[m.id]}


def _mine(state: State, seat: int) -> list[Model]:
    return [m for m in state.on_table(seat) if m.prisoner is None]


def _theirs(state: State, seat: int) -> list[Model]:
    return [m for m in state.on_table() if m.seat != seat]


# --- setting up ---------------------------------------------------------------------------------


def _terrain() -> CoachTip:
    # Déploiement: "L'un des joueurs met en place le terrain et son adversaire choisit son bord
    # de table." (skirmish.md D19: one of the board's layouts, mirrored or not.)
    return CoachTip(
        "terrain",
        gettext(
            "You set up the terrain; your opponent then chooses their table edge, so pick a "
            "layout whose cover would suit you from either side."
        ),
        "setup",
    )


def _edge() -> CoachTip:
    # Déploiement: "son adversaire choisit son bord de table"; Séquence du tour 4: "Pour chaque
    # couvert sur la trajectoire du tir, le tireur lance un dé".
    return CoachTip(
        "edge",
        gettext(
            "You choose your table edge: your army deploys on that side. Look for the side "
            "with woods, ruins and walls between you and the enemy: they stop shots."
        ),
        "setup",
    )


def _deploy() -> CoachTip:
    # Déploiement: "Les zones de déploiement des deux armées doivent être distantes de 18''.
    # Les deux armées se déploient en alternance en plaçant toutes les figurines d'un même type
    # en même temps". Séquence du tour 4: "une portée de 24''" (8 hexes; 18'' = 6 hexes).
    return CoachTip(
        "deploy",
        gettext(
            "Deploy one whole unit at a time, taking turns with your opponent. The two zones "
            "are 6 hexes (18'') apart and shots reach 8 hexes (24''): from the first turn, "
            "your front rank can be shot at."
        ),
        "setup",
    )


def _heroes(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
    # Héros: "Les Héros dispose d'un objet hi-tech déterminé aléatoirement"; Objets hi-tech 1-6
    # (the effects' words: describe.ITEM_EFFECTS). Séquence du tour 1: "y ajoute 2 par Héros
    # présent dans son armée"; 4: "Une figurine ne peut tirer sur un Héros que si celui-ci est
    # la cible la plus proche".
    heroes = [m for m in state.models if m.seat == seat and m.hero and m.alive and not m.prisoner]
    if not heroes:
        return []
    carried = [
        gettext("%(hero)s carries the %(item)s: %(effect)s.")
        % {
            "hero": names[m.id],
            "item": describe.ITEMS[m.item],
            "effect": describe.ITEM_EFFECTS[m.item],
        }
        for m in heroes
        if m.item in describe.ITEMS
    ]
    rule = gettext(
        "Each Hero on the table adds 2 to your initiative roll, and the enemy may shoot a Hero "
        "only when it is their nearest target."
    )
    return [CoachTip("heroes", " ".join([*carried, rule]), "items")]


def _prison() -> CoachTip:
    # Scénarios 4: "le défenseur place un bâtiment représentant une prison n'importe où sur la
    # table [...] Le prisonnier est libéré par toute figurine alliée finissant son déplacement en
    # contact avec la prison."
    return CoachTip(
        "prison",
        gettext(
            "Any enemy model that ends its move next to the prison frees the prisoner: build it "
            "where your army can guard all its sides."
        ),
        "scenarios",
    )


def _prisoner() -> CoachTip:
    # Scénarios 4: "un Héros ayant le même profil que l'un des personnages de son armée (au
    # choix). Ce personnage est gratuit [...] il ne dispose pas d'objet hi-tech [...] Une fois
    # libéré, le prisonnier ne peut pas se déplacer de plus de 6'' par tour."
    return CoachTip(
        "prisoner",
        gettext(
            "The prisoner copies the profile of the model you choose, free and without any "
            "hi-tech item; once freed it moves 2 hexes (6'') a turn at most, so a tough profile "
            "lasts longer."
        ),
        "scenarios",
    )


def _scenario(state: State) -> list[CoachTip]:
    goal = _goal(state.scenario)
    if not goal:
        return []
    # Scénarios: "Tous les scénarios durent 6 tours."
    text = gettext("%(scenario)s, in 6 turns: %(goal)s") % {
        "scenario": describe.scenario_label(state.scenario),
        "goal": goal,
    }
    return [CoachTip("scenario", text, "scenarios")]


def _goal(scenario: str | None) -> str:
    goals = {
        # Scénarios 1: "le vainqueur est celui ayant tué le plus d'ennemis en points. Les Héros
        # rapportent 100 points supplémentaires."
        "pitched_battle": gettext("the most enemy points killed wins; a Hero is worth 100 more."),
        # Scénarios 2: "un élément de décor est occupé par quiconque possède le plus de
        # figurines dessus à la fin de la partie".
        "hold_the_ground": gettext(
            "each terrain piece goes to the side with more models on it at the end; the most "
            "pieces wins."
        ),
        # Scénarios 3: "Le vainqueur est celui qui possède le plus de figurine dessus à la fin".
        "king_of_the_hill": gettext("the most models on the central hill at the end wins."),
        # Scénarios 4: "Le prisonnier est libéré par toute figurine alliée finissant son
        # déplacement en contact avec la prison [...] L'attaquant gagne si le prisonnier est
        # libre et vivant ou s'il a quitté la table à la fin de la partie."
        "rescue": gettext(
            "a model of the attacker ending its move next to the prison frees the prisoner; the "
            "attacker wins if the prisoner ends free and alive, or off the table."
        ),
        # Scénarios 5: "ramassé par toute figurine finissant son mouvement à son contact ou par
        # toute figurine tuant le porteur du fût au corps à corps. Le fût peut être déplacé de
        # 6'' par tour au maximum" (2 hexes).
        "radioactive_barrel": gettext(
            "the barrel must end in the enemy's half; a model ending its move next to it, or "
            "killing its carrier in melee, takes it (2 hexes a turn at most)."
        ),
        # Scénarios 6: "tout ennemi tué au corps à corps rapporte des crédits intergalactiques".
        "looting": gettext(
            "only enemies killed in melee yield credits, more for a high Armour, a Hero or a "
            "Vehicle."
        ),
    }
    return goals.get(scenario or "", "")


# --- a turn -------------------------------------------------------------------------------------


def _initiative() -> CoachTip:
    # Séquence du tour 1: "Celui obtenant le résultat le plus élevé choisit qui commence à
    # jouer"; 3: "chaque camp, dans l'ordre de l'initiative, déplace toutes ses figurines".
    return CoachTip(
        "initiative",
        gettext(
            "Whoever plays first moves first. Moving second lets you answer the enemy's moves; "
            "moving first lets you charge or take ground before they do."
        ),
        "initiative",
    )


def _snap_fire() -> CoachTip:
    # Séquence du tour 2: "résolue comme la phase n°4 mais avec -1 en Tir. Les figurines
    # participant à cette phase de tir ne pourront pas tirer pendant la phase n°4 et ne
    # pourront que se déplacer de la moitié de leur Mouvement lors de la phase n°3."
    return CoachTip(
        "snap-fire",
        gettext(
            "Snap fire shoots now, before anyone moves, at Shoot −1. A model that takes it "
            "moves only half its Move this turn and cannot take aimed fire."
        ),
        "snap-fire",
    )


def _movement() -> CoachTip:
    # Séquence du tour 3: "Se déplacer d'un pouce en terrain difficile compte pour 2''. Franchir
    # un obstacle coûte la moitié du mouvement de la figurine." 4: "Une figurine ayant bougé de
    # plus de la moitié de son Mouvement ne peut pas tirer ce tour." (skirmish.md D7: a model
    # that comes next to an enemy stops there, engaged: a charge.)
    return CoachTip(
        "movement",
        gettext(
            "A clear hex costs 3'' of Move; woods, ruins and difficult ground twice that; an "
            "obstacle half the Move. A model that moves more than half cannot shoot this turn, "
            "and one that ends next to an enemy is engaged: that is a charge."
        ),
        "movement",
    )


def _engaged(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
    # Séquence du tour 3: "déplace toutes ses figurines non-engagées"; 4: "Il est impossible de
    # tirer dans ou depuis un corps à corps"; 5: they fight, or flee.
    stuck = [names[m.id] for m in _mine(state, seat) if state.engaged(m)]
    if not stuck:
        return []
    text = ngettext(
        "%(models)s is in contact with the enemy: it cannot move or shoot, and fights in the "
        "melee at the end of the turn (or flees then).",
        "%(models)s are in contact with the enemy: they cannot move or shoot, and fight in the "
        "melee at the end of the turn (or flee then).",
        len(stuck),
    ) % {"models": _list(stuck)}
    return [CoachTip("engaged", text, "melee")]


def _pass_barrel() -> CoachTip:
    # Scénarios 5: "Le fût peut être déplacé de 6'' par tour au maximum et être transmis une fois
    # par tour à un allié" (skirmish.md §10.5: to a friend next to the carrier; a pass counts as
    # one of the 2 hexes).
    return CoachTip(
        "barrel",
        gettext(
            "The barrel's carrier may pass it once a turn to a friend next to it; the pass counts "
            "as one of the barrel's 2 hexes this turn."
        ),
        "scenarios",
    )


def _aimed_fire() -> CoachTip:
    # Séquence du tour 4: "une portée de 24''. Un résultat au dé inférieur ou égal au Tir du
    # tireur indique une touche qui est ignorée si la cible obtient un résultat inférieur ou
    # égal à son Armure [...] Pour chaque couvert sur la trajectoire du tir, le tireur lance un
    # dé. De 1 à 3, le couvert est ignoré. De 4 à 6, le tir échoue." Calculs du coût: "Toute
    # figurine est éliminée dès qu'elle subit une touche" (D10: the target's own hex counts).
    return CoachTip(
        "aimed-fire",
        gettext(
            "Shots reach 8 hexes (24''): a die at most the Shoot hits, each cover on the way "
            "stops it on 4–6, then the target saves on at most its Armour."
        ),
        "aimed-fire",
    )


def _moved_too_far(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
    # Séquence du tour 4: "Une figurine ayant bougé de plus de la moitié de son Mouvement ne
    # peut pas tirer ce tour." 2: snap fire, then no aimed fire.
    idle = [
        names[m.id]
        for m in _mine(state, seat)
        if m.shoot_attacks > 0
        and m.shoot > 0
        and not state.engaged(m)
        and (m.snap_fired or m.mp_spent * 2 > m.full_mp)
    ]
    if not idle:
        return []
    text = ngettext(
        "%(models)s cannot shoot now: it moved more than half its Move, or took snap fire.",
        "%(models)s cannot shoot now: they moved more than half their Move, or took snap fire.",
        len(idle),
    ) % {"models": _list(idle)}
    return [CoachTip("cannot-shoot", text, "aimed-fire")]


def _enemy_heroes(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
    # Séquence du tour 4: "Une figurine ne peut tirer sur un Héros que si celui-ci est la cible
    # la plus proche." Objets hi-tech 2, 3 and 5 (what protects it from shots).
    heroes = [m for m in _theirs(state, seat) if m.hero]
    if not heroes:
        return []
    text = ngettext(
        "The enemy's %(heroes)s is a Hero: a model may shoot it only as its nearest target.",
        "The enemy's %(heroes)s are Heroes: a model may shoot one only as its nearest target.",
        len(heroes),
    ) % {"heroes": _list([names[m.id] for m in heroes])}
    shields = [
        gettext("%(hero)s's %(item)s: %(effect)s.")
        % {
            "hero": names[m.id],
            "item": describe.ITEMS[m.item],
            "effect": describe.ITEM_EFFECTS[m.item],
        }
        for m in heroes
        if m.item in ("holo_field", "protection_field", "bionic_body")
    ]
    return [CoachTip("enemy-hero", " ".join([text, *shields]), "aimed-fire")]


def _flee() -> CoachTip:
    # Séquence du tour 5: "Une figurine engagée peut choisir de s'enfuir en se déplaçant à
    # demi-vitesse avant que les attaques ne soient déclarées mais tous ses adversaires peuvent
    # alors l'attaquer gratuitement."
    return CoachTip(
        "flee",
        gettext(
            "An engaged model may flee at half its Move before blows are struck, but every "
            "enemy it leaves may then strike it and it strikes nothing back."
        ),
        "melee",
    )


def _melee() -> CoachTip:
    # Séquence du tour 5: "toutes les attaques de corps à corps sont simultanées. L'attaquant
    # doit obtenir un score inférieur ou égal à sa Mêlée pour obtenir une touche qui peut être
    # annulée comme pour les tirs."
    return CoachTip(
        "melee",
        gettext(
            "A die at most the Melee hits, then the target saves on at most its Armour. All "
            "blows are struck together: a model that falls in this melee still strikes."
        ),
        "melee",
    )


def _powerful(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
    # Calculs du coût: "Une figurine très grande peut être Puissante pour 5 points. Toutes les
    # cibles de ses attaques (tir et corps à corps) subissent un malus de -1 à leur Armure (sauf
    # celles qui sont aussi Puissantes)."
    big = [_whose(m, seat, names) for m in state.on_table() if m.powerful]
    if not big:
        return []
    text = ngettext(
        "%(models)s is Powerful: its targets' Armour is 1 less, unless they are Powerful too.",
        "%(models)s are Powerful: their targets' Armour is 1 less, unless they are Powerful too.",
        len(big),
    ) % {"models": _list(big)}
    return [CoachTip("powerful", text, "melee")]


def _vehicles(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
    # Véhicules: "il n'est pas automatiquement éliminé. A la place, à la fin de la phase, lancez
    # un dé pour chaque touche [...] 1-2 Eraflure [...] 3 Propulsion endommagée : [...] diminue de
    # 3'' [...] 4 Armement endommagé : [...] Mêlée et de Tir [...] diminuent d'un point. 5
    # Dommages internes : [...] Armure [...] diminue d'un point. 6 Boom ! Le Véhicule explose."
    # "Les résultats sont cumulatifs."
    vehicles = [_whose(m, seat, names) for m in state.on_table() if m.vehicle]
    if not vehicles:
        return []
    text = ngettext(
        "%(models)s is a Vehicle: each hit it fails to save rolls on the damage table instead "
        "of killing it (1–2 nothing, 3 Move −3'', 4 Melee and Shoot −1, 5 Armour −1, 6 it "
        "explodes); the damage adds up.",
        "%(models)s are Vehicles: each hit they fail to save rolls on the damage table instead "
        "of killing them (1–2 nothing, 3 Move −3'', 4 Melee and Shoot −1, 5 Armour −1, 6 it "
        "explodes); the damage adds up.",
        len(vehicles),
    ) % {"models": _list(vehicles)}
    return [CoachTip("vehicles", text, "vehicles")]


def _last_turns(state: State) -> list[CoachTip]:
    # Scénarios: "Tous les scénarios durent 6 tours", each won "à la fin de la partie".
    limit = state.turn_limit
    goal = _goal(state.scenario)
    if not limit or not goal or state.turn < limit - 1:
        return []
    first = (
        gettext("Last turn: the battle ends after it.")
        if state.turn >= limit
        else gettext("Turn %(turn)d of %(limit)d: the battle ends after the next turn.")
        % {"turn": state.turn, "limit": limit}
    )
    text = gettext("%(first)s %(scenario)s: %(goal)s") % {
        "first": first,
        "scenario": describe.scenario_label(state.scenario),
        "goal": goal,
    }
    return [CoachTip("last-turns", text, "scenarios")]
