from tests.fixtures import dns  # noqa: F401
