"""The creator calls off a match that has not started: it leaves the lobby and My games, and
the players seated already are told. Nobody else may, a started or a competition's match may
not be, and a second call is told it is late; nothing changes on a refusal."""

from __future__ import annotations

import pytest

from games.matches import services
from games.matches.models import Match
from games.notifications.models import Notification
from games.notifications.texts import notification_text
from tests.fixtures import challenged_match, client_for

pytestmark = pytest.mark.django_db


def table(anna, **options) -> Match:
    """anna's three-seat table in the lobby."""
    return services.match_create(
        system="claim",
        config={"hexes": 8},
        seat_users=[anna, None, None],
        created_by=anna,
        **options,
    )


def call_off(user, match: Match):
    return client_for(user, "fr").post(f"/m/{match.pk}/call-off")


def test_the_creator_calls_off_a_waiting_table_and_the_seated_player_is_told(anna, bruno, carla):
    match = table(anna)
    services.match_join(match_id=match.pk, user=bruno)
    page = client_for(anna, "fr").get(f"/m/{match.pk}/").content.decode()
    assert 'data-testid="call-off-panel"' in page and "Annuler cette partie…" in page
    assert 'data-testid="call-off"' not in client_for(bruno).get(f"/m/{match.pk}/").content.decode()
    assert f"/m/{match.pk}/join" in client_for(carla).get("/").content.decode()

    answer = call_off(anna, match)
    assert answer.status_code == 302 and answer["Location"] == "/games/"
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
    told = Notification.objects.get(user=bruno, kind=Notification.Kind.WITHDRAWN)
    # By whom it was called off, who was also the only opponent: named once, no number.
    assert notification_text(told) == "anna a annulé votre partie (claim) avant son début."
    assert not Notification.objects.filter(user=anna, kind=Notification.Kind.WITHDRAWN).exists()
    assert f"/m/{match.pk}/join" not in client_for(carla).get("/").content.decode()
    for player in (anna, bruno):
        assert f"/m/{match.pk}/" not in client_for(player).get("/games/").content.decode()
    late = call_off(anna, match)
    assert late.status_code == 409 and "Cette partie est déjà annulée." in late.content.decode()


def test_nobody_but_the_creator_may_call_it_off(anna, bruno, carla):
    match = table(anna)
    services.match_join(match_id=match.pk, user=bruno)
    for user in (bruno, carla):
        answer = call_off(user, match)
        assert answer.status_code == 403
        assert "Seul le joueur qui a créé cette partie peut l’annuler." in answer.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN
    assert not Notification.objects.filter(kind=Notification.Kind.WITHDRAWN).exists()


def test_a_started_match_is_resigned_not_called_off(anna, bruno, carla):
    match = table(anna)
    for player in (bruno, carla):
        services.match_join(match_id=match.pk, user=player)
    assert 'data-testid="call-off"' not in client_for(anna).get(f"/m/{match.pk}/").content.decode()
    answer = call_off(anna, match)
    assert answer.status_code == 409
    assert "abandonner" in answer.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_a_competitions_match_is_its_organisers(anna):
    match = table(anna, competition="league:1")
    assert 'data-testid="call-off"' not in client_for(anna).get(f"/m/{match.pk}/").content.decode()
    assert call_off(anna, match).status_code == 403
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN


def test_a_waiting_challenge_offers_its_own_withdrawal_and_calling_off_tells_the_same(anna, bruno):
    match = challenged_match(anna, bruno)
    page = client_for(anna, "fr").get(f"/m/{match.pk}/").content.decode()
    assert 'data-testid="challenge-withdraw"' in page and 'data-testid="call-off"' not in page
    assert call_off(anna, match).status_code == 302
    told = Notification.objects.get(user=bruno, kind=Notification.Kind.WITHDRAWN)
    assert "a retiré son défi" in notification_text(told)
