"""Campaign rules as pure functions: what a battle's result does to the territories.

The rulebook ("Règles de campagne"): before each battle each player secretly declares one
objective, and their own objective applies to their own result:

- Expansion: on a win, take 2 unclaimed territories.
- Invasion: on a win, take 1 of the opponent's territories.
- All or nothing: on a win, take 2 of the opponent's territories; on a loss, give the opponent 1.
- Raid: on a win, the opponent loses 3 territories, which become unclaimed.

House rules (documented defaults, see `DEFAULT_HOUSE_RULES`):

- draw_effect: the rulebook says nothing of a draw. "nothing" (the default): a draw changes
  nothing; "both_claim": each player takes one unclaimed territory (the player who was
  challenged, or paired second, picks second); "replay": the battle is played again once, with
  the same objectives (a second draw changes nothing).
- battles_per_round 1: how many battles a player may fight in one round (the rulebook's
  campaign turn is one battle each).
- army_required False, army_points_limit 0: in a system with army lists, whether each player
  must bring a list of their own to every battle (declared with the objective, so chosen per
  battle) and the points it may cost (0: no limit).
- stake_*: how many territories each objective moves, the rulebook's numbers by default:
  Expansion 2, Invasion 1, All or nothing 2 (and 1 given on a loss), Raid 3.
- nothing_to_take "partial": when fewer eligible territories exist than the objective names, the
  gainer takes what exists (Invasion against a player holding none takes nothing). "none": the
  objective then takes nothing at all.
- invasion_requires_adjacency False: any territory of the opponent may be taken. When True, only
  territories adjacent to one the gainer holds (Invasion, All or nothing, and its penalty).
- The gaining player (for Raid: the winner) chooses which territories; when they do not choose
  before the deadline, the lowest-numbered eligible territories are used.

Nothing here knows Django: holders are plain ids, territories are identified by their number.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from games.engine import registry
from games.engine.rng import Rng

EXPANSION = "expansion"
INVASION = "invasion"
ALL_OR_NOTHING = "all_or_nothing"
RAID = "raid"
OBJECTIVES: tuple[str, ...] = (EXPANSION, INVASION, ALL_OR_NOTHING, RAID)

CLAIM = "claim"  # unclaimed -> gainer
STEAL = "steal"  # source -> gainer
RAZE = "raze"  # source -> unclaimed (the gainer is the one who chooses)
ACTIONS: tuple[str, ...] = (CLAIM, STEAL, RAZE)

DEFAULT_HOUSE_RULES: dict[str, object] = {
    "invasion_requires_adjacency": False,
    "nothing_to_take": "partial",  # or "none"
    "draw_effect": "nothing",
    "declaration_deadline_hours": 72,
    "default_objective": EXPANSION,  # applied when a player misses the declaration deadline
    "choice_deadline_hours": 48,  # the gainer's time to pick territories
    "pairing_mode": "challenge",  # or "organiser" or "auto"
    "battles_per_round": 1,
    "stake_expansion": 2,
    "stake_invasion": 1,
    "stake_all_or_nothing": 2,
    "stake_all_or_nothing_loss": 1,
    "stake_raid": 3,
    "army_required": False,  # systems with army lists: each battle needs a list of one's own
    "army_points_limit": 0,  # 0: no limit
}
PAIRING_MODES = ("challenge", "organiser", "auto")
NOTHING_TO_TAKE = ("partial", "none")
DRAW_NOTHING, DRAW_BOTH_CLAIM, DRAW_REPLAY = "nothing", "both_claim", "replay"
DRAW_EFFECTS = (DRAW_NOTHING, DRAW_BOTH_CLAIM, DRAW_REPLAY)
DRAW = "draw"  # the "objective" a draw's effects name in the feed
STAKES = (
    "stake_expansion",
    "stake_invasion",
    "stake_all_or_nothing",
    "stake_all_or_nothing_loss",
    "stake_raid",
)
MAX_STAKE = 10
MAX_BATTLES_PER_ROUND = 5


def house_rules(overrides: Mapping[str, object] | None) -> dict[str, object]:
    """The defaults with the campaign's overrides on top (unknown keys are dropped)."""
    rules = dict(DEFAULT_HOUSE_RULES)
    for key, value in (overrides or {}).items():
        if key in rules:
            rules[key] = value
    return rules


