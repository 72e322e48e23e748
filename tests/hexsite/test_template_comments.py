"""A Django template's `{# … #}` comment holds on one line only: one spread over several lines is
no comment, and the page showed it as text (a league division's page read « {# The table and
the rounds follow the season live… » in French and English alike). Longer ones are
`{% comment %}` blocks."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_template_opens_a_one_line_comment_it_does_not_close_on_that_line():
    templates = [
        path
        for folder in (ROOT / "templates", ROOT / "games")
        for path in folder.rglob("*.html")
        if "templates" in path.parts
    ]
    assert len(templates) > 50
    unclosed = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in templates
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.rfind("{#") > line.rfind("#}")
    ]
    assert unclosed == []
