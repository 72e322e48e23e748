"""Django's `reverse`, remembered per process: the same answer for the same view name,
arguments, script prefix and URLconf (all it depends on), without walking the URL patterns
again.

A match's page, its picks and every push name the same few addresses again and again (the
players' profiles, the match's own URLs, the rules): py-spy put Django's `reverse` at 4 % of the
web process's CPU under `manage.py bench live` (issue 14), about 25 µs a call; a remembered one
costs a dictionary lookup. Positional arguments only (ids, user names), as those call sites use.
An address that does not exist raises NoReverseMatch each time, as Django's does (not kept).
Templates' `{% url %}` goes through it too (hexsite/templatetags/remembered_urls.py), with the
current application namespace Django's tag passes (part of the key)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from django.urls import get_script_prefix, get_urlconf
from django.urls import reverse as django_reverse

# Profiles and matches being played at once, per web process (a few hundred bytes each).
MAX_ENTRIES = 8192


@lru_cache(maxsize=MAX_ENTRIES)
def _remembered(viewname: str, args: tuple, prefix: str, urlconf, current_app) -> str:
    # Django's reverse reads the same thread's prefix and URLconf that make the key.
    return django_reverse(viewname, args=args, current_app=current_app)


def reverse(viewname: str, args: Sequence[object] = (), current_app: str | None = None) -> str:
    """Django's reverse(viewname, args=args, current_app=current_app); arguments that cannot
    be a key (a list among them) raise TypeError."""
    return _remembered(viewname, tuple(args), get_script_prefix(), get_urlconf(), current_app)
