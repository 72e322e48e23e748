"""The site as `bin/serve` runs it, in subprocesses, for `manage.py bench live`: the web
processes (daphne), the procrastinate worker (in the web process or a process of its own, as
hexsite/serve.py decides), on the running PostgreSQL (the embedded one unless
DATABASE_URL names another) and, when REDIS_URL is set, its Redis. And what they cost: CPU
seconds and memory read from /proc for every server process, PostgreSQL's included.

PostgreSQL starts a backend per connection; a backend that exits leaves its CPU time in the
postmaster's reaped-children counters (cutime, cstime), so the cluster's CPU is the postmaster's
own, its live children's and its reaped children's."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from hexsite import serve

ROOT = Path(__file__).resolve().parents[2]
_TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name may hold spaces and parentheses: fields start after the last ")".
    return text[text.rindex(")") + 2 :].split()


def cpu_seconds(pid: int, *, reaped: bool = False) -> float:
    """utime + stime of `pid` (with `reaped`, plus its reaped children's), 0 if it is gone."""
    fields = _stat(pid)
    if fields is None:
        return 0.0
    # After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
    ticks = int(fields[11]) + int(fields[12])
    if reaped:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / _TICK


def children_of(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[1]) == parent:
                found.append(int(entry.name))
    return found


def _memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in kB; PSS shares each page among the processes mapping it."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Site:
    """The running site: its address and its processes by role."""

    port: int
    postmaster: int
    web: list[subprocess.Popen] = field(default_factory=list)
    workers: list[subprocess.Popen] = field(default_factory=list)
    redis_pid: int | None = None
    logs: list = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def groups(self) -> dict[str, list[int]]:
        """Server processes by role (PostgreSQL: the postmaster and its live children; no
        `worker` when the web process runs it)."""
        groups = {"web": [p.pid for p in self.web]}
        if self.workers:
            groups["worker"] = [p.pid for p in self.workers]
        groups["postgres"] = [self.postmaster, *children_of(self.postmaster)]
        if self.redis_pid:
            groups["redis"] = [self.redis_pid]
        return groups

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far by role; PostgreSQL's includes its exited backends."""
        totals = {}
        for role, pids in self.groups().items():
            totals[role] = sum(
                cpu_seconds(pid, reaped=role == "postgres" and pid == self.postmaster)
                for pid in pids
            )
        return totals

    def memory_mb(self) -> dict[str, dict[str, float]]:
        out = {}
        for role, pids in self.groups().items():
            rss = pss = 0
            for pid in pids:
                r, p = _memory_kb(pid)
                rss, pss = rss + r, pss + p
            out[role] = {"rss": round(rss / 1024, 1), "pss": round(pss / 1024, 1)}
        out["total"] = {
            key: round(sum(group[key] for group in out.values()), 1) for key in ("rss", "pss")
        }
        return out


# What `manage.py procrastinate worker` prints once Django is set up and it takes jobs, and the
# web process's worker once its connections are open (hexsite/web_worker.py READY): before it,
# the worker's start (importing every app, a few seconds of CPU on a busy machine) would be
# counted as CPU per move of the latency phase.
WORKER_READY = "Launching a worker"


def wait_for_line(path: Path, text: str, processes: list, seconds: float = 120) -> None:
    """Polls until the log at `path` holds `text` (bounded), failing fast if a process died."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for process in processes:
            if process.poll() is not None:
                raise RuntimeError(f"{process.args[:3]} exited with {process.returncode}")
        if path.exists() and text in path.read_text(errors="replace"):
            return
        time.sleep(0.05)
    raise TimeoutError(f"{path.name} never said {text!r}")


def wait_for_port(port: int, processes: list[subprocess.Popen], seconds: float = 120) -> None:
    """Polls until the port accepts connections (bounded), failing fast if a process died."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for process in processes:
            if process.poll() is not None:
                raise RuntimeError(f"{process.args[:3]} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"port {port} never opened")


def start(*, env: dict[str, str], postmaster: int, web_processes: int, log_dir: Path) -> Site:
    """Starts the web processes on one shared listening socket (the kernel spreads the
    connections among them) and the worker, as `bin/serve` (hexsite/serve.py) does: in the
    first web process, or in processes of their own (WORKER_PROCESSES, several web processes)."""
    log_dir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    site = Site(port=port, postmaster=postmaster)
    workers = serve.worker_processes(web_processes)
    listener = serve.listening_socket("127.0.0.1", port)

    def started(name: str, args: list[str], env: dict[str, str], **options) -> subprocess.Popen:
        log = open(log_dir / f"{name}.log", "w")  # noqa: SIM115 (closed in stop)
        site.logs.append(log)
        return subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, **options
        )

    try:
        for n in range(web_processes):
            site.web.append(
                started(
                    f"web-{n}",
                    serve.daphne_args(listener.fileno()),
                    serve.web_env(n, workers, env),
                    pass_fds=[listener.fileno()],
                )
            )
        for n in range(workers):
            site.workers.append(started(f"worker-{n}", serve.worker_args(), env))
    finally:
        listener.close()  # the children hold it now
    wait_for_port(port, site.web)
    for n, process in enumerate(site.workers or site.web[:1]):
        log = f"worker-{n}.log" if site.workers else "web-0.log"
        wait_for_line(log_dir / log, WORKER_READY, [process])
    return site


def stop(site: Site) -> None:
    processes = [*site.web, *site.workers]
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for log in site.logs:
        log.close()
