"""League formats offered by the game systems (each site package lists its own:
`BoardSite.league_presets`). The league names no system: a preset brings its game with it."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from games.hexboard.protocol import LeaguePreset
from games.matches.systems import get_site, playable_keys


def league_presets() -> dict[str, tuple[str, LeaguePreset]]:
    """Preset key -> (the system it plays, the preset), over every playable system."""
    return {
        preset.key: (key, preset)
        for key in playable_keys()
        for preset in getattr(get_site(key), "league_presets", ())
    }


def league_preset_choices() -> list[tuple[str, str]]:
    """The league form's formats: each system's presets (in the reader's language)."""
    return [(key, str(preset.label)) for key, (_system, preset) in league_presets().items()]


def league_rules_text(*, system: str, stored: str) -> str:
    """The rules text a reader sees. A league made from a preset stores the preset's text in
    its creator's language; whoever reads it gets it in their own. A text the organiser wrote
    themselves is shown as written."""
    stored_clean = (stored or "").strip()
    if not stored_clean:
        return ""
    for preset in getattr(get_site(system), "league_presets", ()):
        for code, _name in settings.LANGUAGES:
            with translation.override(code):
                same = str(preset.rules_text).strip() == stored_clean
            if same:
                return str(preset.rules_text)  # in the reader's language, outside the override
    return stored
