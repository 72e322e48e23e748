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


def turn_chime(request) -> dict:
    """Whether the page chimes when it becomes the player's turn (`<body data-turn-chime>`,
    static/js/site.js): a player's setting, on until they turn it off; never for a visitor."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"turn_chime": False}
    profile = getattr(user, "profile", None)
    return {"turn_chime": profile.turn_chime if profile is not None else True}
