"""Players' pictures (games/accounts/avatars.py): sent from Settings, checked and re-encoded by
Pillow into a square WebP without metadata, stored in the database, served at an address named
by their digest for good; refused files change nothing; a player without one shows their
initials; pictures show on the profile, the players lists, the match page and the lobby."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from games.accounts.avatars import MAX_BYTES, SIDE, initials, palette_colour
from games.accounts.models import Avatar, Profile
from games.matches import services as matches
from tests.accounts.avatar_support import (
    animated_webp,
    photo_with_exif,
    picture,
    png_claiming,
    real_big_png,
)
from tests.fixtures import client_for, make_player, start_match

pytestmark = pytest.mark.django_db


def upload(client, data: bytes, name: str = "me.jpg", **extra):
    file = SimpleUploadedFile(name, data, content_type="image/jpeg")
    return client.post("/me/settings/avatar/", {"picture": file, "action": "upload", **extra})


def digest_of(user) -> str:
    return Profile.objects.get(user=user).avatar_digest


def served_url(user) -> str:
    return f"/me/u/{user.username}/avatar/{digest_of(user)}.webp"


def test_a_photo_becomes_a_square_webp_without_its_metadata():
    ines = make_player("ines")
    client = client_for(ines)
    sent = photo_with_exif()
    assert b"SecretCam" in sent and b"a secret comment" in sent  # the test's own premise
    answer = upload(client, sent)
    assert answer.status_code == 302 and answer["Location"] == "/me/settings/#avatar"
    digest = digest_of(ines)
    assert re.fullmatch(r"[0-9a-f]{16}", digest)
    served = client_for().get(served_url(ines))  # anybody, signed in or not
    assert served.status_code == 200
    body = served.content
    assert body[:4] == b"RIFF" and body[8:12] == b"WEBP"
    with Image.open(io.BytesIO(body)) as image:
        assert image.format == "WEBP" and image.size == (SIDE, SIDE)
        assert not image.getexif() and "exif" not in image.info and "icc_profile" not in image.info
        rgb = image.convert("RGB")
        # The centre square only: blue to its corners, the red bands left and right cut off.
        for spot in ((2, 2), (SIDE - 3, SIDE // 2), (SIDE // 2, SIDE // 2)):
            red, _green, blue = rgb.getpixel(spot)
            assert blue > 150 and red < 60, spot
    for secret in (b"Exif", b"SecretCam", b"Model X", b"a secret comment", sent[100:140]):
        assert secret not in body
    assert bytes(Avatar.objects.get(user=ines).image) == body


def test_the_picture_is_served_for_good_with_its_type_and_no_sniffing():
    ines = make_player("ines")
    upload(client_for(ines), picture("PNG"))
    served = client_for().get(served_url(ines))
    assert served["Content-Type"] == "image/webp"
    assert served["X-Content-Type-Options"] == "nosniff"
    cache = {part.strip() for part in served["Cache-Control"].split(",")}
    assert {"public", "max-age=31536000", "immutable"} <= cache
    assert client_for().head(served_url(ines)).status_code == 200
    assert client_for().post(served_url(ines)).status_code == 405


def test_an_older_address_leads_to_the_current_picture_and_none_is_a_404():
    ines = make_player("ines")
    client = client_for(ines)
    upload(client, picture("PNG"))
    old = served_url(ines)
    upload(client, photo_with_exif())
    new = served_url(ines)
    assert old != new
    answer = client_for().get(old)
    assert answer.status_code == 302 and answer["Location"] == new
    assert "immutable" not in answer.get("Cache-Control", "")
    assert client_for().get("/me/u/nobody/avatar/0123456789abcdef.webp").status_code == 404
    jo = make_player("jo")  # no picture
    assert client_for().get(f"/me/u/jo/avatar/{digest_of(ines)}.webp").status_code == 404
    get_user_model().objects.filter(pk=ines.pk).update(is_active=False)
    assert client_for().get(new).status_code == 404
    assert jo.pk


@pytest.mark.parametrize(
    "kind, save",
    [("PNG", {}), ("WEBP", {}), ("JPEG", {"mode": "RGB"}), ("JPEG", {"mode": "CMYK"})],
)
def test_png_webp_and_jpeg_are_accepted(kind, save):
    ines = make_player("ines")
    mode = save.get("mode", "RGBA")
    data = picture(kind, size=(50, 80), mode=mode)
    assert upload(client_for(ines), data).status_code == 302
    with Image.open(io.BytesIO(client_for().get(served_url(ines)).content)) as image:
        assert image.size == (SIDE, SIDE)


def test_a_16_bit_grey_png_keeps_its_grey():
    ines = make_player("ines")
    out = io.BytesIO()
    Image.new("I;16", (60, 60), 30000).save(out, format="PNG")
    assert upload(client_for(ines), out.getvalue()).status_code == 302
    with Image.open(io.BytesIO(client_for().get(served_url(ines)).content)) as image:
        grey = image.convert("L").getpixel((SIDE // 2, SIDE // 2))
    assert 100 < grey < 135  # 30000 / 65535 of white, not white


def test_an_animated_picture_keeps_its_first_frame():
    ines = make_player("ines")
    assert upload(client_for(ines), animated_webp()).status_code == 302
    with Image.open(io.BytesIO(client_for().get(served_url(ines)).content)) as image:
        assert getattr(image, "n_frames", 1) == 1
        red, _green, blue = image.convert("RGB").getpixel((SIDE // 2, SIDE // 2))
        assert blue > 150 and red < 60  # the first frame is blue, the others red


def _refused(client, data: bytes, sentence: str, name: str = "me.jpg"):
    answer = upload(client, data, name=name)
    assert answer.status_code == 400
    html = answer.content.decode()
    assert sentence in html
    assert 'data-testid="avatar-error"' in html
    return html


BAD_FILES = {
    "text": b"hello, I am not a picture at all",
    "empty-ish": b"\xff\xd8\xff",
    "gif": picture("GIF", mode="RGB"),
    "bmp": picture("BMP", mode="RGB"),
    "truncated jpeg": photo_with_exif()[:600],
    "html": b"<html><script>alert(1)</script></html>",
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_file_that_is_not_a_picture_we_read_is_refused_and_nothing_is_saved(name):
    ines = make_player("ines")
    client = client_for(ines)
    _refused(client, BAD_FILES[name], "This file is not a picture we can read")
    assert digest_of(ines) == "" and not Avatar.objects.exists()


def test_a_refused_file_leaves_the_picture_one_had():
    ines = make_player("ines")
    client = client_for(ines)
    upload(client, picture("PNG"))
    before = digest_of(ines)
    _refused(client, b"not a picture", "This file is not a picture we can read")
    assert digest_of(ines) == before
    assert client_for().get(served_url(ines)).status_code == 200


@pytest.mark.parametrize(
    "data",
    [
        png_claiming(100_000, 100_000),  # beyond Pillow's own bomb error
        png_claiming(10_000, 9_000),  # Pillow's bomb warning, made a refusal
        png_claiming(6_000, 5_000),  # our own limit, below Pillow's
        real_big_png(5_001, 5_001),  # a real one, a few kilobytes that decode to 25 million
    ],
    ids=["pillow-error", "pillow-warning", "our-limit", "real"],
)
def test_a_decompression_bomb_is_refused_before_it_is_decoded(data, recwarn):
    ines = make_player("ines")
    assert len(data) < 100_000
    _refused(client_for(ines), data, "This picture has too many pixels")
    assert digest_of(ines) == "" and not Avatar.objects.exists()
    # Pillow's warning is caught as a refusal, never left to the logs.
    assert not [w for w in recwarn if issubclass(w.category, Image.DecompressionBombWarning)]


def test_a_file_over_2_mb_is_refused_unread():
    ines = make_player("ines")
    heavy = photo_with_exif() + b"\0" * MAX_BYTES
    _refused(client_for(ines), heavy, "A profile picture may weigh at most 2 MB.")
    assert digest_of(ines) == ""


def test_no_file_asks_for_one_and_a_forged_action_is_refused():
    ines = make_player("ines")
    client = client_for(ines)
    answer = client.post("/me/settings/avatar/", {"action": "upload"})
    assert answer.status_code == 400 and "Choose a picture first." in answer.content.decode()
    answer = client.post("/me/settings/avatar/", {"action": "delete-everyone"})
    assert answer.status_code == 400
    assert client.get("/me/settings/avatar/").status_code == 405
    assert digest_of(ines) == ""


def test_removing_it_brings_the_initials_back():
    ines = make_player("ines")
    client = client_for(ines)
    upload(client, picture("PNG"))
    old = served_url(ines)
    assert "Remove my picture" in client.get("/me/settings/").content.decode()
    answer = client.post("/me/settings/avatar/", {"action": "remove"})
    assert answer.status_code == 302
    assert digest_of(ines) == "" and not Avatar.objects.exists()
    assert client_for().get(old).status_code == 404
    html = client.get("/me/settings/").content.decode()
    assert "Remove my picture" not in html and "avatar-initials" in html


def test_nobody_changes_another_player_s_picture():
    ines, jo = make_player("ines"), make_player("jo")
    upload(client_for(ines), picture("PNG"))
    hers = digest_of(ines)
    # A forged form naming her: only the sender's own picture changes.
    forged = {"user": ines.pk, "username": "ines", "user_id": ines.pk}
    assert upload(client_for(jo), photo_with_exif(), **forged).status_code == 302
    assert digest_of(ines) == hers and digest_of(jo) not in ("", hers)
    client_for(jo).post("/me/settings/avatar/", {"action": "remove", **forged})
    assert digest_of(ines) == hers and digest_of(jo) == ""
    # Signed out: sent to sign in, nothing saved.
    answer = upload(client_for(), photo_with_exif(), **forged)
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    assert digest_of(ines) == hers
    # Without the CSRF token a browser would send, refused.
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(jo)
    assert upload(strict, photo_with_exif()).status_code == 403
    assert digest_of(jo) == ""


def test_a_player_without_a_picture_shows_initials_on_their_own_colour():
    make_player("jean_pierre")
    html = client_for().get("/me/u/jean_pierre/").content.decode()
    found = re.search(r'<span class="avatar avatar-large avatar-initials avatar-colour-(\d)"', html)
    assert found and int(found.group(1)) == palette_colour("jean_pierre")
    assert 'aria-hidden="true">JP</span>' in html
    assert "/avatar/" not in html  # no request for a picture
    assert initials("anna") == "A" and initials("Éloïse") == "É"
    assert initials("jean.pierre-x") == "JP" and initials("__") == "_"
    assert {palette_colour(f"player{n}") for n in range(60)} == set(range(8))


def test_the_picture_shows_on_the_profile_and_in_the_players_lists():
    ines, jo = make_player("ines"), make_player("jo")
    upload(client_for(ines), picture("PNG"))
    src = served_url(ines)
    profile = client_for().get("/me/u/ines/").content.decode()
    head = profile.split('data-testid="profile-head"')[1].split("</h1>")[0]
    assert f'<img class="avatar avatar-large" src="{src}"' in head and 'alt=""' in head
    search = client_for(jo).get("/me/players/", {"q": "ine"}).content.decode()
    assert f'src="{src}"' in search
    client_for(jo).post("/me/u/ines/follow")
    following = client_for(jo).get("/me/players/following/").content.decode()
    assert f'src="{src}"' in following


def test_the_picture_shows_beside_the_player_on_the_match_page_and_in_the_lobby():
    ines, jo, kim = make_player("ines"), make_player("jo"), make_player("kim")
    upload(client_for(ines), picture("PNG"))
    src = served_url(ines)
    match = start_match(ines, jo)
    html = client_for(jo).get(f"/m/{match.pk}/").content.decode()
    seats = html.split('<ul class="seats"')[1].split("</ul>")[0]
    assert f'<img class="avatar avatar-small" src="{src}"' in seats
    assert 'alt=""' in seats  # the name is right beside it
    assert "avatar-initials" in seats and ">J</span>" in seats  # jo: his initial
    open_match = matches.match_create(
        system="claim", config={"hexes": 8}, seat_users=[ines, None], is_public=True
    )
    lobby = client_for(kim).get("/").content.decode()
    assert f"#{open_match.pk}" in lobby and f'src="{src}"' in lobby


def test_the_header_shows_one_s_own_picture_beside_one_s_name_at_no_query():
    """Every page's header: the picture (or the initials) before the name that leads to one's
    profile. The session's query brought the profile: no query reads it again."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ines, jo = make_player("ines"), make_player("jo")
    upload(client_for(ines), picture("PNG"))
    with CaptureQueriesContext(connection) as queries:
        html = client_for(ines).get("/me/players/").content.decode()
    me = html.split('data-testid="nav-me"')[1].split("</a>")[0]
    assert f'<img class="avatar avatar-small" src="{served_url(ines)}"' in me
    assert 'alt=""' in me and "<span>ines</span>" in me  # the name says who: decorative
    assert not [q for q in queries.captured_queries if 'FROM "accounts_profile"' in q["sql"]]
    theirs = client_for(jo).get("/me/players/").content.decode()
    assert "avatar-initials" in theirs.split('data-testid="nav-me"')[1].split("</a>")[0]


