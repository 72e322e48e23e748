"""No event, view or offered move gives a seat the name of a trooper the other seat keeps out of
its sight (spec B.14, E.3): a hidden-deployed trooper (its view lists it only in `unseen`,
rosters being public) or a trooper standing as a camouflage marker. Random legal games with
hidden deployment and camouflage markers on, favouring hidden deployment and fireteams (a
hidden trooper linking was named by `FireteamFormed`: README "Hidden deployment"), in today's
set-up and in version 3's (a hidden trooper stays hidden in its team)."""

from __future__ import annotations

import json
import re

import pytest
from hidden import secrets

from games.engine.infinity.state import State
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import view
from games.engine.rng import Rng

JSA_WITH_NINJAS = {
    "sectorial": "jsa",
    "units": [
        {"profile": p}
        for p in ("jsa.keisotsu.lt", "jsa.keisotsu.combi", "jsa.keisotsu.combi")
        + ("jsa.keisotsu.hmg", "jsa.ninja.combi", "jsa.ninja.combi")
    ],
}
CONFIGS = {
    "today": {"hidden_deployment": True, "reactions": "auto", "setup_version": 4},
    "version_3": {"hidden_deployment": True, "reactions": "auto", "setup_version": 3},
}
ARMIES = (["corregidor", JSA_WITH_NINJAS], [JSA_WITH_NINJAS, "corregidor"])
SEEDS = (1, 2)
STEPS = 260


def _unnamed(state: State, reader: int | None) -> list[str]:
    """The other seat's troopers `reader` may not read the name of: hidden or behind a marker."""
    out = []
    for seat, secret in enumerate(state.hidden):
        if seat != reader:
            out += [*secret.hidden_deployment, *(tid for _, tid in secret.markers)]
    return out


def _named(text: str, tids: list[str]) -> list[str]:
    return [t for t in tids if re.search(rf'"{re.escape(t)}(\.[^"]*)?"', text)]


def _choose(moves: list[dict], chooser: Rng) -> tuple[dict, Rng]:
    """A hidden deployment whenever offered, a marker rather than the trooper itself, a team
    formed one time in three when one may be, never a team broken nor a turn ended early."""
    hidden = [m for m in moves if m.get("hidden")]
    if hidden:
        return chooser.choice(hidden)
    forms = [m for m in moves if m["type"] == "fireteam_form"]
    roll, chooser = chooser.below(3)
    if forms and roll == 0:
        return chooser.choice(forms)
    rest = [m for m in moves if m["type"] not in ("fireteam_form", "fireteam_break", "end_turn")]
    rest = [m for m in rest if m.get("marker") is not False] or rest
    return chooser.choice(rest or moves)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("armies", range(len(ARMIES)))
@pytest.mark.parametrize("setup", sorted(CONFIGS))
def test_no_seat_reads_the_name_of_a_trooper_out_of_its_sight(setup, armies, seed):
    config = {**CONFIGS[setup], "armies": ARMIES[armies]}
    start = SYSTEM.setup(config, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"names:{seed}")
    for _ in range(STEPS):
        if SYSTEM.outcome(state) is not None:
            break
        seat = SYSTEM.to_act(state)[0]
        legal = SYSTEM.legal_moves(state, seat)
        assert not _named(json.dumps(legal), _unnamed(state, seat))
        move, chooser = _choose(legal, chooser)
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        for reader in (0, 1, None):
            seen = {k: v for k, v in view(state, reader).items() if k != "unseen"}
            told = [e.for_seat(reader) for e in step.events]
            text = json.dumps([seen, told])
            assert not _named(text, _unnamed(state, reader)), (move, reader, told)
            assert not [s for s in secrets(state, reader) if s in text], move
