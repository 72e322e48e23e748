"""Loaded by pytest before Django's settings (pyproject: `-p hexsite.pytest_plugin`): the tests
bring their own secret key, random per run, so they never depend on var/secret_key or on the
development key (which the settings refuse with DEBUG off). Subprocesses started by tests
(daphne, manage.py) inherit it."""

import os
import secrets

os.environ["SECRET_KEY"] = "tests-" + secrets.token_urlsafe(50)
