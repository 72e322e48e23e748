"""How clicks build an Infinity move on the shared board: the hex a move is picked by (`spot`:
the trooper to order, the destination, the target, the reacting trooper) and, among the moves
there, a short option key cycled in the order a player would try them (`opt`); the whole-army
reaction policies in a word. Pure functions of a view and a move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.hexgrid import Hex, neighbour
from games.engine.infinity import geometry as geo
from games.engine.infinity.data import weapon
from games.hexboard.picks import PickSpec
from games.infinity_site import analysis
from games.infinity_site.climb_picks import FIELDS as CLIMBERS

PICKS = PickSpec(
    order={
        # koala1, koala2: a carrier's CrazyKoalas, after its deployment or movement skill is
        # picked (koala_picks.py)
        "deploy": ("hex", "opt", "koala1", "koala2"),
        "lay_mine": ("hex",),  # a Minelayer's mine (mines.py)
        "order": ("spot", "opt"),
        # who1, to1…: a fireteam's other climbers, after the first climber's hex (climb_picks.py)
        "declare": ("spot", "opt", "koala1", "koala2", *CLIMBERS),
        "aro": ("spot", "opt"),
        "guts": ("to",),
    },
    hex_fields=frozenset({"hex", "spot", "to", "koala1", "koala2", *CLIMBERS}),
    text_fields=frozenset({"opt"}),
    cycled=frozenset({"opt"}),
)
_SAFE = str.maketrans(dict.fromkeys(" +&#=?/%", "-"))


def option_key(move: Mapping[str, Any]) -> str:
    """A short key telling apart the moves picked at one hex; its leading digit orders them as
    a player would try them (a regular order before the Lieutenant's; a plain move before the
    same move committed). Only characters safe in a query string."""
    kind = move["type"]
    if kind == "order":
        if move.get("coordinated"):
            return "6.coord." + "-".join(move["coordinated"])
        if move.get("fireteam"):
            return f"4.team.{move.get('leader') or 'same'}"
        rank = {"regular": 1, "irregular": 2, "impetuous": 3, "lieutenant": 5}
        return f"{rank.get(move.get('kind', 'regular'), 6)}.{move.get('kind', 'regular')}"
    if kind == "lay_mine":
        return f"1.mine.{move.get('trooper')}"
    if kind == "deploy":
        if move.get("marker") is False:  # a camouflaged trooper deploying as itself
            return "3.itself"
        if move.get("echoes"):  # among its Holo-echoes (holo.py), that token the real one
            return f"4.holo{move.get('real', 0)}"
        if move.get("disguise"):  # as that profile (disguise.py)
            return f"5.disguise.{move['disguise']}"
        return "2.hidden" if move.get("hidden") else "1.open"
    committed = ".c" if move.get("second") else ""
    skill = move.get("skill")
    if skill == "move":
        team = ".team" if len(move.get("paths") or {}) > 1 else ""
        return f"1.move{team}{committed}"
    if skill in ("climb", "jump"):  # engine heights.py: picked at the hex it goes to, by whom
        who = "".join(f".{t}" for t in move.get("paths") or {})
        return f"1.{skill}{who}{committed}".translate(_SAFE)[:64]
    if skill in ("bs_attack", "cc_attack"):
        targets = move.get("targets") or []
        aimed = "-".join(f"{t['trooper']}x{t['burst']}" for t in targets)
        aimed = aimed or move.get("target") or move.get("mine") or ""
        aims = "-".join(move.get("aim") or [])
        at = "{}-{}".format(*move["at"]) if move.get("at") else ""
        together = "".join(f".{p['trooper']}" for p in move.get("coordinated") or [])
        together += ".berserk" if move.get("berserk") else ""
        key = f"2.{skill}{together}{committed}.{move.get('weapon', '')}.{move.get('mode', '')}"
        return f"{key}.{aimed}{aims}.{at}".translate(_SAFE)[:64]
    if skill == "speculative":
        return "2.spec.{}.{}-{}".format(move.get("weapon"), *move["to"]).translate(_SAFE)
    if skill == "intuitive":
        return f"2.intuitive.{move.get('weapon')}.{move.get('target')}".translate(_SAFE)
    if skill == "sync_civilian":
        return f"3.sync.{move.get('civilian')}{committed}"
    if skill == "discover":
        return f"3.discover.{move.get('target')}{committed}"
    if skill == "heal":
        return f"3.heal.{move.get('target')}.{move.get('trooper')}{committed}"
    if skill == "change_facing":
        facing = move.get("facing", next(iter((move.get("facings") or {0: 0}).values())))
        return f"4.face{facing}{committed}"
    if skill == "withdraw":
        return f"4.withdraw{committed}"
    if skill == "recamouflage":
        return "4.recamo"
    if skill == "holo_reactivate":
        return f"4.holo1.{move.get('disguise')}"
    if skill == "minesweep":
        return f"3.minesweep{committed}"
    if skill in ("prone", "get_up"):
        return f"4.{skill.replace('_', '')}{committed}"
    if skill == "dodge":
        return f"5.dodge{committed}"
    return f"6.{skill}"


POLICIES = {
    "auto": {"on_sight": "shoot", "on_template": "dodge"},
    "ask": {"on_sight": "ask", "on_template": "ask"},
}


def policies_word(policies: list[Mapping[str, Any]]) -> str:
    """Policies in a word: auto, ask, or mixed."""
    for name, policy in POLICIES.items():
        if policies and all(
            p["on_sight"] == policy["on_sight"] and p["on_template"] == policy["on_template"]
            for p in policies
        ):
            return name
    return "mixed"


def game_over(view: Mapping[str, Any]) -> bool:
    """The game has ended (its scoring, a Retreat, a forfeit: engine turns.end_game and
    system.forfeit): standing reactions no longer apply."""
    return (view.get("turn") or {}).get("phase") == "ended"


def reactions_of(view: Mapping[str, Any]) -> str:
    """The seat's own standing reactions in a word."""
    own = (view.get("hidden") or {}).get(str(view.get("seat"))) or {}
    return policies_word(list((own.get("policies") or {}).values()))


