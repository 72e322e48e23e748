"""Fury: Frenzy and its suspension in a fireteam (the text's 'INFINITY FIRETEAMS : TROUPES
LIEES': « Les troupes avec les Caractéristiques Frénésie ou Impétueuse qui sont membres d'une
Équipe Liée deviennent automatiquement Non Impétueuse. Quand de telles troupes quittent l'Équipe
Liée, elles sont dans le même état de Furie dans lequel elles étaient avant de la rejoindre. »,
spec FT-25). The text does not define Frenzy itself (Human Sphere leaves it to the N2 book): a
Frenzied trooper is not Impetuous until it has caused an enemy trooper at least one wound, then
it is for the rest of the game (M, the N2/N4 wording; the text's example: « Elle devra causer une
blessure d'elle même, hors d'une Équipe Liée, pour gagner l'Ordre Impétueux »). The Impetuous
order itself comes with the next order pool (turns.order_pool)."""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.state import State


def linked(state: State, tid: str) -> bool:
    """A member of its seat's live fireteam (Non Impetuous, FT-25)."""
    t = state.trooper(tid)
    team = state.live_team(t.seat)
    return team is not None and tid in team.members


def wounds_caused(ctx: Ctx, pairs: Iterable[tuple[str, str]]) -> None:
    """(attacker, victim) for every hit that cost its victim a wound: a Frenzied attacker outside
    a fireteam wounding an enemy trooper turns Impetuous. A wound caused while linked counts for
    nothing, even after it leaves (the text's example: « quand elle quittera celle-ci elle ne
    gagnera pas l'Ordre Impétueux gratuit »)."""
    for attacker, victim in pairs:
        state = ctx.state
        if not (state.has_trooper(attacker) and state.has_trooper(victim)):
            continue  # a civilian's strike, or a civilian hit: not an enemy trooper's wound
        t = state.trooper(attacker)
        if t.prof.fury != "frenzy" or t.enraged or state.trooper(victim).seat == t.seat:
            continue
        if linked(state, attacker):
            continue
        ctx.state = state.update(attacker, enraged=True)
        ctx.emit("FrenzyAwakened", trooper=attacker, seat=t.seat)
