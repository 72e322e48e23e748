"""The status's seats lines are left to the page when they are as the page shows them already
(`{% left_to_page "status-seats" %}`, games/matches/shown_parts.py; issue 14: some 175 bytes
gzip'd of each of an Infinity turn's answers, whose player gives order after order): a move's
answer sends an empty element of their id, which htmx keeps the page's own for; once the turn
passes, they are drawn whole (another seat to play). The draw and resign forms beside them the
same way (`status-lasting`, ~100 bytes gzip'd an answer), until a draw is offered."""

from __future__ import annotations

from games.engine import registry
from games.matches import pushes, services
from tests.answer_support import answer_to, left_to_page
from tests.fixtures import client_for


def _seats(html: str) -> tuple[bool, str]:
    """Whether the seats' lines were left to the page, and what they hold."""
    return left_to_page(html, "ul", "status-seats")


def test_seats_lines_unchanged_by_a_move_are_left_to_the_page_and_redrawn_when_the_turn_passes(
    claim_match, anna, bruno
):
    system = registry.get_system("claim")
    seat = system.to_act(system.state_from_json(claim_match.snapshot))[0]
    client = client_for((anna, bruno)[seat])
    left, lines = _seats(client.get(f"/m/{claim_match.pk}/").content.decode())
    assert not left and "to play" in lines  # the whole page draws them

    state = system.state_from_json(claim_match.snapshot)
    claim = next(m for m in system.legal_moves(state, seat) if m["type"] == "claim")
    left, lines = _seats(answer_to(client, claim_match, claim))
    assert left and lines == ""  # the same player still to play: the page keeps its own

    left, lines = _seats(answer_to(client, claim_match, {"type": "end"}))
    assert not left and "to play" in lines  # the other seat to play now


def _lasting(html: str) -> tuple[bool, str]:
    """Whether the status's draw and resign forms were left to the page, and what they hold."""
    return left_to_page(html, "div", "status-lasting")


def test_draw_and_resign_forms_are_left_to_the_page_until_a_draw_is_offered(
    claim_match, anna, bruno
):
    users = (anna, bruno)
    system = registry.get_system("claim")
    seat = system.to_act(system.state_from_json(claim_match.snapshot))[0]
    client = client_for(users[seat])
    left, forms = _lasting(client.get(f"/m/{claim_match.pk}/").content.decode())
    assert not left and "Offer a draw" in forms and "Yes, I resign" in forms

    state = system.state_from_json(claim_match.snapshot)
    claim = next(m for m in system.legal_moves(state, seat) if m["type"] == "claim")
    left, forms = _lasting(answer_to(client, claim_match, claim))
    assert left and forms == ""  # no draw offered since: the page keeps its own

    since = claim_match.version
    services.match_offer_draw(match_id=claim_match.pk, user=users[1 - seat])
    scope = {"user": users[seat], "headers": [(b"accept-language", b"en")]}
    found = pushes.match_changes_for_socket(scope=scope, match_id=claim_match.pk, since=since)
    assert found is not None
    left, forms = _lasting(found[1])
    assert not left and "Accept the draw" in forms  # the offer: drawn whole
