"""matches 0009: the seats of matches finished before it get the army they led, read as a
match's end now reads it (armies drawn at random named from the state); others stay ""."""

from __future__ import annotations

import pytest

from tests.migration_support import back_to_latest, migrate

BEFORE = [("matches", "0008_snapshot_as_text")]
AFTER = [("matches", "0009_seat_side")]


@pytest.mark.django_db(transaction=True)
def test_finished_matches_seats_get_the_armies_they_led(make_user):
    anna, bruno = make_user("s_anna"), make_user("s_bruno")
    old = migrate(BEFORE)
    Match, Seat = old.get_model("matches", "Match"), old.get_model("matches", "Seat")
    drawn = Match.objects.create(
        system="neuroshima",
        status="finished",
        config={"armies": ["random", "moloch"]},
        snapshot={"config": {"armies": ["hegemonia", "moloch"]}},
    )
    running = Match.objects.create(
        system="neuroshima", status="active", config={"armies": ["borgo", "moloch"]}
    )
    armyless = Match.objects.create(system="claim", status="finished", config={"hexes": 8})
    for match in (drawn, running, armyless):
        for index, user in enumerate((anna, bruno)):
            Seat.objects.create(match=match, index=index, user_id=user.pk, team=index)
    try:
        Seat = migrate(AFTER).get_model("matches", "Seat")

        def sides(match):
            seats = Seat.objects.filter(match_id=match.pk).order_by("index")
            return list(seats.values_list("side", flat=True))

        assert sides(drawn) == ["hegemonia", "moloch"]
        assert sides(running) == ["", ""]  # stored at its end, not before
        assert sides(armyless) == ["", ""]
    finally:
        back_to_latest()
