"""A player's saved army lists in their data download; deleting their account deletes them
(games/accounts/privacy.py). A list copied into a match or a registration stays there: it is
that match's or season's own from the moment it was chosen."""

from __future__ import annotations

from games.armies.models import ArmyList


def army_lists_data(user) -> list[dict]:
    return [
        {
            "name": a.name,
            "game": a.system,
            "list": a.data,
            "total": a.total,
            "valid": a.valid,
            "created_at": a.created_at,
            "updated_at": a.updated_at,
        }
        for a in ArmyList.objects.filter(owner=user).order_by("system", "name")
    ]


def army_lists_forget(user) -> None:
    ArmyList.objects.filter(owner=user).delete()


def register() -> None:
    from games.accounts.privacy import on_data_section, on_erasure_step

    on_data_section("army_lists", army_lists_data)
    on_erasure_step(army_lists_forget, stage="belongings")
