"""Orders and the order pool (spec B.5, B.6, B.13; 'REGLE DE LA DERNIERE FIGURINE DEBOUT'):
spending an order, what an order may be made of, movement on hexes, Loss of Lieutenant, the
last model standing, Retreat!."""

import pytest
from infh import alguacil, declare, keisotsu, of, order, position, run, shoot, trooper

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.position import state_from_json
from games.engine.infinity.turns import order_pool, start_turn
from games.engine.protocol import IllegalMove


def lone(*extra, **kw):
    return position([alguacil("a1", (5, 12)), keisotsu("k1", (12, 0), 0), *extra], **kw)


def refused(data, moves, code):
    with pytest.raises(IllegalMove) as err:
        run(data, moves)
    assert err.value.code == code, err.value.reason
    return err.value


def test_an_order_leaves_the_pool_at_once_and_activates_the_trooper():
    state, events = run(lone(), [order(0, "a1")])
    assert state.turn.orders[0].regular == 9 and state.turn.current.activated == ("a1",)
    assert of(events, "OrderSpent")[0]["trooper"] == "a1"


def test_a_move_goes_as_far_as_half_the_first_mov_value_in_hexes():
    refused(
        lone(),
        [order(0, "a1"), declare(0, "move", path=[[5, 11], [5, 10], [5, 9]])],
        "path_too_long",
    )
    state, _ = run(lone(), [order(0, "a1"), declare(0, "move", path=[[5, 11], [5, 10]])])
    assert state.trooper("a1").hex == (5, 10) and state.trooper("a1").facing == 0


def test_a_second_move_uses_the_second_mov_value():
    brigada = trooper("b1", 0, "corregidor.mobile_brigada.hmg", (5, 12))  # MOV 4-2
    data = position([brigada, keisotsu("k1", (12, 0), 0)])
    state, _ = run(data, [order(0, "b1"), declare(0, "move", path=[[5, 11], [5, 10]])])
    with pytest.raises(IllegalMove) as err:
        run(state, [declare(0, "move", path=[[5, 9], [5, 8]])])
    assert err.value.code == "path_too_long"
    state, _ = run(state, [declare(0, "move", path=[[5, 9]])])
    assert state.trooper("b1").hex == (5, 9)


def test_a_move_may_name_its_destination_only():
    state, _ = run(lone(), [order(0, "a1"), declare(0, "move", to=[6, 10])])
    assert state.trooper("a1").hex == (6, 10)


def test_rough_ground_and_low_walls_cost_two_and_buildings_cannot_be_entered():
    data = lone(scenery=[((5, 11), "rough"), ((6, 11), "building")])
    refused(data, [order(0, "a1"), declare(0, "move", path=[[5, 11], [5, 10]])], "path_too_long")
    refused(data, [order(0, "a1"), declare(0, "move", path=[[6, 11]])], "illegal_path")
    state, _ = run(data, [order(0, "a1"), declare(0, "move", path=[[5, 11]])])
    assert state.trooper("a1").hex == (5, 11)


def test_friends_may_be_passed_but_not_enemies_and_no_move_ends_on_a_trooper():
    data = lone(alguacil("a2", (5, 11)))
    state, _ = run(data, [order(0, "a1"), declare(0, "move", path=[[5, 11], [5, 10]])])
    assert state.trooper("a1").hex == (5, 10)
    refused(data, [order(0, "a1"), declare(0, "move", path=[[5, 11]])], "hex_occupied")
    enemy = lone(keisotsu("k2", (5, 10)))
    refused(enemy, [order(0, "a1"), declare(0, "move", path=[[5, 11], [5, 10]])], "illegal_path")


def test_entering_base_contact_with_an_enemy_ends_the_movement():
    data = lone(keisotsu("k2", (6, 10), 3))
    refused(data, [order(0, "a1"), declare(0, "move", path=[[5, 11], [5, 10]])], "illegal_path")
    state, _ = run(data, [order(0, "a1"), declare(0, "move", path=[[5, 11]])])
    assert state.trooper("a1").hex == (5, 11)


def test_an_engaged_trooper_may_only_attack_in_close_combat_or_dodge():
    data = lone(keisotsu("k2", (5, 11), 3))
    refused(data, [order(0, "a1"), declare(0, "move", path=[[4, 12]])], "skill_not_allowed")
    refused(data, [order(0, "a1"), shoot(0, "a1", "combi_rifle", ("k2", 3))], "skill_not_allowed")
    state, _ = run(data, [order(0, "a1"), declare(0, "cc_attack", target="k2")])
    assert state.turn.current.skills[0].skill == "cc_attack"


