"""The installable site: the web app manifest and the page the service worker (static/
notifications/sw.js, served at /sw.js by views.service_worker) shows when a navigation fails
offline.

The manifest speaks the reader's language (its description and `lang`), so it is answered
per request, never cached by a shared cache. The offline page is one per language, at its own
address, so the worker can keep both and show the one of the last page the player saw. It is
the same for everybody: no name, no CSRF token, nothing of an account, since it sits in a
cache every account of the browser reads."""

from __future__ import annotations

import json

from csp.decorators import csp_update
from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

# The light theme's colours (static/css/site.css): the header's, and the page's.
THEME_COLOR = "#23313f"
THEME_COLOR_DARK = "#1a232c"
BACKGROUND_COLOR = "#f7f7f4"


def manifest_data() -> dict:
    """The manifest, in the active language."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    icon = "notifications/icons/"
    return {
        "id": "/",
        "name": "hexsite",
        "short_name": "hexsite",
        "description": _("Hex wargames by turns: matches at your pace, campaigns and a league."),
        "lang": language,
        "dir": "ltr",
        "start_url": reverse("matches:my_games"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
            *(
                {
                    "src": static(f"{icon}icon-{size}.png"),
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": "any",
                }
                for size in (192, 512)
            ),
            *(
                {
                    "src": static(f"{icon}maskable-{size}.png"),
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": "maskable",
                }
                for size in (192, 512)
            ),
        ],
    }


@require_GET
def manifest(request):
    response = HttpResponse(
        json.dumps(manifest_data(), ensure_ascii=False, indent=1),
        content_type="application/manifest+json; charset=utf-8",
    )
    # Its words follow the reader's language: a shared cache must not give one reader's to another.
    patch_cache_control(response, no_cache=True)
    response["Vary"] = "Cookie, Accept-Language"
    return response


@require_GET
@csp_update({"style-src": ["'unsafe-inline'"]})  # its few rules inline: the page stands alone
def offline(request, language: str):
    if language not in dict(settings.LANGUAGES):
        raise Http404
    with translation.override(language):
        response = render(request, "notifications/offline.html", {"language": language})
    response["Content-Language"] = language
    return response
