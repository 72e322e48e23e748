"""Each model's focus card draws its lines of fire in a fire step: one line to each target the
engine lets it shoot now, none outside fire steps. The board carries each model's targets
(`data-fire`: their centres) for skirmish.js, which draws one line to each (the browser test:
test_skirmish_focus_card_browser.py)."""

from __future__ import annotations

import random
import re

from django.utils import translation

from games.engine.rng import Rng
from games.engine.skirmish import targets
from games.engine.skirmish.system import SYSTEM
from games.skirmish_site.site import SITE


def _lines_drawn(view) -> int:
    board = "".join(str(part) for part in SITE.pieces(view, {}))
    return sum(len(targets.split()) for targets in re.findall(r'data-fire="([^"]*)"', board))


def _lines_listed(state) -> int:
    if state.phase not in ("snap_fire", "aimed_fire"):
        return 0
    snap = state.phase == "snap_fire"
    return sum(
        len([t for t in targets.fire_targets(state, m, snap=snap) if t.hex is not None])
        for m in state.models
        if m.on_table and m.hex is not None
    )


def test_the_board_draws_the_lines_of_fire_the_engine_allows_at_each_step():
    state = SYSTEM.setup(
        SYSTEM.validate_config({"scenario": "pitched_battle", "board": "small"}, 2),
        2,
        Rng("lines-of-fire"),
    ).state
    chooser = random.Random(11)
    fire_steps = 0
    with translation.override("en"):
        for step in range(400):
            to_act = SYSTEM.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            listed = _lines_listed(state)
            assert _lines_drawn(SYSTEM.view(state, seat)) == listed, f"step {step}"
            fire_steps += listed > 0
            if fire_steps >= 3:
                break
            move = chooser.choice(SYSTEM.legal_moves(state, seat))
            state = SYSTEM.apply(state, seat, move, Rng(f"lines-{step}")).state
    assert fire_steps >= 3, "the walk reached fire steps with targets"
