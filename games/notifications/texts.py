"""The sentence and the link of each notification kind, written in the active language when
shown (a row stores a kind and parameters, never a sentence)."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.hexboard.words import of_name
from games.matches.called_off import called_off_reason
from games.matches.hooks import MatchContext, competition_label, match_context
from games.matches.models import Match
from games.matches.systems import get_site
from games.notifications.models import Notification
from games.notifications.selectors import match_opponent_params

K = Notification.Kind
_TITLE_NUMBER = re.compile(r"\s*#\d+$")


def _result(p: dict) -> str:
    if p.get("result") == "won":
        return _("You won %(match)s.") % p
    if p.get("result") == "lost":
        return _("You lost %(match)s.") % p
    if p.get("result") == "draw":
        return capfirst(_("%(match)s ended in a draw.") % p)
    return capfirst(_("%(match)s is over.") % p)


def _chat(p: dict) -> str:
    if not p.get("excerpt"):  # its author deleted their account (privacy.py)
        p = {**p, "excerpt": _("message deleted")}
    count = int(p.get("count") or 1)
    if count == 1:
        return _("%(by)s wrote to you in %(match)s: “%(excerpt)s”") % p
    return ngettext(
        "%(count)d new message in %(match)s, the last from %(by)s: “%(excerpt)s”",
        "%(count)d new messages in %(match)s, the last from %(by)s: “%(excerpt)s”",
        count,
    ) % {**p, "count": count}


_TEXTS = {
    K.TURN: lambda p: (
        _("Your turn against %(opponent)s (%(where)s).") % p
        if p.get("opponent")
        else _("Your turn (%(where)s).") % p
    ),
    K.REMINDER: lambda p: _("Less than %(hours)s h left to play in %(match)s.") % p,
    K.TIMEOUT: lambda p: (
        _("You ran out of time in %(match)s: the match counts as lost.") % p
        if p.get("you")
        else _("%(loser)s ran out of time in %(match)s and loses the match.") % p
    ),
    K.DEADLINE_DEFAULT: lambda p: (
        _("Your deadline passed in %(match)s: the rules' default was played for you.") % p
    ),
    K.GAME_OVER: _result,
    K.DRAW_OFFER: lambda p: _("%(by)s offers a draw in %(match)s.") % p,
    K.DRAW_DECLINED: lambda p: _("%(by)s declined your draw offer in %(match)s.") % p,
    K.CALLED_OFF: lambda p: capfirst(
        _("%(match)s is called off: %(why)s. Nobody won or lost it.")
        % {**p, "why": called_off_reason(str(p.get("reason") or ""))}
        if called_off_reason(str(p.get("reason") or ""))
        else _("%(match)s is called off. Nobody won or lost it.") % p
    ),
    # A challenge and a rematch name the game alone: the match is the one they offer.
    K.REMATCH: lambda p: _("%(by)s offers you a rematch (%(where)s).") % p,
    K.MATCH_CHALLENGE: lambda p: _("%(by)s challenges you to %(where)s.") % p,
    K.DECLINED: lambda p: (
        _("%(by)s declined your challenge: %(match)s is called off.") % p
        if p.get("aborted")
        else _(
            "%(by)s declined the invitation to %(match)s: the seat now waits for whoever has"
            " the invite link."
        )
        % p
    ),
    K.WITHDRAWN: lambda p: (
        _("%(by)s called off %(match)s before it started.") % p
        if p.get("called_off")
        else _("%(by)s withdrew the challenge: %(match)s is called off.") % p
    ),
    K.CHAT: lambda p: _chat(p),
    K.LEFT: lambda p: _("%(by)s left %(match)s before it started: their seat is free again.") % p,
    # « … vous défie dans Campagne d'hiver », not « dans la campagne Campagne d'hiver ».
    K.CHALLENGE: lambda p: (
        _("%(by)s challenges you in %(campaign)s.")
        % {**p, "campaign": competition_label(_("the campaign %(name)s"), str(p["campaign"]))}
    ),
    K.DECLARE: lambda p: (
        _("Declare your secret objective for your battle against %(opponent)s (%(campaign)s).") % p
    ),
    K.TERRITORIES: lambda p: _("You won: pick your territories in %(campaign)s.") % p,
    K.ROUND: lambda p: (
        _("Round %(number)s %(of_campaign)s has started.")
        % {**p, "of_campaign": of_name(str(p.get("campaign", "")))}
    ),
    K.PAIRINGS: lambda p: (
        _("The pairings of round %(number)s %(of_league)s are out.")
        % {**p, "of_league": of_name(str(p.get("league", "")))}
    ),
    K.INVITATION: lambda p: _("%(by)s invites you to %(name)s.") % p,
    K.COMPETITION: lambda p: competition_text(p),
    K.FOLLOWED: lambda p: _("%(by)s follows you now.") % p,
}


def match_where(*, system: str, match_id: int | None = None) -> str:
    """A match named by what it is, never by its number: its game, and with `match_id` the
    competition it belongs to as its page names it (« <le jeu>, Ligue du jeudi, saison
    1, manche 3 »)."""
    match = Match.objects.filter(pk=match_id).first() if match_id else None
    return where_words(system, match_context(match) if match is not None else None)


def where_words(system: str, context: MatchContext | None) -> str:
    """`match_where` of a match whose context was read already (the digest's, all at once)."""
    parts = [str(get_site(system).name)]
    if context is not None:
        parts += [str(context.label), str(context.detail)]
    return ", ".join(part for part in parts if part)


def notice_opponent(notification: Notification, *, read: bool = False) -> str:
    """Whom the notice's match is played against, as it names them: the people of the other
    teams it stored (« anna, bruno »), « l'ordinateur », or, for a notice stored before it
    carried them, its match's players read now when `read` (one notice read away from the site:
    one query; the inbox's hundred name the game alone). Empty when nobody is known."""
    params = notification.params
    if "opponent" not in params and "computer" not in params and read:
        params = match_opponent_params(match_id=notification.match_id, user_id=notification.user_id)
    return opponent_words(params)


def opponent_words(params: dict) -> str:
    """`selectors.opponent_params`' names in the active language."""
    if params.get("opponent"):
        return str(params["opponent"])
    return str(_("the computer")) if params.get("computer") else ""


def _match_named(p: dict) -> str:
    """« votre partie contre bruno (<le jeu>) », or « votre partie (<le jeu>) » when nobody is
    known, or when the sentence names the opponents already (« bruno propose la nulle dans
    votre partie (<le jeu>) »; « anna écrit dans votre partie contre bruno »): a match as its
    player knows it, never its number. `by`, `loser` and `opponent` all hold user names
    (« anna, bruno »: a user name has neither comma nor space)."""
    actors = set(_names(p.get("by")) + _names(p.get("loser")))
    others = [name for name in _names(p.get("opponent")) if name not in actors]
    if others:
        return pgettext("a notice's match", "your match against %(opponent)s (%(where)s)") % {
            **p,
            "opponent": ", ".join(others),
        }
    return pgettext("a notice's match", "your match (%(where)s)") % p


def _names(value) -> list[str]:
    return [name for name in str(value or "").split(", ") if name]


# The league and the campaigns word their own news (in their own catalogues): each registers a
# function from the notification's params to a sentence, or None when the event is not theirs.
CompetitionText = Callable[[dict], "str | None"]
_competition_texts: list[CompetitionText] = []


def on_competition_text(provider: CompetitionText) -> CompetitionText:
    if provider not in _competition_texts:
        _competition_texts.append(provider)
    return provider


def competition_text(p: dict) -> str:
    for provider in _competition_texts:
        text = provider(p)
        if text:
            return text
    return str(p.get("name", ""))


def notification_text(notification: Notification, *, outside: bool = False) -> str:
    """The notice's sentence in the active language. `outside`: read away from the site (an
    email, a push, Discord), where a turn names its match's competition too (« contre bruno
    (<le jeu>, Ligue du jeudi, saison 1, manche 3) »): one notice, one more read; the
    inbox's hundred name the game and the opponent, and lead to the match."""
    p = {**notification.params}
    if notification.match_id and "system" in p:
        # The game's name in the reader's language, never the match's number.
        p["where"] = match_where(
            system=p["system"], match_id=notification.match_id if outside else None
        )
    elif notification.match_id and "title" in p:
        # The first rows stored their title (« Claim #12 »), not their game: its game's name.
        p["where"] = _TITLE_NUMBER.sub("", str(p["title"]))
    if "where" in p:
        p["opponent"] = notice_opponent(notification, read=outside)
        p["match"] = _match_named(p)
    text = _TEXTS.get(notification.kind)
    try:
        return text(p) if text else str(notification.get_kind_display())
    except (KeyError, TypeError, ValueError):
        return str(notification.get_kind_display())


def notification_link(notification: Notification) -> str:
    """Where the notification leads on the site (a path): its match, or the page it names."""
    link = str(notification.params.get("link") or notification.params.get("url") or "")
    if link.startswith("/") and not link.startswith("//"):
        return link
    if notification.match_id:
        return reverse("matches:match", args=[notification.match_id])
    return ""


def notification_url(notification: Notification) -> str:
    """The notification's link as an address outside the site needs it (an email, Discord): the
    site's own address when it leads nowhere in particular."""
    link = notification_link(notification)
    return settings.SITE_URL.rstrip("/") + link if link else settings.SITE_URL
