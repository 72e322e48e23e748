"""A hidden-deployed trooper linking into a fireteam (README "Hidden deployment"; spec B.14 and
the text's 'INFINITY FIRETEAMS : TROUPES LIEES', FT-4, FT-5, FT-12): from set-up version 4 on it
shows itself, as forming a team is a public act; in games set up before it stays hidden and no
event or view names it to the other seat."""

from __future__ import annotations

import json
import re

from infh import alguacil, keisotsu, position, team

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.moves import decode
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.rules import play
from games.engine.infinity.view import view

FORM = {"type": "fireteam_form", "seat": 0, "leader": "a2", "members": ["a2", "a1", "a3"]}


def _table(version: int, **extra):
    data = position(
        [
            alguacil("a1", (4, 11), kind="hmg"),
            alguacil("a2", (5, 11)),
            alguacil("a3", (6, 11)),
            keisotsu("k1", (4, 2)),
        ],
        lieutenants=("a2", "k1"),
        orders={0: {"regular": 4, "lieutenant": 1}},
        **extra,
    )
    data["options"]["hidden_deployment"] = True
    if version >= 4:
        data["options"]["hidden_link"] = "reveals"
    data["hidden"]["0"]["hidden_deployment"] = ["a1"]
    return state_from_json(data)


def _apply(state, move):
    ctx = Ctx(state, Dice())
    play(ctx, move["seat"], decode(move))
    return ctx.state, ctx.events


def _names_a1(data) -> bool:
    return re.search(r'"a1(\.[^"]*)?"', json.dumps(data)) is not None


def test_a_hidden_trooper_linking_into_a_team_shows_itself():
    state, events = _apply(_table(4), FORM)
    kinds = [e.kind for e in events]
    assert kinds.index("HiddenTrooperRevealed") < kinds.index("FireteamFormed")
    assert state.hidden[0].hidden_deployment == ()
    assert state.live_team(0).members == ("a2", "a1", "a3")
    assert "a1" in {t["id"] for t in view(state, 1)["troopers"]}


def test_a_new_game_says_so_in_its_position():
    assert state_to_json(_table(4))["options"]["hidden_link"] == "reveals"
    assert "hidden_link" not in state_to_json(_table(3))["options"]


def test_a_game_set_up_before_keeps_it_hidden_and_unnamed_to_the_other_seat():
    state, events = _apply(_table(3), FORM)
    assert state.hidden[0].hidden_deployment == ("a1",)  # the stored log replays as played
    assert state.live_team(0).members == ("a2", "a1", "a3")
    formed = next(e for e in events if e.kind == "FireteamFormed")
    assert formed.for_seat(0)["members"] == ["a2", "a1", "a3"]
    assert formed.for_seat(1)["members"] == ["a2", "a3"]
    for reader in (1, None):
        assert not _names_a1([e.for_seat(reader) for e in events])
        seen = {k: v for k, v in view(state, reader).items() if k != "unseen"}
        assert not _names_a1(seen)
    assert view(state, 0)["fireteams"][0]["members"] == ["a2", "a1", "a3"]


def test_a_team_order_of_an_old_game_names_no_hidden_member_to_the_other_seat():
    state = _table(3, fireteams=[team(0, "a2", ["a2", "a1", "a3"])])
    state, events = _apply(state, {"type": "order", "seat": 0, "kind": "regular", "fireteam": True})
    spent = next(e for e in events if e.kind == "OrderSpent")
    assert "a1" in spent.for_seat(0)["troopers"]
    for reader in (1, None):
        assert not _names_a1([e.for_seat(reader) for e in events])
        seen = {k: v for k, v in view(state, reader).items() if k != "unseen"}
        assert not _names_a1(seen)


def test_a_hidden_trooper_rejoining_a_team_shows_itself_before_the_order_names_it():
    state = _table(4, fireteams=[team(0, "a2", ["a2", "a3", "a4"])])
    data = state_to_json(state)
    data["troopers"].append(alguacil("a4", (5, 12)))
    state = state_from_json(data)
    move = {"type": "order", "seat": 0, "kind": "regular", "fireteam": True, "join": ["a1"]}
    state, events = _apply(state, move)
    kinds = [e.kind for e in events]
    assert kinds.index("HiddenTrooperRevealed") < kinds.index("MembersJoined")
    assert state.hidden[0].hidden_deployment == ()
    assert "a1" in next(e for e in events if e.kind == "OrderSpent").for_seat(1)["troopers"]
