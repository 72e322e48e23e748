"""Battle resolution of Neuroshima Hex (rules: seeds/000_cfef6f07b7368e93.txt, BATAILLES and
the tile descriptions). Pure functions over frozen snapshots; see NOTES.md for rule choices."""

from games.engine.neuroshima.battle.model import Battle, Decision
from games.engine.neuroshima.battle.resolve import (
    advance,
    decide,
    pending,
    resolve,
    run_to_end,
    start_battle,
)
from games.engine.neuroshima.battle.strikes import STRIKES, legal_strike_targets, start_strike

__all__ = [
    "STRIKES",
    "Battle",
    "Decision",
    "advance",
    "decide",
    "legal_strike_targets",
    "pending",
    "resolve",
    "run_to_end",
    "start_battle",
    "start_strike",
]
