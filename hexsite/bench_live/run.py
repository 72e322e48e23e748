"""`manage.py bench live`: the site started as `bin/serve` starts it, driven by browsers.

Three phases on the same running site:
1. latency: a few matches at once (`--matches`), two players each signed in through the allauth
   form, a short think time between moves; every pick, move and opponent update is timed, and
   the CPU of every server process (web, worker, PostgreSQL with its exited backends, Redis)
   is divided by the moves played;
2. request costs: one page asks the same request of each kind (`REQUEST_KINDS`) again and
   again with nothing else going on, `--request-samples` times: the CPU each kind costs;
3. load: `--players` players (two per match) in a closed loop, no think time, for
   `--load-seconds`: moves per second and the move's p99. Their sessions are made the way a
   sign-in makes them (signing in 200 players through the form costs 50 s of password hashing
   and is not what is measured); the site's memory is read at the end, every socket still open.
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import time
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.db import connection, connections

from hexsite import security
from hexsite.bench_live import servers
from hexsite.bench_live.browser import REQUEST_KINDS, Browser
from hexsite.bench_live.play import Tally, play_match

PASSWORD = "bench-live-password"
SPARE_MATCHES = 3  # per pair of players: the next starts when one ends
OPENING_AT_ONCE = 8


def pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)


def summary(values: list[float]) -> dict[str, float]:
    return {"p50": pct(values, 0.5), "p99": pct(values, 0.99), "n": len(values)}


def database_url() -> str:
    db = connection.settings_dict
    host = quote(str(db["HOST"]), safe="") if str(db["HOST"]).startswith("/") else db["HOST"]
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    return f"postgres://{quote(db['USER'])}{password}@{host}:{db['PORT']}/{db['NAME']}"


def postmaster_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    return int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])


# --- the world: players, their sessions, matches ----------------------------------------------


async def _open_all(browsers, matches) -> None:
    """Every player opens their first match's page and socket, a few at a time, as players
    arriving do (200 handshakes at once outlast daphne's 5 s handshake timeout on a busy
    machine)."""
    gate = asyncio.Semaphore(OPENING_AT_ONCE)

    async def open_one(n: int, browser: Browser) -> None:
        async with gate:
            await browser.open(matches[n // 2][0])

    await asyncio.gather(*(open_one(n, browser) for n, browser in enumerate(browsers)))


def _players(prefix: str, count: int, *, with_password: bool) -> list:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    User = get_user_model()
    users = []
    for n in range(count):
        user = User(username=f"{prefix}{n}", email=f"{prefix}{n}@example.org")
        if with_password:
            user.set_password(PASSWORD)
        else:
            user.set_unusable_password()
        users.append(user)
    users = User.objects.bulk_create(users)
    EmailAddress.objects.bulk_create(
        EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users
    )
    return users


def _session_key(user) -> str:
    """A session as `django.contrib.auth.login` writes it."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from games.accounts.sessions import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def _matches(system_key: str, pairs: list[tuple], count: int) -> list[list[int]]:
    from games.engine import registry
    from games.engine.rng import Rng
    from games.matches import services

    system = registry.get_system(system_key)
    config = system.validate_config(system.duel_configs({}, Rng("bench"))[0], 2)
    return [
        [
            services.match_create(system=system_key, config=config, seat_users=list(pair)).pk
            for _ in range(count)
        ]
        for pair in pairs
    ]


# --- the phases ---------------------------------------------------------------------------------


async def _latency(site, users, matches, options) -> tuple[Tally, dict]:
    rng = random.Random(options["seed"])
    browsers = []
    for user in users:
        browser = Browser(site.base, user.username)
        await browser.sign_in(user.username, PASSWORD)
        browser.every_nudge = options["every_nudge"]
        browser.push = not options["no_push"] and not options["every_nudge"]
        browsers.append(browser)
    tally = Tally()
    warmup = max(0, options["warmup_moves"])
    wanted = options["moves"] + warmup
    await _open_all(browsers, matches)
    marks: dict = {}

    async def after_warmup() -> None:
        """The first moves start what each process starts once (the worker's first job
        imports the URLs, the channel layer, the emails; templates are compiled at first use):
        the clock and the CPU count start after them, as a site that has been up a while."""
        while len(tally.moves) < warmup:
            await asyncio.sleep(0.005)
        marks.update(cpu=site.cpu(), clock=time.perf_counter())
        marks.update({name: len(getattr(tally, name)) for name in ("moves", "picks", "opponent")})

    await asyncio.gather(
        after_warmup(),
        *(
            play_match(
                browsers[2 * i : 2 * i + 2],
                matches[i],
                tally,
                rng=random.Random(rng.random()),
                until=lambda: len(tally.moves) >= wanted,
                think=options["think"],
                first_open=True,
            )
            for i in range(len(matches))
        ),
    )
    cpu_after, seconds = site.cpu(), time.perf_counter() - marks["clock"]
    cpu_before = marks["cpu"]
    for name in ("moves", "picks", "opponent"):
        setattr(tally, name, getattr(tally, name)[marks[name] :])
    sizes: dict[str, list[int]] = {}
    wire: dict[str, list[int]] = {}
    for browser in browsers:
        for kind, values in browser.bytes_in.items():
            sizes.setdefault(kind, []).extend(values)
        for kind, values in browser.wire_in.items():
            wire.setdefault(kind, []).extend(values)
    tally.reconnects = sum(b.reconnects for b in browsers)
    for browser in browsers:
        await browser.close()
    moves = max(1, len(tally.moves))
    cpu = {role: (cpu_after[role] - cpu_before.get(role, 0)) * 1000 / moves for role in cpu_after}
    return tally, {"cpu": cpu, "seconds": seconds, "sizes": sizes, "wire": wire}


