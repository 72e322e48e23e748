"""`legal_moves` lists every legal action (contract: "every legal move of seat"), except the
omissions README.md documents: charges by other groups, a turn to the same facing, a second aim,
a sentry facing that matters only with blind spots; a `to` two hexes away is listed as its
paths."""

import itertools
import json

import pytest

from games.engine.hexgrid import distance, neighbours
from games.engine.paintball import moves as mv
from games.engine.paintball.board import SEATS
from games.engine.paintball.legal import random_move
from games.engine.paintball.system import SYSTEM
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng


def _candidates(state, team):
    enemies = [e.id for e in state.figures if e.team != team]
    for f in state.figures:
        if f.team != team:
            continue
        for h in sorted(state.board.hexes):
            yield {"type": "move", "figure": f.id, "to": list(h)}
            for n in neighbours(f.hex):
                if distance(f.hex, h) == 2 and distance(n, h) == 1:
                    yield {"type": "move", "figure": f.id, "path": [list(n), list(h)]}
            for kind in set(f.grenades):
                yield {"type": "grenade", "figure": f.id, "kind": kind, "hex": list(h)}
        if not (state.current == f.id and f.aimed):
            yield {"type": "aim", "figure": f.id}
        yield {"type": "reload", "figure": f.id}
        facings = range(6) if state.blind_spots else (f.facing,)
        for policy, d in itertools.product(("fire", "suppress", "ask"), facings):
            yield {"type": "sentry", "figure": f.id, "policy": policy, "facing": d}
        yield from (
            {"type": "face", "figure": f.id, "facing": d} for d in range(6) if d != f.facing
        )
        for n in (1, 2, 3):
            for targets in itertools.combinations_with_replacement(enemies, n):
                for mode in ("normal", "suppress"):
                    yield {"type": "shoot", "figure": f.id, "targets": list(targets), "mode": mode}


def _listed(state, move, listed):
    """A `to` two hexes away is listed as the path the engine would take."""
    if move["type"] == "move" and "to" in move:
        start = state.figure(move["figure"]).hex
        if distance(start, tuple(move["to"])) == 2:
            return any(
                m["type"] == "move" and m.get("path", [None])[-1] == move["to"]
                for m in map(json.loads, listed)
            )
    return json.dumps(mv.encode(mv.decode(move)), sort_keys=True) in listed


@pytest.mark.parametrize(
    "config",
    [
        {"scenario": "centre_flag", "grenades": True, "experts": True},
        {"scenario": "elimination", "blind_spots": True},
    ],
)
def test_every_action_that_applies_is_listed(config):
    start = SYSTEM.setup(config, 2, Rng("complete"))
    state, rng, chooser = start.state, start.rng, Rng("complete-chooser")
    probed = 0
    for n in range(400):
        if SYSTEM.outcome(state) is not None:
            break
        seat = SYSTEM.to_act(state)[0]
        if state.phase == "activation" and state.pending is None and n % 9 == 0:
            listed = {json.dumps(m, sort_keys=True) for m in SYSTEM.legal_moves(state, seat)}
            for move in _candidates(state, SEATS[seat]):
                try:
                    SYSTEM.apply(state, seat, move, Rng("probe"))
                except IllegalMove:
                    continue
                probed += 1
                assert _listed(state, move, listed), move
        move, chooser = random_move(state, SEATS[seat], chooser)
        step = SYSTEM.apply(state, seat, mv.encode(move), rng)
        state, rng = step.state, step.rng
    assert probed > 50
