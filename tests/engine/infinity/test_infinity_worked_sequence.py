"""The supplement's own game sequence, 'EXEMPLES DE TROUPES LIEES EN JEU' (rules seed 003, spec
A.2): five Alguaciles of the Corregidor Jurisdictional Command against five Keisotsu of the
Japanese Sectorial Army. The figures (Graphique 4, 5) are lost; the geometry is ours, the
numbers follow the text's rules: a five-trooper team's +3 BS and +1 burst, the reactive team's
bonus for every linked member, a split burst rolled face to face against the trooper shooting
back and Normal against the other, a four-trooper team's Sixth Sense L2 letting members under a
template dodge without a line of fire."""

from infh import aro, declare, keisotsu, of, order, position, run, shoot, team, trooper

from games.engine.infinity.legal import legal_moves
from games.engine.infinity.position import state_from_json


def alg(tid, hex_, kind="combi", **extra):
    return trooper(tid, 0, f"corregidor.alguacil.{kind}", hex_, 0, **extra)


def keisotsu_team(k1_state="normal"):
    """k3 leads (the text never names the leader; #1 and #2 shoot, so neither leads). k1 and k2
    face the Alguaciles; k3, k4 and k5 face away."""
    return [
        keisotsu("k1", (5, 2), 3, state=k1_state),
        keisotsu("k2", (8, 0), 3),
        keisotsu("k3", (5, 0), 0),
        keisotsu("k4", (8, -1), 0),
        keisotsu("k5", (9, -1), 0),
    ]


def step_four():
    return position(
        [
            alg("a1", (6, 9), "hmg"),
            alg("a2", (8, 8)),
            alg("a3", (5, 8), "lgl"),
            alg("a4", (4, 9), "lt"),
            alg("a5", (6, 10), "paramedic"),
            *keisotsu_team(),
        ],
        fireteams=[
            team(0, "a1", ["a1", "a2", "a3", "a4", "a5"]),
            team(1, "k3", ["k3", "k1", "k2", "k4", "k5"]),
        ],
        lieutenants=("a4", "k3"),
    )


def test_step_four_move_then_support_against_a_reactive_team_in_support():
    """'[Ordre Lie (Mouvement + Soutien) contre ORA d'une Equipe Liee (Soutien)]'."""
    state, events = run(
        step_four(),
        [
            order(0, fireteam=True),
            declare(0, "move", paths={"a1": [[6, 8], [6, 7]], "a2": [[8, 7], [8, 6]]}),
        ],
    )
    pending = state.turn.pending
    # Only the two Keisotsu with a line of fire may react, each once against the whole team.
    assert pending.kind == "aro" and pending.seat == 1 and pending.eligible == ("k1", "k2")
    state, events = run(
        state,
        [
            aro(1, "k1", "bs_attack", weapon="combi_rifle", target="a1"),
            aro(1, "k2", "bs_attack", weapon="combi_rifle", target="a2"),
            # 'R 5' split: 3 face to face on k1, 2 Normal on k2.
            shoot(0, "a1", "hmg", ("k1", 3), ("k2", 2)),
        ],
        dice={
            "a1.bs": [15, 12, 3, 18, 20],
            "k1.bs": [14, 19],
            "k2.bs": [5, 9],
            "k1.arm": [3],
            "a2.arm": [2, 17],
        },
    )
    contests = {(c["attacker"], c["target"]): c for c in of(events, "Contest")}
    # HMG at 6-7 hexes (+3) with the five-trooper bonus (+3): 11 + 6 = 17, burst 4 + 1.
    assert contests["a1", "k1"]["sv"] == 17 and contests["a1", "k1"]["mods"]["fireteam"] == 3
    assert contests["a1", "k1"]["opposed"] == "attack" and contests["a1", "k1"]["hits"] == 1
    assert contests["a1", "k2"]["opposed"] == "none" and contests["a1", "k2"]["hits"] == 0
    # The reactive team: combi in ARO 'R 1 + Bonus de Soutien de +1', BS 10 + 3 + 3.
    assert contests["k1", "a1"]["sv"] == 16 and len(contests["k1", "a1"]["dice"]) == 2
    assert contests["k1", "a1"]["hits"] == 0  # the 14 loses to the HMG's 15
    assert contests["k2", "a2"]["opposed"] == "none" and contests["k2", "a2"]["hits"] == 2
    assert state.trooper("k1").state == "unconscious"
    assert state.trooper("a2").state == "unconscious"  # one of the two saves failed
    assert state.trooper("k2").state == "normal"
    # Both teams are down to four linked troopers after the order.
    assert len(state.live_team(0).members) == 4 and len(state.live_team(1).members) == 4


