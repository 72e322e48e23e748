"""Following and blocking from a player's profile: idempotent, refused with a reason for what
makes no sense, and a block stays the blocker's secret (the blocked player sees nothing of it:
not on profiles, not in search, not in the answers to what they try)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.accounts import services
from games.accounts.models import Block, Follow, PlayerReport
from games.accounts.selectors import blocked_between, followed_players
from games.refusals import Refused
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "social-actions"}


@pytest.fixture
def ada():
    return make_player("ada", display_name="Ada")


@pytest.fixture
def ben():
    return make_player("ben")


def url(name: str, user) -> str:
    return reverse(f"accounts:{name}", args=[user.username])


def follows() -> set[tuple[str, str]]:
    return {(f.follower.username, f.followed.username) for f in Follow.objects.all()}


def test_following_twice_or_unfollowing_twice_changes_nothing_more(ada, ben):
    client = client_for(ada)
    for _ in range(2):
        assert client.post(url("follow", ben), **HX).status_code == 200
    assert follows() == {("ada", "ben")}
    answer = client.post(url("follow", ben), **HX).content.decode()
    assert 'data-testid="unfollow"' in answer and "1 follower" in answer
    for _ in range(2):
        assert client.post(url("unfollow", ben)).status_code == 302
    assert follows() == set()


def test_forged_follows_change_nothing(ada, ben):
    client = client_for(ada)
    assert client.post(url("follow", ada), **HX).status_code == 400  # oneself
    assert client.get(url("follow", ben)).status_code == 405  # not a POST
    assert client.post("/me/u/nobody-here/follow").status_code == 404
    ben.is_active = False
    ben.save()
    assert client.post(url("follow", ben)).status_code == 404
    forged = Client(enforce_csrf_checks=True)  # another site's form posting for ada
    forged.force_login(ada)
    assert forged.post(url("block", make_player("carl"))).status_code == 403
    assert not Block.objects.exists()
    anonymous = client_for().post(url("follow", ada))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert follows() == set()


def test_a_refusal_speaks_the_players_language():
    zoe = make_player("zoe", language="fr")
    with translation.override("fr"):
        answer = client_for(zoe, language="fr").post(url("follow", zoe), **HX)
    assert answer.status_code == 400
    assert "Vous ne pouvez pas vous suivre vous-même." in answer.content.decode()


def test_blocking_ends_the_follows_both_ways_and_the_blocked_player_cannot_follow_again(ada, ben):
    services.follow_add(user=ada, followed=ben)
    services.follow_add(user=ben, followed=ada)
    for _ in range(2):
        assert client_for(ada).post(url("block", ben), **HX).status_code == 200
    assert follows() == set() and Block.objects.count() == 1
    answer = client_for(ben).post(url("follow", ada), **HX)
    assert answer.status_code == 400
    assert "This player does not accept followers from you." in answer.content.decode()
    assert follows() == set()
    with pytest.raises(Refused):
        services.follow_add(user=ada, followed=ben)  # unblock first
    services.block_remove(user=ada, blocked=ben)
    services.follow_add(user=ben, followed=ada)
    assert follows() == {("ben", "ada")}


def test_blocked_between_answers_for_either_direction(ada, ben):
    carl = make_player("carl")
    assert not blocked_between(ada, ben)
    services.block_add(user=ada, blocked=ben)
    assert blocked_between(ada, ben) and blocked_between(ben, ada)
    assert not blocked_between(ada, carl) and not blocked_between(carl, ben)
    services.block_remove(user=ada, blocked=ben)
    assert not blocked_between(ben, ada)


def _without_tokens(html: str, *names: str) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'name="csrf-token" content="[^"]+"', "", html)
    # The reader's own initials and colour beside their name in the header.
    html = re.sub(
        r'<span class="avatar avatar-small avatar-initials[^"]*"[^>]*>[^<]*</span>', "", html
    )
    for name in names:
        html = html.replace(name, "NAME")
    return html


def test_nothing_shows_a_block_to_the_blocked_player(ada, ben):
    """Ben, blocked by Ada, sees Ada's profile and finds her in the search exactly as Carl
    (who is not blocked) does, and neither page says "block" anywhere but on the button."""
    carl = make_player("carl")
    services.block_add(user=ada, blocked=ben)
    pages = {}
    for reader in (ben, carl):
        client = client_for(reader)
        profile = client.get(url("profile", ada)).content.decode()
        found = client.get(reverse("accounts:players"), {"q": "ada"}).content.decode()
        pages[reader.username] = (
            _without_tokens(profile, reader.username),
            _without_tokens(found, reader.username),
        )
    assert pages["ben"] == pages["carl"]
    profile, found = pages["ben"]
    assert 'data-testid="follow"' in profile and "You blocked" not in profile
    assert "Unblock" not in profile and "block" not in found.lower()
    # The blocker's own page says it, only to them.
    assert "You blocked this player" in client_for(ada).get(url("profile", ben)).content.decode()
    # The following page lists whom I blocked, and only mine.
    assert (
        "Players I blocked"
        not in client_for(ben).get(reverse("accounts:following")).content.decode()
    )


def test_the_following_page_lists_only_my_follows(ada, ben):
    carl = make_player("carl", display_name="Carl the Bold")
    services.follow_add(user=ada, followed=carl)
    services.follow_add(user=ben, followed=ada)
    assert [u.username for u in followed_players(user=ada)] == ["carl"]
    page = client_for(ada).get(reverse("accounts:following")).content.decode()
    assert "Carl the Bold" in page and "/me/u/ben/" not in page
    assert client_for().get(reverse("accounts:following")).status_code == 302


def test_a_report_is_stored_for_the_staff_and_limited_per_day(ada, ben):
    client = client_for(ada)
    answer = client.post(url("report", ben), {"reason": "Insults in the chat."}, **HX)
    assert answer.status_code == 200 and "will read your report" in answer.content.decode()
    assert PlayerReport.objects.get().reason == "Insults in the chat."
    assert client.post(url("report", ben), {"reason": "  "}, **HX).status_code == 400
    for _ in range(services.REPORTS_PER_DAY - 1):
        services.player_report(user=ada, reported=ben, reason="Again.")
    refused = client.post(url("report", ben), {"reason": "Once more."}, **HX)
    assert refused.status_code == 400 and "try again tomorrow" in refused.content.decode()
    assert PlayerReport.objects.count() == services.REPORTS_PER_DAY
    # Nobody but the staff sees it: not the reported player's profile, not the reporter's.
    for reader in (ada, ben):
        assert "Insults" not in client_for(reader).get(url("profile", ben)).content.decode()
    staff = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-boss-x")
    admin_page = client_for(staff).get("/admin/accounts/playerreport/")
    assert admin_page.status_code == 200 and "ada" in admin_page.content.decode()
