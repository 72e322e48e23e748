"""Hexpanse (rulebook seed 002): the area-control card game on a hex planet."""
