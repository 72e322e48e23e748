"""Parts a redraw would draw as the page shows them already are left to the page (issue 14;
games/matches/shown_parts.py): the coach's tips (a few hundred bytes gzip'd of a new player's
every answer), the hand's links. The answer sends an empty element of the same
id, which names what it draws, and htmx keeps the page's own. What this web process did not
draw for the page's version is sent whole."""

from __future__ import annotations

import json
import re

from games.engine import registry
from games.matches import shown_parts
from tests.answer_support import HX
from tests.fixtures import client_for
from tests.skirmish_site.test_skirmish_answer_size import _mid_battle

COACH = re.compile(r'<aside ([^>]*)id="(hb-coach)">(.*?)</aside>', re.S)


def _coach(html: str) -> tuple[str, str, str]:
    """The coach box's id, its other attributes and what it holds."""
    found = COACH.search(html)
    assert found, "a new player's hand has the coach"
    attributes, name, inside = found.groups()
    return name, attributes, inside


def _moved(players):
    """The battle in its movement, the client of the seat to act, and a move of one model."""
    match = _mid_battle(players)
    system = registry.get_system("skirmish")
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "move")
    return match, client_for(players[seat]), move


def _answer(client, match, move) -> str:
    answer = client.post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": match.version},
        **HX,
    )
    assert answer.status_code == 200
    match.refresh_from_db()
    return answer.content.decode()


def test_a_move_s_answer_leaves_unchanged_tips_to_the_page(players):
    match, client, move = _moved(players)
    shown, attributes, tips = _coach(client.get(f"/m/{match.pk}/").content.decode())
    assert "hx-preserve" not in attributes and 'data-testid="tip-' in tips
    kept, attributes, inside = _coach(_answer(client, match, move))
    assert kept == shown  # the tips the page shows: htmx keeps them
    assert 'hx-preserve="true" data-placeholder="1"' in attributes and inside == ""
    # The whole page draws them, with the same id.
    assert _coach(client.get(f"/m/{match.pk}/").content.decode())[0] == shown


def test_tips_this_process_did_not_draw_for_the_page_s_version_are_sent_whole(players):
    match, client, move = _moved(players)
    client.get(f"/m/{match.pk}/")
    shown_parts.clear()  # as if another web process had drawn the page
    _, attributes, tips = _coach(_answer(client, match, move))
    assert "hx-preserve" not in attributes and 'data-testid="tip-' in tips


def _part(html: str, name: str) -> tuple[str, bool]:
    """The id of part `name` (its first element's) and whether it was left to the page."""
    found = re.search(rf'<(\w+) ([^>]*)id="({name})">', html)
    assert found, name
    return found.group(3), "data-placeholder" in found.group(2)


def test_the_hand_s_links_unchanged_are_left_to_the_page(players):
    match, client, move = _moved(players)
    page = client.get(f"/m/{match.pk}/").content.decode()
    shown, left = _part(page, "hb-links")
    assert not left and 'data-testid="since-link"' in page  # the whole page draws them
    answer = _answer(client, match, move)
    assert _part(answer, "hb-links") == (shown, True)  # the same links: left to the page
    assert 'data-testid="since-link"' not in answer
