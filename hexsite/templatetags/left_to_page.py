"""`{% left_to_page "name" %}<p …>…</p>{% endleft_to_page %}`: a part of the match page that a
redraw leaves to the page when the page shows it as it is already (issue 14: a move's answer of
at most 3 KB on the wire; the hand's links).

The part is drawn, and its first element gets the id `name` (its last attribute). `page_shows`
of the context (matches.shown_parts, which knows the drawing the page shows: its version,
address and language) is asked whether the page shows the part as a digest of its HTML names
it; if so, only an empty element of that id is sent,
with hx-preserve and data-placeholder: htmx keeps the page's own, and static/hexboard/board.js
fetches the page once for a page that lacks it. Without `page_shows` (a spectator) the part is
drawn as it is. (The digest is not written in the page: two matches' pages stay alike.)"""

from __future__ import annotations

import hashlib
import re

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_CSRF_FIELD = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')
_FIRST_TAG = re.compile(r"^\s*<([a-z][a-z0-9-]*)\b[^>]*?(?=/?>)")


@register.tag
def left_to_page(parser, token):
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("left_to_page takes the part's name")
    nodes = parser.parse(("endleft_to_page",))
    parser.delete_first_token()
    return LeftToPageNode(parser.compile_filter(bits[1]), nodes)


class LeftToPageNode(template.Node):
    def __init__(self, name, nodes):
        self.name = name
        self.nodes = nodes

    def render(self, context) -> SafeString:
        html = self.nodes.render(context)
        shows = context.get("page_shows")
        found = _FIRST_TAG.match(html)
        if shows is None or found is None:
            return SafeString(html)
        part = self.name.resolve(context)
        # A whole page's forms carry a CSRF field masked anew each time (page_csrf.py): the
        # same part whatever its token. (3 to 5 µs a part, the expression a tenth of them:
        # nothing beside an answer's 40 ms, hexsite/bench_live/HISTORY.md.)
        digest = hashlib.blake2s(_CSRF_FIELD.sub("", html).encode(), digest_size=8).hexdigest()
        tag = found.group(1)
        if shows(part=part, drawn_id=digest):
            return format_html(
                '<{} hx-preserve="true" data-placeholder="1" id="{}"></{}>', tag, part, tag
            )
        start = found.end()
        return format_html('{} id="{}"{}', mark_safe(html[:start]), part, mark_safe(html[start:]))
