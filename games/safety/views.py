"""The site's error pages, rendered with the request so they speak the reader's language and
show the navigation. A refusal page says in one sentence what was refused; nothing else about
the refusal leaves the server."""

from __future__ import annotations

from django.shortcuts import render


def refusal_page(request, message: str = "", *, status: int = 400):
    """A 4xx page with one sentence for the player (templates 400/403/404/429.html)."""
    return render(request, f"{status}.html", {"message": message}, status=status)


def bad_request(request, exception=None):
    """handler400: Django's default renders without the request (no language, no menu)."""
    return refusal_page(request, status=400)
