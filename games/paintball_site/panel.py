"""The words around the board: the teams' panel, pending decisions, the one-line instruction of
what to do next, button labels. Everything is read from the seat's view (never the state), so
nothing here can tell the other team's sentry policies or secret setup."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import distance
from games.engine.paintball.state import other
from games.hexboard.picks import Choice
from games.hexboard.protocol import SeatStatus
from games.hexboard.words import possessive
from games.paintball_site.deploy import home_of
from games.paintball_site.picking import SEP, action_label, option_label, policy_label
from games.paintball_site.words import (
    TEAMS,
    direction_between,
    direction_name,
    figure_name,
    figures,
    flag_name,
    from_base,
    setup_parts,
    team_name,
    where,
)


def seats(view: Mapping[str, Any], seat: int | None) -> list[SeatStatus]:
    figs = view.get("figures") or {}
    playing = view.get("phase") == "activation"
    out = []
    for i, team in enumerate(TEAMS):
        mine = [(fid, f) for fid, f in sorted(figs.items()) if f["team"] == team]
        alive = [fid for fid, f in mine if f.get("state") != "out"]
        details = list(_turn_words(view, team)) if playing else []
        gone = [fid for fid, f in mine if f.get("state") == "out"]
        if gone:
            details.append(gettext("out: %(figs)s") % {"figs": figures(gone)})
        for fid, flag in sorted((view.get("flags") or {}).items()):
            carrier = flag.get("carrier")
            if carrier and figs.get(carrier, {}).get("team") == team:
                details.append(
                    gettext("%(fig)s carries %(flag)s")
                    % {"fig": figure_name(carrier), "flag": flag_name(fid)}
                )
        out.append(
            SeatStatus(
                seat=i,
                name=team_name(team),
                css=f"team-{team}",
                swatch=team_name(team)[:1],
                # "6 in play", not a bare "6": a title is neither seen on a phone nor reached
                # by the keyboard.
                headline=ngettext("%(n)d in play", "%(n)d in play", len(alive)) % {"n": len(alive)},
                headline_title=gettext("figures in play"),
                details=tuple(details),
                # Whoever owes the next move: the other team's asking sentry or split hits
                # interrupt the active team's phase (spec §12), so not always `active`.
                current=playing and team in view.get("to_act", (view.get("active"),)),
                me=view.get("seat") == team,
                out=not alive and bool(mine),
            )
        )
    return out


def _turn_words(view: Mapping[str, Any], team: str) -> list[str]:
    """What the command die means for `team` this turn, in a player's words ("command die 2:
    plays second", "first turn: 6 figures may still act"), and the action points its acting
    figure has left.

    §Dés de Commandement: "Le Dé de Commandement ne sert pas seulement à déterminer qui joue en
    premier ce tour, mais indique aussi le nombre de figurine activable ce tour"; in the first
    turn every figure may act and the dice only say who starts (spec D4, the English original).
    §Points d'Action: "Chaque figurine a 2 Points d'Action (PA) par tour"."""
    die = (view.get("command_dice") or {}).get(team)
    if not die:
        return []
    if (view.get("pending") or {}).get("kind") == "choose_order":
        # Equal dice: who starts is not chosen yet (§Dés de Commandement, spec D3).
        words = [gettext("command die %(die)s: a tie") % {"die": die}]
    elif view.get("first") == team:
        words = [gettext("command die %(die)s: plays first") % {"die": die}]
    else:
        words = [gettext("command die %(die)s: plays second") % {"die": die}]
    if view.get("first") == team and view.get("active") != team:
        # The first team's phase is over: its activations left are lost (spec D5).
        return [*words, gettext("its phase is over")]
    n = may_still_act(view, team)
    if view.get("turn") == 1:
        words.append(
            ngettext(
                "first turn: %(n)d figure may still act",
                "first turn: %(n)d figures may still act",
                n,
            )
            % {"n": n}
        )
    else:
        words.append(
            ngettext("%(n)d figure may still act", "%(n)d figures may still act", n) % {"n": n}
        )
    current = view.get("current")
    acting = (view.get("figures") or {}).get(current) if current else None
    ap = int((acting or {}).get("ap") or 0)
    if acting and acting.get("team") == team and ap:  # with no point left it is done
        words.append(
            ngettext(
                "%(fig)s acts: %(n)d action point left",
                "%(fig)s acts: %(n)d action points left",
                ap,
            )
            % {"fig": figure_name(current), "n": ap}
        )
    return words


