"""Matches played by browsers (browser.py) for `manage.py bench live`: whoever's page offers a
move plays it the way a player clicks (pick links until a Confirm button, or a move button),
then every other player's page must show the new version before the next move.

Timings, per move: the picks (each link's answer read), the move's round trip (POST until its
answer is read) and the opponent updated (the POST's start until the other page shows the new
version, by refetch or push)."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from hexsite.bench_live.browser import Browser

MAX_PICKS = 4  # then a move button, as a player gives up on a half-made move
UPDATE_TIMEOUT = 60.0


@dataclass
class Tally:
    picks: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    opponent: list[float] = field(default_factory=list)
    stale: int = 0
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    reconnects: int = 0  # sockets the server closed, opened again by the page

    def ms(self, name: str) -> list[float]:
        return [value * 1000 for value in getattr(self, name)]


def _finished(browser: Browser) -> bool:
    return 'data-match-status="finished"' in browser.partials.get("status", "")


async def _choose(actor: Browser, rng: random.Random, tally: Tally) -> dict[str, str] | None:
    """Picks until the move is complete; the form to post (None: nothing to do)."""
    for picks in range(MAX_PICKS + 1):
        forms = actor.move_forms()
        confirm = [f for f in forms if f["_testid"] == "confirm-move"]
        if confirm:
            return confirm[0]
        links = actor.pick_links()
        if links and picks < MAX_PICKS and (not forms or rng.random() < 0.8):
            tally.picks.append(await actor.pick(rng.choice(links)))
            continue
        return rng.choice(forms) if forms else None
    return None


async def play_match(
    browsers: list[Browser],
    matches: list[int],
    tally: Tally,
    *,
    rng: random.Random,
    until,  # () -> bool: stop when true
    think: float = 0.0,
    first_open: bool = False,
) -> None:
    """Plays `matches` one after the other (the next when one ends) until `until()`. With
    `first_open`, the browsers have the first match's page open already."""
    queue = list(matches)
    while queue and not until():
        match_id = queue.pop(0)
        if not first_open:
            for browser in browsers:
                await browser.open(match_id)
        first_open = False
        while not until():
            actor = next((b for b in browsers if b.move_forms() or b.pick_links()), None)
            if actor is None:
                if any(_finished(b) for b in browsers):
                    tally.finished += 1
                    break
                tally.errors.append(f"match {match_id}: nobody may move")
                break
            form = await _choose(actor, rng, tally)
            if form is None:
                continue
            if think:
                await asyncio.sleep(think * rng.random() * 2)
            start = time.perf_counter()
            elapsed, status = await actor.post_move(form)
            if status == 409:
                tally.stale += 1
                continue
            if status != 200:
                tally.errors.append(f"match {match_id}: move answered {status}")
                break
            tally.moves.append(elapsed)
            for other in browsers:
                if other is actor:
                    continue
                shown = await other.wait_for_version(actor.version, UPDATE_TIMEOUT)
                if shown is None:
                    tally.errors.append(f"match {match_id}: v{actor.version} never shown")
                else:
                    tally.opponent.append(shown - start)
        for browser in browsers:
            await browser.leave()
