"""The setup decisions as moves (spec section 14.1): factions clockwise from the first player
(R26), minor factions in reverse order (R28) or the expert draft (R22-R23, R29), then the
Amiral's secret missions in reverse order (R32-R33).
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.hexpanse.moves import Move
from games.engine.hexpanse.setup import available_factions
from games.engine.hexpanse.state import Setup, State, kit
from games.engine.hexpanse.work import Work, refuse

STEP_OF_MOVE = {
    "choose_faction": "faction",
    "choose_minor": "minor",
    "draft_keep": "draft",
    "draft_discard": "discard",
    "pick_mission": "mission",
}


def setup_to_act(setup: Setup) -> tuple[int, ...]:
    if setup.step == "draft":
        return tuple(
            s for s, pack in enumerate(setup.packs) if len(pack) >= 2 and setup.passed[s] is None
        )
    if setup.step == "discard":
        return tuple(s for s, d in enumerate(setup.discarded) if d is None)
    return setup.order[:1]


def play_setup(w: Work, seat: int, m: Move) -> None:
    setup = w.setup
    assert setup is not None
    if STEP_OF_MOVE.get(m.do) != setup.step:
        raise refuse("wrong_phase", "Setup now waits for its {step} step.", step=setup.step)
    if m.do == "choose_faction":
        _faction(w, seat, m)
    elif m.do == "choose_minor":
        _minor(w, seat, m)
    elif m.do == "draft_keep":
        _draft_keep(w, seat, m)
    elif m.do == "draft_discard":
        _draft_discard(w, seat, m)
    else:
        _mission(w, seat, m)


def _faction(w: Work, seat: int, m: Move) -> None:
    if m.faction not in available_factions(w.base.alien, [s.faction for s in w.seats]):
        raise refuse("illegal_target", "That faction is not available.")
    w.seats[seat].faction = m.faction
    w.emit("FactionChosen", seat=seat, faction=m.faction)
    _next_in_order(w)


def _minor(w: Work, seat: int, m: Move) -> None:
    setup = w.setup
    assert setup is not None
    if m.minor not in setup.offer:
        raise refuse("illegal_target", "That minor faction is not on offer.")
    _give_minor(w, seat, m.minor)
    w.setup = replace(setup, offer=tuple(c for c in setup.offer if c != m.minor))
    _next_in_order(w)


def _give_minor(w: Work, seat: int, code: str) -> None:
    s = w.seats[seat]
    s.minors.append(code)
    s.reserve[code] = kit(w.base.mode, w.base.elite, w.base.expert)[2]
    w.emit("MinorChosen", seat=seat, minor=code)


def _mission(w: Work, seat: int, m: Move) -> None:
    if m.mission not in w.offer:
        raise refuse("illegal_target", "That mission is not on offer.")
    w.offer.remove(m.mission)
    w.seats[seat].secret_mission = m.mission
    team = w.team(seat)
    w.emit("MissionPicked", only=team, redacted={"seat": seat}, seat=seat, mission=m.mission)
    _next_in_order(w)


def _next_in_order(w: Work) -> None:
    setup = w.setup
    assert setup is not None
    rest = setup.order[1:]
    if rest:
        w.setup = replace(setup, order=rest)
        return
    _next_step(w, setup.step)


def _reverse(setup: Setup, n: int) -> tuple[int, ...]:
    return tuple((setup.first_player + n - 1 - i) % n for i in range(n))


def _next_step(w: Work, done: str) -> None:
    setup = w.setup
    assert setup is not None
    n = w.players
    steps = ["faction"]
    if w.base.mode != "marin":
        steps += ["draft", "discard"] if w.base.expert else ["minor"]
    if w.base.mode == "amiral":
        steps.append("mission")
    following = steps[steps.index(done) + 1 :]
    if not following:
        _finish(w)
        return
    step = following[0]
    if step == "minor":
        w.setup = replace(setup, step="minor", order=_reverse(setup, n))
    elif step == "draft":
        w.setup = replace(setup, step="draft", kept=tuple(() for _ in range(n)), passed=(None,) * n)
        _draft_advance(w)
    elif step == "mission":
        w.setup = replace(setup, step="mission", order=_reverse(setup, n))
        w.offer = list(w.revealed)
        w.emit("MissionsRevealed", missions=list(w.revealed))


def _finish(w: Work) -> None:
    """R33: the mission left over becomes the common one; the first player's turn begins."""
    setup = w.setup
    assert setup is not None
    if w.base.mode == "amiral":
        w.common = w.offer[0]
        w.offer = []
    w.setup = None
    w.turn.seat = setup.first_player
    w.turn.number = 1
    w.turn.phase = "income"
    w.emit("GameStarted", first=setup.first_player, common=w.common)
    w.emit("TurnStarted", seat=setup.first_player, number=1)


def _draft_keep(w: Work, seat: int, m: Move) -> None:
    setup = w.setup
    assert setup is not None
    pack = setup.packs[seat]
    if m.minor not in pack:
        raise refuse("illegal_target", "That minor faction is not in your pack.")
    kept = list(setup.kept)
    kept[seat] = (*kept[seat], m.minor)
    passed = list(setup.passed)
    passed[seat] = tuple(c for c in pack if c != m.minor)
    packs = list(setup.packs)
    packs[seat] = ()
    w.setup = replace(setup, kept=tuple(kept), passed=tuple(passed), packs=tuple(packs))
    w.emit("DraftPicked", only=(seat,), redacted={"seat": seat}, seat=seat, minor=m.minor)
    _draft_advance(w)


def _draft_advance(w: Work) -> None:
    """Single cards are kept at once; when every pack is picked, the rests pass to the left
    (R22); when nothing is left to pass, everyone reveals and discards."""
    while True:
        setup = w.setup
        assert setup is not None
        n = w.players
        kept, passed, packs = list(setup.kept), list(setup.passed), list(setup.packs)
        for s in range(n):
            if passed[s] is None and len(packs[s]) <= 1:
                kept[s] = (*kept[s], *packs[s])
                passed[s], packs[s] = (), ()
        w.setup = setup = replace(setup, kept=tuple(kept), passed=tuple(passed), packs=tuple(packs))
        if any(p is None for p in passed):
            return
        if not any(passed):
            w.setup = replace(
                setup,
                step="discard",
                passed=(),
                discarded=tuple(None if len(k) >= 3 else "" for k in kept),
            )
            w.emit("DraftRevealed", kept=[list(k) for k in kept])
            if not any(d is None for d in w.setup.discarded):
                _end_draft(w)
            return
        packs = [passed[(s - 1) % n] or () for s in range(n)]
        w.setup = replace(setup, packs=tuple(packs), passed=(None,) * n)


def _draft_discard(w: Work, seat: int, m: Move) -> None:
    setup = w.setup
    assert setup is not None
    if m.minor not in setup.kept[seat]:
        raise refuse("illegal_target", "Discard one of the minor factions you kept.")
    discarded = list(setup.discarded)
    discarded[seat] = m.minor
    w.setup = replace(setup, discarded=tuple(discarded))
    w.emit("DraftDiscarded", only=(seat,), redacted={"seat": seat}, seat=seat, minor=m.minor)
    if all(d is not None for d in discarded):
        _end_draft(w)


def _end_draft(w: Work) -> None:
    setup = w.setup
    assert setup is not None
    for s, kept in enumerate(setup.kept):
        for code in kept:
            if code != setup.discarded[s]:
                _give_minor(w, s, code)
    w.emit("DraftDone", discarded=[d or None for d in setup.discarded])
    _next_step(w, "discard")


def is_setup(state: State) -> bool:
    return state.setup is not None
