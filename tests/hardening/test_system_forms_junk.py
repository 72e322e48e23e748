"""The game systems' own move forms (paintball's deployment by hand, the skirmish's orders,
Infinity's reactions and ambush) with forged and junk fields, posted by the seat to act and by
the other, plain and through htmx, at the current and a stale version: a refusal below 500,
nothing changed. (tests/hardening/test_fuzz_endpoints.py fuzzes the platform's move form.)"""

from __future__ import annotations

import pytest

from tests.fixtures import client_for
from tests.hardening.support import changed_tables, database_digest
from tests.hardening.test_move_attacks import _started

pytestmark = pytest.mark.django_db

JUNK = [
    {"expected_version": "x"},
    {"kind": "shoot", "model": ["zz", "", "a" * 5000], "target-zz": ["1", "x"]},
    {"kind": "flee_declaration", "model": ["m9"], "flee-m9": "on"},
    {
        "figure": ["b1", "r1", "zz"],
        "hex-b1": "999999999999999999999,1",
        "hex-r1": "x,y",
        "hex-zz": "1,1",
    },
    {"figure": ["r1"], "hex-r1": "-0,\u0661"},
    {
        "trooper": ["k1", "d2", "\x00"],
        "on_sight": "shoot",
        "weapon": "hmg",
        "max_range": "1e309",
        "on_template": "x",
    },
    {"trooper": "a1", "on_sight": "shoot", "weapon": "", "max_range": "-5"},
    {
        "trooper": ["a1", "d2"],
        "fire-a1": "hmg|zz",
        "within-a1": "NaN",
        "fire-d2": "||",
        "within-d2": "99999999999999999999999",
    },
]


@pytest.mark.parametrize(
    ("key", "form"),
    [
        ("paintball", "deploy"),
        ("skirmish", "orders"),
        ("infinity", "reactions"),
        ("infinity", "ambush"),
    ],
)
def test_junk_in_a_systems_own_move_form_is_refused_and_changes_nothing(key, form, make_user):
    match, players, seat, _move = _started(key, make_user, moves=1)
    for user in (players[seat], players[1 - seat]):
        client = client_for(user)
        for junk in JUNK:
            if form == "ambush" and "trooper" not in junk:
                continue  # an ambush form naming no trooper clears the triggers: a legal move
            for version in (match.version, match.version - 1):
                before = database_digest()
                for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                    body = {"expected_version": version, **junk}
                    response = client.post(f"/{key}/m/{match.pk}/{form}/", body, **headers)
                    refused = response.status_code in (302, 400, 409) or (
                        # the skirmish's orders answer htmx with their flash, retargeted
                        response.headers.get("HX-Retarget") == "#flash"
                        and 'class="message error"' in response.content.decode()
                    )
                    assert refused, (junk, response.status_code)
                assert not changed_tables(before, database_digest()), junk
