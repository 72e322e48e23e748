"""The tile gallery: every tile of every army with its abilities in words (translated)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.neuroshima.tiles import ARMIES, TileSpec, army_tiles, tile
from games.neuroshima_site import describe, pieces


def _sides(flags) -> int:
    return sum(1 for f in flags if f)


def _effect(effect_type: str, value: int) -> str:
    texts = {
        "melee_bonus": gettext("+%(v)d melee strength to linked friendly units."),
        "ranged_bonus": gettext("+%(v)d ranged strength to linked friendly units."),
        "initiative_bonus": gettext("+%(v)d initiative to linked friendly units."),
        "initiative_malus": gettext("−%(v)d initiative to linked enemy units."),
        "medic": gettext(
            "Medic: when a linked friendly tile is hit, the medic is removed instead."
        ),
        "extra_action": gettext("Linked friendly units act once more, one phase later."),
        "capture_enemy_module": gettext("Takes over the bonuses of a linked enemy module."),
        "grant_mobility": gettext("Linked friendly units may move in their owner's turn."),
        "swap_attack_type": gettext(
            "Once per battle, may turn one attack of a linked unit from melee to ranged or back."
        ),
        "army_move_range": gettext("Your mobile units may move up to %(v)d hexes."),
    }
    return texts.get(effect_type, effect_type) % {"v": value}


# One tile of each instant action, for the rules page's list (JOUER UNE TUILE, TUILES ACTION).
INSTANT_SAMPLES = (
    "moloch.bataille",
    "posterunek.mouvement",
    "moloch.repousser",
    "posterunek.tireur_d_elite",
    "borgo.grenade",
    "moloch.bombe",
)


def instants() -> list[dict[str, str]]:
    """Each instant action by its name, with what it does."""
    return [{"name": describe.tile_name(t), "text": abilities(tile(t))[0]} for t in INSTANT_SAMPLES]


def abilities(spec: TileSpec) -> list[str]:
    """Short sentences explaining a tile."""
    out: list[str] = []
    if spec.kind == "hq":
        out.append(gettext("Headquarters: %(hp)d points.") % {"hp": spec.hit_points})
        out += [
            gettext("Adjacent own tiles: %(e)s") % {"e": _effect(e.type, e.value)}
            for e in spec.hq_effects
        ]
    if spec.kind == "instant":
        texts = {
            "battle": gettext("Starts a battle at once."),
            "move": gettext("Move one of your units to a free neighbouring hex and turn it."),
            "push_back": gettext("One of your units pushes an adjacent enemy unit one hex away."),
            "sniper": gettext("One wound to any enemy unit (not an HQ)."),
            "grenade": gettext("Destroys one enemy tile next to your HQ."),
            "air_strike": gettext("One wound to every unit on a hex and the six around it."),
        }
        out.append(texts.get(spec.instant or "", ""))
    if spec.initiative:
        out.append(gettext("Initiative %(i)s.") % {"i": "/".join(map(str, spec.initiative))})
    melee, ranged = _sides(spec.melee), _sides(spec.ranged)
    if melee:
        out.append(
            ngettext(
                "Melee attack on %(n)d side (strength %(s)s).",
                "Melee attacks on %(n)d sides (strength %(s)s).",
                melee,
            )
            % {"n": melee, "s": max(spec.melee)}
        )
    if ranged:
        out.append(
            ngettext(
                "Ranged attack on %(n)d side (strength %(s)s).",
                "Ranged attacks on %(n)d sides (strength %(s)s).",
                ranged,
            )
            % {"n": ranged, "s": max(spec.ranged)}
        )
    if any(spec.gauss):
        out.append(gettext("Gauss cannon: wounds every enemy tile in its line."))
    if any(spec.armor):
        n = _sides(spec.armor)
        out.append(
            ngettext(
                "Armour on %(n)d side: ranged hits there lose 1 strength.",
                "Armour on %(n)d sides: ranged hits there lose 1 strength.",
                n,
            )
            % {"n": n}
        )
    if any(spec.net):
        out.append(gettext("Net: the enemy tile it faces cannot act."))
    if spec.mobility:
        out.append(gettext("Mobile: may move one hex and turn during its owner's turn."))
    if spec.kind == "module":
        out += [_effect(e.type, e.value) for e in spec.module_effects]
    if spec.kind in ("unit", "module") and spec.hit_points > 1:
        out.append(gettext("Tough: %(n)d hit points.") % {"n": spec.hit_points})
    if "clown_explosion" in spec.specials:
        out.append(gettext("May explode instead of attacking: one wound to every tile around."))
    if "melee_and_ranged_same_side" in spec.specials:
        out.append(gettext("Makes both its melee and its ranged attack."))
    return [s for s in out if s]


def gallery(only: Any = None) -> list[dict[str, Any]]:
    """Every army's tiles (or only the armies in `only`)."""
    armies = []
    for army in ARMIES:
        if only is not None and army not in only:
            continue
        tiles = []
        for spec in army_tiles(army):
            tiles.append(
                {
                    "id": spec.id,
                    "drawing": pieces.tile_drawing(spec.id),
                    "name_fr": spec.name_fr,
                    "name_en": spec.name_en,
                    "count": spec.count,
                    "kind": spec.kind,
                    "abilities": abilities(spec),
                }
            )
        total = sum(t["count"] for t in tiles)
        armies.append(
            {"id": army, "name": describe.army_label(army), "tiles": tiles, "total": total}
        )
    return armies


def legend() -> list[dict[str, Any]]:
    """One sample drawing per symbol, with its meaning."""
    samples = [
        ("moloch.eventreur", gettext("Melee attack; one blade per point of strength.")),
        ("posterunek.liquidateur", gettext("Ranged attack; one dot per point of strength.")),
        ("moloch.canon_de_gauss", gettext("Gauss cannon: a double line.")),
        ("moloch.bloqueur", gettext("Armour: a thick bar along the side.")),
        ("moloch.retiaire", gettext("Net: a mesh on the side.")),
        ("moloch.officier", gettext("Module link: a round connector on the side.")),
        ("posterunek.coureur", gettext("Mobility: the triangle on the left.")),
        ("borgo.super_mutant", gettext("Hit points: one dot each; a wound turns it red.")),
    ]
    out = []
    for tile_id, text in samples:
        wounds = 1 if tile_id == "borgo.super_mutant" else 0
        out.append({"drawing": pieces.tile_drawing(tile_id, wounds=wounds), "text": text})
    return out
