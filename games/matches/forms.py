"""The lobby's "new match" form. The system's own options come from its site adapter."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from games.engine.registry import get_system
from games.matches.systems import get_site, playable_keys
from hexsite.form_fields import CheckboxField

SEAT_CHOICES = [
    ("open", _("Open seat (listed in the lobby)")),
    ("me", _("Me too (a seat of my team, in team play)")),
    ("invite", _("Invite (by link)")),
    ("named", _("A named player (a challenge)")),
    ("computer-easy", _("Computer, easy")),
    ("computer", _("Computer, medium")),
    ("computer-hard", _("Computer, hard")),
]
BOT_LEVELS = {"computer-easy": 1, "computer": 2, "computer-hard": 3}
PEOPLE_LIST_ID = "people-played-with"  # the <datalist> of names the name fields offer


class NewMatchForm(forms.Form):
    system = forms.ChoiceField(label=_("Game"))
    players = forms.TypedChoiceField(label=_("Players"), coerce=int, initial=2)
    days_per_move = forms.IntegerField(
        label=_("Days per move"), min_value=1, max_value=14, initial=3
    )
    bank_increment_hours = forms.IntegerField(
        label=_("Time bank: hours added per move"), min_value=0, max_value=48, initial=0
    )
    bank_max_days = forms.IntegerField(
        label=_("Time bank: at most (days)"), min_value=0, max_value=30, initial=0
    )
    vacation_allowed = CheckboxField(label=_("Vacation allowed"), required=False, initial=True)
    weekend_pause_allowed = CheckboxField(
        label=_("Weekend pause allowed"),
        required=False,
        initial=True,
        help_text=_(
            "Players who asked for it in their settings: their clock stops from Saturday 00:00 "
            "to Monday 00:00 in their time zone."
        ),
    )
    is_public = CheckboxField(label=_("Public (anyone may watch)"), required=False, initial=True)

    def __init__(self, *args, user=None, **kwargs):
        """`user`: the creator (nobody challenges themselves)."""
        super().__init__(*args, **kwargs)
        self.user = user
        self.challenged: dict[int, object] = {}  # seat index -> the person named, once clean
        keys = playable_keys()
        self.fields["system"].choices = [(k, get_site(k).name) for k in keys]
        # Up to the most seats any playable system takes; each engine checks its own numbers.
        self.most_seats = max((get_system(k).max_seats for k in keys), default=4)
        self.fields["players"].choices = [(n, n) for n in range(2, self.most_seats + 1)]
        for n in range(1, self.most_seats):
            self.fields[f"seat_{n}"] = forms.ChoiceField(
                label=_("Seat %(n)d") % {"n": n + 1},
                choices=SEAT_CHOICES,
                initial="open",
                required=False,  # a seat beyond the number of players may be left out
            )
            self.fields[f"opponent_{n}"] = forms.CharField(
                label=_("Player's name"),
                max_length=150,
                required=False,
                widget=forms.TextInput(
                    attrs={
                        "list": PEOPLE_LIST_ID,
                        "autocomplete": "off",
                        "autocapitalize": "none",
                        "spellcheck": "false",
                        "size": 14,
                    }
                ),
            )

    def clean(self):
        """Each seat within the number of players says who takes it (the page always sends one:
        a blank one is a forged or broken form, refused rather than guessed)."""
        cleaned = super().clean()
        players = cleaned.get("players")
        for n in range(1, players or 0):
            if not cleaned.get(f"seat_{n}") and f"seat_{n}" not in self.errors:
                self.add_error(f"seat_{n}", _("Choose who takes this seat."))
            else:
                self._clean_opponent(n, cleaned.get(f"seat_{n}"))
        return cleaned

    def _clean_opponent(self, n: int, kind: str | None) -> None:
        """The seat's name field: a named player's seat needs an active player other than the
        creator; every other kind of seat takes no name."""
        name = (self.cleaned_data.get(f"opponent_{n}") or "").strip().lstrip("@")
        field = f"opponent_{n}"
        if kind != "named":
            if name and kind in BOT_LEVELS:
                self.add_error(
                    field,
                    _(
                        "A computer seat takes no player's name: clear it, or choose “A named player”."
                    ),
                )
            elif name:
                self.add_error(
                    field,
                    _(
                        "Only a named player's seat takes a name: clear it, or choose “A named player”."
                    ),
                )
            return
        if not name:
            self.add_error(field, _("Type the name of the player you challenge."))
            return
        person = get_user_model().objects.filter(username__iexact=name, is_active=True).first()
        if person is None:
            self.add_error(field, _("Nobody called “%(name)s” plays here.") % {"name": name})
        elif self.user is not None and person.pk == self.user.pk:
            self.add_error(
                field, _("You cannot challenge yourself: choose “Me too” to take a seat too.")
            )
        else:
            self.challenged[n] = person

    def other_seats(self) -> list:
        """Each seat after the creator's, in order (for the template): its choice's bound field
        and its name field's."""
        return [(self[f"seat_{n}"], self[f"opponent_{n}"]) for n in range(1, self.most_seats)]

    def seat_plan(self) -> list[str]:
        """ "me" for the creator (and any seat they also take), then the kind of each other
        seat."""
        players = self.cleaned_data["players"]
        kinds = [self.cleaned_data[f"seat_{n}"] for n in range(1, players)]
        return ["me", *("computer" if kind in BOT_LEVELS else kind for kind in kinds)]

    def bot_levels(self) -> dict[int, int]:
        """The level (1 easy, 2 medium, 3 hard) of each computer seat, by seat index."""
        players = self.cleaned_data["players"]
        return {
            n: BOT_LEVELS[kind]
            for n in range(1, players)
            if (kind := self.cleaned_data[f"seat_{n}"]) in BOT_LEVELS
        }
