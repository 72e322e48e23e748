"""Entry fees: a league may ask one per season (`League.entry_fee`, the organiser's words); the
money changes hands outside the site, and the organisers record here who paid. It is nobody
else's business: only the organisers and the player see it, and the public season log says
nothing of it."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.league.models import Registration
from games.league.notices import tell_season_players
from games.league.services.common import _require_organiser
from games.refusals import Refused


def registration_fee_paid(*, registration: Registration, actor, paid: bool, now=None) -> bool:
    """Records the player's entry fee as received (`paid`) or not; False when it already was
    as asked (a second click changes nothing and tells nobody). The player is told when it is
    recorded as received."""
    league = registration.season.league
    _require_organiser(league, actor)
    if not league.entry_fee:
        raise Refused(_("This league asks no entry fee."))
    with transaction.atomic():
        reg = Registration.objects.select_for_update().get(pk=registration.pk)
        if (reg.fee_paid_at is not None) == paid:
            return False
        reg.fee_paid_at = (now or timezone.now()) if paid else None
        reg.save(update_fields=["fee_paid_at"])
        if paid:
            tell_season_players(registration.season, [reg.user], "fee_paid", fee=league.entry_fee)
    registration.fee_paid_at = reg.fee_paid_at
    return True
