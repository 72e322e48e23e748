"""A player's results on their public page (games/league/results_section.py) are counted by
PostgreSQL: the same tallies and latest games as before (draws by the outcome's reason or by
every seat ranked alike, a person's two seats of one match counted once, private matches only
for those who played them, the latest 15 newest first), and the rows read from the database do
not grow with the number of finished games."""

from __future__ import annotations

import re

import pytest

from games.league.results_section import match_results_section
from games.matches import services
from games.matches.models import Match
from tests.fixtures import client_for, make_player
from tests.reads_support import reads

pytestmark = pytest.mark.django_db


def _finished(winner, loser, armies, *, winner_seat=0, is_public=True):
    seats = [winner, loser] if winner_seat == 0 else [loser, winner]
    match = services.match_create(
        system="neuroshima", config={"armies": armies}, seat_users=seats, is_public=is_public
    )
    services.match_resign(match_id=match.pk, user=loser)
    return match


def _ends_as(match, **outcome) -> None:
    """The outcome the match's end recorded (its reason, its ranks), as a draw would be."""
    match.refresh_from_db()
    Match.objects.filter(pk=match.pk).update(outcome={**match.outcome, **outcome})


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def _section(player, reader) -> tuple[list[str], list[str], list[str]]:
    """The results section as `reader` reads it: per game, per army, the latest games."""
    html = client_for(reader, "en").get(f"/me/u/{player.username}/").content.decode()
    lines = re.findall(r'<li data-testid="results-line">(.*?)(?:<ul|</li>)', html, re.S)
    sides = re.findall(r'<li data-testid="results-side">(.*?)</li>', html, re.S)
    latest = re.search(r"Latest games</h3>\s*<ul>(.*?)</ul>", html, re.S)
    recent = re.findall(r"<li>(.*?)</li>", latest.group(1), re.S) if latest else []
    return [_text(x) for x in lines], [_text(x) for x in sides], [_text(x) for x in recent]


def test_draws_private_matches_and_the_latest_fifteen_read_as_before():
    anna, bruno, carla = make_player("anna"), make_player("bruno"), make_player("carla")
    won = _finished(anna, bruno, ["moloch", "borgo"])
    _finished(bruno, anna, ["hegemonia", "moloch"])  # anna led Moloch in seat 1, and lost
    agreed = _finished(anna, bruno, ["borgo", "moloch"])
    _ends_as(agreed, reason="draw")  # a draw by its reason, whatever the ranks say
    alike = _finished(bruno, anna, ["moloch", "hegemonia"])
    _ends_as(alike, ranks=[0, 0])  # every seat ranked alike: a draw too
    private = _finished(anna, carla, ["hegemonia", "borgo"], is_public=False)
    for _ in range(12):
        _finished(anna, bruno, ["borgo", "posterunek"], winner_seat=1)  # anna in seat 1
    newest = _finished(anna, bruno, ["posterunek", "borgo"])

    lines, sides, recent = _section(anna, bruno)  # bruno did not play the private match
    assert lines == ["Neuroshima Hex: 14 wins, 1 loss, 2 draws"]
    assert sides == [
        "Borgo: 0 wins, 0 losses, 1 draw",
        "Hegemony: 0 wins, 0 losses, 1 draw",
        "Moloch: 1 win, 1 loss, 0 draws",
        "Outpost: 13 wins, 0 losses, 0 draws",
    ]
    assert len(recent) == 15
    assert recent[0] == f"Neuroshima Hex #{newest.pk} · Outpost · won · replay"
    assert recent[-2:] == [
        f"Neuroshima Hex #{alike.pk} · Hegemony · draw · replay",
        f"Neuroshima Hex #{agreed.pk} · Borgo · draw · replay",
    ]
    assert f"#{won.pk} " not in " ".join(recent)  # the oldest fell off the list

    lines, sides, recent = _section(anna, carla)  # carla played the private one
    assert lines == ["Neuroshima Hex: 15 wins, 1 loss, 2 draws"]
    assert "Hegemony: 1 win, 0 losses, 1 draw" in sides
    assert recent[-2:] == [
        f"Neuroshima Hex #{private.pk} · Hegemony · won · replay",
        f"Neuroshima Hex #{alike.pk} · Hegemony · draw · replay",
    ]
    assert _section(anna, None)[0] == ["Neuroshima Hex: 14 wins, 1 loss, 2 draws"]  # nor a visitor


def test_a_person_holding_two_seats_of_a_team_counts_the_match_once():
    anna, bruno, carla = make_player("anna"), make_player("bruno"), make_player("carla")
    config = {"mode": "capitaine", "teams": True, "first_player": 0}
    match = services.match_create(
        system="hexpanse", config=config, seat_users=[anna, bruno, anna, carla]
    )
    services.match_resign(match_id=match.pk, user=bruno)  # his team loses
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert list(match.seats.filter(user=anna).values_list("rank", flat=True)) == [0, 0]
    lines, _, recent = _section(anna, bruno)
    assert lines == ["Hexpanse: 1 win, 0 losses, 0 draws"]
    assert recent == [f"Hexpanse #{match.pk} · won · replay"]


def _reads_of_the_page(player, reader) -> tuple[int, int, int]:
    """Queries of the whole page; queries and rows of the results section."""
    client = client_for(reader, "en")
    with reads() as page:
        assert client.get(f"/me/u/{player.username}/").status_code == 200
    with reads() as section:
        match_results_section(player, viewer=reader)
    return page.queries, section.queries, section.rows


def test_the_reads_do_not_grow_with_the_number_of_finished_games():
    anna, bruno = make_player("anna"), make_player("bruno")

    def play(games: int) -> None:
        for _ in range(games):
            _finished(anna, bruno, ["moloch", "borgo"])
            _finished(bruno, anna, ["hegemonia", "moloch"])

    play(8)  # 16 finished games: more than the 15 latest listed
    before = _reads_of_the_page(anna, bruno)
    play(8)
    assert _reads_of_the_page(anna, bruno) == before
    assert before[1:] == (2, 2 + 15)  # the two tallies (won, lost with Moloch), the latest 15