def first_turn_count(n: int) -> str:
    """The first turn's activations in one sentence that agrees with the teams' panel ("first
    turn: 2 figures may still act"): no limit from the die, and how many figures are left (spec
    D4: every figure may act once, so a figure that has acted is no longer counted)."""
    return ngettext(
        "First turn, no limit from the command die: %(n)d more figure may act this turn.",
        "First turn, no limit from the command die: %(n)d more figures may act this turn.",
        n,
    ) % {"n": n}


def may_still_act(view: Mapping[str, Any], team: str) -> int:
    """How many more of `team`'s figures may start acting this turn: its command die's
    activations left (as rolled, spec C1), but never more than the figures that may still act
    (not yet activated, not out, jammed or pinned down: spec §7)."""
    left = int((view.get("activations") or {}).get(team) or 0)
    fresh = sum(
        1
        for f in (view.get("figures") or {}).values()
        if f.get("team") == team
        and not f.get("activated")
        and f.get("state") not in ("out", "neutral")
        and f.get("disabled_by") != "suppressed"
    )
    return min(left, fresh)


def decision(
    view: Mapping[str, Any], seat: int | None, names: Sequence[str] = ()
) -> tuple[str, bool] | None:
    pending = view.get("pending")
    if not pending:
        return None
    team = pending.get("seat")
    mine = seat is not None and TEAMS[seat] == team
    kind = pending.get("kind")
    context = pending.get("context") or {}
    if not mine:
        waiting = {
            "choose_order": gettext("Waiting for %(team)s to choose who plays first."),
            "sentry_fire": gettext("Waiting for %(team)s: does their sentry fire?"),
            "allocate_hits": gettext("Waiting for %(team)s to choose which figures are hit."),
            "charge_victim": gettext("Waiting for %(team)s to choose whom their die takes out."),
            "grenade_scatter": gettext("Waiting for %(team)s to choose where the grenade lands."),
        }.get(str(kind), gettext("Waiting for %(team)s to decide."))
        # The player, as the status above it says (« On attend bruno. »), else the team.
        index = TEAMS.index(team) if team in TEAMS else None
        who = names[index] if index is not None and index < len(names) and names[index] else None
        return waiting % {"team": who or team_name(team)}, False
    if kind == "choose_order":
        text = gettext("The command dice are equal: do you play first or second this turn?")
    elif kind == "sentry_fire":
        text = gettext(
            "%(target)s steps into the sight of your sentry %(fig)s: fire, pin it down, or hold "
            "your fire?"
        ) % {
            "target": figure_name(context.get("target")),
            "fig": figure_name(context.get("sentry")),
        }
    elif kind == "allocate_hits":
        n = int(context.get("hits") or 1)
        text = ngettext(
            "%(n)d ball reaches your figures: choose which one is hit.",
            "%(n)d balls reach your figures: choose which are hit.",
            n,
        ) % {"n": n}
    elif kind == "charge_victim":
        text = _charge_victim_text(context)
    else:
        text = gettext("The grenade went astray: choose where it lands, next to its target.")
    # Spec §12: a passed deadline plays the rules' default, which the engine lists first (the
    # first button); the player should know before it happens, not from the log after.
    return f"{text} {gettext('No answer by the deadline: the first choice is played.')}", True


def _charge_victim_text(context: Mapping[str, Any]) -> str:
    rolls = context.get("round") or []
    index = int(context.get("next") or 0)
    if 0 <= index < len(rolls):
        fid, value = rolls[index][0], rolls[index][1]
        return gettext("%(fig)s rolled %(die)s in the charge: choose whom it takes out.") % {
            "fig": figure_name(fid),
            "die": value,
        }
    return gettext("Choose whom your figure takes out in the charge.")


