"""Entry fees: a league may ask one (the organiser's words, shown on its pages); the organisers
tick who paid in their tools, the player sees their own state and is told, nobody else learns of
it (not the other players, not the season log, not the exports), a second click changes
nothing, and a forged or foreign registration changes nothing."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import translation

from games.league import services
from games.league.models import League, Registration, SeasonLog
from games.notifications.models import Notification
from games.notifications.texts import notification_text
from games.refusals import Forbidden, Refused
from tests.fixtures import client_for as _client_for
from tests.league.conftest import duel_league_played_with_claim, start_season
from tests.league.test_league_edit import _form

pytestmark = pytest.mark.django_db
FEE = "5 €, au club"


@pytest.fixture
def season(organiser, make_user):
    league = duel_league_played_with_claim(organiser, name="Ligue du jeudi")
    League.objects.filter(pk=league.pk).update(entry_fee=FEE)
    league.refresh_from_db()
    return start_season(league, organiser, [make_user(n) for n in ("alice", "bruno")])


def client_for(user):
    return _client_for(user, language="fr")


def _reg(season, name: str) -> Registration:
    return Registration.objects.select_related("user", "season__league").get(
        season=season, user__username=name
    )


def _fee_notices(user) -> int:
    return Notification.objects.filter(user=user, params__event="fee_paid").count()


def _tick(client, season, reg, action="fee_paid"):
    return client.post(
        reverse("league:manage_action", args=[season.pk, action]), {"registration": reg.pk}
    )


def test_the_organiser_ticks_a_payment_and_only_the_player_sees_it(season, organiser):
    alice = _reg(season, "alice")
    orga = client_for(organiser)
    manage = orga.get(reverse("league:manage", args=[season.pk])).content.decode()
    assert "Frais d'inscription" in manage and FEE in manage
    assert "alice paid" not in manage and "alice a payé" in manage  # the button names the player

    assert _tick(orga, season, alice).status_code == 302
    alice.refresh_from_db()
    assert alice.fee_paid_at is not None
    manage = orga.get(reverse("league:manage", args=[season.pk])).content.decode()
    assert "alice : finalement pas payé" in manage

    season_url = reverse("league:season", args=[season.pk])
    own = client_for(alice.user).get(season_url).content.decode()
    assert FEE in own and "La vôtre a été reçue le" in own
    other = client_for(_reg(season, "bruno").user).get(season_url).content.decode()
    assert FEE in other and "La vôtre a été reçue" not in other
    assert "pas encore enregistré la vôtre" in other  # bruno's own state, not alice's
    assert not SeasonLog.objects.filter(season=season, action__icontains="fee").exists()
    exported = client_for(_reg(season, "bruno").user).get(
        reverse("league:season_json", args=[season.pk])
    )
    assert "fee" not in json.dumps(exported.json())

    told = Notification.objects.get(user=alice.user, params__event="fee_paid")
    with translation.override("en"):
        assert "recorded your entry fee (5 €, au club) as received" in notification_text(told)


def test_a_second_click_changes_nothing_and_tells_nobody_twice(season, organiser):
    alice = _reg(season, "alice")
    orga = client_for(organiser)
    _tick(orga, season, alice)
    first = _reg(season, "alice").fee_paid_at
    assert _tick(orga, season, alice).status_code == 302
    assert _reg(season, "alice").fee_paid_at == first
    assert _fee_notices(alice.user) == 1
    _tick(orga, season, alice, "fee_unpaid")
    assert _reg(season, "alice").fee_paid_at is None
    assert _fee_notices(alice.user) == 1  # nobody is told of an undo


def test_only_an_organiser_ticks_and_only_this_seasons_players(season, organiser, make_user):
    alice = _reg(season, "alice")
    assert _tick(client_for(alice.user), season, alice).status_code == 403
    with pytest.raises(Forbidden):
        services.registration_fee_paid(registration=alice, actor=alice.user, paid=True)
    other = start_season(
        duel_league_played_with_claim(organiser, name="Autre"),
        organiser,
        [make_user("carla"), make_user("cyril")],
    )
    foreign = _tick(client_for(organiser), season, _reg(other, "carla"))
    assert foreign.status_code == 400 and "existe pas dans cette saison" in foreign.content.decode()
    for forged in ("", "x", "-1", "99999999999999999999"):
        answer = client_for(organiser).post(
            reverse("league:manage_action", args=[season.pk, "fee_paid"]),
            {"registration": forged},
        )
        assert answer.status_code == 400
    assert not Registration.objects.filter(fee_paid_at__isnull=False).exists()


def test_a_league_without_a_fee_says_none_and_refuses_ticks(organiser, make_user):
    season = start_season(
        duel_league_played_with_claim(organiser), organiser, [make_user("dora"), make_user("dan")]
    )
    dora = _reg(season, "dora")
    with translation.override("en"), pytest.raises(Refused, match="asks no entry fee"):
        services.registration_fee_paid(registration=dora, actor=organiser, paid=True)
    assert _reg(season, "dora").fee_paid_at is None
    orga = client_for(organiser)
    assert (
        "Frais d'inscription"
        not in orga.get(reverse("league:manage", args=[season.pk])).content.decode()
    )
    league_page = orga.get(reverse("league:league", args=[season.league_id])).content.decode()
    assert 'class="entry-fee">aucuns<' in league_page or 'class="entry-fee">aucun<' in league_page


def test_the_organiser_sets_the_fee_in_the_league_editor(organiser, make_user, client):
    league = duel_league_played_with_claim(organiser, name="Ligue du mardi")
    season = start_season(league, organiser, [make_user("eve"), make_user("ezra")])
    client.force_login(organiser)
    answer = client.post(
        reverse("league:league_edit", args=[league.pk]),
        _form(league, entry_fee="10 € la saison", reason="Location de la salle"),
    )
    assert answer.status_code == 302
    league.refresh_from_db()
    assert league.entry_fee == "10 € la saison"
    assert SeasonLog.objects.filter(season=season, action="league_settings").exists()
    page = client.get(reverse("league:league", args=[league.pk])).content.decode()
    assert "10 € la saison" in page
