"""Hidden information never reaches a browser that may not see it (issue 18; spec Part D.3): the
other side's Lieutenant, its reaction policies and its hidden trooper stay out of its opponent's
and a spectator's HTML, htmx partials and history pages, while its owner sees them."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.matches import shown_parts
from games.matches.models import Match
from tests.infinity_site.conftest import HIDDEN, acting, deployed_match

pytestmark = pytest.mark.django_db


def pages(client: Client, match: Match) -> str:
    """Every page a reader may open on the match: the page, its htmx partial, the history
    pages (every step of every order of the step viewer; the replay, a 404 until the end)."""
    out = []
    for url, headers in (
        (f"/m/{match.pk}/", {}),
        (f"/m/{match.pk}/", {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "board"}),
        (f"/m/{match.pk}/since/", {}),
        (f"/m/{match.pk}/replay/", {}),
        *((url, {}) for url in step_urls(client, match)),
    ):
        for language in ("fr", "en"):
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)
            assert response.status_code in (200, 404), url
            out.append(response.content.decode())
    return "\n".join(out)


def pushed(match: Match, user=None, *, changes: int = 1) -> str:
    """What the websocket pushes `user` (None: a spectator), in English, for the match's last
    `changes` versions: the same partials as its page's."""
    from django.contrib.auth.models import AnonymousUser

    from games.matches.pushes import match_changes_for_socket

    scope = {"user": user or AnonymousUser(), "headers": [(b"accept-language", b"en")]}
    found = match_changes_for_socket(scope=scope, match_id=match.pk, since=match.version - changes)
    assert found is not None
    return found[1]


def step_urls(client: Client, match: Match) -> list[str]:
    """Each step of each order of the step viewer, as its pager and stepper link them."""
    last = client.get(f"/m/{match.pk}/steps/")
    if last.status_code == 404:  # nothing to step through yet
        return [f"/m/{match.pk}/steps/"]
    html = last.content.decode()
    orders = {int(n) for n in re.findall(rf"/m/{match.pk}/steps/(\d+)/", html)} or {1}
    urls = []
    for n in sorted(orders):
        page = client.get(f"/m/{match.pk}/steps/{n}/").content.decode()
        count = int(re.search(r'data-count="(\d+)"', page)[1])  # type: ignore[index]
        urls += [f"/m/{match.pk}/steps/{n}/?step={k}" for k in range(count)]
    return urls


