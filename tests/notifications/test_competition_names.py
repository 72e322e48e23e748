"""A campaign whose name says « campagne » is named alone in the notices, as on the match page
(matches' `hooks.competition_label`): « vous défie dans Campagne d'hiver », not « dans la
campagne Campagne d'hiver »."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.notifications.models import Notification
from games.notifications.texts import notification_text


def _challenge(campaign: str) -> Notification:
    params = {"by": "bruno", "campaign": campaign}
    return Notification(kind=Notification.Kind.CHALLENGE, params=params)


@pytest.mark.parametrize(
    ("language", "campaign", "text"),
    [
        ("fr", "Campagne d'hiver", "bruno vous défie dans Campagne d'hiver."),
        ("fr", "Hex Wars", "bruno vous défie dans la campagne Hex Wars."),
        ("en", "Winter Campaign", "bruno challenges you in Winter Campaign."),
        ("en", "Hex Wars", "bruno challenges you in the campaign Hex Wars."),
    ],
)
def test_a_campaign_named_by_its_kind_is_named_alone(language, campaign, text):
    with translation.override(language):
        assert notification_text(_challenge(campaign)) == text
