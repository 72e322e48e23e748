"""Activates the signed-in player's language and time zone on every request."""

from __future__ import annotations

import zoneinfo

from django.utils import timezone, translation


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        profile = getattr(getattr(request, "user", None), "profile", None)
        if profile is not None:
            if profile.language:
                translation.activate(profile.language)
                request.LANGUAGE_CODE = profile.language
            try:
                timezone.activate(zoneinfo.ZoneInfo(profile.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        return self.get_response(request)