def client_for(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_the_other_sides_secrets_stay_out_of_every_page(players, make_user):
    match = deployed_match(players)
    _, state, _ = acting(match)
    hex_ = state.trooper(HIDDEN).hex
    owner = pages(client_for(players[1]), match)
    # The owner sees its hidden Domaru, its Lieutenant marked, and could see the strings below.
    assert f'data-testid="trooper-{HIDDEN}"' in owner
    assert "lieutenant" in owner
    for reader in (client_for(players[0]), client_for(make_user("inf_carla")), client_for()):
        html = pages(reader, match)
        assert f'data-testid="trooper-{HIDDEN}"' not in html
        assert not re.search(rf'data-testid="trooper-[^"]+" data-hex="{hex_[0]},{hex_[1]}"', html)
        assert "jsa.keisotsu.lt" not in html
        for tid in ("k1", "k2", "k3", "d1", "d2"):  # the JSA's policies
            assert f"&quot;{tid}&quot;: {{&quot;on_sight" not in html
            assert f'"{tid}": {{"on_sight' not in html and f'"{tid}":{{"on_sight' not in html
        assert 'class="trooper seat-1 state-normal lieutenant' not in html
        assert "trooper seat-1 state-normal linked lieutenant" not in html


def _flash(client: Client, match: Match, move: str) -> str:
    response = client.post(
        f"/m/{match.pk}/move",
        {"move": move, "expected_version": match.version},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    return html.split('id="flash"')[1].split("</div>")[0]


def test_a_refused_move_tells_nothing_of_a_hidden_trooper(players):
    """Shooting at the hidden Domaru is refused exactly as shooting at nobody."""
    match = deployed_match(players)
    client = client_for(players[0])
    hidden = _flash(client, match, '{"type": "order", "seat": 0, "trooper": "d2"}')
    nobody = _flash(client, match, '{"type": "order", "seat": 0, "trooper": "zz9"}')
    assert hidden == nobody and "error" in hidden


def _set_reaction(client: Client, match: Match, tid: str, distance: int) -> str:
    """The owner's reactions form (htmx): `tid` opens fire with its HMG up to `distance`."""
    response = client.post(
        f"/infinity/m/{match.pk}/reactions/",
        {
            "trooper": tid,
            "on_sight": "shoot",
            "weapon": "hmg",
            "max_range": str(distance),
            "on_template": "pass",
            "expected_version": match.version,
        },
        HTTP_ACCEPT_LANGUAGE="en",
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    match.refresh_from_db()
    return response.content.decode()


# What the owners' panels say: a1 (Corregidor) up to 12 hexes, k5 (JSA) up to 16.
A1_WORDS = ("(HMG) up to 12 hexes", "(Mitrailleuse) jusqu'à 12 hexagones")
K5_WORDS = ("(HMG) up to 16 hexes", "(Mitrailleuse) jusqu'à 16 hexagones")


def _none_of(html: str, seat: int) -> None:
    """No trace of `seat`'s reactions or ambush in `html`."""
    ids = ("a", "b") if seat == 0 else ("k", "d")
    for tid in ids:
        assert f'data-testid="reaction-words-{tid}' not in html
        assert f'data-testid="reaction-form-{tid}' not in html
    for words in A1_WORDS if seat == 0 else K5_WORDS:
        assert words not in html
    if seat == 1:
        assert "ambush-words-" not in html and "ambush-form" not in html
        assert "Hidden deployment: reveals itself" not in html
        assert "Déploiement Caché : se révèle" not in html


def test_a_seats_reactions_and_ambush_stay_out_of_the_other_seats_and_spectators_pages(
    players, make_user
):
    match = deployed_match(players)
    owner = client_for(players[0])
    _set_reaction(owner, match, "a1", 12)
    mine = pages(owner, match)
    assert 'data-testid="reaction-words-a1"' in mine and A1_WORDS[0] in mine
    _none_of(mine, 1)
    theirs = pages(client_for(players[1]), match)
    assert f'data-testid="ambush-words-{HIDDEN}"' in theirs  # the JSA reads its own ambush
    _none_of(theirs, 0)
    for reader in (client_for(make_user("inf_dora")), client_for()):
        html = pages(reader, match)
        assert 'data-testid="reactions"' not in html
        _none_of(html, 0)
        _none_of(html, 1)


def test_pushed_partials_and_move_answers_carry_only_the_readers_own_reactions(players, make_user):
    from games.matches.pushes import match_changes_for_socket

    match = deployed_match(players)
    owner = client_for(players[0])
    answer = _set_reaction(owner, match, "a1", 12)  # seat 0's own answer: its reactions only
    assert A1_WORDS[0] in answer
    _none_of(answer, 1)
    english = [(b"accept-language", b"en")]

    def pushed(user) -> str:
        found = match_changes_for_socket(
            scope={"user": user, "headers": english}, match_id=match.pk, since=match.version - 1
        )
        assert found is not None
        return found[1]

    for user in (players[1], make_user("inf_fay")):
        _none_of(pushed(user), 0)
    assert 'data-testid="reaction-words-k1"' in pushed(players[1])  # its own, in words
    # Seat 0 ends its turn; then the JSA sets a reaction: each answer holds only its own.
    response = owner.post(
        f"/m/{match.pk}/move",
        {"move": '{"type": "end_turn", "seat": 0}', "expected_version": match.version},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert A1_WORDS[0] in response.content.decode()
    _none_of(response.content.decode(), 1)
    match.refresh_from_db()
    answer = _set_reaction(client_for(players[1]), match, "k5", 16)
    assert K5_WORDS[0] in answer
    _none_of(answer, 0)
    for user in (players[0], make_user("inf_gus")):
        _none_of(pushed(user), 1)
    # Seat 0's page shows its reactions as they are: the push leaves them to it (left_to_page);
    # to a page this web process never drew (a restart, another process) it sends them whole.
    shown_parts.clear()
    assert A1_WORDS[0] in pushed(players[0])


def test_a_finished_matchs_record_keeps_a_trooper_that_stayed_hidden_hidden(players, make_user):
    """The record (`record.json`, anyone's once the match is over) tells each move as a
    spectator read it: the JSA's Domaru, never revealed, stays where the pages keep it (they
    show it to nobody but its owner, even after the end), not at its deployment hex."""
    import json

    from games.matches import services

    match = deployed_match(players)
    _, state, _ = acting(match)
    q, r = state.trooper(HIDDEN).hex
    services.match_resign(match_id=match.pk, user=players[0])
    for reader in (client_for(make_user("inf_hal")), client_for()):
        record = reader.get(f"/m/{match.pk}/record.json")
        assert record.status_code == 200
        data = json.loads(record.content)
        assert data["moves"] and all(m["seat"] in (0, 1) for m in data["moves"])
        said = json.dumps(data)
        assert f'"trooper": "{HIDDEN}"' not in said
        assert not re.search(rf'"hex": \[{q}, {r}\][^{{}}]*"{HIDDEN}"', said)
        assert not re.search(rf'"{HIDDEN}"[^{{}}]*"hex": \[{q}, {r}\]', said)


def test_its_owner_reads_on_the_board_and_in_the_log_which_trooper_is_hidden(players):
    # The owner's board drew the hidden Domaru as any other trooper and the log said « déploie
    # Domaru Butai d2. »: once deployed, nothing told its player the enemy does not see it.
    match = deployed_match(players)
    client = client_for(players[1])
    for language, note, sentence in (
        ("en", "hidden deployment: the enemy does not see it", "in hidden deployment."),
        ("fr", "déploiement caché : l'ennemi ne la voit pas", "en déploiement caché."),
    ):
        html = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        html = html.replace("&#x27;", "'")
        drawn = re.search(
            rf'<g class="([^"]*)" data-testid="trooper-{HIDDEN}"[^>]*><title>([^<]*)', html
        )
        assert drawn is not None
        assert "hidden-deployed" in drawn[1].split() and note in drawn[2], drawn[0]
        assert re.search(rf"{HIDDEN}\b[^<]*{sentence}", html), language
    others = pages(client_for(players[0]), match)
    assert "hidden-deployed" not in others
