"""`{% avatar user "small" %}`: a player's picture, or their initial(s) on their colour.

Sizes: "small" beside a name in a line (the match page's seats, the lobby), "medium" in a list
of players, "large" on their own page. `decorative` (the default) where the name is written
right beside it: the picture says nothing more (alt="", hidden from screen readers); else
`decorative=False` names the player.

The picture's address comes from the profile's digest. Pages load the players' profiles with
them (`select_related("user__profile")`, the session's read for oneself): then drawing costs
no query. Without it, `profiles_of` reads it (one query): load it instead."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.accounts.avatars import initials, palette_colour
from games.accounts.selectors import profiles_of

register = template.Library()

PIXELS = {"small": 28, "medium": 40, "large": 96}


@register.simple_tag
def avatar(user, size: str = "small", *, decorative: bool = True, profile=None) -> SafeString:
    if user is None:
        return SafeString("")
    pixels = PIXELS.get(size, PIXELS["small"])
    username = user.get_username()
    if not profile:  # none given (or "", a template's missing one): the user's, loaded or read
        profile = profiles_of(users=[user]).get(user.pk)
    digest = profile.avatar_digest if profile is not None else ""
    name = profile.name if profile is not None else username
    if digest:
        return format_html(
            '<img class="avatar avatar-{}" src="{}" width="{}" height="{}" alt="{}" '
            'loading="lazy" decoding="async">',
            size,
            reverse("accounts:avatar", args=[username, digest]),
            pixels,
            pixels,
            "" if decorative else name,
        )
    if decorative:
        told = SafeString('aria-hidden="true"')
    else:
        told = format_html('role="img" aria-label="{}"', name)
    return format_html(
        '<span class="avatar avatar-{} avatar-initials avatar-colour-{}" {}>{}</span>',
        size,
        palette_colour(username),
        told,
        initials(username),
    )
