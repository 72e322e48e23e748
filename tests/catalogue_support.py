"""Reading an app's French catalogue in tests: every translated string, so a test can look for a
sentence that would read badly to a player (a name after a bare "de": "de anna")."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path

_LINE = re.compile(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$')


def french_entries(package: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) for every live translation of `package`'s French catalogue, one pair per
    plural form; obsolete (#~) entries are left out, as the compiled catalogue leaves them."""
    module = import_module(package)
    po = Path(str(module.__file__)).parent / "locale/fr/LC_MESSAGES/django.po"
    out = []
    for block in po.read_text(encoding="utf-8").split("\n\n")[1:]:
        fields: dict[str, str] = {}
        current = ""
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            match = _LINE.match(line)
            if match:
                current = match.group(1)
                fields[current] = ast.literal_eval(match.group(2))
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        msgid = fields.get("msgid", "")
        out += [(msgid, text) for key, text in fields.items() if key.startswith("msgstr")]
    return out


def names_after_de(package: str, placeholders: Iterable[str]) -> list[tuple[str, str]]:
    """The French strings that put one of `placeholders` (ones that hold a player's, a unit's or
    a card's name, written with %s: a number's %d is left alone) right after "de" or a
    hand-written "d'": those read "de anna" or "d'bruno" for some names; the name must come
    through `of_name`/`possessive` instead."""
    names = "|".join(re.escape(p) for p in placeholders)
    bad = re.compile(rf"(?:\b[dD]e |\b[dD]['’])%\((?:{names})\)s")
    return [(msgid, text) for msgid, text in french_entries(package) if bad.search(text)]
