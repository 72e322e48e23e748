"""Parts a redraw would draw as the page shows them already are left to the page (issue 14;
games/matches/shown_parts.py): the coach's tips (a few hundred bytes gzip'd of a new player's
every answer), the hand's links. The answer sends an empty element of the same
id, which names what it draws, and htmx keeps the page's own. What this web process did not
draw for the page's version is sent whole."""

from __future__ import annotations

import json
import re

from games.accounts.models import Profile
from games.engine import registry
from games.matches import pushes, shown_parts
from tests.answer_support import HX, answer_to
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


def test_a_move_s_answer_leaves_unchanged_tips_to_the_page(players):
    match, client, move = _moved(players)
    shown, attributes, tips = _coach(client.get(f"/m/{match.pk}/").content.decode())
    assert "hx-preserve" not in attributes and 'data-testid="tip-' in tips
    kept, attributes, inside = _coach(answer_to(client, match, move))
    assert kept == shown  # the tips the page shows: htmx keeps them
    assert 'hx-preserve="true" data-placeholder="1"' in attributes and inside == ""
    # The whole page draws them, with the same id.
    assert _coach(client.get(f"/m/{match.pk}/").content.decode())[0] == shown


def test_tips_this_process_did_not_draw_for_the_page_s_version_are_sent_whole(players):
    match, client, move = _moved(players)
    client.get(f"/m/{match.pk}/")
    shown_parts.clear()  # as if another web process had drawn the page
    _, attributes, tips = _coach(answer_to(client, match, move))
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
    answer = answer_to(client, match, move)
    assert _part(answer, "hb-links") == (shown, True)  # the same links: left to the page
    assert 'data-testid="since-link"' not in answer


def _pick_link(page: str) -> str:
    found = re.search(r'<a [^>]*href="(\?[^"]+)"', page)
    assert found, "the board offers a pick"
    return found.group(1).replace("&amp;", "&")


def test_a_pick_in_another_tab_does_not_change_what_this_tab_is_compared_with(players):
    """Two tabs of one seat: what a page shows is named by the page itself (its version, its
    address, its language: shown_parts), not by the last drawing of the match's version. Tab B
    was drawn in French; the reader switched to English elsewhere, and tab A's pick drew the
    tips in English at the same version: B's next answer must bring the English tips, not leave
    B's French ones in place."""
    match, tab_b, move = _moved(players)
    system = registry.get_system("skirmish")
    user = players[system.to_act(system.state_from_json(match.snapshot))[0]]
    Profile.objects.update_or_create(user=user, defaults={"language": "fr"})
    page_b = tab_b.get(f"/m/{match.pk}/").content.decode()
    _, _, tips_fr = _coach(page_b)
    assert 'lang="fr"' in page_b
    Profile.objects.filter(user=user).update(language="en")  # switched elsewhere
    tab_a = client_for(user)
    page_a = tab_a.get(f"/m/{match.pk}/").content.decode()
    picked = tab_a.get(
        f"/m/{match.pk}/{_pick_link(page_a)}",
        **HX,
        HTTP_HX_TARGET="board",
        HTTP_HX_CURRENT_URL=f"http://testserver/m/{match.pk}/",
        HTTP_X_PAGE_VERSION=str(match.version),
    )
    assert picked.status_code == 200
    answer = tab_b.post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": match.version},
        **HX,
        HTTP_HX_CURRENT_URL=f"http://testserver/m/{match.pk}/",
        HTTP_X_PAGE_LANGUAGE="fr",
    )
    assert answer.status_code == 200
    _, attributes, tips = _coach(answer.content.decode())
    assert "data-placeholder" not in attributes and 'data-testid="tip-' in tips
    assert tips != tips_fr  # the English tips, whole


def test_a_pick_leaves_unchanged_tips_to_the_page_that_says_its_version(players):
    match, client, _move = _moved(players)
    page = client.get(f"/m/{match.pk}/").content.decode()
    link = _pick_link(page)
    headers = {
        **HX,
        "HTTP_HX_TARGET": "board",
        "HTTP_HX_CURRENT_URL": f"http://testserver/m/{match.pk}/",
    }
    told = client.get(f"/m/{match.pk}/{link}", **headers, HTTP_X_PAGE_VERSION=str(match.version))
    _, attributes, inside = _coach(told.content.decode())
    assert 'data-placeholder="1"' in attributes and inside == ""
    # A page that does not say which version it shows gets them whole.
    untold = client.get(f"/m/{match.pk}/{link}", **headers)
    _, attributes, inside = _coach(untold.content.decode())
    assert "data-placeholder" not in attributes and 'data-testid="tip-' in inside


def test_a_push_compares_with_the_language_the_page_was_drawn_in(players):
    """The page's watch says its language (site.js): a push to a page drawn in French after its
    reader switched to English brings the English tips whole."""
    match, tab_b, _move = _moved(players)
    system = registry.get_system("skirmish")
    user = players[system.to_act(system.state_from_json(match.snapshot))[0]]
    Profile.objects.update_or_create(user=user, defaults={"language": "fr"})
    tab_b.get(f"/m/{match.pk}/")
    Profile.objects.filter(user=user).update(language="en")  # switched elsewhere
    client_for(user).get(f"/m/{match.pk}/")  # another tab, in English
    user.refresh_from_db()
    scope = {"user": user, "headers": [(b"accept-language", b"en")]}

    def pushed(language):
        found = pushes.match_changes_for_socket(
            scope=scope, match_id=match.pk, since=match.version, page_language=language
        )
        assert found is not None
        return _coach(found[1])[1]

    assert "data-placeholder" in pushed("en")  # a page drawn in English keeps its tips
    assert "data-placeholder" not in pushed("fr")
