"""The coach: a few tips for a player's first Infinity matches, about the decision in front of
them.

Pure: fed by the engine's view of the player's own seat (`view(state, seat)`), nothing else. That
view never holds the other side's secrets (its Lieutenant, which looks like a plain loadout, its
hidden troopers, listed in `unseen` by public profile only, its standing reactions, its second
skill committed in advance, the dice's seed), so no tip can tell them. Each tip is one or two
sentences in a player's words: troopers by their army list's name and loadout, with the
rulebook's "#n" only when two of a side share that name, never a hex. Each links to its section
of our rules page (`RULES_SECTIONS`, ids on infinity_site/rules.html).

The tips only come when the seat itself must decide (the platform's "real choice"); while the
other player decides the box stays away. Most pressing first, MAX_TIPS at most:

- initiative (the roll-off won): `initiative`;
- deploying a trooper: `deploy` (the zone, cover, hidden deployment when the lobby allows it),
  `lieutenant` (who it is, that the enemy does not know), `goal` (the scenario and its turns);
- the army deployed, finishing: `fireteam` (when the sectorial links units and no team is formed),
  `reactions` (the standing reactions the buttons set), `goal`;
- an order to give: `loss-of-lieutenant`, `retreat` (own army in Retreat! or near it),
  `orders` (the pool: regular, irregular, impetuous, the Lieutenant's order, one trooper many
  times), `last-turn`, `wounded` (an Unconscious trooper of one's own, and who can treat it),
  `enemy-retreat` (the enemy near Retreat!);
- declaring a skill: `loss-of-lieutenant`, `retreat`, `skills` (an order's two short skills and
  what the enemy may answer), `fire` (the activated trooper's burst, range bands, cover, face to
  face; or its teardrop template), or instead of both `engaged` (in contact with an enemy: close
  combat or dodge only), `last-turn`;
- a reaction asked of them: `aro` (who acts, who may answer, shoot back, dodge or let pass),
  `policies` (standing reactions, so the game need not wait);
- a failed Guts roll: `guts`; appointing a new Lieutenant: `appoint`.

Where the rules come from: the French supplement ../shared/rules/seeds/003_85099d53a1091889.txt
("Human Sphere") cited by its headings, and, for the core rules the supplement leaves out, the
specification ../shared/design/systems/infinity.md (Part B, our hex reading of N2) cited by its
section and the French term it names; the engine's README says which reading the engine took.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import distance
from games.engine.infinity.data import profiles, sectorials, weapon
from games.engine.infinity.turns import BAGGAGE_POINTS, RETREAT_SHARE
from games.hexboard.coaching import CoachTip
from games.infinity_site.names import profile_label, weapon_name

# The sections of the rules page a tip may point at (ids on rules.html).
RULES_SECTIONS = (
    "setup",
    "orders",
    "lieutenant",
    "reactions",
    "shooting",
    "rolls",
    "close-combat",
    "fireteams",
    "winning",
    "retreat",
)
MAX_TIPS = 3  # the box's length at most (a 360 px phone)
NEAR_RETREAT = 0.4  # "close to Retreat!": down to one or two troopers from its 60 % (our choice)
NAMES_SHOWN = 3  # a tip naming troopers names this many, then "and n more"


def tips(view: Mapping[str, Any], seat: int | None) -> list[CoachTip]:
    """The tips for `seat` in this view of theirs, most pressing first; [] for a spectator, a
    finished match, or while the other player decides."""
    if seat is None or view.get("seat") != seat or view.get("score") is not None:
        return []
    turn = view.get("turn") or {}
    pending = turn.get("pending") or {}
    if pending.get("seat") != seat or turn.get("phase") == "ended":
        return []
    kind = pending.get("kind")
    names = _Names(view)
    out: list[CoachTip] = []
    if kind == "initiative":
        out.append(_initiative())
    elif kind == "deploy":
        out += _deployment(view, seat, names)
    elif kind == "aro":
        out.append(_aro(view, seat, pending, names))
        out.append(_policies())
    elif kind == "guts":
        out.append(_guts(pending, names))
    elif kind == "appoint_lieutenant":
        out.append(_appoint())
    elif kind in ("order", "declare2"):
        current = turn.get("current_order")
        out += _warnings(view, seat)
        if current is None:
            out.append(_orders(view, seat, names))
            out += _last_turn(view, seat)
            out += _wounded(view, seat, names)
            out += _enemy_retreat(view, seat)
        else:
            engaged = _engaged(view, seat, current, names)
            if not engaged:
                out.append(_skills(first=kind == "order"))
            out += engaged or _fire(view, current, names)
            out += _last_turn(view, seat)
    return out[:MAX_TIPS]


# --- words ---------------------------------------------------------------------------------------


class _Names:
    """Troopers as a player names them: the army list's name and loadout ("Alguacil (HMG)"); when
    two troopers of one side share it, the rulebook's "#n" after it ("Keisotsu (Combi) #2", as
    the text numbers them: 'Le Keisotsu #3'). The other side is counted on what the view shows
    of it (its public profiles, its hidden troopers' public profiles), so nothing secret counts."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.profile: dict[str, str] = {}
        self.seat: dict[str, int] = {}
        for t in [*view.get("troopers", []), *view.get("unseen", [])]:
            self.profile[t["id"]] = t["profile"]
            self.seat[t["id"]] = t["seat"]
        self._count: dict[tuple[int, str], int] = {}
        for tid, pid in self.profile.items():
            key = (self.seat[tid], profile_label(pid))
            self._count[key] = self._count.get(key, 0) + 1

    def __call__(self, tid: str) -> str:
        pid = self.profile.get(tid)
        if pid is None:
            return gettext("a trooper")
        label = profile_label(pid)
        if self._count.get((self.seat[tid], label), 0) > 1:
            number = re.sub(r"^\D*", "", tid)
            if number:
                return f"{label} #{number}"
        return label

    def list(self, ids: Sequence[str]) -> str:
        shown = ", ".join(self(t) for t in ids[:NAMES_SHOWN])
        more = len(ids) - NAMES_SHOWN
        if more <= 0:
            return shown
        return ngettext("%(names)s and %(n)d more", "%(names)s and %(n)d more", more) % {
            "names": shown,
            "n": more,
        }


def _mine(view: Mapping[str, Any], seat: int) -> list[Mapping[str, Any]]:
    return [t for t in view.get("troopers", []) if t["seat"] == seat]


def _seat_info(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    for info in view.get("seats", []):
        if info.get("seat") == seat:
            return info
    return {}


# --- before the battle ---------------------------------------------------------------------------


def _initiative() -> CoachTip:
    # infinity.md B.5 « Initiative and deployment »: d20 roll-off, the winner chooses to take the
    # first turn; the engine's README "Setup (B.5, our reading)": the first player deploys first,
    # then the other (so the second deploys knowing the first's army on the table).
    return CoachTip(
        "initiative",
        gettext(
            "Playing first, you deploy first and strike first; playing second, you deploy "
            "knowing where the enemy stands, and your turn closes each game turn."
        ),
        "setup",
    )


def _deployment(view: Mapping[str, Any], seat: int, names: _Names) -> list[CoachTip]:
    mine = _mine(view, seat)
    waiting = [t for t in mine if t.get("hex") is None]
    out: list[CoachTip] = []
    if waiting:
        out.append(_deploy(bool((view.get("options") or {}).get("hidden_deployment"))))
        out += _lieutenant(view, seat, names)
    else:
        out += _fireteam(view, seat)
        out.append(_reactions())
    out += _goal(view)
    return out


def _deploy(hidden: bool) -> CoachTip:
    # infinity.md B.5 « Initiative and deployment »: each army in its zone, 6 rows deep; B.2
    # « Range bands in hexes »: a Combi Rifle reaches 24 hexes, an HMG 48 (the small table is
    # 16); B.4 « Couverture Partielle »: −3 to the attacker's BS, +3 to the target's ARM.
    text = gettext(
        "Place your troopers one at a time in your deployment zone, the six rows on your side. "
        "Rifles reach across the table from the first turn: stand behind buildings, or in "
        "Partial Cover at a low wall (−3 to hit you, +3 to your armour)."
    )
    if hidden:
        # infinity.md B.14 « Déploiement Caché » and the engine's README "Hidden deployment
        # (B.14, Part D.4, lobby option)": one trooper, off the enemy's board, fires only by its
        # ambush trigger.
        text += " " + gettext(
            "One trooper may deploy hidden: the enemy does not see it, and it opens fire only by "
            "the ambush you set for it."
        )
    return CoachTip("deploy", text, "setup")


def _lieutenant(view: Mapping[str, Any], seat: int, names: _Names) -> list[CoachTip]:
    # infinity.md B.13 « Perte de Lieutenant »: its identity is private (T, FT-5: « ne révèle
    # pas le Lieutenant »), revealed when it spends the Lieutenant order on itself; down at the
    # start of its turn, every trooper is Irregular for the turn and there is no Lieutenant order.
    mine = (view.get("hidden") or {}).get(str(seat)) or {}
    tid = mine.get("lieutenant")
    if not tid:
        return []
    pid = names.profile.get(tid)
    shown = profiles()[pid].public if pid in profiles() else pid
    text = gettext(
        "%(lieutenant)s is your Lieutenant, and only you know it: the enemy sees a plain "
        "%(public)s. It brings the Lieutenant order; if it is down when your turn starts, "
        "every order is irregular that turn. Keep it out of sight."
    ) % {"lieutenant": names(tid), "public": profile_label(shown or "")}
    return [CoachTip("lieutenant", text, "lieutenant")]


def _fireteam(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    # 003 « INFINITY FIRETEAMS : TROUPES LIÉES » (FT-1…FT-12): 3 to 5 troopers of one linkable
    # unit of the sectorial, in the leader's Zone of Control; one order moves them all, only the
    # leader attacks; 3 members +1 burst, 4 Sixth Sense, 5 +3 BS.
    if any(f.get("seat") == seat and f.get("leader") for f in view.get("fireteams", [])):
        return []
    sectorial = _seat_info(view, seat).get("sectorial")
    linkable = set((sectorials().get(sectorial or "") or {}).get("linkable", ()))
    units: dict[str, int] = {}
    for t in _mine(view, seat):
        prof = profiles().get(t["profile"])
        if prof is not None and prof.unit in linkable:
            units[prof.name] = units.get(prof.name, 0) + 1
    unit = next((u for u, n in units.items() if n >= 3), None)
    if unit is None:
        return []
    text = gettext(
        "You may link three to five of your %(unit)s troopers within 4 hexes of a leader into "
        "a fireteam: one "
        "order moves them all and only the leader shoots, with +1 burst for three, Sixth Sense "
        "for four, +3 to hit for five."
    ) % {"unit": unit}
    return [CoachTip("fireteam", text, "fireteams")]


def _reactions() -> CoachTip:
    # infinity.md Part D « What makes asynchronous play hard »: standing policies answer each
    # window; only "ask" hands the game over (the engine's README "Windows without waiting").
    return CoachTip(
        "reactions",
        gettext(
            "Choose how your troopers react in the enemy's turn: automatic (they shoot whoever "
            "enters their line of fire and dodge templates, and the game never waits for you) "
            "or ask me (you decide each reaction; the game waits)."
        ),
        "reactions",
    )


def _goal(view: Mapping[str, Any]) -> list[CoachTip]:
    scenario = view.get("scenario") or {}
    turns = int(scenario.get("max_game_turns") or 3)
    goals = {
        # infinity.md B.15 « Annihilation »: each seat scores the points of enemy troopers
        # Unconscious or Dead at the end; more wins.
        "annihilation": gettext(
            "Annihilation, in %(turns)d game turns: at the end you score the points of every "
            "enemy trooper unconscious or dead; the higher score wins."
        ),
        # infinity.md B.15 « Évacuation de civils »: Annihilation plus 20 % of the army points
        # per civilian led by a Normal trooper inside its own deployment zone (the mirror of
        # 003 « RÈGLES D'UTILISATION DES CIVILS », CIV-10).
        "civilian_evacuation": gettext(
            "Civilian Evacuation, in %(turns)d game turns: the points of enemy troopers down, "
            "plus a fifth of your army's points for each civilian you lead into your "
            "deployment zone. Killing one costs you as much."
        ),
        # infinity.md B.15 « Contrôle de zones »: at the end of each game turn, more Normal
        # troopers in a zone earns a zone point; ties broken by annihilation points.
        "zone_control": gettext(
            "Zone Control, in %(turns)d game turns: at the end of each game turn, each of the "
            "three zones where you have more troopers standing earns you a point."
        ),
    }
    text = goals.get(scenario.get("id") or "")
    if not text:
        return []
    return [CoachTip("goal", text % {"turns": turns}, "winning")]


# --- your turn -----------------------------------------------------------------------------------


def _warnings(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    out = []
    info = _seat_info(view, seat)
    if info.get("loss_of_lieutenant"):
        # infinity.md B.13 « Perte de Lieutenant »: every trooper Irregular, no Lieutenant
        # order; the owner appoints a new one at the end of that turn, in secret.
        out.append(
            CoachTip(
                "loss-of-lieutenant",
                gettext(
                    "Loss of Lieutenant: this turn every order is irregular (only for the trooper "
                    "that gives it) and there is no Lieutenant order. You appoint a new "
                    "Lieutenant in secret at the end of the turn."
                ),
                "lieutenant",
            )
        )
    if info.get("retreat"):
        # infinity.md B.13 « Retraite ! »: the link breaks (FT-21), every trooper's impetuous
        # order must move it toward its deployment zone; the game ends at the end of that game
        # turn (D); 003 « LA DERNIÈRE FIGURINE DEBOUT »: « l'Ordre Impétueux (vers la Zone de
        # Déploiement) de Retraite ! ».
        out.append(
            CoachTip(
                "retreat",
                gettext(
                    "Your army is in Retreat!: each trooper's impetuous order moves it back "
                    "toward your deployment zone, and the game ends at the end of this game turn."
                ),
                "retreat",
            )
        )
    else:
        out += _near_retreat(view, seat, "retreat")
    return out


def _down_share(view: Mapping[str, Any], seat: int) -> tuple[int, int]:
    """(points of the seat's troopers Unconscious or Dead, the army's points) as the view shows
    them: the other side's troopers by their public profiles (turns.casualty_points counts the
    same way on the real ones; a remote is no casualty)."""
    info = _seat_info(view, seat)
    total = int(info.get("army_points") or 0) + BAGGAGE_POINTS * int(info.get("baggage") or 0)
    down = 0
    for t in view.get("troopers", []):
        prof = profiles().get(t["profile"])
        if t["seat"] != seat or prof is None or t.get("controller"):
            continue
        if t.get("state") in ("unconscious", "dead"):
            down += prof.points + (BAGGAGE_POINTS if prof.has("baggage") else 0)
    return down, total


def _near_retreat(view: Mapping[str, Any], seat: int, key: str) -> list[CoachTip]:
    # infinity.md B.13 « Retraite ! »: at the start of a player's turn, its Unconscious and Dead
    # troopers' points reaching 60 % of its army points put it in Retreat!; the game ends at the
    # end of that game turn (D).
    down, total = _down_share(view, seat)
    if total <= 0 or not NEAR_RETREAT * total <= down < RETREAT_SHARE * total:
        return []
    numbers = {"down": down, "total": total, "limit": round(RETREAT_SHARE * 100)}
    if key == "retreat":
        text = gettext(
            "Your troopers down are worth %(down)d of your army's %(total)d points: at "
            "%(limit)d%% your army starts its turn in Retreat! and the game ends with that game "
            "turn. Keep the others out of sight."
        )
    else:
        text = gettext(
            "The enemy's troopers down are worth %(down)d of its %(total)d points: at "
            "%(limit)d%% it falls into Retreat! and the game ends with that game turn."
        )
    return [CoachTip(key, text % numbers, "retreat")]


def _enemy_retreat(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    if _seat_info(view, 1 - seat).get("retreat"):
        return []
    return _near_retreat(view, 1 - seat, "enemy-retreat")


def _orders(view: Mapping[str, Any], seat: int, names: _Names) -> CoachTip:
    # infinity.md B.5 « Réserve d'Ordres »: one order per Normal trooper; Regular ones for any
    # trooper, Irregular ones only for the trooper that gave it, Impetuous ones spent first on a
    # move toward the enemy (the engine's README "Orders (B.5, B.6)": spending another kind gives
    # up those left), the Lieutenant's special order; spent one at a time on any trooper, the
    # same as often as wanted.
    pool = ((view.get("turn") or {}).get("orders") or {}).get(str(seat)) or {}
    regular = int(pool.get("regular") or 0)
    parts = []
    if regular:
        parts.append(
            ngettext(
                "You have %(n)d regular order: any trooper may spend it, one trooper as many "
                "times as you like.",
                "You have %(n)d regular orders: any trooper may spend them, one trooper as many "
                "times as you like.",
                regular,
            )
            % {"n": regular}
        )
    irregular = [tid for tid, n in (pool.get("irregular") or {}).items() if n]
    if irregular:
        parts.append(
            gettext("Irregular orders serve only the trooper that brings them: %(who)s.")
            % {"who": names.list(irregular)}
        )
    impetuous = [tid for tid, n in (pool.get("impetuous") or {}).items() if n]
    if impetuous:
        parts.append(
            gettext(
                "Impetuous orders come first, each a move toward the nearest enemy (%(who)s); "
                "spending another order gives them up."
            )
            % {"who": names.list(impetuous)}
        )
    if pool.get("lieutenant"):
        # 003 « Créer une nouvelle Équipe Liée » (FT-5): used to form a team, the Lieutenant
        # order « ne fournit pas d'ORA, ni ne révèle le Lieutenant ».
        parts.append(
            gettext(
                "The Lieutenant order serves only your Lieutenant, and reveals it; forming a "
                "fireteam with it reveals nothing."
            )
        )
    return CoachTip("orders", " ".join(parts), "orders")


def _last_turn(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    # infinity.md B.5: a game lasts N game turns, one player turn per seat, the first seat fixed
    # for the game; B.15: the points are counted at the end; B.13 (D): Retreat! ends the game at
    # the end of that game turn (`turn.last_game_turn`).
    turn = view.get("turn") or {}
    scenario = view.get("scenario") or {}
    game_turn = int(turn.get("game_turn") or 0)
    last = int(scenario.get("max_game_turns") or 3)
    if turn.get("last_game_turn"):
        last = min(last, int(turn["last_game_turn"]))
    if game_turn < last:
        return []
    if turn.get("first_seat") == seat:
        text = gettext(
            "Last game turn: the enemy still plays after you, then the points are counted. "
            "Leave nothing in its sight that it could take down."
        )
    else:
        text = gettext(
            "The game's very last player turn: nothing answers it but reactions, and the points "
            "are counted when you end it. Spend every order."
        )
    return [CoachTip("last-turn", text, "winning")]


def _wounded(view: Mapping[str, Any], seat: int, names: _Names) -> list[CoachTip]:
    # infinity.md B.11 « Inconscient », « Mort »: Unconscious gives no order and no ARO, a failed
    # save on it kills it; B.15: it counts for the enemy's score. The engine's README "MediKit and
    # Doctor": in base contact with a MediKit, at a distance as a BS roll, or a Doctor's WIP roll;
    # the patient then rolls PH: back with one wound left, or Dead.
    mine = _mine(view, seat)
    down = [t["id"] for t in mine if t.get("state") == "unconscious" and t.get("hex")]
    if not down:
        return []
    healers = [
        t["id"]
        for t in mine
        if t.get("state") == "normal"
        and t.get("hex")
        and (prof := profiles().get(t["profile"])) is not None
        and (prof.has("medikit") or prof.has("doctor"))
    ]
    text = ngettext(
        "%(who)s is unconscious: it gives no order and cannot react, one more failed save kills "
        "it, and it counts for the enemy's score.",
        "%(who)s are unconscious: they give no order and cannot react, one more failed save "
        "kills them, and they count for the enemy's score.",
        len(down),
    ) % {"who": names.list(down)}
    if healers:
        text += " " + ngettext(
            "%(healer)s can treat it (in contact, or a MediKit at a distance with a roll to "
            "hit): the patient then rolls its physique, standing again with one wound, or dead.",
            "%(healer)s can treat them (in contact, or a MediKit at a distance with a roll to "
            "hit): each patient then rolls its physique, standing again with one wound, or dead.",
            len(down),
        ) % {"healer": names.list(healers)}
    return [CoachTip("wounded", text, "orders")]


def _skills(first: bool) -> CoachTip:
    # infinity.md B.6 « Orders and skills »: an order is two short movement skills, or one short
    # movement skill and one short skill in either order, or one short skill; B.7 « ORA »: after
    # each declared skill, every enemy in Normal state that sees an activated trooper anywhere on
    # its route, or has it in its Zone of Control, may react once per order (shoot, dodge).
    if first:
        text = gettext(
            "An order is two short skills: move and move, move then shoot, shoot then move. "
            "After each one, every enemy that sees your trooper anywhere along its path (or has "
            "it within 4 hexes) may react once: shoot back with a burst of 1, or dodge."
        )
    else:
        text = gettext(
            "Second skill: only enemies that could not react yet may answer it. Shooting now "
            "from where you stopped, or moving on into cover, are the usual choices."
        )
    return CoachTip("skills", text, "orders")


def _fire(view: Mapping[str, Any], current: Mapping[str, Any], names: _Names) -> list[CoachTip]:
    # infinity.md B.2 « Range bands in hexes » (the MOD by distance), B.8 « Jet d'Opposition »
    # (face to face only between two actions aimed at each other), B.9 (Partial Cover −3), B.7
    # (burst 1 in ARO); B.10: each hit, a save of d20 + ARM above the damage.
    tid = current.get("trooper")
    pid = names.profile.get(tid or "")
    prof = profiles().get(pid or "")
    if prof is None:
        return []
    main = weapon(prof.weapons[0]) if prof.weapons else None
    if main is not None and main.direct_template:
        # infinity.md B.3 « Gabarit en Larme »: direct-template weapons roll nothing and hit
        # everyone under the template, friend or foe; those with an ARO may Dodge (a Normal PH
        # roll, T: the text's example 6).
        text = gettext(
            "%(who)s fires its %(weapon)s: a teardrop template laid from its base hits "
            "everyone under it without a roll, friends too, unless they dodge. Its other "
            "weapons shoot as usual, dice against its BS."
        ) % {"who": names(tid or ""), "weapon": weapon_name(main.id)}
        return [CoachTip("fire", text, "shooting")]
    ranged = [w for w in (weapon(wid) for wid in prof.weapons) if w.ranged and not w.template]
    if not ranged:
        return []
    gun = ranged[0]
    burst = max(m.burst for m in gun.modes.values())
    text = gettext(
        "%(who)s shoots its %(weapon)s with a burst of %(burst)d: each die at most its BS "
        "%(bs)d plus the range band's modifier hits (each line of fire shows the total and the "
        "odds), −3 when the target is in Partial Cover. A target shooting back rolls face to "
        "face: your hits must beat its best."
    ) % {
        "who": names(tid or ""),
        "weapon": weapon_name(gun.id),
        "burst": burst,
        "bs": prof.bs,
    }
    return [CoachTip("fire", text, "shooting")]


def _engaged(
    view: Mapping[str, Any], seat: int, current: Mapping[str, Any], names: _Names
) -> list[CoachTip]:
    # infinity.md B.11 « Combat au CC »: engaged = in base contact (adjacent hexes, B.1) with an
    # enemy; an engaged trooper may only CC attack or Dodge; a CC attack is face to face with the
    # opponent's CC attack or dodge.
    tid = str(current.get("trooper") or "")
    me = next((t for t in _mine(view, seat) if t["id"] == tid and t.get("hex")), None)
    if me is None:
        return []
    foes = [
        t["id"]
        for t in view.get("troopers", [])
        if t["seat"] != seat
        and t.get("state") == "normal"
        and t.get("hex")
        and distance(tuple(t["hex"]), tuple(me["hex"])) == 1
    ]
    prof = profiles().get(me["profile"])
    if not foes or prof is None:
        return []
    text = gettext(
        "%(who)s is in contact with the enemy's %(foes)s: engaged, it may only fight in close "
        "combat (its CC %(cc)d against the enemy's, face to face) or dodge to break away."
    ) % {"who": names(tid), "foes": names.list(foes), "cc": prof.cc}
    return [CoachTip("engaged", text, "close-combat")]


# --- the enemy's turn ----------------------------------------------------------------------------


def _aro(view: Mapping[str, Any], seat: int, pending: Mapping[str, Any], names: _Names) -> CoachTip:
    # infinity.md B.7 « ORA »: one ARO per trooper per order, in the first window it is offered
    # (passing loses it); a BS attack in ARO has burst 1; under ZoC only (no line of fire) only
    # Dodge or Change Facing; Dodge: a PH roll, face to face against an attack aimed at the
    # trooper, success moves it 1 hex and cancels that attack; B.8 « Jet d'Opposition ».
    current = (view.get("turn") or {}).get("current_order") or {}
    actor = current.get("trooper")
    eligible = [str(t) for t in pending.get("eligible") or ()]
    aimed = sorted(
        {
            target["trooper"]
            for d in current.get("declarations", [])
            if d.get("skill") == "bs_attack"
            for target in d.get("targets") or ()
            if target.get("trooper") in eligible
        }
    )
    first = (
        gettext("The enemy's %(actor)s is shooting at %(targets)s.")
        % {"actor": names(actor or ""), "targets": names.list(aimed)}
        if aimed
        else gettext("The enemy's %(actor)s is acting within reach of your troopers.")
        % {"actor": names(actor or "")}
    )
    rest = ngettext(
        "%(who)s may react once this order: shoot back (a burst of 1, face to face if it is "
        "shooting at it), dodge (a physique roll: success steps one hex aside and spoils the "
        "attack on it), or let it pass, which loses the reaction.",
        "%(who)s may each react once this order: shoot back (a burst of 1, face to face if it "
        "is shooting at that trooper), dodge (a physique roll: success steps one hex aside and "
        "spoils the attack on it), or let it pass, which loses the reaction.",
        len(eligible),
    ) % {"who": names.list(eligible)}
    return CoachTip("aro", f"{first} {rest}", "reactions")


def _policies() -> CoachTip:
    # infinity.md Part D: standing policies answer a window without handing the game over.
    return CoachTip(
        "policies",
        gettext(
            "Under « Your reactions (ORA) » beside the board you can let each trooper shoot or "
            "dodge by itself, so the game need not wait for you."
        ),
        "reactions",
    )


def _guts(pending: Mapping[str, Any], names: _Names) -> CoachTip:
    # infinity.md B.11 « Jet de Bravoure »: every trooper still Normal that made a saving roll in
    # the order rolls WIP; V: Courage passes; a failure moves it 1 hex out of the attacker's line
    # of fire, else into Partial Cover (the owner's choice among the hexes offered), else Prone.
    return CoachTip(
        "guts",
        gettext(
            "%(who)s survived a hit but failed its Guts roll (willpower): it must step one hex "
            "out of the attacker's sight, or into cover. Choose the hex that still lets it act "
            "next turn."
        )
        % {"who": names(str(pending.get("trooper") or ""))},
        "rolls",
    )


def _appoint() -> CoachTip:
    # infinity.md B.13 « Perte de Lieutenant »: at the end of that turn the owner secretly
    # appoints a new Lieutenant among its Normal, non-Irregular troopers (D).
    return CoachTip(
        "appoint",
        gettext(
            "Choose your new Lieutenant among your troopers still standing; the enemy will not "
            "know which. It brings the Lieutenant order back from your next turn: pick one out "
            "of sight."
        ),
        "lieutenant",
    )
