"""Linked teams (rules seed 003, 'INFINITY FIRETEAMS : TROUPES LIEES'; spec A.2 FT-1...27, B.12):
who may link, one order for the team, the bonuses by size, leader changes, coherency, the
broken link, the Lieutenant special order, and the text's numbered examples that tier 1
reaches."""

import pytest
from infh import alguacil, aro, declare, keisotsu, of, order, position, run, shoot, team, trooper

from games.engine.infinity.common import bonus_for, reactive_bonus
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.position import state_from_json
from games.engine.infinity.turns import order_pool, start_turn
from games.engine.protocol import IllegalMove

FIVE = ["a1", "a2", "a3", "a4", "a5"]


def squad(extra=(), teams=(), **kw):
    troopers = [
        alguacil(f"a{i}", (2 + i, 12), kind="hmg" if i == 1 else "combi") for i in range(1, 6)
    ]
    troopers += [keisotsu("k1", (12, 0), 0), *extra]
    return position(troopers, fireteams=list(teams), lieutenants=("a4", None), **kw)


def form(seat=0, leader="a1", members=FIVE):
    return {"type": "fireteam_form", "seat": seat, "leader": leader, "members": list(members)}


def deploying(data):
    data["turn"]["phase"] = "deployment"
    data["turn"]["pending"] = {"seat": 0, "kind": "deploy"}
    return data


def code_of(data, moves):
    with pytest.raises(IllegalMove) as err:
        run(data, moves)
    return err.value.code


def test_only_sectorial_lists_link_and_only_the_units_of_the_table():
    assert code_of(deploying(squad(sectorials=(None, "jsa"))), [form()]) == (
        "fireteam_requires_sectorial"
    )
    moderators = [trooper(f"m{i}", 0, "bakunin.moderator.combi", (2 + i, 11)) for i in (1, 2, 3)]
    data = deploying(squad(extra=moderators))
    assert code_of(data, [form(members=["m1", "m2", "m3"], leader="m1")]) == "not_linkable"


def test_a_team_is_three_to_five_troopers_of_one_unit_inside_the_leaders_zone():
    brigada = trooper("b1", 0, "corregidor.mobile_brigada.hmg", (8, 11))
    data = deploying(squad(extra=[brigada]))
    assert code_of(data, [form(members=["a1", "a2"])]) == "fireteam_size"
    assert code_of(data, [form(members=["a1", "a2", "b1"])]) == "fireteam_mixed_units"
    far = deploying(squad(extra=[alguacil("a9", (3, 2))]))
    assert code_of(far, [form(members=["a1", "a2", "a9"])]) == "fireteam_member_outside_zoc"


def test_one_team_at_a_time_on_the_table():
    data = deploying(squad(teams=[team(0, "a1", ["a1", "a2", "a3"])]))
    assert code_of(data, [form(leader="a4", members=["a4", "a5", "a1"])]) == "fireteam_limit"


def test_the_support_bonus_grows_with_the_team():
    assert bonus_for(2) == bonus_for(0)
    assert (bonus_for(3).burst, bonus_for(3).sixth_sense, bonus_for(3).bs) == (1, False, 0)
    assert (bonus_for(4).burst, bonus_for(4).sixth_sense, bonus_for(4).bs) == (1, True, 0)
    assert (bonus_for(5).burst, bonus_for(5).sixth_sense, bonus_for(5).bs) == (1, True, 3)


def test_in_the_reactive_turn_every_linked_member_has_the_bonus_but_not_one_outside():
    data = squad(teams=[team(0, "a1", FIVE)], active=1, orders={1: {"regular": 3}})
    state = state_from_json(data)
    assert all(reactive_bonus(state, t).bs == 3 for t in FIVE)
    data["troopers"][4]["hex"] = [14, 12]  # a5 out of the leader's ZoC
    state = state_from_json(data)
    assert reactive_bonus(state, "a5").burst == 0 and reactive_bonus(state, "a2").bs == 0


def test_one_order_activates_the_whole_team():
    state, events = run(squad(teams=[team(0, "a1", FIVE)]), [order(0, fireteam=True)])
    assert state.turn.current.activated == tuple(FIVE) and state.turn.orders[0].regular == 9


