"""The coach: a few tips for a player's first paintball matches, about the step in front of them.

Pure: fed by the engine's view of the player's own seat (`view(state, seat)`), nothing else; the
moves the seat may make are worked out from that view alone (`legal_moves` of the state it
reads back: a seat's own moves never depend on what the view hides). What paintball hides (spec
§12, "Hidden information") is the other team's sentry policies, its secret setup (experts,
grenades) and its secret deployment until both are in, and the RNG seed; the view replaces the
first two and never holds the third, and no tip reads them (tests swap them and see the same
tips). Each tip is one or two sentences in a player's words (figures by their names, "Rouge 3",
never a hex), with the section of our rules page that says more (`RULES_SECTIONS`, ids on
rules.html).

A tip appears only when the seat has a real choice to make: its own setup or deployment, a
decision the rules give it, or its phase of a turn with something else to do than ending it.
Waiting for the other team, between turns, once the match is over (or the seat has no figure
left), or with nothing left to do but end the phase: no tip. At most `MAX_TIPS` (two: the box
stays short on a phone), most pressing first:

1. the decision the rules give it now (`order`: equal command dice; `sentry-fire`: its asking
   sentry sees an enemy; `allocate`: which of its figures the balls hit; `charge-victim`; `scatter`:
   where the other team's stray grenade lands); in the setup, the experts and grenades its dice
   gave it (`setup`); in the deployment, where its figures go (`deploy`); both then the scenario's
   goal (`goal`);
2. warnings: the other team close to winning (`danger`: its figure carrying the flag that scores,
   with the distance left; in base assault an attacker in the defended base or two hexes from
   it), the seat's last figure in play (`last-figure`), the last two turns with the count that
   decides them (`last-turns`), its own figures down, named (`down`: out of paint, pinned down,
   gun jammed);
3. in its phase, with no figure acting: the command die and the action points (`activations`);
   then what the position offers (a charge on an enemy down, `charge`; its own flag carrier,
   `flag`; an enemy sentry watching while it may move, `enemy-sentry`); then the volley when a
   shot is possible after the first turn (`shoot`), else moving (`move`);
4. in its phase, with a figure acting (named): its volley (`shoot`), or standing sentry when it
   may but has no target (`sentry`); what the position offers (as in 3); what stands on the line
   and what follows a hit (`cover`); its remaining move (`move`).

Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/001_744d3ca8cb4ec528.txt ("Le Jeu"), by its heading (§Heading). The
rulebook's scenarios are missing (§Gagner la partie: "se référer aux conditions du scénario"),
so goals, deployment and turn limits are the specification's (paintball.md §5), cited as such.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import distance
from games.engine.paintball import legal
from games.engine.paintball import moves as mv
from games.engine.paintball.position import PositionError, board_from_json, state_from_json
from games.engine.paintball.state import other
from games.hexboard.coaching import CoachTip
from games.paintball_site.words import TEAMS, figure_name, figures, flag_name, team_name

# The sections of the rules page a tip may point at (ids of rules.html's sections).
RULES_SECTIONS = (
    "turn",
    "deploy",
    "move",
    "shoot",
    "cover",
    "sentry",
    "charge",
    "scenarios",
    "advanced",
)
MAX_TIPS = 2  # the box's length at most: two short tips fit a 360 px phone's screen
MAX_SHOTS = 2  # §Tirs Multiple: "Si la figurine tire 2 fois (3 fois pour les figurines experte)"
MAX_MOVE = 2  # §Mouvement: "Le mouvement maximum d'une figurine est de 2 hex durant le tour"
Fig = Mapping[str, Any]


def tips(view: Mapping[str, Any], seat: int | None) -> list[CoachTip]:
    """The tips for `seat` in this view of theirs, most pressing first; [] for a spectator, a
    finished match, a seat with no figure left or nothing to choose."""
    if seat is None or not 0 <= seat < len(TEAMS):
        return []
    team = TEAMS[seat]
    if view.get("seat") != team or view.get("winner") is not None:
        return []
    if view.get("phase") in ("over", "turn_start") or team not in (view.get("to_act") or ()):
        return []
    figs: dict[str, Fig] = dict(view.get("figures") or {})
    if not any(f["team"] == team and f.get("state") != "out" for f in figs.values()):
        return []
    moves = _moves(view, team)
    kinds = {m["type"] for m in moves}
    if not kinds - {"end_phase", "end_activation", "begin_turn"}:
        return []  # nothing to choose but ending the phase
    out: list[CoachTip] = []
    pending = view.get("pending") or {}
    if pending.get("seat") == team:
        out += _decision(view, team, pending)
        out += _warnings(view, team, figs)
        return out[:MAX_TIPS]
    if view.get("phase") == "setup":
        return [_setup(view, team), *_goal(view, team)][:MAX_TIPS]
    if view.get("phase") == "deploy":
        return [_deploy(view, team), *_goal(view, team)][:MAX_TIPS]
    out += _warnings(view, team, figs)
    # What the position offers now, the most specific first.
    chances = [
        *_charge(moves, team, figs),
        *_carrying(view, team, figs),
        *(_enemy_sentries(team, figs) if "move" in kinds else []),
    ]
    current = view.get("current")
    acting = figs.get(current) if current else None
    if acting is None or acting.get("team") != team:
        # Between activations: the turn's lesson, what the position offers, then the action
        # most worth learning: the first turn is for coming closer (from the start zones a
        # shot needs a 5 at least), later the volley when one may be fired.
        out.append(_activations(view, team))
        out += chances
        if "shoot" in kinds and view.get("turn") != 1:
            out.append(_shoot(None))
        elif "move" in kinds:
            out.append(_move(None))
        return out[:MAX_TIPS]
    # A figure acting: its volley (or its watch when it has no target), what the position
    # offers, then what stands between it and its target, then its remaining move.
    assert current is not None
    mine = {m["type"] for m in moves if m.get("figure") == current}
    if "shoot" in mine:
        out.append(_shoot((current, acting)))
    elif "sentry" in mine:
        out.append(_sentry(current))
    out += chances
    if "shoot" in mine:
        out.append(_cover())
    if "move" in mine:
        out.append(_move((current, acting)))
    return out[:MAX_TIPS]


def _moves(view: Mapping[str, Any], team: str) -> list[dict[str, Any]]:
    """The seat's legal moves, from its own view: hidden policies and submissions are the
    other team's, which its moves never read."""
    try:
        state = state_from_json(dict(view))
    except (PositionError, KeyError, TypeError, ValueError):
        return []
    return [mv.encode(m) for m in legal.legal_moves(state, team)]


