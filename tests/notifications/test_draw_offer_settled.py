"""An inbox entry whose action is gone no longer calls for it (lichess, BGA): a draw offer
answered is not « nouveau » in the inbox any more."""

from __future__ import annotations

from games.matches.services import match_decline_draw, match_offer_draw
from games.notifications.models import Notification


def test_a_draw_offer_declined_is_no_longer_new_in_the_inbox(
    match, anna, bruno, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match_offer_draw(match_id=match.pk, user=anna)
    offer = Notification.objects.get(user=bruno, kind=Notification.Kind.DRAW_OFFER)
    assert offer.read_at is None
    with django_capture_on_commit_callbacks(execute=True):
        match_decline_draw(match_id=match.pk, user=bruno)
    offer.refresh_from_db()
    assert offer.read_at is not None
    # What tells news stays new: anna reads that bruno declined.
    declined = Notification.objects.get(user=anna, kind=Notification.Kind.DRAW_DECLINED)
    assert declined.read_at is None
