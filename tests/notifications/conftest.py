from tests.browser_support import browser, daphne_server, new_context  # noqa: F401
from tests.clock.support import anna, bruno, fast_password_hashing, match  # noqa: F401
