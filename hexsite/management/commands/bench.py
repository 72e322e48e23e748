"""`manage.py bench web`: how fast the site answers a move and tells watchers about it.
`manage.py bench league`: pairing a 512-player Swiss round and recomputing a 64-player season
(games.league.bench).

Runs in a throwaway database (created and dropped here), so it never touches real matches.
Prints, as its last line, one JSON object:
- move round trip p50/p99 ms: an htmx POST of a legal move until the partials are received
  (Django's test client, the whole middleware stack, real Postgres), over >= 500 moves;
- notification latency p50/p99 ms: commit of a move until each of 500 open websockets (the real
  consumer through Channels' communicator, in-memory layer) received its "match" message;
- bytes of the board partial, of all live partials and of the full page (the HTML document),
  at the start of a game; the board partial's share of the page at the start and, sampled every
  SHARE_EVERY moves of the bench's games, its median and maximum;
  besides, clearly apart: the page with the CSS and JS files it links (what a first visit
  downloads, before compression) and the mean size of the answers to the benched moves.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections
from django.urls import reverse

SHARE_EVERY = 25


def registry_first_system() -> str:
    """The system benched unless --system names one: the first registered, as `bench web`."""
    from games.engine import registry

    return registry.system_keys()[0]


def _pct(values: list[float], p: float, digits: int = 2) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], digits)


def _asset_bytes(html: bytes) -> int:
    """Bytes of the static CSS and JS files a page links (each counted once)."""
    from django.contrib.staticfiles import finders

    prefix = re.escape(settings.STATIC_URL)
    paths = set(re.findall(rb'(?:href|src)="' + prefix.encode() + rb'([^"?#]+)', html))
    total = 0
    for path in paths:
        found = finders.find(path.decode())
        if isinstance(found, str):
            total += os.path.getsize(found)
    return total


class Command(BaseCommand):
    help = (
        "Benchmarks. web: move round trip, websocket notification latency, partial sizes; "
        "league: Swiss pairing and standings recomputation."
    )

    def add_arguments(self, parser):
        parser.add_argument("target", choices=["web", "live", "league"])
        parser.add_argument("--moves", type=int, help="web: 500, live: 300 (latency phase)")
        parser.add_argument(
            "--system", default="", help="the system played (default: the first registered)"
        )
        parser.add_argument("--sockets", type=int, default=500)
        parser.add_argument("--notify-moves", type=int, default=20)
        # Wall-clock budgets keep the whole run under two minutes on a busy machine; the JSON
        # says when a budget cut a phase short.
        parser.add_argument("--move-budget", type=float, default=60.0)
        parser.add_argument("--notify-budget", type=float, default=20.0)
        live = parser.add_argument_group("live")
        live.add_argument("--matches", type=int, default=4, help="latency phase: matches at once")
        live.add_argument("--think", type=float, default=0.1, help="mean seconds before a move")
        live.add_argument(
            "--warmup-moves",
            type=int,
            default=20,
            help="latency phase: moves played first, neither timed nor counted",
        )
        live.add_argument("--players", type=int, default=200, help="load phase (0: skip it)")
        live.add_argument("--load-seconds", type=float, default=30.0)
        live.add_argument(
            "--web-processes",
            type=int,
            help="as bin/serve: WEB_PROCESSES, else one per core but one",
        )
        live.add_argument(
            "--request-samples",
            type=int,
            default=200,
            help="requests of each kind asked alone for their CPU cost (0: none)",
        )
        live.add_argument("--seed", type=int, default=1)
        live.add_argument(
            "--every-nudge",
            action="store_true",
            help="pages refetch on every nudge, their own moves' too (the page before v14)",
        )
        live.add_argument(
            "--no-push", action="store_true", help="pages refetch instead of getting pushes"
        )

    def handle(self, *args, **options):
        self.system_key = options["system"]
        if options["target"] == "league":
            from games.league.bench import bench_league

            self.stdout.write(json.dumps(bench_league()))
            return
        if options["target"] == "live":
            options["moves"] = options["moves"] or 300
            if not options["web_processes"]:
                from hexsite.serve import web_processes

                options["web_processes"] = web_processes()
            options["system"] = self.system_key or registry_first_system()
            result = self._in_throwaway_db(self._live, options)
            self.stdout.write(json.dumps(result))
            return
        options["moves"] = options["moves"] or 500
        os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # the sync half of the ws bench
        # Load the site as the server (daphne) does, so the process starts in the same state
        # (hexsite/asgi.py also tunes the garbage collector).
        import hexsite.asgi  # noqa: F401

        settings.DATABASES["default"]["TEST"]["NAME"] = f"hexsite_bench_{os.getpid()}"
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        old_name = connection.settings_dict["NAME"]
        connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
        try:
            result = self._bench(options)
        finally:
            self._drop(old_name)
        self.stdout.write(json.dumps(result))

    def _in_throwaway_db(self, bench, options):
        settings.DATABASES["default"]["TEST"]["NAME"] = f"hexsite_bench_{os.getpid()}"
        old_name = connection.settings_dict["NAME"]
        connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
        try:
            return bench(options)
        finally:
            self._drop(old_name)

    def _live(self, options):
        from hexsite.bench_live.run import run

        return run(options)

    def _drop(self, old_name: str) -> None:
        bench_db = connection.settings_dict["NAME"]
        connections.close_all()
        with connection._nodb_cursor() as cursor:
            # A consumer thread may still hold a session; the database is ours, end them.
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                [bench_db],
            )
        connection.creation.destroy_test_db(old_name, verbosity=0)

    # --- helpers -----------------------------------------------------------------------------

    def _setup(self):
        from django.contrib.auth import get_user_model

        from games.engine import registry
        from games.engine.rng import Rng

        User = get_user_model()
        users = [
            User.objects.create_user(f"bench{i}", f"bench{i}@example.org", "x") for i in (0, 1)
        ]
        key = self.system_key or registry.system_keys()[0]
        try:
            system = registry.get_system(key)
        except (KeyError, ImportError) as error:
            raise CommandError(f"the system {key!r} is not available") from error
        # A duel's first config: whatever the system draws (armies...) is drawn from a fixed seed.
        config = system.duel_configs({}, Rng("bench"))[0]
        return users, key, system.validate_config(config, 2)

    def _new_match(self, users, key, config):
        from games.matches import services

        return services.match_create(system=key, config=config, seat_users=users)

    def _fields(self, key, move):
        return {"move": json.dumps(move)}

    def _bench(self, options):
        from django.test import Client

        from games.engine.registry import get_system
        from games.matches.models import Match

        users, key, config = self._setup()
        system = get_system(key)
        clients = []
        for user in users:
            client = Client()
            client.force_login(user)
            clients.append(client)
        rng = random.Random(1)
        match = self._new_match(users, key, config)
        page = clients[0].get(reverse("matches:match", args=[match.pk]))
        full_bytes = len(page.content)
        live_bytes = len(
            clients[0].get(reverse("matches:live", args=[match.pk]), HTTP_HX_REQUEST="true").content
        )
        board_bytes = self._board_bytes(clients[0], match)
        assets_bytes = _asset_bytes(page.content)
        # The board's share of the page, also later in games (tiles on the board, a longer log),
        # seen by the seat to act, every SHARE_EVERY moves.
        shares: list[float] = []

        timings: list[float] = []
        answer_bytes: list[int] = []
        deadline = time.monotonic() + options["move_budget"]
        while len(timings) < options["moves"] and time.monotonic() < deadline:
            match.refresh_from_db()
            if match.status != Match.Status.ACTIVE:
                match = self._new_match(users, key, config)
                continue
            state = system.state_from_json(match.snapshot)
            seat = system.to_act(state)[0]
            if len(timings) % SHARE_EVERY == 0:
                page_now = len(clients[seat].get(reverse("matches:match", args=[match.pk])).content)
                shares.append(self._board_bytes(clients[seat], match) / page_now)
            move = rng.choice(list(system.legal_moves(state, seat)))
            data = {**self._fields(key, move), "expected_version": match.version}
            start = time.perf_counter()
            response = clients[seat].post(
                reverse("matches:move", args=[match.pk]), data, HTTP_HX_REQUEST="true"
            )
            timings.append((time.perf_counter() - start) * 1000)
            answer_bytes.append(len(response.content))
            if response.status_code != 200 or b'class="message error"' in response.content:
                raise CommandError(f"move refused during the bench: {response.content[:300]!r}")

        latencies = asyncio.run(self._notify_bench(users, key, config, options))
        return {
            "bench": "web",
            "system": key,
            "moves": len(timings),
            "moves_cut_by_budget": len(timings) < options["moves"],
            "move_round_trip_ms": {"p50": _pct(timings, 0.5), "p99": _pct(timings, 0.99)},
            "sockets": options["sockets"],
            "notify_moves": len(latencies) // max(1, options["sockets"]),
            "notify_samples": len(latencies),
            "notify_latency_ms": {"p50": _pct(latencies, 0.5), "p99": _pct(latencies, 0.99)},
            "bytes": {
                "board_partial": board_bytes,
                "live_partials": live_bytes,
                "full_page": full_bytes,
            },
            "board_partial_share": {
                "start": round(board_bytes / full_bytes, 3),
                "p50": _pct(shares, 0.5, 3),
                "max": round(max(shares), 3),
                "samples": len(shares),
            },
            "bytes_besides": {
                "full_page_with_assets": full_bytes + assets_bytes,
                "move_answer_mean": round(statistics.fmean(answer_bytes)) if answer_bytes else 0,
            },
            "mean_move_ms": round(statistics.fmean(timings), 2),
        }

    def _board_bytes(self, client, match):
        from django.template.loader import render_to_string

        from games.matches.views import page_context

        request = client.get(reverse("matches:match", args=[match.pk])).wsgi_request
        return len(
            render_to_string("matches/match.html#board", page_context(request, match), request)
        )

    async def _notify_bench(self, users, key, config, options):
        from asgiref.sync import sync_to_async
        from channels.routing import URLRouter
        from channels.testing import WebsocketCommunicator
        from django.contrib.auth import get_user_model
        from django.db import transaction

        from games.engine.registry import get_system
        from games.matches import services
        from games.notifications.routing import websocket_urlpatterns

        system = get_system(key)
        app = URLRouter(websocket_urlpatterns)
        # One signed-in spectator per socket, as on the site (a person holds at most
        # MAX_SOCKETS_PER_USER sockets: games/notifications/consumers.py). No password: nobody
        # signs in as them.
        User = get_user_model()
        watchers = await sync_to_async(User.objects.bulk_create)(
            [User(username=f"watcher{i}") for i in range(options["sockets"])]
        )
        match = await sync_to_async(self._new_match)(users, key, config)
        sockets = []
        for watcher in watchers:
            communicator = WebsocketCommunicator(app, "/ws/notify/")
            communicator.scope["user"] = watcher
            connected, _ = await communicator.connect()
            if not connected:
                raise CommandError("the notify consumer refused the bench's websocket")
            await communicator.send_json_to({"watch": match.pk})
            # The socket says hello first (the turn count); the match's changes reach it only
            # once it has answered "watching".
            while (await communicator.receive_json_from(timeout=10)).get("type") != "watching":
                pass
            sockets.append(communicator)

        committed: dict[str, float] = {}

        def play_one():
            match.refresh_from_db()
            state = system.state_from_json(match.snapshot)
            seat = system.to_act(state)[0]
            move = system.legal_moves(state, seat)[0]
            with transaction.atomic():
                # Registered first, so it runs first at commit, before the notification.
                transaction.on_commit(lambda: committed.__setitem__("t", time.perf_counter()))
                services.match_submit_move(
                    match_id=match.pk,
                    user=users[seat],
                    move_data=move,
                    expected_version=match.version,
                )
            return match.version

        async def first_match_message(communicator):
            while True:
                message = await communicator.receive_json_from(timeout=30)
                if message.get("type") == "match":
                    return time.perf_counter()

        latencies: list[float] = []
        deadline = time.monotonic() + options["notify_budget"]
        for _ in range(options["notify_moves"]):
            if time.monotonic() > deadline:
                break
            await sync_to_async(match.refresh_from_db)()
            if match.status != "active":
                break
            waiters = [asyncio.create_task(first_match_message(s)) for s in sockets]
            await sync_to_async(play_one, thread_sensitive=True)()
            received = await asyncio.gather(*waiters)
            latencies.extend((t - committed["t"]) * 1000 for t in received)
        for communicator in sockets:
            await communicator.disconnect()
        await sync_to_async(connections.close_all)()  # the worker thread's connection
        return latencies
