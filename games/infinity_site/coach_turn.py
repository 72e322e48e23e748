"""The Infinity coach's tips in the player's own turn: warnings (Loss of Lieutenant, Retreat!
close), the order pool, the last game turn, the wounded, and each order's skills, fire and
close combat. Pure and fed by the seat's own view, like the rest of the coach (coach.py says what it
may read and how the rules are cited)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import distance
from games.engine.infinity.data import profiles, weapon
from games.engine.infinity.turns import BAGGAGE_POINTS, RETREAT_SHARE
from games.hexboard.coaching import CoachTip
from games.infinity_site.coach_words import TrooperNames, own_troopers, seat_info
from games.infinity_site.height_words import roofs_of
from games.infinity_site.names import weapon_name

NEAR_RETREAT = 0.4  # "close to Retreat!": down to one or two troopers from its 60 % (our choice)


def warnings(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    out = []
    info = seat_info(view, seat)
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
        # order must move it toward its deployment zone; 003 « LA DERNIÈRE FIGURINE DEBOUT »:
        # « l'Ordre Impétueux (vers la Zone de Déploiement) de Retraite ! », and troopers flee
        # (« Si les Kuang Shi fuient à cause de la règle Retraite ! »): one on its own table edge
        # may leave the battlefield, and is then no casualty (the engine README, Retreat!; D).
        out.append(
            CoachTip(
                "retreat",
                gettext(
                    "Your army is in Retreat!: each trooper's impetuous order moves it back "
                    "toward your deployment zone. A trooper on your table edge may flee the "
                    "battlefield: the enemy scores nothing for it."
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
    info = seat_info(view, seat)
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
    # troopers' points reaching 60 % of its army points put it in Retreat!, and its troopers
    # fall back toward their deployment zone (003, « LA DERNIÈRE FIGURINE DEBOUT »).
    down, total = _down_share(view, seat)
    if total <= 0 or not NEAR_RETREAT * total <= down < RETREAT_SHARE * total:
        return []
    numbers = {"down": down, "total": total, "limit": round(RETREAT_SHARE * 100)}
    if key == "retreat":
        text = gettext(
            "Your troopers down are worth %(down)d of your army's %(total)d points: at "
            "%(limit)d%% your army starts its turn in Retreat!, every trooper falling back. Keep "
            "the others out of sight."
        )
    else:
        text = gettext(
            "The enemy's troopers down are worth %(down)d of its %(total)d points: at "
            "%(limit)d%% it falls into Retreat!, every trooper falling back."
        )
    return [CoachTip(key, text % numbers, "retreat")]


def enemy_retreat(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    if seat_info(view, 1 - seat).get("retreat"):
        return []
    return _near_retreat(view, 1 - seat, "enemy-retreat")


def orders(view: Mapping[str, Any], seat: int, names: TrooperNames) -> CoachTip:
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


def last_turn(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    # infinity.md B.5: a game lasts N game turns, one player turn per seat, the first seat fixed
    # for the game; B.15: the points are counted at the end. A position saved before Retreat!
    # was built in full may still hold `turn.last_game_turn` (the old ending, kept for it).
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


def wounded(view: Mapping[str, Any], seat: int, names: TrooperNames) -> list[CoachTip]:
    # infinity.md B.11 « Inconscient », « Mort »: Unconscious gives no order and no ARO, a failed
    # save on it kills it; B.15: it counts for the enemy's score. The engine's README "MediKit and
    # Doctor": in base contact with a MediKit, at a distance as a BS roll, or a Doctor's WIP roll;
    # the patient then rolls PH: back with one wound left, or Dead.
    mine = own_troopers(view, seat)
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


def skills(first: bool) -> CoachTip:
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


def fire(
    view: Mapping[str, Any], current: Mapping[str, Any], names: TrooperNames
) -> list[CoachTip]:
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


def engaged(
    view: Mapping[str, Any], seat: int, current: Mapping[str, Any], names: TrooperNames
) -> list[CoachTip]:
    # infinity.md B.11 « Combat au CC »: engaged = in base contact (adjacent hexes, B.1) with an
    # enemy; an engaged trooper may only CC attack or Dodge; a CC attack is face to face with the
    # opponent's CC attack or dodge. Base contact needs the same level too (the engine README's
    # "Height levels"): a roof and the foot of its wall never touch.
    tid = str(current.get("trooper") or "")
    me = next((t for t in own_troopers(view, seat) if t["id"] == tid and t.get("hex")), None)
    if me is None:
        return []
    roofs = roofs_of(view)
    here = tuple(me["hex"])
    foes = [
        t["id"]
        for t in view.get("troopers", [])
        if t["seat"] != seat
        and t.get("state") == "normal"
        and t.get("hex")
        and distance(tuple(t["hex"]), here) == 1
        and roofs.get(tuple(t["hex"]), 0) == roofs.get(here, 0)
    ]
    prof = profiles().get(me["profile"])
    if not foes or prof is None:
        return []
    text = gettext(
        "%(who)s is in contact with the enemy's %(foes)s: engaged, it may only fight in close "
        "combat (its CC %(cc)d against the enemy's, face to face) or dodge to break away."
    ) % {"who": names(tid), "foes": names.list(foes), "cc": prof.cc}
    return [CoachTip("engaged", text, "close-combat")]
