"""The theme every page is drawn in (templates/base.html: `<html data-theme>`, the
color-scheme and theme-color metas): a player's profile's, a visitor's cookie (the header's
switch), else "auto", the device's light or dark."""

from __future__ import annotations

from games.accounts.models import Profile

THEME_COOKIE = "theme"


def theme(request) -> dict:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        chosen = getattr(getattr(user, "profile", None), "theme", "")
    else:
        chosen = request.COOKIES.get(THEME_COOKIE, "")
    return {"site_theme": chosen if chosen in Profile.Theme.values else Profile.Theme.AUTO}
