"""A system's sprite over HTTP: one SVG document of every piece's art, at an address named
after its content, so browsers keep it until a drawing changes."""

from __future__ import annotations

import functools
import hashlib

from django.http import Http404, HttpResponse
from django.urls import reverse
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET

from games.hexboard.registry import registered_site

A_YEAR = 365 * 24 * 3600


def _document(key: str) -> bytes | None:
    site = registered_site(key)
    return None if site is None else site.sprite_document()


@functools.cache
def digest(key: str) -> str:
    document = _document(key) or b""
    return hashlib.sha256(document).hexdigest()[:10]


@functools.cache
def url(key: str) -> str:
    return reverse("hexboard:sprite", args=[key, digest(key)])


@require_GET
@gzip_page
def sprite_view(request, key: str, digest_: str):
    document = _document(key)
    if document is None or digest_ != digest(key):
        raise Http404  # an old address: pages name the current one
    response = HttpResponse(document, content_type="image/svg+xml")
    response["Cache-Control"] = f"public, max-age={A_YEAR}, immutable"
    return response
