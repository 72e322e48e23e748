"""Cards and missions by their names in the reader's language: the French site says the cards'
names in French (a person's name stays as printed), the English site in good English, and a
mission is told by its name and what it asks, never by a code or a letter."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.html import escape

from games.engine.hexpanse.data import CARD_CODES, missions
from games.hexpanse_site import texts
from games.matches.management.commands.demo import play_moves
from tests.hexpanse_site.conftest import card_names, mission_names, setup_choices

pytestmark = pytest.mark.django_db

CODE = re.compile(r"\b(MS\d\d|[AC]\d\d)\b")


def test_cards_are_named_in_the_readers_language():
    assert card_names("A20") == ("Barges de débarquement Apache", "Apache Dropships")
    assert card_names("A04") == ("Marchand xalielt", "Xalielt Merchant")
    assert card_names("C25") == ("Bibliothécaire", "The Librarian")
    assert card_names("C01") == ("Lowry", "Lowry")  # a person's name, as printed
    for code in CARD_CODES:
        french, english = card_names(code)
        assert french and english and not CODE.search(french + english), code


def test_every_mission_has_a_name_and_says_what_it_asks_in_both_languages():
    seen = {"fr": set(), "en": set()}
    for code in missions():
        for language, name in zip(("fr", "en"), mission_names(code), strict=True):
            assert len(name) >= 3, (code, name)  # a word, not a letter ("H", "Y")
            seen[language].add(name)
            with translation.override(language):
                asks = texts.mission_text(code)
            assert not CODE.search(asks) and len(asks) > 40, (code, asks)
    assert len(seen["fr"]) == len(seen["en"]) == len(missions())  # no two alike
    assert mission_names("MS07") == ("Échelle", "Ladder")


def test_the_french_pages_name_cards_and_missions_in_french(client, players, new_match):
    match = new_match(mode="amiral")
    # Up to the mission pick: the picker reads each offered mission's name and what it asks.
    while True:
        match.refresh_from_db()
        client.force_login(players[0])
        html = client.get(f"/m/{match.pk}/").content.decode()
        offered = re.findall(r'data-testid="kind-pick_mission-(MS\d\d)"', html)
        if offered or match.snapshot.get("setup") is None:
            break
        match = play_moves(match, players, 1)  # one setup decision
    assert offered
    for code in offered:
        with translation.override("fr"):
            assert escape(f"Garder {texts.mission_name(code)}") in html
            assert escape(texts.mission_text(code)) in html
    match = setup_choices(match, players)
    client.force_login(players[0])
    html = client.get(f"/m/{match.pk}/").content.decode()
    market = [c for c in match.snapshot["market"] if c]
    assert market
    for code in market:
        assert escape(card_names(code)[0]) in html, code
        assert f"{code} ·" not in html  # no card code beside its name
    common = match.snapshot["missions"]["common"]
    shown = re.search(r'data-testid="mission-common".*?</figure>', html, re.S).group(0)
    assert escape(mission_names(common)[0]) in shown and 'data-testid="mission-asks"' in shown


def test_the_rules_page_names_minor_factions_and_missions_without_codes(client):
    html = client.get("/hexpanse/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    text = re.sub(r"<[^>]+>", " ", html)
    text = re.sub(r'data-testid="[^"]*"', "", text)
    assert not CODE.search(text) and not re.search(r"\bM\d\d\b", text)
    with translation.override("fr"):
        assert escape(texts.mission_text("MS07")) in html


def test_a_cards_face_is_kept_per_language_and_read_again_in_each():
    """The panels keep a card's name, text and pattern drawings per language (issue 14): a
    French page after an English one still reads French, in every part of the card."""
    from games.hexpanse_site.panels import card_info

    faces = {}
    for language in ("fr", "en", "fr", "en"):
        with translation.override(language):
            card = card_info("A20")
            faces.setdefault(language, []).append(card)
    for language, name in zip(("fr", "en"), card_names("A20"), strict=True):
        first, again = faces[language]
        assert first["name"] == again["name"] == name
        assert escape(name) in str(again["patterns"])
    assert faces["fr"][0]["lines"] != faces["en"][0]["lines"]
