"""Infinity site fixtures: players and matches played through the platform's services."""

from __future__ import annotations

from games.engine import registry
from games.matches.models import Match
from tests.browser_support import bot_worker, browser, daphne_server, new_context  # noqa: F401
from tests.fixtures import site_fixtures

players, new_match = site_fixtures("infinity", names=("inf_anna", "inf_bruno"), config={})


def acting(match: Match):
    system = registry.get_system("infinity")
    state = system.state_from_json(match.snapshot)
    to_act = system.to_act(state)
    return system, state, (to_act[0] if to_act else None)


def submit(match: Match, users, move) -> Match:
    from games.matches import services

    services.match_submit_move(
        match_id=match.pk,
        user=users[move["seat"]],
        move_data=move,
        expected_version=match.version,
    )
    match.refresh_from_db()
    return match


def choose_set_up(match: Match, users, *, first: int = 0, deploys_first: int | None = None):
    """B.5's two choices made (the engine's setup.choose): the roll-off's winner takes the
    Initiative so that seat `first` plays first, and the loser has seat `deploys_first` (by
    default the same) deploy first."""
    _, _, winner = acting(match)
    choice = "first" if winner == first else "second"
    match = submit(match, users, {"type": "initiative", "seat": winner, "choice": choice})
    deployer = first if deploys_first is None else deploys_first
    loser = 1 - winner
    choice = "first" if loser == deployer else "second"
    return submit(match, users, {"type": "deployment", "seat": loser, "choice": choice})


HIDDEN = "d2"  # the JSA hides a Domaru


def deployed_match(players, *, until_hidden: bool = False, seed: str | None = None) -> Match:
    """Corregidor (seat 0) against the JSA (seat 1) with hidden deployment; everybody deployed,
    the JSA hiding one Domaru; seat 0 to give its orders. `until_hidden`: stop in deployment
    just after the JSA hid it, the JSA still to deploy. `seed`: the same dice every run."""
    from games.matches import services

    match = services.match_create(
        system="infinity",
        config={"hidden_deployment": True, "reactions": "auto"},
        seat_users=list(players),
        seed=seed,
    )
    match = choose_set_up(match, players, first=0)
    for _ in range(40):
        system, state, seat = acting(match)
        if state.turn.pending.kind != "deploy":
            break
        if until_hidden and HIDDEN in state.hidden[1].hidden_deployment and seat == 1:
            return match
        legal = system.legal_moves(state, seat)
        deploys = [m for m in legal if m["type"] == "deploy"]
        if not deploys:
            match = submit(match, players, {"type": "deploy_done", "seat": seat})
            continue
        want_hidden = deploys[0]["trooper"] == HIDDEN
        move = next(m for m in deploys if bool(m.get("hidden")) == want_hidden)
        match = submit(match, players, move)
    system, state, seat = acting(match)
    assert not until_hidden, "the JSA finished deploying without a turn after hiding"
    assert state.turn.pending.kind == "order" and HIDDEN in state.hidden[1].hidden_deployment
    return match


def reaction_window(match: Match) -> Match:
    """Puts the match at a reaction window of the JSA (seat 1): a Corregidor HMG has just moved
    into the sight of a Keisotsu whose policy is "ask me"."""
    from games.engine.infinity.ctx import Ctx
    from games.engine.infinity.dice import Dice
    from games.engine.infinity.moves import decode
    from games.engine.infinity.position import state_from_json, state_to_json
    from games.engine.infinity.rules import play as play_move
    from tests.infinity_site.positions import corregidor_to_order, duel, trooper

    troopers = [
        trooper("a1", 0, "corregidor.alguacil.hmg", [5, 11], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [7, 12], 0),
        trooper("k1", 1, "jsa.keisotsu.combi", [5, 4], 3),
        trooper("k3", 1, "jsa.keisotsu.lt", [8, 2], 3),
    ]
    data = duel(troopers, corregidor_to_order(), reactions="ask", points=(154, 152))
    ctx = Ctx(state_from_json(data), Dice(forced={}))
    for move in (
        {"type": "order", "seat": 0, "trooper": "a1"},
        {"type": "declare", "seat": 0, "skill": "move", "path": [[5, 10]]},
    ):
        play_move(ctx, 0, decode(move))
    assert ctx.state.turn.pending.kind == "aro"
    match.snapshot = state_to_json(ctx.state)
    match.save(update_fields=["snapshot"])
    return match
