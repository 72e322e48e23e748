"""What the matches app adds to a player's public profile (accounts' section hook): a signed-in
reader may challenge that player. Registered by games/notifications/apps.py, as matches may not
import accounts (tests/hexsite/test_arrows.py)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _


def challenge_section(user, *, viewer=None) -> SafeString:
    """ "Challenge bruno": the new-match form with the second seat kept for them. Nothing for
    a visitor, for the player themselves, or for a closed account."""
    if viewer is None or not viewer.is_authenticated or viewer.pk == user.pk or not user.is_active:
        return SafeString("")
    name = user.get_username()
    url = f"{reverse('matches:create')}?{urlencode({'opponent': name})}#new-match"
    return format_html(
        '<p class="challenge-link"><a class="button" href="{}" data-testid="challenge-player">'
        "{}</a></p>",
        url,
        _("Challenge %(name)s") % {"name": name},
    )
