"""The TRF16 writer, pure: fixed columns, every kind of round entry."""

from __future__ import annotations

from games.league import trf


def test_a_player_line_keeps_the_formats_columns():
    player = trf.TrfPlayer(
        start_rank=1,
        name="Vasquez,Rodrigo",
        points=6.0,
        rank=4,
        rating=2558,
        rounds=[trf.RoundEntry(141, "w", "1"), trf.RoundEntry(78, "b", "=")],
    )
    line = trf.player_line(player, rounds=2)
    assert line[0:3] == "001" and line[4:8] == "   1"
    assert line[14:47].rstrip() == "Vasquez,Rodrigo"
    assert line[48:52] == "2558"
    assert line[80:84] == " 6.0" and line[85:89] == "   4"
    assert line[91:99] == " 141 w 1" and line[101:109] == "  78 b ="


def test_byes_forfeits_and_empty_rounds():
    player = trf.TrfPlayer(
        start_rank=12,
        name="late",
        points=1.5,
        rank=3,
        rounds=[
            trf.RoundEntry(0, "-", "H"),
            None,
            trf.RoundEntry(4, "-", "+"),
            trf.RoundEntry(0, "-", "U"),
        ],
    )
    line = trf.player_line(player, rounds=4)
    assert line[91:99] == "0000 - H"
    assert line[101:109].strip() == ""
    assert line[111:119] == "   4 - +" and line[121:129] == "0000 - U"
    text = trf.report(name="Suisse", start="2026/11/01", end="", rounds=4, players=[player])
    assert text.splitlines()[0] == "012 Suisse" and text.splitlines()[-1] == "XXR 4"
