from tests.fixtures import anna, bruno, fast_password_hashing, match  # noqa: F401
