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


def _rendered(source: str, **context) -> str:
    from django.template import engines

    return engines["django"].from_string(source).render(context)


def test_templates_url_tag_answers_as_django_and_remembers():
    assert _rendered("{% url 'matches:match' 12 %}") == django_reverse("matches:match", args=[12])
    _rendered("{% url 'matches:match' m %}", m=12)
    assert _remembered.cache_info().hits == 1
    assert _rendered("{% url 'matches:match' 5 as there %}[{{ there }}]") == (
        "[" + django_reverse("matches:match", args=[5]) + "]"
    )
    assert _rendered("{% url 'matches:no_such_page' as there %}[{{ there }}]") == "[]"
    with pytest.raises(NoReverseMatch):
        _rendered("{% url 'matches:no_such_page' %}")


def test_templates_url_tag_keeps_keyword_arguments_and_objects_to_django():
    assert _rendered("{% url 'matches:match' match_id=4 %}") == django_reverse(
        "matches:match", kwargs={"match_id": 4}
    )

    class Named:  # an object's address is its str, which may change: never remembered
        name = "anna"

        def __str__(self):
            return self.name

    someone = Named()
    assert _rendered("{% url 'accounts:profile' who %}", who=someone).endswith("/anna/")
    someone.name = "bruno"
    assert _rendered("{% url 'accounts:profile' who %}", who=someone).endswith("/bruno/")
    assert _remembered.cache_info().currsize == 0


def test_templates_url_tag_remembers_addresses_with_literal_words():
    # A literal in a tag is a SafeString: remembered like any string.
    first = _rendered("{% url 'matches:draw' 3 'offer' %}")
    assert first == django_reverse("matches:draw", args=[3, "offer"])
    assert _rendered("{% url 'matches:draw' 3 'offer' %}") == first
    assert _remembered.cache_info().hits == 1
