"""Army lists in matches (skirmish.md §5.3): the creator picks one of their valid lists within
the match's points limit in the lobby; a player taking an open seat picks theirs first; the list
is copied into the match (a later edit changes nothing); someone else's list, a list over the
limit or a forged choice is refused in words and nothing changes."""

from __future__ import annotations

from games.armies import services as armies
from games.matches.models import Match
from tests.armies.conftest import trooper_list
from tests.fixtures import client_for

LOBBY = {
    "system": "skirmish",
    "players": "2",
    "days_per_move": "3",
    "bank_increment_hours": "0",
    "bank_max_days": "0",
    "is_public": "on",
    "skirmish-board": "small",
    "skirmish-scenario": "looting",
    "skirmish-points_limit": "400",
    "seat_2": "open",
    "seat_3": "open",
}


def test_the_creator_brings_a_list_and_the_computer_a_copy(players):
    anna, _ = players
    army = armies.army_list_save(
        owner=anna, system="skirmish", name="Raiders", data=trooper_list(count=20)
    )
    answer = client_for(anna).post(
        "/new/",
        {
            **LOBBY,
            "seat_1": "computer",
            "skirmish-army": str(army.pk),
            "skirmish-opponent_army": "same",
        },
    )
    match = Match.objects.get()
    assert answer.status_code == 302 and match.status == "active"
    assert (
        match.config["armies"][0]["units"]
        == army.data["units"]
        == match.config["armies"][1]["units"]
    )
    assert match.config["points_limit"] == 400 and match.config["scenario"] == "looting"
    names = {m["name"] for m in match.snapshot["models"].values()}
    assert names == {"Troopers", "Captain Vos"}
    armies.army_list_save(
        owner=anna, system="skirmish", name="Raiders", data=trooper_list(count=3), list_id=army.pk
    )
    match.refresh_from_db()
    assert (
        len(match.config["armies"][0]["units"]) == 2
        and match.config["armies"][0]["units"][0]["count"] == 20
    )


def test_a_list_over_the_limit_or_someone_elses_is_refused_in_the_lobby(players):
    anna, bruno = players
    mine = armies.army_list_save(
        owner=anna, system="skirmish", name="Big", data=trooper_list(count=20)
    )
    theirs = armies.army_list_save(
        owner=bruno, system="skirmish", name="His", data=trooper_list(count=20)
    )
    client = client_for(anna)
    over = client.post(
        "/new/",
        {
            **LOBBY,
            "seat_1": "computer",
            "skirmish-points_limit": "300",
            "skirmish-army": str(mine.pk),
        },
    )
    assert (
        over.status_code == 400 and "over this match&#x27;s limit of 300" in over.content.decode()
    )
    stolen = client.post("/new/", {**LOBBY, "seat_1": "computer", "skirmish-army": str(theirs.pk)})
    assert stolen.status_code == 400
    assert not Match.objects.exists()


def test_a_player_taking_an_open_seat_picks_their_list_first(players):
    anna, bruno = players
    client_for(anna).post("/new/", {**LOBBY, "seat_1": "open"})
    match = Match.objects.get()
    assert match.status == "open"
    joiner = client_for(bruno)
    redirected = joiner.post(f"/m/{match.pk}/join")
    assert redirected.status_code == 302 and redirected["Location"] == f"/armies/join/{match.pk}/"
    big = armies.army_list_save(
        owner=bruno, system="skirmish", name="Too big", data=trooper_list(count=30)
    )
    fine = armies.army_list_save(
        owner=bruno, system="skirmish", name="Fine", data=trooper_list(count=20)
    )
    page = joiner.get(redirected["Location"]).content.decode()
    assert "Fine" in page and "Too big" not in page and "at most 400 points" in page
    refused = joiner.post(redirected["Location"], {"army_list": str(big.pk)})
    assert refused.status_code == 400 and "over this match" in refused.content.decode()
    match.refresh_from_db()
    assert match.status == "open" and not match.seats.filter(user=bruno).exists()
    mine = armies.army_list_save(
        owner=anna, system="skirmish", name="Anna's", data=trooper_list(count=20)
    )
    assert joiner.post(redirected["Location"], {"army_list": str(mine.pk)}).status_code == 400
    joined = joiner.post(redirected["Location"], {"army_list": str(fine.pk)})
    assert joined.status_code == 302
    match.refresh_from_db()
    assert match.status == "active" and match.config["armies"][1]["name"] == "Fine"
    assert match.config["armies"][1]["units"] == fine.data["units"]
