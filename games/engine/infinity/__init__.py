"""Infinity N2 with the Human Sphere supplement on hexes (rules seed 003; spec
shared/design/systems/infinity.md). See README.md."""
