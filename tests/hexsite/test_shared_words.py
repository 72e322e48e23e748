"""One English word, two French ones: Django merges every installed app's catalogue (its own and
its contrib apps' too), and the first app's translation of a msgid (in one context) wins on
every page. Django admin's « Enlever » stood on the skirmish builder's button to remove a unit,
paintball's « Avancer » and « Tirer » on the same builder's Move and Shoot (a unit's profile:
« Mouvement », « Tir »), the lobby's « Règles » on a league's own « Règlement », admin's
« Modification » on the league's button that changes a deadline. So no catalogue of ours says a
msgid another installed catalogue also says otherwise: where the meaning is the same the French
is the same, where it differs the word has a context of its own (pgettext): so Infinity's builder
says « Retirer » a trooper and its lobby « Aucun » civilian, where admin's « Enlever » and
« Aucun(e) » stood."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import django
import pytest
from django.apps import apps
from django.urls import reverse

from games.league import services as leagues
from tests.fixtures import client_for

ROOT = Path(__file__).resolve().parents[2]


def _french(po: Path) -> dict[tuple[str | None, str], str]:
    """A French catalogue: (context, msgid) to its translation (plurals left out)."""
    text = subprocess.run(
        ["msgattrib", "--translated", "--no-obsolete", "--no-wrap", str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = {}
    for block in text.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            key, _, value = line.partition(" ")
            if key in ("msgctxt", "msgid", "msgstr"):
                fields[key] = ast.literal_eval(value)
        if fields.get("msgid") and fields.get("msgstr"):
            found[(fields.get("msgctxt"), fields["msgid"])] = fields["msgstr"]
    return found


def _installed_catalogues() -> dict[str, dict[tuple[str | None, str], str]]:
    """Every French catalogue a page may read a word from: each installed app's, and Django's."""
    found = {
        "django": _french(Path(django.__file__).parent / "conf/locale/fr/LC_MESSAGES/django.po")
    }
    for config in apps.get_app_configs():
        po = Path(config.path) / "locale" / "fr" / "LC_MESSAGES" / "django.po"
        if po.exists():
            found[config.name] = _french(po)
    return found


def test_a_word_another_catalogue_also_translates_has_the_same_french():
    catalogues = _installed_catalogues()
    ours = [name for name in catalogues if name.startswith("games.")]
    assert "games.skirmish_site" in ours and "django.contrib.admin" in catalogues
    clashes = []
    for app in ours:
        for other, words in catalogues.items():
            if other == app:
                continue
            for key, french in words.items():
                if key in catalogues[app] and catalogues[app][key] != french:
                    clashes.append((key, {app: catalogues[app][key], other: french}))
    assert clashes == []


def _text(answer) -> str:
    assert answer.status_code == 200
    return answer.content.decode()


def test_the_skirmish_builder_reads_its_own_words_in_french(make_user):
    page = _text(client_for(make_user(), "fr").get("/armies/new/skirmish/"))
    assert ">Retirer</button>" in page and "Enlever" not in page
    assert ">Mouvement</label>" in page and ">Tir</label>" in page
    assert "Avancer" not in page and ">Tirer<" not in page


def test_infinity_s_builder_and_lobby_read_their_own_words_in_french(make_user):
    client = client_for(make_user(), "fr")
    builder = _text(client.get("/armies/new/infinity/"))
    assert ">Retirer</button>" in builder and "Enlever" not in builder
    lobby = _text(client.get("/?system=infinity"))
    assert '<option value="none">Aucun</option>' in lobby and "Aucun(e)" not in lobby


def test_a_league_reads_its_own_words_in_french(make_user):
    organiser, player = make_user(), make_user()
    league = leagues.league_create(name="Ligue du jeudi", created_by=organiser, preset="neuroduel")
    season = leagues.season_open(league=league, actor=organiser)
    for user in (organiser, player):
        leagues.registration_create(season=season, user=user)
    leagues.season_start(season=season, actor=organiser)
    client = client_for(organiser, "fr")
    settings_page = _text(client.get(reverse("league:league_edit", args=[league.pk])))
    assert '<label for="id_rules_text">Règlement' in settings_page
    manage = _text(client.get(reverse("league:manage", args=[season.pk])))
    assert '<button type="submit">Modifier</button>' in manage
    assert "Modification" not in manage


@pytest.mark.parametrize("path", ["/skirmish/rules/", "/paintball/rules/"])
def test_a_game_s_rules_are_still_its_rules(db, client, path):
    page = _text(client.get(path, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Règles" in page and "Règlement" not in page


def test_allauth_s_pages_say_the_site_s_words_in_french(make_user):
    """Django admin's « Enlever » and auth's « Courriel » come before allauth's own « Retirer »
    and « E-mail » (INSTALLED_APPS order); the site's catalogue (LOCALE_PATHS) says them last."""
    emails = _text(client_for(make_user(), "fr").get("/accounts/email/"))
    assert re.search(r'name="action_remove"\s+type="submit"\s*>\s*Retirer\s*</button>', emails)
    assert "Enlever" not in emails
    for page in (emails, _text(client_for(None, "fr").get("/accounts/signup/"))):
        assert '<label for="id_email">E-mail\xa0:</label>' in page and "Courriel" not in page
