"""Infinity's own page: the rules in our own words (the match page and its history are the
platform's)."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def rules(request):
    return render(request, "infinity_site/rules.html", {})
