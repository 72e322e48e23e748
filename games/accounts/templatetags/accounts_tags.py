"""`{% vacation_note user %}`: "on vacation until …" next to a player, for opponents to see."""

from django import template
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from games.accounts.selectors import vacation_status

register = template.Library()


_UNKNOWN = object()


@register.simple_tag
def vacation_note(user, until=_UNKNOWN):
    """`until` may be given when the caller already knows it (None: not on vacation), which
    spares a query per player (the match page fetches every seat's status at once)."""
    if until is _UNKNOWN:
        until = vacation_status(user)
    if until is None:
        return ""
    when = date_format(localtime(until), "SHORT_DATETIME_FORMAT")
    return format_html(
        '<span class="vacation-note">{}</span>',
        _("on vacation until %(when)s") % {"when": when},
    )
