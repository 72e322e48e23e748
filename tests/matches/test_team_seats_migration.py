"""matches 0003: existing seats get their system's team, stay valid under the new constraint,
and one person may then hold two seats of one team (never of two)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tests.migration_support import back_to_latest, migrate

BEFORE = [("matches", "0002_seat_invite_only")]
AFTER = [("matches", "0003_seat_team")]


@pytest.mark.django_db(transaction=True)
def test_existing_seats_get_their_teams_and_stay_valid(make_user):
    anna, bruno, carla = make_user("m_anna"), make_user("m_bruno"), make_user("m_carla")
    old = migrate(BEFORE)
    Match, Seat = old.get_model("matches", "Match"), old.get_model("matches", "Seat")
    teams = Match.objects.create(
        system="hexpanse", config={"mode": "capitaine", "teams": True, "players": 4}
    )
    alone = Match.objects.create(system="no-longer-installed", config={})
    for match, users in ((teams, [anna, bruno, carla, None]), (alone, [anna, bruno])):
        for index, user in enumerate(users):
            Seat.objects.create(match=match, index=index, user_id=user.pk if user else None)
    try:
        new = migrate(AFTER)
        Seat = new.get_model("matches", "Seat")
        assert list(
            Seat.objects.filter(match_id=teams.pk).order_by("index").values_list("team")
        ) == [
            (0,),
            (1,),
            (0,),
            (1,),
        ]
        assert list(
            Seat.objects.filter(match_id=alone.pk).order_by("index").values_list("team")
        ) == [
            (0,),
            (1,),
        ]
        # Seat 4 (index 3) is the other team's: not for anna; bruno, whose team it is, may hold it.
        with pytest.raises(IntegrityError), transaction.atomic():
            Seat.objects.filter(match_id=teams.pk, index=3).update(user_id=anna.pk)
        Seat.objects.filter(match_id=teams.pk, index=3).update(user_id=bruno.pk)
        assert Seat.objects.filter(match_id=teams.pk, user_id=bruno.pk).count() == 2
    finally:
        back_to_latest()