def test_my_games_shows_the_players_pictures_at_no_query():
    """Every player of every match in My games, beside their name; the profiles come with the
    seats' one query (no query reads a profile on its own)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ines, jo, kim = make_player("ines"), make_player("jo"), make_player("kim")
    upload(client_for(ines), picture("PNG"))
    start_match(ines, jo)
    start_match(kim, jo)
    with CaptureQueriesContext(connection) as queries:
        html = client_for(jo).get("/games/").content.decode()
    assert f'<img class="avatar avatar-small" src="{served_url(ines)}"' in html
    assert html.count("avatar-initials") >= 3  # jo twice, kim: their initials
    assert not [q for q in queries.captured_queries if 'FROM "accounts_profile"' in q["sql"]]


def test_the_staff_deletes_a_picture_in_django_admin():
    ines = make_player("ines")
    upload(client_for(ines), picture("PNG"))
    staff = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-boss-x")
    admin = client_for(staff)
    listing = admin.get("/admin/accounts/avatar/")
    assert listing.status_code == 200 and served_url(ines) in listing.content.decode()
    answer = admin.post(f"/admin/accounts/avatar/{ines.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302
    assert digest_of(ines) == "" and not Avatar.objects.exists()


def test_pictures_cost_the_match_page_and_the_lobby_no_query(django_assert_max_num_queries):
    """The profiles come with the seats (the session's query brings the reader's): no query
    reads a profile or a picture on its own, and the match page keeps its budget."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.matches.test_query_budgets import PAGE_WAITING

    people = [make_player(f"p{n}") for n in range(6)]
    for player in people:
        upload(client_for(player), picture("PNG"))
    match = start_match(people[0], people[1])
    for player in people[2:]:
        matches.match_create(
            system="claim", config={"hexes": 8}, seat_users=[player, None], is_public=True
        )
    reader, src = client_for(people[1]), served_url(people[0])  # who waits for people[0]
    with django_assert_max_num_queries(PAGE_WAITING):
        assert src in reader.get(f"/m/{match.pk}/").content.decode()
    with CaptureQueriesContext(connection) as lobby_queries:
        lobby = reader.get("/").content.decode()
    assert all(served_url(player) in lobby for player in people[2:])
    on_their_own = [
        q["sql"]
        for q in lobby_queries.captured_queries
        if 'FROM "accounts_profile"' in q["sql"] or '"accounts_avatar"' in q["sql"]
    ]
    assert on_their_own == []


