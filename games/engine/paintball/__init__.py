"""Paintball skirmish on Hexon hexes (../shared/rules/seeds/001_744d3ca8cb4ec528.txt, "Le Jeu").

The specification is design/systems/paintball.md; README.md beside this file lists every rules
choice, its citation and where the engine corrects the spec against the French text.
"""
