"""A player's results on their public page (accounts.sections): wins, losses and draws per game
and per army they led (`Seat.side`, named by `BaseSite.side_label`: "Moloch"), and their latest finished
matches with links to each and its replay. The league owns ratings
and the player's record, so it registers this section beside its ratings.

Two queries whatever the number of finished matches: the tallies are counted by PostgreSQL
(grouped by game, army and result), and the latest matches are a LIMIT. Counting them in
Python read every finished seat of the player with its match on every visit.

A seat's result: a draw when the outcome's reason is "draw" or the outcome ranked every seat
alike; otherwise won for rank 0, lost for any other. One person holding two seats of one match
(of one team) counts once: their seat of the lowest index stands for the match."""

from __future__ import annotations

from django.db.models import (
    Case,
    CharField,
    Count,
    Exists,
    F,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.lookups import Exact
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.matches.models import Match, Seat
from games.matches.presenters import match_title
from games.matches.systems import get_site

RECENT = 15


class _DistinctRanks(Func):
    """How many different ranks the match's outcome gave (0 without a list of ranks)."""

    # Qualified names: a bare `rank` would be the seat's column of the outer query.
    template = (
        "(SELECT count(DISTINCT outcome_rank.value) FROM jsonb_array_elements(CASE WHEN"
        " jsonb_typeof(%(expressions)s -> 'ranks') = 'array' THEN %(expressions)s -> 'ranks'"
        " END) AS outcome_rank(value))"
    )
    output_field = IntegerField()


_RESULT = Case(
    When(
        Q(match__outcome__reason="draw") | Exact(_DistinctRanks(F("match__outcome")), 1),
        then=Value("draw"),
    ),
    When(rank=0, then=Value("won")),
    default=Value("lost"),
    output_field=CharField(),
)


def _counted_seats(user, viewer) -> QuerySet:
    """The player's seat of each finished match `viewer` may see (public ones, and private
    ones they played in), one per match, with its result."""
    seats = Seat.objects.filter(user=user, match__status=Match.Status.FINISHED)
    if viewer is not None and getattr(viewer, "is_authenticated", False):
        theirs = Seat.objects.filter(match=OuterRef("match"), user=viewer)
        seats = seats.filter(Q(match__is_public=True) | Exists(theirs))
    else:
        seats = seats.filter(match__is_public=True)
    lower = Seat.objects.filter(match=OuterRef("match"), user=user, index__lt=OuterRef("index"))
    return seats.filter(~Exists(lower)).annotate(result=_RESULT)


def match_results_section(user, *, viewer=None) -> SafeString:
    """Only matches `viewer` may see count: public ones, and private ones they played in."""
    seats = _counted_seats(user, viewer)
    results: dict[str, dict[str, int]] = {}
    by_side: dict[str, dict[str, dict[str, int]]] = {}
    tallies = seats.values("match__system", "side", "result").annotate(n=Count("pk")).order_by()
    for row in tallies:
        system, result, n = row["match__system"], row["result"], row["n"]
        results.setdefault(system, {"won": 0, "lost": 0, "draw": 0})[result] += n
        # Labels are in the reader's language, and two stored armies may share one.
        side = get_site(system).side_label(row["side"]) if row["side"] else ""
        if side:
            sides = by_side.setdefault(system, {})
            sides.setdefault(side, {"won": 0, "lost": 0, "draw": 0})[result] += n
    latest = seats.order_by("-match__finished_at", "-match_id").values(
        "match_id", "match__system", "match__finished_at", "side", "result"
    )[:RECENT]
    recent = [
        {
            "pk": row["match_id"],
            "title": match_title(system=row["match__system"], match_id=row["match_id"]),
            "side": get_site(row["match__system"]).side_label(row["side"]) if row["side"] else "",
            "result": row["result"],
            "finished_at": row["match__finished_at"],
        }
        for row in latest
    ]
    context = {
        "results": [
            (get_site(key).name, tally, sorted(by_side.get(key, {}).items()))
            for key, tally in sorted(results.items())
        ],
        "recent": recent,
    }
    return SafeString(render_to_string("league/_results.html", context))
