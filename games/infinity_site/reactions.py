"""The seat's own standing reactions ("ORA", spec Part D.1) and ambush triggers (D.4) in its
panel: each own trooper's policy in words and a form of selects to change it; in deployment, the
hidden trooper's ambush. Pure functions of the seat's own view (a spectator's or the other
seat's view holds none of this: the engine's `view` drops `hidden.<other>`), and of a posted
form into the engine's `set_policy` / `set_ambush` move (the engine judges it)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop, ngettext, pgettext

from games.engine.infinity import common as cm
from games.engine.infinity.policies import ASK, AUTO
from games.engine.infinity.position import policy_to_json
from games.infinity_site import analysis
from games.infinity_site.names import trooper_label, weapon_name
from games.infinity_site.picking import game_over

SIGHT = ("shoot", "dodge", "pass", "ask")
TEMPLATE = ("dodge", "same", "pass", "ask")
# The distances a policy offers (hexes), kept to those the trooper's weapons reach.
DISTANCES = (2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 32, 48)
# The engine's refusals a player can reach from these forms, for the catalogues
# (games/matches/services/moves.py translates an engine's sentence through them).
ENGINE_SENTENCES = (
    gettext_noop("Set policies for your own troopers."),
    gettext_noop("That trooper has no such weapon to fire."),
    gettext_noop("That distance is beyond the reach of the weapon."),
    gettext_noop("Only a hidden trooper has an ambush trigger."),
    gettext_noop("That weapon has no such mode for a reaction."),
)


def _sight_choices() -> dict[str, str]:
    return {
        "shoot": gettext("Shoot"),
        "dodge": gettext("Dodge"),
        "pass": gettext("Let it pass"),
        "ask": gettext("Ask me"),
    }


def _template_choices() -> dict[str, str]:
    return {
        "dodge": gettext("Dodge"),
        "same": gettext("The same as on sight"),
        "pass": gettext("Nothing"),
        "ask": gettext("Ask me"),
    }


def hexes(n: int) -> str:
    return ngettext("%(n)d hex", "%(n)d hexes", n) % {"n": n}


def sight_words(policy: Mapping[str, Any]) -> str:
    how = policy.get("on_sight")
    if how == "shoot":
        weapon = policy.get("weapon")
        text = (
            gettext("opens fire (%(weapon)s)") % {"weapon": weapon_name(weapon)}
            if weapon
            else gettext("opens fire with its best weapon")
        )
        if policy.get("max_range"):
            text = gettext("%(fire)s up to %(distance)s") % {
                "fire": text,
                "distance": hexes(int(policy["max_range"])),
            }
        return text
    if how == "dodge":
        return gettext("dodges")
    return gettext("lets it pass") if how == "pass" else gettext("asks you")


def template_words(policy: Mapping[str, Any]) -> str:
    # Only the words said are translated (a panel says them for every trooper, at each move).
    how = policy.get("on_template")
    if how == "dodge":
        return gettext("dodges")
    if how == "same":
        return gettext("does the same")
    return gettext("does nothing") if how == "pass" else gettext("asks you")


def policy_words(policy: Mapping[str, Any]) -> str:
    """A standing reaction in one sentence: "Enemy in sight: opens fire (HMG) up to 12
    hexes. Under a template or an attack: dodges." """
    return gettext("Enemy in sight: %(sight)s. Under a template or an attack: %(template)s.") % {
        "sight": sight_words(policy),
        "template": template_words(policy),
    }


def _mode_label(weapon: str, mode: str) -> str:
    if mode == "N":
        return weapon_name(weapon)
    return pgettext("weapon and ammunition", "%(weapon)s (%(mode)s)") % {
        "weapon": weapon_name(weapon),
        "mode": mode,
    }


def trigger_words(trigger: Mapping[str, Any]) -> str:
    return gettext(
        "Hidden deployment: reveals itself and opens fire (%(weapon)s) when an enemy enters its "
        "line of fire within %(distance)s."
    ) % {
        "weapon": _mode_label(str(trigger["weapon"]), str(trigger.get("mode") or "N")),
        "distance": hexes(int(trigger["within"])),
    }


def _options(choices: Mapping[str, str], chosen: Any) -> list[dict[str, Any]]:
    return [{"value": k, "label": v, "selected": k == chosen} for k, v in choices.items()]


def _distances(reach: int, chosen: Any, words: Mapping[str, Any]) -> list[dict[str, Any]]:
    values = sorted({d for d in DISTANCES if d <= reach} | ({chosen} if chosen else set()))
    out = [{"value": "", "label": words["any_range"], "selected": not chosen}]
    labels = words["distances"]
    return out + [
        {"value": d, "label": labels.get(d) or hexes(d), "selected": d == chosen} for d in values
    ]


def _panel_words() -> Mapping[str, Any]:
    """The words every row's selects repeat, translated once a language (not once a trooper:
    a move's answer and its push each draw the panel, issue 14's profile of an Infinity move).
    Read only: every reader of a language shares them."""
    return _words_in(get_language())


@cache
def _words_in(language: str | None) -> Mapping[str, Any]:
    return {
        "sight": _sight_choices(),
        "template": _template_choices(),
        "best_weapon": gettext("Its best weapon"),
        "any_range": gettext("Any range"),
        "distances": {d: hexes(d) for d in DISTANCES},
    }


