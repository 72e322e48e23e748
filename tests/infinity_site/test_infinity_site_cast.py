"""Sentences name a trooper and a marker as the board does (games/infinity_site/cast.py): a TO
marker as a TO one in every sentence of the log and the step viewer, a trooper of a list of
one's own by its own profile, where the starter roster that has the same id says another."""

from __future__ import annotations

import re

import pytest

from tests.infinity_site.conftest import acting, choose_set_up, submit
from tests.infinity_site.test_infinity_site_hidden import client_for, pages
from tests.infinity_site.test_infinity_site_history_camouflage import camouflage_match

pytestmark = pytest.mark.django_db


def _log_sentences(html: str) -> str:
    """The page without the board's titles, which already named the marker right."""
    return re.sub(r"<title>[^<]*</title>", "", html)


def test_every_sentence_names_a_to_marker_as_the_board_does(players, make_user):
    match = camouflage_match(players)
    for reader in (client_for(players[0]), client_for(make_user("inf_cast"))):
        told = _log_sentences(pages(reader, match))
        # Deployed, then its two moves: the log, the since page and the step viewer say it.
        assert told.count("marqueur camouflé TO m1") >= 3
        assert told.count("TO camouflage marker m1") >= 3
        assert "marqueur camouflé m1" not in told
        assert not re.search(r"(?<!TO )camouflage marker m1\b", told)


CORREGIDOR = {
    "sectorial": "corregidor",
    "units": [{"profile": p} for p in ("corregidor.alguacil.combi", "corregidor.alguacil.lt")],
}


def _a1_deployed(players):
    """The list's Corregidor (seat 0) against the JSA starters, deployed until a1 stands."""
    from games.matches import services

    match = services.match_create(
        system="infinity",
        config={"armies": [CORREGIDOR, "jsa"], "reactions": "auto"},
        seat_users=list(players),
    )
    match = choose_set_up(match, players, first=acting(match)[2])
    for _ in range(30):
        system, state, seat = acting(match)
        if state.trooper("a1").hex is not None:
            return match
        legal = system.legal_moves(state, seat)
        deploys = [m for m in legal if m["type"] == "deploy" and not m.get("hidden")]
        mine = [m for m in deploys if m["trooper"] == "a1"]
        move = (mine or deploys or [m for m in legal if m["type"] == "deploy_done"])[0]
        match = submit(match, players, move)
    raise AssertionError("a1 never deployed")


def test_a_trooper_of_one_s_own_list_is_named_by_its_own_profile(players, make_user):
    """The list's a1 is an Alguacil with a Combi Rifle, where the starters' a1 carries the HMG:
    the log says so to each side and to a spectator, in both languages."""
    match = _a1_deployed(players)
    for reader in (
        client_for(players[0]),
        client_for(players[1]),
        client_for(make_user("inf_own")),
    ):
        for language, own, roster in (
            ("en", "deploys Alguacil (Combi) a1.", "(HMG) a1"),
            ("fr", "déploie Alguacil (Combi) a1.", "(Mitrailleuse) a1"),
        ):
            html = reader.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
            assert own in html
            assert roster not in html