def test_a_photo_is_turned_upright_as_the_camera_said():
    """Stored sideways (red left, blue right) with EXIF orientation 6 (turn it a quarter
    clockwise): shown upright, red on top."""
    image = Image.new("RGB", (300, 200), (200, 0, 0))
    image.paste((0, 0, 200), (150, 0, 300, 200))
    exif = Image.Exif()
    exif[0x0112] = 6
    sent = io.BytesIO()
    image.save(sent, format="JPEG", exif=exif)
    ines = make_player("ines")
    upload(client_for(ines), sent.getvalue())
    with Image.open(io.BytesIO(client_for().get(served_url(ines)).content)) as served:
        rgb = served.convert("RGB")
        top_right, bottom_left = rgb.getpixel((SIDE - 10, 10)), rgb.getpixel((10, SIDE - 10))
    assert top_right[0] > 150 and top_right[2] < 60
    assert bottom_left[2] > 150 and bottom_left[0] < 60


def test_the_league_table_shows_the_players_pictures_at_no_query():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.league import services as leagues

    ines, jo = make_player("ines"), make_player("jo")
    upload(client_for(ines), picture("PNG"))
    league = leagues.league_create(name="Ligue", created_by=ines, preset="neuroduel")
    season = leagues.season_open(league=league, actor=ines)
    for user in (ines, jo):
        leagues.registration_create(season=season, user=user)
    leagues.season_start(season=season, actor=ines)
    src = served_url(ines)
    with CaptureQueriesContext(connection) as read:
        html = client_for(jo).get(f"/leagues/seasons/{season.pk}/").content.decode()
    table = html.split('<table class="standings">')[1].split("</table>")[0]
    assert f'src="{src}"' in table and ">J</span>" in table
    assert not [q for q in read.captured_queries if 'FROM "accounts_profile"' in q["sql"]]


