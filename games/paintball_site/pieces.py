"""The paintball field's moving layer as SVG: flags, marshals and figures (pure: no request, no
model; markup through format_html only). A figure is a disc in its team's colour with its
number; a star marks an expert; its state shows in its shape (a sentry wears a watch ring, a
figure lying down is flat, a jammed one is grey with a cross); dots under the figures of the team
to play are the action points left. The still grid and the overlays are in drawing.py."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import Hex
from games.hexboard.keys import hex_key
from games.hexboard.svg import join, num, points
from games.hexboard.words import possessive
from games.paintball_site.drawing import LAYOUT, centre, hex_of, smoke
from games.paintball_site.words import figure_name, flag_name

# Where the figures of one hex stand (offsets from its centre) by how many there are.
SLOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 4),),
    2: ((-11, 4), (11, 4)),
    3: ((-12, -4), (12, -4), (0, 15)),
    4: ((-10, -7), (10, -7), (-10, 14), (10, 14)),
    5: ((-18, -6), (0, -6), (18, -6), (-9, 14), (9, 14)),
    6: ((-18, -6), (0, -6), (18, -6), (-18, 14), (0, 14), (18, 14)),
}
MARSHAL_AT = (15, -22)
FLAG_AT = (-15, -22)


def pieces(view: Mapping[str, Any], marks: Mapping[str, str]) -> list[SafeString]:
    """Smoke, flags on the ground, marshals and figures of a view; `marks` adds a class to a
    figure (by id) or to everything in a hex (by "q,r")."""
    out: list[SafeString] = [smoke(h) for h in view.get("smoke") or []]
    carried = {}
    for fid, flag in sorted((view.get("flags") or {}).items()):
        if flag.get("carrier"):
            carried[flag["carrier"]] = fid
        else:
            out.append(flag_svg(fid, flag["hex"]))
    for mid, m in sorted((view.get("marshals") or {}).items()):
        out.append(marshal_svg(mid, m))
    active = view.get("active") if view.get("phase") == "activation" else None
    by_hex: dict[Hex, list[tuple[str, Mapping[str, Any]]]] = {}
    for fid, f in sorted((view.get("figures") or {}).items()):
        if f.get("state") != "out":
            by_hex.setdefault(hex_of(f["hex"]), []).append((fid, f))
    for h, here in sorted(by_hex.items()):
        here.sort(key=lambda item: (item[1]["team"] != "red", item[0]))
        slots = SLOTS[min(len(here), 6)]
        x0, y0 = LAYOUT.to_pixel(h)
        radius = 11.0 if len(here) <= 3 else 9.0
        for (fid, f), (dx, dy) in zip(here, slots, strict=False):
            css = marks.get(fid) or marks.get(hex_key(h)) or ""
            out.append(
                figure_svg(
                    fid,
                    f,
                    x0 + dx,
                    y0 + dy,
                    radius,
                    extra=css,
                    current=view.get("current") == fid,
                    team_to_play=f["team"] == active,
                    flag=carried.get(fid),
                    blind_spots=bool((view.get("advanced") or {}).get("blind_spots")),
                )
            )
    return out


def state_words(f: Mapping[str, Any]) -> str:
    state = f.get("state")
    if state == "sentry":
        return gettext("on sentry duty")
    if state == "disabled":
        if f.get("disabled_by") == "ammo":
            return gettext("out of paint (must reload)")
        return gettext("pinned down")
    if state == "neutral":
        return gettext("gun jammed")
    if state == "out":
        return gettext("out")
    return gettext("ready")


def policy_words(policy: str) -> str:
    return {
        "fire": gettext("fires at whoever comes"),
        "suppress": gettext("pins down whoever comes"),
        "ask": gettext("asks you first"),
    }.get(policy, "")


def figure_title(fid: str, f: Mapping[str, Any], flag: str | None = None) -> str:
    parts = [figure_name(fid), state_words(f)]
    policy = f.get("sentry_policy") if f.get("state") == "sentry" else None
    if policy:  # only in its own team's view: the other team's policies are null there
        parts.append(policy_words(policy))
    if f.get("expert"):
        parts.append(gettext("expert"))
    if f.get("state") != "out":
        ap = int(f.get("ap") or 0)
        parts.append(
            ngettext("%(n)d action point left", "%(n)d action points left", ap) % {"n": ap}
        )
    for g in f.get("grenades") or []:
        parts.append(gettext("smoke grenade") if g == "smoke" else gettext("paint grenade"))
    if flag:
        parts.append(gettext("carries %(flag)s") % {"flag": flag_name(flag)})
    return " · ".join(parts)


def figure_svg(
    fid: str,
    f: Mapping[str, Any],
    x: float,
    y: float,
    radius: float = 11.0,
    *,
    extra: str = "",
    current: bool = False,
    team_to_play: bool = False,
    flag: str | None = None,
    blind_spots: bool = False,
) -> SafeString:
    state = str(f.get("state", "ready"))
    classes = ["fig", f["team"], state]
    if f.get("activated") and team_to_play and not current:
        classes.append("spent")
    if current:
        classes.append("current")
    if extra:
        classes.append(extra)
    r = radius
    parts: list[SafeString] = []
    if state == "sentry":
        parts.append(format_html('<circle class="watch" r="{}"/>', num(r + 3.5)))
    if current:
        parts.append(format_html('<circle class="halo" r="{}"/>', num(r + 5)))
    if state == "disabled":
        parts.append(
            format_html('<ellipse class="body" rx="{}" ry="{}"/>', num(r * 1.3), num(r * 0.62))
        )
    else:
        parts.append(format_html('<circle class="body" r="{}"/>', num(r)))
    parts.append(format_html('<text class="num" y="{}">{}</text>', num(r * 0.42), fid[1:]))
    if state == "neutral":
        d = r * 0.75
        parts.append(
            format_html(
                '<path class="jam" d="M{} {}L{} {}M{} {}L{} {}"/>',
                num(-d),
                num(-d),
                num(d),
                num(d),
                num(-d),
                num(d),
                num(d),
                num(-d),
            )
        )
    if f.get("expert"):
        parts.append(
            format_html(
                '<polygon class="star" points="{}"/>', points(_star(r * 0.75, -r * 0.8, 5.5))
            )
        )
    if blind_spots and state != "disabled":
        parts.append(_facing_mark(int(f.get("facing", 0)), r))
    if flag:
        parts.append(
            format_html(
                '<g class="carried flag-{}"><line x1="{}" y1="{}" x2="{}" y2="{}"/><polygon points="{}"/></g>',
                flag,
                num(-r * 0.9),
                num(-r * 0.2),
                num(-r * 0.9),
                num(-r * 1.9),
                points(((-r * 0.9, -r * 1.9), (-r * 0.9 - 10, -r * 1.55), (-r * 0.9, -r * 1.2))),
            )
        )
    if (
        team_to_play
        and state in ("ready", "sentry", "disabled")
        and not (f.get("activated") and not current)
    ):
        parts.append(_pips(int(f.get("ap", 0)), r))
    return format_html(
        '<g class="{}" data-figure="{}" transform="translate({},{})"><title>{}</title>{}</g>',
        " ".join(classes),
        fid,
        num(x),
        num(y),
        figure_title(fid, f, flag),
        join(parts),
    )


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def _pips(ap: int, r: float) -> SafeString:
    if ap <= 0:
        return mark_safe("")
    gap = 4.5
    x0 = -(ap - 1) * gap / 2
    return format_html(
        '<g class="pips">{}</g>',
        join(
            format_html('<circle cx="{}" cy="{}" r="1.8"/>', num(x0 + i * gap), num(r + 4))
            for i in range(ap)
        ),
    )


def _facing_mark(facing: int, r: float) -> SafeString:
    a = math.radians(-90 + 60 * facing)
    tip = (math.cos(a) * (r + 6), math.sin(a) * (r + 6))
    left = (math.cos(a - 0.45) * (r + 1), math.sin(a - 0.45) * (r + 1))
    right = (math.cos(a + 0.45) * (r + 1), math.sin(a + 0.45) * (r + 1))
    return format_html('<polygon class="facing" points="{}"/>', points((left, tip, right)))


def marshal_svg(mid: str, m: Mapping[str, Any]) -> SafeString:
    x, y = centre(m["hex"])
    busy = m.get("busy")
    title = (
        gettext("Marshal")
        if not busy
        else gettext("Marshal cleaning %(whose)s gun")
        % {"whose": possessive(figure_name(busy.get("jam")))}
    )
    return format_html(
        '<g class="marshal{}" data-marshal="{}" transform="translate({},{})"><title>{}</title>'
        '<circle r="7"/><path d="M-7 0H7M0 -7V7"/><text y="3">M</text></g>',
        " busy" if busy else "",
        mid,
        num(x + MARSHAL_AT[0]),
        num(y + MARSHAL_AT[1]),
        title,
    )


def flag_svg(fid: str, h: Any) -> SafeString:
    x, y = centre(h)
    fx, fy = x + FLAG_AT[0], y + FLAG_AT[1]
    return format_html(
        '<g class="flag flag-{}" data-flag="{}" transform="translate({},{})"><title>{}</title>'
        '<line x1="0" y1="10" x2="0" y2="-8"/><polygon points="0,-8 13,-4 0,0"/></g>',
        fid,
        fid,
        num(fx),
        num(fy),
        flag_name(fid).capitalize(),
    )
