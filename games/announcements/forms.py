from __future__ import annotations

import secrets

from django import forms
from django.utils.translation import gettext_lazy as _

from games.announcements.models import MAX_TEXT


class AnnouncementForm(forms.Form):
    """What the organisers' form sends; services.announcement_post checks it (its refusals say
    what is wrong in words), so the fields here only read it."""

    text = forms.CharField(
        label=_("Announcement to every player"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": MAX_TEXT}),
    )
    token = forms.CharField(required=False, widget=forms.HiddenInput)

    @classmethod
    def blank(cls) -> AnnouncementForm:
        """A new form with its one-time key (the same form sent twice posts once)."""
        return cls(initial={"token": secrets.token_urlsafe(16)})
