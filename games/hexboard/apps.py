from django.apps import AppConfig


class HexboardConfig(AppConfig):
    """The shared board and turn UI of every game system (ARCHITECTURE.md, "Game systems on the
    site"). No models: templates, static files, and pure helpers the platform's views call."""

    name = "games.hexboard"
    label = "hexboard"
