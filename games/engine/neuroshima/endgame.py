"""Battles and what follows them: running the battle package, HQ destruction, eliminations, the
final battle, victory, forfeit. Rulebook: ../shared/rules/seeds/000_cfef6f07b7368e93.txt
(BATAILLES, FIN DU JEU, VICTOIRE, JEU À PLUS DE 2 JOUEURS, LE JEU ... AVEC DES POINTS).

The battle rules themselves live in games.engine.neuroshima.battle; this module only calls its
API (start_battle / start_strike / advance / pending / decide).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.engine.neuroshima import battle as rules
from games.engine.neuroshima.position import Position
from games.engine.neuroshima.state import State
from games.engine.protocol import Event, IllegalMove, Outcome

Events = tuple[Event, ...]
STRIKES = ("sniper", "grenade", "air_strike")
POINTS_TO_WIN = {"ffa": 20, "alliance": 40}  # LE JEU À PLUS DE DEUX JOUEURS AVEC DES POINTS


def start_battle(state: State, kind: str) -> tuple[State, Events]:
    """kind: "battle" (a Battle tile), "board_full" (JOUER UNE TUILE: the board is full) or
    "final" (FIN DU JEU)."""
    started = Event("BattleCalled", {"reason": kind, "seat": state.current})
    state, events = run(state, kind, rules.start_battle(state.position))
    return state, (started, *events)


def start_strike(state: State, seat: int, kind: str, target: Any) -> tuple[State, Events]:
    return run(state, kind, rules.start_strike(state.position, seat, kind, target))


def run(state: State, kind: str, battle: Any) -> tuple[State, Events]:
    battle, events = rules.advance(battle)
    state = state.but(battle=battle, battle_kind=kind, phase="battle")
    return settle(state, tuple(events))


def decide(state: State, seat: int, choice: Any) -> tuple[State, Events]:
    decision = rules.pending(state.battle)
    if decision is None or decision.seat != seat:
        raise IllegalMove("No battle decision of yours is pending.", "not_your_decision")
    battle, events = rules.decide(state.battle, seat, choice)
    return settle(state.but(battle=battle), tuple(events))


def settle(state: State, events: Events) -> tuple[State, Events]:
    """Advance until the battle needs a live seat's decision or ends; seats out of the game
    decide by the documented default (options[0])."""
    battle = state.battle
    out = list(events)
    while not battle.finished:
        decision = rules.pending(battle)
        if decision is not None and state.active(decision.seat):
            return collect_hits(state.but(battle=battle), tuple(out)), tuple(out)
        if decision is not None:
            battle, more = rules.decide(battle, decision.seat, decision.options[0])
        else:
            battle, more = rules.advance(battle)
        out.extend(more)
    kind = state.battle_kind
    position = battle.position
    if state.config.points_variant:
        state, position, scored = score_points(collect_hits(state, tuple(out)), position)
        out.extend(scored)
    state = state.but(position=position, battle=None, battle_kind=None, phase="play")
    if kind in STRIKES:
        return state, tuple(out)
    state = state.but(battles=state.battles + 1, hq_hits=())
    state, more = after_battle(state, final=kind == "final")
    out.extend(more)
    if state.phase == "over":
        return state, tuple(out)
    # BATAILLES: "La résolution d'une bataille termine le tour du joueur actif".
    from games.engine.neuroshima import turn

    state, more = turn.end_turn(state)
    return state, (*out, *more)


def collect_hits(state: State, events: Events) -> State:
    """Points variant: remember who hit which HQ (the battle reports hits before medics)."""
    if not state.config.points_variant:
        return state
    before = state.position  # unchanged until the battle ends
    claims = list(state.hq_hits)
    for e in events:
        source_hex = e.data.get("from")
        if e.kind != "UnitHit" or not e.data.get("wounds") or not isinstance(source_hex, list):
            continue
        target, source = before.at(tuple(e.data["hex"])), before.at(tuple(source_hex))
        if target is None or source is None or target.spec.kind != "hq":
            continue
        if not before.are_friends(source.seat, target.seat):
            claims.append((source.seat, target.seat, int(e.data["wounds"])))
    return state.but(hq_hits=tuple(claims))


def score_points(state: State, after: Position) -> tuple[State, Position, list[Event]]:
    """LE JEU À PLUS DE DEUX JOUEURS AVEC DES POINTS: HQs have endless resistance and each wound
    dealt to an enemy HQ scores 1 point for the attacker (none when Moloch hits its ally's HQ).
    The wounds an HQ really took (after medics) are shared out in the order of the hits; then its
    wounds are cleared."""
    before = state.position
    events: list[Event] = []
    for victim in range(state.config.seats):
        old, new = before.hq(victim), after.hq(victim)
        if old is None:
            continue
        taken = (new.wounds if new else old.spec.hit_points) - old.wounds
        for attacker, hit, wounds in state.hq_hits:
            if hit == victim and taken > 0:
                scored = min(wounds, taken)
                taken -= scored
                state = state.with_seat(attacker, points=state.seats[attacker].points + scored)
                events.append(Event("PointsScored", {"seat": attacker, "points": scored}))
        if new is not None and new.wounds:
            after = after.put(replace(new, wounds=0))
    return state.but(hq_hits=()), after, events


def hq_points(state: State) -> list[int]:
    return [state.position.hq_points(s) for s in range(state.config.seats)]


def after_battle(state: State, final: bool) -> tuple[State, Events]:
    """VICTOIRE: with 2 players, or in the alliance mode, a destroyed HQ ends the game. With 3-4
    players free-for-all the player is out and every tile of theirs leaves the board (DESTRUCTION
    D'UN QG); the game ends when one player is left."""
    events: list[Event] = []
    down = [s for s in state.active_seats() if state.position.hq(s) is None]
    cfg = state.config
    if cfg.seats > 2 and cfg.mode == "ffa":
        # Also the tiles of a seat that forfeited during this battle.
        out = set(down) | {s for s in range(cfg.seats) if not state.active(s)}
        position = state.position.with_tiles(p for p in state.position.tiles if p.seat not in out)
        state = state.but(position=position)
        for s in down:
            # The battle package already removed its tiles and said PlayerEliminated.
            state = state.with_seat(s, eliminated=state.battles)
        if down and len(state.active_seats()) <= 1:
            return finish(state, "last_player_standing", events)
        down = []
    if cfg.points_variant:
        goal = POINTS_TO_WIN[cfg.mode]
        teams = cfg.teams or tuple((s,) for s in range(cfg.seats))
        if any(sum(state.seats[s].points for s in team) >= goal for team in teams):
            return finish(state, "points", events)
    if down:
        return finish(state, "hq_destroyed", events)
    if final:
        return finish(state, "final_battle", events)
    return state, tuple(events)


def _ranks(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Dense ranks: 0 for the best key, equal keys share a rank."""
    return tuple(len({other for other in keys if other > key}) for key in keys)


def outcome_of(state: State, reason: str) -> Outcome:
    cfg = state.config
    score = [
        float(state.seats[s].points if cfg.points_variant else state.position.hq_points(s))
        for s in range(cfg.seats)
    ]
    if cfg.mode == "alliance":
        # "chaque camp a perdu un QG: la victoire revient au camp dont le QG restant a le plus
        # de PR"; with no HQ lost, the larger sum of PR (or of points) wins.
        teams = cfg.teams or ()
        lost = [any(state.seats[s].eliminated == -1 for s in t) for t in teams]
        if not any(lost):
            lost = [any(state.position.hq(s) is None for s in t) for t in teams]
        team_key: list[tuple[float, ...]] = [
            (0.0 if lost[i] and not all(lost) else 1.0, sum(score[s] for s in t))
            for i, t in enumerate(teams)
        ]
        by_seat = [team_key[0] if s in teams[0] else team_key[1] for s in range(cfg.seats)]
        return Outcome(ranks=_ranks(by_seat), scores=tuple(score), reason=reason)
    keys: list[tuple[float, ...]] = []
    for s in range(cfg.seats):
        seat = state.seats[s]
        if seat.eliminated is not None:
            keys.append((0.0, float(seat.eliminated), 0.0))
        elif state.position.hq(s) is None:
            keys.append((0.0, float(state.battles), 0.0))
        else:
            keys.append((1.0, 0.0, score[s]))
    return Outcome(ranks=_ranks(keys), scores=tuple(score), reason=reason)


def finish(state: State, reason: str, events: list[Event]) -> tuple[State, Events]:
    result = outcome_of(state, reason)
    state = state.but(result=result, phase="over", battle=None, push=None)
    events.append(
        Event(
            "GameEnded",
            {"reason": reason, "ranks": list(result.ranks), "scores": list(result.scores)},
        )
    )
    return state, tuple(events)


def forfeit(state: State, seat: int, reason: str) -> tuple[State, Events]:
    """The seat resigns or runs out of time: it is out, as if its HQ were destroyed. With 2 players
    or in the alliance mode the other side wins at once; with 3-4 free-for-all the game goes on
    without it (its tiles leave the board, as in DESTRUCTION D'UN QG)."""
    if state.phase == "over":
        raise IllegalMove("The game is already over.", "game_over")
    if not state.active(seat):
        raise IllegalMove("That player is already out of the game.", "eliminated")
    events: list[Event] = [Event("PlayerForfeited", {"seat": seat, "reason": reason})]
    state = state.with_seat(seat, eliminated=-1)
    cfg = state.config
    if cfg.seats == 2 or cfg.mode == "alliance" or len(state.active_seats()) <= 1:
        return finish(state, "forfeit", events)
    if state.battle is not None:
        # Its tiles fight on until the battle ends; its decisions take the defaults.
        state, more = settle(state, ())
        return state, (*events, *more)
    position = state.position.with_tiles(p for p in state.position.tiles if p.seat != seat)
    state = state.but(position=position)
    if state.push is not None and state.push.seat == seat:
        # The pushed unit has left the board with its owner: the push has nothing left to do.
        state = state.but(push=None, phase="play")
    if state.current == seat and state.phase != "over":
        from games.engine.neuroshima import turn

        state, more = turn.end_turn(state)
        events.extend(more)
    return state, tuple(events)