def test_the_history_pages_name_the_players_with_their_pictures_at_no_query():
    """Since my last turn, the step viewer and the replay say who played, each player with
    their picture (or initials) and a link to their page; the profiles come with the seats'
    query (no query reads a profile on its own)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.fixtures import play_random

    ines, jo = make_player("ines"), make_player("jo")
    upload(client_for(ines), picture("PNG"))
    match = start_match(ines, jo)
    match = play_random(match, [ines, jo], 3)
    with CaptureQueriesContext(connection) as queries:
        since = client_for(jo).get(f"/m/{match.pk}/since/").content.decode()
    players = since.split('data-testid="history-players"')[1].split("</p>")[0]
    assert f'<img class="avatar avatar-small" src="{served_url(ines)}"' in players
    assert 'href="/me/u/ines/"' in players and ">ines</a>" in players
    assert "avatar-initials" in players and ">jo</a>" in players  # jo: his initial
    assert not [q for q in queries.captured_queries if 'FROM "accounts_profile"' in q["sql"]]
    match = play_random(match, [ines, jo], 200)
    assert match.status == match.Status.FINISHED
    replay = client_for(jo).get(f"/m/{match.pk}/replay/?ply=1").content.decode()
    players = replay.split('data-testid="history-players"')[1].split("</p>")[0]
    assert f'src="{served_url(ines)}"' in players and ">jo</a>" in players
