"""Modes, variants and setup (§5.1 «Modes de jeu», §5.2 «Mise en place»; spec R14-R34, H6)."""

import json

import pytest

from games.engine.hexpanse.position import state_to_json
from games.engine.hexpanse.system import SYSTEM
from games.engine.hexpanse.view import view
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng


def new(seats=2, **config):
    step = SYSTEM.setup(config, seats, Rng("setup"))
    return step.state, step.rng


def act(state, rng, move):
    seat = SYSTEM.to_act(state)[0] if "seat" not in move else move["seat"]
    step = SYSTEM.apply(state, seat, {"seat": seat, **move}, rng)
    return step.state, step.rng, step.events


def choose_factions(state, rng):
    order = []
    for faction in ("terran", "cyberian", "nomads", "union")[: len(state.seats)]:
        order.append(SYSTEM.to_act(state)[0])
        state, rng, _ = act(state, rng, {"do": "choose_faction", "faction": faction})
    return state, rng, order


@pytest.mark.parametrize(
    ("mode", "expert", "elite", "kit"),
    [
        ("marin", False, 0, {"normal": 12, "elite": 0}),
        ("capitaine", False, 0, {"normal": 9, "elite": 0}),
        ("amiral", False, 2, {"normal": 7, "elite": 2}),
        ("capitaine", True, 3, {"normal": 3, "elite": 3}),
    ],
)
def test_each_mode_deals_its_kit_R14_R19_R21_H6(mode, expert, elite, kit):
    state, _ = new(mode=mode, variants={"expert": expert, "elite": elite})
    reserve = state_to_json(state)["seats"][0]["reserve"]
    assert {"normal": reserve["normal"], "elite": reserve["elite"]} == kit


def test_factions_go_clockwise_from_the_first_player_and_minors_in_reverse_R26_R28():
    state, rng = new(seats=3, first_player=1)
    state, rng, order = choose_factions(state, rng)
    assert order == [1, 2, 0]
    offer = list(state.setup.offer)
    assert len(offer) == 4  # players + 1
    pickers = []
    for _ in range(3):
        seat = SYSTEM.to_act(state)[0]
        pickers.append(seat)
        state, rng, _ = act(state, rng, {"do": "choose_minor", "minor": state.setup.offer[0]})
    assert pickers == [0, 2, 1]
    assert state.setup is None and state.turn.seat == 1 and state.turn.phase == "actions"
    assert state.seats[1].hexilum == 1  # its first income (R68)
    assert state_to_json(state)["seats"][0]["reserve"]["minor"] == {offer[0]: 3}


def test_the_first_player_is_drawn_from_the_seed_when_not_given_R25():
    firsts = {SYSTEM.setup({}, 4, Rng(f"first{i}")).state.setup.first_player for i in range(12)}
    assert len(firsts) > 1


def test_marin_has_no_minor_factions_and_starts_at_once():
    state, rng = new(mode="marin")
    state, rng, _ = choose_factions(state, rng)
    assert state.setup is None and state.seats[0].minors == ()


def test_a_faction_is_taken_once_and_alien_factions_need_the_expansion():
    state, rng = new()
    state, rng, _ = act(state, rng, {"do": "choose_faction", "faction": "terran"})
    with pytest.raises(IllegalMove) as taken:
        act(state, rng, {"do": "choose_faction", "faction": "terran"})
    assert taken.value.code == "illegal_target"
    with pytest.raises(IllegalMove):
        act(state, rng, {"do": "choose_faction", "faction": "ox"})
    alien, rng2 = new(alien=True)
    alien, _, _ = act(alien, rng2, {"do": "choose_faction", "faction": "ox"})
    assert "ox" in [s.faction for s in alien.seats]


