from django.apps import AppConfig


class SafetyConfig(AppConfig):
    """Answers to bad requests: the site's error pages (in the reader's language) and the
    middleware that refuses input no page can store (see middleware.py)."""

    name = "games.safety"
    label = "safety"