def test_only_the_leader_acts_on_the_enemy():
    data = squad(teams=[team(0, "a1", FIVE)], extra=[keisotsu("k2", (4, 6), 0)])
    assert (
        code_of(data, [order(0, fireteam=True), shoot(0, "a2", "combi_rifle", ("k2", 3))])
        == "skill_not_allowed"
    )


def test_example_4_a_new_leader_drops_members_outside_its_zone_of_control():
    """Equipe Liee Exemple-4: the leader marker goes to the HMG; one member is too far, so only
    four troopers are activated and the team has a four-trooper bonus."""
    data = squad(teams=[team(0, "a2", FIVE)])
    data["troopers"][0]["hex"] = [9, 12]  # a1 (HMG) at the east end
    data["troopers"][1]["hex"] = [6, 12]
    data["troopers"][2]["hex"] = [8, 12]
    data["troopers"][3]["hex"] = [7, 12]
    data["troopers"][4]["hex"] = [3, 12]  # a5: 6 hexes from a1
    state, events = run(data, [order(0, fireteam=True, leader="a1")])
    assert state.turn.current.activated == ("a1", "a2", "a3", "a4")
    assert state.live_team(0).leader == "a1" and "a5" in state.live_team(0).left_this_turn
    assert of(events, "LeaderChanged") and of(events, "MemberLeft")[0]["troopers"] == ["a5"]


def test_a_leader_change_keeping_fewer_than_three_is_refused():
    data = squad(teams=[team(0, "a2", ["a2", "a3", "a5"])])
    data["troopers"][4]["hex"] = [3, 5]
    assert code_of(data, [order(0, fireteam=True, leader="a5")]) == "fireteam_size"


def test_example_10_a_member_ending_outside_the_zone_leaves_and_the_bonus_counts_four():
    data = squad(teams=[team(0, "a1", FIVE)], extra=[keisotsu("k2", (4, 3), 3)])
    state, _ = run(
        data,
        [
            order(0, fireteam=True),
            declare(0, "move", paths={"a1": [[3, 11]], "a5": [[8, 11], [9, 11]]}),
        ],
    )
    assert "a5" not in state.live_team(0).members and state.turn.current.left == ("a5",)
    if state.turn.pending.kind == "aro":
        state, _ = run(state, [{"type": "aro_done", "seat": 1}])
    from games.engine.infinity.skills import team_bonus

    assert team_bonus(state, state.turn.current).bs == 0  # four linked: no +3


def test_example_9_a_member_given_its_own_order_leaves_the_team():
    state, events = run(squad(teams=[team(0, "a1", FIVE)]), [order(0, "a3")])
    assert state.live_team(0).members == ("a1", "a2", "a4", "a5")
    assert of(events, "MemberLeft")[0]["reason"] == "own_order"


def test_the_leader_alone_breaks_the_link():
    state, events = run(squad(teams=[team(0, "a1", FIVE)]), [order(0, "a1")])
    assert state.live_team(0) is None and of(events, "LinkBroken")


def test_a_team_cut_to_two_is_broken():
    state, _ = run(squad(teams=[team(0, "a1", ["a1", "a2", "a3"])]), [order(0, "a3")])
    assert state.live_team(0) is None


def test_one_aro_per_enemy_against_the_whole_team():
    data = squad(teams=[team(0, "a1", FIVE)], extra=[keisotsu("k2", (4, 6), 3)])
    state, _ = run(data, [order(0, fireteam=True), declare(0, "move", paths={"a1": [[3, 11]]})])
    assert state.turn.pending.eligible == ("k2",)
    state, _ = run(state, [aro(1, "k2", "bs_attack", weapon="combi_rifle", target="a3")])
    assert state.turn.pending.kind == "declare2"  # its one reaction is spent


def test_a_reactive_member_declaring_another_aro_leaves_the_team():
    ks = [keisotsu(f"k{i}", (2 + i, 4), 3) for i in range(2, 6)]
    data = squad(extra=ks, teams=[team(1, "k2", ["k2", "k3", "k4", "k5"])])
    state, _ = run(data, [order(0, "a3"), declare(0, "move", path=[[5, 11]])])
    state, events = run(
        state,
        [
            aro(1, "k2", "bs_attack", weapon="combi_rifle", target="a3"),
            aro(1, "k3", "dodge"),
        ],
    )
    assert "k3" not in state.live_team(1).members
    assert of(events, "MemberLeft")[0]["reason"] == "different_aro"


