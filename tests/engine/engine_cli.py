"""Running an engine's command line as the rules cases kept outside the repository do: a real
`python -m games.engine.<system> …` in a fresh process, files written as JSON in a folder, and
the exit code, stdout and stderr as they come out."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Done:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        """stdout as one JSON document (the whole of it, not its last line)."""
        return json.loads(self.out)

    def event_lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.err.splitlines() if line.strip()]


def run_cli(
    system: str, folder: Path, *args: str, files: dict[str, Any] | None = None, stdin: str = ""
) -> Done:
    """Write `files` (name -> JSON data, or text as it is) into `folder`, then run the command
    there, as a user would from a shell, with nothing but the repository on the path."""
    for name, data in (files or {}).items():
        text = data if isinstance(data, str) else json.dumps(data)
        (folder / name).write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", f"games.engine.{system}", *args],
        cwd=folder,
        env={"PYTHONPATH": str(ROOT)},
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return Done(done.returncode, done.stdout, done.stderr)
