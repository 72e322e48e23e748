"""The Infinity army builder's rows (games/armies supplies the page, saving, import, export and
choosing a list for a match). A list picks its sectorial and one profile per trooper; every
figure shown (points, SWC, AVA, problems) comes from the engine's `price_army`
(games/engine/infinity/armies.py); this module only reads the form and words the results."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.armies.builders import ArmyBuilder, Option
from games.engine.infinity import armies as rules
from games.engine.infinity import infiltration
from games.engine.infinity.data import profile, profiles
from games.engine.protocol import ArmyPrice, ArmyProblem
from games.infinity_site.names import ARMIES, profile_label, unit_name


def _swc(halves: int) -> str:
    return f"{halves // 2}" + (".5" if halves % 2 else "")


def option_label(pid: str) -> str:
    """'Alguacil (HMG) · 19 pts · SWC 1', the Lieutenant named (the list is its owner's)."""
    prof = profile(pid)
    name = profile_label(pid)
    if prof.has("lieutenant"):
        name = _("%(name)s, Lieutenant") % {"name": name}
    if prof.has("to_camouflage"):  # it deploys as a marker: worth saying when choosing
        name = _("%(name)s, TO camouflage") % {"name": name}
    elif prof.has("camouflage") or prof.has("limited_camouflage"):
        name = _("%(name)s, camouflage") % {"name": name}
    if infiltration.profile_level(prof) is not None:  # it may deploy forward
        name = _("%(name)s, infiltration") % {"name": name}
    points = ngettext("%(n)d pt", "%(n)d pts", prof.points) % {"n": prof.points}
    swc = _("SWC %(used)s") % {"used": _swc(round(2 * rules.swc_of(pid)))}
    return f"{name} · {points} · {swc}"


@dataclass(frozen=True)
class Row:
    index: int
    profile: list[Option]
    cost_text: str


class InfinityArmyBuilder(ArmyBuilder):
    system = "infinity"
    template = "infinity_site/army_units.html"
    max_units = rules.MAX_TROOPERS + 2  # room to see the "ten at most" problem

    def blank(self) -> dict[str, Any]:
        return {**rules.starter("corregidor"), "name": ""}

    def with_new_unit(self, army: Mapping[str, Any]) -> dict[str, Any]:
        """Adds a trooper; after the army was switched to the other sectorial (its troopers
        are not of it), starts again from that sectorial's starter roster instead."""
        units = list(army.get("units") or [])
        sectorial = str(army.get("sectorial") or "corregidor")
        choices = rules.offered(sectorial)
        if not choices:
            return dict(army)
        if units and all(u.get("profile") not in choices for u in units):
            return {**army, "units": rules.starter(sectorial)["units"]}
        if len(units) >= self.max_units:
            return dict(army)
        plain = next((p for p in choices if not profile(p).has("lieutenant")), choices[0])
        return {**army, "units": [*units, {"profile": plain}]}

    def from_post(self, post: Mapping[str, Any], name: str) -> dict[str, Any]:
        sectorial = str(post.get("sectorial") or "corregidor")
        try:
            total = max(0, min(int(post.get("u-total", 0)), self.max_units))
        except (TypeError, ValueError):
            total = 0
        units = [{"profile": str(post.get(f"u-{i}-profile") or "")} for i in range(total)]
        army: dict[str, Any] = {
            "schema": 1,
            "system": "infinity",
            "name": name,
            "sectorial": sectorial,
            "units": units,
        }
        try:
            limit = int(str(post.get("points_limit") or "").strip())
        except ValueError:
            limit = 0
        if limit > 0:
            army["points_limit"] = limit
        return army

    def rows(self, army: Mapping[str, Any], price: ArmyPrice) -> list[Row]:
        sectorial = str(army.get("sectorial") or "")
        choices = rules.offered(sectorial)
        priced = {u.id: u for u in price.units}
        out = []
        for i, unit in enumerate(army.get("units") or []):
            pid = str(unit.get("profile") or "")
            options = [Option(p, option_label(p), p == pid) for p in choices]
            if pid not in choices:  # kept visible, so the problem can be read and fixed
                label = option_label(pid) if pid in profiles() else pid
                options.insert(0, Option(pid, label, True))
            u = priced.get(f"u{i + 1}")
            cost = ngettext("%(n)d pt", "%(n)d pts", u.subtotal) % {"n": u.subtotal} if u else ""
            out.append(Row(i, options, cost))
        return out

    def summary(self, army: Mapping[str, Any], price: ArmyPrice) -> list[str]:
        if price.total is None:
            return []
        figures = price.figures
        lines = [
            ngettext(
                "%(n)d trooper (ten at most: one combat group)",
                "%(n)d troopers (ten at most: one combat group)",
                figures.get("troopers", 0),
            )
            % {"n": figures.get("troopers", 0)}
        ]
        swc = _("SWC %(used)s") % {"used": _swc(figures.get("swc_halves", 0))}
        if "swc_allowed_halves" in figures:
            swc = _("SWC %(used)s of %(allowed)s (one per 50 points of the limit)") % {
                "used": _swc(figures["swc_halves"]),
                "allowed": _swc(figures["swc_allowed_halves"]),
            }
        lines.append(swc)
        sectorial = str(army.get("sectorial"))
        counts = Counter(profile(u["profile"]).unit for u in army.get("units") or [])
        for unit, count in sorted(counts.items()):
            ava = rules.ava_of(sectorial, unit)
            if ava is not None:
                lines.append(
                    _("%(unit)s: %(n)d of %(ava)d allowed")
                    % {"unit": unit_name(unit), "n": count, "ava": ava}
                )
        return lines

    def explain(self, problem: ArmyProblem, army: Mapping[str, Any], price: ArmyPrice) -> str:
        limit = army.get("points_limit")
        if problem.code == "over_ava":
            return _("Too many %(unit)s: the sectorial allows %(ava)s.") % {
                "unit": unit_name(problem.unit or ""),
                "ava": rules.ava_of(str(army.get("sectorial")), problem.unit or ""),
            }
        texts = {
            "unknown_sectorial": _("Choose the Corregidor or the Japanese Sectorial Army."),
            "unknown_profile": _("A trooper has no profile the army knows: choose one."),
            "not_in_sectorial": _(
                "A trooper is not part of this sectorial army: choose one of its profiles."
            ),
            "one_lieutenant": _("An army has exactly one Lieutenant option."),
            "group_size": _("An army has one to ten troopers (one combat group)."),
            "over_swc": _("The army's SWC is over its allowance of one per 50 points."),
            "over_points_limit": _("The army costs %(total)d points, over its limit of %(limit)s.")
            % {"total": price.total or 0, "limit": limit},
        }
        return texts.get(problem.code, problem.code)

    def describe(self, army: Mapping[str, Any]) -> str:
        counts = Counter(
            profile(u["profile"]).unit
            for u in army.get("units") or []
            if u.get("profile") in profiles()
        )
        parts = ", ".join(f"{n} {unit_name(unit)}" for unit, n in counts.items())
        return _("%(army)s: %(units)s") % {
            "army": ARMIES.get(str(army.get("sectorial")), ""),
            "units": parts,
        }

    @property
    def sectorial_names(self) -> list[tuple[str, str]]:
        return [(s, str(ARMIES[s])) for s in rules.SECTORIALS]


BUILDER = InfinityArmyBuilder()
