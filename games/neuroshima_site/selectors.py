"""Reads about Neuroshima matches for our pages. The seed and raw state stay here: callers get
seat views, flattened visible events and Position JSON only."""

from __future__ import annotations

from typing import Any

from django.http import Http404

from games.engine import registry
from games.matches.models import Match
from games.matches.replaying import effective_records, replay_records
from games.neuroshima_site.battle_steps import visible


def match_for_viewer(*, match_id: int, user) -> tuple[Match, int | None]:
    """The match and the viewer's seat (None: a spectator); 404 when they may not look."""
    match = Match.objects.filter(pk=match_id, system="neuroshima").first()
    if match is None or match.snapshot is None:
        raise Http404
    seat = None
    if user.is_authenticated:
        row = match.seats.filter(user=user).first()
        seat = None if row is None else row.index
    if seat is None and not match.is_public:
        raise Http404
    return match, seat


def match_seat_view(*, match: Match, seat: int | None) -> dict[str, Any]:
    system = registry.get_system("neuroshima")
    return system.view(system.state_from_json(match.snapshot), seat)


def match_start_position(*, match: Match) -> dict[str, Any]:
    config = match.snapshot["config"]
    position: dict[str, Any] = {"board": config["board"], "seats": config["armies"], "tiles": []}
    if config.get("mode") == "alliance":
        position["teams"] = [[0, 2], [1, 3]]
    return position


def match_effective(*, match: Match) -> list:
    return effective_records(list(match.records.order_by("seq")))


def match_events(*, match: Match, seat: int | None, records=None) -> list[dict[str, Any]]:
    """Every event in force that `seat` may see, flattened, in order."""
    out: list[dict[str, Any]] = []
    for record in records if records is not None else match_effective(match=match):
        out += visible(record.events, seat)
    return out


def match_events_since_last_move(*, match: Match, seat: int) -> list[dict[str, Any]]:
    records = match_effective(match=match)
    last = max(
        (i for i, r in enumerate(records) if r.kind == "move" and r.seat == seat), default=-1
    )
    return match_events(match=match, seat=seat, records=records[last + 1 :])


def match_replay_view(*, match: Match, ply: int) -> tuple[dict[str, Any], int, list]:
    """The spectator view after `ply` moves of a finished match, the number of moves, and the
    events of that ply's record."""
    records = match_effective(match=match)
    moves = [i for i, r in enumerate(records) if r.kind == "move"]
    ply = max(0, min(ply, len(moves)))
    upto = records[: moves[ply - 1] + 1] if ply else records[:1]
    system = registry.get_system("neuroshima")
    state = replay_records(system, match, upto).state
    events = visible(upto[-1].events, None) if upto else []
    return system.view(state, None), len(moves), events


def match_record(*, match: Match) -> dict[str, Any]:
    """A finished match's record: config, moves, public events and the final position (no
    seed: a finished game hides nothing but the seed, which would replay other games' draws)."""
    records = match_effective(match=match)
    view = match_seat_view(match=match, seat=None)
    return {
        "format": "hexsite.neuroshima.record",
        "version": 1,
        "match": match.pk,
        "config": view["config"],
        "moves": [{"seat": r.seat, "move": r.data["move"]} for r in records if r.kind == "move"],
        "events": match_events(match=match, seat=None, records=records),
        "position": view["position"],
        "outcome": match.outcome,
    }
