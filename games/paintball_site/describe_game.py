"""The game's course in one sentence per event: turns, command dice, who plays first, the
end of a phase and of the game (and why it ended, for the banner)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from games.engine.paintball.state import other
from games.paintball_site.words import Event, Sentence, seat_player, team_name


def _turn_started(e: Event, names: Sequence[str]) -> str:
    return gettext("Turn %(n)s begins.") % {"n": e.get("turn")}


def _turn_ended(e: Event, names: Sequence[str]) -> str:
    return gettext("Turn %(n)s is over.") % {"n": e.get("turn")}


def _dice(e: Event, names: Sequence[str]) -> str:
    # §Dés de Commandement: the higher die plays first ("pour obtenir le contrôle du tour");
    # equal dice are rolled again in the first turn, else the team that played second chooses.
    red, blue = int(e.get("red") or 0), int(e.get("blue") or 0)
    values = {"red": red, "blue": blue}
    if red == blue:
        return gettext("Command dice: Red %(red)s, Blue %(blue)s, a tie.") % values
    first = team_name("red" if red > blue else "blue")
    return gettext("Command dice: Red %(red)s, Blue %(blue)s: %(first)s plays first.") % {
        **values,
        "first": first,
    }


def _order(e: Event, names: Sequence[str]) -> str:
    who = seat_player(str(e.get("seat")), names)
    if e.get("play") == "first":
        return gettext("%(who)s chooses to play first.") % {"who": who}
    return gettext("%(who)s chooses to play second.") % {"who": who}


def _phase_ended(e: Event, names: Sequence[str]) -> str:
    return gettext("%(who)s ends its phase.") % {"who": seat_player(str(e.get("seat")), names)}


_REASONS = {
    "no_figures": lambda: gettext("no enemy figure left in play"),
    "flag_captured": lambda: gettext("the enemy flag brought home"),
    "flag_hung": lambda: gettext("the flag hung in the enemy base"),
    "home_taken": lambda: gettext("the defenders' base taken"),
    "turn_limit": lambda: gettext("the last turn is over"),
    "forfeit": lambda: gettext("the other team resigned or ran out of time"),
}


def outcome_reason(reason: str) -> str:
    """Why a game ended, for the end-of-game banner ("" for a forfeit, which the platform
    words with the player's name)."""
    make = _REASONS.get(reason)
    return f"{capfirst(make())}." if make and reason != "forfeit" else ""


def _counted(e: Event, names: Sequence[str]) -> str:
    """The last turn over, the team with more figures in play wins (spec §5): say the count."""
    counts = e["in_play"]
    if e.get("winner") == "draw":
        n = int(counts.get("red") or 0)
        return ngettext(
            "The game is a draw: the last turn is over, %(n)d figure in play each.",
            "The game is a draw: the last turn is over, %(n)d figures in play each.",
            n,
        ) % {"n": n}
    winner = str(e.get("winner"))
    won, lost = int(counts.get(winner) or 0), int(counts.get(other(winner)) or 0)
    return ngettext(
        "%(who)s wins: the last turn is over, %(won)d figure in play against %(lost)d.",
        "%(who)s wins: the last turn is over, %(won)d figures in play against %(lost)d.",
        won,
    ) % {"who": seat_player(winner, names), "won": won, "lost": lost}


def _game_over(e: Event, names: Sequence[str]) -> str:
    if e.get("reason") == "turn_limit" and isinstance(e.get("in_play"), dict):
        return _counted(e, names)
    reason = _REASONS.get(str(e.get("reason")))
    why = reason() if reason else ""
    if e.get("winner") == "draw":
        return gettext("The game is a draw (%(why)s).") % {"why": why}
    return gettext("%(who)s wins: %(why)s.") % {
        "who": seat_player(str(e.get("winner")), names),
        "why": why,
    }


SENTENCES: dict[str, Sentence] = {
    "TurnStarted": _turn_started,
    "TurnEnded": _turn_ended,
    "CommandDiceRolled": _dice,
    "OrderChosen": _order,
    "PhaseEnded": _phase_ended,
    "GameOver": _game_over,
}
