"""An engine's fixed refusals that read in English on a French page: the match service
translates an engine's sentence when a catalogue knows it (games/matches/services/moves.py),
and says « Ce coup n'est pas permis maintenant. » when none does. Each site lists its engine's
sentences in its `engine_sentences.py` for the catalogue."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

from django.utils import translation
from django.utils.translation import gettext


def fixed_refusals(engine: ModuleType) -> set[str]:
    """The constant sentences given to `refuse(code, sentence)` or `IllegalMove(sentence, code)`
    anywhere in the engine's package (the codes have no space; sentences with values are
    f-strings, not constants)."""
    found: set[str] = set()
    for path in Path(engine.__file__ or "").parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            if getattr(node.func, "id", getattr(node.func, "attr", "")) not in (
                "refuse",
                "IllegalMove",
            ):
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            found.update(t for t in texts if isinstance(t, str) and " " in t)
    return found


def untranslated_in_french(engine: ModuleType) -> list[str]:
    with translation.override("fr"):
        return sorted(s for s in fixed_refusals(engine) if gettext(s) == s)
