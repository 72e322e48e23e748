"""The social side on the match pages: the chat lines of a player I blocked are hidden from me
only (the match goes on, everybody else reads them), without a query more per page, and no
inbox entry tells me of them; and the following page shows the matches of the players I follow
that I may watch (public ones)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.accounts import services as accounts
from games.matches import services
from tests.fixtures import client_for
from tests.matches.test_query_budgets import PAGE

pytestmark = pytest.mark.django_db


def chat_of(client, match) -> str:
    html = client.get(f"/m/{match.pk}/").content.decode()
    return html[html.index('id="chat"') :]


def test_a_blocked_players_chat_lines_are_hidden_from_the_blocker_only(
    claim_match, anna, bruno, carla, django_assert_max_num_queries
):
    claim_match.is_public = True
    claim_match.chat_hidden_from_spectators = False
    claim_match.save()
    services.match_post_chat(match_id=claim_match.pk, user=bruno, text="You will lose, anna.")
    services.match_post_chat(match_id=claim_match.pk, user=anna, text="We shall see.")
    accounts.block_add(user=anna, blocked=bruno)
    # Bruno may still write: nothing of his is refused.
    services.match_post_chat(match_id=claim_match.pk, user=bruno, text="Still there?")
    anna_client = client_for(anna)
    with django_assert_max_num_queries(PAGE):
        mine = chat_of(anna_client, claim_match)
    assert "We shall see." in mine
    assert "You will lose" not in mine and "Still there?" not in mine
    for reader in (bruno, carla, None):
        theirs = chat_of(client_for(reader), claim_match)
        assert "You will lose, anna." in theirs and "Still there?" in theirs
        assert "We shall see." in theirs
    accounts.block_remove(user=anna, blocked=bruno)
    assert "Still there?" in chat_of(anna_client, claim_match)


def test_the_following_page_shows_only_the_matches_i_may_watch(anna, bruno, carla, make_user):
    dora = make_user("dora")
    public = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[bruno, carla], is_public=True
    )
    private = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[bruno, dora], is_public=False
    )
    done = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[bruno, dora], is_public=True
    )
    services.match_resign(match_id=done.pk, user=dora)
    secret_done = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[carla, bruno], is_public=False
    )
    services.match_resign(match_id=secret_done.pk, user=carla)
    strangers = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[carla, dora], is_public=True
    )
    accounts.follow_add(user=anna, followed=bruno)
    page = client_for(anna).get(reverse("accounts:following")).content.decode()
    live = page[page.index('data-testid="followed-in-progress"') :]
    live = live[: live.index("</ul>")]
    results = page[page.index('data-testid="followed-results"') :]
    results = results[: results.index("</ul>")]
    assert f"/m/{public.pk}/" in live and f"/m/{private.pk}/" not in page
    assert f"/m/{done.pk}/" in results and f"/m/{secret_done.pk}/" not in page
    assert f"/m/{strangers.pk}/" not in page
    assert "1st place" in results or "1re place" in results


def test_a_blocker_is_not_told_of_the_blocked_players_chat_messages(claim_match, anna, bruno):
    from games.notifications.models import Notification

    accounts.block_add(user=anna, blocked=bruno)
    services.match_post_chat(match_id=claim_match.pk, user=bruno, text="Hello?")
    assert not Notification.objects.filter(user=anna, kind=Notification.Kind.CHAT).exists()
    services.match_post_chat(match_id=claim_match.pk, user=anna, text="Bye.")
    assert Notification.objects.filter(user=bruno, kind=Notification.Kind.CHAT).exists()
