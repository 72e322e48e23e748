"""The builder page (skirmish rows from games/skirmish_site): every figure from the engine's
pricing, live through an htmx partial; drafts; someone else's list is a 404; forged forms are
priced and refused in words; export and import as JSON."""

from __future__ import annotations

import html
import json
import re

from django.urls import reverse

from games.armies import services
from games.armies.models import ArmyList
from tests.armies.conftest import logged_in, trooper_list

HX = {"HTTP_HX_REQUEST": "true"}


def form(name="Raiders", **units):
    """POST data of the builder: `units` maps index -> fields."""
    data = {"name": name, "u-total": str(len(units)), "list_id": ""}
    for i, fields in units.items():
        for key, value in fields.items():
            data[f"u-{i}-{key}"] = value
    return data


TROOPERS = {
    "name": "Troopers",
    "count": "10",
    "move": "9",
    "melee": "2",
    "melee_attacks": "1",
    "shoot": "3",
    "shoot_attacks": "1",
    "armour": "2",
}


def test_the_new_list_page_shows_every_value_with_its_cost(ada):
    page = logged_in(ada).get(reverse("armies:new", args=["skirmish"])).content.decode()
    assert "Flyer, 18&#x27;&#x27; (5 pts)" in page or "Flyer, 18'' (5 pts)" in page
    assert "15 (15 pts)" not in page and "5 (15 pts)" in page  # Shoot 5 costs 15
    assert 'hx-post="/armies/skirmish/price/"' in page and "Total: " in page


def test_the_live_partial_prices_the_form_with_the_engine(ada):
    answer = logged_in(ada).post(
        reverse("armies:price", args=["skirmish"]), form(**{"0": TROOPERS}), **HX
    )
    html = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in html
    assert "Total: 180 points" in html
    assert 'id="unit-0-cost" class="unit-cost" hx-swap-oob="true"' in html
    assert "18 pts per model · 10 models: 180 pts" in html
    assert "Heroes: 0 of 0 allowed" in html


def test_problems_are_explained_in_words(ada):
    hero_vehicle = {**TROOPERS, "hero": "1", "vehicle": "1", "melee": "0"}
    html = (
        logged_in(ada)
        .post(reverse("armies:price", args=["skirmish"]), form(**{"0": hero_vehicle}), **HX)
        .content.decode()
    )
    assert "this Melee has no cost in the table" in html
    assert "Total: cannot be computed yet" in html
    html = (
        logged_in(ada)
        .post(
            reverse("armies:price", args=["skirmish"]),
            form(**{"0": {**TROOPERS, "hero": "1", "vehicle": "1"}}),
            **HX,
        )
        .content.decode()
    )
    assert "Troopers: a Hero cannot be a Vehicle." in html
    assert "10 Heroes, but the army&#x27;s 360 points allow 1" in html


def test_saving_keeps_a_draft_and_adding_a_unit_stores_nothing(ada):
    client = logged_in(ada)
    url = reverse("armies:save", args=["skirmish"])
    added = client.post(url, {**form(**{"0": TROOPERS}), "action": "add"})
    assert added.status_code == 200 and 'name="u-1-name"' in added.content.decode()
    assert not ArmyList.objects.exists()
    saved = client.post(url, {**form(**{"0": {**TROOPERS, "hero": "1"}}), "action": "save"})
    army = ArmyList.objects.get()
    assert saved.status_code == 302 and saved["Location"] == reverse("armies:edit", args=[army.pk])
    assert army.valid is False and army.total == 180
    assert army.data["units"][0]["id"] == "troopers"
    page = client.get(saved["Location"]).content.decode()
    assert "Saved as a draft" in page