def prompt(
    choice: Choice, legal: Sequence[Mapping[str, Any]], view: Mapping[str, Any] | None = None
) -> str:
    """What to do next, in one line, for every state of a turn (`view`, the seat's own, says
    how many figures may still act and the acting figure's action points)."""
    view = view or {}
    if not legal:
        return ""
    kinds = {m.get("type") for m in legal}
    if kinds == {"deploy"}:
        return gettext(
            "Place your team: choose a ready deployment below, or place each figure yourself."
        )
    if kinds == {"setup_team"}:
        return gettext("Choose your experts and who carries the grenades.")
    if kinds == {"begin_turn"}:
        return gettext("Start the next turn.")
    sel = choice.selection
    who = figure_name(sel["who"]) if "who" in sel else ""
    step = choice.step
    if step is None and choice.move is not None:
        return gettext("Check the move, then confirm.")
    if step == "at":
        return _pick_a_figure(view, legal)
    if step == "who":
        return gettext("Several figures stand there: which one acts?")
    if step == "do":
        ap = int(((view.get("figures") or {}).get(sel["who"]) or {}).get("ap") or 0)
        if not ap:
            return gettext(
                "What does %(fig)s do? Its targets and chances are drawn on the board."
            ) % {"fig": who}
        return ngettext(
            "What does %(fig)s do with its %(n)d action point? Its targets and chances are "
            "drawn on the board.",
            "What does %(fig)s do with its %(n)d action points? Its targets and chances are "
            "drawn on the board.",
            ap,
        ) % {"fig": who, "n": ap}
    if step == "step":
        return gettext("Choose the first hex of %(whose)s move.") % {"whose": possessive(who)}
    if step == "to":
        return gettext("Choose a second hex, or confirm to stop here.")
    if step == "kind":
        return gettext("Which grenade?")
    if step == "hex":
        do = sel.get("do")
        if do == "grenade":
            return gettext("Choose where the grenade goes (one or two hexes away).")
        return gettext("Choose the hex to shoot at: each shows the roll needed and the chance.")
    if step == "volley":
        return gettext(
            "How many shots, at whom? Each shot costs 1 action point, paid when it is fired."
        )
    if step == "group":
        return gettext("Who charges?")
    if step == "policy":
        # §Mode sentinelle: "Les sentinelles ne peuvent bouger ou tirer durant leur tour, mais
        # elles peuvent tirer à chaque fois qu'un ennemi arrive dans leur LdV."
        return gettext(
            "A sentry stays put and watches: each time an enemy steps into its view it may fire. "
            "What does %(fig)s do when an enemy comes into view?"
        ) % {"fig": who}
    return gettext("Choose a highlighted hex or one of the buttons.")


