"""Which site draws each system. Site packages register from their AppConfig.ready
(games.hexboard.registry); a system without one gets `GenericSite`, which lists the public
view and offers the legal moves as buttons, so the platform works (and is testable) before a
system has its own drawing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.safestring import SafeString, mark_safe

from games.engine import registry
from games.hexboard.forms import SystemOptionsForm
from games.hexboard.protocol import BaseSite
from games.hexboard.registry import registered_site, site_keys


def get_site(key: str) -> BaseSite:
    return registered_site(key) or GenericSite(key)


def playable_keys() -> tuple[str, ...]:
    """Systems the lobby offers: those with a site of their own, and systems registered from
    outside the engine registry (test systems, drawn by GenericSite). A registered engine
    waits for its site before players see it."""
    keys: list[str] = []
    extra = [k for k in registry.loaded_keys() if k not in registry.system_keys()]
    for key in (*site_keys(), *extra):
        if key in keys:
            continue
        try:
            registry.get_system(key)
        except (KeyError, ImportError):
            continue
        keys.append(key)
    return tuple(keys)


def options_form(key: str, data: Any = None, *, seats: int = 2, user=None) -> SystemOptionsForm:
    """The system's lobby options, prefixed by its key, for `seats` players created by `user`."""
    site = get_site(key)
    form_class = getattr(site, "options_form", None) or _no_options_form(key)
    return form_class(data, seats=seats, user=user)


def _no_options_form(key: str) -> type[SystemOptionsForm]:
    return type(f"{key}OptionsForm", (SystemOptionsForm,), {"system_key": key})


class GenericSite(BaseSite):
    """The fallback (see the module docstring): a list instead of a board."""

    board_template = "matches/generic_board.html"

    def __init__(self, key: str) -> None:
        self.key = key  # type: ignore[misc]
        self.name = key

    def grid(self, view: Mapping[str, Any]) -> tuple[str, SafeString]:
        return "0 0 0 0", mark_safe("")
