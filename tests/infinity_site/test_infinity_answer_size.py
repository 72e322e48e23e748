"""What an Infinity move sends (issue 14: a move's answer of at most 3 KB as the browser
receives it): the mover's answer and the push to the other player's page, gzip'd, in the first
turn of a Corregidor against JSA game with hidden deployment, eight moves in a row (orders,
declarations).

Every trooper, marker and coloured hex (a trooper's reach, a template, a zone) wrote its own
coordinates in each of its parts; now each is drawn around (0, 0) and moved into place, so
the parts read the same for every piece and gzip sends them once (pieces.py).

Deployment's answers offer the deployment zone's ~95 hexes: written short in what htmx swaps
in, their shared address once and each its words and hex (games/hexboard/targets.py). The
status's seats' lines and its draw and resign forms, the same from one order to the next of a
turn, and the seat's reactions section are left to the page (games/matches/shown_parts.py).

`pytest tests/infinity_site/test_infinity_answer_size.py -s` prints each part's size."""

from __future__ import annotations

from games.engine import registry
from games.matches import services
from tests.answer_support import assert_within, pages_opened, random_moves_sent
from tests.infinity_site.conftest import deployed_match

# Bytes of gzip.compress(HTML) (the wire adds Django's random BREACH padding). Measured: the
# answers 2,381 to 2,788, the pushes 1,491 to 1,853; before the reactions section and the
# status's draw and resign forms were left to the page, 2,912 to 3,327 and 2,152 to 2,432 (the
# pages then were not opened first: the first answer and push were drawn whole); before the
# status's seats' lines were left to the page, 3,090 to 3,507 and 2,332 to 2,613; before the targets were written short,
# 3,117 to 3,571 (the pushes the same); before the forms lost their CSRF fields and blank lines
# and unchanged tips and links were left to the page, 3,373 to 3,808 and 2,533 to 2,874; before
# the shapes were drawn once, 3,725 to 4,206 and 2,907 to 3,253.
ANSWER_BUDGET = 2850
PUSH_BUDGET = 1900
MOVES = 8
# Deployment: the initiative, then troopers placed. Measured: the answers 1,399 to 3,099, the
# pushes 982 to 2,786; before the reactions section and the draw and resign forms were left to
# the page, 1,587 to 3,185 and 1,552 to 2,935; before the status's seats' lines were left to
# the page, 1,580 to 3,366 and 1,728 to 2,929; before the targets were written short, 1,580 to
# 3,846 and 1,728 to 3,549.
DEPLOY_ANSWER_BUDGET = 3150
DEPLOY_PUSH_BUDGET = 2850


def test_a_move_and_its_push_stay_within_their_gzip_d_budgets(players):
    system = registry.get_system("infinity")
    match = deployed_match(players, seed="answer-size")
    pages_opened(match, players)
    sent = random_moves_sent(system, match, players, MOVES, label=lambda move: move["type"])
    assert all('id="board"' in one.answer for one in sent)
    assert_within(sent, answer_budget=ANSWER_BUDGET, push_budget=PUSH_BUDGET)


def test_deployment_s_answers_with_the_zone_s_targets_stay_within_their_budgets(players):
    system = registry.get_system("infinity")
    match = services.match_create(
        system="infinity",
        config={"hidden_deployment": True, "reactions": "auto"},
        seat_users=list(players),
        seed="answer-size",
    )
    pages_opened(match, players)

    def deploy(rng, legal):
        return rng.choice([m for m in legal if m["type"] == "deploy"] or legal)

    sent = random_moves_sent(
        system, match, players, MOVES, choose=deploy, label=lambda m: m["type"]
    )
    assert sum(one.label == "deploy" for one in sent) >= MOVES - 2
    assert_within(sent, answer_budget=DEPLOY_ANSWER_BUDGET, push_budget=DEPLOY_PUSH_BUDGET)
    assert sum('class="targets" data-href=' in one.answer for one in sent) >= MOVES - 2
