from tests.browser_support import bot_worker, browser, daphne_server, new_context  # noqa: F401
from tests.fixtures import anna, bruno, fast_password_hashing, match  # noqa: F401
