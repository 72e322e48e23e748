"""A player's results on their public page (accounts.sections): wins, losses and draws per game
and per army they led (`Seat.side`, named by `BaseSite.side_label`: "Moloch"), and their latest finished
matches with links to each and its replay. The league owns ratings
and the player's record, so it registers this section beside its ratings."""

from __future__ import annotations

from django.db.models import Q
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.matches.models import Match, Seat
from games.matches.presenters import match_title
from games.matches.systems import get_site


def match_results_section(user, *, viewer=None) -> SafeString:
    """Only matches `viewer` may see count: public ones, and private ones they played in."""
    seats = (
        Seat.objects.filter(user=user, match__status=Match.Status.FINISHED)
        .select_related("match")
        # The army is the seat's (stored at the end): neither the options nor the state is read.
        .defer("match__snapshot", "match__config")
        .order_by("-match__finished_at")
    )
    if viewer is not None and getattr(viewer, "is_authenticated", False):
        seats = seats.filter(Q(match__is_public=True) | Q(match__seats__user=viewer)).distinct()
    else:
        seats = seats.filter(match__is_public=True)
    results: dict[str, dict[str, int]] = {}
    by_side: dict[str, dict[str, dict[str, int]]] = {}
    recent = []
    counted: set[int] = set()
    for seat in seats:
        match = seat.match
        if match.pk in counted:  # one person holding two seats of one team: one result
            continue
        counted.add(match.pk)
        ranks = (match.outcome or {}).get("ranks") or []
        if (match.outcome or {}).get("reason") == "draw" or len(set(ranks)) == 1:
            result = "draw"
        else:
            result = "won" if seat.rank == 0 else "lost"
        tally = results.setdefault(match.system, {"won": 0, "lost": 0, "draw": 0})
        tally[result] += 1
        side = get_site(match.system).side_label(seat.side) if seat.side else ""
        if side:
            sides = by_side.setdefault(match.system, {})
            sides.setdefault(side, {"won": 0, "lost": 0, "draw": 0})[result] += 1
        if len(recent) < 15:
            recent.append(
                {
                    "pk": match.pk,
                    "title": match_title(system=match.system, match_id=match.pk),
                    "side": side,
                    "result": result,
                    "finished_at": match.finished_at,
                }
            )
    context = {
        "results": [
            (get_site(key).name, tally, sorted(by_side.get(key, {}).items()))
            for key, tally in sorted(results.items())
        ],
        "recent": recent,
    }
    return SafeString(render_to_string("league/_results.html", context))
