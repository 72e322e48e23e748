"""The remembered reverse (hexsite/reverse_memo.py) answers as Django's does, for the script
prefix of the moment, and keeps no failure."""

import pytest
from django.urls import NoReverseMatch, set_script_prefix
from django.urls import reverse as django_reverse

from hexsite.reverse_memo import _remembered, reverse


@pytest.fixture(autouse=True)
def _fresh():
    _remembered.cache_clear()
    yield
    set_script_prefix("/")
    _remembered.cache_clear()


def test_it_answers_as_django_and_remembers():
    assert reverse("matches:match", args=[12]) == django_reverse("matches:match", args=[12])
    assert reverse("accounts:profile", args=["anna"]) == django_reverse(
        "accounts:profile", args=["anna"]
    )
    reverse("matches:match", args=[12])
    assert _remembered.cache_info().hits == 1


def test_the_script_prefix_of_the_moment_is_part_of_the_answer():
    plain = reverse("matches:match", args=[7])
    set_script_prefix("/club/")
    assert reverse("matches:match", args=[7]) == "/club" + plain
    set_script_prefix("/")
    assert reverse("matches:match", args=[7]) == plain


def test_an_address_that_does_not_exist_fails_every_time():
    for _ in range(2):
        with pytest.raises(NoReverseMatch):
            reverse("matches:no_such_page")
    assert _remembered.cache_info().currsize == 0
