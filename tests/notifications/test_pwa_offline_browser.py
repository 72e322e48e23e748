"""The installable site's service worker in Chromium: a player opens their games and a match
(its page, its live partial, its chat), then loses the connection. The worker's caches then
hold the two offline pages and nothing else (never a match page nor a partial: hidden
information must not sit where another account of the browser could read it), and opening a
page offline shows the offline page in the player's language."""

from __future__ import annotations

import pytest

from tests.browser_support import make_verified_user, signed_in_page
from tests.fixtures import start_match

PASSWORD = "hexsite-pwa-browser-1"

CACHED_URLS = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) found.push(new URL(request.url).pathname);
  }
  return found.sort();
}"""


@pytest.mark.browser
def test_offline_the_worker_shows_the_offline_page_and_never_cached_a_match(
    daphne_server, new_context
):
    anna = make_verified_user("anna", PASSWORD)
    bruno = make_verified_user("bruno", PASSWORD)
    match = start_match(anna, bruno)
    page = signed_in_page(new_context, daphne_server, "anna", PASSWORD)
    page.goto(f"{daphne_server.url}/games/")
    # Installed and in control of the page (it claims the open pages once active).
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    match_url = f"{daphne_server.url}/m/{match.pk}/"
    page.goto(match_url)  # through the worker now
    live = page.evaluate(f"fetch('/m/{match.pk}/live').then(r => r.status)")
    assert live == 200
    cached = page.evaluate(CACHED_URLS)
    assert [url for url in cached if url.startswith("/m/")] == []
    assert set(cached) <= {"/offline/fr/", "/offline/en/", "/offline/language"}
    assert {"/offline/fr/", "/offline/en/"} <= set(cached)

    page.context.set_offline(True)
    page.goto(match_url)
    assert page.get_by_test_id("offline").is_visible()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "Vous êtes hors ligne" in page.locator("h1").inner_text()
    assert "anna" not in page.content()
