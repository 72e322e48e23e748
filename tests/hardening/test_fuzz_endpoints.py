"""Property test: every form and JSON endpoint, for every role, refuses junk with a 4xx page
that says why, and the database is unchanged (reliability review, finding 7; issue 15, item 5).

Each Hypothesis example is one sweep over the catalogue (tests/hardening/fuzz_catalogue.py):
every endpoint, tried by every role (anonymous, player, other player, organiser, spectator)
with junk drawn for its fields (plus stray fields, with and without htmx). Each request runs
in a savepoint that is rolled back, and the whole database (every model's rows, the job queue
included, minus read marks) is compared with the world's: a refused request changes nothing.
Shrinking is off: each failure names its endpoint, role and form, which is what one needs.
"""

from __future__ import annotations

import os
import string
from urllib.parse import quote

import pytest
from django.db import DatabaseError, transaction
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.hardening.fuzz_catalogue import ENDPOINTS, Endpoint
from tests.hardening.fuzz_junk import SLUG, junk_id
from tests.hardening.fuzz_world import ROLES, World, build_world
from tests.hardening.support import changed_tables, database_digest

pytestmark = pytest.mark.django_db

# What a page says when it refuses: a form error, a message, an alert, or an error page.
READABLE = ('class="errorlist', 'class="message error"', 'role="alert"', 'id="refusal-title"')
# Two sweeps in CI (about a minute on a busy machine); HEXSITE_FUZZ_SWEEPS=20 searches longer.
SWEEPS = settings(
    max_examples=int(os.environ.get("HEXSITE_FUZZ_SWEEPS", "2")),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def world() -> World:
    built = build_world()
    built.digest = database_digest()
    return built


def _draw_request(data, world: World, endpoint: Endpoint, role: str):
    junk = endpoint.junk(world)
    fields = [f for f in sorted(junk) if f != "_path"]
    must = role in endpoint.allowed  # the base form would be accepted: corrupt it
    chosen = (
        data.draw(st.lists(st.sampled_from(fields), unique=True, min_size=int(must)))
        if fields
        else []
    )
    form = endpoint.base(world)
    stray = data.draw(
        st.dictionaries(
            st.text(string.ascii_lowercase, min_size=1, max_size=8),
            st.text(max_size=10),
            max_size=2,
        )
    )
    form |= {k: v for k, v in stray.items() if k not in form and k not in junk}
    form |= {f: data.draw(junk[f]) for f in chosen}
    form |= endpoint.extra
    path = data.draw(junk["_path"]) if "_path" in junk else ""
    return form, path, data.draw(st.booleans())


def _send(world: World, endpoint: Endpoint, role: str, form: dict, path: str, htmx: bool):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    with transaction.atomic():
        response = world.clients[role].post(endpoint.url(world, path), form, **headers)
        try:
            after = database_digest()
        except DatabaseError as error:  # the request broke the transaction: report it below
            after = error
        transaction.set_rollback(True)
    return response, after


def _readable(response) -> bool:
    body = response.content.decode(errors="replace")
    return any(marker in body for marker in READABLE)


def check(world: World, endpoint: Endpoint, role: str, form, path, response, after) -> None:
    where = f"{endpoint.name!r} as {role}, path {path!r}, form {str(form)[:300]}"
    status = response.status_code
    assert status < 500, f"HTTP {status}: {where}"
    assert not isinstance(after, Exception), f"{after}: {where}"
    assert changed_tables(world.digest, after) == [], f"changed the database: {where}"
    if endpoint.kind == "third":
        return
    if endpoint.kind == "view":
        assert status < 400 or _readable(response), f"unreadable {status}: {where}"
        return
    if role == "anonymous" and endpoint.login_required and status == 302:
        assert response["Location"].startswith("/accounts/login/"), where  # sign in first
        return
    assert 400 <= status < 500, f"accepted (HTTP {status}): {where}"
    assert _readable(response), f"refused without a reason (HTTP {status}): {where}"


def _roles(endpoint: Endpoint, world: World) -> list[str]:
    """Every role, except those for whom the endpoint has nothing to corrupt and would accept."""
    corruptible = any(f != "_path" for f in endpoint.junk(world)) or "_path" in endpoint.junk(world)
    return [r for r in ROLES if r not in endpoint.allowed or corruptible]


# The endpoints in a few groups, each swept on its own: one example drawing junk for every role of
# every endpoint outgrew what Hypothesis lets an example draw (it then generates none at all).
GROUPS = 4


@pytest.mark.parametrize("group", range(GROUPS))
@SWEEPS
@given(data=st.data())
def test_every_endpoint_refuses_junk_for_every_role_and_changes_nothing(world, data, group):
    for endpoint in ENDPOINTS[group::GROUPS]:
        for role in _roles(endpoint, world):
            form, path, htmx = _draw_request(data, world, endpoint, role)
            response, after = _send(world, endpoint, role, form, path, htmx)
            check(world, endpoint, role, form, path, response, after)


# --- pages that read: query strings and addresses -------------------------------------------------


def _pages(world: World, data) -> list[tuple[str, dict]]:
    """(address, query) pairs: the site's reading pages with junk in their query strings and
    in the parts of their addresses that come from the visitor."""
    m, c, lg = world["match"], world["campaign"], world["league"]
    text = st.text(max_size=40)
    name = quote(data.draw(SLUG | st.text(min_size=1, max_size=12)), safe="")
    number = junk_id() | st.integers(min_value=0, max_value=10**30).map(str)
    return [
        (f"/m/{m}/", {"tile": data.draw(text), "hex": data.draw(junk_id())}),
        (f"/m/{m}/live", {"until_start": data.draw(text)}),
        (f"/m/{m}/since/", {}),
        (f"/m/{m}/steps/{data.draw(st.integers(min_value=0, max_value=10**30))}/", {}),
        (f"/m/{m}/replay/", {"ply": data.draw(number)}),
        (f"/m/{m}/record.json", {}),
        (f"/campaigns/{c}/", {"part": data.draw(text | st.sampled_from(["map", "feed"]))}),
        (f"/campaigns/{c}/battles/{world['battle']}.json", {}),
        (f"/leagues/{lg}/", {}),
        (f"/leagues/players/{name}/", {}),
        (f"/me/u/{name}/", {}),
        ("/neuroshima/analysis/", {"data": data.draw(text)}),
        ("/notifications/", {"page": data.draw(text)}),
        ("/games/", {data.draw(SLUG): data.draw(text)}),
        ("/games/next/", {"after": data.draw(number)}),
        ("/new/", {"opponent": data.draw(text), "system": data.draw(text)}),
        ("/me/players/", {"q": data.draw(text), "page": data.draw(number)}),
        ("/me/players/following/", {"page": data.draw(number)}),
        ("/", {"next": data.draw(text)}),
    ]


@SWEEPS
@given(data=st.data())
def test_pages_that_read_never_fail_on_junk_query_strings(world, data):
    for url, query in _pages(world, data):
        for role in ROLES:
            htmx = data.draw(st.booleans())
            headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "board"} if htmx else {}
            with transaction.atomic():
                response = world.clients[role].get(url, query, **headers)
                after = database_digest()
                transaction.set_rollback(True)
            where = f"GET {url!r} {str(query)[:200]} as {role}"
            assert response.status_code < 500, f"HTTP {response.status_code}: {where}"
            assert changed_tables(world.digest, after) == [], f"changed the database: {where}"
            if response.status_code >= 400:
                assert _readable(response), f"unreadable {response.status_code}: {where}"
