"""Every form and JSON endpoint of the site, with what makes each field's value invalid.

An `Endpoint` names the roles for whom its base form would be accepted (`allowed`): those get at
least one field replaced by junk that is invalid *by construction* (a choice outside the
choices, an id that cannot be one of this place's ids, a required text left empty or holding
NUL, malformed or absurd JSON...), so every request the fuzzer sends must be refused. Other
roles get the base form or junk alike: they must be refused anyway.

`kind` says what refused means:
- "refuse": a 4xx page with a readable reason (anonymous: the sign-in redirect), nothing changed;
- "view": a page that only reads (the analysis board): any status below 500, nothing changed;
- "third": django-allauth's and Django's own forms (sign-in, sign-up, password reset, language):
  they answer invalid input with 200 + errors or a redirect; below 500 and nothing changed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import strategies as st

from tests.hardening.fuzz_junk import (
    NOT_AN_ID,
    SLUG,
    TIME_ZONES,
    json_values,
    junk_choice,
    junk_id,
    junk_json,
    junk_number,
    junk_required_text,
    junk_seat,
)
from tests.hardening.fuzz_world import ROLES, SIGNED_IN, World, lobby_form
from tests.neuroshima_site.test_pages import POSITION

# --- endpoints ------------------------------------------------------------------------------------

# A user name nobody has in the world (fuzz_world's players are all 3-5 letters long).
NOBODY = st.sampled_from(["nobody", "-", "ghost_", "zz"]) | SLUG.filter(lambda s: len(s) > 5)


@dataclass(frozen=True)
class Endpoint:
    name: str
    url: Callable[[World, str], str]  # (world, junk path part or "") -> address
    base: Callable[[World], dict[str, str]] = lambda w: {}
    junk: Callable[[World], dict] = lambda w: {}  # field -> strategy; "_path": the address
    allowed: frozenset[str] = frozenset()
    kind: str = "refuse"
    login_required: bool = True
    extra: dict = field(default_factory=dict)


def _m(suffix: str) -> Callable[[World, str], str]:
    return lambda w, p: f"/m/{w['match']}/{suffix}"


def _c(suffix: str) -> Callable[[World, str], str]:
    return lambda w, p: f"/campaigns/{w['campaign']}/{suffix}"


def _battle(suffix: str) -> Callable[[World, str], str]:
    return lambda w, p: f"/campaigns/{w['campaign']}/battles/{w['battle']}/{suffix}"


def _manage(action: str) -> Callable[[World, str], str]:
    return lambda w, p: f"/leagues/seasons/{w['season']}/manage/{action or p}/"


OBJECTIVES = ("expansion", "invasion", "all_or_nothing", "raid")
ORGANISER = frozenset({"organiser"})
LOGGED = SIGNED_IN


def _organiser(action: str, base: Callable[[World], dict], junk: Callable[[World], dict]):
    return Endpoint(
        f"campaign organiser: {action}",
        _c("organiser/"),
        base=lambda w: {"action": action, **base(w)},
        junk=junk,
        allowed=ORGANISER,
    )


def _announcements(owner: str, home: Callable[[World], str], token: str) -> list[Endpoint]:
    """The organiser's announcement form of a campaign or a season (`home`: its address) and
    its button that removes one."""
    return [
        Endpoint(
            f"{owner} announcement",
            lambda w, p: f"{home(w)}/announce/",
            base=lambda w: {"text": "Finale samedi", "token": token},
            junk=lambda w: {
                "text": junk_required_text(2000),
                "token": st.sampled_from(["", " ", "k" * 65]),
            },
            allowed=ORGANISER,
        ),
        Endpoint(
            f"{owner} announcement: remove",
            lambda w, p: f"{home(w)}/announcements/{p}/remove/",
            junk=lambda w: {"_path": junk_id(*w.foreign["announcement"])},
            allowed=ORGANISER,
        ),
    ]


def _manage_form(action: str, base, junk, allowed=ORGANISER):
    return Endpoint(f"league manage: {action}", _manage(action), base, junk, allowed)


ENDPOINTS: list[Endpoint] = [
    # --- matches ------------------------------------------------------------------------------
    Endpoint(
        "new match",
        lambda w, p: "/new/",
        base=lambda w: lobby_form(),
        junk=lambda w: {
            "system": junk_choice("neuroshima"),
            "players": junk_choice("2", "3", "4"),
            "days_per_move": junk_number(1, 14),
            "bank_increment_hours": junk_number(0, 48),
            "bank_max_days": junk_number(0, 30),
            "seat_1": junk_choice("open", "invite", "computer-easy", "computer", "computer-hard"),
        },
        allowed=LOGGED,
    ),
    Endpoint(
        "move",
        _m("move"),
        base=lambda w: {"move": w["legal_move"], "expected_version": w["version"], "seat": "0"},
        junk=lambda w: {
            "move": junk_json(),
            "expected_version": junk_id("0"),
            "seat": junk_seat(1),  # the other player's, or none at all
        },
        allowed=frozenset({"player"}),
    ),
    Endpoint("take back", _m("takeback"), base=lambda w: {"expected_version": w["version"]}),
    Endpoint("resign", _m("resign"), allowed=frozenset({"player", "other"})),
    Endpoint("offer a draw", _m("draw/offer"), allowed=frozenset({"player", "other"})),
    Endpoint(
        "answer a draw",
        lambda w, p: f"/m/{w['match']}/draw/{p}",
        junk=lambda w: {"_path": st.sampled_from(["accept", "decline"]) | SLUG},
    ),
    Endpoint(
        "chat",
        _m("chat"),
        base=lambda w: {"text": "good luck"},
        junk=lambda w: {"text": junk_required_text(2000)},
        allowed=frozenset({"player", "other"}),
    ),
    Endpoint(  # a player's own notes (none saved yet: version 0); empty notes are valid
        "notes",
        _m("notes/"),
        base=lambda w: {"text": "plan", "version": "0"},
        junk=lambda w: {
            "text": st.one_of(
                st.text(max_size=20).map(lambda s: s + "\x00"),
                st.integers(min_value=4001, max_value=9000).map(lambda n: "x" * n),
            ),
            "version": st.one_of(
                st.sampled_from([x for x in NOT_AN_ID if x != "0"]),
                st.integers(min_value=1, max_value=10**9).map(str),
            ),
        },
        allowed=frozenset({"player", "other"}),
    ),
    Endpoint(  # the match is under way: nobody's challenge waits in it
        "answer a challenge",
        lambda w, p: f"/m/{w['match']}/challenge/{p}",
        junk=lambda w: {"_path": st.sampled_from(["accept", "decline", "withdraw"]) | SLUG},
    ),
    Endpoint(
        "join a listed seat",
        lambda w, p: f"/m/{w['open_match']}/join",
        junk=lambda w: {"seat": junk_seat(0)},  # the seat already taken, or none at all
        allowed=frozenset({"player", "organiser", "spectator"}),
    ),
    Endpoint(
        "invite link of a match",
        lambda w, p: f"/m/{w['open_match']}/join/{p}",
        junk=lambda w: {"_path": SLUG},
        login_required=False,
    ),
    # --- accounts and inbox -------------------------------------------------------------------------
    *(
        Endpoint(
            f"{action} a player who does not exist",
            lambda w, p, action=action: f"/me/u/{p}/{action}",
            base=lambda w: {"reason": "spam"},
            junk=lambda w: {"_path": NOBODY},
        )
        for action in ("follow", "unfollow", "block", "unblock", "report")
    ),
    Endpoint(
        "settings",
        lambda w, p: "/me/settings/",
        base=lambda w: {
            "display_name": "Fuzzy",
            "language": "en",
            "time_zone": "Europe/Paris",
            "notify_turn": "each",
            "deadline_reminders": "on",
            "weekend_pause": "on",
            "discord_webhook_url": "",
        },
        junk=lambda w: {
            # What a checkbox sends, whatever its case, is no junk (forms.CheckboxField).
            "weekend_pause": junk_choice("on").filter(
                lambda s: s.lower() not in ("on", "true", "1", "", "off", "false", "0")
            ),
            "display_name": junk_required_text(40).filter(lambda s: s.strip() != ""),
            "language": junk_choice("fr", "en"),
            "time_zone": junk_choice(*TIME_ZONES),
            "notify_turn": junk_choice("each", "digest", "none"),
            "discord_webhook_url": st.sampled_from(
                [
                    "http://discord.com/api/webhooks/1/x",
                    "https://127.0.0.1/hook",
                    "https://[::1]/api/webhooks/1/x",
                    "https://169.254.169.254/latest/",
                    "https://discord.com.evil.example/api/webhooks/1/x",
                    "javascript:alert(1)",
                    "https://discord.com:0/api/webhooks/",
                    "https://discord.com/api/webhooks/\x00",
                ]
            ),
        },
        allowed=LOGGED,
    ),
    Endpoint(
        "vacation",
        lambda w, p: "/me/vacation/change/",
        base=lambda w: {"action": "start", "days": "3"},
        junk=lambda w: {"action": junk_choice("start", "stop"), "days": junk_number(1, 30)},
        allowed=LOGGED,
    ),
    Endpoint(  # never the right password: no role's form is accepted, every one refused
        "delete my account",
        lambda w, p: "/me/settings/delete/",
        base=lambda w: {"password": "not-the-password", "username": "anna"},
        junk=lambda w: {
            "password": junk_required_text(200),
            "username": st.sampled_from(["", "nobody", "bruno", "anna\x00"]),
        },
    ),
    Endpoint(
        "mark a notification read",
        lambda w, p: "/notifications/read/",
        base=lambda w: {"id": w["note"]},
        junk=lambda w: {"id": junk_id(*w.foreign["note"]).filter(lambda s: s != "")},
        allowed=frozenset({"player"}),
    ),
]

CAMPAIGN_FORM = {
    "name": "Fuzz war",
    "description": "",
    "systems": "neuroshima",
    "rounds": "6",
    "round_length_days": "14",
    "is_public": "on",
}

ENDPOINTS += [
    # --- campaigns ------------------------------------------------------------------------------
    Endpoint(
        "new campaign",
        lambda w, p: "/campaigns/",
        base=lambda w: dict(CAMPAIGN_FORM),
        junk=lambda w: {
            "name": junk_required_text(80),
            "systems": junk_choice("neuroshima"),
            "rounds": junk_number(1, 52),
            "round_length_days": junk_number(1, 60),
        },
        allowed=LOGGED,
    ),
    Endpoint(
        "join a campaign",
        _c("join/"),
        base=lambda w: {"invite_token": ""},
        allowed=frozenset({"organiser", "spectator"}),  # the organiser, and sam (invited)
    ),
    Endpoint(
        "challenge",
        _c("challenge/"),
        base=lambda w: {"opponent": w["pb"]},
        junk=lambda w: {"opponent": junk_id(*w.foreign["campaign_player"])},
    ),
    Endpoint(
        "answer a challenge",
        _battle("respond/"),
        base=lambda w: {"answer": "accept"},
        junk=lambda w: {"answer": junk_choice()},
    ),
    Endpoint(
        "declare an objective",
        _battle("declare/"),
        base=lambda w: {"objective": "raid"},
        junk=lambda w: {"objective": junk_choice(*OBJECTIVES)},
        allowed=frozenset({"player", "other"}),
    ),
    Endpoint(
        "choose territories",
        _battle("choose/"),
        base=lambda w: {"choice": "1", "territory": "1"},
        junk=lambda w: {"choice": junk_id(), "territory": junk_id()},
    ),
    Endpoint(
        "campaign organiser: unknown action",
        _c("organiser/"),
        junk=lambda w: {"action": junk_choice(*ORGANISER_ACTIONS)},
    ),
    *(
        _organiser(action, lambda w: {}, lambda w: {})
        for action in ("start", "pause", "resume", "advance", "pair_round", "new_link")
    ),
    _organiser(
        "remove",
        lambda w: {"player": w["pa"], "reason": "gone"},
        lambda w: {"player": junk_id(*w.foreign["campaign_player"])},
    ),
    _organiser(
        "extend",
        lambda w: {"battle": w["battle"], "hours": "24"},
        lambda w: {"battle": junk_id(*w.foreign["battle"]), "hours": junk_number(1, 720)},
    ),
    _organiser(
        "correct",
        lambda w: {"battle": w["battle"], "winner": "a", "reason": "typo"},
        lambda w: {"battle": junk_id(*w.foreign["battle"]), "winner": junk_choice("a", "b")},
    ),
    _organiser(
        "pair",
        lambda w: {"player_a": w["pa"], "player_b": w["pb"]},
        lambda w: {
            "player_a": junk_id(*w.foreign["campaign_player"]),
            "player_b": junk_id(*w.foreign["campaign_player"]),
        },
    ),
    _organiser(
        "invite",
        lambda w: {"username": "eve"},
        lambda w: {"username": st.sampled_from(["", "nobody", "anna", "orga", "a\x00"])},
    ),
    _organiser(
        "revoke_invitation",
        lambda w: {"invitation": w["c_invitation"]},
        lambda w: {"invitation": junk_id(*w.foreign["invitation"])},
    ),
    Endpoint(
        "answer a campaign invitation",
        _c("invitation/"),
        base=lambda w: {"answer": "accept"},
        junk=lambda w: {"answer": junk_choice("accept", "decline")},
        allowed=frozenset({"spectator"}),
    ),
    *_announcements("campaign", lambda w: f"/campaigns/{w['campaign']}", "fuzz-announce-c"),
    # --- league -----------------------------------------------------------------------------------
    Endpoint(
        "new league",
        lambda w, p: "/leagues/new/",
        base=lambda w: {
            "name": "Fuzz cup",
            "preset": "",
            "system": "neuroshima",
            "default_format": "rr1",
            "default_swiss_rounds": "5",
            "division_size": "8",
            "is_public": "on",
            "vacation_policy": "allowed",
            "withdrawal_policy": "forfeit_remaining",
        },
        junk=lambda w: {
            "name": junk_required_text(100),
            "preset": junk_choice("neuroduel", ""),
            "default_format": junk_choice("rr1", "rr2", "swiss"),
            "default_swiss_rounds": junk_number(1, 30),
            "division_size": junk_number(2, 64),
            "vacation_policy": junk_choice("allowed", "organiser", "forbidden"),
        },
        allowed=LOGGED,
    ),
    Endpoint(
        "open a season",
        lambda w, p: f"/leagues/{w['league']}/open-season/",
        base=lambda w: {"round_days": "7"},
        junk=lambda w: {
            "round_days": junk_number(1, 14),
            "signup_closes": st.sampled_from(["tomorrow", "2031-13-45T99:99", "\x00", "0"]),
        },
        allowed=ORGANISER,
        login_required=False,
    ),
    Endpoint(
        "sign up for a season",
        lambda w, p: f"/leagues/seasons/{w['season']}/signup/",
        base=lambda w: {"action": "join"},
        junk=lambda w: {"action": junk_choice("leave") | st.just("rejoin")},
    ),
    Endpoint(
        "league manage: unknown action",
        _manage(""),
        junk=lambda w: {"_path": SLUG.filter(lambda s: s not in MANAGE_ACTIONS)},
        login_required=False,
    ),
    _manage_form("start", lambda w: {}, lambda w: {}, allowed=frozenset()),
    _manage_form("close", lambda w: {}, lambda w: {}),
    _manage_form(
        "publish",
        lambda w: {"round": w["round2"]},
        lambda w: {"round": junk_id(*w.foreign["round"])},
    ),
    _manage_form(
        "substitute",
        lambda w: {"registration": w["reg"], "new_username": "eve", "reason": "moved away"},
        lambda w: {
            "registration": junk_id(*w.foreign["registration"]),
            "new_username": st.sampled_from(["", "nobody", "a\x00b"]),
            "reason": junk_required_text(500),
        },
    ),
    _manage_form(
        "disqualify",
        lambda w: {"registration": w["reg"], "reason": "absent"},
        lambda w: {
            "registration": junk_id(*w.foreign["registration"]),
            "reason": junk_required_text(500),
        },
    ),
    _manage_form(
        "deadline",
        lambda w: {"round": w["round2"], "deadline": "2031-01-01T10:00", "reason": "holidays"},
        lambda w: {
            "round": junk_id(*w.foreign["round"]),
            "deadline": st.sampled_from(["", "soon", "2031-02-30T10:00", "99999-01-01T00:00"]),
            "reason": junk_required_text(500),
        },
    ),
    _manage_form(
        "adjust",
        lambda w: {"game": w["game"], "winner": w["winner"], "reason": "agreed"},
        lambda w: {
            "game": junk_id(*w.foreign["game"]),
            "winner": junk_id(*w.foreign["registration"]).filter(lambda s: s.strip() != ""),
            "reason": junk_required_text(500),
        },
    ),
    *_announcements("season", lambda w: f"/leagues/seasons/{w['season']}", "fuzz-announce"),
    Endpoint(
        "answer a league invitation",
        lambda w, p: f"/leagues/{w['league']}/invitation/",
        base=lambda w: {"answer": "accept"},
        junk=lambda w: {"answer": junk_choice("accept", "decline")},
        allowed=frozenset({"spectator"}),
    ),
    Endpoint(
        "league invitations: invite",
        lambda w, p: f"/leagues/{w['league']}/invitations/",
        base=lambda w: {"action": "invite", "username": "eve"},
        junk=lambda w: {"username": st.sampled_from(["", "nobody", "anna", "orga", "x\x00"])},
        allowed=ORGANISER,
        login_required=False,
    ),
    Endpoint(
        "league invitations: withdraw",
        lambda w, p: f"/leagues/{w['league']}/invitations/",
        base=lambda w: {"action": "revoke", "invitation": w["l_invitation"]},
        junk=lambda w: {"invitation": junk_id(*w.foreign["invitation"])},
        allowed=ORGANISER,
        login_required=False,
    ),
    Endpoint(
        "league invitations: new link",
        lambda w, p: f"/leagues/{w['league']}/invitations/",
        base=lambda w: {"action": "new_link"},
        allowed=ORGANISER,
        login_required=False,
    ),
    Endpoint(
        "league invitations: unknown action",
        lambda w, p: f"/leagues/{w['league']}/invitations/",
        junk=lambda w: {"action": junk_choice("invite", "revoke", "new_link")},
        login_required=False,
    ),
    Endpoint(
        "league invitation link",
        lambda w, p: f"/leagues/join/{p}/",
        junk=lambda w: {"_path": SLUG},
        login_required=False,
    ),
    # --- Neuroshima's analysis board: reads only -----------------------------------------------------
    Endpoint(
        "analysis board",
        lambda w, p: "/neuroshima/analysis/",
        base=lambda w: {"data": ANALYSIS_POSITION, "run": "1", "step": "1"},
        junk=lambda w: {
            "data": junk_json() | st.lists(json_values, max_size=5).map(record_with),
            "step": junk_id(),
            "battle": junk_id(),
        },
        allowed=frozenset(ROLES),  # always some junk in the data
        kind="view",
        login_required=False,
    ),
    # --- django-allauth and Django's own forms --------------------------------------------------------
    Endpoint(
        "sign in",
        lambda w, p: "/accounts/login/",
        junk=lambda w: {"login": junk_choice(), "password": st.text(max_size=30)},
        kind="third",
        login_required=False,
    ),
    Endpoint(
        "sign up",
        lambda w, p: "/accounts/signup/",
        base=lambda w: {"email": "x@example.org", "username": "newbie", "password1": "a-b-c-d-1"},
        junk=lambda w: {
            "email": junk_choice(),
            "username": junk_choice(),
            "password1": st.text(max_size=30),
        },
        kind="third",
        login_required=False,
        extra={"password2": "never-the-same-as-password1 \x01"},
    ),
    Endpoint(
        "password reset",
        lambda w, p: "/accounts/password/reset/",
        junk=lambda w: {"email": junk_choice()},
        kind="third",
        login_required=False,
    ),
    Endpoint(
        "language",
        lambda w, p: "/i18n/setlang/",
        junk=lambda w: {"language": junk_choice(), "next": junk_choice()},
        kind="third",
        login_required=False,
    ),
]

ORGANISER_ACTIONS = (
    *("start", "pause", "resume", "advance", "pair_round", "pair", "extend", "correct"),
    *("remove", "invite", "new_link", "revoke_invitation"),
)
MANAGE_ACTIONS = {"start", "close", "publish", "substitute", "disqualify", "deadline", "adjust"}
ANALYSIS_POSITION = json.dumps(POSITION)


def record_with(events: list) -> str:
    return json.dumps({"moves": [], "position": json.loads(ANALYSIS_POSITION), "events": events})