async def _load(site, sessions, matches, options) -> tuple[Tally, dict]:
    rng = random.Random(options["seed"] + 1)
    browsers = []
    for username, key in sessions:
        browser = Browser(site.base, username)
        browser.carry_session(settings.SESSION_COOKIE_NAME, key)
        browser.every_nudge = options["every_nudge"]
        browser.push = not options["no_push"] and not options["every_nudge"]
        browsers.append(browser)
    tally = Tally()
    stop_at = [float("inf")]
    # Every page is open before the clock starts: opening 200 pages is not playing.
    await _open_all(browsers, matches)
    cpu_before = site.cpu()

    async def clock():
        start = time.perf_counter()
        stop_at[0] = start + options["load_seconds"]
        await asyncio.sleep(options["load_seconds"])
        return start

    games = [
        play_match(
            browsers[2 * i : 2 * i + 2],
            matches[i],
            tally,
            rng=random.Random(rng.random()),
            until=lambda: time.perf_counter() >= stop_at[0],
            first_open=True,
        )
        for i in range(len(matches))
    ]
    tasks = [asyncio.create_task(game) for game in games]
    start = await clock()
    memory = site.memory_mb()
    moves_in_window = len(tally.moves)
    await asyncio.gather(*tasks)
    seconds = time.perf_counter() - start
    cpu_after = site.cpu()
    tally.reconnects = sum(b.reconnects for b in browsers)
    for browser in browsers:
        await browser.close()
    moves = max(1, len(tally.moves))
    cpu = {role: (cpu_after[role] - cpu_before.get(role, 0)) * 1000 / moves for role in cpu_after}
    return tally, {
        "cpu": cpu,
        "seconds": seconds,
        "memory": memory,
        "moves_in_window": moves_in_window,
    }


async def _request_costs(site, users, match_id: int, samples: int) -> dict[str, dict]:
    """The CPU one request of each kind costs the site (web and PostgreSQL), asked `samples`
    times in a row by one page with nothing else going on: the price of each part of a move
    apart, and of Django's and daphne's own round (`signed_in`). Nothing is played: the match
    stays as it is, so every answer is the same."""
    browsers = [Browser(site.base, user.username) for user in users]
    for browser, user in zip(browsers, users, strict=True):
        await browser.sign_in(user.username, PASSWORD)
        await browser.open(match_id)
    # The seat that must act has picks to make; the other has none.
    actor = next((b for b in browsers if b.pick_links()), browsers[0])
    costs: dict[str, dict] = {}
    for kind in REQUEST_KINDS:
        request = actor.request_of(kind)
        if request is None:
            continue
        for _ in range(10):  # templates compiled, caches filled
            await actor.ask(*request)
        before, start = site.cpu(), time.perf_counter()
        for _ in range(samples):
            await actor.ask(*request)
        after, seconds = site.cpu(), time.perf_counter() - start
        costs[kind] = {
            role: round((after[role] - before.get(role, 0)) * 1000 / samples, 2) for role in after
        }
        costs[kind]["round_trip"] = round(seconds * 1000 / samples, 2)
    for browser in browsers:
        await browser.close()
    return costs


def _layer_name() -> str:
    return settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1]


