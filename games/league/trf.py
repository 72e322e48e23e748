"""FIDE's Tournament Report File (TRF16), pure: a Swiss division as the text pairing programs
and rating officers read (lichess exports its Swiss tournaments the same way).

Player lines ("001") follow the fixed columns of the format: start rank 5-8, sex 10, title
11-13, name 15-47, rating 49-52, federation 54-56, id 58-68, birth date 70-79, points 81-84,
rank 86-89, then one 10-column block per round from column 92: opponent's start rank (4
digits, 0000 for none), colour (w, b or - for none), result (1 = 0 for a game played; + and -
for a forfeit; U a pairing-allocated bye; H a half-point bye)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class RoundEntry:
    opponent: int  # the opponent's start rank, 0 for none
    colour: str  # "w", "b" or "-"
    result: str  # "1", "=", "0", "+", "-", "U", "H"


@dataclass(frozen=True)
class TrfPlayer:
    start_rank: int
    name: str
    points: float
    rank: int
    rounds: Sequence[RoundEntry | None]  # None: nothing in that round (blank)
    rating: int = 0


def player_line(player: TrfPlayer, rounds: int) -> str:
    line = (
        f"001 {player.start_rank:>4}      "  # 1-3, 5-8, sex 10 and title 11-13 blank
        f"{player.name[:33]:<33} "
        f"{player.rating or '':>4} "
        f"{'':>3} {'':>11} {'':>10} "
        f"{player.points:>4.1f} {player.rank:>4}"
    )
    for index in range(rounds):
        entry = player.rounds[index] if index < len(player.rounds) else None
        if entry is None:
            line += " " * 10
        else:
            opponent = f"{entry.opponent:>4}" if entry.opponent else "0000"
            line += f"  {opponent} {entry.colour} {entry.result}"
    return line.rstrip()


def report(*, name: str, start: str, end: str, rounds: int, players: Sequence[TrfPlayer]) -> str:
    header = [
        f"012 {name}",
        f"042 {start}",
        f"052 {end}",
        f"062 {len(players)}",
        f"072 {sum(1 for p in players if p.rating)}",
        "092 Individual: Swiss-System",
    ]
    body = [player_line(p, rounds) for p in sorted(players, key=lambda p: p.start_rank)]
    return "\n".join([*header, *body, f"XXR {rounds}"]) + "\n"