def step_five():
    return position(
        [
            alg("a1", (6, 7), "hmg"),
            alg("a2", (8, 6), state="unconscious", wounds=1),
            alg("a3", (5, 6), "lgl"),
            alg("a4", (4, 8), "lt"),
            alg("a5", (6, 8), "paramedic"),
            *keisotsu_team(k1_state="unconscious"),
        ],
        fireteams=[
            team(0, "a1", ["a1", "a3", "a4", "a5"]),
            team(1, "k3", ["k3", "k2", "k4", "k5"]),
        ],
        lieutenants=("a4", "k3"),
    )


def test_step_five_move_then_support_against_a_reactive_team_dodging():
    """'[Ordre Lie (Mouvement + Soutien) contre ORA d'Equipe Liee (Esquive)]': a new leader (the
    grenadier) moves alone; a four-trooper team gives +1 burst but not +3 BS; the Keisotsu the
    template falls on dodge thanks to Sixth Sense L2, without a line of fire."""
    state, _ = run(
        step_five(),
        [order(0, fireteam=True, leader="a3"), declare(0, "move", paths={"a3": [[6, 5], [6, 4]]})],
    )
    assert state.turn.pending.eligible == ("k2",)
    state, _ = run(
        state,
        [
            aro(1, "k2", "dodge"),
            shoot(0, "a3", "light_gl", ("k2", 2)),  # 'son Lance Grenades Leger a donc R 2'
        ],
    )
    # Window 2: the template on k2 also covers k4 and k5, who see nothing but may dodge.
    assert state.turn.pending.kind == "aro" and state.turn.pending.eligible == ("k4", "k5")
    state, events = run(
        state,
        [aro(1, "k4", "dodge"), aro(1, "k5", "dodge")],
        dice={
            "a3.bs": [10, 13],
            "k2.ph": [7],
            "k4.ph": [4],
            "k5.ph": [12],
            "k2.arm": [2, 15],
            "k5.arm": [16, 18],
        },
    )
    contest = of(events, "Contest")[0]
    assert contest["sv"] == 14 and "fireteam" not in contest["mods"]  # 11 + 3 (range), no +3
    assert contest["opposed"] == "dodge" and contest["hits"] == 2
    templates = of(events, "TemplatePlaced")
    assert len(templates) == 2 and all(t["victims"] == ["k2", "k4", "k5"] for t in templates)
    assert [e["trooper"] for e in of(events, "TemplateDodged")] == ["k4", "k4"]
    assert state.trooper("k2").state == "unconscious"
    assert state.trooper("k5").state == "normal" and state.trooper("k4").state == "normal"
    assert [e["trooper"] for e in of(events, "GutsPassed")] == ["k5"]  # V: Courage


def alguacil_team(leader):
    """Steps two and three: the five Alguacils as one team led by `leader`, the Keisotsu far
    north; the table, and each member's one hex north (their Move)."""
    members = [leader] + [f"a{i}" for i in range(1, 6) if f"a{i}" != leader]
    start = position(
        [
            alg("a1", (6, 12), "hmg"),
            alg("a2", (7, 12)),
            alg("a3", (5, 12), "lgl"),
            alg("a4", (6, 13), "lt"),
            alg("a5", (4, 13), "paramedic"),
            keisotsu("k1", (8, 0), 0),
        ],
        fireteams=[team(0, leader, members)],
        lieutenants=("a4", None),
    )
    follow = {"a1": [[6, 11]], "a2": [[7, 11]], "a3": [[5, 11]], "a4": [[6, 12]], "a5": [[4, 12]]}
    return start, follow


