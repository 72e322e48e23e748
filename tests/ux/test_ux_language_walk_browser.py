"""A newcomer reads one language on every page: walked in English, no page a player reaches
shows a French word (a sentence joined in Python, an engine's text, a data file's name, a string
a script shows: `data-*`, ARIA labels, titles...), and walked in French, none shows an English
one. The walk is the phone walk's (test_ux_phone_every_page_browser.py): the visitor's pages and
the sign-up first, then, signed in as an organiser who plays every game system and runs a league
and a campaign, every page found from the lobby, a match of each system some moves in.

Text another language on purpose is marked so (`lang`: a tile's French name beside its English
one, the language switch's « Français »), and names are the players' (the league's and the
campaign's names are given in the walk's language). The time zones' cities under their region
are the tz database's names (« La Paz »): proper names, not translated."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.accounts.selectors import profile_for
from games.matches.models import Match
from tests.browser_support import make_verified_user, sign_in, sign_up
from tests.fixtures import MATCH_CONFIGS
from tests.ux.language_support import NAMES, more_news, other_language
from tests.ux.test_ux_phone_every_page_browser import MOST_PAGES, PHONE, _world, walk

PASSWORD = "hexsite-language-walk-1"


# Every text of the page a reader meets, in the page's language: text nodes, and the attributes
# read aloud or shown (ARIA labels, titles, placeholders, alternatives, buttons' values, the
# sentences scripts show from `data-*`: a confirm, a « copied » notice). Not scripts' code, nor
# what is marked in another language, nor the time zones' city names (proper names).
TEXTS = """lang => {
    const skipped = e => !!e.closest('script, style, noscript, template, '
        + 'select[name=time_zone] optgroup + optgroup')
        || !(e.closest('[lang]')?.lang || lang).startsWith(lang);
    const texts = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim();
        if (text && node.parentElement && !skipped(node.parentElement)) texts.push(text);
    }
    const read = ['aria-label', 'aria-description', 'title', 'placeholder', 'alt'];
    for (const e of document.querySelectorAll('*')) {
        if (skipped(e)) continue;
        for (const { name, value } of e.attributes) {
            const sentence = name.startsWith('data-') && /\\p{L}{2,} \\p{L}{2,}/u.test(value)
                && !/[{<]/.test(value);
            const label = name === 'value' && e.matches('input[type=submit], input[type=button]');
            if (read.includes(name) || sentence || label) texts.push(value);
        }
    }
    return texts;
}"""

# The visitor's pages, and the one the service worker shows offline (one per language).
VISITOR_PAGES = ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]


def _other_language(page, language: str) -> list[str]:
    """`path: words | text` for each text of the page holding words of the other language."""
    found = []
    for text in page.evaluate(TEXTS, language):
        if words := other_language(text, language):
            found.append(f"{page.url}: {words} | {' '.join(text.split())[:160]}")
    return found


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_a_newcomer_reaches_reads_in_one_language(daphne_server, new_context, language):
    origin = daphne_server.url.rstrip("/")
    locale = {"en": "en-US", "fr": "fr-FR"}[language]
    found: list[str] = []
    visitor = new_context(locale=locale, viewport=PHONE, has_touch=True).new_page()
    for path in [*VISITOR_PAGES, f"/offline/{language}/"]:
        visitor.goto(origin + path)
        found += _other_language(visitor, language)
    sign_up(visitor, daphne_server, f"new_{language}", PASSWORD)
    found += _other_language(visitor, language)

    organiser = make_verified_user(f"anna_{language}", PASSWORD)
    player = make_verified_user(f"bruno_{language}", PASSWORD)
    for user in (organiser, player):
        profile = profile_for(user)
        profile.language = language
        profile.save()
    with translation.override(language):  # as the organiser made them (a league's rules)
        _world(organiser, player, moves=12, **NAMES[language])
        more_news(organiser, player)
    page = new_context(locale=locale, viewport=PHONE, has_touch=True).new_page()
    sign_in(page, daphne_server, organiser.username, PASSWORD)
    to_visit = ["/", "/games/finished/", *(f"/?system={system}" for system in MATCH_CONFIGS)]
    seen: set[str] = set()
    for _path in walk(page, origin, to_visit, seen):
        found += _other_language(page, language)
    # Each system words its own steps (the walk opens two step viewers in all): every match's.
    for match in Match.objects.filter(records__isnull=False).distinct():
        for step in ("", "2/"):
            page.goto(f"{origin}/m/{match.pk}/steps/{step}")
            found += _other_language(page, language)
    # The walk reached the pages that matter (else it would prove nothing).
    for expected in ("/notifications/", "/campaigns/", "/leagues/", "/me/settings/", "/rules/"):
        assert expected in seen, sorted(seen)
    assert sum(1 for path in seen if re.fullmatch(r"/m/\d+/", path)) >= 5, sorted(seen)
    assert len(seen) < MOST_PAGES, "the walk stopped before it saw every kind of page"
    assert found == [], "\n".join(found)
