"""One refusal type for every app (games/refusals.py): a view runs a service through `attempt`,
which hands back the refusal's sentence and nothing else; a `Forbidden` refusal is left for
Django to answer with a 403 page."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory

from games.refusals import Forbidden, Refused, attempt


def _refuse(error: Exception):
    raise error


def test_a_refusal_comes_back_as_its_sentence_and_the_result_as_the_result():
    request = RequestFactory().post("/")
    refused = attempt(request, lambda: _refuse(Refused("Not now.")), message=False)
    assert (refused.ok, refused.error, refused.result) == (False, "Not now.", None)
    done = attempt(request, lambda: 42, message=False)
    assert (done.ok, done.error, done.result) == (True, "", 42)


def test_a_forbidden_refusal_is_left_for_django_to_answer_403():
    request = RequestFactory().post("/")
    with pytest.raises(PermissionDenied):
        attempt(request, lambda: _refuse(Forbidden("Only the organiser may do this.")))


def test_anything_else_than_a_refusal_is_not_swallowed():
    request = RequestFactory().post("/")
    with pytest.raises(KeyError):
        attempt(request, lambda: _refuse(KeyError("bug")), message=False)
