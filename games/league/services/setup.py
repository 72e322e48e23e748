"""Leagues, seasons and sign-up, up to the start of a season (divisions and rounds)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.league import pairing as pairing_mod
from games.league import ratings, standings
from games.league.models import (
    Division,
    League,
    Pairing,
    Rating,
    Registration,
    Result,
    Round,
    Season,
)
from games.league.notices import tell_season_players
from games.league.presets import league_presets
from games.league.selectors import is_member
from games.league.services.armies import army_copy, league_uses_lists
from games.league.services.common import _locked_season, _log, _need_reason, _require_organiser
from games.league.services.organiser import _remove_player
from games.league.services.results import _count
from games.league.services.rounds import round_publish
from games.refusals import Forbidden, Refused

# What the organiser keeps when a system's preset fixes the format (and the game).
PRESET_POLICIES = (
    "is_public",
    "vacation_policy",
    "weekend_pause_allowed",
    "withdrawal_policy",
    "forfeit_rule_text",
    "late_joiners",
    "entry_fee",
    "army_lists",
    "army_points_limit",
)


def league_create(*, name: str, created_by, preset: str = "", **options) -> League:
    """A new league. With a `preset` (a format a system offers, games/league/presets.py) the
    preset fixes the game, the format and the rules text; of `options` only the policies and a
    rules text of the organiser's own count."""
    fields: dict = {}
    if preset:
        found = league_presets().get(preset)
        if found is None:
            raise Refused(_("Unknown format."))
        system, chosen = found
        fields = {
            "system": system,
            "system_config": dict(chosen.system_config),
            **chosen.fields,
            "rules_text": str(chosen.rules_text),
        }
        options = {k: v for k, v in options.items() if k in PRESET_POLICIES or k == "rules_text"}
        if not options.get("rules_text"):
            options.pop("rules_text", None)
    fields.update({k: v for k, v in options.items() if v is not None})
    fields.setdefault("tiebreakers", list(standings.TIEBREAKERS))
    unknown = set(fields["tiebreakers"]) - set(standings.ALL_TIEBREAKERS)
    if unknown:
        raise Refused(_("Unknown tie-breaker."))
    with transaction.atomic():
        league = League.objects.create(name=name, **fields)
        league.organisers.add(created_by)
    return league


def league_add_organiser(*, league: League, actor, user) -> None:
    _require_organiser(league, actor)
    league.organisers.add(user)


def season_open(
    *, league: League, actor, signup_closes=None, round_days: int = 7, now=None
) -> Season:
    """A new season with sign-up open (or the draft prepared by the last season's close)."""
    _require_organiser(league, actor)
    now = now or timezone.now()
    if not 1 <= int(round_days) <= 14:
        raise Refused(_("A round lasts between 1 and 14 days."))
    with transaction.atomic():
        season = league.seasons.filter(status=Season.Status.DRAFT).first()
        if season is None:
            last = league.seasons.order_by("-number").first()
            season = Season(league=league, number=(last.number + 1) if last else 1)
        season.status = Season.Status.SIGNUP
        season.signup_opens = now
        season.signup_closes = signup_closes
        season.round_days = round_days
        season.save()
        _log(season, actor, "season_open")
    return season


def registration_create(
    *, season: Season, user, now=None, army_list=None, club: str = ""
) -> Registration:
    """Sign-up (with an army list when the season requires one); in a running Swiss season,
    a late join (`_late_join`)."""
    now = now or timezone.now()
    if not season.league.is_public and not is_member(league=season.league, user=user):
        raise Forbidden(_("This league is by invitation only."))
    army = army_copy(season.league, user, army_list) if league_uses_lists(season.league) else None
    if season.status == Season.Status.RUNNING:
        reg = _late_join(season, user, now)
        if army is not None:
            reg.army = army
            reg.save(update_fields=["army"])
        return reg
    if season.status != Season.Status.SIGNUP or (
        season.signup_closes and season.signup_closes < now
    ):
        raise Refused(_("Sign-up for this season is closed."))
    reg, _created = Registration.objects.get_or_create(season=season, user=user)
    if reg.status == Registration.Status.WITHDRAWN:
        reg.status = Registration.Status.ACTIVE
        reg.save(update_fields=["status"])
    reg.army = army if army is not None else reg.army
    reg.club = " ".join((club or "").split())[:60]
    reg.save(update_fields=["army", "club"])
    return reg


