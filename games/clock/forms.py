from django import forms
from django.utils.translation import gettext_lazy as _


class VacationForm(forms.Form):
    days = forms.IntegerField(label=_("Number of days"), min_value=1, max_value=366, initial=7)
