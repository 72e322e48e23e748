"""The one-page sci-fi skirmish on hexes (rulebook seeds/004_d01e2a150d2e18fa.txt)."""
