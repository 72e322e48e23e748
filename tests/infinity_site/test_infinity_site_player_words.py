"""What a new player reads in the hand instead of the engine's ids and coordinates: a fireteam's
button names its troopers, a hex to deploy to is named by where it lies for that player."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.infinity.system import SYSTEM
from games.infinity_site.site import SITE
from tests.infinity_site.positions import DEPLOYING_JSA, duel, trooper
from tests.infinity_site.test_infinity_site_hidden import client_for
from tests.infinity_site.test_infinity_site_infiltration import deploying_match


def _view(troopers):
    return {**duel(troopers, DEPLOYING_JSA), "seat": 1}


def test_the_fireteam_button_names_its_troopers_not_their_ids():
    view = _view(
        [
            trooper("k1", 1, "jsa.keisotsu.combi", [5, 1], 3),
            trooper("k2", 1, "jsa.keisotsu.hmg", [6, 1], 3),
            trooper("k3", 1, "jsa.keisotsu.lt", [7, 0], 3),
        ]
    )
    move = {"type": "fireteam_form", "seat": 1, "leader": "k3", "members": ["k3", "k1", "k2"]}
    with translation.override("fr"):
        french = SITE.move_label(move, view)
    with translation.override("en"):
        english = SITE.move_label(move, view)
    # The Lieutenant k3 reads as the plain Combi the enemy sees (its own player's hand too).
    assert french == (
        "Former une équipe liée menée par Keisotsu (Combi) k3, avec Keisotsu (Combi) k1,"
        " Keisotsu (Mitrailleuse) k2"
    ), french
    assert english.startswith("Form a fireteam led by Keisotsu (Combi) k3, with Keisotsu"), english


@pytest.mark.django_db
def test_the_hexes_to_deploy_to_are_named_by_row_column_and_what_stands_beside(players):
    """A screen reader read « Hexagone 0, 10 » for each hex the JSA may deploy to: now its row
    from the player's own edge, its column from the left, and a trooper beside it."""
    match = deploying_match(players)  # the JSA (seat 1, the north edge) deploys its Ninja
    client = client_for(players[1])
    french = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    english = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Hexagone" not in french and 'aria-label="Hex ' not in english
    # (0, 0) is the north-west corner: the JSA's first row, the leftmost column.
    assert 'data-pick="0,0"' in french
    assert 'aria-label="Rangée 1 depuis votre bord, colonne 1 depuis la gauche"' in french
    assert 'aria-label="Row 1 from your edge, column 1 from the left"' in english
    # The Lieutenant k3 stands at (14, -5), row 2: (15, -5) beside it is named after it.
    assert (
        'aria-label="Rangée 2 depuis votre bord, colonne 16 depuis la gauche, '
        'à côté de Keisotsu (Combi) k3"'
    ) in french


def test_the_start_boards_scenery_and_a_trooper_beginning_with_a_vowel_name_a_hex():
    start = SYSTEM.start_view({}, 2)
    south = {**start, "seat": 0}  # Corregidor deploys from the south edge (rows 10-15)
    north = {**start, "seat": 1}
    with translation.override("fr"):
        assert SITE.target_label(south, "hex", [0, 15]) == (
            "Rangée 1 depuis votre bord, colonne 1 depuis la gauche"
        )
        assert SITE.target_label(north, "hex", [0, 15]).startswith("Rangée 16 depuis votre bord")
        assert SITE.target_label(north, "hex", [4, 3]).endswith(", en terrain difficile")
        assert SITE.target_label(north, "hex", [2, 3]).endswith(", sur un muret")
        assert SITE.target_label(north, "hex", [5, 5]).endswith(", à côté d’un bâtiment")
        beside_alguacil = {
            **south,
            "troopers": [trooper("a1", 0, "corregidor.alguacil.hmg", [0, 14], 0)],
        }
        assert SITE.target_label(beside_alguacil, "hex", [1, 14]).endswith(
            ", à côté d’Alguacil (Mitrailleuse) a1"
        )
        beside_a_marker = {
            **north,
            "markers": [{"marker": "m1", "seat": 0, "hex": [0, 14], "kind": "camouflage"}],
        }
        assert SITE.target_label(beside_a_marker, "hex", [1, 14]).endswith(
            ", à côté du marqueur camouflé m1"
        )
    with translation.override("en"):
        assert SITE.target_label(beside_a_marker, "hex", [1, 14]).endswith(
            ", next to the camouflage marker m1"
        )
        assert SITE.target_label(north, "hex", [5, 5]).endswith(", next to a building")
        assert SITE.target_label(beside_alguacil, "hex", [1, 14]).endswith(
            ", next to Alguacil (HMG) a1"
        )


def test_a_hex_past_the_tables_edge_is_named_by_its_side_of_the_trooper_beside_it():
    """A trooper at the edge turning to face outwards picks a hex off the table: its rows
    counted from the edge would name it as a hex of the table (two of them read alike, then
    the board's coordinates were added to tell them apart)."""
    start = SYSTEM.start_view({}, 2)
    edge = {
        **start,
        "seat": 1,
        "troopers": [
            trooper("k1", 1, "jsa.keisotsu.combi", [0, 0], 0),
            trooper("a1", 0, "corregidor.alguacil.hmg", [15, 8], 0),
        ],
    }
    with translation.override("fr"):
        assert SITE.target_label(edge, "spot", [0, -1]) == (
            "Hors de la table, au nord de Keisotsu (Combi) k1"
        )
        assert SITE.target_label(edge, "spot", [16, 7]) == (
            "Hors de la table, au nord-est d’Alguacil (Mitrailleuse) a1"
        )
    with translation.override("en"):
        assert SITE.target_label(edge, "spot", [-1, 0]) == (
            "Off the table, north-west of Keisotsu (Combi) k1"
        )


def test_the_end_of_the_game_gives_the_winners_score_first():
    # Seat 1 won 73 to 44: « bruno gagne, 44 à 73 » read as if bruno had the lower score.
    event = {"kind": "GameEnded", "reason": "turns", "vp": [44, 73], "winner": 1}
    with translation.override("fr"):
        french = SITE.describe_event(event, ["anna", "bruno"])
    with translation.override("en"):
        english = SITE.describe_event(event, ["anna", "bruno"])
    assert french == "La partie est finie : bruno gagne, 73 à 44 points de victoire.", french
    assert english == "The game ends: bruno wins, 73 to 44 victory points.", english


def test_a_player_who_lost_the_lieutenant_is_they_in_english():
    event = {"kind": "LossOfLieutenant", "seat": 1, "trooper": "k4"}
    with translation.override("en"):
        english = SITE.describe_event(event, ["anna", "bruno"])
    with translation.override("fr"):
        french = SITE.describe_event(event, ["anna", "bruno"])
    assert english.startswith("bruno has lost their Lieutenant ("), english
    assert french.startswith("bruno a perdu son Lieutenant ("), french
