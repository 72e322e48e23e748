"""The match page's Hexpanse panels, from the seat's view and its legal moves: the move being
built (builder.py) with its preview and warnings, the menu of actions, the players' motherships,
the market, the player's cards and the missions with their progress."""

from __future__ import annotations

import functools
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, ngettext

from games.engine.hexpanse.data import card
from games.engine.hexpanse.patterns import progress
from games.engine.hexpanse.state import team_of
from games.hexboard.protocol import Button, move_json
from games.hexboard.words import of_name
from games.hexpanse_site import builder, labels, preview, texts
from games.hexpanse_site.pieces import (
    LAYOUT,
    card_pattern_svgs,
    merc_mark,
    minor_mark,
    mission_svg,
)


@dataclass
class Item:
    label: str
    href: str = ""
    button: Button | None = None
    testid: str = ""
    note: str = ""  # what the choice means (a faction's ability, a minor faction's)
    drawing: SafeString | None = None  # a mission's shape


@dataclass
class Panel:
    seat: int | None
    built: builder.Built
    instruction: str = ""
    warnings: list[str] = field(default_factory=list)
    options: list[Item] = field(default_factory=list)
    menu: list[tuple[str, list[Item]]] = field(default_factory=list)
    confirm: Button | None = None
    cancel: str = ""
    rotate: tuple[str, str] | None = None
    decision: str = ""
    title: str = ""  # the move being built
    kinds: dict[str, Item] = field(default_factory=dict)  # every kind offered, by its key
    layer: dict[str, Any] = field(default_factory=dict)


