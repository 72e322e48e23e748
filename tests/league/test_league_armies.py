"""Army lists in seasons (systems with lists): required at sign-up within a points limit,
locked then or changeable between rounds, copied into each match, shown to opponents only
once the match has started."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse

from games.armies.services import army_list_save
from games.league import services
from games.league.models import League, PairingGame, Registration
from games.refusals import Forbidden, Refused
from tests.armies.conftest import trooper_list
from tests.fixtures import client_for

pytestmark = pytest.mark.django_db


def _league(organiser, mode="registration", limit=450) -> League:
    return services.league_create(
        name="Kessel",
        created_by=organiser,
        system="skirmish",
        default_format="rr1",
        army_lists=mode,
        army_points_limit=limit,
    )


def _list(user, name, count=20):
    return army_list_save(owner=user, system="skirmish", name=name, data=trooper_list(name, count))


def _season_with(league, organiser, users):
    season = services.season_open(league=league, actor=organiser)
    for user in users:
        services.registration_create(
            season=season, user=user, army_list=_list(user, user.username).pk
        )
    return season


def test_a_season_requires_a_list_within_its_points_limit(organiser, make_user):
    league = _league(organiser, limit=399)
    season = services.season_open(league=league, actor=organiser)
    ada = make_user("ada")
    with pytest.raises(Refused):
        services.registration_create(season=season, user=ada)  # no list
    with pytest.raises(Refused):  # 400 points: over the limit
        services.registration_create(season=season, user=ada, army_list=_list(ada, "Gros").pk)
    other = make_user("autre")
    with pytest.raises(Refused):  # somebody else's list
        services.registration_create(
            season=season, user=ada, army_list=_list(other, "Pas à moi").pk
        )
    assert not Registration.objects.filter(season=season).exists()


def test_each_match_gets_its_players_lists_and_a_locked_list_stays(organiser, make_user):
    ada, ben = make_user("ada"), make_user("ben")
    league = _league(organiser)
    season = _season_with(league, organiser, [ada, ben])
    reg = Registration.objects.get(season=season, user=ada)
    assert reg.army["name"] == "ada"
    with pytest.raises(Refused):
        services.registration_set_army(registration=reg, user=ada, army_list=_list(ada, "B").pk)
    with pytest.raises(Forbidden):
        services.registration_set_army(registration=reg, user=ben, army_list=_list(ben, "C").pk)
    services.season_start(season=season, actor=organiser)
    game = PairingGame.objects.get(pairing__round__division__season=season)
    names = {Registration.objects.get(pk=pk).user.username for pk in game.seat_order}
    assert names == {"ada", "ben"}
    config = game.match.config
    assert [a["name"] for a in config["armies"]] == [
        Registration.objects.get(pk=pk).user.username for pk in game.seat_order
    ]
    assert config["points_limit"] == 450
    page = reverse("league:round", args=[game.pairing.round_id])
    from django.test import Client

    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(page).content.decode()
    assert "ada (400 points)" in html and "ben (400 points)" in html  # public once started
    assert "ada: ada (400 points)" in html  # who plays which list
    html = Client(HTTP_ACCEPT_LANGUAGE="fr").get(page).content.decode()
    assert "ada : ada (400 points)" in html  # French puts a space before the colon


def test_a_list_changed_between_rounds_plays_from_the_next_round(organiser, make_user):
    players = [make_user(n) for n in ("ada", "ben", "cyd")]  # 3 rounds, one bye each
    league = _league(organiser, mode="round")
    season = _season_with(league, organiser, players)
    services.season_start(season=season, actor=organiser)
    division = season.divisions.get()
    ada = Registration.objects.get(season=season, user=players[0])
    new = _list(players[0], "Nouvelle")
    services.registration_set_army(registration=ada, user=players[0], army_list=new.pk)
    for number in (1, 2):
        rnd = division.round_set.get(number=number)
        services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    later = [
        g
        for g in PairingGame.objects.filter(
            pairing__round__division=division, pairing__round__number__gt=1
        )
        if ada.pk in g.seat_order
    ]
    assert later
    for game in later:
        seat = game.seat_order.index(ada.pk)
        assert game.match.config["armies"][seat]["name"] == "Nouvelle"


def test_the_sign_up_page_offers_the_players_lists(client, organiser, make_user):
    league = _league(organiser)
    season = services.season_open(league=league, actor=organiser)
    ada = make_user("ada")
    fit = _list(ada, "Dans la limite")
    client.force_login(ada)
    html = client.get(reverse("league:season", args=[season.pk])).content.decode()
    assert 'name="army_list"' in html and "Dans la limite" in html
    client.post(
        reverse("league:season_signup", args=[season.pk]),
        {"action": "join", "army_list": str(fit.pk)},
    )
    assert Registration.objects.get(season=season, user=ada).army["name"] == "Dans la limite"


def _sign_up_hint(user, season, language) -> str:
    page = client_for(user, language).get(reverse("league:season", args=[season.pk]))
    hint = re.search(r'<p class="hint" id="army-lists-hint"[^>]*>(.*?)</p>', page.content.decode())
    return unescape(hint.group(1)) if hint else ""


def test_the_sign_up_names_the_lists_it_leaves_out_and_why(organiser, make_user):
    """Drafts and lists over the limit were left out of the menu silently: a player whose
    lists were all drafts read « No list of yours fits » and could not tell why. The sign-up
    names them as a campaign's declaration does (games/armies/choice.py)."""
    season = services.season_open(league=_league(organiser, limit=300), actor=organiser)
    ada = make_user("ada")
    draft = trooper_list("Les Corsaires", 8)
    draft["units"][0]["hero"] = True  # 8 Heroes in 150-odd points: a draft
    army_list_save(owner=ada, system="skirmish", name="Les Corsaires", data=draft)
    _list(ada, "Les Lourds", count=20)
    _list(ada, "Les Légers", count=12)
    hint = _sign_up_hint(ada, season, "fr")
    assert "Pas proposées : Les Corsaires (brouillon : ouvrez-la pour voir quoi changer)" in hint
    assert re.search(r"Les Lourds \(\d+ points, au-delà des 300 de cette ligue\)\.", hint)
    assert "Les Légers" not in hint
    assert re.search(
        r"Les Lourds \(\d+ points, over this league's 300\)", _sign_up_hint(ada, season, "en")
    )
    assert _sign_up_hint(make_user("ben"), season, "fr") == ""  # no list: nothing to name