def test_an_order_is_two_movement_skills_or_one_movement_and_one_short_skill():
    data = lone(keisotsu("k2", (5, 6), 0))
    state, _ = run(
        data, [order(0, "a1"), shoot(0, "a1", "combi_rifle", ("k2", 3))], dice={"k2.bs": []}
    )
    with pytest.raises(IllegalMove) as err:
        run(state, [declare(0, "dodge")])
    assert err.value.code == "skill_not_allowed"
    refused(data, [order(0, "a1"), declare(0, "none")], "skill_not_allowed")


def test_orders_run_out():
    data = lone(orders={0: {"regular": 0, "lieutenant": 0}})
    refused(data, [order(0, "a1")], "no_orders_left")


def test_only_the_lieutenant_spends_the_lieutenant_order_on_itself_and_is_revealed():
    data = lone(alguacil("a4", (7, 12), kind="lt"), lieutenants=("a4", None))
    refused(data, [order(0, "a1", kind="lieutenant")], "trooper_cannot_act")
    state, events = run(data, [order(0, "a4", kind="lieutenant")])
    assert state.seats[0].revealed_lieutenant == "a4" and state.turn.orders[0].lieutenant == 0


def test_the_wrong_seat_and_the_wrong_moment_are_refused():
    refused(lone(), [order(1, "k1")], "not_your_turn")
    refused(lone(), [declare(0, "move", path=[[5, 11]])], "no_pending_decision")
    refused(lone(), [order(0, "k1")], "unknown_trooper")


def _pool(troopers, seat=0, **seat_info):
    data = position(troopers, lieutenants=("a4", "k3"))
    data["seats"][seat].update(seat_info)
    state = state_from_json(data)
    return order_pool(state, seat)


def test_each_normal_trooper_gives_a_regular_order_and_the_lieutenant_its_special_order():
    pool = _pool(
        [
            alguacil("a1", (1, 12)),
            alguacil("a4", (2, 12), kind="lt"),
            alguacil("a5", (3, 12), state="unconscious", wounds=1),
        ]
    )
    assert (pool.regular, pool.lieutenant, pool.total) == (2, 1, 3)


def test_loss_of_lieutenant_makes_every_trooper_irregular_and_is_announced():
    data = position(
        [
            alguacil("a1", (1, 12)),
            alguacil("a2", (2, 12)),
            alguacil("a4", (3, 12), kind="lt", state="dead", wounds=2),
            keisotsu("k1", (8, 0)),
        ],
        lieutenants=("a4", None),
    )
    ctx = Ctx(state_from_json(data), Dice(forced={}))
    start_turn(ctx, 0)
    orders = ctx.state.turn.orders[0]
    assert (
        orders.regular == 0
        and orders.lieutenant == 0
        and dict(orders.irregular) == {"a1": 1, "a2": 1}
    )
    assert ctx.state.seats[0].loss_of_lieutenant and ctx.state.seats[0].revealed_lieutenant == "a4"
    refused_state = ctx.state
    with pytest.raises(IllegalMove):
        run(refused_state, [order(0, "a1")])  # no regular order left
    state, _ = run(refused_state, [order(0, "a1", kind="irregular")])
    assert state.turn.orders[0].of("irregular", "a1") == 0


def test_a_new_lieutenant_is_appointed_in_secret_at_the_end_of_that_turn():
    data = position(
        [
            alguacil("a1", (1, 12)),
            alguacil("a4", (3, 12), kind="lt", state="dead", wounds=2),
            keisotsu("k1", (8, 0)),
        ],
        lieutenants=("a4", "k1"),
        orders={0: {"irregular": {"a1": 1}}},
    )
    data["seats"][0]["loss_of_lieutenant"] = True
    state, _ = run(data, [{"type": "end_turn", "seat": 0}])
    assert state.turn.pending.kind == "appoint_lieutenant" and state.turn.pending.seat == 0
    state, events = run(state, [{"type": "appoint_lieutenant", "seat": 0, "trooper": "a1"}])
    assert state.hidden[0].lieutenant == "a1" and not state.seats[0].loss_of_lieutenant
    assert state.turn.active_seat == 1


