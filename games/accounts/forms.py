import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from games.accounts.models import Profile
from games.accounts.webhooks import WebhookRefused, check_webhook_url

_ZONES = sorted(zoneinfo.available_timezones() - {"Factory", "localtime"})


class SettingsForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("time zone"), choices=[(z, z) for z in _ZONES])
    discord_webhook_url = forms.URLField(
        label=_("Discord webhook"),
        required=False,
        assume_scheme="https",
        max_length=300,
        help_text=_(
            "Optional. In Discord: channel settings, Integrations, Webhooks, copy the URL."
        ),
    )

    def clean_discord_webhook_url(self) -> str:
        url = self.cleaned_data["discord_webhook_url"]
        if url:
            try:
                check_webhook_url(url)  # a supported host that resolves to public addresses
            except WebhookRefused as refusal:
                raise forms.ValidationError(refusal.message) from None
        return url

    class Meta:
        model = Profile
        fields = [
            "display_name",
            "language",
            "time_zone",
            "notify_turn",
            "deadline_reminders",
            "discord_webhook_url",
        ]
        widgets = {"notify_turn": forms.RadioSelect}
        help_texts = {
            "deadline_reminders": _("24 h, 4 h and 1 h before you would lose on time."),
        }
