"""French puts a space before a colon ("Mercenaires :"), English does not: a colon written in a
template after a translated word would read "Mercenaires:" in French. The colon belongs inside
the translated text, where each language writes it its own way."""

from __future__ import annotations

import re
from pathlib import Path

from django.template import Context, Template
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
# A translated word, a variable or the end of an {% if %} (which ends a translated label),
# then a colon followed by a space, a tag or the end of the line.
COLON_AFTER_WORDS = re.compile(
    r"(\{%\s*(?:translate|trans)\s[^%]*%\}|\}\}|\{%\s*endif\s*%\})[ \t]?:(?=[ \t<]|$)", re.M
)
TRANSLATED_BLOCK = re.compile(
    r"\{%\s*blocktrans(?:late)?\b.*?\{%\s*endblocktrans(?:late)?\s*%\}", re.S
)
COMMENT = re.compile(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S)


def _templates() -> list[Path]:
    return sorted([*ROOT.glob("templates/**/*.html"), *ROOT.glob("games/*/templates/**/*.html")])


def test_no_template_writes_a_colon_after_translated_words():
    found = []
    for path in _templates():
        text = COMMENT.sub("", TRANSLATED_BLOCK.sub("", path.read_text(encoding="utf-8")))
        for hit in COLON_AFTER_WORDS.finditer(text):
            found.append(f"{path.relative_to(ROOT)}: {text[max(0, hit.start() - 50) : hit.end()]}")
    assert not found, "\n".join(found)


def test_the_check_sees_a_colon_after_a_translated_word():
    for bad in ('{% translate "Mercenaries" %}: {{ x }}', "{% endif %}: {{ m.name }}"):
        assert COLON_AFTER_WORDS.search(bad)
    assert not COLON_AFTER_WORDS.search('{% translate "Mercenaries:" %} {{ x }}')


def test_a_hexpanse_mission_reads_with_french_typography():
    template = Template(
        "{% load i18n %}{% blocktranslate with name=n %}Common mission: {{ name }}"
        "{% endblocktranslate %}"
    )
    with translation.override("fr"):
        assert template.render(Context({"n": "Flèche"})) == "Mission commune : Flèche"
    with translation.override("en"):
        assert template.render(Context({"n": "Arrow"})) == "Common mission: Arrow"
