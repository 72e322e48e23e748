"""The computer values what a template or a close combat trooper can do (evaluate.py's
`_template_reach`, `_close_combat_reach`, `_close_combat_value`): the JSA's Domaru, a chain
rifle, CC 19 and Berserk, ignored all three while its estimate counted only shots from where
troopers stood (the engine README, « Seat balance on the lobby's default set-up »)."""

from infh import alguacil, aro, declare, order, position, run, trooper

from games.engine.hexgrid import distance
from games.engine.infinity import evaluate as ev
from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.engine.rng import Rng
from games.engine.search import bot_move


def _domaru_facing_away(row: int):
    """The Domaru d1 at (5, row) looking away from the Alguacil a1 at (5, 12), so that neither
    its chain rifle nor its pistol has a line of fire now."""
    return state_from_json(
        position(
            [trooper("d1", 1, "jsa.domaru.chain", (5, row), 0), alguacil("a1", (5, 12), 3)],
            active=1,
            orders={1: {"regular": 2}},
        )
    )


def test_a_chain_rifle_a_move_from_its_reach_counts_in_the_estimate():
    """Six hexes away (MOV 2 + the large teardrop's 4) the chain rifle threatens a1 after one
    move; seven hexes away it does not: the step between is worth more than closing in alone
    (0.2 a hex in `_posture`)."""
    far, near = _domaru_facing_away(5), _domaru_facing_away(6)
    assert ev._posture(near, 1) - ev._posture(far, 1) > 1.0
    assert ev._posture(near, 0) < ev._posture(far, 0)  # and a1's side sees the danger


def test_close_combat_a_move_from_contact_counts_and_contact_counts_more():
    contact, one_move, out_of_reach = (_domaru_facing_away(r) for r in (11, 9, 8))
    d1 = contact.trooper("d1")
    a1 = contact.trooper("a1")
    assert ev._close_combat_reach(contact, d1, a1) > 0
    assert ev._close_combat_reach(one_move, one_move.trooper("d1"), a1) == (
        ev.APPROACH * ev._close_combat_reach(contact, d1, a1)
    )
    assert ev._close_combat_reach(out_of_reach, out_of_reach.trooper("d1"), a1) == 0


def test_a_declared_close_combat_is_worth_its_expected_casualties():
    """As a declared shot is (test_infinity_bot.py): the estimate right after the declaration
    is what the search's one-move judgement reads, so an unvalued close combat lost to a
    pistol shot or a change of facing."""
    data = position(
        [trooper("d1", 1, "jsa.domaru.chain", (5, 6), 3), alguacil("a1", (5, 7))],
        active=1,
        orders={1: {"regular": 2}},
    )
    base, _ = run(data, [order(1, "d1")])
    plain, _ = run(base, [declare(1, "cc_attack", trooper="d1", target="a1")])
    berserk, _ = run(base, [declare(1, "cc_attack", trooper="d1", target="a1", berserk=True)])
    assert ev.evaluate(plain, 1) > ev.evaluate(base, 1) + 0.01
    assert ev.evaluate(berserk, 1) >= ev.evaluate(plain, 1)


def test_a_chain_rifle_in_reaction_is_worth_more_than_a_pistols_there():
    """The Alguacil a1 walks to three hexes in front of the Domaru d1: the chain rifle's ARO
    hits without a roll (D: a1 does not dodge while it moves), the pistol's needs BS 12. The
    estimate skipped a template in reaction, so a pistol's ARO always looked the better."""
    data = position(
        [trooper("d1", 1, "jsa.domaru.chain", (5, 5), 3), alguacil("a1", (5, 10), 0)],
        orders={0: {"regular": 2}},
    )
    walked, _ = run(data, [order(0, "a1"), declare(0, "move", trooper="a1", path=[[5, 9], [5, 8]])])
    chain, pistol = (
        run(walked, [aro(1, "d1", "bs_attack", weapon=w, target="a1", at=[5, 8])])[0]
        for w in ("chain_rifle", "pistol")
    )
    assert ev.evaluate(chain, 1) > ev.evaluate(pistol, 1) > ev.evaluate(walked, 1)


def _lone_domaru_near_an_alguacil():
    """The JSA's turn, one regular order for its Domaru d1 at (5, 6) facing the Alguacil a1 at
    (5, 12), whose back is turned: the pistol reaches, the chain rifle one move away."""
    return state_from_json(
        position(
            [trooper("d1", 1, "jsa.domaru.chain", (5, 6), 3), alguacil("a1", (5, 12), 3)],
            active=1,
            orders={1: {"regular": 1}},
            reactions="auto",
        )
    )


def test_a_lone_domaru_near_an_alguacil_is_ordered_to_attack_or_close_in():
    """It ended its turn with the order unused in every seed: the search's random playouts,
    mostly steps and turns, made whichever seat moved next look worse, so ending the turn (the
    Alguacil's random moves next) beat ordering the Domaru (its own random moves next). The
    playouts now declare an attack when one may be (rollout.py); the Domaru fires, or walks
    behind the Alguacil's back."""
    for seed in range(4):
        state, rng, moves = _lone_domaru_near_an_alguacil(), Rng(f"lone{seed}"), []
        while SYSTEM.to_act(state) == (1,) and state.turn.active_seat == 1:
            move = bot_move(SYSTEM, state, 1, Rng(f"lone{seed}/{len(moves)}"), "medium")
            moves.append(move)
            step = SYSTEM.apply(state, 1, move, rng)
            state, rng = step.state, step.rng
            if move["type"] == "end_turn":
                break
        assert moves[0] == {"type": "order", "seat": 1, "kind": "regular", "trooper": "d1"}, seed
        attacked = any(m.get("skill") in ("bs_attack", "cc_attack") for m in moves)
        closer = distance(state.trooper("d1").hex, (5, 12)) < distance((5, 6), (5, 12))
        assert attacked or closer, seed


def test_a_playout_attacks_when_it_may_and_spends_its_orders():
    """rollout.playout_moves: the attacks when an attack may be declared; otherwise every move
    but the end of the turn while an order may be given; the legal moves otherwise."""
    state = _lone_domaru_near_an_alguacil()
    legal = SYSTEM.legal_moves(state, 1)
    assert any(m["type"] == "end_turn" for m in legal)
    assert SYSTEM.playout_moves(state, 1, legal) == [m for m in legal if m["type"] == "order"]
    ordered, _ = run(state, [order(1, "d1")])
    legal = SYSTEM.legal_moves(ordered, 1)
    narrowed = SYSTEM.playout_moves(ordered, 1, legal)
    assert {m["weapon"] for m in narrowed} == {"pistol"}  # six hexes: beyond the teardrop
    assert all(m["skill"] == "bs_attack" for m in narrowed) and len(narrowed) < len(legal)
    deploying = SYSTEM.setup(SYSTEM.validate_config({}, 2), 2, Rng("rollout")).state
    seat = SYSTEM.to_act(deploying)[0]
    legal = SYSTEM.legal_moves(deploying, seat)
    assert SYSTEM.playout_moves(deploying, seat, legal) == legal
