"""The privacy page and the legal notice: public, linked from every page's footer, in the
reader's language, saying what the settings decide (how long a sign-in lasts, how many nightly
copies are kept) and who runs the site when the operator said so, or that they have not."""

from __future__ import annotations

import pytest
from django.urls import reverse

from hexsite.expired_cache import PURGE_CACHE_MINUTES
from tests.fixtures import client_for

pytestmark = pytest.mark.django_db


def test_every_page_links_to_the_privacy_page_and_the_legal_notice():
    home = client_for(None, "fr").get("/").content.decode()
    assert f'href="{reverse("privacy")}">Confidentialité</a>' in home
    assert f'href="{reverse("legal")}">Mentions légales</a>' in home


def test_the_privacy_page_says_what_the_settings_decide(settings):
    settings.SESSION_COOKIE_AGE = 14 * 86400
    settings.BACKUP_KEEP, settings.BACKUP_DIR = 7, "/var/backups/hexsite"
    settings.PRIVACY_CONTACT = "donnees@club.example"
    page = client_for(None, "fr").get(reverse("privacy"))
    html = page.content.decode()
    assert page.status_code == 200
    assert "(14 jours au plus)" in html and "sont gardées 7 jours" in html
    assert "Pour vos données, écrivez à : donnees@club.example" in html
    assert "pas encore indiqué qui elles sont" in html  # no publisher given

    settings.BACKUP_DIR = ""  # no nightly copies: the page does not claim any
    html = client_for(None, "en").get(reverse("privacy")).content.decode()
    assert "(for 14 days at most)" in html and "Copies of the whole database" not in html


def test_the_privacy_page_says_how_soon_sign_in_counters_are_erased():
    # The worker's purge of the expired cache rows (hexsite/expired_cache.py) decides it.
    html = client_for(None, "fr").get(reverse("privacy")).content.decode()
    assert f"puis effacé au plus {PURGE_CACHE_MINUTES} minutes plus tard" in html
    html = client_for(None, "en").get(reverse("privacy")).content.decode()
    assert f"and erased within {PURGE_CACHE_MINUTES} minutes after that" in html


def test_the_legal_notice_names_the_publisher_and_host_the_operator_gave(settings):
    settings.LEGAL_PUBLISHER = "Club des Hexagones\n12 rue du Dé, 69000 Lyon"
    settings.LEGAL_HOST = "Hébergeur SAS, Roubaix"
    html = client_for(None, "fr").get(reverse("legal")).content.decode()
    assert "Club des Hexagones<br>12 rue du Dé, 69000 Lyon" in html
    assert "Hébergeur SAS, Roubaix" in html
    assert "pas encore indiqué" not in html