@dataclass(frozen=True)
class Effect:
    """One consequence of a battle: `chooser` picks `count` territories (of `source`, or
    unclaimed ones when source is None) and `action` moves them."""

    action: str
    chooser: str  # "a" or "b"
    source: str | None  # "a", "b" or None (unclaimed)
    count: int
    objective: str  # the objective that caused it, for the feed


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def battle_effects(
    *,
    objective_a: str,
    objective_b: str,
    winner: str | None,
    draw_effect: str = DRAW_NOTHING,
    stakes: Mapping[str, object] | None = None,
) -> tuple[Effect, ...]:
    """The effects of a result. winner is "a", "b" or None for a draw (a replay is the
    service's business: no territory moves). `stakes`: the house rules' stake_* numbers."""
    stake = {k: int(v) for k, v in house_rules(dict(stakes or {})).items() if k in STAKES}
    if winner is None:
        if draw_effect == DRAW_BOTH_CLAIM:
            return (Effect(CLAIM, "a", None, 1, DRAW), Effect(CLAIM, "b", None, 1, DRAW))
        return ()
    loser = other(winner)
    objectives = {"a": objective_a, "b": objective_b}
    effects: list[Effect] = []
    won_with = objectives[winner]
    if won_with == EXPANSION:
        effects.append(Effect(CLAIM, winner, None, stake["stake_expansion"], EXPANSION))
    elif won_with == INVASION:
        effects.append(Effect(STEAL, winner, loser, stake["stake_invasion"], INVASION))
    elif won_with == ALL_OR_NOTHING:
        effects.append(Effect(STEAL, winner, loser, stake["stake_all_or_nothing"], ALL_OR_NOTHING))
    elif won_with == RAID:
        effects.append(Effect(RAZE, winner, loser, stake["stake_raid"], RAID))
    if objectives[loser] == ALL_OR_NOTHING:
        # The loser's own gamble: they give territories to the winner, who picks them.
        effects.append(
            Effect(STEAL, winner, loser, stake["stake_all_or_nothing_loss"], ALL_OR_NOTHING)
        )
    return tuple(effect for effect in effects if effect.count > 0)


def eligible_territories(
    *,
    action: str,
    holders: Mapping[int, object | None],
    gainer: object,
    source: object | None,
    adjacency: Mapping[int, Collection[int]] | None = None,
    requires_adjacency: bool = False,
) -> list[int]:
    """Territory numbers the effect may use, lowest first. `holders` maps number -> holder id."""
    if action == CLAIM:
        pool = [n for n, h in holders.items() if h is None]
    else:
        pool = [n for n, h in holders.items() if h is not None and h == source]
    if action == STEAL and requires_adjacency:
        mine = {n for n, h in holders.items() if h is not None and h == gainer}
        pool = [n for n in pool if any(m in mine for m in (adjacency or {}).get(n, ()))]
    return sorted(pool)


def count_to_take(*, wanted: int, available: int, nothing_to_take: str = "partial") -> int:
    if available >= wanted:
        return wanted
    return available if nothing_to_take == "partial" else 0


def default_picks(eligible: list[int], count: int) -> list[int]:
    """What a gainer who did not choose gets: the lowest-numbered eligible territories."""
    return sorted(eligible)[:count]


def changes_for(
    *, action: str, gainer: object, picks: list[int], holders: Mapping[int, object | None]
) -> list[tuple[int, object | None, object | None]]:
    """(territory, from, to) for each picked territory."""
    to = None if action == RAZE else gainer
    return [(n, holders[n], to) for n in picks]


# --- Scenarios ------------------------------------------------------------------------------------
# A system with scenarios (protocol `scenarios`) gets one rolled per battle; the others get none.


def roll_scenario(system: str, rng: Rng) -> str | None:
    """Roll a die for the battle's scenario, or None for systems without scenarios."""
    options = registry.get_system(system).scenarios
    if not options:
        return None
    index, _ = rng.below(len(options))
    return options[index]
