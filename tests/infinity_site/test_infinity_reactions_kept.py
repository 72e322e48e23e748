"""The seat's reactions section (every trooper's standing reaction in words) is left to the page
when the page shows it as it is already (`{% left_to_page "inf-reactions" %}`,
games/matches/shown_parts.py; issue 14: some 450 of an order's ~3,000 bytes gzip'd): an order's
answer sends an empty element of its id, which htmx keeps the page's own for; a reaction set,
or a trooper's form opened, draws it whole. The other seat is pushed its own."""

from __future__ import annotations

import re

import pytest

from games.matches import pushes
from tests.answer_support import HX, answer_to, left_to_page
from tests.fixtures import client_for
from tests.infinity_site.conftest import acting, deployed_match

pytestmark = pytest.mark.django_db


def _section(html: str) -> tuple[bool, str]:
    """Whether the reactions section was left to the page, and what it holds."""
    return left_to_page(html, "section", "inf-reactions")


def _order(client, match) -> str:
    system, state, seat = acting(match)
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "order")
    return answer_to(client, match, move)


def test_the_reactions_unchanged_by_an_order_are_left_to_the_page_and_redrawn_once_set(
    players,
):
    match = deployed_match(players, seed="reactions-kept")
    client = client_for(players[0])
    left, rows = _section(client.get(f"/m/{match.pk}/").content.decode())
    assert not left and 'data-testid="reaction-words-a1"' in rows  # the whole page draws it

    since = match.version
    left, rows = _section(_order(client, match))
    assert left and rows == ""  # the same reactions: the page keeps its own

    # The other seat's page is pushed its own reactions, never this seat's.
    scope = {"user": players[1], "headers": [(b"accept-language", b"en")]}
    found = pushes.match_changes_for_socket(scope=scope, match_id=match.pk, since=since)
    assert found is not None and not re.search(r"\bora-a1\b|reaction-words-a1\b", found[1])

    answer = client.post(
        f"/infinity/m/{match.pk}/reactions/",
        {
            "trooper": "a1",
            "on_sight": "dodge",
            "on_template": "dodge",
            "expected_version": match.version,
        },
        **HX,
    )
    assert answer.status_code == 200
    left, rows = _section(answer.content.decode())
    assert not left and "Enemy in sight: dodges." in rows  # a reaction set: drawn whole
