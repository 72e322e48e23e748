"""`manage.py demo [--system KEY]`: two players (anna, bruno) and a match between them in
progress, of the given registered system (default: the first one). Idempotent: running it again
reuses the players and the match."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.engine.registry import get_system, system_keys
from games.matches import services
from games.matches.models import Match

PASSWORD = "hexsite-demo"
MOVES = 4


def play_moves(match: Match, users, moves: int, *, pick=lambda legal: legal[0], until=None):
    """Up to `moves` moves through match_submit_move, each `pick(legal moves)` (the first one
    unless told) of whoever must act (`users[seat]`); stops early when the match ends or
    `until(state)` holds. The demo plays its opening this way, and tests bring a match to a
    position with it (a setup's first offers, random moves)."""
    system = get_system(match.system)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = system.state_from_json(match.snapshot)
        if until is not None and until(state):
            break
        seat = system.to_act(state)[0]
        services.match_submit_move(
            match_id=match.pk,
            user=users[seat],
            move_data=pick(system.legal_moves(state, seat)),
            expected_version=match.version,
        )
    match.refresh_from_db()
    return match


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


class Command(BaseCommand):
    help = "Creates the demo players anna and bruno and a match in progress between them."

    def add_arguments(self, parser):
        parser.add_argument(
            "--system",
            choices=system_keys(),
            default=system_keys()[0],
            help="The game system of the demo match (default: %(default)s).",
        )

    def handle(self, *args, **options):
        anna, bruno = demo_user("anna"), demo_user("bruno")
        key = options["system"]
        # The system's own defaults for two players (random armies, sides...).
        config = get_system(key).validate_config({}, 2)
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
            play_moves(match, {0: anna, 1: bruno}, MOVES)
        url = f"{settings.SITE_URL.rstrip('/')}/m/{match.pk}/"
        self.stdout.write(f"Demo match: {url}")
        self.stdout.write(f"Sign in as anna or bruno, password {PASSWORD}")