def legal_of(turn: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The engine's legal moves, as the platform handed them to hexboard (every move is a plain
    control: Hexpanse builds its moves itself)."""
    buttons = list(turn.get("controls") or [])
    decision = turn.get("decision") or {}
    buttons += list(decision.get("options") or [])
    return [json.loads(b.move) for b in buttons]


def _menu_item(k: str, forms: list[tuple[dict[str, Any], dict[str, Any]]], view, seat) -> Item:
    label = labels.kind_label(k, view, seat)
    mine = [m for f, m in forms if f["_k"] == k]
    testid = "kind-" + k.replace(":", "-").replace(",", "_")
    note, drawing = _setup_note(k)
    if len(mine) == 1 and set(builder.form_of(mine[0])) == {"_k"}:
        button = Button(label, move_json(mine[0]), testid)
        return Item(label, button=button, testid=testid, note=note, drawing=drawing)
    return Item(label, href=builder.link({"_k": k}), testid=testid, note=note, drawing=drawing)


def _setup_note(k: str) -> tuple[str, SafeString | None]:
    """What a setup choice means: the faction's ability, the minor faction's, the mission's
    shape."""
    head, _, value = k.partition(":")
    if head == "choose_faction":
        return texts.faction_text(value), None
    if head in ("choose_minor", "draft_keep", "draft_discard"):
        return texts.minor_text(value), None
    if head == "pick_mission":
        return texts.mission_text(value), mission_svg(value, texts.mission_name(value))
    return "", None


GROUPS = (
    ("decide", ("resolve", "protect", "choose_faction", "choose_minor", "draft_keep",
                "draft_discard", "pick_mission")),
    ("place", ("place",)),
    ("units", ("attack", "return", "recover", "activate")),
    ("warlord", ("heal", "move_warlord", "ability")),
    ("cards", ("play",)),
    ("economy", ("gain", "raise_income")),
    ("market", ("buy",)),
    ("end", ("end_actions", "end_turn")),
)  # fmt: skip


def on_a_card(k: str) -> bool:
    """Kinds offered on the card they are about (the market, the player's cards), not in the
    menu."""
    head, _, rest = k.partition(":")
    return (
        head in ("play", "buy")
        or rest.startswith("merc:")
        or (head == "activate" and rest != "minor")
    )


def group_title(name: str) -> str:
    return {
        "decide": gettext("Decide"),
        "place": gettext("Place a unit"),
        "units": gettext("Your units"),
        "warlord": gettext("Your warlord"),
        "cards": gettext("Your action cards"),
        "economy": gettext("Hexilum"),
        "market": gettext("Market"),
        "end": "",
    }[name]


def _menu(panel: Panel, view, seat) -> None:
    forms = panel.built.forms
    kinds: list[str] = []
    for f, _ in forms:
        if f["_k"] not in kinds:
            kinds.append(f["_k"])
    for k in kinds:
        panel.kinds[k] = _menu_item(k, forms, view, seat)
    for name, heads in GROUPS:
        items = [panel.kinds[k] for k in kinds if k.partition(":")[0] in heads and not on_a_card(k)]
        if items:
            panel.menu.append((group_title(name), items))


def instruction(view: Mapping[str, Any], seat: int | None, built: builder.Built, names) -> str:
    """What to do next, in one line, in every state."""
    if view.get("result"):
        return gettext("The game is over.")
    acting = view.get("to_act") or []
    if seat is None or seat not in acting:
        if not acting:
            return ""
        waited = ", ".join(texts.seat_name(dict(view), s, names) for s in acting)
        pending = view.get("pending") or []
        if pending and pending[0]["kind"] == "protect":
            # The attack waits for the defender's answer (M01) and is not in the log yet:
            # without this the attacker read « Waiting for bruno. » and no reason.
            if seat == view["turn"]["seat"]:
                return gettext(
                    "Waiting for %(p)s: they decide whether their Protector takes your attack "
                    "instead."
                ) % {"p": waited}
            return gettext(
                "Waiting for %(p)s: they decide whether their Protector takes the attack instead."
            ) % {"p": waited}
        return gettext("Waiting for %(p)s.") % {"p": waited}
    if built.kind:
        return labels.step_prompt(built.step, built.kind)
    setup = view.get("setup")
    if setup:
        return {
            "faction": gettext("Choose your faction."),
            "minor": gettext("Choose your minor faction."),
            "draft": gettext("Keep one minor faction of this pack; the others pass on."),
            "discard": gettext("Give up one of the three minor factions you drafted."),
            "mission": gettext("Choose your secret mission; the one left over is common."),
        }.get(setup["step"], "")
    if view.get("pending"):
        return labels.pending_sentence(view, names)
    turn = view["turn"]
    if turn["phase"] == "market":
        return gettext("Market: buy cards you can pay for, then end your turn.")
    left = int(turn["actions_left"])
    return ngettext(
        "Your turn: %(n)d action left. Choose it below, or on the board.",
        "Your turn: %(n)d actions left. Choose one below, or on the board.",
        left,
    ) % {"n": left}


def build_panel(
    turn: Mapping[str, Any],
    seat: int | None,
    query: Mapping[str, Any],
    names: Sequence[str] = (),
) -> Panel:
    view = turn["view"]
    legal = legal_of(turn) if seat is not None else []
    built = builder.build(legal, query)
    panel = Panel(seat, built)
    panel.instruction = instruction(view, seat, built, names)
    if view.get("pending") and legal:
        panel.decision = labels.pending_sentence(view, names)
    if built.kind is None:
        _menu(panel, view, seat)
    else:
        panel.cancel = "?"
        panel.title = labels.kind_label(built.kind, view, seat)
        if built.step is not None and built.step not in builder.HEX_FIELDS:
            panel.options = [
                Item(
                    labels.value_label(built.step, v, view, names),
                    href=builder.link({**built.selection, built.step: v}),
                    testid=f"pick-{built.step.strip('_')}-{i}",
                )
                for i, v in enumerate(built.targets)
            ]
        if len(built.rotations) > 1:
            panel.rotate = (builder.rotation_link(built, -1), builder.rotation_link(built, 1))
        if built.move is not None:
            label = labels.kind_label(built.kind, view, seat)
            panel.confirm = Button(
                gettext("Confirm: %(what)s") % {"what": label},
                move_json(built.move),
                "confirm-move",
                primary=True,
            )
            panel.warnings = preview.warnings(view, seat, built.move)
    panel.layer = preview.layer(view, seat, built, names)
    return panel


# --- the table: motherships, market, cards, missions ---------------------------------------------


def seat_boards(
    view: Mapping[str, Any], seat: int | None, names: Sequence[str], mine: Collection[int] = ()
) -> list[dict]:
    """Every seat's mothership; `mine`: the reader's seats (a person may hold both seats of a
    team), each marked as theirs, `seat` among them."""
    out = []
    turn = view["turn"]
    for i, s in enumerate(view["seats"]):
        minors = [
            {
                "name": texts.minor_name(m),
                "mark": minor_mark(m),  # as its units bear it on the board
                "reserve": s["reserve"]["minor"].get(m, 0),
                "healing": s["healing"]["minor"].get(m, 0),
                "text": texts.minor_text(m),
            }
            for m in s["minors"]
        ]
        out.append(
            {
                "index": i,
                "name": texts.seat_name(dict(view), i, names),
                "faction": s["faction"] or "none",
                "me": i == seat or i in mine,
                "current": turn["seat"] == i and turn["phase"] in ("actions", "market"),
                "alive": s["alive"],
                "life": s["life"],
                "skull": s["alive"] and s["life"] == 1,
                "hexilum": s["hexilum"],
                "income": s["income"],
                "reserve": s["reserve"],
                "healing": s["healing"],
                "minors": minors,
                "hand": [texts.card_name(c) for c in s["hand"]],
                "mercs": [
                    {"name": texts.card_name(c), "mark": merc_mark(c), "on_card": n}
                    for c, n in sorted(s["mercs"].items())
                ],
                "secret": s["secret_mission"],
                # R124 [G]: every secret mission is shown once the game is over.
                "shown_mission": (
                    texts.mission_name(s["secret_mission"])
                    if view.get("result") and s["secret_mission"] not in (None, "hidden")
                    else ""
                ),
                "policy": s["protector_policy"],
                "ability": texts.faction_text(s["faction"]) if s["faction"] else "",
            }
        )
    return out


def card_info(code: str, kinds: Mapping[str, Item] | None = None) -> dict[str, Any]:
    """A card as the panels show it: name, cost, type, text, pattern drawings, and the links or
    buttons of the moves about it that the player may make now."""
    kinds = kinds or {}
    actions = [
        item
        for k, item in kinds.items()
        if k in (f"buy:{code}", f"place:merc:{code}", f"activate:{code}")
        or k.startswith(f"play:{code}:")
    ]
    return {**_card_face(code, get_language()), "actions": actions}


@functools.lru_cache(maxsize=256)  # 50 cards, a few languages
def _card_face(code: str, language: str | None) -> dict[str, Any]:
    """What a card shows whatever the position, in the active language (`language` keys the
    cache): the market, hands and the rules page draw the same cards at every page, and their
    words and pattern drawings were half of a Hexpanse page's work (issue 14). Shared:
    read-only, its lists are tuples."""
    return {
        "code": code,
        "name": texts.card_name(code),
        "type": texts.card_type(code),
        "cost": _cost(code),
        # A mercenary's card bears the mark its unit bears on the board.
        "mark": merc_mark(code) if card(code).is_merc else "",
        "lines": tuple(texts.card_lines(code)),
        "patterns": tuple(
            card_pattern_svgs(
                code, gettext("Pattern %(of_c)s") % {"of_c": of_name(texts.card_name(code))}
            )
        ),
    }


def _cost(code: str) -> int:
    return card(code).cost


def market(view: Mapping[str, Any], kinds: Mapping[str, Item]) -> list[dict[str, Any]]:
    if isinstance(view["market"], dict):
        return []
    return [card_info(c, kinds) for c in view["market"] if c]


def extra_cards(view: Mapping[str, Any], kinds: Mapping[str, Item]) -> list[dict[str, Any]]:
    extra = view["turn"].get("extra_cards")
    return [card_info(c, kinds) for c in extra] if isinstance(extra, list) else []


def my_cards(view: Mapping[str, Any], seat: int | None, kinds: Mapping[str, Item]) -> list[dict]:
    if seat is None:
        return []
    s = view["seats"][seat]
    return [card_info(c, kinds) for c in [*dict.fromkeys(s["hand"]), *sorted(s["mercs"])]]


def mission_panels(view: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The common mission (and the seat's team's secret ones), with how many of the nine hexes
    the seat's team holds of its best unblocked placement, and the best opponent's."""
    missions = view["missions"]
    common = missions.get("common")
    codes: list[tuple[str, bool]] = []
    if common and common != "hidden":
        codes.append((common, False))
    teams = tuple(tuple(t) for t in view["teams"]) if view.get("teams") else None
    mates = team_of(teams, seat) if seat is not None else ()
    for i in mates:
        secret = view["seats"][i]["secret_mission"]
        if secret and secret != "hidden" and (secret, True) not in codes:
            codes.append((secret, True))
    out = []
    for code, secret in codes:
        mine = best_progress(view, seat, code)[0] if seat is not None else 0
        rivals = [
            best_progress(view, i, code)[0]
            for i, s in enumerate(view["seats"])
            if s["alive"] and i not in mates
        ]
        out.append(
            {
                "code": code,
                "name": texts.mission_name(code),
                "asks": texts.mission_text(code),
                "secret": secret,
                "mine": mine,
                "rival": max(rivals, default=0),
                "drawing": mission_svg(code, texts.mission_name(code), mine),
            }
        )
    return out


def best_progress(view: Mapping[str, Any], seat: int, code: str):
    teams = tuple(tuple(t) for t in view["teams"]) if view.get("teams") else None
    team = team_of(teams, seat)
    units = [(builder_hex(h), u) for h, u in view["units"].items()]
    owned = frozenset(h for h, u in units if u["owner"] in team)
    blocked = frozenset(h for h, u in units if u["owner"] not in team)
    return progress(code, view["board"], len(view["seats"]), owned, blocked)


def builder_hex(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def svg_px(h: tuple[int, int]) -> tuple[float, float]:
    return LAYOUT.to_pixel(h)


def no_markup() -> SafeString:
    return SafeString("")
