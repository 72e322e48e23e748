"""The settings' « Ce qui vous parvient » on a 360 px phone: no sideways scroll, every choice a
44 px target (its whole label), and chosen and saved with the keyboard alone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.accounts.selectors import profile_for
from tests.browser_support import artifact, make_verified_user, signed_in_page

PASSWORD = "hexsite-notices-1"
PHONE = {"width": 360, "height": 740}

# The labels of the settings' radios and checkboxes lower than 44 px (at most three shown).
SMALL_CHOICES = """() => [...document.querySelectorAll(
        '#settings-form fieldset label, #settings-form .field.check label')]
    .filter(e => e.getBoundingClientRect().height < 44)
    .slice(0, 3).map(e => e.outerHTML.slice(0, 120))"""

# The checkboxes whose label does not stand beside the box (on the same line, to its right).
LABELS_BELOW_THEIR_BOX = """() => [...document.querySelectorAll('#settings-form .field.check')]
    .filter(row => {
        const box = row.querySelector('input').getBoundingClientRect();
        const label = row.querySelector('label').getBoundingClientRect();
        return label.left < box.right || label.top > box.bottom;
    })
    .map(row => row.querySelector('input').name)"""


@pytest.mark.browser
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_notice_choices_fit_a_phone_and_are_chosen_by_keyboard(
    daphne_server, new_context, theme
):
    user = make_verified_user("zoe", PASSWORD)
    profile = profile_for(user)
    profile.theme = theme
    profile.save()
    page = signed_in_page(new_context, daphne_server, "zoe", PASSWORD, viewport=PHONE)
    page.goto(f"{daphne_server.url}/me/settings/")
    expect(page.get_by_role("group", name="Ce qui vous parvient")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(SMALL_CHOICES) == []
    assert page.evaluate(LABELS_BELOW_THEIR_BOX) == []  # a long one wraps beside its box
    page.screenshot(path=str(artifact(f"settings-notices-phone-{theme}.png")), full_page=True)

    # "Nouveaux abonnés": from "Boîte de réception seulement" (its default) down to "Rien".
    followers = page.get_by_role("group", name="Nouveaux abonnés")
    inbox_only = followers.get_by_label("Boîte de réception seulement")
    expect(inbox_only).to_be_checked()
    inbox_only.focus()
    page.keyboard.press("ArrowDown")
    expect(followers.get_by_label("Rien")).to_be_checked()
    expect(followers.get_by_label("Rien")).to_be_focused()
    page.keyboard.press("Enter")  # Enter in a form's radio submits it, as a click on Save
    expect(page.get_by_role("status")).to_contain_text("Paramètres enregistrés")
    assert profile_for(user).notice_choice("followers") == "off"
    # "Votre tour et rappels" offers no "Rien", and says why once on the page.
    turns = page.get_by_role("group", name="Votre tour et rappels")
    expect(turns.get_by_label("Rien")).to_have_count(0)
    expect(page.get_by_text("ne peuvent donc pas être coupés")).to_be_visible()
