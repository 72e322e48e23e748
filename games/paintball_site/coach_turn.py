"""The coach's tips of a paintball turn: the decisions the rules give a team (equal command
dice, its asking sentry, the hits it shares out, a charge victim, a stray grenade), then in its
phase the command die and the action points, moving, the volley and what follows a hit,
standing sentry, a charge, an enemy sentry, its flag carrier. Pure and fed by the seat's own
view (coach.py says what it may read). Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/001_744d3ca8cb4ec528.txt, by its heading."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import distance
from games.engine.paintball.state import other
from games.hexboard.coaching import CoachTip
from games.paintball_site.coach_board import MAX_MOVE, MAX_SHOTS, Fig, hex_of, home_bases, in_play
from games.paintball_site.panel import first_turn_count, may_still_act
from games.paintball_site.words import figure_name, figures, flag_name, team_name


def decision(view: Mapping[str, Any], team: str, pending: Mapping[str, Any]) -> list[CoachTip]:
    kind = pending.get("kind")
    context = pending.get("context") or {}
    if kind == "choose_order":
        # §Dés de Commandement: "Si les deux joueurs obtiennent le même score alors le joueur qui
        # a joué en second au tour précédent choisit de jouer en premier ou en second ce tour."
        return [
            CoachTip(
                "order",
                gettext(
                    "Equal command dice: you played second, so you choose. First, you move "
                    "before their shots; second, you see where their figures go."
                ),
                "turn",
            )
        ]
    if kind == "sentry_fire":
        # §Mode sentinelle: "elles peuvent tirer à chaque fois qu'un ennemi arrive dans leur
        # LdV. Les règles normales de tir s'appliquent."; §Tir de suppression: "La cible
        # effectue un jet de sauvegarde. Si elle échoue, elle est considérée comme impotente";
        # §Les joueurs impotents: "Elles peuvent être chargées"; §Tir Raté: a 1 misfires.
        return [
            CoachTip(
                "sentry-fire",
                gettext(
                    "%(sentry)s may shoot once at %(target)s. Fire: a hit may put it out. Pin "
                    "it down: a failed saving roll lays it down until the end of the turn, open "
                    "to a charge."
                )
                % {
                    "sentry": figure_name(context.get("sentry")),
                    "target": figure_name(context.get("target")),
                },
                "sentry",
            )
        ]
    if kind == "allocate_hits":
        # §Tirs Multiple (the English original, spec R14/D8: the targets' owner chooses);
        # §Jet de sauvegarde: "Sur un résultat de 1 ou 6, le tir est manqué. Si la cible est dans
        # un couvert léger, alors un résultat de 1, 2 ou 3 ne touche pas la cible"; §Contrôle de
        # touche: "Sur un résultat de 4,5 ou 6, la figurine est éliminée."
        return [
            CoachTip(
                "allocate",
                gettext(
                    "You choose which of your figures the balls hit; each still saves on 1 or 6 "
                    "(1 to 3 in the bushes), then a marshal checks it (4 to 6: out)."
                ),
                "shoot",
            )
        ]
    if kind == "charge_victim":
        # §Charger un ennemi: "le plus haut dé résout le tir en premier [...] Tous les tirs
        # touchent [...] L'attaquant choisit quel défenseur il élimine, et décide d'éliminer
        # l'ennemi ayant le résultat de 5 au dé."
        return [
            CoachTip(
                "charge-victim",
                gettext(
                    "Every die takes an enemy out, highest first, no saving roll: take out the "
                    "enemy with the highest die still to act."
                ),
                "charge",
            )
        ]
    if kind == "grenade_scatter":
        # §Grenade: "Lorsqu'un lancé échoue, c'est le joueur adverse qui choisit un hex adjacent
        # pour la position finale de la grenade."; §Grenade peinture: "sur un résultat de 1 ou 6,
        # elles ne sont pas marquées. Sinon, les figurines sont marquées"; §Grenade fumigène.
        return [
            CoachTip(
                "scatter",
                gettext(
                    "%(enemy)s's grenade went astray: choose where it lands, next to its "
                    "target. Paint marks every figure there except on a 1 or a 6."
                )
                % {"enemy": team_name(other(team))},
                "advanced",
            )
        ]
    return []


def activations(view: Mapping[str, Any], team: str) -> CoachTip:
    # §Dés de Commandement: "Le Dé de Commandement ne sert pas seulement à déterminer qui joue en
    # premier ce tour, mais indique aussi le nombre de figurine activable ce tour" (turn 1: every
    # figure, the English original, spec D4); §Points d'Action: "Chaque figurine a 2 Points
    # d'Action (PA) par tour [...] Bouger d'1 hex 1 PA, Tirer 1 PA, Se concentrer 1 PA, Mode
    # sentinelle 2 PA [...] Recharger 2 PA".
    left = int((view.get("activations") or {}).get(team) or 0)
    if view.get("turn") == 1:
        # The same count as the prompt and the teams' panel: "every figure may act" beside
        # "2 figures may still act" read as two sentences that disagree.
        first = first_turn_count(may_still_act(view, team))
    else:
        first = ngettext(
            "Your command die: %(n)d more figure may act this turn.",
            "Your command die: %(n)d more figures may act this turn.",
            left,
        ) % {"n": left}
    rest = gettext(
        "Each acts once, with 2 action points (an expert 3): 1 per hex, shot or aim; 2 to stand "
        "sentry or reload."
    )
    return CoachTip("activations", f"{first} {rest}", "turn")


def move(acting: tuple[str, Fig] | None) -> CoachTip:
    # §Mouvement: "Le mouvement maximum d'une figurine est de 2 hex durant le tour [...] n'est
    # pas influencé par les couverts"; §Charger un ennemi: "il est impossible de rentrer dans
    # un hex occupé par un ennemi. Sauf si toutes les figurines ennemies présentes dans l'hex
    # sont impotentes".
    rule = gettext(
        "Cover never slows it; it never enters an enemy's hex, unless every enemy there is "
        "down: that is a charge."
    )
    if acting is None:
        first = gettext("A figure moves 2 hexes a turn at most, 1 point each.")
    else:
        fid, fig = acting
        steps = max(0, min(MAX_MOVE - int(fig.get("moved") or 0), int(fig.get("ap") or 0)))
        first = ngettext(
            "%(fig)s may still move %(n)d hex this turn (2 at most), 1 point each.",
            "%(fig)s may still move %(n)d hexes this turn (2 at most), 1 point each.",
            steps,
        ) % {"fig": figure_name(fid), "n": steps}
    return CoachTip("move", f"{first} {rule}", "move")


def shoot(acting: tuple[str, Fig] | None) -> CoachTip:
    # §Tir: "Il faut compter le nombre d'hex entre le tireur et sa cible en incluant l'hex de la
    # cible. Le résultat du dé doit être supérieur au nombre d'hex les séparant."; §Se
    # concentrer (spec D13: aimed, the die needs to reach the range); §Tirs Multiple: "Si la
    # figurine tire 2 fois (3 fois pour les figurines experte), les tirs cible la ou les
    # figurines dans un seul hex"; §Tir Raté: "un « 1 » sur le lancé de dé lors du tir [...]
    # « Tir raté »"; §Points d'Action: "Tirer 1 PA", "Se concentrer 1 PA".
    if acting is None:
        first = gettext(
            "A volley: 1 or 2 shots (an expert 3), 1 point each, at one hex. Each die must beat "
            "the range, the target's hex counted (3 hexes: 4+), or equal it after taking aim (1 "
            "point)."
        )
    else:
        fid, fig = acting
        shots = min(int(fig.get("ap") or 0), MAX_SHOTS + (1 if fig.get("expert") else 0))
        first = ngettext(
            "%(fig)s may fire %(n)d shot (1 point) at one hex: the die must beat the range, the "
            "target's hex counted (3 hexes: 4+), or equal it after taking aim (1 point).",
            "%(fig)s may fire up to %(n)d shots (1 point each) at one hex: each die must beat "
            "the range, the target's hex counted (3 hexes: 4+), or equal it after taking aim (1 "
            "point).",
            shots,
        ) % {"fig": figure_name(fid), "n": shots}
    rest = gettext("A 1 misfires.")
    return CoachTip("shoot", f"{first} {rest}", "shoot")


def cover() -> CoachTip:
    # §En ligne de mire: "les figurines présentes dans la ligne de mire [...] peuvent être
    # touchés par erreur [...] Sur un 4,5 ou 6, l'obstacle est touché"; §Couverts légers and
    # §Couverts lourds: bushes and heavy cover count as in the line of fire; §Bases et
    # tranchées: "un résultat de 6 au lancé de dé est toujours requis"; §Jet de sauvegarde:
    # "Sur un résultat de 1 ou 6, le tir est manqué. Si la cible est dans un couvert léger,
    # alors un résultat de 1, 2 ou 3 ne touche pas"; §Contrôle de touche: "Si un Marchal est
    # dans les deux hex autour de la cible [...] Sur un résultat de 4,5 ou 6, la figurine est
    # éliminée"; §Nettoyage: "Lorsqu'il n'y a pas de Marchal autour de la cible [...] Le tir ne
    # compte pas" (wiping the paint off, spec D16).
    return CoachTip(
        "cover",
        gettext(
            "Each bush, barrel, marshal or figure on the line may stop the ball (4+). In a base "
            "or bunker a target is hit only on a 6. A hit is saved on 1 or 6 (1 to 3 in "
            "bushes), then a marshal within 2 hexes confirms it on 4+; none that near, the "
            "paint is wiped off."
        ),
        "cover",
    )


def sentry(fid: str) -> CoachTip:
    # §Mode sentinelle: "Il coûte deux PA [...] Les sentinelles ne peuvent bouger ou tirer
    # durant leur tour, mais elles peuvent tirer à chaque fois qu'un ennemi arrive dans leur
    # LdV [...] une figurine impotente, le porteur du drapeau ou des figurines dans le bunker ne
    # peuvent pas être en mode sentinelle." (Spec D19: on watch until activated again.)
    return CoachTip(
        "sentry",
        gettext(
            "%(fig)s has no target. Standing sentry (2 points), it fires at each enemy stepping "
            "into its sight until you activate it again; the enemy never learns how it will "
            "react."
        )
        % {"fig": figure_name(fid)},
        "sentry",
    )


def charge(
    moves: Sequence[Mapping[str, Any]], team: str, figs: Mapping[str, Fig]
) -> list[CoachTip]:
    # §Charger un ennemi: "peut bouger autant de figurines présentes dans les deux hex qu'il le
    # souhaite [...] Si les figurines attaquées n'ont plus de munition, elles sont directement
    # éliminées du jeu [...] le plus haut dé résout le tir en premier. Lors d'une égalité, il y a
    # avantage à l'attaquant. Tous les tirs touchent, sont résolus sans jet de sauvegarde".
    hexes = {tuple(m["hex"]) for m in moves if m["type"] == "charge"}
    if not hexes:
        return []
    enemy = other(team)
    down = sorted(
        fid
        for fid, f in figs.items()
        if f["team"] == enemy
        and f.get("state") != "out"
        and tuple(f["hex"]) in hexes
        and f.get("disabled_by")
    )
    if not down:
        return []
    text = ngettext(
        "%(figs)s is down: your figures within 2 hexes may charge it. One out of paint is out "
        "at once; else all roll a die, the highest first (you on a tie), and each takes an "
        "enemy out.",
        "%(figs)s are down: your figures within 2 hexes may charge them. One out of paint is "
        "out at once; else all roll a die, the highest first (you on a tie), and each takes an "
        "enemy out.",
        len(down),
    ) % {"figs": figures(down)}
    return [CoachTip("charge", text, "charge")]


def enemy_sentries(team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # §Mode sentinelle: "elles peuvent tirer à chaque fois qu'un ennemi arrive dans leur LdV";
    # §Tir de suppression: "Ce tir est utilisé pour désactiver le mode sentinelle des figurines
    # ennemies." (What each sentry does is its owner's secret: the tip never says.)
    watching = [fid for fid in in_play(figs, other(team)) if figs[fid].get("state") == "sentry"]
    if not watching:
        return []
    text = ngettext(
        "%(figs)s stands sentry: each step into a hex it sees may draw a shot. A suppression "
        "hit pins it down and ends its watch.",
        "%(figs)s stand sentry: each step into a hex they see may draw a shot. A suppression "
        "hit pins one down and ends its watch.",
        len(watching),
    ) % {"figs": figures(watching)}
    return [CoachTip("enemy-sentry", text, "sentry")]


def carrying(view: Mapping[str, Any], team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # Spec §5 (where the flag scores) and D21; §Mode sentinelle: "le porteur du drapeau [...] ne
    # peu[t] pas être en mode sentinelle"; §Contrôle de touche: "Si la figurine porte un
    # drapeau, il est laissé sur place."
    scenario = view.get("scenario")
    if scenario not in ("capture_the_flag", "centre_flag"):
        return []
    scoring = team if scenario == "capture_the_flag" else other(team)
    flag_id = other(team) if scenario == "capture_the_flag" else "centre"
    carrier = ((view.get("flags") or {}).get(flag_id) or {}).get("carrier")
    homes = home_bases(view)
    if not carrier or figs.get(carrier, {}).get("team") != team or scoring not in homes:
        return []
    away = distance(hex_of(figs[carrier]["hex"]), homes[scoring])
    where = gettext("your base") if scoring == team else gettext("the enemy base")
    text = ngettext(
        "%(fig)s carries %(flag)s, %(n)d hex from %(where)s: get it there to win. A carrier "
        "cannot stand sentry; put out, it drops the flag.",
        "%(fig)s carries %(flag)s, %(n)d hexes from %(where)s: get it there to win. A carrier "
        "cannot stand sentry; put out, it drops the flag.",
        away,
    ) % {"fig": figure_name(carrier), "flag": flag_name(flag_id), "n": away, "where": where}
    return [CoachTip("flag", text, "scenarios")]
