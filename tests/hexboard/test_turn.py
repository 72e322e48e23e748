"""turn_context for any site: targets as links, Confirm with the move's JSON, plain buttons in
the hand or the controls, decisions (no database)."""

from __future__ import annotations

import json

from django.http import QueryDict
from django.utils import translation
from django.utils.safestring import mark_safe

from games.hexboard.coaching import CoachTip, linked_tips
from games.hexboard.picks import PickSpec
from games.hexboard.protocol import BaseSite, HandItem
from games.hexboard.turn import turn_context


class ToySite(BaseSite):
    key = "toy"
    name = "Toy"
    picks = PickSpec(
        order={"Place": ("card", "hex")},
        hex_fields=frozenset({"hex"}),
        from_hand="card",
    )

    def grid(self, view):
        return "0 0 1 1", mark_safe("")

    def hand(self, view, seat, choice, buttons, href):
        return [
            HandItem(i, mark_safe(""), name, href=href(i), buttons=tuple(buttons.get(i, ())))
            for i, name in enumerate(view["hand"])
        ]

    def decision(self, view, seat):
        return ("Choose.", seat == view.get("deciding")) if "deciding" in view else None


LEGAL = [
    {"type": "Place", "card": 0, "hex": [0, 0]},
    {"type": "Place", "card": 0, "hex": [1, 0]},
    {"type": "Discard", "card": 1},
    {"type": "Pass"},
]
URLS = {"page": "/m/1/", "post": "/m/1/move"}


def _turn(query: str, view=None, legal=LEGAL, seat=0):
    view = view or {"hand": ["a", "b"]}
    return turn_context(
        ToySite(), view=view, seat=seat, legal=legal, query=QueryDict(query), urls=URLS, version=3
    )


def test_hand_items_link_only_when_a_board_move_starts_with_them_and_carry_their_buttons():
    turn = _turn("")
    first, second = turn["hand"]
    assert first.href == "?card=0" and second.href == ""
    assert [b.testid for b in second.buttons] == ["discard-1"]
    assert [b.testid for b in turn["controls"]] == ["pass"]
    assert turn["targets"] == [] and turn["confirm"] is None and turn["my_turn"]


def test_picking_a_card_shows_its_legal_hexes_then_a_confirm_with_the_move_as_json():
    turn = _turn("card=0")
    assert [t["href"] for t in turn["targets"]] == ["?card=0&hex=0,0", "?card=0&hex=1,0"]
    assert turn["cancel"] == "?"
    done = _turn("card=0&hex=1,0")
    assert json.loads(done["confirm"].move) == {"type": "Place", "card": 0, "hex": [1, 0]}


def test_a_pending_decision_of_mine_turns_every_legal_move_into_an_option():
    legal = [{"type": "Decide", "choice": "x"}, {"type": "Decide", "choice": "y"}]
    turn = _turn("", view={"hand": [], "deciding": 0}, legal=legal)
    assert turn["decision"]["mine"] and turn["decision"]["text"] == "Choose."
    assert [b.testid for b in turn["decision"]["options"]] == [
        "decision-option-0",
        "decision-option-1",
    ]
    assert turn["controls"] == []


def test_a_spectator_gets_no_moves_even_if_legal_moves_are_passed():
    turn = _turn("card=0", seat=None)
    assert turn["targets"] == [] and turn["hand"] == () and not turn["my_turn"]


class PieceSite(ToySite):
    """Moves name a piece by id: the site adds its hex for picking (`pick_forms`)."""

    picks = PickSpec(
        order={"Step": ("_at", "to")},
        hex_fields=frozenset({"_at", "to"}),
        params={"at": "_at"},
    )
    where = {"p1": [0, 0], "p2": [2, 0]}

    def pick_forms(self, view, seat, legal):
        return [
            ({**m, "_at": self.where[m["piece"]]} if m["type"] == "Step" else m, m)
            for m in legal
            if m["type"] != "Hidden"
        ]


def test_a_site_adds_pick_only_fields_that_are_never_posted_and_may_leave_moves_out():
    legal = [
        {"type": "Step", "piece": "p1", "to": [0, 1]},
        {"type": "Step", "piece": "p2", "to": [2, 1]},
        {"type": "Hidden"},
    ]
    turn = turn_context(
        PieceSite(),
        view={"hand": []},
        seat=0,
        legal=legal,
        query=QueryDict(""),
        urls=URLS,
        version=1,
    )
    assert [t["hex"] for t in turn["targets"]] == ["0,0", "2,0"] and turn["controls"] == []
    turn = turn_context(
        PieceSite(),
        view={"hand": []},
        seat=0,
        legal=legal,
        query=QueryDict("at=2,0&to=2,1"),
        urls=URLS,
        version=1,
    )
    assert json.loads(turn["confirm"].move) == {"type": "Step", "piece": "p2", "to": [2, 1]}


def test_targets_of_the_same_words_are_told_apart_by_their_coordinates():
    class PlainWords(ToySite):
        def target_label(self, view, field_name, value):
            return "Open ground" if value != [2, 0] else "The bushes"

    legal = [{"type": "Place", "card": 0, "hex": h} for h in ([0, 0], [1, 0], [2, 0])]
    turn = turn_context(
        PlainWords(),
        view={"hand": ["a"]},
        seat=0,
        legal=legal,
        query=QueryDict("card=0"),
        urls=URLS,
        version=3,
    )
    assert [t["label"] for t in turn["targets"]] == [
        "Open ground (0,0)",
        "Open ground (1,0)",
        "The bushes",
    ]


def test_a_rules_section_is_linked_from_its_first_tip_only():
    tips = [CoachTip("a", "A.", "turn"), CoachTip("b", "B.", "turn"), CoachTip("c", "C.", "win")]
    with translation.override("en"):
        drawn = linked_tips(tips, "/x/rules/", {"turn": "A turn", "win": "Winning"})
    assert [(t.key, t.href, t.link_label) for t in drawn] == [
        ("a", "/x/rules/#turn", "Rules: A turn"),
        ("b", "", ""),
        ("c", "/x/rules/#win", "Rules: Winning"),
    ]