def move_reactions(move: Mapping[str, Any]) -> str | None:
    policies = move.get("policies")
    return policies_word(list(policies.values())) if policies else None


def hexes_of(view: Mapping[str, Any]) -> dict[str, list[int]]:
    out = {t["id"]: t["hex"] for t in view.get("troopers", []) if t.get("hex")}
    out.update({c["id"]: c["hex"] for c in view.get("civilians", [])})
    out.update({m["marker"]: m["hex"] for m in view.get("markers", [])})
    out.update({e["id"]: e["hex"] for e in view.get("echoes", [])})  # Holo-echoes (holo.py)
    return out


def current_order(view: Mapping[str, Any]) -> dict[str, Any]:
    return (view.get("turn") or {}).get("current_order") or {}


def team_leader(view: Mapping[str, Any], seat: int) -> str | None:
    teams = view.get("fireteams", [])
    return next((f["leader"] for f in teams if f["seat"] == seat and f["leader"]), None)


def spot_of(view: Mapping[str, Any], move: Mapping[str, Any]) -> list[int] | None:
    """The hex a move is picked by on the board."""
    where = hexes_of(view)
    kind = move.get("type")
    if kind == "order":
        tid = move.get("trooper") or move.get("leader") or team_leader(view, move["seat"])
        if move.get("coordinated"):
            tid = move["coordinated"][0]
        return where.get(str(tid))
    if kind == "aro":
        return where.get(move.get("trooper", ""))
    if kind != "declare":
        return None
    actor = move.get("trooper") or current_order(view).get("trooper")
    home = where.get(str(actor))
    skill = move.get("skill")
    if skill in ("move", "climb", "jump"):  # a team's Climb: its first climber's hex
        paths = move.get("paths") or {}
        path = move.get("path") or paths.get(actor) or next(iter(paths.values()), [])
        return list(path[-1]) if path else home
    if skill == "change_facing" and home is not None:
        facing = move.get("facing")
        if facing is None:
            facing = (move.get("facings") or {}).get(actor, 0)
        h: Hex = neighbour((home[0], home[1]), int(facing))
        return [h[0], h[1]]
    if skill == "bs_attack" and move.get("mine"):  # a mine known to be one (engine mines.py)
        mine = next((m for m in view.get("mines", []) if m["marker"] == move["mine"]), None)
        return mine["hex"] if mine else home
    if skill == "bs_attack":
        targets = move.get("targets") or []
        if targets:
            return where.get(targets[0]["trooper"], home)
        state = analysis.state_of(view)
        aims = move.get("aim") or []
        if state is not None and home is not None and aims:
            area = geo.teardrop(
                (home[0], home[1]),
                aims[0],
                weapon(move["weapon"]).template or "",
                state.board,
                state.scenery_at,
            )
            if area:
                return [area[min(1, len(area) - 1)][0], area[min(1, len(area) - 1)][1]]
        return home
    if skill in ("cc_attack", "heal", "discover", "intuitive"):
        return where.get(move.get("target", ""), home)
    if skill == "speculative":
        return list(move["to"])
    if skill == "sync_civilian":
        return where.get(move.get("civilian", ""), home)
    return home


def pick_form(move: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Any]:
    """A move picked by a hex (`spot`: the trooper to order, the destination, the target, the
    reacting trooper) and, among the moves there, by an option cycled (`opt`, a short key in the
    order options are offered); the form keeps the move's fields for the preview and the prompt,
    and Confirm posts the move itself."""
    form = dict(move)
    echoes = {e["id"]: e["trooper"] for e in view.get("echoes", [])}
    named = [move.get("target"), *(t["trooper"] for t in move.get("targets") or [])]
    if any(n in echoes for n in named):  # so that the prompt names a Holo-echo as one
        form["echo_of"] = {n: echoes[n] for n in named if n in echoes}
    spot = spot_of(view, move)
    if spot is not None:
        form["spot"] = list(spot)
    if move["type"] in ("order", "declare", "aro", "deploy"):
        form["opt"] = option_key(move)
    return form
