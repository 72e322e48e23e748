"""A model's profile in words: the short label drawn on it, its card (tap, hover or focus), the
sentence screen readers hear, and the scenario figure of each side (pure, translated)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.skirmish_site import describe


def short_label(m: Mapping[str, Any], name: str) -> str:
    """Two or three characters: the unit's initial and the model's number ("T3", "C")."""
    initial = describe.unit_name(m.get("name") or m.get("unit") or m["id"])[:1].upper()
    number = name.rsplit(" ", 1)[-1] if name and name[-1:].isdigit() else ""
    return f"{initial}{number}"[:3]


def _move(m: Mapping[str, Any]) -> str:
    if m.get("fly"):
        return _("flies %(inches)d''") % {"inches": m["move"]}
    return f"{m['move']}''"


def stats(m: Mapping[str, Any]) -> str:
    melee = f"{m['melee']}" + (f"×{m['melee_attacks']}" if m.get("melee_attacks", 1) > 1 else "")
    shoot = f"{m['shoot']}" + (f"×{m['shoot_attacks']}" if m.get("shoot_attacks", 1) > 1 else "")
    return _("Move %(move)s · Melee %(melee)s · Shoot %(shoot)s · Armour %(armour)s") % {
        "move": _move(m),
        "melee": melee,
        "shoot": shoot,
        "armour": m["armour"],
    }


def traits(m: Mapping[str, Any], *, effects: bool = True) -> list[str]:
    out = []
    if m.get("prisoner"):
        out.append(_("the prisoner") if m["prisoner"] != "free" else _("freed prisoner"))
    elif m.get("hero"):
        out.append(_("Hero"))
    if m.get("vehicle"):
        out.append(_("Vehicle"))
    if m.get("powerful"):
        out.append(_("Powerful"))
    if m.get("item"):
        item = m["item"]
        name = str(describe.ITEMS.get(item, item))
        effect = describe.ITEM_EFFECTS.get(item, "")
        out.append(
            _("%(item)s: %(effect)s") % {"item": name, "effect": effect} if effects else name
        )
    damage = m.get("damage") or []
    if damage:
        out.append(
            _("damage: %(list)s")
            % {"list": ", ".join(str(describe.DAMAGE.get(d, d)) for d in damage)}
        )
    return out


def status(m: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
    out = []
    if m.get("snap_fired"):
        out.append(_("snap-fired this turn"))
    if m.get("moved"):
        out.append(_("has moved"))
    barrel = view["position"]["scenario_state"].get("barrel")
    if barrel and barrel.get("carrier") == m["id"]:
        out.append(_("carries the barrel"))
    return out


def owner(m: Mapping[str, Any]) -> str:
    return str(describe.SEAT_COLOURS.get(m["seat"], m["seat"]))


def card_lines(m: Mapping[str, Any], name: str, view: Mapping[str, Any]) -> list[str]:
    lines = [f"{name} ({owner(m)})", stats(m)]
    lines += traits(m, effects=False)
    lines += status(m, view)
    return [line if len(line) <= 42 else line[:41] + "…" for line in lines]


def profile_sentence(m: Mapping[str, Any], name: str, view: Mapping[str, Any]) -> str:
    parts = [f"{name} ({owner(m)})", stats(m), *traits(m), *status(m, view)]
    return ". ".join(parts) + "."


def figure_text(scenario: str | None, figure: float) -> str:
    value = int(figure)
    if scenario == "pitched_battle":
        return _("%(n)d pts killed") % {"n": value}
    if scenario == "looting":
        return _("%(n)d credits") % {"n": value}
    if scenario == "king_of_the_hill":
        return _("%(n)d on the hill") % {"n": value}
    if scenario == "hold_the_ground":
        return _("%(n)d pieces held") % {"n": value}
    if scenario in ("rescue", "radioactive_barrel"):
        return _("winning") if value else ""
    return ""
