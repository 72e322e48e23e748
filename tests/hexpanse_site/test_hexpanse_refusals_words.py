"""Every refusal the Hexpanse engine writes as a fixed sentence reads in French on a French page
(games/hexpanse_site/engine_sentences.py): the match service translates an engine's sentence
when the catalogue knows it, and says « Ce coup n'est pas permis maintenant. » when it does not."""

from __future__ import annotations

import ast
from pathlib import Path

from django.utils import translation
from django.utils.translation import gettext

import games.engine.hexpanse

ENGINE = Path(games.engine.hexpanse.__file__).parent


def _fixed_refusals() -> set[str]:
    """The constant sentences given to `refuse(code, sentence)` or `IllegalMove(sentence)`."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in ("refuse", "IllegalMove"):
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            sentence = texts[-1] if texts else None
            if isinstance(sentence, str) and " " in sentence:
                found.add(sentence)
    return found


def test_every_fixed_refusal_of_the_engine_reads_in_french():
    refusals = _fixed_refusals()
    assert len(refusals) > 60, "the engine's refusals were found"
    with translation.override("fr"):
        untranslated = sorted(s for s in refusals if gettext(s) == s)
    assert untranslated == []
