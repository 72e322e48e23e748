"""The site's legal notice (« Mentions légales », LCEN art. 6) and privacy page (RGPD art. 13:
what is kept about a player, why, for how long, who sees it, their rights). Public pages: the
facts come from the settings that decide them (session length, backups kept, how soon sign-in counters are erased), the operator's
identity from LEGAL_PUBLISHER, LEGAL_HOST and PRIVACY_CONTACT."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.http import require_GET

from hexsite.expired_cache import PURGE_CACHE_MINUTES


def _operator() -> dict:
    return {
        "publisher": settings.LEGAL_PUBLISHER,
        "host": settings.LEGAL_HOST,
        "contact": settings.PRIVACY_CONTACT,
        "site_name": settings.SITE_NAME,
    }


@require_GET
def privacy(request):
    return render(
        request,
        "accounts/privacy.html",
        {
            **_operator(),
            "session_days": settings.SESSION_COOKIE_AGE // 86400,
            "backup_days": settings.BACKUP_KEEP if settings.BACKUP_DIR else 0,
            "cache_purge_minutes": PURGE_CACHE_MINUTES,
        },
    )


@require_GET
def legal_notice(request):
    return render(request, "accounts/legal.html", _operator())
