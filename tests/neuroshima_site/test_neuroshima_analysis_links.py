"""A finished Neuroshima match opens on the analysis board (ux-review M4): the link on its page
and its replay, `/neuroshima/analysis/?match=N` loaded with its record and its battles, and the
record download's 404 for everything else (a running match, somebody else's private match, a
junk id), with nothing of the record on the page. Real Postgres, the platform's services."""

from __future__ import annotations

import json

import pytest
from django.utils.html import escape

from games.matches import services
from games.matches.models import Match
from tests.fixtures import play_random as play

pytestmark = pytest.mark.django_db

RECORD_MARK = escape('"format": "hexsite.neuroshima.record"')


def _finished_by_resignation(match: Match, loser) -> Match:
    services.match_resign(match_id=match.pk, user=loser)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def _analysis_link(match: Match) -> str:
    return f'href="/neuroshima/analysis/?match={match.pk}" data-testid="analysis-link"'


def test_a_finished_match_links_its_analysis_from_its_page_and_its_replay(
    client, players, new_match
):
    match = _finished_by_resignation(play(new_match(), players, 12), players[1])
    client.force_login(players[0])
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert _analysis_link(match) in page and "Analyser cette partie" in page
    replay = client.get(f"/m/{match.pk}/replay/").content.decode()
    assert _analysis_link(match) in replay


def test_a_running_match_offers_no_analysis_and_its_record_gives_the_records_404(
    client, players, new_match
):
    match = play(new_match(), players, 12)
    assert match.status == Match.Status.ACTIVE
    client.force_login(players[0])
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert 'data-testid="analysis-link"' not in page and "/neuroshima/analysis/" not in page
    assert client.get(f"/m/{match.pk}/record.json").status_code == 404
    for answer in (
        client.get(f"/neuroshima/analysis/?match={match.pk}"),
        client.post(f"/neuroshima/analysis/?match={match.pk}", {"data": "{}"}),
    ):
        assert answer.status_code == 404
        assert "hexsite.neuroshima.record" not in answer.content.decode()


def test_another_systems_finished_match_has_no_analysis_link(client, make_user):
    red, blue = make_user("pb_red"), make_user("pb_blue")
    match = services.match_create(
        system="paintball", config={"scenario": "capture_the_flag"}, seat_users=[red, blue]
    )
    match = _finished_by_resignation(match, blue)
    client.force_login(red)
    page = client.get(f"/m/{match.pk}/")
    replay = client.get(f"/m/{match.pk}/replay/")
    assert page.status_code == replay.status_code == 200
    for html in (page.content.decode(), replay.content.decode()):
        assert 'data-testid="analysis-link"' not in html and "/analysis/" not in html
    assert client.get(f"/neuroshima/analysis/?match={match.pk}").status_code == 404


def test_the_analysis_board_opens_loaded_with_a_finished_matchs_record_and_battles(
    client, players, new_match
):
    match = play(new_match(), players, 1000, prefer=("PlayBattle", "PlaceTile", "Decide"))
    assert match.status == Match.Status.FINISHED
    client.force_login(players[0])
    steps = client.get(f"/m/{match.pk}/steps/1/").content.decode()
    battles = steps.count(f'href="/m/{match.pk}/steps/')  # the pager's links
    answer = client.get(f"/neuroshima/analysis/?match={match.pk}")
    assert answer.status_code == 200
    html = answer.content.decode()
    record = json.loads(client.get(f"/m/{match.pk}/record.json").content)
    assert escape(json.dumps(record, indent=1)) in html  # the text area holds the record
    assert match.seed not in html
    shown = int(html.split('max="')[1].split('"')[0])  # the battle picker's last battle
    assert shown == max(1, battles)  # the step viewer shows its pager from two battles on
    assert "Cet enregistrement contient" in html
    assert f'href="/m/{match.pk}/replay/" data-testid="analysis-replay"' in html

    first = client.get(f"/neuroshima/analysis/?match={match.pk}&battle=1").content.decode()
    assert 'data-testid="battle-step"' in first and 'data-step="0"' in first
    assert f'href="?match={match.pk}&amp;battle=1&amp;step=1"' in first
    # A battle's steps (« étapes »): « Suivante », not the replay's « Suivant » (a move).
    assert 'data-step="next" rel="next">Suivante</a>' in first
    second = client.get(f"/neuroshima/analysis/?match={match.pk}&battle=1&step=1")
    assert 'data-step="1"' in second.content.decode()


def test_somebody_elses_private_match_and_junk_ids_give_404_and_no_record(
    client, players, new_match, make_user
):
    match = play(new_match(), players, 12)
    Match.objects.filter(pk=match.pk).update(is_public=False)
    match = _finished_by_resignation(match, players[1])
    client.force_login(players[0])
    assert client.get(f"/neuroshima/analysis/?match={match.pk}").status_code == 200
    client.force_login(make_user("nh_stranger"))
    assert client.get(f"/m/{match.pk}/record.json").status_code == 404
    for query in (str(match.pk), "abc", "", "0", "-3", "999999", "9" * 30):
        answer = client.get("/neuroshima/analysis/", {"match": query})
        assert answer.status_code == 404, query
        assert "hexsite.neuroshima.record" not in answer.content.decode()
    client.logout()
    assert client.get(f"/neuroshima/analysis/?match={match.pk}").status_code == 404


@pytest.mark.parametrize("page", ["/neuroshima/rules/", "/neuroshima/tiles/"])
def test_the_rules_and_the_tiles_link_the_analysis_board(client, page):
    html = client.get(page).content.decode()
    assert 'href="/neuroshima/analysis/" data-testid="analysis-board-link"' in html
