"""Every loadout a trooper can carry is named in the reader's language (a French page showed
« Yáozăo (servant) », « Zhanshi Doctor (doctor) »), and the board's title names a trooper once."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from games.engine.infinity import armies
from games.engine.infinity.data import profiles, rosters, sectorials
from games.infinity_site.names import LOADOUTS, profile_label, profile_loadout, unit_name
from games.infinity_site.pieces import trooper_svg
from tests.fixtures import client_for
from tests.infinity_site.conftest import deployed_match


def _offered() -> set[str]:
    """What the army lists and the starter rosters put on a table, and every profile the data
    holds (scenarios and the engine's own examples draw from it)."""
    listed = {pid for key in sectorials() for pid in armies.offered(key)}
    rostered = {pid for roster in rosters().values() for _, pid in roster["troopers"]}
    return listed | rostered | set(profiles())


def _msgid(label) -> str:
    """The catalogue key of a lazy translation (a context joins its msgid with \\x04)."""
    args = label._args
    return "\x04".join(args) if len(args) == 2 else args[0]


@pytest.mark.parametrize("pid", sorted(_offered()))
def test_every_profiles_loadout_has_french_and_english(pid):
    loadout = profile_loadout(pid)
    if loadout is None:
        return
    assert loadout in LOADOUTS, f"{pid}: no words for the loadout {loadout!r}"
    assert _msgid(LOADOUTS[loadout]) in trans_real.translation("fr")._catalog, loadout
    with translation.override("fr"):
        assert f"({loadout})" not in profile_label(pid) or str(LOADOUTS[loadout]) == loadout


def test_the_reported_loadouts_read_in_french():
    with translation.override("fr"):
        assert profile_label("yujing.yaozao.servant") == "Yáozăo (G : Serviteur)"
        # The Doctor said once, in the reader's language (the data's name is "Zhanshi Doctor").
        assert profile_label("yujing.zhanshi.doctor") == "Zhanshi (Médecin)"
        assert unit_name("zhanshi") == "Zhanshi"
        assert profile_label("civilian") == "Civil"
    with translation.override("en"):
        assert profile_label("yujing.yaozao.servant") == "Yáozăo (G: Servant)"
        assert profile_label("civilian") == "Civilian"
        assert profile_label("yujing.zhanshi.doctor") == "Zhanshi (Doctor)"


def test_the_boards_title_names_a_trooper_and_its_profile_once():
    trooper = {
        "id": "a1",
        "seat": 0,
        "profile": "corregidor.alguacil.combi",
        "hex": [3, 4],
        "facing": 0,
        "state": "normal",
    }
    with translation.override("en"):
        svg = str(trooper_svg(trooper))
    title = re.search(r"<title>([^<]*)</title>", svg)
    assert title is not None
    assert title.group(1) == "Alguacil (Combi) a1"


@pytest.mark.django_db
def test_a_counter_s_kit_letters_are_the_reader_s(players):
    # A French player reads the French text's « Mitrailleuse Lourde » as ML; the English page
    # keeps HMG (an Alguacil HMG stands in Corregidor's starter deployment).
    match = deployed_match(players)
    kits = {}
    for language in ("fr", "en"):
        html = client_for(players[0], language=language).get(f"/m/{match.pk}/").content.decode()
        kits[language] = set(re.findall(r'<text class="kit"[^>]*>([^<]*)</text>', html))
    assert "ML" in kits["fr"] and "HMG" not in kits["fr"]
    assert "HMG" in kits["en"] and "ML" not in kits["en"]
