"""The coach's tips while a skirmish battle is set up and deployed: the terrain, the edges,
the Rescue's prison and prisoner, deploying whole units, one's Heroes and their hi-tech items,
and the scenario's goal. Pure and fed by the seat's own view, like the rest of the coach
(coach.py says what it may read). Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/004_d01e2a150d2e18fa.txt, by its heading; the hex measures are those of
the specification (skirmish.md §4.1: a hex is 3'')."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext

from games.engine.skirmish.state import State
from games.hexboard.coaching import CoachTip
from games.skirmish_site import describe


def terrain() -> CoachTip:
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


def edge() -> CoachTip:
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


def deploy() -> CoachTip:
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


def heroes(state: State, seat: int, names: Mapping[str, str]) -> list[CoachTip]:
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


def prison() -> CoachTip:
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


def prisoner() -> CoachTip:
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


def scenario(state: State) -> list[CoachTip]:
    goal = scenario_goal(state.scenario)
    if not goal:
        return []
    # Scénarios: "Tous les scénarios durent 6 tours."
    text = gettext("%(scenario)s, in 6 turns: %(goal)s") % {
        "scenario": describe.scenario_label(state.scenario),
        "goal": goal,
    }
    return [CoachTip("scenario", text, "scenarios")]


def scenario_goal(scenario: str | None) -> str:
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
