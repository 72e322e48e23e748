"""Victory (§6 «Conditions de victoire»; spec R118-R121, R126-R129), checked after every step.

A mission (the common one, or a secret one of the player's team in Amiral) is complete when the
team's units cover every hex of one of its placements; the last team with a warlord wins.
Several missions completed by the same step: the active player's team if it is among them,
else the first such seat in turn order after the active one (R127).
"""

from __future__ import annotations

from games.engine.hexgrid import Hex
from games.engine.hexpanse.patterns import completed
from games.engine.hexpanse.state import Result
from games.engine.hexpanse.work import Work


def team_hexes(w: Work, seat: int) -> frozenset[Hex]:
    """The hexes held by the living members of `seat`'s team (R42, R128-R129)."""
    team = w.team(seat)
    return frozenset(h for h, u in w.units.items() if u.owner in team)


def missions_of(w: Work, seat: int) -> list[str]:
    """The missions `seat`'s team may complete: the common one and every living member's
    secret one (R15, R128)."""
    out = [w.common] if w.common else []
    for member in w.team(seat):
        secret = w.seats[member].secret_mission
        if secret and w.seats[member].alive and secret not in out:
            out.append(secret)
    return out


def check(w: Work) -> None:
    if w.result is not None or w.setup is not None:
        return
    alive = w.living()
    teams = {w.team(s) for s in alive}
    if len(teams) <= 1:
        if alive:
            finish(w, Result(tuple(w.team(alive[0])), "last_warlord"))
        return
    if not w.dirty:
        return
    w.dirty = False
    n = w.players
    start = w.turn.seat
    for i in range(n):
        seat = (start + i) % n
        if not w.seats[seat].alive:
            continue
        owned = team_hexes(w, seat)
        for code in missions_of(w, seat):
            if completed(code, w.base.board, n, owned):
                finish(w, Result(tuple(w.team(seat)), "mission", code))
                return


def finish(w: Work, result: Result) -> None:
    w.result = result
    w.turn.phase = "over"
    w.pending = []
    w.steps = []
    w.emit("GameWon", winner=list(result.winner), how=result.how, mission=result.mission)
