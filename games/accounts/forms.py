import functools
import unicodedata
import zoneinfo
from pathlib import Path

from django import forms
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.accounts.models import Profile
from games.accounts.notice_groups import NOTICE_GROUPS, notice_choice
from games.accounts.webhooks import WebhookRefused, check_webhook_url
from hexsite.form_fields import CheckboxField

# The zones of the tz database's zone.tab, grouped by region, the players' usual ones first: one
# zone per country and region ("Europe/Luxembourg", "America/Toronto"), without the old aliases
# that available_timezones() also lists ("US/Eastern", "Asia/Calcutta", "America/Montreal").
# Each region's key in the tz database and its name for a reader.
REGIONS = (
    ("Europe", pgettext_lazy("time zone region", "Europe")),
    ("America", pgettext_lazy("time zone region", "America")),
    ("Africa", pgettext_lazy("time zone region", "Africa")),
    ("Asia", pgettext_lazy("time zone region", "Asia")),
    ("Australia", pgettext_lazy("time zone region", "Australia")),
    ("Pacific", pgettext_lazy("time zone region", "Pacific")),
    ("Atlantic", pgettext_lazy("time zone region", "Atlantic")),
    ("Indian", pgettext_lazy("time zone region", "Indian Ocean")),
)
# The usual places by their names in the reader's language (« Bruxelles », "Brussels"). The
# cities under each region are named by the Unicode CLDR (through Babel) in the reader's
# language: « Londres », « Hô-Chi-Minh-Ville », « New Salem (Dakota du Nord) ».
COMMON = (
    ("Europe/Paris", "Paris"),
    ("Europe/Brussels", pgettext_lazy("city", "Brussels")),
    ("Europe/Zurich", "Zurich"),
    ("Europe/Luxembourg", "Luxembourg"),
    # Montréal's players look for Montréal: the tz database files it under Toronto since 2013.
    ("America/Toronto", pgettext_lazy("city", "Montreal, Toronto")),
    ("Europe/London", pgettext_lazy("city", "London")),
    ("America/New_York", "New York"),
    ("UTC", "UTC"),
)


@functools.cache
def _cities(language: str) -> dict[str, str]:
    """Each listed zone's city as CLDR names it in `language`; the tz database's own name where
    CLDR has none. Babel is imported here: only the settings page needs it."""
    from babel import UnknownLocaleError
    from babel.dates import get_timezone_location

    cities = {}
    for zone in _listed_zones():
        try:
            cities[zone] = get_timezone_location(zone, locale=language, return_city=True)
        except (LookupError, UnknownLocaleError, ValueError):
            cities[zone] = zone.split("/", 1)[-1].replace("_", " ").replace("/", " – ")
    return cities


@functools.cache
def _listed_zones() -> frozenset[str]:
    """zone.tab's zones where the system has the tz database (Debian's tzdata, which bin/install
    asks for); else every zone Python knows, aliases included, rather than none."""
    for folder in zoneinfo.TZPATH:
        table = Path(folder) / "zone.tab"
        if table.is_file():
            rows = table.read_text(encoding="utf-8").splitlines()
            return frozenset(row.split("\t")[2] for row in rows if row and not row.startswith("#"))
    return frozenset(zoneinfo.available_timezones())


class LanguageSelect(forms.Select):
    """Each language named in itself (« Français » on an English page) and marked so: a screen
    reader says it in that language (WCAG 3.1.2, the language of parts)."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value:
            option["attrs"]["lang"] = str(value)
        return option


def _alphabetical(choice: tuple[str, str]) -> str:
    """« Île Maurice » among the I's, « Zurich » after « Zagreb »: accents set aside."""
    return unicodedata.normalize("NFKD", choice[1]).encode("ascii", "ignore").decode().casefold()


def time_zone_choices() -> list:
    zones = _listed_zones()
    city = _cities((get_language() or "en").split("-")[0])
    grouped = [(_("Common"), [(z, city) for z, city in COMMON if z in zones or z == "UTC"])]
    for region, name in REGIONS:
        cities = sorted(z for z in zones if z.startswith(region + "/"))
        grouped.append((name, sorted(((z, city[z]) for z in cities), key=_alphabetical)))
    return grouped


class SettingsForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("time zone"), choices=time_zone_choices)
    # Not required: a form sent from a page older than the setting keeps the player's theme.
    theme = forms.ChoiceField(
        label=_("theme"), choices=Profile.Theme.choices, widget=forms.RadioSelect, required=False
    )
    # Not required either, as the theme.
    game_tips = forms.ChoiceField(
        label=_("game tips"),
        choices=Profile.GameTips.choices,
        widget=forms.RadioSelect,
        required=False,
        help_text=_(
            "A « Tip » box beside your hand on the match page explains what is in front of "
            "you and why: placing the HQ, the draw and discard, your tiles, battles, the last "
            "turns. Automatic: during your first three matches of each game."
        ),
    )
    weekend_pause = CheckboxField(
        label=_("My clock stops at weekends"),
        required=False,
        help_text=_(
            "From Saturday 00:00 to Monday 00:00 in your time zone, in the matches that allow "
            "it, your days per move and your time bank count only weekdays (from your next "
            "turn; your opponents see it beside your name)."
        ),
    )
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
        # Where each group of notices goes: one choice per group, "nothing" only where the
        # group allows it (a forged one is refused like any unknown choice). Not required: a
        # form sent from a page older than a group keeps the player's choice for it.
        chosen = getattr(self.instance, "notice_choices", None) or {}
        for group in NOTICE_GROUPS:
            self.fields[NOTICE_PREFIX + group.key] = forms.ChoiceField(
                label=group.label,
                help_text=group.examples,
                choices=group.choices,
                widget=forms.RadioSelect,
                required=False,
                initial=notice_choice(chosen, group.key),
            )

    def general_fields(self) -> list:
        return [self[name] for name in GENERAL_FIELDS]

    def notification_fields(self) -> list:
        return [self[name] for name in NOTIFICATION_FIELDS]

    def notice_fields(self) -> list:
        return [self[NOTICE_PREFIX + group.key] for group in NOTICE_GROUPS]

    def clean(self) -> dict:
        cleaned = super().clean()
        choices = dict(getattr(self.instance, "notice_choices", None) or {})
        for group in NOTICE_GROUPS:
            chosen = cleaned.pop(NOTICE_PREFIX + group.key, "")
            if chosen:
                choices[group.key] = chosen
        cleaned["notice_choices"] = choices
        return cleaned

    def clean_theme(self) -> str:
        return self.cleaned_data["theme"] or self.instance.theme

    def clean_game_tips(self) -> str:
        return self.cleaned_data["game_tips"] or self.instance.game_tips

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
            "weekend_pause",
            "discord_webhook_url",
            "turn_chime",
            "theme",
            "game_tips",
        ]
        widgets = {"notify_turn": forms.RadioSelect, "language": LanguageSelect}
        help_texts = {
            "deadline_reminders": _("24 h, 4 h and 1 h before you would lose on time."),
            "turn_chime": _("A short chime on the site's open pages, once you have clicked in."),
        }


# The page's sections (templates: accounts/settings.html), the notices' choices after the second.
GENERAL_FIELDS = ("display_name", "language", "time_zone", "weekend_pause", "theme", "game_tips")
NOTIFICATION_FIELDS = ("notify_turn", "deadline_reminders", "discord_webhook_url", "turn_chime")
NOTICE_PREFIX = "notice_"


class AvatarForm(forms.Form):
    """Settings' « Photo de profil »: send a picture, or remove yours (which button was
    pressed: `action`). What the file may be is the service's to say (games/accounts/avatars.py)."""

    picture = forms.FileField(
        label=_("Profile picture"),
        required=False,
        widget=forms.FileInput(attrs={"accept": "image/jpeg,image/png,image/webp"}),
        help_text=_(
            "A JPEG, PNG or WebP image of at most 2 MB. We keep a square from its centre, "
            "192 pixels wide, without its metadata (place, camera); an animated picture keeps "
            "its first image."
        ),
    )
    action = forms.ChoiceField(choices=[("upload", "upload"), ("remove", "remove")])

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("action") == "upload" and not cleaned.get("picture"):
            self.add_error("picture", _("Choose a picture first."))
        return cleaned


class AccountDeleteForm(forms.Form):
    """Settings' « Supprimer mon compte »: the password again and the user name typed out (the
    service checks both against the signed-in player; nothing else of the form is read)."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        max_length=4096,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    username = forms.CharField(
        label=_("Your user name, typed again"),
        max_length=150,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}
        ),
    )
