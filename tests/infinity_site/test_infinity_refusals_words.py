"""Every refusal the Infinity engine writes as a fixed sentence reads in French on a French page
(games/infinity_site/engine_sentences.py; tests/refusal_words.py). Those written with their
values are templates: the site writes each value in the player's words from that player's view
(games/infinity_site/refusal_words.py), a hidden or disguised trooper as that player sees it."""

from __future__ import annotations

import html
import json

import pytest
from django.utils import translation

import games.engine.infinity
from games.engine.context import refuse
from games.engine.protocol import Term
from games.hexboard.registry import registered_site
from games.infinity_site.names import named, profile_label, trooper_label
from games.matches.services.refusal_sentence import refusal_sentence
from tests.fixtures import client_for
from tests.infinity_site.conftest import HIDDEN, acting, deployed_match, submit
from tests.infinity_site.positions import (
    hand_written_match,
    holoprojector_duel,
    post_move,
    to_order,
)
from tests.infinity_site.test_infinity_site_disguise import DISGUISE
from tests.refusal_words import fixed_refusals, untranslated_in_french


def test_every_fixed_refusal_of_the_engine_reads_in_french():
    assert len(fixed_refusals(games.engine.infinity)) > 150, "the engine's refusals were found"
    assert untranslated_in_french(games.engine.infinity) == []


@pytest.mark.parametrize(
    ("language", "reason"),
    [("fr", "Choisissez une de vos figurines."), ("en", "Choose one of your troopers.")],
)
def test_an_order_for_an_enemy_trooper_is_refused_in_the_players_language(
    players, language, reason
):
    """A hand-made order for one of the enemy's troopers, posted as the match page posts it: the
    engine's refusal reaches the player in the player's language (not « Ce coup n'est pas permis
    maintenant. », said of a sentence no catalogue knows), and nothing changes."""
    match = deployed_match(players, seed="refusal-words")
    system, state, seat = acting(match)
    enemy = next(t.id for t in state.troopers if t.seat != seat)
    before = (match.version, match.snapshot)
    answer = client_for(players[seat], language).post(
        f"/m/{match.pk}/move",
        {
            "move": json.dumps(
                {"type": "order", "seat": seat, "kind": "regular", "trooper": enemy}
            ),
            "expected_version": match.version,
        },
        HTTP_HX_REQUEST="true",
    )
    assert reason in answer.content.decode()
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before


def _declared(client, match, skill: dict) -> str:
    """The answer to a declaration for seat 0's current order, posted as the match page posts it
    (htmx); the match must be left as it was."""
    before = (match.version, match.snapshot)
    answer = client.post(
        f"/m/{match.pk}/move",
        {
            "move": json.dumps({"type": "declare", "seat": 0, **skill}),
            "expected_version": match.version,
        },
        HTTP_HX_REQUEST="true",
    )
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before
    return answer.content.decode()


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("fr", "Cet ordre n'active pas Alguacil (Combi) a2."),
        ("en", "Alguacil (Combi) a2 is not activated by this order."),
    ],
)
def test_a_refusal_naming_a_trooper_names_it_as_the_page_does(players, language, reason):
    """A refusal written with its values (engine "{trooper} is not activated by this order."):
    the template in the player's language, the trooper by the name its page gives it, not the
    engine's id alone (and not « Ce coup n'est pas permis maintenant. »)."""
    match = deployed_match(players, seed="refusal-values")
    match = submit(match, players, {"type": "order", "seat": 0, "kind": "regular", "trooper": "b1"})
    answer = _declared(
        client_for(players[0], language), match, {"skill": "change_facing", "facings": {"a2": 3}}
    )
    assert html.escape(reason) in answer


def test_a_hidden_trooper_is_named_only_by_the_id_the_move_gave(players):
    """The JSA's Domaru d2, deployed hidden: an order of Corregidor's naming it is refused with
    the id it typed, never with what the rosters say d2 is."""
    match = deployed_match(players, seed="refusal-values")
    match = submit(match, players, {"type": "order", "seat": 0, "kind": "regular", "trooper": "b1"})
    answer = _declared(
        client_for(players[0], "fr"), match, {"skill": "change_facing", "facings": {HIDDEN: 3}}
    )
    assert html.escape(f"Cet ordre n'active pas {HIDDEN}.") in answer
    with translation.override("fr"):
        assert trooper_label(HIDDEN) not in answer  # what the roster fallback would name


def test_a_disguised_trooper_is_named_by_its_disguise(players):
    """A Holoprojector L1 carrier t1 standing as a Keisotsu: Corregidor's refusal names what it
    sees (« Keisotsu (Combi) t1 »), never the figure it really is."""
    position = holoprojector_duel(
        "t1", "test.holo1", to_order(0), at=[6, 2], hidden=({}, {"disguises": {"t1": DISGUISE}})
    )
    match = post_move(
        client_for(players[0]),
        hand_written_match(players, position),
        {"type": "order", "seat": 0, "kind": "regular", "trooper": "a2"},
    )
    answer = _declared(
        client_for(players[0], "fr"), match, {"skill": "change_facing", "facings": {"t1": 3}}
    )
    with translation.override("fr"):
        assert html.escape(f"Cet ordre n'active pas {named(DISGUISE, 't1')}.") in answer
        assert profile_label("test.holo1") not in answer


@pytest.mark.parametrize(
    ("language", "burst", "reason"),
    [
        ("fr", 1, "Ici, l'arme (Lance-grenades léger) place 1 gabarit au plus."),
        ("fr", 2, "Ici, l'arme (Lance-grenades léger) place 2 gabarits au plus."),
        ("en", 1, "The Light Grenade Launcher places 1 template here."),
        ("en", 2, "The Light Grenade Launcher places 2 templates here."),
    ],
)
def test_a_refusal_with_a_number_agrees_with_it(language, burst, reason):
    """A template whose words agree with its number has plural forms in the catalogue, chosen
    by the number (games/matches/services/refusal_sentence.py); the engine's English, which
    the command line prints, keeps its one form."""
    error = refuse(
        "burst_exceeded",
        "The {weapon} places {burst} template(s) here.",
        weapon=Term("light_gl", "Light Grenade Launcher"),
        burst=burst,
    )
    assert error.reason == f"The Light Grenade Launcher places {burst} template(s) here."
    with translation.override(language):
        assert refusal_sentence(error, site=registered_site("infinity"), view=dict) == reason
