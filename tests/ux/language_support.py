"""Shared by the language walk (test_ux_language_walk_browser.py) and the messages' test
(test_ux_language_messages.py): the words that betray the other language in what a reader gets
(a page, an e-mail, a push text), and the news their world tells besides the phone walk's."""

from __future__ import annotations

import re

from games.accounts import services as accounts
from games.matches import services
from tests.fixtures import MATCH_CONFIGS

FRENCH_WORDS = (
    "le la les des du un une et est vous votre vos tour pour avec sur dans pas au aux ce cette"
    " qui que par joueur joueurs partie parties coup coups ou il elle mais sont"
)
# Not "match" nor "on": French words too.
ENGLISH_WORDS = (
    "the and your you of with is are this that turn player players move moves game games to in"
    " for has have not round season win wins draw"
)


def _either(words: str, *more: str) -> re.Pattern:
    """Any of `words` in lower case or capitalised as a sentence starts (« Camouflage TO » is
    Infinity's own French term), or any pattern of `more`, as a word."""
    either = [f"[{w[0]}{w[0].upper()}]{w[1:]}" for w in words.split()]
    return re.compile(rf"\b(?:{'|'.join([*more, *either])})\b")


# The other language's words in each language: on an English page, accented words too.
OTHER_LANGUAGE = {
    "en": _either(FRENCH_WORDS, r"\w*[éèêàçùûôîœ]\w*"),
    "fr": _either(ENGLISH_WORDS),
}


def other_language(text: str, language: str) -> list[str]:
    """The words of `text` that are not in `language` (the reader's), each once."""
    return sorted(set(OTHER_LANGUAGE[language].findall(text)))


# The names players give, in the walk's language (a French league's name is no finding).
NAMES = {
    "en": {
        "league_name": "Tuesday League",
        "campaign_name": "Scorched Lands",
        "army_name": "Raiders",
    },
    "fr": {
        "league_name": "Ligue du mardi",
        "campaign_name": "Terres brûlées",
        "army_name": "Pillards",
    },
}


def more_news(organiser, player) -> None:
    """What the phone walk's world (_world) does not tell: a computer's seat, a chat message, a
    draw offer, a declined one, a match called off (its season closed), a match won by
    resignation and its rematch offer, a new follower."""
    services.match_create(
        system="neuroshima",
        config=MATCH_CONFIGS["neuroshima"],
        seat_users=[organiser, None],
        bot_levels={1: 1},
    )
    chat, offer, resigned = (
        services.match_create(
            system=system, config=MATCH_CONFIGS[system], seat_users=[organiser, player]
        )
        for system in ("skirmish", "paintball", "hexpanse")
    )
    services.match_post_chat(match_id=chat.pk, user=player, text="gg")
    services.match_offer_draw(match_id=offer.pk, user=player)
    services.match_offer_draw(match_id=chat.pk, user=organiser)
    services.match_decline_draw(match_id=chat.pk, user=player)
    called_off = services.match_create(
        system="skirmish", config=MATCH_CONFIGS["skirmish"], seat_users=[organiser, player]
    )
    services.match_call_off_unfinished(match_id=called_off.pk, reason="season_closed")
    services.match_resign(match_id=resigned.pk, user=player)
    services.match_rematch(match_id=resigned.pk, user=player)
    accounts.follow_add(user=player, followed=organiser)
