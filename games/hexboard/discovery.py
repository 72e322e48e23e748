"""Finds each system's site package by convention: `games.<key>_site` for every key of the
engine registry. Settings install them as apps and the root URLconf mounts their extra pages at
`/<key>/`, so adding a system touches neither (ARCHITECTURE.md, "Adding a game system").
Imported by settings: nothing here may import Django models."""

from __future__ import annotations

import importlib.util

from games.engine import registry


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def site_apps() -> list[str]:
    return [f"games.{key}_site" for key in registry.system_keys() if _exists(f"games.{key}_site")]


def site_urlconfs() -> list[tuple[str, str]]:
    """(URL prefix, URLconf module) of every site package that has pages of its own."""
    return [
        (app.split(".")[1].removesuffix("_site"), f"{app}.urls")
        for app in site_apps()
        if _exists(f"{app}.urls")
    ]
