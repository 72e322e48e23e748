"""The tile sprite over HTTP: one SVG document of every tile's art (presenters.sprite_document),
at an address named after its content, so browsers keep it until a drawing changes."""

from __future__ import annotations

import functools

from django.http import Http404, HttpResponse
from django.urls import reverse
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET

from games.neuroshima_site import presenters

A_YEAR = 365 * 24 * 3600


@functools.cache
def url() -> str:
    return reverse("neuroshima_site:sprite", args=[presenters.sprite_digest()])


@require_GET
@gzip_page
def sprite_view(request, digest: str):
    if digest != presenters.sprite_digest():
        raise Http404  # an old address: pages name the current one
    response = HttpResponse(presenters.sprite_document(), content_type="image/svg+xml")
    response["Cache-Control"] = f"public, max-age={A_YEAR}, immutable"
    return response
