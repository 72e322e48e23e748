"""`{% left_to_page %}` (hexsite/templatetags/left_to_page.py): a part drawn whole carries the
part's id, and the page is asked whether it shows the part as a digest of its HTML names it; if
so, only an empty element of that id is sent, which htmx replaces with the page's own."""

from __future__ import annotations

from django.template import engines

SOURCE = '{% load left_to_page %}{% left_to_page "seats" %}<ul class="seats"><li>{{ who }}</li></ul>{% endleft_to_page %}'


def _render(**context) -> str:
    return engines["django"].from_string(SOURCE).render(context)


def test_a_part_is_drawn_whole_with_its_id_and_asked_for_by_a_digest_of_its_html():
    asked = []

    def page_shows(*, part, drawn_id):
        asked.append((part, drawn_id))
        return False

    assert _render(who="Anna", page_shows=page_shows) == (
        '<ul class="seats" id="seats"><li>Anna</li></ul>'
    )
    _render(who="Anna", page_shows=page_shows)
    _render(who="Bruno", page_shows=page_shows)
    (part, anna), again, (_, bruno) = asked
    assert part == "seats" and again == (part, anna) and bruno != anna  # named by its HTML


def test_a_part_the_page_shows_already_is_sent_empty_for_htmx_to_keep():
    kept = _render(who="Anna", page_shows=lambda **_: True)
    assert kept == '<ul hx-preserve="true" data-placeholder="1" id="seats"></ul>'


def test_without_a_page_to_ask_the_part_is_drawn_as_it_is():
    assert _render(who="Anna") == '<ul class="seats"><li>Anna</li></ul>'
