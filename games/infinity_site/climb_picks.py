"""A fireteam's Climb or Jump with more than one climber, picked on the shared board (engine
heights.py; T 716–724: the leader declares Escalader, « Les deux figurines escaladent … alors que
les autres Alguaciles … ne font rien »).

The engine lists each activated trooper's Climb or Jump alone (a generating set: every subset of
a team's climbers would be thousands of moves); once the first climber's hex is picked (`spot`,
then the option naming who goes there), the page asks, pair by pair, which other member goes too
(`who<n>`: its figure's hex) and where (`to<n>`: a hex the engine's own `heights.alone` allows,
the hexes already taken left out). Confirm at a `who<n>` step posts the climbers picked so far:
the others do nothing. A first climber carrying CrazyKoalas places them first (koala_picks.py:
the fields `koala1`, `koala2` come before `who1`; its koala's own hex keeps it where it stands),
then the others climb, never onto a koala's hex; Confirm at a koala's step leaves that koala and
the next where they stand and asks for the other climbers (koala_picks.koalas_stay);
the koalas of a climber picked later stay where they stand (the page has two koala fields, a
carrier's two). Pure functions of a view, its legal moves and the selection."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from games.engine.infinity import heights
from games.engine.infinity.state import State
from games.hexboard.picks import Choice
from games.infinity_site import height_words

MORE = 4  # a fireteam of five: four more climbers at most
WHO = tuple(f"who{n}" for n in range(1, MORE + 1))
TO = tuple(f"to{n}" for n in range(1, MORE + 1))
FIELDS = tuple(f for pair in zip(WHO, TO, strict=True) for f in pair)

Pair = tuple[dict[str, Any], dict[str, Any]]
Paths = dict[str, list[list[int]]]


def climbers(move: Mapping[str, Any]) -> Paths:
    """Who climbs or jumps where in a declared Climb or Jump ({trooper: [hex]})."""
    if move.get("paths"):
        return {str(t): [list(h) for h in p] for t, p in move["paths"].items()}
    return {str(move["trooper"]): [list(h) for h in move.get("path") or []]}


def _with(move: Mapping[str, Any], paths: Paths) -> dict[str, Any]:
    out = {k: v for k, v in move.items() if k != "path"}
    out["paths"] = paths
    return out


def _more(state: State, form: dict, move: dict, sel: Mapping[str, Any]) -> list[Pair]:
    cur = state.turn.current
    assert cur is not None
    paths = climbers(move)
    koala_hexes = {(h[0], h[1]) for h in (move.get("koalas") or {}).values()}
    out: list[Pair] = []
    for who_field, to_field in zip(WHO, TO, strict=True):
        taken = {(p[-1][0], p[-1][1]) for p in paths.values() if p} | koala_hexes
        options = [
            (tid, list(state.trooper(tid).hex or ()), [to[0], to[1]])
            for tid in cur.acting
            if tid not in paths
            for skill, to in heights.alone(state, state.trooper(tid), taken)
            if skill == move["skill"]
        ]
        who, to = sel.get(who_field), sel.get(to_field)
        if who is None or to is None:  # this pair's choices (a `who` picked: its hexes)
            for tid, here, there in options:
                more = {**paths, tid: [there]}
                picked = {**_with(form, more), who_field: here, to_field: there}
                out.append((picked, _with(move, more)))
            return out
        chosen = next((t for t, here, there in options if [here, there] == [who, to]), None)
        if chosen is None:
            return out  # stale or forged: nothing matches, the picks start again
        paths = {**paths, chosen: [list(to)]}
        form = {**_with(form, paths), who_field: who, to_field: to}
        out.append((form, _with(move, paths)))  # complete: the others do nothing
    return out


def added_forms(
    state: State, view: Mapping[str, Any], pairs: Sequence[Pair], sel: Mapping[str, Any]
) -> list[Pair]:
    """The forms adding climbers to a fireteam's Climb or Jump whose first hex is picked."""
    cur = state.turn.current
    if "spot" not in sel or cur is None or not cur.fireteam or len(cur.acting) < 2:
        return []
    out: list[Pair] = []
    for form, move in pairs:
        if (
            form.get("type") == "declare"
            and move.get("skill") in heights.SKILLS
            and form.get("spot") == sel.get("spot")
        ):
            out += _more(state, form, move, sel)
    return out


def _skill(choice: Choice) -> str | None:
    """The skill whose climbers are being picked, while they are."""
    if choice.step not in FIELDS or not choice.candidates:
        return None
    return str(choice.candidates[0].get("skill"))


def instruction(view: Mapping[str, Any], choice: Choice) -> str:
    """What to do next while a team's climbers are picked, after the climbers picked so far in
    words (« … escalade vers le toit (niveau 1). Un autre soldat … »), else ""."""
    skill = _skill(choice)
    if skill is None:
        return ""
    assert choice.step is not None
    if choice.step in TO:
        if skill == "climb":
            return gettext("Where does it climb? Choose a highlighted hex.")
        return gettext("Where does it jump? Choose a highlighted hex.")
    if skill == "climb":
        ask = gettext(
            "Does another trooper of the fireteam climb too? Choose it, or confirm: the "
            "others do nothing."
        )
    else:
        ask = gettext(
            "Does another trooper of the fireteam jump too? Choose it, or confirm: the others "
            "do nothing."
        )
    if not choice.move:
        return ask
    so_far = height_words.choice(choice.move, view)
    if choice.move.get("second"):  # the same words as the move's own label (site.py)
        so_far += gettext(", then nothing more: the order resolves without waiting")
    return f"{so_far}. {ask}"


def confirm_label(choice: Choice) -> str:
    """The Confirm beside the next climbers (the others do nothing, T 724), else ""."""
    if _skill(choice) is None or choice.step not in WHO:
        return ""
    return gettext("The others do nothing")
