"""The organiser's flows in real browsers: a late sign-up accepted with its half-point bye and
the season's TRF downloaded; a result corrected with a reason that the players read; a season
of army lists signed up for with a list, the lists shown on the pairing once the match runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.armies.services import army_list_save
from games.league import services
from games.league.models import League, PairingGame, Registration
from tests.armies.conftest import trooper_list
from tests.browser_support import make_verified_user, signed_in_page
from tests.league.conftest import duel_league_played_with_claim

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-orga-12345"


def _started(league, orga, names):
    season = services.season_open(league=league, actor=orga)
    for name in names:
        services.registration_create(season=season, user=make_verified_user(name, PASSWORD))
    return services.season_start(season=season, actor=orga)


def test_a_late_joiner_is_accepted_and_the_swiss_exports_as_trf(
    daphne_server,
    new_context,
):
    orga = make_verified_user("orga", PASSWORD)
    league = duel_league_played_with_claim(orga, name="Suisse du lundi")
    League.objects.filter(pk=league.pk).update(
        default_format="swiss", default_swiss_rounds=4, mirrored_duels=False
    )
    season = _started(League.objects.get(pk=league.pk), orga, ["alice", "bruno"])
    make_verified_user("tardif", PASSWORD)
    url = f"{daphne_server.url}/leagues/seasons/{season.pk}/"

    late = signed_in_page(new_context, daphne_server, "tardif", PASSWORD)
    late.goto(url)
    late.click("#join-late")
    expect(late.locator("main")).to_contain_text("attend la réponse de l’organisateur")

    organiser = signed_in_page(new_context, daphne_server, "orga", PASSWORD)
    organiser.goto(f"{url}manage/")
    organiser.get_by_role("button", name=re.compile("Accepter")).click()
    expect(organiser.get_by_text("C'est fait.")).to_be_visible()

    late.goto(url)
    row = late.locator(".standings tr", has_text="tardif")
    expect(row).to_be_visible()
    expect(late.locator(".season-log")).to_contain_text("Retardataire accepté")
    division = season.divisions.get()
    late.goto(f"{daphne_server.url}/leagues/divisions/{division.pk}/")
    with late.expect_download() as download:
        late.get_by_role("link", name="Rapport de tournoi (TRF)").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert "0000 - H" in text and text.startswith("012 ")


def test_a_corrected_result_is_explained_to_the_players(
    daphne_server,
    new_context,
):
    orga = make_verified_user("orga", PASSWORD)
    league = duel_league_played_with_claim(orga, name="Ligue du jeudi")
    League.objects.filter(pk=league.pk).update(mirrored_duels=False)
    season = _started(League.objects.get(pk=league.pk), orga, ["alice", "bruno"])
    game = PairingGame.objects.get(pairing__round__division__season=season)

    organiser = signed_in_page(new_context, daphne_server, "orga", PASSWORD)
    organiser.goto(f"{daphne_server.url}/leagues/seasons/{season.pk}/manage/")
    winner = Registration.objects.get(pk=game.seat_order[1])
    organiser.select_option("#adj-game", value=str(game.pk))
    organiser.select_option("#adj-winner", value=str(winner.pk))
    organiser.check("form[action$='/adjust/'] input[name=forfeit]")
    organiser.fill("#adj-reason", "Abandon annoncé par courriel")
    organiser.click("form[action$='/adjust/'] button[type=submit]")
    expect(organiser.get_by_text("C'est fait.")).to_be_visible()

    player = signed_in_page(new_context, daphne_server, winner.user.username, PASSWORD)
    player.goto(f"{daphne_server.url}/notifications/")
    expect(player.locator(".inbox-list")).to_contain_text("Abandon annoncé par courriel")
    player.locator(".inbox-list a").first.click()
    expect(player.locator(".season-log")).to_contain_text("Abandon annoncé par courriel")
    expect(player.locator(".standings tbody tr").first).to_contain_text(winner.user.username)


def test_players_sign_up_with_their_army_lists_and_see_them_once_the_match_runs(
    daphne_server,
    new_context,
):
    orga = make_verified_user("orga", PASSWORD)
    league = services.league_create(
        name="Kessel",
        created_by=orga,
        system="skirmish",
        default_format="rr1",
        army_lists="registration",
        army_points_limit=450,
    )
    season = services.season_open(league=league, actor=orga)
    url = f"{daphne_server.url}/leagues/seasons/{season.pk}/"
    for name in ("ada", "ben"):
        user = make_verified_user(name, PASSWORD)
        army_list_save(
            owner=user, system="skirmish", name=f"Liste de {name}", data=trooper_list(count=20)
        )
        army_list_save(
            owner=user, system="skirmish", name="Trop chère", data=trooper_list(count=30)
        )
        page = signed_in_page(new_context, daphne_server, name, PASSWORD)
        page.goto(url)
        options = page.locator("#army-list option")
        expect(options).to_have_count(1)  # only the list within 450 points
        expect(options).to_contain_text(f"Liste de {name}")
        page.get_by_role("button", name="S'inscrire").click()
        expect(page.locator(".my-army")).to_contain_text(f"Liste de {name}")
    services.season_start(season=season, actor=orga)
    game = PairingGame.objects.get(pairing__round__division__season=season)
    page.goto(f"{daphne_server.url}/leagues/rounds/{game.pairing.round_id}/")
    expect(page.locator(".pairing .armies")).to_contain_text("Liste de ada")
    expect(page.locator(".pairing .armies")).to_contain_text("Liste de ben")
