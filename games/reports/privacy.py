"""A player's battle reports in their data download (their text, whether a picture goes with
it); deleting their account deletes them, pictures included (games/accounts/privacy.py): a
report is the player's own writing, often their photos. The match, its result and its
automatic summary stay in the competition's feed."""

from __future__ import annotations

from games.reports.models import BattleReport


def battle_reports_data(user) -> list[dict]:
    return [
        {
            "match": r.match_id,
            "text": r.text,
            "picture": bool(r.image),
            "created_at": r.created_at,
            "updated_at": r.updated_at,
        }
        for r in BattleReport.objects.filter(author=user).order_by("created_at", "pk")
    ]


def battle_reports_forget(user) -> None:
    BattleReport.objects.filter(author=user).delete()


def register() -> None:
    from games.accounts.privacy import on_data_section, on_erasure_step

    on_data_section("battle_reports", battle_reports_data)
    on_erasure_step(battle_reports_forget, stage="belongings")
