"""Deadline defaults on the site (spec §12): when a team's deadline passes on a decision it
owes (its secret deployment, an asking sentry), the clock plays the documented default as that
team's move and the match goes on; a team that does not play its own activations still loses
on time."""

from __future__ import annotations

import pytest

from games.matches import services
from games.matches.models import Match, MatchRecord
from tests.fixtures import last_record, match_state, time_out
from tests.paintball_site.conftest import red_sentry_asked, teams_set_up

pytestmark = pytest.mark.django_db

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}}


def test_a_team_away_at_deployment_is_deployed_by_default_and_the_first_turn_starts(
    new_match, players
):
    match = new_match(scenario="elimination")
    system, state = match_state(match)
    assert state.phase == "deploy" and set(system.to_act(state)) == {0, 1}
    red_move = system.legal_moves(state, 0)[0]
    services.match_submit_move(
        match_id=match.pk, user=players[0], move_data=red_move, expected_version=match.version
    )
    assert time_out(match, 1) == [(match.pk, 1)]
    system, state = match_state(match)
    assert match.status == Match.Status.ACTIVE
    last = last_record(match)
    assert last.kind == MatchRecord.Kind.MOVE and last.seat == 1
    assert last.data["move"]["type"] == "deploy"
    assert last.data["by_deadline"] is True  # spec §12: recorded as such in the log
    assert state.phase == "activation" and state.turn == 1


def test_an_asking_sentry_fires_when_its_owner_lets_the_deadline_pass(new_match, players):
    match = red_sentry_asked(new_match(scenario="elimination"), players)
    system, state = match_state(match)
    assert state.pending is not None and state.pending.kind == "sentry_fire"
    assert time_out(match, 0) == [(match.pk, 0)]
    system, state = match_state(match)
    assert match.status == Match.Status.ACTIVE
    last = last_record(match)
    assert last.seat == 0
    assert last.data["move"] == {
        "type": "sentry_fire",
        "figure": "r1",
        "fire": True,
        "mode": "normal",
    }
    assert state.pending is None and system.to_act(state) == (1,)  # blue plays on


def test_a_team_that_lets_its_activations_pass_loses_on_time(new_match, players):
    match = new_match(scenario="elimination")
    teams_set_up(match, players)
    system, state = match_state(match)
    active = system.to_act(state)[0]
    time_out(match, active)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["reason"] == "forfeit"
