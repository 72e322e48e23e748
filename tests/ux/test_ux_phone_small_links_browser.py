"""The small links of the match page and its history pages, tapped on a 360 px phone (a walk
measured them 19-24 px high). Links standing on their own line or in a row of links (the skip
link, « Aller au plateau / à l'historique / à la discussion », « Retour à la partie » and the
links beside it) are 44 px high, the project's standard; links inside a line of text (a player's
name in the seats' lines, a coach tip's « Règles : … ») would push that line apart at 44 px, so
they take WCAG 2.5.8's other way: 24 px high at least, on one line, and no other target within
their 24 px (no other control's box overlaps theirs grown to 24 px around its centre)."""

from __future__ import annotations

import pytest

from games.matches import services
from tests.browser_support import PHONE, make_verified_user, sign_in
from tests.fixtures import MATCH_CONFIGS, play_random

PASSWORD = "hexsite-small-links-1"

# Links on a line of their own: every link of a paragraph that holds nothing but links and
# their separators (« Retour à la partie », « Télécharger… · Retour à la partie »).
OWN_LINE = """[...[...document.querySelectorAll('main p')].filter(p => p.querySelector('a')
        && [...p.childNodes].every(n => n.nodeName === 'A'
            || (n.nodeType === 3 && /^[\\s·←]*$/.test(n.textContent))))
      .flatMap(p => [...p.querySelectorAll('a')])]"""
IN_TEXT = "[...document.querySelectorAll('main .seats .seat-name a, main .hb-coach li a')]"

TOO_LOW = """([links, least]) => eval(links)
    .filter(a => a.offsetParent !== null && a.getBoundingClientRect().height < least)
    .map(a => `${a.textContent.trim()} ${a.getBoundingClientRect().height.toFixed(1)} px`)"""
COUNT = "links => eval(links).filter(a => a.offsetParent !== null).length"

# In-text targets that break across lines, or whose 24 px square around their centre meets
# another control.
CROWDED = """links => {
    const controls = [...document.querySelectorAll('a[href], button, summary, select, input')]
        .filter(c => c.offsetParent !== null && !c.closest('svg'));
    return eval(links).filter(a => a.offsetParent !== null)
        .filter(a => {
            if (a.getClientRects().length > 1) return true;
            const r = a.getBoundingClientRect();
            const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
            const half = w => Math.max(w, 24) / 2;
            const box = {left: cx - half(r.width), right: cx + half(r.width),
                         top: cy - half(r.height), bottom: cy + half(r.height)};
            return controls.some(c => {
                if (c === a || c.contains(a) || a.contains(c)) return false;
                const o = c.getBoundingClientRect();
                return o.left < box.right - 0.5 && o.right > box.left + 0.5
                    && o.top < box.bottom - 0.5 && o.bottom > box.top + 0.5;
            });
        })
        .map(a => a.textContent.trim())}"""

# The skip links show only while they have the focus: each is measured with it.
SKIP_LINKS = """() => [...document.querySelectorAll('.skip, .jump-links a')].map(a => {
    a.focus();
    const height = a.getBoundingClientRect().height;
    a.blur();
    return [a.textContent.trim(), height]; })"""


@pytest.mark.browser
def test_the_match_pages_small_links_are_tall_enough_to_tap_on_a_phone(daphne_server, new_context):
    anna = make_verified_user("lien_anna", PASSWORD)
    bruno = make_verified_user("lien_bruno", PASSWORD)
    matches = {}
    for system, config in MATCH_CONFIGS.items():
        matches[system] = services.match_create(
            system=system, config=config, seat_users=[anna, bruno], seed=f"links-{system}"
        )
        play_random(matches[system], [anna, bruno], moves=4, seed=3)
    page = new_context(locale="fr-FR", viewport=PHONE, has_touch=True).new_page()
    sign_in(page, daphne_server, "lien_anna", PASSWORD)
    pb = matches["paintball"].pk
    over = services.match_create(
        system="paintball", config={}, seat_users=[anna, bruno], seed="links-over"
    )
    services.match_resign(match_id=over.pk, user=bruno)
    paths = [f"/m/{m.pk}/" for m in matches.values()] + [
        f"/m/{pb}/{tail}" for tail in ("since/", "replay/", "steps/", "notes/", "reference/")
    ]
    paths.append(f"/m/{over.pk}/replay/")  # its row: « Analyser · Télécharger · Retour »
    small, crowded, seen = [], [], {"own line": 0, "in text": 0}
    for path in paths:
        page.goto(daphne_server.url.rstrip("/") + path)
        page.wait_for_load_state("load")
        small += [f"{path}: {a} {h} px" for a, h in page.evaluate(SKIP_LINKS) if h < 44]
        small += [f"{path}: {a}" for a in page.evaluate(TOO_LOW, [OWN_LINE, 44])]
        small += [f"{path}: {a}" for a in page.evaluate(TOO_LOW, [IN_TEXT, 24])]
        crowded += [f"{path}: {a}" for a in page.evaluate(CROWDED, IN_TEXT)]
        seen["own line"] += page.evaluate(COUNT, OWN_LINE)
        seen["in text"] += page.evaluate(COUNT, IN_TEXT)
    # The pages held such links (else this would prove nothing): the history pages' and the
    # replay's rows, the players' names and some tips' rules links.
    assert seen["own line"] >= 6 and seen["in text"] >= 10, seen
    assert small == [], "\n".join(small)
    assert crowded == [], "\n".join(crowded)
