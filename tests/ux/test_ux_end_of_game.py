"""Issue 13, points 2 and 3: Take back is offered only when it can be done, and a finished
match says who won and why, with Rematch, New game, Next game and the replay."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.accounts.services import profile_set_language
from games.engine import registry
from games.engine.rng import Rng
from games.engine.skirmish.scenarios import SCENARIOS as SKIRMISH_SCENARIOS
from games.matches import services
from games.matches.models import Match, Seat
from games.matches.presenters import match_title, next_game
from games.matches.systems import get_site
from games.notifications.models import Notification
from tests.fixtures import claim, client_for, end_turn, play_random, start_match
from tests.matches.team_system import install_team

pytestmark = pytest.mark.django_db


def page(client, user, match_id, **headers) -> str:
    client.force_login(user)
    return client.get(
        f"/m/{match_id}/", **{"HTTP_ACCEPT_LANGUAGE": "en", **headers}
    ).content.decode()


def test_take_back_is_offered_only_when_the_player_has_a_move_of_this_turn_to_take_back(
    client, match, anna
):
    assert 'data-testid="take-back"' not in page(client, anna, match.pk)  # start of the turn
    match = claim(match, anna)
    assert 'data-testid="take-back"' in page(client, anna, match.pk)
    services.match_take_back(match_id=match.pk, user=anna, expected_version=match.version)
    assert 'data-testid="take-back"' not in page(client, anna, match.pk)


def test_a_finished_match_tells_each_reader_who_won_and_why(client, match, anna, bruno):
    services.match_resign(match_id=match.pk, user=anna)
    loser = page(client, anna, match.pk)
    assert "You lost." in loser and "anna resigned." in loser
    assert 'data-testid="rematch"' in loser and 'data-testid="replay-link"' in loser
    assert 'data-testid="new-game"' in loser and "?system=claim#new-match" in loser
    assert "You won!" in page(client, bruno, match.pk)
    client.logout()
    spectator = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "bruno won." in spectator and 'data-testid="rematch"' not in spectator


def test_a_finished_match_in_french_reads_as_french(client, match, anna):
    services.match_resign(match_id=match.pk, user=anna)
    profile_set_language(user=anna, language="fr")
    html = page(client, anna, match.pk)
    assert "Vous avez perdu." in html and "anna a abandonné." in html
    assert "Revanche" in html and "Nouvelle partie" in html


def test_a_rematch_swaps_the_seats_and_invites_the_opponent_instead_of_seating_them(
    client, match, anna, bruno, django_capture_on_commit_callbacks
):
    services.match_resign(match_id=match.pk, user=anna)
    client.force_login(anna)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/m/{match.pk}/rematch")
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert response["Location"] == f"/m/{rematch.pk}/"
    assert rematch.system == match.system and rematch.config == match.config
    seats = {s.index: s for s in rematch.seats.all()}
    assert seats[1].user == anna  # anna sat first, now second
    assert seats[0].user is None and seats[0].invite_only  # kept for bruno, who is asked
    assert rematch.status == Match.Status.OPEN
    offer = Notification.objects.get(user=bruno, kind=Notification.Kind.REMATCH)
    assert offer.params["link"] == f"/m/{rematch.pk}/join/{rematch.invite_token}"
    services.match_join(match_id=rematch.pk, user=bruno, invite_token=rematch.invite_token)
    assert Match.objects.get(pk=rematch.pk).status == Match.Status.ACTIVE


def test_a_rematch_against_the_computer_starts_at_once_with_the_same_level(anna):
    first = start_match(anna, None, bot_levels={1: 3})
    services.match_resign(match_id=first.pk, user=anna)
    rematch = services.match_rematch(match_id=first.pk, user=anna)
    seats = {s.index: s for s in rematch.seats.all()}
    assert seats[0].kind == Seat.Kind.BOT and seats[0].bot_level == 3
    assert seats[1].user == anna and rematch.status == Match.Status.ACTIVE


def test_no_rematch_before_the_end_nor_in_a_competition(match, anna):
    with pytest.raises(services.Refused):
        services.match_rematch(match_id=match.pk, user=anna)
    Match.objects.filter(pk=match.pk).update(competition="league:1")
    services.match_resign(match_id=match.pk, user=anna)
    with pytest.raises(services.Refused):
        services.match_rematch(match_id=match.pk, user=anna)


def test_next_game_leads_to_the_next_match_where_it_is_my_turn(client, anna, bruno):
    waiting = end_turn(start_match(anna, bruno), anna)  # now bruno's turn
    mine = start_match(anna, bruno)  # anna's turn
    html = page(client, anna, waiting.pk)
    # It says which game waits, and against whom, and leads straight there.
    title = match_title(system=mine.system, match_id=mine.pk)
    assert f'href="/m/{mine.pk}/" data-testid="next-game">Next game: {title} against bruno' in html
    assert "Waiting for bruno." in html
    assert client.get(f"/games/next/?after={waiting.pk}")["Location"] == f"/m/{mine.pk}/"
    # In the match where it is her turn, no button; and no other game waits for her.
    assert 'data-testid="next-game"' not in page(client, anna, mine.pk)
    assert client.get(f"/games/next/?after={mine.pk}")["Location"] == "/games/"


def test_the_next_game_s_link_does_not_read_that_match_s_engine_state(anna, bruno):
    """Every answer to a player with another game waiting names it: its number and game only,
    not its state, the largest column of a match (issue 14)."""
    waiting = end_turn(start_match(anna, bruno), anna)
    mine = start_match(anna, bruno)
    with CaptureQueriesContext(connection) as queries, translation.override("en"):
        found = next_game(user=anna, after_match_id=waiting.pk)
    assert found is not None and found.url == f"/m/{mine.pk}/" and "against bruno" in found.label
    assert not any('"snapshot"' in q["sql"] for q in queries.captured_queries)


def test_no_next_game_when_no_other_game_waits_for_my_move(client, anna, bruno):
    waiting = end_turn(start_match(anna, bruno), anna)  # bruno's turn, and anna has no other
    html = page(client, anna, waiting.pk)
    assert "Waiting for bruno." in html and 'data-testid="next-game"' not in html
    services.match_resign(match_id=waiting.pk, user=anna)  # the end of the game: none either
    html = page(client, anna, waiting.pk)
    assert "You lost." in html and 'data-testid="next-game"' not in html
    profile_set_language(user=anna, language="fr")
    mine = start_match(anna, bruno)  # now one waits: named in French
    title = match_title(system=mine.system, match_id=mine.pk)
    assert f"Partie suivante : {title} contre bruno" in page(client, anna, waiting.pk)


def test_a_computer_seat_is_named_by_its_level_in_words(client, anna):
    match = start_match(anna, None, bot_levels={1: 1})
    assert "Computer (easy)" in page(client, anna, match.pk)


def test_a_rematch_keeps_every_seat_of_a_person_holding_a_whole_team(anna, bruno, make_user):
    install_team()
    carla = make_user("carla")
    first = services.match_create(
        system="claimteam", config={"hexes": 8}, seat_users=[anna, bruno, anna, carla]
    )
    services.match_resign(match_id=first.pk, user=anna)
    rematch = services.match_rematch(match_id=first.pk, user=anna)
    seats = {s.index: s for s in rematch.seats.all()}
    # Reversed, the teams stay together: anna holds seats 2 and 4 (one team), not an invitation.
    assert seats[1].user == anna and seats[3].user == anna
    assert seats[0].user is None and seats[2].user is None
    assert set(
        Notification.objects.filter(kind=Notification.Kind.REMATCH).values_list(
            "user__username", flat=True
        )
    ) == {"bruno", "carla"}


def test_a_battle_drawn_by_the_rules_is_not_called_an_agreed_draw(client, anna, bruno):
    # A skirmish whose random battle (seed found once, deterministic) ends drawn by the rules.
    match = services.match_create(
        system="skirmish", config={}, seat_users=[anna, bruno], seed="draw-2"
    )
    match = play_random(match, [anna, bruno], 3000, seed=2)
    assert match.status == Match.Status.FINISHED and match.outcome["reason"] == "draw"
    html = page(client, anna, match.pk)
    assert "Draw." in html and "The battle ends in a draw." in html
    assert "agreed" not in html


@pytest.mark.parametrize("key", registry.system_keys())
def test_every_system_says_why_its_games_end_in_french_and_english(key):
    """Random games to their end, and every reason the engine's code gives (forfeits and
    agreed draws are worded by the platform)."""
    system, site = registry.get_system(key), get_site(key)
    reasons = set(ENGINE_REASONS.get(key, ()))
    for game in range(6):
        rnd = random.Random(game)
        seats = system.min_seats if game % 2 == 0 else system.max_seats
        step = system.setup({}, seats, Rng(f"end-{game}"))
        state, rng = step.state, step.rng
        for _ in range(3000):
            if system.outcome(state) is not None:
                break
            seat = system.to_act(state)[0]
            step = system.apply(state, seat, rnd.choice(list(system.legal_moves(state, seat))), rng)
            state, rng = step.state, step.rng
        outcome = system.outcome(state)
        assert outcome is not None, f"{key}: a random game did not end"
        reasons.add(outcome.reason)
    for reason in reasons:
        with translation.override("fr"):
            french = site.outcome_reason(reason)
        with translation.override("en"):
            english = site.outcome_reason(reason)
        assert french and english and french != english, (key, reason, french, english)
        assert "%(" not in french + english
        assert "_" not in french + english  # no raw key such as "turn_limit"


# The reasons each engine's code can end a game with (besides "forfeit"), where random games
# may not reach them: games/engine/<system>/ (victory.py, turns.py, endgame.py...).
ENGINE_REASONS = {
    "neuroshima": ("hq_destroyed", "last_player_standing", "final_battle"),
    "paintball": ("no_figures", "flag_captured", "flag_hung", "home_taken", "turn_limit"),
    "hexpanse": ("last_warlord", "mission"),
    "skirmish": ("draw", *SKIRMISH_SCENARIOS),  # a won battle's reason is its scenario
    "infinity": ("turns", "retreat", "no_troopers", "end_game"),
}


def test_the_turn_line_never_writes_de_before_a_name_in_french(anna, bruno):
    for user in (anna, bruno):
        profile_set_language(user=user, language="fr")
    match = end_turn(start_match(bruno, anna), bruno)  # now anna's turn: bruno waits for her
    reader = client_for(bruno, language="fr")
    html = reader.get(f"/m/{match.pk}/").content.decode()
    assert "On attend anna." in html
    assert "de anna" not in html


@pytest.mark.parametrize("after", ["²", "١٢", "9" * 25, "-3", "abc"])
def test_next_game_ignores_an_after_that_is_no_match_id(client, anna, bruno, after):
    mine = start_match(anna, bruno)  # anna's turn
    client.force_login(anna)
    answer = client.get("/games/next/", {"after": after})
    assert answer.status_code == 302 and answer["Location"] == f"/m/{mine.pk}/"


def since_page(client, user, match_id, language="en") -> str:
    client.force_login(user)
    return client.get(f"/m/{match_id}/since/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_since_my_last_turn_tells_the_end_when_my_own_move_ended_the_game(client, anna, bruno):
    match = start_match(anna, bruno)  # 8 hexes, one a turn: bruno's 4th turn fills the board
    for turn in range(8):
        match = end_turn(match, [anna, bruno][turn % 2])
    assert match.status == Match.Status.FINISHED
    html = since_page(client, bruno, match.pk)
    ending = re.search(r'data-testid="since-ending">(.*?)</div>', html, re.S).group(1)
    # (the tiles are dealt at random: a tie is a draw) the match page's own headline
    headline = re.search(r'class="ending-headline">([^<]*)<', page(client, bruno, match.pk))
    assert headline.group(1) in ending and "Nothing yet." not in html
    # The last moves that led there: anna's last turn, then bruno's own, the last hex.
    events = re.search(r'data-testid="since-events">(.*?)</ol>', html, re.S).group(1)
    # (the test system has no site: its events read as their raw names)
    assert 0 <= events.index("TileClaimed (hex: 6, seat: 0") < events.index("(hex: 7, seat: 1")
    # In French too, and for the other player.
    profile_set_language(user=anna, language="fr")
    html = since_page(client, anna, match.pk, "fr")
    assert "Rien pour l" not in html and 'data-testid="since-ending"' in html
    assert "Les derniers coups" in html
