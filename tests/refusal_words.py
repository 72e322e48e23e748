"""An engine's refusals that read in English on a French page: the match service translates an
engine's sentence, or its template with values, when a catalogue knows it
(games/matches/services/refusal_sentence.py), and says « Ce coup n'est pas permis
maintenant. » when none does. Each site lists its engine's sentences in its
`engine_sentences.py` for the catalogue."""

from __future__ import annotations

import ast
import string
from pathlib import Path
from types import ModuleType

from django.utils import translation
from django.utils.translation import gettext, ngettext


def _is_code(text: object) -> bool:
    return isinstance(text, str) and text.isidentifier()


def _is_sentence(text: object) -> bool:
    return isinstance(text, str) and " " in text


def fixed_refusals(engine: ModuleType) -> set[str]:
    """The constant sentences given to `refuse(code, sentence, **values)` (or a `refuse_*` of
    the engine's own) or `IllegalMove(sentence, code, **values)` anywhere in the engine's
    package, templates with values included ("Hex {hex} is not on the board."), the sentences
    its move fields' readers refuse with through such a `refuse*` (games/engine/move_fields.py:
    a MalformedMove's is said in general terms), and the (code, sentence) pairs its checks
    return for a `refuse(*problem)` (the codes have no space)."""
    found: set[str] = set()
    for path in Path(engine.__file__ or "").parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                code, sentence = (getattr(e, "value", None) for e in node.elts)
                if _is_code(code) and _is_sentence(sentence) and isinstance(sentence, str):
                    found.add(sentence)
            if isinstance(node, ast.Call) and _refuses(node):
                texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
                found.update(t for t in texts if _is_sentence(t))
    return found


def _called(node: ast.expr) -> str:
    return getattr(node, "id", getattr(node, "attr", ""))


def _refuses(call: ast.Call) -> bool:
    """A refusal's call, or a move field's reader given a `refuse*` (its fourth argument)."""
    name = _called(call.func)
    if name == "IllegalMove" or name.startswith("refuse"):
        return True
    given = [*call.args[3:4], *(k.value for k in call.keywords if k.arg == "refuse")]
    return name.startswith("read_") and any(_called(g).startswith("refuse") for g in given)


def _names(text: str) -> set[str]:
    """The values a template names, "{hex}"; a sentence of a hand-made move's syntax such as
    "Each entry is {seat, move}." names none."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return set()


def untranslated_in_french(engine: ModuleType) -> list[str]:
    """The sentences without French, and the templates whose French does not name the very
    values the English names (one it could not fill in, or one left out: msgfmt refuses it)."""
    wrong = []
    with translation.override("fr"):
        for sentence in fixed_refusals(engine):
            if not all(
                french != sentence and _names(french) == _names(sentence)
                for french in french_forms(sentence)
            ):
                wrong.append(sentence)
    return sorted(wrong)


def french_forms(sentence: str) -> list[str]:
    """The sentence's French: its one translation, or for a template that agrees with a number
    (refusal_sentence.py) its singular and its plural form."""
    if ngettext(sentence, sentence, 2) != sentence:
        return [ngettext(sentence, sentence, n) for n in (1, 2)]
    return [gettext(sentence)]
