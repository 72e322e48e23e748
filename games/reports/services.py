"""Writing a battle report. Only a player of a finished campaign or league match writes one
(one each, which they may rewrite); the image is checked by Pillow (a real PNG, JPEG, WebP or
GIF, at most MAX_IMAGE_BYTES and MAX_SIDE pixels a side) and refused otherwise, changing
nothing."""

from __future__ import annotations

import io

from django.db import transaction
from django.utils.translation import gettext as _

from games.matches.models import Match
from games.refusals import Forbidden, Refused
from games.reports.models import MAX_TEXT, BattleReport

MAX_IMAGE_BYTES = 1_000_000
MAX_SIDE = 4000
IMAGE_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}
COMPETITIONS = ("campaign:", "league:")


def _checked_image(data: bytes) -> tuple[str, int, int]:
    if len(data) > MAX_IMAGE_BYTES:
        raise Refused(_("An image may weigh at most 1 MB."))
    # Pillow is imported by a report's image, not by every web process
    # (tests/hexsite/test_daphne_web.py).
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as probe:
            kind, (width, height) = probe.format, probe.size
            probe.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise Refused(
            _("This file is not an image we can show (PNG, JPEG, WebP or GIF).")
        ) from None
    if kind not in IMAGE_TYPES:
        raise Refused(_("This file is not an image we can show (PNG, JPEG, WebP or GIF)."))
    if width > MAX_SIDE or height > MAX_SIDE:
        raise Refused(_("An image may be at most 4000 pixels wide and high."))
    return IMAGE_TYPES[kind], width, height


def report_may_write(*, match: Match, user) -> bool:
    return bool(
        user is not None
        and user.is_authenticated
        and match.status == Match.Status.FINISHED
        and (match.competition or "").startswith(COMPETITIONS)
        and match.seats.filter(user=user).exists()
    )


def report_save(
    *, match_id: int, user, text: str, image: bytes | None = None, remove_image: bool = False
) -> BattleReport:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise Refused(_("This match does not exist."))
    if not report_may_write(match=match, user=user):
        raise Forbidden(
            _("Only the players of a finished campaign or league match write its report.")
        )
    text = (text or "").strip()
    if not text:
        raise Refused(_("Write a few words: a report needs its text."))
    if len(text) > MAX_TEXT:
        raise Refused(_("A report has at most %(n)d characters.") % {"n": MAX_TEXT})
    checked = _checked_image(image) if image else None
    with transaction.atomic():
        report, created = BattleReport.objects.select_for_update().get_or_create(
            match=match, author=user, defaults={"text": text}
        )
        report.text = text
        if checked is not None:
            report.image = image
            report.image_type, report.image_width, report.image_height = checked
        elif remove_image:
            report.image, report.image_type, report.image_width, report.image_height = (
                None,
                "",
                0,
                0,
            )
        report.save()
        if created:
            _tell_competition(report)
    return report


def _tell_competition(report: BattleReport) -> None:
    """The competition hears of a new report: the campaign feed gets a line, the opponents
    are told."""
    competition = report.match.competition or ""
    if competition.startswith("campaign:"):
        from games.campaigns.services.reports import campaign_report_written

        campaign_report_written(report)
    elif competition.startswith("league:"):
        from games.league.notices import league_report_written

        league_report_written(report)
