"""Strings of the site layout (templates/base.html, owned by this app) listed here so that
`makemessages` run inside games/matches puts them in this app's catalogue."""

from django.utils.translation import gettext_noop as _
from django.utils.translation import pgettext_lazy

LAYOUT_STRINGS = (
    _("Skip to content"),
    _("Main"),
    _("Play"),
    _("My games"),
    _("Campaigns"),
    _("League"),
    _("Sign out"),
    _("Sign in"),
    _("Sign up"),
    _("Language"),
    pgettext_lazy("language switcher", "Change"),
    _("Menu"),
    _("Rules"),
    _("Notifications"),
    _("Settings"),
    _("unread:"),
)
