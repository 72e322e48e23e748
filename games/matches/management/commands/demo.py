"""`manage.py demo`: two players (anna, bruno) and a match between them in progress.
Idempotent: running it again reuses the players and the match."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match

PASSWORD = "hexsite-demo"
MOVES = 4


def demo_user(username: str):
    from allauth.account.models import EmailAddress

    User = get_user_model()
    user, created = User.objects.get_or_create(
        username=username, defaults={"email": f"{username}@example.org"}
    )
    if created or not user.check_password(PASSWORD):
        user.set_password(PASSWORD)
        user.save()
    EmailAddress.objects.update_or_create(
        user=user, email=user.email, defaults={"verified": True, "primary": True}
    )
    return user


def _system_and_config() -> tuple[str, dict]:
    try:
        get_system("neuroshima")
        return "neuroshima", {"armies": ["moloch", "borgo"]}
    except (KeyError, ImportError):
        # Before the Neuroshima engine exists: the platform's tiny test system.
        from tests.matches.demo_system import install

        install()
        return "claim", {"hexes": 12}


class Command(BaseCommand):
    help = "Creates the demo players anna and bruno and a match in progress between them."

    def handle(self, *args, **options):
        anna, bruno = demo_user("anna"), demo_user("bruno")
        key, config = _system_and_config()
        match = (
            Match.objects.filter(
                system=key, created_by=anna, seats__user=bruno, status=Match.Status.ACTIVE
            )
            .order_by("pk")
            .first()
        )
        if match is None:
            match = services.match_create(
                system=key, config=config, seat_users=[anna, bruno], created_by=anna
            )
            users = {0: anna, 1: bruno}
            system = get_system(key)
            for _ in range(MOVES):
                match.refresh_from_db()
                state = system.state_from_json(match.snapshot)
                seat = system.to_act(state)[0]
                services.match_submit_move(
                    match_id=match.pk,
                    user=users[seat],
                    move_data=system.legal_moves(state, seat)[0],
                    expected_version=match.version,
                )
        url = f"{settings.SITE_URL.rstrip('/')}/m/{match.pk}/"
        self.stdout.write(f"Demo match: {url}")
        self.stdout.write(f"Sign in as anna or bruno, password {PASSWORD}")
