from __future__ import annotations

import secrets

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.engine.registry import system_keys
from games.league import tiebreaks
from games.league.models import Division, League, Playoff
from games.league.models_adjustments import POINTS_LIMIT
from games.league.presets import league_preset_choices
from games.league.standings import TIEBREAKERS
from games.matches.systems import get_site
from hexsite.form_fields import CheckboxField


class TiebreakersField(forms.ChoiceField):
    """An order of tie-breakers, chosen among named orders (tiebreaks.ORDERS): the names
    joined by commas in the form, a list once clean (as `League.tiebreakers` holds it)."""

    def prepare_value(self, value):
        return ",".join(value) if isinstance(value, list | tuple) else value

    def clean(self, value) -> list[str] | None:  # type: ignore[override]
        value = super().clean(value)
        return value.split(",") if value else None  # not sent: as it is (or the default)


class LeagueSettingsFields(forms.Form):
    """The league's settings an organiser chooses at creation and may edit afterwards: the
    creation form and the editor share these definitions."""

    name = forms.CharField(label=_("Name"), max_length=100)
    default_format = forms.ChoiceField(label=_("Pairing system"), choices=Division.Format.choices)
    default_swiss_rounds = forms.IntegerField(
        label=_("Swiss rounds"), min_value=1, max_value=30, initial=5
    )
    division_size = forms.IntegerField(
        label=_("Players per division"), min_value=2, max_value=64, initial=8
    )
    mirrored_duels = CheckboxField(label=_("Mirrored two-game duels"), required=False)
    tiebreakers = TiebreakersField(
        label=_("Tie-breakers, in order"),
        required=False,
        initial=",".join(TIEBREAKERS),
        help_text=_(
            "Between players on the same points. Buchholz: their opponents' points; cut 1: "
            "less the weakest opponent's; Sonneborn-Berger: the points of the opponents they "
            "beat, half of those they drew."
        ),
    )
    is_public = CheckboxField(label=_("Anyone may sign up"), required=False, initial=True)
    vacation_policy = forms.ChoiceField(label=_("Vacation"), choices=League.Vacation.choices)
    weekend_pause_allowed = CheckboxField(
        label=_("Weekend pause allowed"),
        required=False,
        initial=True,
        help_text=_(
            "A player who asked for it in their settings has a clock that stops from Saturday "
            "00:00 to Monday 00:00 in their time zone."
        ),
    )
    withdrawal_policy = forms.ChoiceField(
        label=_("When a player leaves"), choices=League.Withdrawal.choices
    )
    late_joiners = forms.ChoiceField(
        label=_("Late joiners (Swiss)"), choices=League.LateJoin.choices, required=False
    )
    army_lists = forms.ChoiceField(
        label=_("Army lists (games with lists)"),
        choices=League.ArmyLists.choices,
        required=False,
    )
    army_points_limit = forms.IntegerField(
        label=_("Army points limit"), min_value=1, max_value=10000, required=False
    )
    forfeit_rule_text = forms.CharField(
        label=_("Forfeit rule"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    rules_text = forms.CharField(
        label=pgettext_lazy("a league's own rules", "Rules"),
        widget=forms.Textarea(attrs={"rows": 5}),
        required=False,
    )
    entry_fee = forms.CharField(
        label=_("Entry fee"),
        max_length=80,
        required=False,
        help_text=_(
            "Optional, in your words (« 5 €, paid at the club »). Paid outside the site: you "
            "tick who paid in the organiser tools; only you and each player see it."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        current = self.initial.get("tiebreakers")
        self.fields["tiebreakers"].choices = tiebreaks.order_choices(current)

    def clean(self):
        data = super().clean()
        if data.get("tiebreakers") is None:  # a form sent without it keeps the league's
            data.pop("tiebreakers", None)
        return data

    def clean_army_lists(self) -> str:
        return self.cleaned_data.get("army_lists") or League.ArmyLists.NONE

    def clean_late_joiners(self) -> str:
        return self.cleaned_data.get("late_joiners") or League.LateJoin.APPROVAL


class LeagueForm(LeagueSettingsFields):
    preset = forms.ChoiceField(label=_("Format"), choices=[], required=False)
    system = forms.ChoiceField(label=_("Game"), choices=[])

    field_order = ["name", "preset", "system"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [(k, str(get_site(k).name)) for k in system_keys()]
        # The formats the systems offer (a preset fixes the game), then the organiser's own.
        self.fields["preset"].choices = [*league_preset_choices(), ("", _("Custom"))]


def _points_field(label) -> forms.DecimalField:
    return forms.DecimalField(label=label, min_value=0, max_value=99, decimal_places=1)


class LeagueEditForm(LeagueSettingsFields):
    """« Modifier la ligue »: the creation form's settings (not the game: its options and the
    ratings belong to it), the points a result gives, and why the organiser changes them."""

    points_win = _points_field(_("Points per win"))
    points_draw = _points_field(_("Points per draw"))
    points_loss = _points_field(_("Points per loss"))
    reason = forms.CharField(
        label=_("Reason (shown in the season log)"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, locked: tuple[str, ...] = (), **kwargs):
        super().__init__(*args, **kwargs)
        # A locked setting travels unchanged in a hidden input (the page shows it read-only):
        # a forged value then reaches the service, which refuses it rather than dropping it.
        for name in locked:
            self.fields[name].widget = forms.HiddenInput()


class SeasonOpenForm(forms.Form):
    round_days = forms.IntegerField(label=_("Days per round"), min_value=1, max_value=14, initial=7)
    signup_closes = forms.DateTimeField(
        label=_("Sign-up closes"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason (shown in the season log)"), max_length=500)


class SubstituteForm(ReasonForm):
    registration = forms.IntegerField(label=_("Player"))
    new_username = forms.CharField(label=_("Substitute's username"), max_length=150)


class DisqualifyForm(ReasonForm):
    registration = forms.IntegerField(label=_("Player"))


class DeadlineForm(ReasonForm):
    round = forms.IntegerField(label=_("Round"))
    deadline = forms.DateTimeField(
        label=_("New deadline"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )


class AdjustForm(ReasonForm):
    game = forms.IntegerField(label=_("Game"))
    winner = forms.IntegerField(label=_("Winner (player)"), required=False)
    forfeit = CheckboxField(label=_("The loser forfeited"), required=False)


class PointsAdjustmentForm(ReasonForm):
    """Bonus (positive) or penalty (negative) points for a player of the division. `token` is
    drawn when the form is shown: the same form sent twice gives the points once."""

    registration = forms.IntegerField(label=_("Player"))
    points = forms.IntegerField(
        label=_("Points (negative for a penalty)"),
        min_value=-POINTS_LIMIT,
        max_value=POINTS_LIMIT,
    )
    token = forms.CharField(max_length=64, widget=forms.HiddenInput)

    def clean_points(self) -> int:
        points = self.cleaned_data["points"]
        if points == 0:
            raise forms.ValidationError(_("Zero points changes nothing."))
        return points


def new_form_token() -> str:
    return secrets.token_urlsafe(16)


class PlayoffForm(forms.Form):
    qualifiers = forms.TypedChoiceField(
        label=_("Top cut"),
        choices=[(2, _("Top 2 (a final)")), (4, _("Top 4")), (8, _("Top 8"))],
        coerce=int,
        initial=4,
    )
    scope = forms.ChoiceField(label=_("Of"), choices=Playoff.Scope.choices)
    third_place = CheckboxField(label=_("Play for third place"), required=False)


# Long texts are named, not quoted, in the season log: the league page shows the new text.
_TEXT_SETTINGS = ("rules_text", "forfeit_rule_text")


def setting_value_in_words(name: str, value) -> str:
    field = LeagueEditForm.base_fields[name]
    if name == "tiebreakers":
        return tiebreaks.in_words(value or ())
    if isinstance(field, forms.BooleanField):
        return str(_("yes") if value else _("no"))
    if isinstance(field, forms.ChoiceField):
        return str(dict(field.choices).get(value, value))
    return "—" if value in (None, "") else str(value)


def settings_changes_in_words(changes: list) -> str:
    """« Nom : Ligue A → Ligue B · Règles modifiées » from a log line's [name, old, new]."""
    words = []
    for name, old, new in changes:
        field = LeagueEditForm.base_fields.get(name)
        if field is None:
            continue
        if name in _TEXT_SETTINGS:
            words.append(_("%(setting)s: new text") % {"setting": field.label})
        else:
            words.append(
                _("%(setting)s: %(old)s → %(new)s")
                % {
                    "setting": field.label,
                    "old": setting_value_in_words(name, old),
                    "new": setting_value_in_words(name, new),
                }
            )
    return " · ".join(str(w) for w in words)
