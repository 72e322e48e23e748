"""The coach's tips in each step of a skirmish turn, only when the player has a real choice:
initiative, snap fire, movement, passing the barrel, aimed fire, fleeing and melee, Powerful
models and Vehicles, the last two turns. Pure and fed by the seat's own view, like the rest of
the coach (coach.py says what it may read). Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/004_d01e2a150d2e18fa.txt, by its heading; the hex measures are those of
the specification (skirmish.md §4.1: a hex is 3'')."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext, ngettext

from games.engine.skirmish.state import Model, State
from games.hexboard.coaching import CoachTip, names_in_words
from games.skirmish_site import describe
from games.skirmish_site.coach_setup import scenario_goal


def _whose(m: Model, seat: int, names: Mapping[str, str]) -> str:
    """A model with its side (both armies may field a unit of the same name)."""
    if m.seat == seat:
        return gettext("%(model)s (yours)") % {"model": names[m.id]}
    return gettext("%(model)s (enemy)") % {"model": names[m.id]}


def _mine(state: State, seat: int) -> list[Model]:
    return [m for m in state.on_table(seat) if m.prisoner is None]


def _theirs(state: State, seat: int) -> list[Model]:
    return [m for m in state.on_table() if m.seat != seat]


def initiative() -> CoachTip:
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


def snap_fire() -> CoachTip:
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


def movement() -> CoachTip:
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


def engaged(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
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
    ) % {"models": names_in_words(stuck)}
    return [CoachTip("engaged", text, "melee")]


def pass_barrel() -> CoachTip:
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


def aimed_fire() -> CoachTip:
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


def moved_too_far(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
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
    ) % {"models": names_in_words(idle)}
    return [CoachTip("cannot-shoot", text, "aimed-fire")]


def enemy_heroes(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
    # Séquence du tour 4: "Une figurine ne peut tirer sur un Héros que si celui-ci est la cible
    # la plus proche." Objets hi-tech 2, 3 and 5 (what protects it from shots).
    heroes = [m for m in _theirs(state, seat) if m.hero]
    if not heroes:
        return []
    text = ngettext(
        "The enemy's %(heroes)s is a Hero: a model may shoot it only as its nearest target.",
        "The enemy's %(heroes)s are Heroes: a model may shoot one only as its nearest target.",
        len(heroes),
    ) % {"heroes": names_in_words([names[m.id] for m in heroes])}
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


def flee() -> CoachTip:
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


def melee() -> CoachTip:
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


def powerful(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
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
    ) % {"models": names_in_words(big)}
    return [CoachTip("powerful", text, "melee")]


def vehicles(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
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
    ) % {"models": names_in_words(vehicles)}
    return [CoachTip("vehicles", text, "vehicles")]


def last_turns(state: State) -> list[CoachTip]:
    # Scénarios: "Tous les scénarios durent 6 tours", each won "à la fin de la partie".
    limit = state.turn_limit
    goal = scenario_goal(state.scenario)
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
