"""The Confirm button of a move says where the figure goes, in words that read in French."""

from django.utils import translation

from games.hexboard.picks import Choice
from games.paintball_site.panel import confirm_label

VIEW = {"figures": {"r3": {"team": "red", "hex": [0, 0]}}}


def _move_to(path):
    move = {"type": "act", "do": "move", "who": "r3", "step": path[0]}
    if len(path) > 1:
        move["to"] = path[1]
    return Choice(selection={}, move=move)


def test_a_move_of_one_hex_reads_as_a_sentence_in_french():
    with translation.override("fr"):
        label = confirm_label(VIEW, _move_to([[0, -1]]))
    assert label == "Confirmer : Rouge 3 avance (1 case vers le nord)"


def test_a_move_that_comes_back_to_its_hex_says_so_instead_of_here():
    with translation.override("fr"):
        french = confirm_label(VIEW, _move_to([[0, -1], [0, 0]]))
    with translation.override("en"):
        english = confirm_label(VIEW, _move_to([[0, -1], [0, 0]]))
    assert french == "Confirmer : Rouge 3 fait un aller-retour"
    assert english == "Confirm: Red 3 moves out and back"
