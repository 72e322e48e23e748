"""The "your turn" count shown in every page's title and navigation."""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from games.matches.selectors import seats_to_play_count


def turn_count(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"my_turn_count": 0}
    # Lazy: htmx partials never show it, so they never pay for the query.
    return {"my_turn_count": SimpleLazyObject(lambda: seats_to_play_count(user=user))}