def test_a_fallen_leader_breaks_the_link_at_the_end_of_the_order():
    data = squad(
        teams=[team(0, "a1", FIVE)],
        extra=[keisotsu("k2", (3, 6), 3)],
        policies={1: {"k2": {"on_sight": "shoot", "on_template": "dodge"}}},
    )
    state, events = run(
        data,
        [order(0, fireteam=True), declare(0, "move", paths={"a1": [[3, 11]]}), declare(0, "none")],
        dice={"k2.bs": [1], "a1.arm": [1]},
    )
    assert state.trooper("a1").state == "unconscious"
    assert state.live_team(0) is None and of(events, "LinkBroken")[0]["reason"] == "leader_lost"


def test_the_lieutenant_order_forms_a_team_without_reaction_or_reveal():
    data = squad()
    state, events = run(data, [form()])
    assert state.live_team(0).leader == "a1" and state.turn.orders[0].lieutenant == 0
    assert state.seats[0].revealed_lieutenant is None
    assert not of(events, "WindowOpened") and not of(events, "OrderSpent")
    assert state.turn.pending.kind == "order"


def test_forming_a_new_team_breaks_the_old_one_and_breaking_is_free():
    data = squad(teams=[team(0, "a1", ["a1", "a2", "a3"])])
    state, events = run(data, [form(leader="a4", members=["a4", "a5", "a3"])])
    assert of(events, "LinkBroken") and state.live_team(0).leader == "a4"
    state, _ = run(data, [{"type": "fireteam_break", "seat": 0}])
    assert state.live_team(0) is None and state.turn.orders[0].regular == 10


def test_a_trooper_that_left_rejoins_only_from_the_next_active_turn():
    state, _ = run(
        squad(teams=[team(0, "a1", FIVE)]),
        [order(0, "a5"), declare(0, "change_facing", facing=1), declare(0, "none")],
    )
    assert "a5" in state.live_team(0).left_this_turn
    with pytest.raises(IllegalMove) as err:
        run(state, [order(0, fireteam=True, join=["a5"])])
    assert err.value.code == "skill_not_allowed"
    ctx = Ctx(state, Dice(forced={}))
    start_turn(ctx, 0)
    state, events = run(ctx.state, [order(0, fireteam=True, join=["a5"])])
    assert "a5" in state.live_team(0).members and of(events, "MembersJoined")


def test_retreat_breaks_the_link_and_impetuous_troopers_are_not_impetuous_while_linked():
    highlanders = [trooper(f"h{i}", 0, "caledonian.45th.chain", (2 + i, 12)) for i in (1, 2, 3)]
    data = position(
        [*highlanders, keisotsu("k1", (12, 0))],
        lieutenants=("h1", None),
        sectorials=("caledonian", "jsa"),
        fireteams=[team(0, "h1", ["h1", "h2", "h3"])],
    )
    pool = order_pool(state_from_json(data), 0)
    assert pool.impetuous == ()  # FT-25
    data["fireteams"] = []
    assert len(order_pool(state_from_json(data), 0).impetuous) == 3


def test_a_direct_template_with_the_bonus_places_two_templates():
    domaru = [trooper(f"d{i}", 1, "jsa.domaru.chain", (4 + i, 6), 3) for i in (1, 2, 3)]
    data = position(
        [alguacil("a1", (5, 10)), alguacil("a2", (7, 10)), *domaru],
        active=1,
        orders={1: {"regular": 3}},
        fireteams=[team(1, "d1", ["d1", "d2", "d3"])],
        sectorials=("corregidor", "jsa"),
    )
    state, _ = run(
        data,
        [
            order(1, fireteam=True),
            declare(1, "bs_attack", trooper="d1", weapon="chain_rifle", aim=["d3", "v2"]),
        ],
    )
    assert state.turn.current.skills[0].aims == ("d3", "v2")
    with pytest.raises(IllegalMove) as err:
        run(
            data,
            [
                order(1, fireteam=True),
                declare(1, "bs_attack", trooper="d1", weapon="chain_rifle", aim=["d3", "v2", "v3"]),
            ],
        )
    assert err.value.code == "burst_exceeded"