def _in_play(figs: Mapping[str, Fig], team: str) -> list[str]:
    return sorted(fid for fid, f in figs.items() if f["team"] == team and f.get("state") != "out")


def _homes(view: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """The two home bases (spec §4.2), read from the view's board."""
    try:
        board = board_from_json(view["board"])
    except (PositionError, KeyError, TypeError, ValueError):
        return {}
    found = {}
    for t in TEAMS:
        home = board.home(t)
        if home is not None:
            found[t] = home
    return found


def _hex(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


# --- setting up ---------------------------------------------------------------------------------


def _setup(view: Mapping[str, Any], team: str) -> CoachTip:
    # §Figurines expertes: "Les figurines expertes ont 3 PA par tour au lieu de 2"; §Mouvement:
    # "2 hex durant le tour (y compris les figurines expertes)"; §Tirs Multiple: "3 fois pour les
    # figurines experte"; §Grenade: "Le lancé d'une grenade coûte 2 PA, a une distance maximale
    # de 2 hex [...] Sur un résultat de 1 ou 6, le lancé échoue pour une figurine normale. Sur un
    # résultat de 1, le lancé échoue pour une figurine experte."
    experts, grenades = (list((view.get("setup_counts") or {}).get(team) or [0, 0]) + [0, 0])[:2]
    parts = []
    if experts:
        parts.append(
            ngettext(
                "Choose your expert: 3 action points instead of 2, so 3 shots a volley, but "
                "still 2 hexes of movement.",
                "Choose your %(n)d experts: 3 action points instead of 2, so 3 shots a volley, "
                "but still 2 hexes of movement.",
                experts,
            )
            % {"n": experts}
        )
    if grenades:
        parts.append(
            ngettext(
                "Give your grenade (smoke or paint): 2 points, 2 hexes at most; it goes astray "
                "on a 1 or a 6, on a 1 only for an expert.",
                "Give your %(n)d grenades (smoke or paint): 2 points, 2 hexes at most; they go "
                "astray on a 1 or a 6, on a 1 only for an expert.",
                grenades,
            )
            % {"n": grenades}
        )
    if not parts:
        parts.append(gettext("Your dice gave you no expert and no grenade this match."))
    return CoachTip("setup", " ".join(parts), "advanced")


def _deploy(view: Mapping[str, Any], team: str) -> CoachTip:
    # Spec §5 (the rulebook's "positions de départ" are in its missing scenario section): a
    # secret simultaneous deployment in the start zones; base assault: the defender first,
    # openly, in its half. §Bases et tranchées: "un résultat de 6 au lancé de dé est toujours
    # requis [...] trois par hex, dont au maximum deux pour les figurines d'une même équipe";
    # §Mode sentinelle: "des figurines dans le bunker ne peuvent pas être en mode sentinelle".
    base = gettext(
        "In your base a figure is hit only on a 6, but it holds two of yours and no sentry."
    )
    if view.get("scenario") == "base_assault":
        roles = view.get("roles") or {}
        if roles.get("defender") == team:
            first = gettext(
                "You deploy first, openly, anywhere in your half; %(enemy)s then places its "
                "attackers."
            ) % {"enemy": team_name(other(team))}
        else:
            first = gettext(
                "The defence is placed: put your figures in your start zone, outlined on the board."
            )
        return CoachTip("deploy", f"{first} {base}", "deploy")
    first = gettext(
        "Place your figures in your start zone, outlined on the board; %(enemy)s places its own "
        "at the same time, unseen."
    ) % {"enemy": team_name(other(team))}
    return CoachTip("deploy", f"{first} {base}", "deploy")


def _goal(view: Mapping[str, Any], team: str) -> list[CoachTip]:
    # §Gagner la partie: "il faut se référer aux conditions du scénario"; the scenarios are the
    # specification's (paintball.md §5): every scenario is won at once by the team whose
    # opponent has no figure left in play, and at the turn limit the team with more figures in
    # play wins. §Prendre le drapeau: "Cette action n'utilise pas de PA et se réalise lorsqu'une
    # figurine entre dans le même hex que le drapeau."
    scenario = view.get("scenario")
    limit = view.get("turn_limit")
    roles = view.get("roles") or {}
    if scenario == "capture_the_flag":
        goal = gettext(
            "Capture the flag, %(limit)s turns: enter the hex of %(flag)s (in its base) to take "
            "it, free, and bring it into your base."
        ) % {"limit": limit, "flag": flag_name(other(team))}
    elif scenario == "centre_flag":
        goal = gettext(
            "Centre flag, %(limit)s turns: take the flag in the middle of the field by entering "
            "its hex, free, and carry it into the enemy base."
        ) % {"limit": limit}
    elif scenario == "elimination":
        goal = gettext("Elimination, %(limit)s turns: put every enemy figure out.") % {
            "limit": limit
        }
    elif scenario == "base_assault":
        if roles.get("attacker") == team:
            goal = gettext(
                "Base assault, %(limit)s turns: you attack; end a turn with a figure in the "
                "enemy base and you win."
            ) % {"limit": limit}
        else:
            goal = gettext(
                "Base assault, %(limit)s turns: you defend; keep every enemy out of your base "
                "at the end of each turn and you win."
            ) % {"limit": limit}
        return [CoachTip("goal", goal, "scenarios")]
    else:
        return []
    rest = gettext(
        "Lose every figure and you lose; after the last turn, the most figures in play wins."
    )
    return [CoachTip("goal", f"{goal} {rest}", "scenarios")]


# --- decisions ----------------------------------------------------------------------------------


def _decision(view: Mapping[str, Any], team: str, pending: Mapping[str, Any]) -> list[CoachTip]:
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


# --- warnings -----------------------------------------------------------------------------------


def _warnings(view: Mapping[str, Any], team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    return [
        *_danger(view, team, figs),
        *_last_figure(team, figs),
        *_last_turns(view, team, figs),
        *_down(team, figs),
    ]


def _danger(view: Mapping[str, Any], team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    """The other team one carry or one step from winning (spec §5's immediate wins)."""
    enemy = other(team)
    scenario = view.get("scenario")
    homes = _homes(view)
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
        away = distance(_hex(figs[carrier]["hex"]), homes[scoring])
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
            (distance(_hex(figs[fid]["hex"]), homes[team]), fid)
            for fid in _in_play(figs, enemy)
            if distance(_hex(figs[fid]["hex"]), homes[team]) <= MAX_MOVE
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


def _last_figure(team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # Spec §5: "Every scenario is also won at once by the team whose opponent has no figure
    # left in play."
    left = _in_play(figs, team)
    if len(left) != 1:
        return []
    text = gettext("%(fig)s is your last figure in play: if it is out, you lose at once.") % {
        "fig": figure_name(left[0])
    }
    return [CoachTip("last-figure", text, "scenarios")]


def _last_turns(view: Mapping[str, Any], team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
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
            "mine": len(_in_play(figs, team)),
            "enemy": team_name(enemy),
            "theirs": len(_in_play(figs, enemy)),
        }
    return [CoachTip("last-turns", f"{first} {then}", "scenarios")]


def _down(team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # §Tir Raté, tableau 2: "Plus de munition [...] La figurine doit recharger avant de tirer de
    # nouveau. Le joueur est considéré comme impotent"; §Les joueurs impotents: "Une figurine
    # impotente doit être couchée. Elles peuvent être chargées"; §Charger un ennemi: "Si les
    # figurines attaquées n'ont plus de munition, elles sont directement éliminées du jeu";
    # §Tir de suppression (until the end of the turn: spec D17); tableau 3: "Pistolet enrayé :
    # La figurine est neutre [...] jusqu'à ce qu'un Marchal le rejoigne [...] l'action prend
    # alors un tour pour nettoyer l'arme."
    mine = [(fid, figs[fid]) for fid in _in_play(figs, team)]
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


# --- a turn -------------------------------------------------------------------------------------


def _activations(view: Mapping[str, Any], team: str) -> CoachTip:
    # §Dés de Commandement: "Le Dé de Commandement ne sert pas seulement à déterminer qui joue en
    # premier ce tour, mais indique aussi le nombre de figurine activable ce tour" (turn 1: every
    # figure, the English original, spec D4); §Points d'Action: "Chaque figurine a 2 Points
    # d'Action (PA) par tour [...] Bouger d'1 hex 1 PA, Tirer 1 PA, Se concentrer 1 PA, Mode
    # sentinelle 2 PA [...] Recharger 2 PA".
    left = int((view.get("activations") or {}).get(team) or 0)
    if view.get("turn") == 1:
        first = gettext("First turn: every figure may act.")
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


def _move(acting: tuple[str, Fig] | None) -> CoachTip:
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


def _shoot(acting: tuple[str, Fig] | None) -> CoachTip:
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


def _cover() -> CoachTip:
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


def _sentry(fid: str) -> CoachTip:
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


def _charge(
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


def _enemy_sentries(team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # §Mode sentinelle: "elles peuvent tirer à chaque fois qu'un ennemi arrive dans leur LdV";
    # §Tir de suppression: "Ce tir est utilisé pour désactiver le mode sentinelle des figurines
    # ennemies." (What each sentry does is its owner's secret: the tip never says.)
    watching = [fid for fid in _in_play(figs, other(team)) if figs[fid].get("state") == "sentry"]
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


def _carrying(view: Mapping[str, Any], team: str, figs: Mapping[str, Fig]) -> list[CoachTip]:
    # Spec §5 (where the flag scores) and D21; §Mode sentinelle: "le porteur du drapeau [...] ne
    # peu[t] pas être en mode sentinelle"; §Contrôle de touche: "Si la figurine porte un
    # drapeau, il est laissé sur place."
    scenario = view.get("scenario")
    if scenario not in ("capture_the_flag", "centre_flag"):
        return []
    scoring = team if scenario == "capture_the_flag" else other(team)
    flag_id = other(team) if scenario == "capture_the_flag" else "centre"
    carrier = ((view.get("flags") or {}).get(flag_id) or {}).get("carrier")
    homes = _homes(view)
    if not carrier or figs.get(carrier, {}).get("team") != team or scoring not in homes:
        return []
    away = distance(_hex(figs[carrier]["hex"]), homes[scoring])
    where = gettext("your base") if scoring == team else gettext("the enemy base")
    text = ngettext(
        "%(fig)s carries %(flag)s, %(n)d hex from %(where)s: get it there to win. A carrier "
        "cannot stand sentry; put out, it drops the flag.",
        "%(fig)s carries %(flag)s, %(n)d hexes from %(where)s: get it there to win. A carrier "
        "cannot stand sentry; put out, it drops the flag.",
        away,
    ) % {"fig": figure_name(carrier), "flag": flag_name(flag_id), "n": away, "where": where}
    return [CoachTip("flag", text, "scenarios")]