def run(options) -> dict:
    """In the bench's throwaway database (created by the command): builds the world, starts the
    site, plays both phases, stops the site."""
    system_key = options["system"]
    # The servers run as deployed: DEBUG off (on, Django keeps and logs every query). They need
    # a key of their own then; a development checkout gets a throwaway one for this run, which
    # the sessions made here are signed with too.
    if settings.SECRET_KEY == security.DEVELOPMENT_SECRET_KEY:
        settings.SECRET_KEY = secrets.token_urlsafe(50)
    pairs_latency = options["matches"]
    pairs_load = options["players"] // 2
    users = _players("live", 2 * pairs_latency, with_password=True)
    crowd = _players("crowd", 2 * pairs_load, with_password=False)
    latency_matches = _matches(
        system_key, [tuple(users[2 * i : 2 * i + 2]) for i in range(pairs_latency)], SPARE_MATCHES
    )
    cost_match = _matches(system_key, [tuple(users[:2])], 1)[0][0]  # never played
    load_matches = _matches(
        system_key, [tuple(crowd[2 * i : 2 * i + 2]) for i in range(pairs_load)], 2
    )
    sessions = [(u.username, _session_key(u)) for u in crowd]
    with connection.cursor() as cursor:
        # Building the world queued a "your turn" job per match started: not play, not measured
        # (the worker would spend the latency phase emailing players who never opened a page).
        cursor.execute("DELETE FROM procrastinate_jobs WHERE status = 'todo'")
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "hexsite.settings",
        "DEBUG": "0",
        "SECRET_KEY": settings.SECRET_KEY,
    }
    postmaster = postmaster_pid()
    connections.close_all()
    # This process's own idle connections (its pool) are PostgreSQL backends too: not the site's
    # memory. The pool opens again when the command drops the database.
    connection.close_pool()
    site = servers.start(
        env=env,
        postmaster=postmaster,
        web_processes=options["web_processes"],
        log_dir=Path(settings.BASE_DIR) / "var" / "bench-live",
    )
    if not os.environ.get("REDIS_URL") and "Embedded" in _layer_name():
        from hexsite import embedded_redis

        site.redis_pid = embedded_redis.pid()  # its CPU and memory are the site's too
    try:
        tally, latency = asyncio.run(_latency(site, users, latency_matches, options))
        costs = {}
        if options["request_samples"]:
            costs = asyncio.run(
                _request_costs(site, users[:2], cost_match, options["request_samples"])
            )
        crowd_tally, load = (Tally(), {"cpu": {}, "seconds": 0, "memory": site.memory_mb()})
        if pairs_load:
            crowd_tally, load = asyncio.run(_load(site, sessions, load_matches, options))
        # The worker's backlog when the players stop (each move queues the turn's bookkeeping):
        # a worker that cannot keep up shows here, whichever process it runs in.
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM procrastinate_jobs WHERE status = 'todo'")
            jobs_waiting = cursor.fetchone()[0]
    finally:
        servers.stop(site)
    cpu = latency["cpu"]
    answers = latency["wire"].get("move", [])
    answers_html = latency["sizes"].get("move", [])
    return {
        "bench": "live",
        "system": system_key,
        "web_processes": options["web_processes"],
        "worker_processes": len(site.workers),  # 0: the web process runs the worker
        "channel_layer": _layer_name(),
        "moves": len(tally.moves),
        "move_round_trip_ms": summary(tally.ms("moves")),
        "opponent_updated_ms": summary(tally.ms("opponent")),
        "pick_ms": summary(tally.ms("picks")),
        "picks_per_move": round(len(tally.picks) / max(1, len(tally.moves)), 2),
        "server_cpu_ms_per_move": {
            "total": round(sum(cpu.values()), 2),
            **{role: round(ms, 2) for role, ms in cpu.items()},
        },
        # On the wire (gzip'd when the site compresses), and the HTML it carries.
        "move_answer_bytes": {
            "mean": round(sum(answers) / max(1, len(answers))),
            "p50": pct(answers, 0.5),
            "html_mean": round(sum(answers_html) / max(1, len(answers_html))),
        },
        "bytes_per_kind": {
            kind: round(sum(v) / len(v)) for kind, v in latency["sizes"].items() if v
        },
        "wire_bytes_per_kind": {
            kind: round(sum(v) / len(v)) for kind, v in latency["wire"].items() if v
        },
        # ms of CPU by process (and the round trip) of one request of each kind, alone.
        "request_cpu_ms": costs,
        "stale_moves": tally.stale,
        "socket_reconnects": {"latency": tally.reconnects, "load": crowd_tally.reconnects},
        "errors": tally.errors[:5] + crowd_tally.errors[:5],
        "load": {
            "players": 2 * pairs_load,
            "seconds": round(load["seconds"], 1),
            "moves": len(crowd_tally.moves),
            "moves_per_s": round(len(crowd_tally.moves) / max(1e-9, load["seconds"]), 1),
            "move_p50_ms": pct(crowd_tally.ms("moves"), 0.5),
            "move_p99_ms": pct(crowd_tally.ms("moves"), 0.99),
            "opponent_updated_p99_ms": pct(crowd_tally.ms("opponent"), 0.99),
            "pick_p99_ms": pct(crowd_tally.ms("picks"), 0.99),
            "server_cpu_ms_per_move": round(sum(load["cpu"].values()), 2),
            "jobs_waiting_at_end": jobs_waiting,
        },
        "memory_mb": load["memory"],
    }
