"""The coach's warnings for a paintball team: the other team close to winning, its own last
figure, the last two turns with the count that decides them, its figures down. Pure and fed by
the seat's own view (coach.py says what it may read). Every rule a tip states is cited from the
French rulebook, ../shared/rules/seeds/001_744d3ca8cb4ec528.txt, by its heading; the scenarios,
missing from it, from the specification (paintball.md §5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import distance
from games.engine.paintball.state import other
from games.hexboard.coaching import CoachTip
from games.paintball_site.coach_board import MAX_MOVE, Fig, hex_of, home_bases, in_play
from games.paintball_site.words import figure_name, figures, flag_name, team_name


def warnings(view: Mapping[str, Any], team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    return [
        *danger(view, team, figs),
        *last_figure(team, figs),
        *last_turns(view, team, figs),
        *down(team, figs),
    ]


def danger(view: Mapping[str, Any], team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    """The other team one carry or one step from winning (spec §5's immediate wins)."""
    enemy = other(team)
    scenario = view.get("scenario")
    homes = home_bases(view)
    if scenario in ("capture_the_flag", "centre_flag"):
        # Spec §5: capture the flag, the carrier of the enemy flag entering its own home wins;
        # centre flag, the carrier entering the enemy home. §Contrôle de touche: "Si la
        # figurine porte un drapeau, il est laissé sur place."
        scoring = other(team) if scenario == "capture_the_flag" else team
        flag_id = team if scenario == "capture_the_flag" else "centre"
        flag = (view.get("flags") or {}).get(flag_id) or {}
        carrier = flag.get("carrier")
        if not carrier or figs.get(carrier, {}).get("team") != enemy or scoring not in homes:
            return []
        away = distance(hex_of(figs[carrier]["hex"]), homes[scoring])
        text = ngettext(
            "%(fig)s carries %(flag)s %(n)d hex from where it scores, and then %(enemy)s wins. "
            "Put it out and the flag drops where it stood.",
            "%(fig)s carries %(flag)s %(n)d hexes from where it scores, and then %(enemy)s "
            "wins. Put it out and the flag drops where it stood.",
            away,
        ) % {
            "fig": figure_name(carrier),
            "flag": flag_name(flag_id),
            "n": away,
            "enemy": team_name(enemy),
        }
        return [CoachTip("danger", text, "scenarios")]
    roles = view.get("roles") or {}
    if scenario == "base_assault" and roles.get("defender") == team and team in homes:
        # Spec §5: the attacker wins "at the end of any turn an attacker figure stands in the
        # defender's home hex"; §Mouvement: 2 hexes a turn.
        near = [
            (distance(hex_of(figs[fid]["hex"]), homes[team]), fid)
            for fid in in_play(figs, enemy)
            if distance(hex_of(figs[fid]["hex"]), homes[team]) <= MAX_MOVE
        ]
        if not near:
            return []
        inside = [fid for d, fid in near if d == 0]
        if inside:
            text = gettext(
                "%(figs)s stands in your base: unless it is out or gone by the end of this "
                "turn, %(enemy)s wins."
            ) % {"figs": figures(inside), "enemy": team_name(enemy)}
        else:
            text = gettext(
                "%(figs)s can reach your base this turn: an attacker in it at the end of a turn "
                "wins."
            ) % {"figs": figures(fid for _, fid in sorted(near))}
        return [CoachTip("danger", text, "scenarios")]
    return []


def last_figure(team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # Spec §5: "Every scenario is also won at once by the team whose opponent has no figure
    # left in play."
    left = in_play(figs, team)
    if len(left) != 1:
        return []
    text = gettext("%(fig)s is your last figure in play: if it is out, you lose at once.") % {
        "fig": figure_name(left[0])
    }
    return [CoachTip("last-figure", text, "scenarios")]


def last_turns(view: Mapping[str, Any], team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # Spec §5: "At the turn limit, unless the scenario says otherwise, the team with more
    # figures in play wins; equal numbers is a draw"; base assault: the defender wins at it.
    limit, turn = view.get("turn_limit"), int(view.get("turn") or 0)
    if not view.get("scenario") or not limit or turn < int(limit) - 1:
        return []
    first = (
        gettext("Last turn: the match ends with it.")
        if turn >= int(limit)
        else gettext("Turn %(turn)d of %(limit)d: the match ends after the next one.")
        % {"turn": turn, "limit": int(limit)}
    )
    enemy = other(team)
    if view.get("scenario") == "base_assault":
        if (view.get("roles") or {}).get("attacker") == team:
            then = gettext(
                "Unless one of your figures stands in the enemy base at the end of a turn, "
                "%(enemy)s wins when the last one ends."
            ) % {"enemy": team_name(enemy)}
        else:
            then = gettext("Keep the attackers out of your base to the end and you win.")
    else:
        then = gettext(
            "The team with more figures in play then wins: you have %(mine)d, %(enemy)s %(theirs)d."
        ) % {
            "mine": len(in_play(figs, team)),
            "enemy": team_name(enemy),
            "theirs": len(in_play(figs, enemy)),
        }
    return [CoachTip("last-turns", f"{first} {then}", "scenarios")]


def down(team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # §Tir Raté, tableau 2: "Plus de munition [...] La figurine doit recharger avant de tirer de
    # nouveau. Le joueur est considéré comme impotent"; §Les joueurs impotents: "Une figurine
    # impotente doit être couchée. Elles peuvent être chargées"; §Charger un ennemi: "Si les
    # figurines attaquées n'ont plus de munition, elles sont directement éliminées du jeu";
    # §Tir de suppression (until the end of the turn: spec D17); tableau 3: "Pistolet enrayé :
    # La figurine est neutre [...] jusqu'à ce qu'un Marchal le rejoigne [...] l'action prend
    # alors un tour pour nettoyer l'arme."
    mine = [(fid, figs[fid]) for fid in in_play(figs, team)]
    empty = [fid for fid, f in mine if f.get("disabled_by") == "ammo"]
    pinned = [fid for fid, f in mine if f.get("disabled_by") == "suppressed"]
    jammed = [fid for fid, f in mine if f.get("state") == "neutral"]
    parts = []
    if empty:
        parts.append(
            ngettext(
                "%(figs)s is out of paint: lying down, a charge takes it out at once; reloading "
                "(2 points) gets it up.",
                "%(figs)s are out of paint: lying down, a charge takes them out at once; "
                "reloading (2 points) gets them up.",
                len(empty),
            )
            % {"figs": figures(empty)}
        )
    if pinned:
        parts.append(
            ngettext(
                "%(figs)s is pinned down until the end of the turn: it cannot act and may be "
                "charged.",
                "%(figs)s are pinned down until the end of the turn: they cannot act and may be "
                "charged.",
                len(pinned),
            )
            % {"figs": figures(pinned)}
        )
    if jammed:
        parts.append(
            ngettext(
                "%(figs)s has a jammed gun: it cannot act until a marshal has cleaned it for a "
                "turn.",
                "%(figs)s have jammed guns: they cannot act until a marshal has cleaned each "
                "for a turn.",
                len(jammed),
            )
            % {"figs": figures(jammed)}
        )
    if not parts:
        return []
    return [CoachTip("down", " ".join(parts), "sentry")]