def test_the_amiral_pick_hides_each_choice_and_leaves_the_common_mission_R32_R33():
    state, rng = new(seats=3, mode="amiral", first_player=0)
    state, rng, _ = choose_factions(state, rng)
    for _ in range(3):
        state, rng, _ = act(state, rng, {"do": "choose_minor", "minor": state.setup.offer[0]})
    revealed = list(state.revealed)
    assert len(revealed) == 4 and state.setup.step == "mission"
    picker = SYSTEM.to_act(state)[0]
    assert picker == 2  # reverse order of the faction choice
    assert view(state, picker)["missions"]["offer"] == revealed
    assert view(state, 0)["missions"]["offer"] == {"count": 4}
    state, rng, events = act(state, rng, {"do": "pick_mission", "mission": revealed[1]})
    picked = next(e for e in events if e.kind == "MissionPicked")
    assert picked.for_seat(0) == {"seat": 2, "kind": "MissionPicked"}
    assert view(state, 0)["seats"][2]["secret_mission"] == "hidden"
    assert view(state, 2)["seats"][2]["secret_mission"] == revealed[1]
    while state.setup is not None:
        state, rng, _ = act(state, rng, {"do": "pick_mission", "mission": state.offer[0]})
    secrets = {s.secret_mission for s in state.seats}
    assert state.common in revealed and state.common not in secrets
    assert secrets | {state.common} == set(revealed)


def test_the_expert_draft_with_four_players_deals_two_to_the_last_seat_R22_R23():
    state, rng = new(seats=4, mode="capitaine", variants={"expert": True}, first_player=1)
    packs = state.setup.packs
    assert [len(p) for p in packs] == [2, 3, 3, 3]  # seat 0 is last in turn order (1, 2, 3, 0)
    state, rng, _ = choose_factions(state, rng)
    assert state.setup.step == "draft"
    assert set(SYSTEM.to_act(state)) == {0, 1, 2, 3}  # simultaneous picks
    hidden = view(state, 1)["setup"]["packs"]
    assert hidden[2] == {"count": 3} and hidden[1] == list(packs[1])
    while state.setup.step == "draft":
        seat = SYSTEM.to_act(state)[0]
        state, rng, _ = act(
            state, rng, {"seat": seat, "do": "draft_keep", "minor": state.setup.packs[seat][0]}
        )
    kept = [len(k) for k in state.setup.kept]
    assert sorted(kept) == [2, 3, 3, 3]
    two = kept.index(2)
    assert state.setup.discarded[two] == ""  # nothing to discard
    while state.setup is not None:
        seat = SYSTEM.to_act(state)[0]
        state, rng, _ = act(
            state, rng, {"seat": seat, "do": "draft_discard", "minor": state.setup.kept[seat][0]}
        )
    assert all(len(s.minors) == 2 for s in state.seats)
    assert len({m for s in state.seats for m in s.minors}) == 8
    assert state_to_json(state)["seats"][0]["reserve"]["normal"] == 6


def test_before_their_step_the_market_missions_and_minors_on_offer_stay_hidden():
    state, rng = new(seats=3)
    early = view(state, 0)
    assert early["market"] == {"count": 5} and early["missions"] == {"common": "hidden"}
    assert early["setup"]["offer"] == {"count": 4}
    assert state.market[0] not in json.dumps(early)


@pytest.mark.parametrize(
    ("seats", "config", "board"),
    [
        (2, {}, "small"),
        (3, {}, "small"),
        (4, {}, "large"),
        (4, {"teams": True}, "small"),
        (6, {}, "large"),
    ],
)
def test_the_board_side_follows_the_number_of_players_R34(seats, config, board):
    assert SYSTEM.validate_config(config, seats)["board"] == board


def test_six_players_play_in_three_teams_with_the_alien_factions_R18():
    cfg = SYSTEM.validate_config({}, 6)
    assert cfg["teams"] == [[0, 3], [1, 4], [2, 5]] and cfg["alien"] is True
    assert SYSTEM.teams({}, 6) == ((0, 3), (1, 4), (2, 5))


@pytest.mark.parametrize(
    ("seats", "config"),
    [
        (5, {}),
        (2, {"teams": True}),
        (2, {"mode": "marin", "variants": {"expert": True}}),
        (6, {"variants": {"expert": True}}),
        (2, {"variants": {"elite": 4}}),
        (4, {"teams": [[0, 1, 2], [3]]}),
        (2, {"mode": "general"}),
    ],
)
def test_impossible_options_are_refused_with_a_reason(seats, config):
    with pytest.raises(ValueError):
        SYSTEM.validate_config(config, seats)


def test_setup_moves_are_refused_once_the_game_runs_and_game_moves_during_setup():
    state, rng = new()
    with pytest.raises(IllegalMove) as early:
        act(state, rng, {"do": "gain"})
    assert early.value.code == "wrong_phase"
