"""A finished match shows nothing of the standing reactions that no longer apply: neither the
« Vos réactions (ORA) » panel nor « your reactions: ask me » beside the player."""

from __future__ import annotations

import pytest

from games.matches import services
from games.matches.models import Match
from tests.infinity_site.conftest import reaction_window
from tests.infinity_site.test_infinity_site_pages import page

pytestmark = pytest.mark.django_db


def _reactions_shown(html: str) -> list[str]:
    return [
        shown
        for shown in ('data-testid="reactions"', "Your reactions (ARO)", "your reactions:")
        if shown in html
    ]


def test_the_reactions_panel_and_line_are_gone_once_the_match_is_over(new_match, players):
    match = reaction_window(new_match())
    assert len(_reactions_shown(page(match, players[1]))) == 3  # while it runs: all of them
    services.match_resign(match_id=match.pk, user=players[0])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    for player in players:
        assert _reactions_shown(page(match, player)) == [], player
