"""Prone and Get Up (tier 2; spec B.6's short movement skills, B.4, B.11): a Prone trooper lying
in Partial Cover is out of sight both ways, in the open it is seen as before; it blocks no line
of fire; a team lies down together; a failed Guts roll with nowhere to go ends Prone."""

import pytest
from infh import alguacil, declare, keisotsu, of, order, position, run, shaken, shoot, team, trooper

from games.engine.infinity import common as cm
from games.engine.infinity.position import state_from_json
from games.engine.protocol import IllegalMove

WALL = [((5, 6), "low_wall")]


def behind_the_wall(prone=False, **kw):
    """A Keisotsu just behind a low wall, an Alguacil far south facing it."""
    return position(
        [alguacil("a1", (5, 11)), keisotsu("k1", (5, 5), prone=prone)], scenery=WALL, **kw
    )


def test_lying_down_behind_a_wall_takes_a_trooper_out_of_sight_both_ways():
    standing = state_from_json(behind_the_wall())
    lying = state_from_json(behind_the_wall(prone=True))
    a1, k1 = standing.trooper("a1"), standing.trooper("k1")
    assert cm.sees(standing, a1, k1.hex) and cm.sees(standing, k1, a1.hex)
    assert cm.cover(standing, a1.hex, k1.hex)
    assert not cm.sees(lying, lying.trooper("a1"), k1.hex)
    assert not cm.sees(lying, lying.trooper("k1"), a1.hex)


def test_a_prone_trooper_in_the_open_is_seen_and_blocks_no_line_of_fire():
    data = position(
        [
            alguacil("a1", (5, 11)),
            keisotsu("k1", (5, 5), prone=True),
            keisotsu("k2", (5, 2)),
        ]
    )
    state = state_from_json(data)
    a1 = state.trooper("a1")
    assert cm.sees(state, a1, (5, 5))
    assert cm.sees(state, a1, (5, 2))  # the line passes over k1 lying at (5, 5)
    standing = state_from_json(position([alguacil("a1", (5, 11)), *data["troopers"][1:]]))
    standing = standing.update("k1", prone=False)
    assert not cm.sees(standing, standing.trooper("a1"), (5, 2))


def test_lying_down_behind_a_wall_gives_no_reaction_and_a_shot_at_it_is_refused():
    """Prone is placed at once, like a move (B.6 step 2): the window after it sees the trooper
    as it lies (our reading); standing up again shows it."""
    data = position([alguacil("a1", (5, 11)), keisotsu("k1", (5, 5))], scenery=WALL, active=1)
    state, events = run(
        data, [order(1, "k1"), declare(1, "prone"), declare(1, "change_facing", facing=2)]
    )
    assert state.trooper("k1").prone and of(events, "ProneChanged")[0]["reason"] == "skill"
    assert not of(events, "WindowOpened")  # the Alguacil (policy: ask me) saw nothing
    state, events = run(state, [order(1, "k1"), declare(1, "get_up")])
    assert of(events, "WindowOpened")[0]["eligible"] == ["a1"]
    with pytest.raises(IllegalMove) as err:
        run(behind_the_wall(prone=True), [order(0, "a1"), shoot(0, "a1", "combi_rifle", ("k1", 3))])
    assert err.value.code == "no_line_of_fire"


def test_get_up_stands_again_and_each_is_refused_when_it_changes_nothing():
    data = position([alguacil("a1", (5, 11), prone=True), keisotsu("k1", (12, 0))])
    with pytest.raises(IllegalMove) as err:
        run(data, [order(0, "a1"), declare(0, "prone")])
    assert err.value.code == "skill_not_allowed"
    state, _ = run(data, [order(0, "a1"), declare(0, "get_up")])
    assert not state.trooper("a1").prone
    with pytest.raises(IllegalMove):
        run(state, [declare(0, "get_up")])


def test_a_team_lies_down_together():
    members = [alguacil(f"a{i}", (2 + i, 12)) for i in range(1, 4)]
    data = position(
        [*members, keisotsu("k1", (12, 0))],
        fireteams=[team(0, "a1", ["a1", "a2", "a3"])],
        lieutenants=("a1", None),
    )
    state, events = run(data, [order(0, fireteam=True), declare(0, "prone")])
    assert all(state.trooper(t).prone for t in ("a1", "a2", "a3"))
    assert len(of(events, "ProneChanged")) == 3


def test_a_failed_guts_roll_with_nowhere_to_go_ends_prone():
    """B.11: out of sight, else into Partial Cover, else Prone. A Moderator boxed in by
    buildings and friends cannot step away: it lies down, no decision asked."""
    boxed = [((7, 5), "building"), ((5, 6), "building")]  # (6, 6) lies open to the shooter
    data = position(
        [
            alguacil("a1", (6, 11)),
            trooper("k9", 1, "bakunin.moderator.combi", (6, 5), 3),
            keisotsu("k2", (5, 5)),
            keisotsu("k3", (7, 4)),
            keisotsu("k4", (6, 4)),
        ],
        scenery=boxed,
    )
    state, events = shaken(data)
    assert of(events, "GutsRolled")[0]["passed"] is False
    assert state.trooper("k9").prone
    assert of(events, "ProneChanged")[0]["reason"] == "guts"
    assert state.turn.pending.kind == "order" and state.turn.pending.seat == 0
