"""Ratings, pure: OpenSkill's Plackett-Luce model (Weng-Lin), for duels, pods and teams.

A rating is (mu, sigma); players see the ordinal mu - 3·sigma (a conservative estimate that
rises as the uncertainty falls) with mu ± sigma beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3


@cache
def _model() -> PlackettLuce:
    # Imported by the first rating made, not by every web process (pages only read ratings:
    # tests/hexsite/test_daphne_web.py).
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def rate(
    teams: Sequence[Sequence[tuple[float, float]]], ranks: Sequence[int]
) -> list[list[tuple[float, float]]]:
    """New (mu, sigma) per player of each team; `ranks` 0 = first, equal ranks tie."""
    model = _model()
    ratings = [[model.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]
    new = model.rate(ratings, ranks=list(ranks))
    return [[(r.mu, r.sigma) for r in team] for team in new]


def display(mu: float, sigma: float) -> str:
    return f"{ordinal(mu, sigma):.1f} ({mu:.1f} ± {sigma:.1f})"