def _pick_a_figure(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> str:
    """The start of each activation: how many figures the command die still lets act (or the
    action points left to the one acting), what to pick, and what ending the phase does.

    §Dés de Commandement: the die gives "le nombre de figurine activable ce tour", and the
    higher die plays first (spec D3); in the first turn every figure may act (spec D4);
    §Points d'Action: "Chaque figurine a 2 Points d'Action (PA) par tour"; unspent points are
    lost when another figure acts (spec D5)."""
    team = str(view.get("active") or "")
    current = view.get("current")
    acting = (view.get("figures") or {}).get(current) if current else None
    n = may_still_act(view, team) if team in TEAMS else 0
    if acting and int(acting.get("ap") or 0) and any(m.get("figure") == current for m in legal):
        ap = int(acting["ap"])
        where = ngettext(
            "%(fig)s still has %(n)d action point, lost if another figure acts.",
            "%(fig)s still has %(n)d action points, lost if another figure acts.",
            ap,
        ) % {"fig": figure_name(current), "n": ap}
    elif view.get("turn") == 1:
        where = first_turn_count(n)
    else:
        where = ngettext(
            "Your command die lets %(n)d more figure act this turn.",
            "Your command die lets %(n)d more figures act this turn.",
            n,
        ) % {"n": n}
    charge = any(m.get("type") == "charge" for m in legal)
    if view.get("first") == team:
        pick = (
            gettext(
                "Pick a figure to act (or an enemy hex to charge), or end your phase: "
                "%(team)s plays next."
            )
            if charge
            else gettext("Pick a figure to act, or end your phase: %(team)s plays next.")
        ) % {"team": team_name(other(team))}
    else:
        pick = (
            gettext(
                "Pick a figure to act (or an enemy hex to charge), or end your phase: the turn "
                "ends and new command dice are rolled."
            )
            if charge
            else gettext(
                "Pick a figure to act, or end your phase: the turn ends and new command dice "
                "are rolled."
            )
        )
    return f"{where} {pick}"


def move_label(move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    kind = move.get("type")
    if kind == "end_phase":
        return gettext("End my phase")
    if kind == "end_activation":
        current = view.get("current")
        if current:
            return gettext("Done with %(fig)s") % {"fig": figure_name(current)}
        return gettext("End this activation")
    if kind == "begin_turn":
        return gettext("Start the turn")
    if kind == "choose_order":
        return gettext("Play first") if move.get("play") == "first" else gettext("Play second")
    if kind == "sentry_fire":
        if not move.get("fire"):
            return gettext("Hold fire")
        return gettext("Pin it down") if move.get("mode") == "suppress" else gettext("Fire")
    if kind == "allocate_hits":
        return gettext("Hit %(figs)s") % {"figs": figures(move.get("hits") or [])}
    if kind == "charge_victim":
        return figure_name(move.get("victim"))
    if kind == "grenade_scatter":
        target = ((view.get("pending") or {}).get("context") or {}).get("hex")
        d = direction_between(target, move["hex"]) if target else None
        if d is None:
            return gettext("Here")
        return gettext("Lands %(dir)s of the target") % {"dir": direction_name(d)}
    if kind == "deploy":
        return deploy_label(move, view)
    if kind == "setup_team":
        return setup_label(move)
    return action_label(str(kind))


def deploy_label(move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """A deployment in words: how many figures stand in each hex, named from the home base
    ("2 in the base, 1 to the north, 3 to the north-west"), so two ready deployments never read
    the same."""
    team = "red" if any(str(f).startswith("r") for f in move.get("hexes") or {}) else "blue"
    home = home_of(view, team)
    stacks: dict[tuple[int, int], int] = {}
    for h in (move.get("hexes") or {}).values():
        stacks[(h[0], h[1])] = stacks.get((h[0], h[1]), 0) + 1
    parts = []
    for h, n in sorted(stacks.items(), key=lambda item: _from_home(home, item[0])):
        if home is None or h == home:
            parts.append(ngettext("%(n)d in the base", "%(n)d in the base", n) % {"n": n})
        else:
            parts.append(
                ngettext("%(n)d %(where)s", "%(n)d %(where)s", n)
                % {"n": n, "where": from_base(home, h)}
            )
    return gettext("Deploy: %(parts)s") % {"parts": ", ".join(parts)}


def _from_home(home: tuple[int, int] | None, h: tuple[int, int]) -> tuple[int, int]:
    """Nearest the base first, then clockwise from north."""
    if home is None:
        return (0, 0)
    return (distance(home, h), direction_between(home, h) or 0)


def setup_label(move: Mapping[str, Any]) -> str:
    return "; ".join(setup_parts(move)) or gettext("No expert, no grenade")


def confirm_label(view: Mapping[str, Any], choice: Choice) -> str:
    """Confirm, with the move in words."""
    form = choice.move or {}
    if form.get("type") != "act":
        return gettext("Confirm")
    do = form.get("do")
    who = figure_name(form.get("who")) if form.get("who") else ""
    if do == "move":
        path = [form["step"], *([form["to"]] if "to" in form else [])]
        start = ((view.get("figures") or {}).get(form.get("who")) or {}).get("hex")
        if start is not None and list(start) == list(path[-1]):
            return gettext("Confirm: %(fig)s moves out and back") % {"fig": who}
        return gettext("Confirm: %(fig)s moves %(where)s") % {
            "fig": who,
            "where": where(start, path[-1]),
        }
    if do == "shoot":
        return gettext("Confirm: %(fig)s fires %(volley)s") % {
            "fig": who,
            "volley": option_label("volley", form.get("volley", "")).lower()
            + " "
            + option_label("mode", form.get("mode", "normal")),
        }
    if do == "sentry":
        return gettext("Confirm: %(fig)s stands sentry (%(policy)s)") % {
            "fig": who,
            "policy": policy_label(str(form.get("policy"))).lower(),
        }
    if do == "charge":
        return gettext("Confirm: charge (%(group)s)") % {
            "group": figures(str(form.get("group", "")).split(SEP))
        }
    if do == "face":
        return gettext("Confirm: %(fig)s faces %(dir)s") % {
            "fig": who,
            "dir": direction_name(int(form.get("facing", 0))),
        }
    return gettext("Confirm: %(action)s") % {"action": action_label(str(do)).lower()}
