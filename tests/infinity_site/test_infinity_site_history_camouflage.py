"""The history pages of a match played from the lobby's setup with a camouflaged Ninja and a
hidden Domaru (games/infinity_site/steps.py): each step draws what its reader saw at that moment
during the game. The Ninja's player sees the Ninja (dashed ring, « camouflé »), the other side
and spectators a « marqueur camouflé m1 » moving where it moves, never the Ninja nor the hidden
Domaru, in any step of any order, in French or English."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.engine.infinity.infiltration import roll_mod
from games.matches import services
from games.matches.models import Match
from tests.infinity_site.conftest import acting, choose_set_up, submit
from tests.infinity_site.test_infinity_site_hidden import client_for, pages, step_urls

pytestmark = pytest.mark.django_db

JSA = {
    "sectorial": "jsa",
    "units": [
        {"profile": p}
        for p in ("jsa.keisotsu.lt", "jsa.keisotsu.combi", "jsa.ninja.combi", "jsa.domaru.chain")
    ],
}
NINJA, HIDDEN = "n1", "d1"


def _deploy(match: Match, players, *, redeploy: bool = False) -> Match:
    """Both sides deploy in their own zone: the Ninja as a marker, the Domaru hidden, the JSA
    (seat 1) to play first. `redeploy`: the Ninja, once a marker, is placed again as itself on
    another hex of its zone (a player changing their mind before the end of deployment)."""
    match = choose_set_up(match, players, first=1)
    for _ in range(40):
        system, state, seat = acting(match)
        if state.turn.pending.kind != "deploy":
            return match
        deploys = [
            m
            for m in system.legal_moves(state, seat)
            if m["type"] == "deploy" and roll_mod(state.board, seat, tuple(m["hex"])) is None
        ]
        if redeploy and state.is_marker(NINJA):
            redeploy = False
            spot = next(m["hex"] for m in deploys if m["hex"] != list(state.trooper(NINJA).hex))
            again = {"type": "deploy", "seat": 1, "trooper": NINJA, "hex": spot, "marker": False}
            match = submit(match, players, {**again, "facing": 3})
            continue
        if not deploys:
            match = submit(match, players, {"type": "deploy_done", "seat": seat})
            continue
        tid = deploys[0]["trooper"]
        move = next(
            m
            for m in deploys
            if bool(m.get("hidden")) == (tid == HIDDEN) and bool(m.get("marker")) == (tid == NINJA)
        )
        match = submit(match, players, move)
    raise AssertionError("deployment never ended")


def camouflage_match(players, *, redeploy: bool = False) -> Match:
    """The lobby's Corregidor against a JSA list with a Ninja; deployed (the Ninja a marker, a
    Domaru hidden); the Ninja, still a marker, moves one hex then another. `redeploy`: the
    Ninja was placed again as itself while deploying (`_deploy`), and moves as itself."""
    match = services.match_create(
        system="infinity",
        config={"armies": ["corregidor", JSA], "hidden_deployment": True, "reactions": "auto"},
        seat_users=list(players),
    )
    match = _deploy(match, players, redeploy=redeploy)
    match = submit(match, players, {"type": "order", "seat": 1, "trooper": NINJA})
    for _ in range(2):  # the order's two skills: a short move each
        system, state, seat = acting(match)
        moves = [m for m in system.legal_moves(state, seat) if m.get("skill") == "move"]
        match = submit(match, players, min(moves, key=lambda m: len(m["path"])))
    system, state, _ = acting(match)
    assert state.is_marker(NINJA) is not redeploy and state.is_hidden(HIDDEN)
    assert state.turn.current is None  # the order has resolved
    return match


def _steps_pages(client: Client, match: Match) -> list[str]:
    return [
        client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for url in step_urls(client, match)
        for language in ("fr", "en")
    ]


def test_each_step_draws_the_marker_for_the_other_side_and_the_ninja_for_its_player(
    players, make_user
):
    match = camouflage_match(players)
    state = acting(match)[1]
    ninja, hidden = state.trooper(NINJA), state.trooper(HIDDEN)
    at = f"{ninja.hex[0]},{ninja.hex[1]}"
    owner = _steps_pages(client_for(players[1]), match)
    # Its player sees the Ninja where it went, camouflaged, and the hidden Domaru.
    assert f'data-testid="trooper-{NINJA}" data-hex="{at}"' in owner[-1]
    assert "camouflaged" in owner[-1] and "camouflé" in owner[-2]
    assert "camouflé (l&#x27;ennemi voit le marqueur m1)" in owner[-2]
    assert f'data-testid="trooper-{HIDDEN}"' in owner[-1]
    for reader in (client_for(players[0]), client_for(make_user("inf_steps")), client_for()):
        seen = _steps_pages(reader, match)
        # The marker (a TO one: the Ninja's) where the Ninja went, in the last step.
        assert f'data-testid="marker-m1" data-hex="{at}"' in seen[-1]
        assert "marqueur camouflé TO m1" in seen[-2] and "TO camouflage marker m1" in seen[-1]
        html = "\n".join(seen)
        assert f'data-testid="trooper-{NINJA}"' not in html and "ninja" not in html.lower()
        assert f'data-testid="trooper-{HIDDEN}"' not in html
        spot = f"{hidden.hex[0]},{hidden.hex[1]}"
        assert not re.search(rf'data-testid="trooper-[^"]+" data-hex="{spot}"', html)


def test_a_marker_placed_again_as_its_trooper_leaves_no_stale_marker_in_any_step(
    players, make_user
):
    """The Ninja deployed as marker m1, then placed again as itself: the other side's page
    dropped m1 at once, and so does every step of its history (the engine's `MarkerLifted`,
    the marker's id only); its owner's steps show the Ninja without a marker to the enemy.
    The hidden Domaru still reaches nobody else."""
    match = camouflage_match(players, redeploy=True)
    state = acting(match)[1]
    ninja, hidden = state.trooper(NINJA), state.trooper(HIDDEN)
    at = f"{ninja.hex[0]},{ninja.hex[1]}"
    owner = _steps_pages(client_for(players[1]), match)
    assert all(f'data-testid="trooper-{NINJA}"' in page for page in owner)
    # As a word: a page's random CSRF token held "m1" once in a while (CI of stop 37).
    assert not re.search(r"\bm1\b", "\n".join(owner))
    spot = f"{hidden.hex[0]},{hidden.hex[1]}"
    for reader in (client_for(players[0]), client_for(make_user("inf_steps4")), client_for()):
        seen = _steps_pages(reader, match)
        assert f'data-testid="trooper-{NINJA}" data-hex="{at}"' in seen[-1]
        html = "\n".join(seen)
        assert 'data-testid="marker-m1"' not in html and "marqueur camouflé m1" not in html
        assert f'data-testid="trooper-{HIDDEN}"' not in html
        assert not re.search(rf'data-testid="trooper-[^"]+" data-hex="{spot}"', html)
        # The live page, the history's sentences and every step: nothing of the Domaru.
        everything = pages(reader, match)
        assert "&quot;d1&quot;" not in everything and "jsa.domaru" not in everything.lower()


def test_the_pages_of_a_match_in_progress_carry_no_secret_for_the_other_side(players, make_user):
    """Every page, partial and step: the Ninja's name, profile and hex as a trooper, its
    marker's identity, the hidden Domaru's name and hex."""
    match = camouflage_match(players)
    state = acting(match)[1]
    hidden = state.trooper(HIDDEN)
    spot = f"{hidden.hex[0]},{hidden.hex[1]}"
    for reader in (client_for(players[0]), client_for(make_user("inf_steps2")), client_for()):
        html = pages(reader, match)
        assert f'data-testid="trooper-{NINJA}"' not in html
        assert not re.search(rf'data-testid="trooper-[^"]+" data-hex="{spot}"', html)
        for secret in ("ninja", "jsa.domaru", "&quot;n1&quot;", '"n1"', "&quot;d1&quot;", '"d1"'):
            assert secret not in html.lower(), secret
        assert f'data-testid="trooper-{HIDDEN}"' not in html
        assert not re.search(r"\b(n1|d1)\b", re.sub(r"<[^>]+>", " ", html))


def test_after_the_end_the_history_still_shows_each_reader_what_they_saw(players, make_user):
    """Finished matches reveal nothing on this platform (engine README "The site"): the replay
    is the spectator's view, the step viewer each reader's, the marker stays a marker."""
    match = camouflage_match(players)
    services.match_resign(match_id=match.pk, user=players[0])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    for reader in (client_for(players[0]), client_for(make_user("inf_steps3")), client_for()):
        replay = [
            reader.get(f"/m/{match.pk}/replay/?ply={ply}", HTTP_ACCEPT_LANGUAGE="en")
            for ply in range(0, 40)
        ]
        assert all(r.status_code == 200 for r in replay)
        html = "\n".join(r.content.decode() for r in replay) + pages(reader, match)
        assert 'data-testid="marker-m1"' in html
        assert f'data-testid="trooper-{NINJA}"' not in html and "ninja" not in html.lower()
        assert f'data-testid="trooper-{HIDDEN}"' not in html


def test_the_history_names_the_computer_as_the_match_page_does(players):
    """« … : Ordinateur (facile) l'emporte. », not « Joueur 2 »: a new player's first game is
    against the computer, and the since and step pages tell its moves. The test picks a seed
    whose initiative roll the computer wins (the rules decide, the test picks the dice)."""
    for n in range(50):
        match = services.match_create(
            system="infinity",
            config={"max_game_turns": 1, "reactions": "auto"},
            seat_users=[players[0], None],
            bot_levels={1: 1},
            seed=f"computer-wins-{n}",
        )
        if acting(match)[2] == 1:
            break
    else:
        raise AssertionError("no seed lets the computer win the roll")
    client = client_for(players[0])
    french = client.get(f"/m/{match.pk}/since/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert re.search(r"initiative : \d+ contre \d+ : Ordinateur \(facile\) l&#x27;emporte", french)
    english = client.get(f"/m/{match.pk}/since/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Computer (easy) wins" in english and "Player 2" not in english
