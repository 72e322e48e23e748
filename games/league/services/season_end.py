"""Closing a season: final tables, badges, promotion and relegation into the next one."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.league.models import Badge, Pairing, Playoff, Registration, Season
from games.league.services.common import _locked_season, _log, _ranked, _require_organiser
from games.matches.models import Match
from games.matches.services import match_call_off_unfinished
from games.refusals import Refused


def season_close(*, season: Season, actor, now=None) -> Season:
    """Final tables, badges for division winners, promotion and relegation into the next
    season (prepared as a draft with every player's tier), and the archive."""
    league = season.league
    _require_organiser(league, actor)
    now = now or timezone.now()
    with transaction.atomic():
        season = _locked_season(
            season, Season.Status.RUNNING, _("Only a running season can be closed.")
        )
        if season.playoffs.filter(status=Playoff.Status.RUNNING).exists():
            raise Refused(_("The playoffs are not over yet."))
        nxt = Season.objects.create(league=league, number=season.number + 1)
        divisions = list(season.divisions.order_by("tier"))
        bottom = len(divisions)
        for division in divisions:
            table = _ranked(division)
            regs = {r.pk: r for r in division.registrations.select_related("user")}
            n = len(table)
            for entry in table:
                reg = regs[entry.player]
                reg.final_position = entry.position
                reg.save(update_fields=["final_position"])
                if entry.position == 1:
                    Badge.objects.get_or_create(
                        user=reg.user,
                        division=division,
                        defaults={
                            "title": _("%(league)s season %(season)s, division %(tier)s winner")
                            % {
                                "league": league.name,
                                "season": season.number,
                                "tier": division.tier,
                            }
                        },
                    )
                if reg.status != Registration.Status.ACTIVE:
                    continue
                tier = division.tier
                if tier > 1 and entry.position <= league.promote_count:
                    tier -= 1
                elif tier < bottom and entry.position > n - league.relegate_count:
                    tier += 1
                Registration.objects.create(season=nxt, user=reg.user, tier_hint=tier)
        season.status = Season.Status.CLOSED
        season.closed_at = now
        season.save()
        _call_off_unfinished(season, now)
        _log(season, actor, "season_close")
    return nxt


def _call_off_unfinished(season: Season, now) -> None:
    """The season's games still being played end as called off (the lead's decision): no
    winner, nothing counted in the tables (closed already) or the ratings; each player is
    told, the page and the log say why, and the game leaves « Mes parties ». Left running,
    they kept asking for moves and a late result still changed a closed table."""
    unfinished = Match.objects.filter(
        competition=f"league:{season.pk}",
        status__in=(Match.Status.OPEN, Match.Status.ACTIVE),
    ).order_by("pk")
    for match_id in unfinished.values_list("pk", flat=True):
        match_call_off_unfinished(match_id=match_id, reason="season_closed", now=now)
    _mark_pairings_called_off(season)


def _mark_pairings_called_off(season: Season) -> None:
    """The pairings those games belonged to say so themselves (« annulée », not « à jouer »
    for ever: the round and division pages, the export and the player's page read it), and
    the season log names each one as it names a forfeit (« manche 3 : alice – bruno »)."""
    left = (
        Pairing.objects.filter(round__division__season=season, status=Pairing.Status.SCHEDULED)
        .select_related("round")
        .prefetch_related("players__user")
        .order_by("round__division__tier", "round__number", "board")
    )
    pairing_ids = []
    for pairing in left:
        pairing_ids.append(pairing.pk)
        users = {reg.pk: reg.user for reg in pairing.players.all()}
        players = [users[pk] for pk in pairing.player_order if pk in users]
        _log(season, None, "called_off", "", players=players, round=pairing.round.number)
    Pairing.objects.filter(pk__in=pairing_ids).update(status=Pairing.Status.CALLED_OFF)
