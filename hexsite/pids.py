"""Is a process alive? For the embedded servers' pid files, checked every second by bin/serve's
supervisor (hexsite/serve.py) without opening a connection."""

from __future__ import annotations

import os
from pathlib import Path


def alive_from_file(path: Path) -> int | None:
    """The process id the file names (first line) if that process is alive, else None. A
    killed process may linger as a zombie until its parent reaps it: that counts as dead."""
    try:
        pid = int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:  # alive, another user's (the database's server user)
        pass
    try:
        # /proc/<pid>/stat: "pid (name) state ..."; the name may hold spaces and parentheses.
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return pid  # no /proc (not Linux): trust the signal check
    return None if state in ("Z", "X") else pid
