"""league 0016: a resignation counted before the league read the match's forfeit record kept
the engine's « forfeit » and its round page read « (0 – 0) »; migrated, it says who resigned.
A loss on time counted then stays as it was."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.league.models import PairingGame, Result
from games.matches.services import match_resign
from tests.league.conftest import start_season
from tests.migration_support import back_to_latest, migrate

BEFORE = [("league", "0015_pairing_called_off")]
AFTER = [("league", "0016_old_resignations_named")]


@pytest.mark.django_db(transaction=True)
def test_an_old_resignation_reads_who_resigned_after_the_migration(
    client, neuroduel, organiser, make_user
):
    season = start_season(neuroduel, organiser, [make_user(f"joueur{i}") for i in range(4)])
    rnd = season.divisions.get().round_set.get(number=1)
    resigned, timed_out = PairingGame.objects.filter(pairing__round=rnd)[:2]
    loser = resigned.match.seats.get(index=1).user
    match_resign(match_id=resigned.match_id, user=loser)
    played = Result.objects.get(game=resigned)
    assert played.reason == "resign"
    # As such a result was stored before (the engine's reason), beside a loss on time's.
    Result.objects.filter(pk=played.pk).update(reason="forfeit")
    other = Result.objects.create(
        game=timed_out,
        pairing=timed_out.pairing,
        players=timed_out.seat_order,
        ranks=[0, 1],
        reason="forfeit",
    )
    page = client.get(reverse("league:round", args=[rnd.pk])).content.decode()
    assert f"abandon de {loser.username}" not in page  # what the walk saw
    try:
        migrate(BEFORE)
        migrate(AFTER)
    finally:
        back_to_latest()
    assert Result.objects.get(pk=played.pk).reason == "resign"
    assert Result.objects.get(pk=other.pk).reason == "forfeit"
    page = client.get(reverse("league:round", args=[rnd.pk])).content.decode()
    assert f"(abandon de {loser.username})" in page
