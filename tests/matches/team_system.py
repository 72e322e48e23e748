""" "claimteam": the platform's tiny "claim" game (demo_system.py) in teams, for team-seat
tests. Four seats in two teams, 0 and 2 against 1 and 3 (teammates alternate, as in
Hexpanse); a team's tiles add up and the team whose seats all resigned loses. One person may
hold both seats of a team (`one_person_may_hold_team_seats`); with two or three seats every
seat plays alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import registry
from games.engine.protocol import Outcome
from tests.matches.demo_system import ClaimSystem, State


class ClaimTeamSystem(ClaimSystem):
    key = "claimteam"
    one_person_may_hold_team_seats = True

    def teams(self, config: Mapping[str, Any], seats: int) -> tuple[tuple[int, ...], ...]:
        if seats == 4:
            return ((0, 2), (1, 3))
        return tuple((i,) for i in range(seats))

    def outcome(self, state: State) -> Outcome | None:
        seats = len(state.hands)
        if seats != 4:
            return super().outcome(state)
        teams = self.teams({}, seats)
        standing = [t for t in teams if any(s not in state.forfeited for s in t)]
        if len(standing) == 1:
            return Outcome(tuple(0 if s in standing[0] else 1 for s in range(seats)), (), "forfeit")
        full = all(cell is not None for cell in state.board)
        if not full or state.placed:
            return None
        scores = self.scores(state)
        totals = [sum(scores[s] for s in t) for t in teams]
        best = max(totals)
        ranks = {s: 0 if totals[i] == best else 1 for i, t in enumerate(teams) for s in t}
        return Outcome(tuple(ranks[s] for s in range(seats)), scores, "board full")


claim_team = ClaimTeamSystem()


def install_team() -> ClaimTeamSystem:
    registry.register(claim_team)
    return claim_team
