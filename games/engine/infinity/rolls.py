"""N2 rolls (spec B.8): Normal rolls, criticals (also above SV 20), and face-to-face rolls with
N2's tie rule (equal results go to the higher SV; criticals beat anything else)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Die:
    value: int
    sv: int
    success: bool
    critical: bool


def judge(value: int, sv: int) -> Die:
    """A d20 against a success value. SV above 20: every roll succeeds and the criticals grow
    downward, 40 - SV ... 20 (N2; the dice calculator changed this for N3). SV 0 or less:
    automatic failure (our decision)."""
    if sv <= 0:
        return Die(value, sv, False, False)
    if sv > 20:
        return Die(value, sv, True, value >= 40 - sv)
    return Die(value, sv, value <= sv, value == sv)


def judge_all(values: Sequence[int], sv: int) -> tuple[Die, ...]:
    return tuple(judge(v, sv) for v in values)


def beats(a: Die, b: Die) -> bool:
    """Whether success `a` survives the opponent's best success `b` (N2 ties: the higher SV wins
    equal results, equal SVs cancel; a critical beats a non-critical, two criticals go to the
    higher SV)."""
    if a.critical != b.critical:
        return a.critical
    if not a.critical and a.value != b.value:
        return a.value > b.value
    return a.sv > b.sv


def best(dice: Sequence[Die]) -> Die | None:
    successes = [d for d in dice if d.success]
    if not successes:
        return None
    return max(successes, key=lambda d: (d.critical, d.value, d.sv))


def survivors(mine: Sequence[Die], theirs: Sequence[Die]) -> tuple[Die, ...]:
    """My successes that survive a face-to-face roll against `theirs` (each success compared
    with the opponent's best success)."""
    top = best(theirs)
    return tuple(d for d in mine if d.success and (top is None or beats(d, top)))


def successes(dice: Sequence[Die]) -> tuple[Die, ...]:
    return tuple(d for d in dice if d.success)


def p_success(sv: int) -> float:
    """Chance of a Normal roll (the computer opponent's estimates)."""
    if sv <= 0:
        return 0.0
    return min(sv, 20) / 20