def late_join_division(season: Season) -> Division | None:
    """Where a late joiner plays: the lowest Swiss division, while no more than half of its
    rounds have started (lichess Swiss); None when nobody may join late."""
    if season.league.late_joiners == League.LateJoin.CLOSED:
        return None
    division = (
        season.divisions.filter(format=Division.Format.SWISS).order_by("-tier", "-pk").first()
    )
    if division is None:
        return None
    started = division.round_set.filter(published_at__isnull=False).count()
    return division if started <= division.rounds // 2 else None


def _late_join(season: Season, user, now) -> Registration:
    if late_join_division(season) is None:
        raise Refused(_("Sign-up for this season is closed."))
    with transaction.atomic():
        reg, created = Registration.objects.get_or_create(
            season=season, user=user, defaults={"status": Registration.Status.PENDING}
        )
        if not created:
            raise Refused(_("You are already registered for this season."))
        if season.league.late_joiners == League.LateJoin.OPEN:
            _place_late(reg, None, now)
    return reg


def _place_late(reg: Registration, actor, now) -> None:
    """The late joiner enters the pairings from the next round, with a half-point bye in the
    round under way (their one bye: no unpaired bye comes to them after it)."""
    division = late_join_division(reg.season)
    if division is None:
        raise Refused(_("Half the rounds have started: it is too late to join."))
    current = division.round_set.filter(published_at__isnull=False).order_by("-number").first()
    last_seed = division.registrations.order_by("-seed").values_list("seed", flat=True).first()
    reg.division, reg.seed, reg.status = division, (last_seed or 0) + 1, Registration.Status.ACTIVE
    reg.save(update_fields=["division", "seed", "status"])
    if current is not None:
        board = (current.pairings.order_by("-board").values_list("board", flat=True).first()) or 0
        pairing = Pairing.objects.create(
            round=current, board=board + 1, player_order=[reg.pk], status=Pairing.Status.BYE
        )
        pairing.players.set([reg])
        result = Result.objects.create(
            pairing=pairing, players=[reg.pk], ranks=[0], bye=True, reason="late_join"
        )
        _count(result, division)
        reg.refresh_from_db()
    _log(
        reg.season,
        actor,
        "late_join",
        "",
        player=reg.user,
        round=current.number if current else 0,
    )


def registration_answer_late(*, registration: Registration, actor, accept: bool, reason: str = ""):
    """The organiser's yes (the player is placed, with their half-point bye) or no (with a
    reason the player reads in the season log)."""
    season = registration.season
    _require_organiser(season.league, actor)
    with transaction.atomic():
        reg = Registration.objects.select_for_update().get(pk=registration.pk)
        if reg.status != Registration.Status.PENDING:
            raise Refused(_("This player is not waiting for an answer."))
        if accept:
            _place_late(reg, actor, timezone.now())
            tell_season_players(season, [reg.user], "late_accepted")
        else:
            reason = _need_reason(reason)
            reg.status = Registration.Status.REFUSED
            reg.save(update_fields=["status"])
            _log(season, actor, "late_refused", reason, player=reg.user)
            tell_season_players(season, [reg.user], "late_refused", reason=reason)
    return reg


def registration_withdraw(*, registration: Registration, user) -> None:
    """Before the season starts a player leaves freely; afterwards the withdrawal policy applies."""
    if registration.user_id != user.pk:
        raise Forbidden(_("This is not your registration."))
    season = registration.season
    if season.status == Season.Status.SIGNUP:
        registration.delete()
        return
    with transaction.atomic():
        _remove_player(registration, Registration.Status.WITHDRAWN, now=timezone.now())
        _log(season, user, "withdraw", "", player=user)


