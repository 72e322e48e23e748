"""A move's answer and its push as the mover's browser and the other page get them (issue 14: a
move's answer of at most 3 KB as the browser receives it). The systems' budget tests
(`tests/*_site/test_*_answer_size.py`) play their moves through here, and `-s` prints each
partial's size, raw and gzip'd on its own."""

from __future__ import annotations

import gzip
import json
import random
import re
from dataclasses import dataclass

from games.matches import pushes
from hexsite.bench_live.browser import split_partials
from tests.fixtures import client_for

HX = {"HTTP_HX_REQUEST": "true"}


def _gzipped(html: str) -> int:
    return len(gzip.compress(html.encode()))


@dataclass(frozen=True)
class Sent:
    """One move: the mover's answer (its HTML and its bytes on the wire, with Django's random
    BREACH padding) and the push to the other seat's page."""

    label: str
    answer: str
    wire: int
    push: str

    @property
    def answer_gzip(self) -> int:
        """gzip.compress of the answer's HTML: unlike the wire's, it does not vary."""
        return _gzipped(self.answer)

    @property
    def push_gzip(self) -> int:
        return _gzipped(self.push)


def partial_sizes(html: str) -> dict[str, tuple[int, int]]:
    """Each partial's size, raw and gzip'd on its own."""
    return {
        name: (len(part.encode()), _gzipped(part)) for name, part in split_partials(html).items()
    }


def answer_to(client, match, move: dict) -> str:
    """The HTML of the answer to `move` posted by `client` as htmx posts it, at the match's
    version; the move is accepted, and `match` refreshed."""
    answer = client.post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": match.version},
        **HX,
    )
    assert answer.status_code == 200
    match.refresh_from_db()
    return answer.content.decode()


def left_to_page(html: str, tag: str, name: str) -> tuple[bool, str]:
    """Whether the `tag` element of id `name` was left to the page (an empty element of its id,
    games/matches/shown_parts.py), and what it holds."""
    found = re.search(rf'<{tag} ([^>]*)id="{name}">(.*?)</{tag}>', html, re.S)
    assert found, f"the HTML has #{name}"
    return "data-placeholder" in found.group(1), found.group(2)


def move_sent(client, match, move: dict, *, other_user, label: str = "") -> Sent:
    """`move` posted by `client` as htmx posts it, gzip accepted, and what the other seat's
    socket is pushed for it (in English)."""
    since = match.version
    response = client.post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": since},
        **HX,
        HTTP_ACCEPT_ENCODING="gzip",
    )
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    answer = gzip.decompress(response.content).decode()
    assert 'class="message error"' not in answer
    scope = {"user": other_user, "headers": [(b"accept-language", b"en")]}
    found = pushes.match_changes_for_socket(scope=scope, match_id=match.pk, since=since)
    assert found is not None
    return Sent(label, answer, len(response.content), found[1])


def assert_within(sent: list[Sent], *, answer_budget: int, push_budget: int) -> None:
    """The largest answer and push within their gzip'd budgets; with `-s`, every size and the
    largest ones' partials."""
    biggest = max(sent, key=lambda s: s.answer_gzip)
    largest_push = max(sent, key=lambda s: s.push_gzip)
    print(
        f"\nanswer gzip {[(s.answer_gzip, s.label) for s in sent]} (wire {[s.wire for s in sent]}), "
        f"raw {len(biggest.answer.encode())}: {partial_sizes(biggest.answer)}"
    )
    print(
        f"push gzip {[s.push_gzip for s in sent]}, raw {len(largest_push.push.encode())}: "
        f"{partial_sizes(largest_push.push)}"
    )
    assert biggest.answer_gzip <= answer_budget
    assert largest_push.push_gzip <= push_budget


def random_moves_sent(
    system, match, players, moves: int, *, choose=None, label=None, until=None
) -> list[Sent]:
    """`moves` moves of a two-seat match, each a random legal move of the seat to act (or
    `choose(rng, legal)`), seeded; stops early once `until(state)`."""
    rng = random.Random(7)
    clients = [client_for(user) for user in players]
    sent = []
    for _ in range(moves):
        match.refresh_from_db()
        state = system.state_from_json(match.snapshot)
        if until is not None and until(state):
            break
        seat = system.to_act(state)[0]
        legal = system.legal_moves(state, seat)
        move = choose(rng, legal) if choose else rng.choice(legal)
        name = label(move) if label else ""
        sent.append(move_sent(clients[seat], match, move, other_user=players[1 - seat], label=name))
    return sent


def pages_opened(match, players) -> None:
    """Each seat's page drawn whole first, as its player's browser opens it: what the page
    shows is known, so the answers leave it what it shows already."""
    for player in players:
        assert client_for(player).get(f"/m/{match.pk}/").status_code == 200
