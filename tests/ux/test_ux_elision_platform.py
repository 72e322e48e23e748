"""French never writes "de" before a vowel-initial name on the platform's pages either: league
and campaign news, a battle report's title, Neuroshima's battle lines and waiting line, a league
invitation. Where English has no "of" to carry the elision, the French says it another way."""

from __future__ import annotations

from html import unescape

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from games.league import services as league
from games.neuroshima_site.describe import option_label
from games.neuroshima_site.site import SITE as NEUROSHIMA
from games.notifications.models import Notification
from games.notifications.texts import notification_text
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db


def _news(kind: str, **params) -> tuple[str, str]:
    note = Notification(kind=kind, params=params)
    with translation.override("fr"):
        french = notification_text(note)
    with translation.override("en"):
        english = notification_text(note)
    return french, english


def test_league_and_campaign_news_elide_before_a_vowel():
    french, english = _news(Notification.Kind.ROUND, number=2, campaign="Automne")
    assert french == "La manche 2 d'Automne a commencé."
    assert english == "Round 2 of Automne has started."
    french, _english = _news(Notification.Kind.PAIRINGS, number=3, league="Ligue du Nord")
    assert french == "Les appariements de la manche 3 de Ligue du Nord sont publiés."


def test_a_battle_reports_title_and_picture_name_its_author():
    title = Template(
        "{% load i18n words %}{% blocktranslate with whose=name|possessive %}{{ whose }} report"
        "{% endblocktranslate %}"
    )

    def read(name: str) -> str:  # as the browser shows it (the apostrophe is escaped in HTML)
        return unescape(title.render(Context({"name": name})))

    with translation.override("fr"):
        assert (read("anna"), read("bruno")) == ("Récit d'anna", "Récit de bruno")
    with translation.override("en"):
        assert read("anna") == "anna's report"


def test_neuroshimas_lines_elide_or_say_it_another_way():
    with translation.override("fr"):
        # No board: the unit is "une unité", after "de" it is "d'une unité".
        side = option_label("quartermaster", {"side": 2, "unit": [0, 0], "to": "ranged"})
        assert "d'une unité" in side and "de une" not in side
        saves = option_label("medic", {"medic": [0, 0], "hex": [1, 0], "from": "sniper"})
        assert " contre " in saves and "de le " not in saves
        view = {
            "pending": {"seat": 1, "kind": "clown"},
            "seats": [{"army": "moloch"}, {"army": "outpost"}],
        }
        text, mine = NEUROSHIMA.decision(view, 0)
        # "que" would elide too ("qu'Outpost"): the French names the army first instead.
        assert text.endswith(" doit décider.") and " que " not in text and not mine


def test_a_league_invitation_names_its_game_not_its_key():
    organiser, invited = make_player("orga"), make_player("ines", language="fr")
    closed = league.league_create(
        name="Automne", created_by=organiser, system="neuroshima", is_public=False
    )
    league.league_invite(league=closed, actor=organiser, username="ines")
    page = client_for(invited, language="fr").get(reverse("league:invitation", args=[closed.pk]))
    html = page.content.decode()
    assert "Une ligue de Neuroshima Hex, sur invitation." in html
