"""The world the endpoint fuzzer attacks, and the players who attack it (one per role).

Roles: "anonymous"; "player" (anna: to act in the match, a campaign player, a league member);
"other" (bruno: her opponent, another campaign player and league member); "organiser" (orga:
organises the campaign and the league, plays in no match); "spectator" (sam: watches the public
match, is invited to the private campaign and league but has not answered). A second, public
campaign and league hold "foreign" ids, to catch a view that takes an id from another place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.test import Client

from games.campaigns import services as campaigns
from games.league import services as league
from games.league.models import PairingGame, Registration
from games.matches.systems import options_form
from games.notifications.models import Notification
from tests.fixtures import make_player, new_match_form, start_match

ROLES = ("anonymous", "player", "other", "organiser", "spectator")
SIGNED_IN = frozenset(ROLES) - {"anonymous"}


@dataclass
class World:
    clients: dict[str, Client]
    ids: dict[str, int | str] = field(default_factory=dict)
    foreign: dict[str, list[str]] = field(default_factory=dict)
    digest: dict = field(default_factory=dict)  # the database as built, to compare against

    def __getitem__(self, key: str) -> str:
        return str(self.ids[key])


def _client(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def _campaign(organiser, players, *, is_public: bool):
    c = campaigns.campaign_create(
        organiser=organiser, name="Fuzz", systems=["neuroshima"], is_public=is_public
    )
    for user in players:
        campaigns.campaign_join(campaign_id=c.pk, user=user, invite_token=c.invite_token)
    campaigns.campaign_start(campaign_id=c.pk, user=organiser)
    a, b = (c.players.get(user=u) for u in players[:2])
    battle = campaigns.campaign_challenge(campaign_id=c.pk, user=players[0], opponent_id=b.pk)
    campaigns.campaign_accept(battle_id=battle.pk, user=players[1])
    return c, a, b, battle


def _league(organiser, players, *, is_public: bool):
    created = league.league_create(
        name="Fuzz league",
        created_by=organiser,
        system="claim",
        system_config={"hexes": 8},
        is_public=is_public,
    )
    season = league.season_open(league=created, actor=organiser)
    for user in players:
        league.league_join_by_link(token=created.invite_token, user=user)
        league.registration_create(season=season, user=user)
    league.season_start(season=season, actor=organiser)
    return created, season


def build_world() -> World:
    anna, bruno = make_player("anna"), make_player("bruno")
    orga, sam = make_player("orga"), make_player("sam")
    cleo, dave = make_player("cleo"), make_player("dave")
    make_player("eve")  # invitable by name
    world = World(
        clients={
            "anonymous": _client(),
            "player": _client(anna),
            "other": _client(bruno),
            "organiser": _client(orga),
            "spectator": _client(sam),
        }
    )
    ids = world.ids

    match = start_match(anna, bruno)
    open_match = start_match(bruno, None)
    hand = match.snapshot["hands"][0]
    ids.update(
        match=match.pk,
        version=match.version,
        legal_move=json.dumps({"type": "claim", "hex": 0, "tile": hand[0]}),
        open_match=open_match.pk,
        note=Notification.objects.create(user=anna, kind="turn", params={"title": "x"}).pk,
    )
    # Nobody's of the roles: a note of bruno's would be "other"'s own to mark read.
    foreign_note = Notification.objects.create(user=cleo, kind="turn", params={"title": "y"})

    c, a, b, battle = _campaign(orga, [anna, bruno], is_public=False)
    invitation = campaigns.campaign_invite_player(campaign_id=c.pk, user=orga, username="sam")
    ids.update(campaign=c.pk, pa=a.pk, pb=b.pk, battle=battle.pk, c_invitation=invitation.pk)
    c2, a2, _b2, battle2 = _campaign(cleo, [cleo, dave], is_public=True)

    closed, season = _league(orga, [anna, bruno, cleo, dave], is_public=False)
    l_invitation = league.league_invite(league=closed, actor=orga, username="sam")
    division = season.divisions.get()
    round2 = division.round_set.get(number=2)
    game = PairingGame.objects.filter(pairing__round__division=division).first()
    ids.update(
        league=closed.pk,
        season=season.pk,
        round2=round2.pk,
        game=game.pk,
        reg=Registration.objects.get(season=season, user=anna).pk,
        winner=game.seat_order[0],
        l_invitation=l_invitation.pk,
    )
    open_league, season2 = _league(cleo, [cleo, dave], is_public=True)
    # Their own announcements: a junk id that stood for one of them would remove it.
    _announcement(f"league:{season.pk}", orga)
    _announcement(f"campaign:{c.pk}", orga)
    foreign_game = PairingGame.objects.filter(pairing__round__division__season=season2).first()
    world.foreign = {
        "note": [str(foreign_note.pk)],
        "campaign_player": [str(a2.pk)],
        "battle": [str(battle2.pk)],
        "registration": [str(r.pk) for r in season2.registrations.all()],
        "round": [str(r.pk) for r in season2.divisions.get().round_set.all()],
        "game": [str(foreign_game.pk)],
        "invitation": [str(invitation.pk + 1000)],
        "league": [str(open_league.pk)],
        "announcement": [
            str(_announcement(f"league:{season2.pk}", cleo)),
            str(_announcement(f"campaign:{c2.pk}", cleo)),
        ],
    }
    return world


def _announcement(competition: str, author) -> int:
    from games.announcements.models import Announcement

    return Announcement.objects.create(
        competition=competition, author=author, text="Finale samedi", token=f"w-{competition}"
    ).pk


def lobby_form() -> dict[str, str]:
    """The lobby's "new match" form as the page fills it in (Neuroshima Hex, two players)."""
    data = new_match_form("neuroshima", seat_1="open", seat_2="open", seat_3="open")
    form = options_form("neuroshima", None, seats=2)
    for name, bound in form.fields.items():
        initial = form.get_initial_for_field(bound, name)
        if initial not in (None, ""):
            data[form.add_prefix(name)] = str(initial).lower() if initial is True else str(initial)
    return data
