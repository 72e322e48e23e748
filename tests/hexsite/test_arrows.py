"""Arrows point one way (ARCHITECTURE.md, "The shape of the house"): games/matches depends on the
engine and the shared board layer only; the clock, notifications, the computer seats and the
competitions subscribe through hooks, and each app owns its background tasks, which the worker
still finds. Read from the source, so a lazy import inside a function counts too."""

from __future__ import annotations

import ast
import pathlib
import re

from procrastinate.contrib.django import app

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _imported_apps(package: str) -> dict[str, set[str]]:
    """games.<app> names imported anywhere in `package` (migrations aside), by file."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                parts = name.split(".")
                if parts[0] == "games" and len(parts) > 1:
                    found.setdefault(parts[1], set()).add(str(path.relative_to(ROOT)))
    return found


# The README's "How the code is laid out", in order: each may use only those before it.
LAYERS = (
    "engine",
    "refusals",
    "hexboard",
    "accounts",
    "matches",
    "notifications",
    "clock",
    "armies",
    "announcements",
    "campaigns",
    "league",
)


def test_every_platform_app_uses_only_the_apps_before_it():
    """(Campaigns and the league, the last two, are siblings: neither uses the other.)"""
    wrong = {}
    for i, app_name in enumerate(LAYERS[3:], start=3):
        later = set(LAYERS[i + 1 :]) | ({"campaigns", "league"} - {app_name})
        imported = _imported_apps(f"games.{app_name}")
        bad = {
            other: files
            for other, files in imported.items()
            if other in later or other.endswith("_site")
        }
        if bad:
            wrong[app_name] = bad
    assert wrong == {}


def _tag_library_apps() -> dict[str, str]:
    """Template tag library name -> the games app that offers it."""
    return {
        path.stem: path.parts[-3]
        for path in (ROOT / "games").glob("*/templatetags/*.py")
        if path.stem != "__init__"
    }


def test_every_platform_apps_templates_load_only_tags_of_the_apps_before_it():
    libraries = _tag_library_apps()
    wrong = []
    for i, app_name in enumerate(LAYERS[3:], start=3):
        allowed = {app_name, *LAYERS[:i]} - ({"campaigns", "league"} - {app_name})
        for path in sorted((ROOT / "games" / app_name / "templates").rglob("*.html")):
            text = path.read_text(encoding="utf-8")
            for loaded in re.findall(r"{%\s*load\s+([^%]+?)\s*%}", text):
                for library in loaded.split():
                    owner = libraries.get(library)
                    if owner is not None and owner not in allowed:
                        wrong.append(f"{path.relative_to(ROOT)}: {library} ({owner})")
    assert wrong == []


def test_matches_imports_none_of_the_apps_that_subscribe_to_it():
    imported = _imported_apps("games.matches")
    above = {"accounts", "clock", "notifications", "campaigns", "league"}
    assert {app: files for app, files in imported.items() if app in above} == {}


def test_accounts_imports_neither_matches_nor_the_clock():
    imported = _imported_apps("games.accounts")
    assert {app: files for app, files in imported.items() if app in {"matches", "clock"}} == {}


def test_the_worker_finds_every_apps_tasks_and_their_former_names():
    tasks = app.tasks
    for name in (
        "games.clock.tasks.clock_tick",
        "games.league.tasks.league_deadlines",
        "games.matches.tasks.bot_move",
        "games.notifications.tasks.daily_digest",
        "games.notifications.tasks.post_discord_notice",
        "games.notifications.tasks.post_discord_webhook",
        "games.notifications.tasks.send_notification_email",
        "games.notifications.tasks.send_turn_email",
    ):
        assert name in tasks, name
    # Jobs queued before the tasks moved out of games.matches.tasks still find their task.
    for old, new in (
        ("clock_tick", "games.clock.tasks.clock_tick"),
        ("league_deadlines", "games.league.tasks.league_deadlines"),
        ("send_turn_email", "games.notifications.tasks.send_turn_email"),
    ):
        assert tasks[f"games.matches.tasks.{old}"].name == new


def test_the_clock_the_computer_seats_and_notifications_subscribe_to_match_changes():
    from games.matches import hooks

    subscribers = {f"{h.__module__}.{h.__name__}" for h in hooks._changed_handlers}
    assert subscribers >= {
        "games.clock.services.clock_on_match_changed",
        "games.matches.tasks.bot_move_on_match_changed",
        "games.notifications.turns.notify_on_match_changed",
    }


PLATFORM = (
    "games/accounts",
    "games/armies",
    "games/campaigns",
    "games/clock",
    "games/league",
    "games/matches",
    "games/notifications",
    "hexsite",
)


def test_the_platform_names_no_game_system():
    """Matches, campaigns, the league, notifications, accounts, the clock and the site's own
    package work through the engine contract and the site packages only: no registered system's
    key appears in their code or templates (migrations, which record history, aside)."""
    from games.engine.registry import system_keys

    keys = system_keys()
    assert "neuroshima" in keys  # the check reads the registry: each new system joins it
    offenders = []
    for package in PLATFORM:
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix not in {".py", ".html", ".js", ".css", ".txt"}:
                continue
            if "migrations" in path.parts:
                continue
            text = path.read_text(encoding="utf-8").lower()
            offenders += [f"{path.relative_to(ROOT)}: {key}" for key in keys if key in text]
    assert offenders == []
