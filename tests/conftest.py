"""Shared test setup. Browser and scale-out fixtures live next to their tests."""
