"""The systems hexsite plays, by key. Systems register themselves when their package is imported."""

from __future__ import annotations

import importlib

from games.engine.protocol import GameSystem

_SYSTEM_MODULES = {
    "hexpanse": "games.engine.hexpanse.system",
    "neuroshima": "games.engine.neuroshima.system",
    "paintball": "games.engine.paintball.system",
    "skirmish": "games.engine.skirmish.system",
    "infinity": "games.engine.infinity.system",
}
_systems: dict[str, GameSystem] = {}


def register(system: GameSystem) -> GameSystem:
    _systems[system.key] = system
    return system


def get_system(key: str) -> GameSystem:
    if key not in _systems and key in _SYSTEM_MODULES:
        importlib.import_module(_SYSTEM_MODULES[key])
    try:
        return _systems[key]
    except KeyError:
        raise KeyError(f"unknown game system {key!r}") from None


def system_keys() -> tuple[str, ...]:
    return tuple(_SYSTEM_MODULES)


def loaded_keys() -> tuple[str, ...]:
    """Every system registered so far, including ones registered outside `_SYSTEM_MODULES`
    (test systems)."""
    return tuple(_systems)
