"""Forms parse and validate input; the services decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.campaigns import rules
from games.campaigns.presenters import OBJECTIVE_LABELS
from hexsite.form_fields import CheckboxField


def _system_choices():
    from games.engine.registry import system_keys
    from games.matches.systems import get_site

    # Each game by the name the lobby gives it, in the reader's language (its key, capitalised,
    # read in English on the French site).
    return [(k, str(get_site(k).name)) for k in system_keys()]


def _tick(**options) -> CheckboxField:
    """An optional checkbox, drawn inside its label (hexsite/check_field.html): the box and its
    words are one target to tap."""
    return CheckboxField(required=False, **options)


def _number(label, initial: int, *, max_value: int = rules.MAX_STAKE, min_value: int = 0):
    """An optional house-rule number (left empty: the rulebook's default)."""
    return forms.IntegerField(
        label=label, min_value=min_value, max_value=max_value, initial=initial, required=False
    )


class CampaignCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    systems = forms.MultipleChoiceField(
        label=_("Games"), choices=_system_choices, widget=forms.CheckboxSelectMultiple
    )
    rounds = forms.IntegerField(label=_("Number of rounds"), min_value=1, max_value=52, initial=6)
    round_length_days = forms.IntegerField(
        label=_("Round length (days)"), min_value=1, max_value=90, initial=14
    )
    ends_on = forms.DateField(
        label=_("End date (optional)"),
        required=False,
        help_text=_("The campaign ends after its last round or at this date, whichever is first."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    organiser_plays = _tick(
        label=_("I play in this campaign too"),
        help_text=_("Untick to organise without playing (an umpire)."),
        initial=True,
    )
    is_public = _tick(
        label=_("Public (anyone may join; otherwise by invitation link)"),
        initial=True,
    )
    pairing_mode = forms.ChoiceField(
        label=_("How battles are arranged"),
        choices=[
            ("challenge", _("Players challenge each other")),
            ("organiser", _("The organiser pairs players")),
            ("auto", _("Automatic pairing each round")),
        ],
        initial="challenge",
    )
    declaration_deadline_hours = forms.IntegerField(
        label=_("Hours to declare an objective"), min_value=1, max_value=720, initial=72
    )
    default_objective = forms.ChoiceField(
        label=_("Objective of a player who misses the deadline"),
        choices=[(k, OBJECTIVE_LABELS[k]) for k in rules.OBJECTIVES],
        initial=rules.EXPANSION,
    )
    choice_deadline_hours = forms.IntegerField(
        label=_("Hours for the winner to pick territories"), min_value=1, max_value=720, initial=48
    )
    invasion_requires_adjacency = _tick(
        label=_("Stolen territories must touch one the winner holds")
    )
    nothing_to_take = forms.ChoiceField(
        label=_("When fewer territories exist than the objective names"),
        choices=[
            ("partial", _("Take what exists")),
            ("none", _("Take nothing")),
        ],
        initial="partial",
    )

    draw_effect = forms.ChoiceField(
        label=_("After a draw"),
        choices=[
            (rules.DRAW_NOTHING, _("Nothing changes (default)")),
            (rules.DRAW_BOTH_CLAIM, _("Each player takes one unclaimed territory")),
            (rules.DRAW_REPLAY, _("The battle is played again, once")),
        ],
        initial=rules.DRAW_NOTHING,
        required=False,
    )
    battles_per_round = _number(
        _("Battles per player and round"), 1, max_value=rules.MAX_BATTLES_PER_ROUND, min_value=1
    )
    stake_expansion = _number(_("Expansion: unclaimed territories taken"), 2)
    stake_invasion = _number(_("Invasion: territories taken"), 1)
    stake_all_or_nothing = _number(_("All or nothing: territories taken on a win"), 2)
    stake_all_or_nothing_loss = _number(_("All or nothing: territories given on a loss"), 1)
    stake_raid = _number(_("Raid: territories the loser loses"), 3)
    army_required = _tick(label=_("Games with army lists: each player brings a list of their own"))
    army_points_limit = _number(
        _("Games with army lists: points limit (0 for none)"), 0, max_value=10000
    )

    def house_rules(self) -> dict:
        keys = (
            "pairing_mode",
            "declaration_deadline_hours",
            "default_objective",
            "choice_deadline_hours",
            "invasion_requires_adjacency",
            "nothing_to_take",
            "draw_effect",
            "battles_per_round",
            "army_required",
            "army_points_limit",
            *rules.STAKES,
        )
        return {k: self.cleaned_data[k] for k in keys if self.cleaned_data.get(k) not in (None, "")}


class DeclareForm(forms.Form):
    objective = forms.ChoiceField(
        label=_("Your objective"),
        choices=[(k, OBJECTIVE_LABELS[k]) for k in rules.OBJECTIVES],
        widget=forms.RadioSelect,
    )
    # Systems with army lists: the id of the list the player brings ("" the default army); the
    # service checks it is theirs.
    army_list = forms.CharField(required=False, max_length=20)


class ChallengeForm(forms.Form):
    opponent = forms.IntegerField(label=_("Opponent"))


class PairForm(forms.Form):
    player_a = forms.IntegerField()
    player_b = forms.IntegerField()


class ExtendForm(forms.Form):
    battle = forms.IntegerField()
    hours = forms.IntegerField(min_value=1, max_value=720, initial=24)


class CorrectForm(forms.Form):
    battle = forms.IntegerField()
    winner = forms.ChoiceField(choices=[("a", "a"), ("b", "b"), ("", "draw")], required=False)
    reason = forms.CharField(max_length=200)


class RemoveForm(forms.Form):
    player = forms.IntegerField()
    reason = forms.CharField(max_length=200, required=False)
