"""What a skirmish move sends (issue 14: a move's answer of at most 3 KB as the browser receives
it): the mover's answer and the push to the other player's page, gzip'd, in the middle of a
battle of the lobby's default armies (22 models), movement after movement (three moves in four
of a battle).

They were 5.3 KB (answer) and 4.6 KB (push): each model's focus card drawn on the server, the
terrain, the legend, the scenario's goal and both armies' list in every redraw. Now the cards
are drawn in the browser from each model's words (skirmish.js), the parts that never change
after the setup are kept by the page (hx-preserve), and the armies' list is fetched when opened.
The forms carry no CSRF field (the page's token serves them), and the coach's tips and the
hand's links the page shows already are left to it.

`pytest tests/skirmish_site/test_skirmish_answer_size.py -s` prints each part's size."""

from __future__ import annotations

from games.engine import registry
from games.engine.rng import Rng
from games.matches import services
from tests.answer_support import assert_within, pages_opened, random_moves_sent
from tests.fixtures import play_random

# Bytes of gzip.compress(HTML), which does not vary (Django's GZipMiddleware adds 0 to 100
# random bytes of BREACH padding on the wire). Measured, the pages opened first as a browser
# opens them (the draw and resign forms then left to them): the answer 1,945 to 2,103, the push
# 1,738 to 1,755; before, the answer 2,200 to 2,801 bytes (on
# the wire 2,261 to 2,906, 2,490 on average), the push 2,032 to 2,125; before the answers lost
# their CSRF fields and blank lines and left unchanged tips and links to the page, 2,439 to
# 2,945 (wire 2,889 on average) and 2,274 to 2,289; before the cards were drawn in the
# browser, 5,272 and 4,576.
ANSWER_BUDGET = 2850
PUSH_BUDGET = 2150
# On the wire, as `manage.py bench live` counts it (its Content-Length), on average.
WIRE_MEAN_BUDGET = 2700
MOVES = 8


def _mid_battle(players):
    system = registry.get_system("skirmish")
    # The lobby's armies, as `manage.py bench live` plays them.
    config = system.validate_config(system.duel_configs({}, Rng("bench"))[0], 2)
    match = services.match_create(
        system="skirmish", config=config, seat_users=list(players), seed="answer-size"
    )
    return play_random(match, players, 300, until=lambda s: s.turn >= 2 and s.phase == "movement")


def test_a_move_and_its_push_stay_within_their_gzip_d_budgets(players):
    system = registry.get_system("skirmish")
    match = _mid_battle(players)
    pages_opened(match, players)
    sent = random_moves_sent(
        system,
        match,
        players,
        MOVES,
        choose=lambda rng, legal: rng.choice([m for m in legal if m["type"] == "move"] or legal),
        until=lambda state: state.phase != "movement",
    )
    assert all('id="board"' in one.answer for one in sent)
    assert len(sent) >= 4, "the battle stayed in its movement for a few moves"
    assert_within(sent, answer_budget=ANSWER_BUDGET, push_budget=PUSH_BUDGET)
    assert sum(one.wire for one in sent) / len(sent) <= WIRE_MEAN_BUDGET
