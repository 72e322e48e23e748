"""Issue 13, point 1: the story of a game. Every event kind that any engine with a site emits
in random games has a sentence, in French and in English; Neuroshima's sentences name units
and players (a hex only as a coordinate the board's toggle shows), and a battle is one summary
line with its detail folded away; the log, the since page and the replay tell it alike."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from games.engine import registry
from games.engine.protocol import event_for_seat
from games.engine.rng import Rng
from games.hexboard.registry import site_keys
from games.hexboard.story import Record, plain, story_html, tell
from games.matches import services
from games.matches.models import Match
from games.matches.systems import get_site

PLATFORM_KINDS = {"MoveTakenBack"}
SEED = "ffff6666"


def _random_games(system, *, games: int, max_moves: int):
    """(start view, records of flat events as every seat and a spectator see them) of random
    games, from the engine's own contract."""
    for game in range(games):
        rng = random.Random(game)
        seats = system.min_seats if game % 2 == 0 else system.max_seats
        step = system.setup({}, seats, Rng(f"story-{game}"))
        state, engine_rng = step.state, step.rng
        records = [step.events]
        for _ in range(max_moves):
            if system.outcome(state) is not None:
                break
            seat = system.to_act(state)[0]
            move = rng.choice(list(system.legal_moves(state, seat)))
            step = system.apply(state, seat, move, engine_rng)
            state, engine_rng = step.state, step.rng
            records.append(step.events)
        start = system.start_view({}, seats)
        for reader in (None, *range(seats)):
            yield (
                start,
                reader,
                [
                    Record(
                        seq,
                        "move",
                        tuple(
                            flat
                            for flat in (event_for_seat(e.to_json(), reader) for e in events)
                            if flat is not None
                        ),
                    )
                    for seq, events in enumerate(records, start=1)
                ],
            )


def _sites_with_engines():
    keys = []
    for key in site_keys():
        try:
            registry.get_system(key)
        except KeyError:
            continue
        keys.append(key)
    return keys


@pytest.mark.parametrize("key", _sites_with_engines())
def test_every_event_kind_of_random_games_has_a_sentence_in_french_and_english(key):
    system, site = registry.get_system(key), get_site(key)
    missing, untold = set(), {}
    for start, _reader, records in _random_games(system, games=4, max_moves=250):
        names = [f"player{i}" for i in range(8)]
        told = {}
        for language in ("fr", "en"):
            with translation.override(language):
                told[language] = tell(site, start, records, names)
        for record in records:
            kinds = [str(e.get("kind")) for e in record.events]
            missing |= {k for k in kinds if k not in site.event_kinds} - PLATFORM_KINDS
            fr, en = told["fr"][record.seq].lines, told["en"][record.seq].lines
            for kind, french, english in zip(kinds, fr, en, strict=False):
                bad = (
                    not french
                    or not english
                    or kind in plain(french)
                    or kind in plain(english)
                    or "%(" in french + english
                    or plain(french) == plain(english)
                )
                if bad:
                    untold[kind] = (french, english)
            if len(fr) != len(kinds) or len(en) != len(kinds):
                untold.setdefault("(an event without a sentence)", (kinds, fr))
    assert not missing, f"{key}: no sentence for {sorted(missing)}"
    assert not untold, f"{key}: {untold}"


def _nh_battle_records():
    system = registry.get_system("neuroshima")
    for start, reader, records in _random_games(system, games=2, max_moves=400):
        if reader is None:
            return start, records
    raise AssertionError("no game")


def test_neuroshima_names_units_and_players_and_sums_a_battle_up_in_one_line():
    site = get_site("neuroshima")
    start, records = _nh_battle_records()
    names = ["anna", "bruno"]
    with translation.override("en"):
        chapters = tell(site, start, records, names)
    battles = [
        chapters[r.seq] for r in records if any(e.get("kind") == "BattleStarted" for e in r.events)
    ]
    assert battles, "a random game of Neuroshima has battles"
    for chapter in battles:
        assert chapter.summary.startswith("Battle: ")
        attacks = [line for line in chapter.lines if " attacks " in line]
        for line in attacks:
            text = plain(line)
            assert "(anna)" in text or "(bruno)" in text, text  # "Sniper (anna) attacks ..."
            assert not re.search(r"\(-?\d+, -?\d+\)", text), text  # no raw coordinates
    with translation.override("fr"):
        french = tell(site, start, records, names)
    assert french[battles[0].seq].summary.startswith("Bataille : ")


def test_a_hex_is_shown_only_as_a_coordinate_the_board_toggle_reveals():
    site = get_site("neuroshima")
    with translation.override("en"):
        sentence = site.narrator(None).tell(
            {"kind": "HQPlaced", "seat": 0, "hex": [-1, 2], "tile": "moloch.hq"}, ["anna"]
        )
    assert plain(sentence) == "anna places their HQ."
    assert str(story_html(sentence)) == (
        'anna places their HQ. <span class="hb-coord">(-1, 2)</span>'
    )


@pytest.mark.django_db
def test_the_log_the_since_page_and_the_replay_tell_a_battle_in_the_same_words(client, anna, bruno):
    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, None]
    )
    Match.objects.filter(pk=match.pk).update(seed=SEED)  # the same game each run
    match = services.match_join(match_id=match.pk, user=bruno)
    system = registry.get_system("neuroshima")
    rng = random.Random(5)
    users = {0: anna, 1: bruno}
    battle_seq = None
    for _ in range(400):
        match.refresh_from_db()
        if match.status != "active":
            break
        state = system.state_from_json(match.snapshot)
        seat = system.to_act(state)[0]
        move = rng.choice(system.legal_moves(state, seat))
        services.match_submit_move(
            match_id=match.pk, user=users[seat], move_data=move, expected_version=match.version
        )
        record = match.records.order_by("-seq").first()
        kinds = {e["kind"] for e in record.events}
        if {"BattleStarted", "UnitAttacked"} <= kinds:
            battle_seq = record.seq
            break
    assert battle_seq is not None
    client.force_login(users[seat])
    page = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    found = re.search(r"<details class=\"chapter\"><summary>([^<]*)</summary>", page)
    assert found, page[page.find("log-lines") : page.find("log-lines") + 3000]
    summary = found.group(1)
    assert summary.startswith("Battle: ")
    other = users[1 - seat]
    client.force_login(other)
    since = client.get(f"/m/{match.pk}/since/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    attack = re.search(r"<li>([^<]* attacks [^<]*)</li>", since).group(1)
    assert attack in page  # the log tells it in the same words
    assert 'data-testid="back-to-match"' in since and 'data-testid="since-board"' in since
