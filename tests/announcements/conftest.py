from tests.browser_support import browser, daphne_server, new_context  # noqa: F401
