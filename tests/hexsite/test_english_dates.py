"""English dates for a European community (French first): day month year and a 24-hour clock,
as en-GB writes them (hexsite/formats/en). Django's « en » wrote « Nov. 28, 2026 » and
« 11/28/2026 2:30 p.m. » on every English page, notice and e-mail."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django import forms
from django.utils import translation
from django.utils.formats import date_format

AFTERNOON = datetime(2026, 11, 28, 14, 30, tzinfo=ZoneInfo("Europe/Paris"))


@pytest.mark.parametrize(
    ("name", "english", "french"),
    [
        ("DATE_FORMAT", "28 November 2026", "28 novembre 2026"),
        ("DATETIME_FORMAT", "28 November 2026, 14:30", "28 novembre 2026 14:30"),
        ("SHORT_DATE_FORMAT", "28/11/2026", "28/11/2026"),
        ("SHORT_DATETIME_FORMAT", "28/11/2026 14:30", "28/11/2026 14:30"),
        ("TIME_FORMAT", "14:30", "14:30"),
        ("MONTH_DAY_FORMAT", "28 November", "28 novembre"),
    ],
)
def test_english_dates_read_day_month_year_on_a_24_hour_clock(name, english, french):
    with translation.override("en"):
        assert date_format(AFTERNOON, name) == english
    with translation.override("fr"):
        assert date_format(AFTERNOON, name) == french


def test_an_english_form_reads_a_typed_date_day_first():
    """A date typed as the English pages show it (28/11/2026) is the 28th, not refused."""
    with translation.override("en"):
        field = forms.DateField()
        assert field.clean("28/11/2026") == AFTERNOON.date()
        assert field.clean("2026-11-28") == AFTERNOON.date()  # what a date input sends