def registration_rejoin(*, registration: Registration, user) -> None:
    """lichess Swiss: a player withdrawn after a forfeit comes back for the next pairings."""
    if registration.user_id != user.pk:
        raise Forbidden(_("This is not your registration."))
    division = registration.division
    if (
        registration.status != Registration.Status.WITHDRAWN
        or division is None
        or division.format != Division.Format.SWISS
        or registration.season.status != Season.Status.RUNNING
    ):
        raise Refused(_("You cannot rejoin this season."))
    registration.status = Registration.Status.ACTIVE
    registration.save(update_fields=["status"])
    _log(registration.season, user, "rejoin", "", player=user)


def _rating_of(user, system: str) -> Rating | None:
    return Rating.objects.filter(user=user, system=system).first()


def _rounds_for(division: Division, players: int) -> int:
    if division.format == Division.Format.KNOCKOUT:
        return 0
    if division.format == Division.Format.SWISS:
        return division.rounds
    per = players - 1 if players % 2 == 0 else players
    return per * (2 if division.format == Division.Format.RR2 else 1)


def season_start(*, season: Season, actor, placement: dict | None = None, now=None) -> Season:
    """Places the players in divisions (manually: {user_id: tier}; else promotion hints first,
    then by rating), schedules every round's deadline and publishes round 1."""
    league = season.league
    _require_organiser(league, actor)
    now = now or timezone.now()
    with transaction.atomic():
        season = _locked_season(
            season, Season.Status.SIGNUP, _("Only a season in sign-up can start.")
        )
        regs = list(season.registrations.filter(status=Registration.Status.ACTIVE))
        if len(regs) < 2:
            raise Refused(_("A season needs at least two players."))
        size = max(2, league.division_size)
        if placement:
            groups: dict[int, list] = {}
            for reg in regs:
                groups.setdefault(
                    int(placement.get(reg.user_id, placement.get(str(reg.user_id), 1))), []
                ).append(reg)
            chunks = [groups[t] for t in sorted(groups)]
        else:

            def strength(reg: Registration) -> tuple:
                r = _rating_of(reg.user, league.system)
                rating = (
                    ratings.ordinal(r.mu, r.sigma)
                    if r
                    else ratings.ordinal(ratings.MU, ratings.SIGMA)
                )
                return (reg.tier_hint or 999, -rating, reg.pk)

            regs.sort(key=strength)
            if league.default_format == Division.Format.KNOCKOUT:
                size = len(regs)  # one bracket of everybody, seeded by rating
            chunks = [regs[i : i + size] for i in range(0, len(regs), size)]
            if len(chunks) > 1 and len(chunks[-1]) < max(2, size // 2):
                chunks[-2].extend(chunks.pop())
        for tier, chunk in enumerate(chunks, start=1):
            if league.default_format in (Division.Format.RR1, Division.Format.RR2) and any(
                r.club for r in chunk
            ):
                # Round 1 is the schedule's first column: club-mates kept apart there.
                by_pk = {r.pk: r for r in chunk}
                order = pairing_mod.first_round_apart(
                    [r.pk for r in chunk], {r.pk: r.club for r in chunk}
                )
                chunk = [by_pk[pk] for pk in order]
            division = Division.objects.create(
                season=season,
                tier=tier,
                format=league.default_format,
                rounds=league.default_swiss_rounds,
                mirrored_duels=league.mirrored_duels and league.pod_size <= 2,
                points_win=league.points_win,
                points_draw=league.points_draw,
                points_loss=league.points_loss,
                tiebreakers=list(league.tiebreakers),
            )
            for seed, reg in enumerate(chunk, start=1):
                reg.division, reg.seed = division, seed
                reg.save(update_fields=["division", "seed"])
            for number in range(1, _rounds_for(division, len(chunk)) + 1):
                Round.objects.create(
                    division=division,
                    number=number,
                    deadline=now + timedelta(days=season.round_days * number),
                )
        season.status = Season.Status.RUNNING
        season.started_at = now
        season.save()
        _log(season, actor, "season_start", "", divisions=len(chunks))
        if league.default_format == Division.Format.KNOCKOUT:
            from games.league.services.playoffs import playoff_start

            playoff_start(
                season=season,
                actor=actor,
                qualifiers=len(regs),
                scope="overall",
                third_place=True,
                now=now,
            )
            return season
        for division in season.divisions.all():
            round_publish(round=division.round_set.get(number=1), actor=actor, now=now)
    return season
