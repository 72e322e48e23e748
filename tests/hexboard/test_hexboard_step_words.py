"""« Suivante » or « Suivant »: each Previous / Next button says the word of what it turns. Django
merges every app's catalogue, and the first app's translation of a msgid wins everywhere: the
players' pages' « Suivante » (a page) once stood on the replay's button (a move: « coup »), and
hexboard's « Suivant » would have stood on the step viewer's (a step: « étape »). Each place now
has its own context: a step, a move, a page of results."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.accounts.views_social import RESULTS_PER_PAGE
from games.matches import services
from tests.fixtures import client_for, make_player, play_random

pytestmark = pytest.mark.django_db


def button(html: str, rel: str) -> str:
    """The words of the page's link to the previous or next thing (`rel="prev"`, `"next"`),
    its arrow left out."""
    found = re.findall(rf'rel="{rel}">(.*?)</a>', html)
    assert len(found) == 1, found
    return re.sub(r"<span aria-hidden=\"true\">[^<]*</span>", "", found[0]).strip()


@pytest.fixture
def played(make_user):
    red, blue = make_user("pb_red"), make_user("pb_blue")
    match = services.match_create(
        system="paintball",
        config={"scenario": "elimination"},
        seat_users=[red, blue],
        seed="step-words",
    )
    return play_random(match, [red, blue], moves=8, seed=3), red


def middle_step(client, match) -> str:
    """The step viewer at the second step of the first turn that has three or more."""
    for number in range(1, 9):
        url = reverse("matches:steps", args=[match.pk, number])
        html = client.get(url + "?step=1").content.decode()
        if int(re.search(r'data-count="(\d+)"', html).group(1)) >= 3:
            return html
    raise AssertionError("no turn of three steps")


@pytest.mark.parametrize(
    ("language", "step", "move", "page"),
    [
        ("fr", ("Précédente", "Suivante"), ("Précédent", "Suivant"), ("Précédente", "Suivante")),
        ("en", ("Previous", "Next"), ("Previous", "Next"), ("Previous", "Next")),
    ],
)
def test_each_previous_and_next_button_says_the_word_of_what_it_turns(
    played, language, step, move, page
):
    match, red = played
    client = client_for(red, language)

    # The step viewer: the steps of a turn (« étape »).
    html = middle_step(client, match)
    assert (button(html, "prev"), button(html, "next")) == step

    # The replay of the finished match: moves (« coups »).
    services.match_resign(match_id=match.pk, user=red)
    replay = client.get(reverse("matches:replay", args=[match.pk]) + "?ply=1").content.decode()
    assert (button(replay, "prev"), button(replay, "next")) == move

    # The players' search: pages of results (« pages »).
    for n in range(RESULTS_PER_PAGE + 1):
        make_player(f"pion{language}{n:02d}")
    url = reverse("accounts:players")
    first = client.get(url, {"q": f"pion{language}"}).content.decode()
    second = client.get(url, {"q": f"pion{language}", "page": 2}).content.decode()
    assert (button(second, "prev"), button(first, "next")) == page