# --- last model standing: the text's seven cases (LMS-4) -------------------------------------


def _last(profile, lieutenant, retreat=False):
    data = position(
        [
            trooper("x1", 0, profile, (1, 12)),
            trooper("x2", 0, profile, (2, 12), state="dead", wounds=2),
        ],
        lieutenants=(lieutenant, None),
    )
    data["seats"][0]["retreat"] = retreat
    data["seats"][0]["loss_of_lieutenant"] = lieutenant != "x1"
    return order_pool(state_from_json(data), 0)


def test_the_last_trooper_standing_always_has_two_orders():
    assert _last("corregidor.alguacil.lt", "x1").total == 2  # the Lieutenant
    assert _last("corregidor.alguacil.combi", "x2").total == 2  # in Loss of Lieutenant
    assert _last("corregidor.alguacil.combi", "x2").regular == 2  # regular orders (I5)


def test_a_religious_last_trooper_gets_the_minimum_and_nothing_more():
    """The text's example: « Si cette dernière figurine, en situation de perte de Lieutenant,
    possède la Compétence Spéciale Troupe Religieuse, alors sa Réserve d'Ordres sera aussi de 2.
    Même si c'est le Lieutenant qui possède la Compétence Spéciale Troupe Religieuse … sa
    Réserve sera toujours de 2 » (LMS-3)."""
    religious = "panoceania.order_sergeant.religious"
    assert _last(religious, "x2").total == 2 and _last(religious, "x2").regular == 2
    assert _last(religious, "x1").total == 2 and _last(religious, "x1").lieutenant == 0


def test_an_impetuous_last_trooper_adds_its_impetuous_order_and_only_that():
    pool = _last("caledonian.45th.chain", "x2")
    assert pool.total == 3 and dict(pool.impetuous) == {"x1": 1}
    assert _last("caledonian.45th.chain", "x2", retreat=True).total == 3


def test_a_last_trooper_in_retreat_gets_the_impetuous_order_towards_its_zone():
    assert _last("corregidor.alguacil.combi", "x2", retreat=True).total == 3


def test_an_unconscious_comrade_is_still_alive_so_the_minimum_does_not_apply():
    data = position(
        [alguacil("a1", (1, 12)), alguacil("a2", (2, 12), state="unconscious", wounds=1)],
        lieutenants=("a1", None),
    )
    assert order_pool(state_from_json(data), 0).total == 2  # a1's order + Lieutenant order
    data["hidden"]["0"]["lieutenant"] = "a2"
    data["seats"][0]["loss_of_lieutenant"] = True
    assert order_pool(state_from_json(data), 0).total == 1


def test_retreat_is_declared_at_sixty_percent_of_the_army_down_and_breaks_the_link():
    troopers = [alguacil(f"a{i}", (i, 12)) for i in range(1, 6)]
    for t in troopers[2:]:
        t.update(state="dead", wounds=2)
    troopers += [keisotsu("k1", (8, 0))]
    data = position(
        troopers,
        lieutenants=("a1", None),
        points=(50, 50),
        fireteams=[{"seat": 0, "leader": "a1", "members": ["a1", "a2"]}],
    )
    ctx = Ctx(state_from_json(data), Dice(forced={}))
    start_turn(ctx, 0)
    # The game no longer ends with the game turn (the French text never says so: turns.py)
    assert ctx.state.seats[0].retreat and ctx.state.turn.last_game_turn is None
    assert dict(ctx.state.turn.orders[0].impetuous) == {"a1": 1, "a2": 1}
    assert ctx.state.live_team(0) is None


def test_an_impetuous_order_must_bring_the_trooper_closer():
    data = position(
        [alguacil("a1", (5, 12)), keisotsu("k1", (5, 2), 3)],
        orders={0: {"impetuous": {"a1": 1}, "regular": 1}},
    )
    with pytest.raises(IllegalMove):
        run(data, [order(0, "a1", kind="impetuous"), declare(0, "move", path=[[5, 13]])])
    state, _ = run(data, [order(0, "a1", kind="impetuous"), declare(0, "move", path=[[5, 11]])])
    assert state.turn.orders[0].regular == 1
    # Spending another kind first gives up the impetuous orders.
    state, _ = run(data, [order(0, "a1")])
    assert state.turn.orders[0].impetuous == ()
