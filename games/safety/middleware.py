"""Refuses, with a 400 page in the reader's language, a request whose address or fields hold a
NUL character: PostgreSQL cannot store one in text, so a form or query that let one through
would fail with a server error (reliability review, finding 7a: a chat message with NUL). No
person types NUL; only scripts send it. JSON fields escape it as \\u0000, which the JSON readers
see and refuse on their own."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.safety.views import refusal_page


def _has_nul(query_dict) -> bool:
    return any(
        "\x00" in key or any("\x00" in v for v in values) for key, values in query_dict.lists()
    )


class RefuseNulCharacters:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            "\x00" in request.path
            or _has_nul(request.GET)
            or (request.method == "POST" and _has_nul(request.POST))
        ):
            return refusal_page(
                request, _("This request contains a character that is not allowed (NUL).")
            )
        return self.get_response(request)
