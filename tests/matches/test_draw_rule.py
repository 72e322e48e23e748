"""One rule says when a match may end in a draw (services.endings.draw_refusal): the match page
offers the draw button exactly when the service would take the offer."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.matches import services
from games.refusals import Refused


def _offered_on_the_page(client, user, match) -> bool:
    client.force_login(user)
    page = client.get(reverse("matches:match", args=[match.pk]))
    assert page.status_code == 200
    return reverse("matches:draw", args=[match.pk, "offer"]) in page.content.decode()


def _service_takes_it(user, match) -> bool:
    try:
        services.match_offer_draw(match_id=match.pk, user=user)
    except Refused:
        return False
    return True


@pytest.mark.parametrize(
    ("system", "against_the_computer", "possible"),
    [
        ("claim", False, True),
        ("claim", True, False),  # the computer never answers an offer
        ("hexpanse", False, False),  # its rules know no draw
    ],
)
def test_the_page_offers_a_draw_exactly_when_the_service_takes_it(
    client, anna, bruno, system, against_the_computer, possible
):
    match = services.match_create(
        system=system,
        config={},
        seat_users=[anna, None if against_the_computer else bruno],
        bot_levels={1: 1} if against_the_computer else {},
    )
    assert _offered_on_the_page(client, anna, match) is possible
    assert _service_takes_it(anna, match) is possible


@pytest.mark.parametrize(("language", "said"), [("fr", "Nulle proposée."), ("en", "Draw offered.")])
def test_the_draw_offer_is_confirmed_in_the_readers_language(client, anna, bruno, language, said):
    match = services.match_create(system="claim", config={}, seat_users=[anna, bruno])
    client.force_login(anna)
    page = client.post(
        reverse("matches:draw", args=[match.pk, "offer"]),
        follow=True,
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert said in page.content.decode()
