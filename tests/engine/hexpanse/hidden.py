"""What a Hexpanse seat must never find in its view (tests/engine/test_contract.py; spec
section 14.2): the deck order and the discard, other teams' secret missions and Protector
standing orders (their whole seat as the engine holds it), the buyer's extra market cards, the
missions still offered to the Amiral picker, and the expert draft packs of other seats."""

from __future__ import annotations

import json

from games.engine.hexpanse.position import state_to_json
from games.engine.hexpanse.state import State, team_of


def secrets(state: State, seat: int | None) -> list[str]:
    data = state_to_json(state)
    found = []
    if len(state.deck) >= 3:
        found.append(json.dumps(list(state.deck[:3]))[:-1])  # the top three, in order
    if len(state.discard) >= 3:
        found.append(json.dumps(list(state.discard)))
    mates = () if seat is None else team_of(state.teams, seat)
    if state.result is None:
        # Seat i as the engine holds it, among the others as seat `seat` sees them: unique
        # even when two seats' public parts are equal.
        from games.engine.hexpanse.view import view

        shown = view(state, seat)["seats"]
        for i, true_seat in enumerate(data["seats"]):
            if i not in mates:
                found.append(json.dumps([*shown[:i], true_seat, *shown[i + 1 :]]))
    extra = state.turn.extra_cards
    if extra and seat != state.turn.seat:
        found.append(json.dumps(list(extra)))
    setup = state.setup
    if setup is not None:
        picker = setup.order[0] if setup.step == "mission" and setup.order else None
        if seat != picker and state.offer and list(state.offer) != list(state.revealed):
            found.append(json.dumps(list(state.offer)))
        found += [
            json.dumps(list(p)) for i, p in enumerate(setup.packs) if i != seat and len(p) > 1
        ]
    return found
