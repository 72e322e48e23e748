"""Before the first turn, one sentence per event: experts and grenades rolled and chosen, teams
placed (hidden until both are in) and taking the field."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from games.paintball_site.words import Event, Sentence, seat_player, setup_parts, team_name


def _setup_rolled(e: Event, names: Sequence[str]) -> str:
    die = int(e.get("die") or 0)
    n = (die + 1) // 2
    values = {"who": team_name(e.get("seat")), "die": die, "n": n}
    if e.get("item") == "experts":
        return (
            ngettext(
                "%(who)s rolls %(die)d: %(n)d expert.", "%(who)s rolls %(die)d: %(n)d experts.", n
            )
            % values
        )
    return (
        ngettext(
            "%(who)s rolls %(die)d: %(n)d grenade.", "%(who)s rolls %(die)d: %(n)d grenades.", n
        )
        % values
    )


def _setup_submitted(e: Event, names: Sequence[str]) -> str:
    return gettext("%(who)s has chosen its experts and grenades.") % {
        "who": seat_player(str(e.get("seat")), names)
    }


def _teams_set_up(e: Event, names: Sequence[str]) -> str:
    teams = e.get("teams") or {}
    # Both setups are public now (spec §12): who carries a grenade as well as the experts.
    parts = [part for team in ("red", "blue") for part in setup_parts(teams.get(team) or {})]
    if not parts:
        return gettext("Both teams are ready.")
    return gettext("Both teams are ready: %(parts)s.") % {"parts": "; ".join(parts)}


def _deploy_submitted(e: Event, names: Sequence[str]) -> str:
    return gettext("%(who)s has placed its team (hidden until both are in).") % {
        "who": seat_player(str(e.get("seat")), names)
    }


def _deployed(e: Event, names: Sequence[str]) -> str:
    return gettext("%(who)s's team takes the field.") % {"who": team_name(e.get("seat"))}


SENTENCES: dict[str, Sentence] = {
    "SetupRolled": _setup_rolled,
    "SetupSubmitted": _setup_submitted,
    "TeamsSetUp": _teams_set_up,
    "DeploymentSubmitted": _deploy_submitted,
    "Deployed": _deployed,
}
