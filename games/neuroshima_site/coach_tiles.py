"""The coach's tips about the tiles in the player's hand (coach.py): one per kind of tile,
units, modules and each instant action, in a player's words.

Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/000_cfef6f07b7368e93.txt, by its heading.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from games.engine.neuroshima.tiles import tile
from games.hexboard.coaching import CoachTip
from games.neuroshima_site import describe


def hand_tips(hand: Sequence[str], *, last_tile_drawn: bool) -> list[CoachTip]:
    """One tip per kind of tile in the hand (each instant action its own), in a fixed order:
    units, modules, then the instants. `last_tile_drawn`: a pile is empty (no more battles)."""
    first_of: dict[str, str] = {}
    for tile_id in hand:
        spec = tile(tile_id)
        first_of.setdefault(
            spec.kind if spec.kind != "instant" else f"instant-{spec.instant}", tile_id
        )
    order = ["unit", "module", *(f"instant-{i}" for i in INSTANT_ORDER)]
    kinds = sorted(first_of, key=lambda k: order.index(k) if k in order else len(order))
    return [t for t in (_tile_tip(k, first_of[k], last_tile_drawn) for k in kinds) if t.text]


INSTANT_ORDER = ("battle", "move", "push_back", "sniper", "grenade", "air_strike")


def _tile_tip(kind: str, tile_id: str, last_tile_drawn: bool) -> CoachTip:
    if kind == "unit":
        # JOUER UNE TUILE: units go "sur un emplacement libre", and "Une fois placée la tuile ne
        # peut être déplacée ou tournée" unless special tiles move it (MOUVEMENT, REPOUSSER,
        # MOBILITÉ). TIR / COUP: a symbol works only towards its own side.
        return CoachTip(
            "unit",
            gettext(
                "Unit: place it on a free hex, turned so that its attacks face the enemy. It "
                "stays put unless a Move, a Push or its own mobility moves it."
            ),
            "turn",
        )
    if kind == "module":
        # MODULES: placed like soldiers, they act on the neighbours their connections point at,
        # the HQ included, "Les effets des modules ne s'appliquent pas sur les tuiles d'unités
        # ennemies sauf si cela est explicitement précisé".
        return CoachTip(
            "module",
            gettext(
                "Module: place it like a unit. It gives its bonus (strength, initiative…) to "
                "the tiles its round connectors touch, usually your own, your HQ included."
            ),
            "battles",
        )
    instant = kind.removeprefix("instant-")
    if instant == "battle":
        # BATAILLE: "Jouer cette tuile déclenche une bataille", "On ne peut plus jouer cette
        # tuile quand un joueur a tiré sa dernière tuile", "Après la bataille le tour du joueur
        # se termine".
        what = (
            gettext(
                "a pile's last tile has been drawn, so it may not be played any more: discard "
                "it or keep it."
            )
            if last_tile_drawn
            else gettext(
                "a battle starts at once and ends your turn, so play your other tiles first."
            )
        )
    else:
        what = {
            # MOUVEMENT: "déplacer une tuile d'une case et/ou de tourner cette même tuile",
            # "La tuile ne peut être déplacée que sur une case vide."
            "move": gettext(
                "one of your tiles goes to a free hex next to it and/or turns to face another way."
            ),
            # REPOUSSER: an enemy next to your unit moves one hex further away, onto a free hex;
            # FAQ : RÉTIAIRE: "Une unité prise dans un Filet [...] ne pourra pas notamment être
            # repoussée."
            "push_back": gettext(
                "one of your tiles pushes an enemy next to it one hex further away, onto a free "
                "hex. A unit caught in a net cannot be pushed."
            ),
            # TIREUR D'ÉLITE: "inflige une blessure à une tuile ennemie sur le plateau. Il n'a
            # aucun effet sur le QG"; BLINDAGE: armour does not protect against it.
            "sniper": gettext(
                "one wound to any enemy tile on the board, armour or not; it does nothing to an HQ."
            ),
            # GRENADE: "détruit totalement une tuile ennemie", "uniquement sur une case voisine
            # de son QG", "aucun effet sur le QG de l'adversaire".
            "grenade": gettext("destroys one enemy tile next to your HQ (not an HQ)."),
            # BOMBE: one wound to the target and every tile around it, "non seulement ennemies
            # mais aussi amies", "aucun effet sur les QG", its seven hexes on the board.
            "air_strike": gettext(
                "one wound to every tile on a hex and the six around it, yours too, never an "
                "HQ; all seven hexes must be on the board."
            ),
        }.get(instant, "")
    if not what:
        return CoachTip(kind, "", "instants")
    # The tile's own name, as the hand shows it ("Repousser", "Push Back").
    text = gettext("%(tile)s: %(what)s") % {"tile": describe.tile_name(tile_id), "what": what}
    return CoachTip(kind, text, "instants")
