"""Site packages by system key. Each registers its site from its AppConfig.ready."""

from __future__ import annotations

from games.hexboard.protocol import BaseSite

_sites: dict[str, BaseSite] = {}


def register_site(site: BaseSite) -> BaseSite:
    _sites[site.key] = site
    return site


def registered_site(key: str) -> BaseSite | None:
    return _sites.get(key)


def site_keys() -> tuple[str, ...]:
    return tuple(_sites)
