"""Ratings are site-wide: a casual match between people moves them once; a bot game does not."""

from __future__ import annotations

import pytest

from games.league.models import Rating, RatingHistory
from games.matches import services
from tests.fixtures import make_player, start_match

pytestmark = pytest.mark.django_db


def test_a_casual_match_rates_both_players_once():
    anna, bruno = make_player("anna"), make_player("bruno")
    match = start_match(anna, bruno)
    services.match_resign(match_id=match.pk, user=bruno)

    winner = Rating.objects.get(user=anna, system="claim")
    loser = Rating.objects.get(user=bruno, system="claim")
    assert winner.mu > loser.mu
    assert winner.games == loser.games == 1
    assert RatingHistory.objects.filter(match=match).count() == 2

    from games.league.services.results import rating_match_finished

    match.refresh_from_db()
    rating_match_finished(match)  # a second call for the same result changes nothing
    assert RatingHistory.objects.filter(match=match).count() == 2
    assert Rating.objects.get(user=anna, system="claim").games == 1


def test_a_match_against_the_computer_is_not_rated():
    anna = make_player("anna")
    match = start_match(anna, None, bot_levels={1: 1})
    services.match_resign(match_id=match.pk, user=anna)
    assert not Rating.objects.filter(user=anna).exists()