def test_step_two_move_move_out_of_sight_gives_no_reaction():
    """'[Ordre Lie : Mouvement + Mouvement]': one order moves all five, twice, out of any enemy
    line of fire: no window opens, so the active player never waits."""
    start, follow = alguacil_team("a1")
    state, events = run(start, [order(0, fireteam=True), declare(0, "move", paths=follow)])
    assert state.turn.pending.kind == "declare2" and state.turn.pending.seat == 0
    second = {t: [[h[0][0], h[0][1] - 1]] for t, h in follow.items()}
    state, events = run(state, [declare(0, "move", paths=second)])
    assert state.turn.pending.kind == "order"
    assert [state.trooper(t).hex for t in ("a1", "a5")] == [(6, 10), (4, 11)]
    assert state.turn.orders[0].regular == 9  # one order for five troopers
    assert not of(events, "WindowOpened")


def test_forming_at_deployment_puts_every_member_in_the_leaders_zone_of_control():
    """'[Creation de l'Equipe Liee]': the leader and four more within 20 cm (4 hexes)."""
    data = position(
        [alg(f"a{i}", (2 + i, 12)) for i in range(1, 6)] + [keisotsu("k1", (8, 0))],
        pending={"seat": 0, "kind": "deploy"},
    )
    data["turn"]["phase"] = "deployment"
    state, events = run(
        data,
        [
            {
                "type": "fireteam_form",
                "seat": 0,
                "leader": "a1",
                "members": ["a1", "a2", "a3", "a4", "a5"],
            }
        ],
    )
    assert state.live_team(0).leader == "a1" and of(events, "FireteamFormed")
    assert state_from_json(data).live_team(0) is None


def test_step_three_a_new_leader_moves_all_five_then_two_climb_and_the_others_do_nothing():
    """'[Lie : Changer de Meneur ; Mouvement + Mouvement (Escalader)]' (T 716–724): the leader
    passes to #1 with the HMG; its Move moves all five; its Climb takes two up to a raised
    position, each with « le Jet de PH correspondant » (PH 10), « alors que les autres
    Alguaciles, même s'ils sont activés par la même Compétence Courte de Mouvement, ne font
    rien ». Our geometry: a roof of level 1 north of the team, the Keisotsu out of sight."""
    start, follow = alguacil_team("a2")
    start["scenery"] = [{"hex": [q, 10], "kind": "building", "level": 1} for q in (5, 6, 7)]
    state, events = run(
        start, [order(0, fireteam=True, leader="a1"), declare(0, "move", paths=follow)]
    )
    assert state.live_team(0).leader == "a1"
    # legal_moves lists each member's Climb alone (a generating set: the page adds climbers)
    offered = [m for m in legal_moves(state, 0) if m.get("skill") == "climb"]
    assert {"a2": [[7, 10]]} in [m.get("paths") for m in offered]
    assert {"a3": [[5, 10]]} in [m.get("paths") for m in offered]
    assert all(m["trooper"] == "a1" for m in offered)  # the leader declares it
    climb = declare(0, "climb", paths={"a2": [[7, 10]], "a3": [[5, 10]]})
    state, events = run(state, [climb], dice={"a2.ph": [8], "a3.ph": [14]})
    rolls = {e["trooper"]: e for e in of(events, "ClimbRolled")}
    assert set(rolls) == {"a2", "a3"} and rolls["a2"]["sv"] == 10
    assert state.trooper("a2").hex == (7, 10)  # up on the roof
    assert state.trooper("a3").hex == (5, 11)  # the failed roll: back at the foot of the wall
    assert [state.trooper(t).hex for t in ("a1", "a4", "a5")] == [(6, 11), (6, 12), (4, 12)]
    assert state.turn.orders[0].regular == 9 and len(state.live_team(0).members) == 5
