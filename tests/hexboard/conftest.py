"""Browser fixtures for the shared board's tests in Chromium."""

from tests.browser_support import browser, daphne_server, new_context  # noqa: F401
