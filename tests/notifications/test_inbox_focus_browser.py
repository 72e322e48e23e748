"""The inbox with the keyboard: after "Mark as read" the focus is on the next unread entry's
"Mark as read", after the last one (or "Mark all as read") on the page's heading. It went back
to the page's top: a keyboard reader tabbed through the whole menu again for each entry."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.notifications.models import Notification
from games.notifications.services import notify_user
from tests.browser_support import make_verified_user, sign_in

PASSWORD = "hexsite-inbox-focus-1"


def _focused(page) -> str:
    return page.evaluate(
        "() => (document.activeElement.closest('li') || {}).textContent"
        " || document.activeElement.id"
    )


@pytest.mark.browser
def test_marking_entries_read_keeps_the_keyboard_in_the_list(daphne_server, new_context):
    reader = make_verified_user("boite_anna", PASSWORD)
    for name in ("Brume", "Cendre"):
        notify_user(
            user_id=reader.pk,
            kind=Notification.Kind.ROUND,
            params={"campaign": name, "number": 1},
            about=f"inbox-focus-{name}",
            channels=False,
        )
    page = new_context(locale="fr-FR", viewport={"width": 360, "height": 780}).new_page()
    sign_in(page, daphne_server, "boite_anna", PASSWORD)
    page.goto(f"{daphne_server.url}/notifications/")
    marks = page.locator("#inbox .inbox-item button.link")
    expect(marks).to_have_count(2)
    newest_first = [page.locator("#inbox li").nth(i).inner_text() for i in range(2)]

    marks.first.focus()
    page.keyboard.press("Enter")
    expect(marks).to_have_count(1)
    expect(marks.first).to_be_focused()
    assert "Cendre" in newest_first[0] and "Brume" in _focused(page)

    page.keyboard.press("Enter")
    expect(marks).to_have_count(0)
    expect(page.locator("#inbox-title")).to_be_focused()
