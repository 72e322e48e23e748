"""A campaign challenge answered where the inbox leads: « amelie vous défie » links to the
battle's page, which said « Défi lancé » and « n'a pas encore annoncé » twice with no way to
answer (the buttons were only on the campaign's page)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.campaigns import services
from games.campaigns.models import Battle
from games.notifications.models import Notification
from tests.fixtures import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def challenge(running, alice, bob):
    return services.campaign_challenge(
        campaign_id=running.pk, user=alice, opponent_id=running.players.get(user=bob).pk
    )


def _url(battle) -> str:
    return reverse("campaigns:battle", args=[battle.campaign_id, battle.pk])


def test_the_inbox_leads_the_challenged_player_to_a_page_that_answers(challenge, bob):
    assert Notification.objects.filter(user=bob, params__link=_url(challenge)).exists()
    page = client_for(bob, "fr").get(_url(challenge)).content.decode()
    assert "alice vous défie. Si vous acceptez" in page
    assert re.search(r'name="answer" value="accept">Accepter<', page)
    assert re.search(r'name="answer" value="decline">Refuser<', page)
    assert "pas encore annoncé" not in page  # nobody is asked to declare before the answer


def test_accepting_on_the_battle_page_comes_back_to_declare_there(challenge, bob):
    respond = reverse("campaigns:respond", args=[challenge.campaign_id, challenge.pk])
    answer = client_for(bob, "fr").post(respond, {"answer": "accept", "back": "battle"})
    assert answer.status_code == 302 and answer["Location"] == _url(challenge)
    challenge.refresh_from_db()
    assert challenge.status == Battle.Status.DECLARING
    page = client_for(bob, "fr").get(_url(challenge)).content.decode()
    assert "Votre objectif secret" in page


def test_the_challenger_reads_whom_they_wait_for_and_may_withdraw(challenge, alice):
    page = client_for(alice, "fr").get(_url(challenge)).content.decode()
    assert "En attente de la réponse de bob au défi." in page
    assert re.search(r'name="answer" value="withdraw">Retirer<', page)
