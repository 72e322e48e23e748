"""`{% url %}` through the remembered reverse (hexsite/reverse_memo.py), for every template: a
template built-in (settings.TEMPLATES' "builtins") loaded after Django's, so its `url` is the
one templates get.

Django's tag walks the URL patterns at every call (about 25 µs); the match page's status alone
names five addresses (resign, takeback, draw...) in every answer, push and refetch (issue 14).
The same view name, arguments, current application, script prefix and URLconf give the same
address, so it is remembered. A tag with keyword arguments, or with arguments other than
strings and integers (a model instance's address is its `str`, which may change), is Django's
own."""

from __future__ import annotations

from django import template
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch
from django.utils.html import conditional_escape

from hexsite.reverse_memo import reverse

register = template.Library()


def _keyable(arg) -> bool:
    """An argument whose address is the same for equal values: a string (a template's literal
    is a SafeString) or an integer (not a bool, equal to 1 or 0 but written otherwise)."""
    return isinstance(arg, str) or type(arg) is int


def _current_app(context) -> str | None:
    """The application namespace Django's tag passes to reverse."""
    request = getattr(context, "request", None)
    if request is None:
        return None
    if hasattr(request, "current_app"):
        return request.current_app
    found = getattr(request, "resolver_match", None)
    return found.namespace if found is not None else None


class RememberedURLNode(URLNode):
    def render(self, context):
        if self.kwargs:
            return super().render(context)
        args = [arg.resolve(context) for arg in self.args]
        if not all(_keyable(arg) for arg in args):
            return super().render(context)
        try:
            url = reverse(self.view_name.resolve(context), args, _current_app(context))
        except NoReverseMatch:
            if self.asvar is None:
                raise
            url = ""
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


@register.tag
def url(parser, token):
    node = django_url(parser, token)
    return RememberedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
