"""`{% vacation_note user %}`: "on vacation until …" next to a player, for opponents to see.

A page listing several players asks for all of them at once: `{% players_away seats as away %}`
(one query, or none when the users were loaded with `select_related("user__profile")`), then
`{% vacation_note seat.user away %}` for each."""

from django import template
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from games.accounts.selectors import vacation_status, vacation_statuses

register = template.Library()


@register.simple_tag
def players_away(rows) -> dict:
    """User id -> until when, for the players of `rows` (anything with a `user`) on vacation."""
    return vacation_statuses(users=[row.user for row in rows])


@register.simple_tag
def vacation_note(user, away=None):
    """`away`, from `players_away`, spares a query per player."""
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