def test_someone_elses_list_is_a_404_and_cannot_be_overwritten(ada, ben):
    army = services.army_list_save(owner=ada, system="skirmish", name="Mine", data=trooper_list())
    client = logged_in(ben)
    for name in ("armies:edit", "armies:export"):
        assert client.get(reverse(name, args=[army.pk])).status_code == 404
    forged = {**form("Hijack", **{"0": TROOPERS}), "list_id": str(army.pk), "action": "save"}
    answer = client.post(reverse("armies:save", args=["skirmish"]), forged)
    assert answer.status_code == 400 and "no such list of yours" in answer.content.decode()
    assert client.post(reverse("armies:delete", args=[army.pk])).status_code == 302
    army.refresh_from_db()
    assert army.name == "Mine" and ArmyList.objects.count() == 1


def test_export_then_import_gives_the_same_units(ada):
    army = services.army_list_save(owner=ada, system="skirmish", name="Mine", data=trooper_list())
    client = logged_in(ada)
    exported = client.get(reverse("armies:export", args=[army.pk]))
    assert exported["Content-Disposition"] == 'attachment; filename="mine.json"'
    data = json.loads(exported.content)
    assert data == army.data and data["schema"] == 1 and data["system"] == "skirmish"
    answer = client.post(reverse("armies:import"), {"text": exported.content.decode()})
    assert answer.status_code == 302
    assert ArmyList.objects.get(name="Mine (2)").data["units"] == army.data["units"]
    refused = client.post(reverse("armies:import"), {"text": "{oops"}, follow=True)
    assert "This is not valid JSON." in refused.content.decode()
    assert ArmyList.objects.count() == 2


def test_after_adding_a_unit_the_keyboard_is_in_the_new_units_name(ada):
    """The page is drawn again after "Add a unit": without autofocus the keyboard started over
    at the top of the page."""
    client = logged_in(ada)
    url = reverse("armies:save", args=["skirmish"])
    page = client.post(url, {**form(**{"0": TROOPERS}), "action": "add"}).content.decode()
    assert page.count("autofocus") == 1
    assert re.search(r'<input id="u-1-name"[^>]*\bautofocus\b', page)
    # Opening a list (or a new one) leaves the focus where the browser puts it.
    assert "autofocus" not in client.get(reverse("armies:new", args=["skirmish"])).content.decode()


def test_add_and_remove_work_before_the_list_has_a_name(ada):
    """The name is required to save; Add and Remove only redraw the form, so they skip the
    browser's check (a new player removing a unit first was sent back to the name)."""
    page = logged_in(ada).get(reverse("armies:new", args=["skirmish"])).content.decode()
    assert re.search(r'<button[^>]*data-testid="army-add-unit"[^>]*\bformnovalidate\b', page)
    assert re.search(r'<button[^>]*value="remove-0"[^>]*\bformnovalidate\b', page)


def test_an_illegal_list_is_told_what_to_change_in_french(ada):
    """Walk polish12: the problems named what was wrong only (« au-delà de sa limite de 200 »),
    and an army under 250 points read « n'en permettent que 0 »."""
    client = logged_in(ada, "fr")
    url = reverse("armies:price", args=["skirmish"])
    over = html.unescape(
        client.post(
            url, {**form(**{"0": {**TROOPERS, "count": "20"}}), "points_limit": "200"}, **HX
        ).content.decode()
    )
    assert (
        "L'armée coûte 360 points, 160 de plus que sa limite de 200 : retirez des figurines ou "
        "des options pour 160 points, ou relevez la limite." in over
    )
    small = html.unescape(
        client.post(
            url, form(**{"0": {**TROOPERS, "count": "2", "hero": "1"}}), **HX
        ).content.decode()
    )
    assert (
        "2 Héros, mais une armée de moins de 250 points n'en a droit à aucun : décochez Héros, "
        "ou portez l'armée à 500 points." in small
    )
    big = html.unescape(
        client.post(
            url, form(**{"0": {**TROOPERS, "count": "20", "hero": "1"}}), **HX
        ).content.decode()
    )
    assert "20 Héros, mais les 360 points de l'armée n'en permettent que 1" in big
    assert "retirez des figurines d'une unité de Héros (chacune est un Héros)" in big
