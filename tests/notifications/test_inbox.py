from __future__ import annotations

from games.notifications.models import Notification
from games.notifications.turns import notify_match_changed


def test_the_inbox_lists_notifications_and_marks_them_read(client, match, anna, bruno):
    notify_match_changed(match_id=match.pk, version=match.version)
    client.force_login(anna)
    page = client.get("/notifications/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert "Your turn against bruno (claim)." in page.content.decode()
    note = Notification.objects.get(user=anna)
    partial = client.post("/notifications/read/", {"id": note.pk}, HTTP_HX_REQUEST="true")
    assert partial.status_code == 200 and b"<html" not in partial.content
    note.refresh_from_db()
    assert note.read_at is not None


def test_one_cannot_mark_someone_elses_notification(client, match, anna, bruno):
    notify_match_changed(match_id=match.pk, version=match.version)
    note = Notification.objects.get(user=anna)
    client.force_login(bruno)
    assert client.post("/notifications/read/", {"id": note.pk}).status_code == 404
    note.refresh_from_db()
    assert note.read_at is None


def test_the_inbox_needs_a_login(client, db):
    assert client.get("/notifications/").status_code == 302
