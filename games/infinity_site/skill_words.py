"""A skill, its modifiers and the troopers it names, in the reader's language: the pieces of the
log's sentences (describe.py) and of the order's summary on the page (site.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop

from games.infinity_site.cast import cast_view
from games.infinity_site.names import echo_label, mine_label, trooper_label, weapon_name

Event = Mapping[str, Any]


def trooper_in(e: Event, key: str = "trooper") -> str:
    """The trooper (or marker) an event names under `key`, as its cast says (cast.py); a
    Holo-echo's id (engine holo.py: the event's `echo_of`, as `picking.pick_form` gives a move)
    as a Holo-echo."""
    if e.get(key) in (e.get("echo_of") or {}):
        return echo_label(e.get(key))
    return trooper_label(e.get(key), cast_view(e))


def troopers(ids: Sequence[Any], e: Event) -> str:
    """Troopers the event `e` names, as its cast says; Holo-echoes as such."""
    cast = cast_view(e)
    echoes = e.get("echo_of") or {}
    return ", ".join(echo_label(t) if t in echoes else trooper_label(t, cast) for t in ids)


MODS = {
    "range": lambda v: gettext("range %(v)+d") % {"v": v},
    "infiltration": lambda v: gettext("infiltration %(v)+d") % {"v": v},
    "cover": lambda v: gettext("cover %(v)+d") % {"v": v},
    "fireteam": lambda v: gettext("fireteam %(v)+d") % {"v": v},
    "speculative": lambda v: gettext("speculative %(v)+d") % {"v": v},
    "berserk": lambda v: gettext("berserk %(v)+d") % {"v": v},
    "i_kohl": lambda v: gettext("i-Kohl %(v)+d") % {"v": v},
    "camouflage": lambda v: gettext("camouflage %(v)+d") % {"v": v},
}


def mods_text(mods: Mapping[str, int]) -> str:
    return ", ".join(MODS[k](v) if k in MODS else f"{k} {v:+d}" for k, v in mods.items() if v)


# The engine's refusals of an Intuitive Attack (intuitive.py), for the catalogues
# (games/matches/services/moves.py translates an engine's sentence through them).
INTUITIVE_REFUSALS = (
    gettext_noop("Aim an Intuitive Attack at an enemy camouflage marker."),
    gettext_noop("An Intuitive Attack needs a direct template weapon (a teardrop)."),
    gettext_noop("No template of that weapon, in its front arc, reaches that marker."),
    gettext_noop("A long skill is the whole order: declare it first."),
    gettext_noop("A long skill is the whole order: nothing follows it."),
)


def skill_text(e: Event) -> str:
    text = _one_skill(e)
    others = [p.get("trooper") for p in e.get("coordinated") or []]
    if others:
        text += gettext(", together with %(others)s") % {"others": troopers(others, e)}
    return text


def _one_skill(e: Event) -> str:
    skill = e.get("skill")
    who = trooper_in(e)
    if skill in ("climb", "jump"):  # engine heights.py
        from games.infinity_site.height_words import skill as height_skill

        return height_skill(e) or ""
    if skill == "move":
        return gettext("%(who)s moves") % {"who": who}
    if skill == "change_facing":
        return gettext("%(who)s turns") % {"who": who}
    if skill == "dodge":
        return gettext("%(who)s dodges") % {"who": who}
    if skill == "prone":
        return gettext("%(who)s goes prone") % {"who": who}
    if skill == "get_up":
        return gettext("%(who)s gets up") % {"who": who}
    if skill == "discover":
        return gettext("%(who)s tries to discover %(target)s") % {
            "who": who,
            "target": trooper_in(e, "target"),
        }
    if skill == "withdraw":
        return gettext("%(who)s flees the battlefield by its table edge") % {"who": who}
    if skill == "bs_attack" and e.get("mine"):  # engine mines.py: a mine known to be one
        return gettext("%(who)s shoots at %(mine)s with the %(weapon)s") % {
            "who": who,
            "mine": mine_label(e.get("mine")),
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "minesweep":
        return gettext("%(who)s turns the enemy mines around it with its Minesweeper") % {
            "who": who
        }
    if skill == "bs_attack" and e.get("structure"):
        return gettext("%(who)s shoots at the scenery with the %(weapon)s") % {
            "who": who,
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "bs_attack":
        targets = [t["trooper"] for t in e.get("targets") or []]
        if targets:
            return gettext("%(who)s shoots %(targets)s with the %(weapon)s") % {
                "who": who,
                "targets": troopers(targets, e),
                "weapon": weapon_name(e.get("weapon")),
            }
        return gettext("%(who)s places the %(weapon)s's template") % {
            "who": who,
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "cc_attack" and e.get("berserk"):
        return gettext("%(who)s goes berserk on %(target)s in close combat") % {
            "who": who,
            "target": trooper_in(e, "target"),
        }
    if skill == "cc_attack":
        return gettext("%(who)s attacks %(target)s in close combat") % {
            "who": who,
            "target": trooper_in(e, "target"),
        }
    if skill == "heal":
        return gettext("%(who)s treats %(target)s") % {
            "who": who,
            "target": trooper_in(e, "target"),
        }
    if skill == "intuitive":
        return gettext("%(who)s attacks %(target)s intuitively with the %(weapon)s") % {
            "who": who,
            "target": trooper_in(e, "target"),
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "speculative":
        return gettext("%(who)s fires the %(weapon)s speculatively, out of sight") % {
            "who": who,
            "weapon": weapon_name(e.get("weapon")),
        }
    if skill == "holo_reactivate":  # Holoprojector L1 (engine disguise.py)
        from games.infinity_site.disguise_words import reactivation

        return reactivation(who, e)
    if skill == "recamouflage":  # the other side reads a marker's id for `who` (the cover)
        return gettext("%(who)s camouflages again, out of every enemy's sight") % {"who": who}
    if skill == "sync_civilian":
        return gettext("%(who)s tries to lead %(civilian)s") % {
            "who": who,
            "civilian": trooper_in(e, "civilian"),
        }
    return gettext("%(who)s does nothing more") % {"who": who}
