"""A player's rights over their data (RGPD): what other apps add to the download of a player's
data, and what they do when a player deletes their account. Accounts imports none of them (it
imports no other app at all): each registers here from its AppConfig.ready (the matches' part
through notifications, which joins accounts and matches; games/notifications/apps.py).

- `on_data_section(key, section)`: `section(user) -> JSON-ready value`, the player's own data
  that app holds, under `key` in the file. Never another player's private data (their notes,
  their email, whom they block), never what a match hides (a hand, a position).
- `on_erasure_check(check)`: `check(user)` raises `games.refusals.Refused` with the sentence
  for the player when the account may not go yet (the sole organiser of a league); every check
  runs before anything changes.
- `on_erasure_step(step, stage=...)`: `step(user)` inside the deletion's transaction, stage by
  stage (ERASURE_STAGES), so nothing is left half-done: first the matches in play are resigned
  and the tables left (the competitions count those results as for any resignation), then the
  competitions let the player go, then each app forgets what it kept for them; accounts
  anonymises the account itself last (games/accounts/erasure.py). The account already has its
  new name when the steps run; `former_username(user)` gives the old one, for a step that must
  rewrite a text frozen with it (a notice in another player's inbox: `rename_in_text`).

Most lines that name players keep them by reference and show the current name
(games/accounts/names.py), so they need no step at all."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

DataSection = Callable[[Any], Any]
ErasureCheck = Callable[[Any], None]
ErasureStep = Callable[[Any], None]

# In order: "play" (matches resigned, tables left, challenges withdrawn), "competitions"
# (league registrations withdrawn, campaigns left), "belongings" (notes, lists, inbox...).
ERASURE_STAGES = ("play", "competitions", "belongings")

_data_sections: dict[str, DataSection] = {}
_checks: list[ErasureCheck] = []
_steps: dict[str, list[ErasureStep]] = {stage: [] for stage in ERASURE_STAGES}


def on_data_section(key: str, section: DataSection) -> DataSection:
    _data_sections[key] = section
    return section


def data_sections(user) -> dict[str, Any]:
    """Each registered section of `user`'s data, by key, in registration order."""
    return {key: section(user) for key, section in list(_data_sections.items())}


def on_erasure_check(check: ErasureCheck) -> ErasureCheck:
    if check not in _checks:
        _checks.append(check)
    return check


def run_erasure_checks(user) -> None:
    for check in list(_checks):
        check(user)


def on_erasure_step(step: ErasureStep, *, stage: str) -> ErasureStep:
    if stage not in _steps:
        raise ValueError(f"unknown erasure stage: {stage}")
    if step not in _steps[stage]:
        _steps[stage].append(step)
    return step


def run_erasure_steps(user, *, former_username: str) -> None:
    """Every registered step, stage after stage (the caller holds the transaction)."""
    user._former_username = former_username
    for stage in ERASURE_STAGES:
        for step in list(_steps[stage]):
            step(user)


def former_username(user) -> str:
    """The name the account had before its deletion began (inside an erasure step)."""
    return getattr(user, "_former_username", "")
