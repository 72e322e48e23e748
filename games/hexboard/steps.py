"""The step-by-step viewer's navigation (pure): which step, previous, next, every title."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.hexboard.protocol import Step


def stepper(steps: Sequence[Step], n: int) -> dict[str, Any]:
    n = max(0, min(n, len(steps) - 1))
    return {
        "step": steps[n],
        "index": n,
        "count": len(steps),
        "prev": n - 1 if n > 0 else None,
        "next": n + 1 if n + 1 < len(steps) else None,
        "titles": [s.title for s in steps],
    }
