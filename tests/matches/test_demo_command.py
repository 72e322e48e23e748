"""`manage.py demo`: a match in progress between anna and bruno, of any registered system."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.engine.registry import system_keys
from games.matches.models import Match

pytestmark = pytest.mark.django_db


def test_the_demo_makes_one_match_in_progress_of_the_first_system_and_reuses_it():
    out = StringIO()
    call_command("demo", stdout=out)
    call_command("demo", stdout=out)
    match = Match.objects.get()
    assert match.system == system_keys()[0] and match.status == Match.Status.ACTIVE
    assert match.version >= 4
    assert f"/m/{match.pk}/" in out.getvalue()


@pytest.mark.parametrize("key", system_keys())
def test_the_demo_plays_any_registered_system_it_is_given(key):
    call_command("demo", "--system", key, stdout=StringIO())
    assert Match.objects.get().system == key
