"""`{% page_csrf_token %}`: a form's CSRF field in a whole page only.

A token is 64 random characters that gzip cannot shrink, and a match page's answers carry
several forms (issue 14: a move's answer of at most 3 KB on the wire). An answer to an htmx
request (and a websocket push, which stands for one: games/matches/pushes.py) is swapped into a
page that already holds the token in its `<meta name="csrf-token">`: htmx sends it as the
X-CSRFToken header, and static/js/site.js adds it to a form submitted without htmx. A browser
without JavaScript never sends HX-Request: it gets whole pages, whose forms keep their field.
Django's CSRF check is unchanged (a POST without a token is still refused)."""

from __future__ import annotations

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import SafeString

register = template.Library()


def swapped_into_a_page(request) -> bool:
    """Whether `request`'s answer goes into a page that has the token already (htmx's)."""
    return request is not None and request.headers.get("HX-Request") == "true"


@register.simple_tag(takes_context=True)
def page_csrf_token(context) -> SafeString:
    # An inclusion tag's context keeps the request as an attribute, not as a variable.
    if swapped_into_a_page(getattr(context, "request", None)):
        return SafeString("")
    return SafeString(CsrfTokenNode().render(context))
