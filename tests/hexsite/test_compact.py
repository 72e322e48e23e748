"""`{% compact %}` (hexsite/templatetags/compact.py): the whitespace between tags that holds a
line break becomes that line break; text and attribute values stay as they were."""

from __future__ import annotations

from django.template import engines


def _render(source: str) -> str:
    return (
        engines["django"]
        .from_string("{% load compact %}{% compact %}" + source + "{% endcompact %}")
        .render()
    )


def test_indents_and_blank_lines_between_tags_become_one_line_break():
    assert _render("<ul>\n  \n    <li>a</li>\n\n  </ul>") == "<ul>\n<li>a</li>\n</ul>"


def test_words_spaces_on_one_line_and_attribute_values_stay():
    source = '<p title="one\n   two">Your turn.</p> <a href="/">Play  it</a>\n   text\n  <b>x</b>'
    assert (
        _render(source)
        == '<p title="one\n   two">Your turn.</p> <a href="/">Play  it</a>\n   text\n  <b>x</b>'
    )
