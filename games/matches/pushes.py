"""The partials a move changed, rendered for the reader of one websocket: what their page would
get by refetching `/m/<id>/live?since=V`, without that request (no HTTP round trip, no session
and user queries: the socket was authenticated when it opened).

Rendered from that reader's view only, through the same `page_context` as the refetch (a
player's own seat, or a spectator's), after checking again that they may see the match; the
forms carry the reader's own CSRF token (from their cookie) and the words their language.

Rendering writes nothing: the reader's "seen" marks (as the refetch writes them) are written by
`match_push_seen` once the push was sent, so that the page is not kept waiting for those
writes (measured under `manage.py bench live`, issue 14: half of a push's time)."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, QueryDict
from django.template.loader import render_to_string
from django.urls import resolve, reverse
from django.utils import timezone, translation

from games.matches import selectors, services


def _request(scope, user) -> HttpRequest:
    """An HttpRequest standing for the page's refetch (an htmx request): the reader, their
    cookies and Accept-Language, no picks (a page with picks in its address refetches instead)."""
    request = HttpRequest()
    request.method = "GET"
    request.user = user
    request.GET = QueryDict()
    request.COOKIES = dict(scope.get("cookies") or {})
    for name, value in scope.get("headers") or ():
        key = "HTTP_" + name.decode("latin-1").upper().replace("-", "_")
        request.META[key] = value.decode("latin-1")
    request.META["HTTP_HX_REQUEST"] = "true"
    server = scope.get("server") or ("127.0.0.1", 80)
    request.META["SERVER_NAME"], request.META["SERVER_PORT"] = server[0], str(server[1])
    token = request.COOKIES.get(settings.CSRF_COOKIE_NAME)
    if token:
        request.META["CSRF_COOKIE"] = token  # a {% csrf_token %} writes one of their own cookie
    return request


def _language(request, user) -> str:
    profile = getattr(user, "profile", None)
    if profile is not None and profile.language:
        return profile.language
    return translation.get_language_from_request(request)


def match_changes_for_socket(
    *, scope, match_id: int, since: int, seat: int | None = None, page_language: str | None = None
) -> tuple[int, str] | None:
    """(version, HTML of the changed partials, out of band) for the socket's reader, or None
    when they may no longer see the match or it has no board yet (the page refetches). With
    `seat`, through that seat of theirs, as their page's address `/m/<id>/seat/<n>/` asks (a
    seat not theirs is not taken: the page_context shows only the reader's own seats). With
    `page_language`, the language the page was drawn in (its watch says it, as its requests
    do: matches.shown_parts)."""
    from games.matches.views import MATCH_TEMPLATE, page_context

    user = scope["user"]
    found = selectors.match_visible_with_seats(match_id=match_id, user=user)
    if found is None or not found[0].has_snapshot:
        return None
    match, seats = found
    request = _request(scope, user)
    if page_language:
        request.META["HTTP_X_PAGE_LANGUAGE"] = page_language
    if seat is not None:  # the page's address, as a refetch from it names it (HX-Current-URL)
        request.resolver_match = resolve(reverse("matches:match_seat", args=[match.pk, seat]))
    profile = getattr(user, "profile", None)
    with translation.override(_language(request, user)):
        zone = None
        if profile is not None and profile.time_zone:
            try:
                zone = zoneinfo.ZoneInfo(profile.time_zone)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                zone = None
        with timezone.override(zone):
            ctx = page_context(request, match, since=since, chat_wanted=False, seats=seats)
            html = render_to_string(MATCH_TEMPLATE + "#changes", ctx, request=request)
    return match.version, html


def match_push_seen(*, match_id: int, user, version: int) -> None:
    """The push of `version` reached the reader's page: as the refetch does (views.note_seen), the
    inbox's entries of the match are read and their seats' mark moves to `version` (never back).
    One transaction: one commit for both writes."""
    with transaction.atomic():
        services.match_mark_seen(match_id=match_id, user=user, version=version, opened=True)
