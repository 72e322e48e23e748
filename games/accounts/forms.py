import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from games.accounts.models import Profile
from games.accounts.webhooks import WebhookRefused, check_webhook_url

# Canonical zones only (Region/City), grouped by region, the players' usual ones first; old
# aliases ("US/Eastern", "Etc/GMT+1") are left out.
REGIONS = ("Europe", "America", "Africa", "Asia", "Australia", "Pacific", "Atlantic", "Indian")
COMMON = (
    "Europe/Paris",
    "Europe/Brussels",
    "Europe/Zurich",
    "Europe/Luxembourg",
    "America/Montreal",
    "Europe/London",
    "America/New_York",
    "UTC",
)


def _city(zone: str) -> str:
    return zone.split("/", 1)[-1].replace("_", " ").replace("/", " – ")


def time_zone_choices() -> list:
    zones = zoneinfo.available_timezones()
    grouped = [(_("Common"), [(z, _city(z)) for z in COMMON if z in zones or z == "UTC"])]
    for region in REGIONS:
        cities = sorted(z for z in zones if z.startswith(region + "/"))
        grouped.append((region, [(z, _city(z)) for z in cities]))
    return grouped


class SettingsForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("time zone"), choices=time_zone_choices)
    discord_webhook_url = forms.URLField(
        label=_("Discord webhook"),
        required=False,
        assume_scheme="https",
        max_length=300,
        help_text=_(
            "Optional. In Discord: channel settings, Integrations, Webhooks, copy the URL."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        current = getattr(self.instance, "time_zone", "")
        flat = {z for _group, zones in time_zone_choices() for z, _label in zones}
        if current and current not in flat:  # an older choice stays valid
            self.fields["time_zone"].choices = [(current, current), *time_zone_choices()]

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
