"""What a game between people showed on its way to the end (the walk of a three-seat Amiral
game with the expert draft, an Alien faction and elite units): sentences that name a faction
after their own article, the end's reason, the secret missions shown at the end (spec R124:
« then all are shown »), and the ships' counts in French."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.hexpanse_site import describe, labels
from games.hexpanse_site.site import SITE
from games.matches import services
from tests.fixtures import client_for
from tests.hexpanse_site.conftest import mission_names, protector_asked, setup_choices

pytestmark = pytest.mark.django_db


def test_an_alien_faction_is_named_once_after_the_sentences_own_article():
    with translation.override("en"):
        taken = describe.describe({"kind": "FactionChosen", "seat": 0, "faction": "mantacle"})
        used = describe.describe({"kind": "AbilityUsed", "seat": 0, "faction": "ox"})
        button = labels.kind_label("choose_faction:mantacle", {"seats": [{}]}, 0)
    assert taken == "Player 1 takes the Mantacles."
    assert used == "Player 1 uses the Ox ability."
    assert button == "Take the Mantacles"
    with translation.override("fr"):
        assert describe.describe({"kind": "FactionChosen", "seat": 0, "faction": "mantacle"}) == (
            "Joueur 1 prend la faction Les Mantacles."
        )


def test_a_game_won_by_a_mission_does_not_say_which_kind_it_cannot_know():
    # The engine's reason "mission" is the common mission as well as a secret one.
    for language in ("fr", "en"):
        with translation.override(language):
            assert not re.search(r"secr", SITE.outcome_reason("mission"), re.I)


def test_every_secret_mission_is_shown_to_everybody_once_the_game_is_over(players, new_match):
    anna, bruno, carla = players[:3]
    match = setup_choices(new_match(seats=3, mode="amiral"), players)
    secrets = [s["secret_mission"] for s in match.snapshot["seats"]]
    services.match_resign(match_id=match.pk, user=bruno)
    services.match_resign(match_id=match.pk, user=carla)
    match.refresh_from_db()
    assert match.status == match.Status.FINISHED
    for reader, language in ((anna, "fr"), (None, "en")):
        body = client_for(reader, language).get(f"/m/{match.pk}/").content.decode()
        for seat, code in enumerate(secrets):
            name = mission_names(code)[0 if language == "fr" else 1]
            shown = re.search(
                rf'data-testid="shown-mission-{seat}"[^>]*>[^<]*{re.escape(name)}', body
            )
            assert shown, (seat, name, language)


def test_the_ships_count_one_normal_unit_in_the_singular_in_french(players, new_match):
    match = setup_choices(new_match(seats=2, mode="marin"), players)
    snapshot = match.snapshot
    ship = snapshot["seats"][0]
    ship["reserve"]["normal"], ship["healing"]["normal"] = ship["reserve"]["normal"] - 1, 1
    match.snapshot = snapshot
    match.save(update_fields=["snapshot"])
    body = client_for(players[0], "fr").get(f"/m/{match.pk}/").content.decode()
    assert "Vaisseau de Soins : 1 normale, 0 d" in body
    assert "Réserve : 11 normales" in body
    assert not re.search(r"\b1 normales\b", body)


def test_a_unit_leaving_the_board_begins_its_sentence_with_a_capital():
    event = {"kind": "UnitRemoved", "seat": 0, "unit": "elite"}
    with translation.override("fr"):
        assert describe.describe(event, ["anna"]) == "Une unité d'élite d'anna quitte le plateau."
    with translation.override("en"):
        assert describe.describe(event, ["anna"]).startswith("An elite unit")


def test_a_seat_out_of_time_is_not_said_to_have_left_the_game():
    # The clock's loss on time reaches the engine as a forfeit with the reason "timeout".
    timed_out = {"kind": "PlayerResigned", "seat": 1, "reason": "timeout"}
    resigned = {"kind": "PlayerResigned", "seat": 1, "reason": "resign"}
    with translation.override("fr"):
        assert describe.describe(timed_out, ["anna", "bruno"]) == (
            "bruno a dépassé le temps imparti."
        )
    with translation.override("en"):
        assert describe.describe(timed_out, ["anna", "bruno"]) == "bruno ran out of time."
        assert describe.describe(resigned, ["anna", "bruno"]) == "bruno leaves the game."


def test_the_attacker_reads_why_the_game_waits_for_a_protectors_answer(players, new_match):
    match = protector_asked(new_match(), players[0])
    body = client_for(players[0], "en").get(f"/m/{match.pk}/").content.decode()
    # It read « Waiting for hx_bruno. » alone, the attack not yet in the log.
    assert "their Protector takes your attack instead" in body
    french = client_for(players[0], "fr").get(f"/m/{match.pk}/").content.decode()
    assert "son Protecteur prend votre attaque à la place" in french
