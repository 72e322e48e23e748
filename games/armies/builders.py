"""What a system's site package supplies for its army builder page (the page itself, the saved
lists, import, export and choosing a list are this app's, the same for every system).

A builder turns the posted form into the system's list JSON (reading fields, never adding up:
every cost comes from the engine's `price_army`), says which rows the page shows, and words the
engine's problem codes for people. Sites register theirs from their AppConfig.ready.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.protocol import ArmyPrice, ArmyProblem

JSON = Any


@dataclass(frozen=True)
class Option:
    """One choice of a select in a builder's rows."""

    value: str
    label: str
    selected: bool


class ArmyBuilder:
    """Defaults; a system's builder overrides what differs."""

    system: ClassVar[str]
    template: ClassVar[str]  # the units part of the form (included by armies/builder.html)
    max_units: ClassVar[int] = 40

    def blank(self) -> dict[str, JSON]:
        """A new list (before it is saved)."""
        raise NotImplementedError

    def from_post(self, post: Mapping[str, Any], name: str) -> dict[str, JSON]:
        """The list as the form shows it (names only: no arithmetic)."""
        raise NotImplementedError

    def with_new_unit(self, army: Mapping[str, JSON]) -> dict[str, JSON]:
        raise NotImplementedError

    def without_unit(self, army: Mapping[str, JSON], index: int) -> dict[str, JSON]:
        units = list(army.get("units") or [])
        if 0 <= index < len(units):
            del units[index]
        return {**army, "units": units}

    def rows(self, army: Mapping[str, JSON], price: ArmyPrice) -> Sequence[Any]:
        """What the units part of the form shows, one item per unit."""
        return ()

    def summary(self, army: Mapping[str, JSON], price: ArmyPrice) -> Sequence[str]:
        """Short lines beside the total (Heroes used and allowed...)."""
        return ()

    def explain(self, problem: ArmyProblem, army: Mapping[str, JSON], price: ArmyPrice) -> str:
        """A sentence for one of the engine's problems."""
        return problem.code

    def describe(self, army: Mapping[str, JSON]) -> str:
        """One line for choosers and lists (what the army holds)."""
        return ""


_builders: dict[str, ArmyBuilder] = {}


def register_builder(builder: ArmyBuilder) -> ArmyBuilder:
    _builders[builder.system] = builder
    return builder


def builder_for(system: str) -> ArmyBuilder | None:
    return _builders.get(system)


def builder_systems() -> tuple[str, ...]:
    return tuple(_builders)
