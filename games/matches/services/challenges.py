"""Challenges: a match whose seats are kept for named people (lichess's and Board Game Arena's
"challenge a player"), and the rematch's invitations, which keep seats the same way.

A kept seat (`Seat.kept_for`) is free to its person alone: the lobby does not list it and the
invite link does not fill it. They are told (the `on_invited` hook: notifications), then
accept (take the seat; the match starts once every seat is taken, as joining does) or
decline. The creator may withdraw while anybody has not answered.

Declining, decided in the game's spirit: when nobody but the creator (and computers) sits or
is asked to sit at the match, it was a duel, and it is called off (aborted). With other people
seated or asked, the table stays: the declined seat is no longer kept and waits, like any
invite-link seat, for whoever the creator passes the link to; the creator is told either way.
Withdrawing calls the match off, whatever its seats. Without a challenge waiting, the creator
may still call off a match that has not started (`match_call_off`): the people seated are told.

At most `MAX_PENDING_CHALLENGES` matches with unanswered seats per creator (rematch offers
included): one person cannot fill many inboxes at once."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.matches import selectors
from games.matches.hooks import (
    InvitationEnded,
    Invited,
    run_challenge_checks,
    run_invitation_ended_handlers,
    run_invited_handlers,
)
from games.matches.models import Match, Seat
from games.matches.services.common import StaleVersion, changed, locked
from games.matches.services.lifecycle import match_create, match_join
from games.refusals import Forbidden, Refused

MAX_PENDING_CHALLENGES = 10


def challenge_create(
    *, created_by, seat_users: list, challenged: dict[int, Any], **options
) -> Match:
    """A new match (`options`: match_create's) whose seats `challenged` (seat index -> person)
    are kept for those people, who are told. The creator sits in `seat_users` as usual."""
    for person in challenged.values():
        check_challengeable(person, by=created_by)
        if any(u is not None and u.pk == person.pk for u in seat_users):
            raise Refused(
                _("%(name)s already has a seat in this match.") % {"name": person.get_username()}
            )
    with transaction.atomic():
        match = match_create(
            seat_users=seat_users, kept_for=challenged, created_by=created_by, **options
        )
        invite_kept(match=match, by=created_by, people=list(challenged.values()))
    return match


def check_challengeable(person, *, by) -> None:
    """Refused when `by` may not keep a seat for `person`."""
    if person is None or not person.is_active:
        raise Refused(_("This player cannot be challenged: their account is closed."))
    if by is not None and person.pk == by.pk:
        raise Refused(_("You cannot challenge yourself."))
    if by is not None:
        run_challenge_checks(by=by, person=person)  # the players' blocks


def invite_kept(*, match: Match, by, people: list, rematch_of: Match | None = None) -> None:
    """Internal, in the creating transaction: the cap on the creator's unanswered challenges
    (their row locked, so two at once count each other), then the people told."""
    people = list({p.pk: p for p in people if p is not None}.values())
    if not people:
        return
    for person in people:
        if by is not None:
            run_challenge_checks(by=by, person=person)
    if by is not None:
        list(get_user_model().objects.select_for_update().filter(pk=by.pk).values_list("pk"))
        pending = selectors.match_challenges_sent_count(user=by)
        if pending > MAX_PENDING_CHALLENGES:  # the new match counts already
            raise Refused(
                ngettext(
                    "You already have %(count)d challenge waiting for an answer: withdraw it "
                    "or wait for the answer before challenging again.",
                    "You already have %(count)d challenges waiting for an answer: withdraw one "
                    "or wait for answers before challenging again.",
                    pending - 1,
                )
                % {"count": pending - 1}
            )
    run_invited_handlers(Invited(match=match, users=people, by=by, rematch_of=rematch_of))


def _answerable(match_id, user) -> tuple[Match, list[Seat]]:
    """The locked match and the seats kept for `user` that wait for their answer; refused with
    the reason when there are none (answered already, withdrawn, or never theirs)."""
    if user is None or not user.is_authenticated:
        raise Refused(_("Please sign in to play."))
    match = locked(match_id)
    seats = list(match.seats.order_by("index"))
    kept = [s for s in seats if s.kept_for_id == user.pk]
    if not kept:
        raise Forbidden(_("This challenge is not, or no longer, addressed to you."))
    if match.status == Match.Status.ABORTED:
        raise StaleVersion(_("This challenge was withdrawn or declined: the match is called off."))
    waiting = [s for s in kept if s.is_free]
    if match.status != Match.Status.OPEN or not waiting:
        raise StaleVersion(_("You have answered this challenge already."))
    return match, seats


def challenge_accept(*, match_id, user, before_start=None) -> Match:
    """The person takes the seat kept for them (`before_start`: as for match_join, what they
    choose on taking it); the match starts if it was the last free one."""
    with transaction.atomic():
        _answerable(match_id, user)
        return match_join(match_id=match_id, user=user, before_start=before_start)


def challenge_decline(*, match_id, user) -> Match:
    """The person will not play: a duel is called off; a larger table keeps waiting, the seat
    no longer kept (see the module's note). The creator is told."""
    now = timezone.now()
    with transaction.atomic():
        match, seats = _answerable(match_id, user)
        others = {
            person
            for s in seats
            for person in (s.user_id, s.kept_for_id)
            if person is not None and person not in (user.pk, match.created_by_id)
        }
        aborted = not others
        if aborted:
            _abort(match, now)
        else:
            Seat.objects.filter(match=match, kept_for=user, user__isnull=True).update(kept_for=None)
            changed(match, now, played=False)
        run_invitation_ended_handlers(
            InvitationEnded(
                match=match, invitee=user, creator=match.created_by, how="declined", aborted=aborted
            )
        )
    return match


def challenge_withdraw(*, match_id, user) -> Match:
    """The creator calls the match off while somebody has not answered; everybody it kept a
    seat for is told."""
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        if user is None or not user.is_authenticated or match.created_by_id != user.pk:
            raise Forbidden(_("Only the player who sent this challenge may withdraw it."))
        seats = list(match.seats.select_related("kept_for").order_by("index"))
        if match.status == Match.Status.ABORTED:
            raise StaleVersion(
                _("This challenge was withdrawn or declined: the match is called off.")
            )
        if match.status != Match.Status.OPEN or not any(s.awaits_answer for s in seats):
            raise StaleVersion(
                _("Nobody is left to answer this challenge: it cannot be withdrawn.")
            )
        _call_off(match, seats, user, now)
    return match


def match_call_off(*, match_id, user) -> Match:
    """The creator calls off a match still waiting for players (a lobby table nobody else
    wanted, a mistake): it leaves the lobby and their games. Everybody it kept a seat for, and
    everybody who sat down already, is told. A competition's match is the organiser's: refused."""
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        if user is None or not user.is_authenticated or match.created_by_id != user.pk:
            raise Forbidden(_("Only the player who created this match may call it off."))
        if match.competition:
            raise Forbidden(
                _("This match belongs to a campaign or a league: its organisers decide.")
            )
        if match.status == Match.Status.ABORTED:
            raise StaleVersion(_("This match is called off already."))
        if match.status != Match.Status.OPEN:
            raise StaleVersion(
                _("This match has started: it can no longer be called off (you may resign).")
            )
        _call_off(match, list(match.seats.select_related("kept_for", "user")), user, now)
    return match


def _call_off(match: Match, seats: list[Seat], creator, now) -> None:
    """Aborts the match; the people it kept seats for hear it was withdrawn, those seated
    already that it was called off (the notifications app tells them)."""
    _abort(match, now)
    kept = {s.kept_for_id: s.kept_for for s in seats if s.kept_for is not None}
    seated = {s.user_id: s.user for s in seats if s.user is not None and s.user_id != creator.pk}
    told = [(person, "withdrawn") for person in kept.values()]
    told += [(person, "called_off") for pk, person in seated.items() if pk not in kept]
    for person, how in told:
        run_invitation_ended_handlers(
            InvitationEnded(match=match, invitee=person, creator=creator, how=how, aborted=True)
        )


def _abort(match: Match, now) -> None:
    match.status = Match.Status.ABORTED
    match.finished_at = now
    changed(match, now, played=False)