def own_secret(view: Mapping[str, Any]) -> tuple[int, dict[str, Any]] | None:
    """The seat's own secret part of its view, or None for a spectator."""
    seat = view.get("seat")
    if not isinstance(seat, int):
        return None
    own = (view.get("hidden") or {}).get(str(seat))
    return (seat, own) if isinstance(own, dict) else None


def panel(view: Mapping[str, Any], editing: str | None = None) -> dict[str, Any] | None:
    """What the seat's "Reactions" section shows: a row per own trooper still in the game (its
    name, its policy in words), whether it may change them now (the seat is asked to play), and
    the ambush form while it deploys a hidden trooper. Only the row of `editing` (the trooper
    whose reaction the player opened: `?ora=<id>` in the page's address, a pick like any other)
    carries its form's choices: seven troopers' forms were half of every answer and push of an
    Infinity match for a section players open rarely (issue 14)."""
    found = own_secret(view)
    if found is None or game_over(view):  # nothing left to react to
        return None
    state = analysis.state_of(view)
    if state is None:
        return None
    seat, own = found
    default = policy_to_json(
        AUTO if (view.get("options") or {}).get("reactions") == "auto" else ASK
    )
    policies = own.get("policies") or {}
    triggers = {a["trooper"]: a for a in own.get("ambush") or []}
    hidden = set(own.get("hidden_deployment") or [])
    asked = seat in (view.get("to_act") or [])
    rows = []
    for t in view.get("troopers", []):
        if t["seat"] != seat or t.get("state") == "dead":
            continue
        tid = t["id"]
        policy = {**default, **(policies.get(tid) or {})}
        row: dict[str, Any] = {
            "id": tid,
            "name": trooper_label(tid, view),
            "words": policy_words(policy),
            "ambush": trigger_words(triggers[tid]) if tid in triggers else "",
            "hidden": tid in hidden,
            "editing": asked and tid == editing,
        }
        if row["editing"]:
            row.update(_form_choices(state.trooper(tid), policy))
        rows.append(row)
    pending = (view.get("turn") or {}).get("pending") or {}
    return {
        "rows": rows,
        "can_change": asked,
        "editing": any(row["editing"] for row in rows),
        "ambush": _ambush_rows(state, view, triggers, hidden)
        if asked and pending.get("kind") == "deploy"
        else [],
    }


def _form_choices(trooper: Any, policy: Mapping[str, Any]) -> dict[str, Any]:
    """The selects of one trooper's reaction form, its standing policy chosen."""
    words = _panel_words()
    weapons = cm.ranged_weapons(trooper)
    reach = max((cm.reach(w) for w in weapons), default=0)
    return {
        "sight": _options(words["sight"], policy["on_sight"]),
        "template": _options(words["template"], policy["on_template"]),
        "weapons": [{"value": "", "label": words["best_weapon"], "selected": False}]
        + [
            {"value": w.id, "label": weapon_name(w.id), "selected": w.id == policy["weapon"]}
            for w in weapons
        ],
        "distances": _distances(reach, policy["max_range"], words) if reach else [],
    }


def _ambush_rows(state, view, triggers, hidden) -> list[dict[str, Any]]:
    rows = []
    for tid in sorted(hidden & set(triggers)):
        trigger = triggers[tid]
        fire = []
        for w in cm.ranged_weapons(state.trooper(tid)):
            for mode, m in w.modes.items():
                if not m.no_aro:
                    value = f"{w.id}|{mode}"
                    chosen = (w.id, mode) == (trigger["weapon"], trigger.get("mode") or "N")
                    fire.append(
                        {"value": value, "label": _mode_label(w.id, mode), "selected": chosen}
                    )
        reach = max((cm.reach(w) for w in cm.ranged_weapons(state.trooper(tid))), default=0)
        within = [
            {"value": n, "label": hexes(n), "selected": n == trigger["within"]}
            for n in range(1, reach + 1)
        ]
        rows.append({"id": tid, "name": trooper_label(tid, view), "fire": fire, "within": within})
    return rows


def _number(value: Any) -> Any:
    """A posted whole number as a number; anything else as it came (the engine refuses it)."""
    text = str(value or "").strip()
    return int(text) if text.isascii() and text.isdigit() else (text or None)


def policy_move(post: Any) -> dict[str, Any]:
    """The posted reactions form as the engine's `set_policy` move of one trooper; a weapon
    and a distance only with "Shoot" (they mean nothing otherwise)."""
    shoot = post.get("on_sight") == "shoot"
    return {
        "type": "set_policy",
        "troopers": [str(post.get("trooper", ""))],
        "policy": {
            "on_sight": post.get("on_sight", ""),
            "on_template": post.get("on_template", ""),
            "weapon": (post.get("weapon") or None) if shoot else None,
            "max_range": _number(post.get("max_range")) if shoot else None,
        },
    }


def ambush_move(post: Any) -> dict[str, Any]:
    """The posted ambush form as the engine's `set_ambush` move: every hidden trooper's trigger
    (the engine replaces them all at once)."""
    triggers = []
    for tid in post.getlist("trooper")[:10]:
        weapon, _, mode = str(post.get(f"fire-{tid}", "")).partition("|")
        triggers.append(
            {
                "trooper": tid,
                "weapon": weapon,
                "mode": mode or "N",
                "within": _number(post.get(f"within-{tid}")),
            }
        )
    return {"type": "set_ambush", "triggers": triggers}
