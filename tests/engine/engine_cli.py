"""Running an engine's command line as the rules cases kept outside the repository do: a real
`python -m games.engine.<system> …` in a fresh process, files written as JSON in a folder, and
the exit code, stdout and stderr as they come out."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from contextlib import redirect_stdout
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


def spec_move_answer(
    main: Callable[[Sequence[str]], int], folder: Path, position: Any, move: dict[str, Any]
) -> tuple[int, Any]:
    """One move object as a spec prints it, in a moves file, through the command line's own
    entry point in this process (a fresh process per form would be slow): its exit code and
    its JSON. `begin_turn` is the system's (seat null), the others red's."""
    seat = None if move["type"] == "begin_turn" else "red"
    (folder / "p.json").write_text(json.dumps(position))
    (folder / "m.json").write_text(json.dumps([{"seat": seat, "move": move}]))
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["apply", str(folder / "p.json"), str(folder / "m.json"), "--seed", "1"])
    return code, json.loads(out.getvalue())
