"""French elides "de" before a model's name that starts with a vowel: "le profil d'Intruder 2",
"Cible d'Intruder 2", never "de Intruder"; English keeps "of Intruder 2"."""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.utils import translation

from games.skirmish_site.describe import describe
from games.skirmish_site.panel import OrderRow, OrdersForm, TargetOption
from games.skirmish_site.site import SITE
from tests.catalogue_support import names_after_de

# The labels the engine puts on its events (games/engine/skirmish/names.py).
LABELS = {"m3": {"name": "Intruder", "seat": "blue", "n": 2}, "m1": {"name": "Sergeant"}}
LABELS["m1"]["seat"] = "red"


def told(event, language="fr"):
    with translation.override(language):
        return describe({**event, "labels": LABELS}, ["anna", "bruno"])


def test_the_prisoners_profile_names_a_vowel_model_with_d_apostrophe():
    chosen = {"kind": "PrisonerChosen", "model": "p1", "copy_of": "m3"}
    assert told(chosen) == "Le prisonnier a le profil d'Intruder 2 (bruno)."
    assert told({**chosen, "copy_of": "m1"}) == "Le prisonnier a le profil de Sergeant (anna)."
    assert told(chosen, "en") == "The prisoner has the profile of Intruder 2 (bruno)."


def test_a_charge_never_reads_au_contact_de_before_a_name():
    engaged = {"kind": "ModelEngaged", "model": "m1", "enemies": ["m3"]}
    assert told(engaged) == "Sergeant (anna) charge Intruder 2 (bruno) et vient au contact."
    assert told(engaged, "en") == "Sergeant (anna) charges into contact with Intruder 2 (bruno)."


def target_labels(language):
    row = OrderRow("m3", "Intruder 2", "", attacks=[[TargetOption("m1", "Sergeant")]])
    form = OrdersForm("snap_orders", "Snap fire", "", [row], "Send")
    with translation.override(language):
        html = render_to_string("skirmish_site/_panel.html", {"form": form, "match_id": 1})
    return re.findall(r'<label class="visually-hidden"[^>]*>([^<]*)</label>', html)


def test_the_target_label_of_an_order_elides_before_a_vowel():
    assert target_labels("fr") == ["Cible d&#x27;Intruder 2, attaque 1"]
    assert target_labels("en") == ["Target of Intruder 2, attack 1"]


def test_the_waiting_lines_put_no_de_before_the_side():
    view = {"position": {"pending": {"kind": "choose_edge", "seat": "blue"}}}
    with translation.override("fr"):
        assert SITE.decision(view, 0) == ("On attend Bleu, qui choisit son bord de table.", False)
    with translation.override("en"):
        assert SITE.decision(view, 0) == ("Waiting for Blue to choose a table edge.", False)


# Placeholders of this site's sentences that hold a model's or a player's name.
NAME_PLACEHOLDERS = (
    "who",
    "model",
    "player",
    "name",
    "enemies",
    "a",
    "b",
    "by",
    "giver",
    "receiver",
    "target",
    "attacker",
)


def test_no_french_sentence_puts_a_name_placeholder_after_a_bare_de():
    assert names_after_de("games.skirmish_site", NAME_PLACEHOLDERS) == []
