"""Every sentence the code and the templates write has its French: each app's catalogue, as
`makemessages` would extract it now, holds no untranslated and no fuzzy entry, and the site's
own templates (templates/, hexsite/) find each of theirs in one of the catalogues. (An inbox kind
once showed in English on French pages: its label had changed in the code and the catalogue
still held the old one.) `makemessages` runs on a copy, so the check writes nothing in the
repository."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
APPS = sorted(p.parent.name for p in ROOT.glob("games/*/locale"))


def _msgids(po: Path, *flags: str) -> list[str]:
    """The msgids of the entries `msgattrib FLAGS` keeps (the header left out)."""
    out = subprocess.run(
        ["msgattrib", *flags, "--no-obsolete", "--no-wrap", str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = []
    for block in out.split("\n\n"):
        line = next((x for x in block.splitlines() if x.startswith("msgid ")), None)
        if line is not None and line != 'msgid ""':
            found.append(ast.literal_eval(line.removeprefix("msgid ")))
    return found


def _extract(folder: Path) -> Path:
    """`makemessages -l fr` run in `folder` (a copy); the French catalogue it wrote."""
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "hexsite.settings"}
    # No empty entry: it would put the copy's folder on the path, and an app's selectors.py
    # would stand in for the standard library's.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    made = subprocess.run(
        # django-admin, not `python -m django`, which would put the copy's folder on the path.
        [str(Path(sys.executable).parent / "django-admin"), "makemessages", "-l", "fr", "-v", "0"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr[-3000:]
    return folder / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def _copy(source: Path, target: Path) -> None:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.mo", "__pycache__"))


@pytest.mark.parametrize("app", APPS)
def test_the_french_catalogue_translates_every_sentence_of_the_app(app, tmp_path):
    _copy(ROOT / "games" / app, tmp_path / app)
    po = _extract(tmp_path / app)
    assert _msgids(po, "--untranslated") == []
    assert _msgids(po, "--only-fuzzy") == []


def test_the_sites_own_templates_find_their_french_in_a_catalogue(tmp_path):
    # The header and base templates share their words with the apps: Django merges every
    # catalogue, so a sentence of templates/ may be translated in an app's catalogue.
    for folder in ("templates", "hexsite", "locale"):
        _copy(ROOT / folder, tmp_path / folder)
    po = _extract(tmp_path)
    with translation.override("fr"):
        # Django's merged French catalogue (its mapping of msgid to translation).
        french = translation.trans_real.catalog()._catalog
        missing = [m for m in _msgids(po, "--untranslated") if not french.get(m)]
    assert missing == []
