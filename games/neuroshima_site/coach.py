"""The coach: a few tips for a player's first matches, about the situation in front of them.

Pure: fed by the engine's view of the player's own seat (`view(state, seat)`), nothing else, so
a tip can never tell what that seat may not know (no pile order, no other hand: the view holds
neither). Each tip is one or two sentences in a player's words, with the section of our rules
page that says more (`RULES_SECTIONS`, the ids of neuroshima_site/rules.html).

Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/000_cfef6f07b7368e93.txt, by its heading.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.neuroshima.tiles import CELLS
from games.hexboard.coaching import CoachTip
from games.neuroshima_site import describe
from games.neuroshima_site.coach_tiles import hand_tips

# The sections of the rules page a tip may point at (its <h2 id>s).
RULES_SECTIONS = ("starting", "turn", "battles", "instants", "symbols", "end")
# "Nearly": a tip about the coming battle or the last turns shows this many steps ahead.
FEW_FREE_HEXES = 2
FEW_TILES_LEFT = 3


def tips(view: Mapping[str, Any], seat: int | None) -> list[CoachTip]:
    """The tips for `seat` in this view of theirs, most pressing first; [] for a spectator or a
    finished game."""
    if seat is None or view.get("seat") != seat or view.get("outcome") is not None:
        return []
    me = view["seats"][seat]
    mine_to_play = seat in (view.get("to_act") or ()) and view.get("current") == seat
    phase = view.get("phase")
    out: list[CoachTip] = []
    if phase == "hq":
        out.append(_hq(me["army"], bool((view.get("config") or {}).get("points_variant"))))
        return out
    pending = view.get("pending") or {}
    if pending.get("kind") == "push_destination" and pending.get("seat") == seat:
        # REPOUSSER: "S'il y a plusieurs possibilités pour déplacer l'unité repoussée, c'est son
        # propriétaire qui décide de l'endroit où elle sera finalement placée."
        out.append(
            CoachTip(
                "pushed",
                gettext(
                    "An enemy pushes one of your units and it could go to several free hexes: "
                    "you choose where it goes."
                ),
                "instants",
            )
        )
        return out
    if view.get("battle") is not None:
        out.append(_initiative())
        return out
    if mine_to_play and phase in ("discard", "play"):
        out += _turn_tips(view, seat, phase)
    free = _free_hexes(view)
    if phase in ("discard", "play") and 0 < free <= FEW_FREE_HEXES:
        out.append(_board_full(free))
    out += _end_tips(view, seat)
    if any(t.key in ("instant-battle", "board-full", "last-turns") for t in out):
        out.append(_initiative())
    return out


# --- the HQ -------------------------------------------------------------------------------------


def _hq(army: str, points_variant: bool = False) -> CoachTip:
    # LE BUT DU JEU: 20 PR, a destroyed HQ loses; at the end, the highest PR wins. (3-4
    # players: the player is out, JEU À 3 OU 4 JOUEUR, DESTRUCTION D'UN QG; alliance: the team
    # that destroys an enemy HQ wins.) LE JEU À PLUS DE DEUX JOUEURS AVEC DES POINTS: "Les QG
    # ont une Résistance infinie", a point per wound dealt to an enemy HQ, 20 points win, else
    # the most points after the final battle.
    # QUARTIER GÉNÉRAL: "chaque QG peut combattre tous les adversaires adjacents en combat au
    # corps-à-corps avec une force de 1" (never another HQ); "Chaque QG a une Initiative de 0".
    # Each army's QG, "Propriété spéciale" (DESCRIPTION DES ARMÉES): MOLOCH +1 tir, POSTERUNEK
    # a repeated action one phase later, BORGO +1 Initiative, HEGEMONIA +1 coup, to the
    # adjacent own units.
    bonus = {
        "moloch": gettext("gives your units next to it +1 ranged strength"),
        "posterunek": gettext("lets your units next to it act once more, one initiative later"),
        "borgo": gettext("gives your units next to it +1 initiative"),
        "hegemonia": gettext("gives your units next to it +1 melee strength"),
    }.get(army, "")
    text = (
        gettext(
            "In this points game no HQ is ever destroyed: each wound you deal to an enemy HQ "
            "scores you a point; 20 points win, else the most points after the final battle."
        )
        if points_variant
        else gettext(
            "Your HQ has 20 points: if it loses them all, you lose; if the tiles run out "
            "first, the HQ with the most points wins."
        )
    )
    second = (
        gettext(
            "It strikes every enemy unit next to it (strength 1, at initiative 0; never an "
            "HQ) and %(bonus)s: place it where your units can gather round it."
        )
        % {"bonus": bonus}
        if bonus
        else ""
    )
    return CoachTip("hq", f"{text} {second}".strip(), "starting")


# --- the player's own turn ----------------------------------------------------------------------


def _turn_tips(view: Mapping[str, Any], seat: int, phase: str) -> list[CoachTip]:
    me = view["seats"][seat]
    hand: Sequence[str] = me.get("hand") or ()
    out: list[CoachTip] = []
    players = len(view["seats"])
    if phase == "discard":
        # DÉROULEMENT DU JEU: draw up to three, "le joueur doit toujours rejeter une des 3
        # tuiles (généralement la moins utile)", each of the two others "peut être soit
        # immédiatement jouée soit conservée", "Les tuiles conservées doivent être bien visibles".
        out.append(
            CoachTip(
                "discard",
                gettext(
                    "You drew up to three tiles: first discard one, usually the least useful. "
                    "Then play or keep each of the other two: kept tiles wait for your next "
                    "turn, in everyone's sight."
                ),
                "turn",
            )
        )
    elif int(view.get("turn") or 0) <= players and len(hand) < 3 and me.get("deck_count"):
        # DÉBUT DU JEU: the first player draws one tile, the second two (JEU À 3 OU 4 JOUEUR,
        # DEBUT DU JEU: the third three), and discards nothing; afterwards "Le premier joueur
        # tire ensuite jusqu'à 3 tuiles [...] Il doit alors rejeter une de 3 tuiles".
        n = len(hand)
        out.append(
            CoachTip(
                "first-turn",
                ngettext(
                    "First turn: you drew only %(n)d tile, so there is nothing to discard. "
                    "From your next turn you draw up to three and must discard one.",
                    "First turn: you drew only %(n)d tiles, so there is nothing to discard. "
                    "From your next turn you draw up to three and must discard one.",
                    n,
                )
                % {"n": n},
                "starting",
            )
        )
    out += hand_tips(hand, last_tile_drawn=view.get("last_tile_drawn_by") is not None)
    if any(m.get("type") == "MoveUnit" for m in view.get("legal_moves") or ()):
        # MOBILITÉ: "Pendant son tour [...] l'unité avec le symbole Mobilité peut se déplacer
        # d'une case et/ou tourner dans une direction quelconque. La tuile ne peut plus être
        # bougée ainsi quand la bataille a démarrée."
        out.append(
            CoachTip(
                "mobility",
                gettext(
                    "Your mobile units (the triangle) may each move one hex and/or turn during "
                    "your turn, before any battle starts."
                ),
                "symbols",
            )
        )
    return out


# --- battles and the end --------------------------------------------------------------------------


def _initiative() -> CoachTip:
    # BATAILLES: phases by Initiative, highest first; equal initiatives act simultaneously; the
    # eliminated are removed "seulement après la résolution de toutes les actions de la phase".
    # QUARTIER GÉNÉRAL: "Chaque QG a une Initiative de 0".
    return CoachTip(
        "initiative",
        gettext(
            "In a battle, tiles act by initiative, the number in their middle: highest first, "
            "equal ones together; HQs strike at 0, the last step. A faster unit can destroy an "
            "enemy before it strikes."
        ),
        "battles",
    )


def _free_hexes(view: Mapping[str, Any]) -> int:
    taken = {tuple(t["hex"]) for t in (view.get("position") or {}).get("tiles") or ()}
    return sum(1 for h in CELLS if h not in taken)


def _board_full(free: int) -> CoachTip:
    # JOUER UNE TUILE: "Quand à un moment quelconque du jeu le plateau de jeu est entièrement
    # rempli [...] alors une bataille a lieu". BATAILLES: "La résolution d'une bataille termine
    # le tour du joueur actif".
    return CoachTip(
        "board-full",
        ngettext(
            "Only %(n)d free hex is left: the tile that fills it starts a battle at once, "
            "which ends that player's turn.",
            "Only %(n)d free hexes are left: the tile that fills the last one starts a battle "
            "at once, which ends that player's turn.",
            free,
        )
        % {"n": free},
        "battles",
    )


def _end_tips(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    # FIN DU JEU: "Quand un joueur tire sa dernière tuile il joue son tour, puis son adversaire
    # joue le sien, puis la dernière bataille a lieu" (JEU À 3 OU 4 JOUEUR, BATAILLE FINALE:
    # every other player plays once more); no Battle tile after it. VICTOIRE: after the final
    # battle, the HQ with the most points wins. (Pile sizes are public: the seats' panel shows
    # them.)
    by = view.get("last_tile_drawn_by")
    if by is not None:
        if by == seat:
            first = gettext("You drew the last tile of your pile.")
        else:
            army = describe.army_label(view["seats"][by]["army"])
            first = gettext("%(army)s drew the last tile of its pile.") % {"army": army}
        rest = _after_the_final_battle(view.get("config") or {})
        return [CoachTip("last-turns", f"{first} {rest}", "end")]
    left = [int(s.get("deck_count") or 0) for s in view["seats"] if not s.get("eliminated")]
    fewest = min(left, default=0)
    if 0 < fewest <= FEW_TILES_LEFT:
        return [
            CoachTip(
                "last-turns-soon",
                ngettext(
                    "A pile has only %(n)d tile left. When a player draws their last tile, the "
                    "others play one more turn each, then comes the final battle.",
                    "A pile has only %(n)d tiles left. When a player draws their last tile, the "
                    "others play one more turn each, then comes the final battle.",
                    fewest,
                )
                % {"n": fewest},
                "end",
            )
        ]
    return []


def _after_the_final_battle(config: Mapping[str, Any]) -> str:
    # VICTOIRE: "le vainqueur est le joueur dont le QG possède le plus de PR"; JEU À 4 JOUEURS EN
    # MODE « ALLIANCE »: "l'équipe dont la somme des PR des QG est la plus grande"; AVEC DES
    # POINTS: "c'est le joueur/équipe qui a le plus de points qui gagne".
    if config.get("points_variant"):
        return gettext(
            "Every other player plays one more turn, then comes the final battle: after it, "
            "the most points win."
        )
    if config.get("mode") == "alliance":
        return gettext(
            "Every other player plays one more turn, then comes the final battle: after it, "
            "the team whose HQs have the most points in all wins."
        )
    return gettext(
        "Every other player plays one more turn, then comes the final battle: after it, the "
        "HQ with the most points wins."
    )
