from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine.registry import system_keys
from games.league.models import Division, League, Playoff
from games.league.presets import league_preset_choices
from games.matches.systems import get_site


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    preset = forms.ChoiceField(label=_("Format"), choices=[], required=False)
    system = forms.ChoiceField(label=_("Game"), choices=[])
    default_format = forms.ChoiceField(label=_("Pairing system"), choices=Division.Format.choices)
    default_swiss_rounds = forms.IntegerField(
        label=_("Swiss rounds"), min_value=1, max_value=30, initial=5
    )
    division_size = forms.IntegerField(
        label=_("Players per division"), min_value=2, max_value=64, initial=8
    )
    mirrored_duels = forms.BooleanField(label=_("Mirrored two-game duels"), required=False)
    is_public = forms.BooleanField(label=_("Anyone may sign up"), required=False, initial=True)
    vacation_policy = forms.ChoiceField(label=_("Vacation"), choices=League.Vacation.choices)
    weekend_pause_allowed = forms.BooleanField(
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
        label=_("Rules"), widget=forms.Textarea(attrs={"rows": 5}), required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [(k, str(get_site(k).name)) for k in system_keys()]
        # The formats the systems offer (a preset fixes the game), then the organiser's own.
        self.fields["preset"].choices = [*league_preset_choices(), ("", _("Custom"))]

    def clean_army_lists(self) -> str:
        return self.cleaned_data.get("army_lists") or League.ArmyLists.NONE

    def clean_late_joiners(self) -> str:
        return self.cleaned_data.get("late_joiners") or League.LateJoin.APPROVAL


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
    forfeit = forms.BooleanField(label=_("The loser forfeited"), required=False)


class PlayoffForm(forms.Form):
    qualifiers = forms.TypedChoiceField(
        label=_("Top cut"),
        choices=[(2, _("Top 2 (a final)")), (4, _("Top 4")), (8, _("Top 8"))],
        coerce=int,
        initial=4,
    )
    scope = forms.ChoiceField(label=_("Of"), choices=Playoff.Scope.choices)
    third_place = forms.BooleanField(label=_("Play for third place"), required=False)
