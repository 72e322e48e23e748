"""Sentences in the reader's language: what happened (events), what a button does (moves), and
what a unit is. They name players and units, never coordinates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from games.hexboard.words import of_name, possessive
from games.hexpanse_site import texts


def who(seat: Any, names: Sequence[str] = ()) -> str:
    if seat is None:
        return gettext("a neutral unit's former owner")
    seat = int(seat)
    if seat < len(names) and names[seat]:
        return names[seat]
    return gettext("Player %(n)d") % {"n": seat + 1}


def unit_words(kind: str | None, card: str | None = None, minor: str | None = None) -> str:
    """A unit as players name it: its card's or minor faction's name, or its kind."""
    if kind == "merc" and card:
        return gettext("the mercenary %(name)s") % {"name": texts.card_name(card)}
    if kind == "minor" and minor:
        return gettext("a unit of %(name)s") % {"name": texts.minor_name(minor)}
    return {
        "normal": gettext("a normal unit"),
        "elite": gettext("an elite unit"),
        "warlord": gettext("the warlord"),
    }.get(kind or "", gettext("a unit"))


def _seat_unit(e: Mapping[str, Any], names: Sequence[str]) -> str:
    words = unit_words(e.get("unit"), e.get("card"), e.get("minor"))
    if e.get("seat") is None and e.get("was") is not None:
        return gettext("%(unit)s left by %(who)s") % {"unit": words, "who": who(e["was"], names)}
    return gettext("%(unit)s %(of_who)s") % {
        "unit": words,
        "of_who": of_name(who(e.get("seat"), names)),
    }


# Every event kind `describe` tells (HexpanseSite.event_kinds; tests/ux/test_ux_story.py).
KINDS = frozenset(
    {
        "AbilityActivated",
        "AbilityLost",
        "AbilityResolved",
        "AbilitySkipped",
        "AbilityUsed",
        "ActionCardDestroyed",
        "ActionCardStolen",
        "ActionsEnded",
        "CardBought",
        "CardPlayed",
        "DeckReshuffled",
        "DraftDiscarded",
        "DraftDone",
        "DraftPicked",
        "DraftRevealed",
        "ExtraCardsDrawn",
        "ExtraCardsPromised",
        "FactionChosen",
        "GameCreated",
        "GameStarted",
        "GameWon",
        "HexilumDestroyed",
        "HexilumGained",
        "HexilumStolen",
        "IncomeRaised",
        "MarketPhase",
        "MarketRefilled",
        "MercenaryStolen",
        "MinorChosen",
        "MissionPicked",
        "MissionsRevealed",
        "PlayerEliminated",
        "PlayerResigned",
        "PolicySet",
        "ProtectAnswered",
        "ProtectorSacrificed",
        "ReserveAttacked",
        "TerritoryAttacked",
        "TurnStarted",
        "UnitMoved",
        "UnitPlaced",
        "UnitRemoved",
        "UnitReturned",
        "UnitsRecovered",
        "UnitsSwapped",
        "WarlordHealed",
        "WarlordMoved",
        "WarlordWounded",
        "ZombieReturned",
    }
)


def describe(e: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    k = e.get("kind", "")
    p = who(e.get("seat"), names)
    n = int(e.get("amount", e.get("units", 0) if isinstance(e.get("units"), int) else 0) or 0)
    if k == "GameCreated":
        return gettext("A game of Hexpanse begins.")
    if k == "FactionChosen":
        return gettext("%(p)s takes the %(f)s.") % {
            "p": p,
            "f": texts.faction_after_the(e["faction"]),
        }
    if k == "MinorChosen":
        return gettext("%(p)s enlists %(m)s.") % {"p": p, "m": texts.minor_name(e["minor"])}
    if k == "MissionPicked":
        if e.get("mission"):
            return gettext("%(p)s keeps the secret mission %(m)s.") % {
                "p": p,
                "m": texts.mission_name(e["mission"]),
            }
        return gettext("%(p)s picks a secret mission.") % {"p": p}
    if k == "MissionsRevealed":
        return gettext("The missions on offer are revealed.")
    if k in ("DraftPicked", "DraftDiscarded"):
        if e.get("minor"):
            return gettext("%(p)s chooses %(m)s.") % {"p": p, "m": texts.minor_name(e["minor"])}
        return gettext("%(p)s chooses a minor faction.") % {"p": p}
    if k == "DraftRevealed":
        return gettext("Everyone shows the minor factions they drafted.")
    if k == "DraftDone":
        return gettext("The draft is over.")
    if k == "GameStarted":
        return gettext("%(p)s plays first.") % {"p": who(e.get("first"), names)}
    if k == "TurnStarted":
        return gettext("%(whose)s turn.") % {"whose": possessive(p)}
    if k == "HexilumGained":
        return ngettext("%(p)s gains %(n)d hexilum.", "%(p)s gains %(n)d hexilum.", n) % {
            "p": p,
            "n": n,
        }
    if k == "UnitPlaced":
        return gettext("%(p)s places %(u)s.") % {
            "p": p,
            "u": unit_words(e.get("unit"), e.get("card"), e.get("minor")),
        }
    if k == "UnitRemoved":
        # The unit's words open the sentence: « Une unité d'élite d'anna quitte le plateau. »
        return capfirst(gettext("%(u)s leaves the board.") % {"u": _seat_unit(e, names)})
    if k == "ZombieReturned":
        return gettext("The Cauldron-born %(of_p)s goes straight back to the reserve.") % {
            "of_p": of_name(p)
        }
    if k == "WarlordWounded":
        return ngettext(
            "The warlord %(of_p)s takes %(n)d wound (%(life)d life left).",
            "The warlord %(of_p)s takes %(n)d wounds (%(life)d life left).",
            n,
        ) % {"of_p": of_name(p), "n": n, "life": e.get("life", 0)}
    if k == "WarlordHealed":
        return gettext("The warlord %(of_p)s heals (%(life)d life).") % {
            "of_p": of_name(p),
            "life": e.get("life", 0),
        }
    if k == "PlayerEliminated":
        return gettext("%(p)s is out: their units stay on the board as neutral pieces.") % {"p": p}
    if k == "TerritoryAttacked":
        if e.get("unit") is None:
            return gettext("%(p)s attacks an empty territory.") % {"p": p}
        target = (
            unit_words(e.get("unit"))
            if e.get("owner") is None
            else _seat_unit({"unit": e.get("unit"), "seat": e.get("owner")}, names)
        )
        return gettext("%(p)s attacks %(t)s.") % {"p": p, "t": target}
    if k == "ProtectorSacrificed":
        return gettext("The Protector %(of_p)s takes the blow instead.") % {"of_p": of_name(p)}
    if k == "UnitsRecovered":
        count = len(e.get("units") or [])
        return ngettext(
            "%(p)s brings %(n)d unit back to the reserve.",
            "%(p)s brings %(n)d units back to the reserve.",
            count,
        ) % {"p": p, "n": count}
    if k == "UnitsSwapped":
        return gettext("%(p)s swaps two units.") % {"p": p}
    if k == "UnitMoved":
        return gettext("%(p)s moves a unit.") % {"p": p}
    if k == "WarlordMoved":
        return gettext("The warlord %(of_p)s moves.") % {"of_p": of_name(p)}
    if k == "UnitReturned":
        return gettext("%(p)s takes %(u)s back to the reserve.") % {
            "p": p,
            "u": unit_words(e.get("unit")),
        }
    if k == "ReserveAttacked":
        count = int(e.get("units") or 0)
        return ngettext(
            "%(p)s sends %(n)d unit of %(whose)s reserve to the healing ship.",
            "%(p)s sends %(n)d units of %(whose)s reserve to the healing ship.",
            count,
        ) % {"p": p, "n": count, "whose": possessive(who(e.get("victim"), names))}
    if k == "HexilumDestroyed":
        return gettext("%(v)s loses %(n)d hexilum.") % {"v": p, "n": n}
    if k == "HexilumStolen":
        return gettext("%(p)s steals %(n)d hexilum from %(v)s.") % {
            "p": p,
            "n": n,
            "v": who(e.get("victim"), names),
        }
    if k == "ActionCardStolen":
        return gettext("%(p)s takes %(c)s from %(v)s.") % {
            "p": p,
            "c": texts.card_name(e["card"]),
            "v": who(e.get("victim"), names),
        }
    if k == "ActionCardDestroyed":
        return gettext("%(p)s removes %(c)s %(of_v)s from the game.") % {
            "p": p,
            "c": texts.card_name(e["card"]),
            "of_v": of_name(who(e.get("victim"), names)),
        }
    if k == "MercenaryStolen":
        return gettext("%(p)s hires away %(c)s from %(v)s.") % {
            "p": p,
            "c": texts.card_name(e["card"]),
            "v": who(e.get("victim"), names),
        }
    if k == "ExtraCardsPromised":
        return gettext("%(p)s will see five more cards at the market.") % {"p": p}
    if k == "ExtraCardsDrawn":
        return gettext("%(p)s looks at %(n)d extra cards.") % {"p": p, "n": e.get("count", 0)}
    if k == "IncomeRaised":
        return gettext("%(p)s raises their income to %(n)d.") % {"p": p, "n": e.get("income", 0)}
    if k == "MarketPhase":
        return gettext("%(p)s goes to the market.") % {"p": p}
    if k == "MarketRefilled":
        return gettext("New cards fill the market.")
    if k == "DeckReshuffled":
        return gettext("The discard is shuffled into a new deck.")
    if k == "CardBought":
        if e.get("extra"):
            return gettext("%(p)s buys %(c)s from the extra cards.") % {
                "p": p,
                "c": texts.card_name(e["card"]),
            }
        return gettext("%(p)s buys %(c)s.") % {"p": p, "c": texts.card_name(e["card"])}
    if k == "CardPlayed":
        # What the option did, as the card says it: « (option 2) » told a reader nothing.
        what = texts.option_text(e["card"], e.get("option", 1))
        if not what:
            return gettext("%(p)s plays %(c)s.") % {"p": p, "c": texts.card_name(e["card"])}
        return gettext("%(p)s plays %(c)s, option %(o)d: “%(what)s”") % {
            "p": p,
            "c": texts.card_name(e["card"]),
            "o": e.get("option", 1),
            "what": what,
        }
    if k in ("AbilityResolved", "AbilityActivated"):
        name = (
            texts.card_name(e["card"])
            if e.get("card")
            else (texts.minor_name(e["minor"]) if e.get("minor") else gettext("a unit"))
        )
        return gettext("%(p)s uses the ability %(of_n)s.") % {"p": p, "of_n": of_name(name)}
    if k == "AbilitySkipped":
        return gettext("%(p)s lets an ability pass.") % {"p": p}
    if k == "AbilityLost":
        return gettext("An ability is lost: its unit is no longer there.")
    if k == "AbilityUsed":
        return gettext("%(p)s uses the %(f)s ability.") % {
            "p": p,
            "f": texts.faction_after_the(e.get("faction")),
        }
    if k == "ActionsEnded":
        return gettext("%(p)s ends their actions.") % {"p": p}
    if k == "ProtectAnswered":
        return gettext("%(p)s answers the attack.") % {"p": p}
    if k == "PolicySet":
        return gettext("%(p)s changes their standing order for Protectors.") % {"p": p}
    if k == "PlayerResigned":
        if e.get("reason") == "timeout":  # the clock's loss on time, not a choice to leave
            return gettext("%(p)s ran out of time.") % {"p": p}
        return gettext("%(p)s leaves the game.") % {"p": p}
    if k == "GameWon":
        winners = ", ".join(who(s, names) for s in e.get("winner") or [])
        if e.get("how") == "mission":
            return gettext("%(w)s completes the mission %(m)s and wins!") % {
                "w": winners,
                "m": texts.mission_name(e["mission"]) if e.get("mission") else "",
            }
        return gettext("%(w)s wins.") % {"w": winners}
    return k
