"""A Holoprojector L1 on the match page (games/engine/infinity/disguise.py): the player deploying
it picks the figure of its army it stands as; the other side and spectators see that figure,
never what it is (page, htmx partial, history, push, log); its owner is told the truth. The
trooper is the placeholder `test.holo1` (none of our two sectorials has a Holoprojector L1), so
the match is written by hand."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.infinity_site.describe import describe
from games.infinity_site.names import profile_label
from games.matches.models import Match
from tests.infinity_site.positions import (
    DEPLOYING_JSA,
    hand_written_match,
    holoprojector_duel,
    post_move,
    to_order,
)
from tests.infinity_site.test_infinity_site_hidden import client_for, pages, pushed

DISGUISE = "jsa.keisotsu.combi"  # what k3, the JSA's Lieutenant, shows: t1's one disguise


def deploying() -> dict[str, Any]:
    return holoprojector_duel("t1", "test.holo1", DEPLOYING_JSA)


def disguised(players) -> Match:
    match = hand_written_match(players, deploying())
    legal = SYSTEM.legal_moves(state_from_json(match.snapshot), 1)
    move = next(m for m in legal if m.get("disguise") == DISGUISE and m["hex"] == [6, 2])
    return post_move(client_for(players[1]), match, move)


def _secrets() -> list[str]:
    out = ["test.holo1", "disguised: the enemy sees", "Noted secretly", "Noté en secret"]
    for language in ("en", "fr"):
        with translation.override(language):
            out.append(profile_label("test.holo1"))
            out.append(str(describe({"kind": "DisguiseNoted", "trooper": "t1", "disguise": "x"})))
    return out


@pytest.mark.django_db
def test_the_other_side_sees_the_disguise_and_only_its_owner_the_truth(players, make_user):
    owner = client_for(players[1])
    before = pages(client_for(players[0]), hand_written_match(players, deploying()))
    assert not [s for s in _secrets() if s in before]  # no list names the carrier
    match = disguised(players)
    assert state_from_json(match.snapshot).hidden[1].disguises == (("t1", DISGUISE),)
    mine = pages(owner, match)
    assert 'data-testid="trooper-t1"' in mine and profile_label("test.holo1") in mine
    with translation.override("en"):
        assert "disguised: the enemy sees " + profile_label(DISGUISE) in mine
    secrets = _secrets()
    for reader in (client_for(players[0]), client_for(make_user("inf_holo1")), client_for()):
        html = pages(reader, match)
        assert 'data-testid="trooper-t1"' in html
        with translation.override("en"):
            assert f"{profile_label(DISGUISE)} t1" in html
        assert [s for s in secrets if s in html] == []
    for user in (players[0], None):  # what the websocket pushes: the same partials
        found = pushed(match, user)
        assert 'data-testid="trooper-t1"' in found
        assert [s for s in secrets if s in found] == []


@pytest.mark.django_db
def test_the_disguise_is_offered_in_words(players):
    match = hand_written_match(players, deploying())
    owner = client_for(players[1])
    page = owner.get(f"/m/{match.pk}/?hex=6,2", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"opt=5.disguise.{DISGUISE}" in page
    for language, words in (
        ("en", "Deploy t1 here disguised as"),
        ("fr", "Déployer t1 ici déguisé en"),
    ):
        url = f"/m/{match.pk}/?hex=6,2&opt=5.disguise.{DISGUISE}"
        page = owner.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in page, language


def test_the_log_tells_a_disguise_falling_and_coming_back():
    fell = {
        "kind": "DisguiseRevealed",
        "seat": 1,
        "trooper": "t1",
        "profile": "test.holo1",
        "disguise": DISGUISE,
        "how": "discovered",
        "by": "a2",
    }
    back = {"kind": "HoloReactivated", "seat": 1, "trooper": "t1", "disguise": DISGUISE}
    with translation.override("en"):
        assert describe(fell).startswith("t1 was no Keisotsu")
        assert "found by Discover" in describe(fell)
        assert "looks like Keisotsu" in describe(back, ("Ann", "Bob"))
    with translation.override("fr"):
        assert "déguisement" in describe(fell)
        assert "Keisotsu" in describe(back, ("Ann", "Bob"))


def test_the_step_viewer_draws_the_disguise_arriving_then_falling_for_the_other_side():
    from games.infinity_site.steps import Board

    arrived = {
        "kind": "Deployed",
        "seat": 1,
        "trooper": "t1",
        "hex": [6, 2],
        "facing": 3,
        "profile": DISGUISE,
    }
    fell = {"kind": "DisguiseRevealed", "seat": 1, "trooper": "t1", "profile": "test.holo1"}
    fell |= {"disguise": DISGUISE, "how": "contact"}
    theirs = Board({"seat": 0, "troopers": [], "hidden": {"0": {}}})
    theirs.apply(arrived)
    assert theirs.troopers["t1"]["profile"] == DISGUISE and theirs.hex_of("t1") == [6, 2]
    theirs.apply(fell)
    assert theirs.troopers["t1"]["profile"] == "test.holo1"
    own = {"id": "t1", "seat": 1, "profile": "test.holo1", "hex": None, "facing": 3}
    mine = Board({"seat": 1, "troopers": [own], "hidden": {"1": {}}})
    mine.apply({**arrived, "profile": DISGUISE})
    mine.apply({"kind": "DisguiseNoted", "seat": 1, "trooper": "t1", "disguise": DISGUISE})
    assert mine.troopers["t1"]["profile"] == "test.holo1"  # its owner: the truth
    with translation.override("en"):
        assert "disguised: the enemy sees" in "".join(mine.drawn())


def test_the_coach_and_the_computer_of_the_other_side_see_the_disguise():
    """The coach reads the seat's view; the computer deals the other side from it
    (`determinize`): the disguised trooper is the figure it looks like."""
    from games.engine.infinity.view import determinize, view
    from games.engine.rng import Rng
    from games.infinity_site.coach import tips

    position = holoprojector_duel("t1", "test.holo1", to_order(0), at=[6, 2], alguacil_at=(6, 6))
    position["hidden"]["1"]["disguises"] = {"t1": DISGUISE}
    seen = view(state_from_json(position), 0)
    with translation.override("en"):
        told = " ".join(str(t) for t in tips(seen, 0))
    assert [s for s in _secrets() if s in told] == []
    dealt = determinize(seen, 0, Rng("holo1-guess"))
    # the figure it looks like (or, drawn as the Lieutenant, that figure's Lieutenant option)
    assert dealt.trooper("t1").profile in (DISGUISE, "jsa.keisotsu.lt")
    assert dealt.hidden[1].disguises == ()
