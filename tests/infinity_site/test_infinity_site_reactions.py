"""A player sets each trooper's standing reaction ("ORA", spec Part D.1) and the hidden
trooper's ambush (D.4) from their own panel: the form becomes one `set_policy` / `set_ambush`
move played through the platform's move path; the engine refuses what it cannot keep (another
side's trooper, a weapon the trooper lacks, a distance beyond reach) with a sentence and nothing
changes; a stale page gets 409; the page then says the reaction in words."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from games.matches import shown_parts
from games.matches.models import Match
from tests.infinity_site.conftest import HIDDEN, acting, choose_set_up, deployed_match

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def post_reaction(
    client: Client, match: Match, *, version=None, htmx=False, language="fr", **fields
):
    data = {
        "trooper": "a1",
        "on_sight": "shoot",
        "weapon": "hmg",
        "max_range": "12",
        "on_template": "dodge",
        "expected_version": match.version if version is None else version,
        **fields,
    }
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(
        f"/infinity/m/{match.pk}/reactions/", data, HTTP_ACCEPT_LANGUAGE=language, **headers
    )


def policies(match: Match, seat: int) -> dict:
    """The seat's standing policies by trooper (the lobby's "auto" gave every trooper one)."""
    match.refresh_from_db()
    return dict(acting(match)[1].hidden[seat].policies)


def words(html: str, tid: str) -> str:
    return html.split(f'data-testid="reaction-words-{tid}">')[1].split("</span>")[0]


def test_saving_a_troopers_reaction_sets_its_policy_and_the_page_says_it_in_words(players):
    match = deployed_match(players)
    client = client_for(players[0])
    response = post_reaction(client, match)
    assert response.status_code == 302
    policy = policies(match, 0)["a1"]
    assert (policy.on_sight, policy.weapon, policy.max_range, policy.on_template) == (
        "shoot",
        "hmg",
        12,
        "dodge",
    )
    english = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    with translation.override("en"):
        assert words(english, "a1") == (
            "Enemy in sight: opens fire (HMG) up to 12 hexes. "
            "Under a template or an attack: dodges."
        )
    french = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert words(french, "a1").startswith("Ennemi en vue : ouvre le feu (Mitrailleuse)")
    # The others keep the lobby's automatic reactions, said so.
    assert "dodges" in words(english, "a2") and "best weapon" in words(english, "a2")


def test_a_reaction_of_dodging_drops_the_weapon_and_the_distance(players):
    match = deployed_match(players)
    post_reaction(client_for(players[0]), match, on_sight="dodge", on_template="pass")
    policy = policies(match, 0)["a1"]
    assert (policy.on_sight, policy.weapon, policy.max_range) == ("dodge", None, None)


@pytest.mark.parametrize(
    ("fields", "sentence"),
    [
        ({"trooper": "k1"}, "Set policies for your own troopers."),
        ({"trooper": HIDDEN}, "Set policies for your own troopers."),
        ({"trooper": "a2"}, "That trooper has no such weapon to fire."),  # a2 has no HMG
        ({"weapon": "plasma_rifle"}, "That trooper has no such weapon to fire."),
        ({"max_range": "49"}, "That distance is beyond the reach of the weapon."),
        (
            {"weapon": "pistol", "max_range": "16"},
            "That distance is beyond the reach of the weapon.",
        ),
        ({"on_sight": "charge"}, "This move could not be read."),
        ({"max_range": "²"}, "This move could not be read."),  # str.isdigit() takes it
    ],
)
def test_a_forged_or_impossible_reaction_is_refused_in_words_and_changes_nothing(
    players, fields, sentence
):
    match = deployed_match(players)
    version, before = match.version, policies(match, 0)
    response = post_reaction(client_for(players[0]), match, htmx=True, language="en", **fields)
    assert response.status_code == 400
    flash = response.content.decode().split('id="flash"')[1].split("</div>")[0]
    assert sentence in flash
    assert policies(match, 0) == before and match.version == version


def test_a_refusal_speaks_french_from_the_sites_catalogue(players):
    match = deployed_match(players)
    response = post_reaction(client_for(players[0]), match, htmx=True, max_range="49")
    assert response.status_code == 400
    assert "au-delà de la portée" in response.content.decode()


def test_a_reaction_from_a_stale_page_is_refused_with_409(players):
    match = deployed_match(players)
    before = policies(match, 0)
    response = post_reaction(client_for(players[0]), match, version=match.version - 1, htmx=True)
    assert response.status_code == 409
    assert policies(match, 0) == before


def test_the_reactions_forms_are_offered_only_to_the_seat_asked_to_play(players):
    match = deployed_match(players)
    mine = client_for(players[0]).get(f"/m/{match.pk}/?ora=a1").content.decode()
    assert 'data-testid="reaction-form-a1"' in mine and 'data-testid="reaction-words-a1"' in mine
    waiting = client_for(players[1]).get(f"/m/{match.pk}/?ora=k1").content.decode()
    # The JSA reads its own reactions in words, and changes them when it is asked to play.
    assert 'data-testid="reaction-words-k1"' in waiting and "reaction-form-" not in waiting
    assert "change-reaction-" not in waiting
    assert f'data-testid="ambush-words-{HIDDEN}"' in waiting


def test_only_the_opened_troopers_form_is_drawn_and_its_link_is_a_pick(players):
    """Every line says its reaction; only the trooper opened (`?ora=`, a pick: the address
    keeps it, a refetch from that address redraws it) carries its form (issue 14: seven forms
    were half of every answer)."""
    match = deployed_match(players)
    client = client_for(players[0])
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert "reaction-form-" not in page
    assert 'href="?ora=a1"' in page and 'data-testid="change-reaction-a2"' in page
    picked = client.get(
        f"/m/{match.pk}/?ora=a2", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="board"
    ).content.decode()
    assert picked.count('data-testid="reaction-form-') == 1
    assert (
        'data-testid="reaction-form-a2"' in picked
        and 'id="ora-a2" data-pick-on-open open' in picked
    )
    # A refetch from a page this web process never drew (a restart, another process: the one
    # that drew the pick would leave the form to the page, which shows it) draws it whole.
    shown_parts.clear()
    refetch = client.get(
        f"/m/{match.pk}/live?since={match.version}",
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL=f"http://testserver/m/{match.pk}/?ora=a2",
    ).content.decode()
    assert refetch.count('data-testid="reaction-form-') == 1 and "reaction-form-a2" in refetch
    # A trooper not its own, or unknown, opens nothing.
    for forged in ("k1", "zz", ""):
        html = client.get(f"/m/{match.pk}/?ora={forged}").content.decode()
        assert "reaction-form-" not in html


def test_saving_keeps_the_troopers_form_open(players):
    match = deployed_match(players)
    answer = client_for(players[0]).post(
        f"/infinity/m/{match.pk}/reactions/?ora=a1",
        {
            "trooper": "a1",
            "on_sight": "dodge",
            "on_template": "dodge",
            "expected_version": match.version,
        },
        HTTP_HX_REQUEST="true",
    )
    html = answer.content.decode()
    assert answer.status_code == 200 and 'data-testid="reaction-form-a1"' in html
    # The address the page then shows keeps it open through later redraws.
    assert f'hx-push-url="/m/{match.pk}/?ora=a1"' in html


def test_the_reactions_forms_speak_each_readers_language_page_after_page(players):
    # Their words are kept per language (reactions._words_in): French, English, French again.
    match = deployed_match(players)
    client = client_for(players[0])
    for language, words_said, other in [
        ("fr", ("Tirer", "Toute portée", "12 hexagones"), "Any range"),
        ("en", ("Shoot", "Any range", "12 hexes"), "Toute portée"),
        ("fr", ("Tirer", "Toute portée", "12 hexagones"), "Any range"),
    ]:
        html = client.get(f"/m/{match.pk}/?ora=a1", HTTP_ACCEPT_LANGUAGE=language).content
        form = html.decode().split('data-testid="reaction-form-a1"')[1].split("</form>")[0]
        assert all(f">{w}</option>" in form for w in words_said), language
        assert other not in form


def post_ambush(client: Client, match: Match, **fields):
    data = {
        "trooper": HIDDEN,
        f"fire-{HIDDEN}": "pistol|N",
        f"within-{HIDDEN}": "6",
        "expected_version": match.version,
        **fields,
    }
    return client.post(f"/infinity/m/{match.pk}/ambush/", data, HTTP_HX_REQUEST="true")


def test_the_owner_sets_the_ambush_of_its_hidden_trooper_while_deploying(players):
    match = deployed_match(players, until_hidden=True)
    client = client_for(players[1])
    page = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="ambush-form"' in page
    assert "chain_rifle|N" in page  # the default trigger: its Chain Rifle
    response = post_ambush(client, match)
    assert response.status_code == 200
    match.refresh_from_db()
    (trigger,) = acting(match)[1].hidden[1].ambush
    assert (trigger.trooper, trigger.weapon, trigger.within) == (HIDDEN, "pistol", 6)
    page = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    with translation.override("en"):
        assert "opens fire (Pistol) when an enemy enters its line of fire within 6 hexes" in page


@pytest.mark.parametrize(
    "fields",
    [{f"within-{HIDDEN}": "13"}, {f"fire-{HIDDEN}": "hmg|N"}, {"trooper": "k1"}],
)
def test_an_impossible_ambush_is_refused_and_the_trigger_stays(players, fields):
    match = deployed_match(players, until_hidden=True)
    response = post_ambush(client_for(players[1]), match, **fields)
    assert response.status_code == 400
    match.refresh_from_db()
    (trigger,) = acting(match)[1].hidden[1].ambush
    assert trigger.weapon == "chain_rifle"


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("fr", "Il n'y a aucun déclencheur d'embuscade à poser ni à retirer."),
        ("en", "There is no ambush trigger to set or to clear."),
    ],
)
def test_an_empty_ambush_form_is_refused_in_words_and_logs_nothing(players, language, reason):
    """A seat deploying without a hidden trooper has no ambush form; an empty one posted all
    the same was a `set_ambush []` that changed nothing and added a record to the log."""
    from games.matches import services

    match = services.match_create(
        system="infinity", config={"hidden_deployment": True}, seat_users=list(players)
    )
    match = choose_set_up(match, players, first=0)
    _, state, seat = acting(match)
    assert state.turn.phase == "deployment" and not state.hidden[seat].ambush
    client = client_for(players[seat])
    page = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'data-testid="ambush-form"' not in page
    version = match.version
    response = client.post(
        f"/infinity/m/{match.pk}/ambush/",
        {"expected_version": version, "seat": seat},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    assert html.escape(reason) in response.content.decode()
    match.refresh_from_db()
    assert match.version == version


def test_the_reactions_are_called_aro_in_english_and_ora_in_french(players):
    """The English page said « Your reactions (ORA) », the French acronym."""
    match = deployed_match(players)
    client = client_for(players[0])
    english = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # As a word: a page's random CSRF token may hold the three letters.
    assert "Your reactions (ARO)" in english and not re.search(r"\bORA\b", english)
    assert "Vos réactions (ORA)" in french
    rules = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE="en")
    assert rules.status_code == 200 and "(ARO)" in rules.content.decode()
    assert not re.search(r"\bORA\b", rules.content.decode())
