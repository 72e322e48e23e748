"""Closing a season calls off its games still being played: no winner, nothing counted in the
table or the ratings, both players told, the match's page and log say why, it leaves « Mes
parties », and a late move is refused with a sentence."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.league import services
from games.league.models import PairingGame, RatedGame, Rating, Registration, Result
from games.league.tables import registration_row
from games.matches.models import Match, MatchRecord
from games.matches.selectors import match_list_for_player
from games.matches.services import match_resign
from games.notifications.models import Notification
from games.notifications.texts import notification_text
from games.refusals import Refused
from tests.fixtures import client_for, make_player
from tests.league.conftest import start_season

pytestmark = pytest.mark.django_db


def _table(season):
    return {r.pk: registration_row(r).as_dict() for r in Registration.objects.filter(season=season)}


def test_closing_a_season_calls_off_its_running_games(
    neuroduel, organiser, django_capture_on_commit_callbacks
):
    anna = make_player("anna", language="fr")
    bruno = make_player("bruno", language="fr")
    season = start_season(neuroduel, organiser, [anna, bruno])  # a mirrored pair: two games
    games = list(PairingGame.objects.filter(pairing__round__division__season=season))
    assert len(games) == 2 and all(g.match.status == Match.Status.ACTIVE for g in games)
    table, ratings = _table(season), list(Rating.objects.values_list("user_id", "mu"))

    with django_capture_on_commit_callbacks(execute=True):
        services.season_close(season=season, actor=organiser)

    for game in games:
        match = Match.objects.get(pk=game.match_id)
        assert match.status == Match.Status.ABORTED and match.outcome is None
        assert not match.seats.filter(deadline__isnull=False).exists()
        record = MatchRecord.objects.get(match=match, kind=MatchRecord.Kind.CALLED_OFF)
        assert record.data == {"reason": "season_closed"}
    assert not Result.objects.filter(game__in=games).exists()
    assert _table(season) == table  # nothing counted
    assert list(Rating.objects.values_list("user_id", "mu")) == ratings
    assert not RatedGame.objects.filter(match_id__in=[g.match_id for g in games]).exists()
    for player in (anna, bruno):
        notes = Notification.objects.filter(user=player, kind=Notification.Kind.CALLED_OFF)
        assert sorted(n.match_id for n in notes) == sorted(g.match_id for g in games)
        with translation.override("fr"):
            text = notification_text(notes[0])
        opponent = "bruno" if player == anna else "anna"
        assert text == (
            f"Votre partie contre {opponent} (claim) est annulée : la saison a été clôturée. "
            "Personne ne l’a gagnée ni perdue."
        )
        assert match_list_for_player(user=player) == []  # out of « Mes parties »

    page = client_for(anna, "fr").get(f"/m/{games[0].match_id}/").content.decode()
    assert "Partie annulée : la saison a été clôturée." in page  # the banner and the log
    assert "Personne ne l’a gagnée ni perdue." in page
    assert "jusqu" not in page  # no deadline for a game nobody plays any more

    with translation.override("fr"), pytest.raises(Refused) as refused:
        match_resign(match_id=games[0].match_id, user=anna)
    assert refused.value.message == "Cette partie a été annulée : on ne peut plus y jouer."
    assert Match.objects.get(pk=games[0].match_id).status == Match.Status.ABORTED


def test_the_pairing_of_a_game_called_off_says_so_and_the_log_names_it(organiser, neuroduel):
    """Not « scheduled » for ever: the pairing's own state is called off (the round page, the
    JSON export and the player's page read it), and the season log names it as it names a
    forfeit (« Partie annulée à la clôture (manche 1 : anna – bruno) »)."""
    from games.league.exports import season_export
    from games.league.models import Pairing, SeasonLog

    anna = make_player("anna", language="fr")
    bruno = make_player("bruno", language="fr")
    season = start_season(neuroduel, organiser, [anna, bruno])
    services.season_close(season=season, actor=organiser)

    pairing = Pairing.objects.get(round__division__season=season)
    assert pairing.status == Pairing.Status.CALLED_OFF
    assert season_export(season=season)["divisions"][0]["rounds"][0]["pairings"][0]["status"] == (
        "called_off"
    )
    line = SeasonLog.objects.get(season=season, action="called_off")
    with translation.override("fr"):
        assert (line.label, line.details) == (
            "Partie annulée à la clôture",
            "manche 1 : anna – bruno",
        )
    page = client_for(anna, "fr").get(f"/leagues/seasons/{season.pk}/").content.decode()
    assert "Partie annulée à la clôture" in page and "manche 1 : anna – bruno" in page
    assert "annulée à la clôture de la saison" in page  # her own pairings, on the same page
