"""`{% left_to_page "name" %}<p …>…</p>{% endleft_to_page %}`: a part of the match page that a
redraw leaves to the page when the page shows it as it is already (issue 14: a move's answer of
at most 3 KB on the wire; the hand's links).

The part is drawn, and its first element gets the id `name` (its last attribute). `page_shows`
of the context (matches.shown_parts, which knows the drawing the page shows: its version,
address and language) is asked whether the page shows the part as a digest of its HTML names
it; if so, only an empty element of that id is sent,
with hx-preserve and data-placeholder: htmx keeps the page's own, and static/hexboard/board.js
fetches the page once for a page that lacks it. Without `page_shows` (a spectator) the part is
drawn as it is. (The digest is not written in the page: two matches' pages stay alike.)

`{% left_to_page "name" key %}`: the part is named by `key` instead of its HTML, and not drawn
at all when the page shows it already (issue 14: drawing the status's seats' lines cost more
than the rest of the tag). The key must hold everything the part is drawn from but what names
the page's drawing already (the match, the seat, the page's address and language: shown_parts):
a plain value (tuples of strings, numbers, booleans, dates) compared by equality, or a callable
that returns one (called only when there is a page to ask). The part's first element must be
written in the template itself, so that its empty element is known without drawing it."""

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
    if len(bits) not in (2, 3):
        raise template.TemplateSyntaxError("left_to_page takes the part's name, and a key")
    nodes = parser.parse(("endleft_to_page",))
    parser.delete_first_token()
    if len(bits) == 2:
        return LeftToPageNode(parser.compile_filter(bits[1]), nodes)
    first = nodes[0] if nodes else None
    found = _FIRST_TAG.match(first.s) if isinstance(first, template.base.TextNode) else None
    if found is None:
        raise template.TemplateSyntaxError(
            "a keyed left_to_page part starts with its element written in the template"
        )
    return KeyedLeftToPageNode(
        parser.compile_filter(bits[1]), nodes, parser.compile_filter(bits[2]), found.group(1)
    )


def _placeholder(tag: str, part: str) -> SafeString:
    return format_html('<{} hx-preserve="true" data-placeholder="1" id="{}"></{}>', tag, part, tag)


def _with_id(html: str, found: re.Match, part: str) -> SafeString:
    start = found.end()
    return format_html('{} id="{}"{}', mark_safe(html[:start]), part, mark_safe(html[start:]))


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
        if shows(part=part, drawn_id=digest):
            return _placeholder(found.group(1), part)
        return _with_id(html, found, part)


class KeyedLeftToPageNode(LeftToPageNode):
    """A part named by its key: drawn only for a page that does not show it as that key."""

    def __init__(self, name, nodes, key, tag: str):
        super().__init__(name, nodes)
        self.key = key
        self.tag = tag

    def render(self, context) -> SafeString:
        shows = context.get("page_shows")
        if shows is None:
            return SafeString(self.nodes.render(context))
        key = self.key.resolve(context)
        if key is None or key == "":  # a context without the key: named by its HTML
            return super().render(context)
        part = self.name.resolve(context)
        # Tagged, so that a key never equals a digest of some other drawing of the part.
        drawn_id = ("key", key)
        if shows(part=part, drawn_id=drawn_id):
            return _placeholder(self.tag, part)
        html = self.nodes.render(context)
        return _with_id(html, _FIRST_TAG.match(html), part)
