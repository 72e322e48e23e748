"""`{% vacation_note user %}`: "on vacation until …" next to a player, for opponents to see.
(The match page gets it beside every seat from the clock: games/clock/presenters.py.)"""

from django import template
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from games.accounts.selectors import vacation_status

register = template.Library()


@register.simple_tag
def vacation_note(user, away=None):
    """`away` (user id -> until when, from `vacation_statuses`) spares a query per player."""
    if user is None:
        return ""
    until = away.get(user.pk) if away is not None else vacation_status(user)
    if until is None:
        return ""
    when = date_format(localtime(until), "SHORT_DATETIME_FORMAT")
    return format_html(
        '<span class="vacation-note">{}</span>',
        _("on vacation until %(when)s") % {"when": when},
    )
