"""EXEMPLE ILLUSTRÉ D'UNE PARTIE (seeds/000_cfef6f07b7368e93.txt): Hegemonia versus Posterunek,
turns 1-10 move by move, then the battle (HQs 14 and 18) and Hegemonia's next turn.

The text shows the board only in pictures; the hexes below are one layout that fits every
sentence (README.md, "The illustrated game"). Posterunek is seat 0 (it plays first).
"""

from nh import after_hqs, at, play

from games.engine.neuroshima.system import SYSTEM

P, H = 0, 1
POST_PILE = [
    "medecin",  # turn 2
    *("mouvement", "bagarreux", "liquidateur"),  # turn 4
    *("mouvement", "bataille", "mitrailleur"),  # turn 6
    *("commando", "eclaireur", "medecin"),  # turn 8
    *("tireur_d_elite", "mouvement", "bataille"),  # turn 10
]
HEG_PILE = [
    *("mouvement", "officier_1"),  # turn 3
    *("bataille", "retiaire", "coureur"),  # turn 5
    *("soldat_universel", "gangman", "retiaire"),  # turn 7
    *("gangman", "le_boss", "coureur"),  # turn 9
]


def hand(state, seat):
    return [t.split(".")[1] for t in state.seats[seat].hand]


def idx(state, seat, name):
    return hand(state, seat).index(name)


def place(state, seat, name, h, rot):
    move = {"type": "PlaceTile", "tile_index": idx(state, seat, name), "hex": h, "rotation": rot}
    return play(state, seat, move)


def discard(state, seat, name):
    return play(state, seat, {"type": "Discard", "tile_index": idx(state, seat, name)})


def end(state, seat):
    return play(state, seat, {"type": "EndTurn"})


def test_the_illustrated_game_turn_by_turn():
    # TOUR 1: Posterunek's HQ in the middle, Hegemonia's in a corner.
    s = after_hqs(["posterunek", "hegemonia"], [(0, 0), (2, 0)], piles={P: POST_PILE, H: HEG_PILE})
    assert at(s, (0, 0))[0] == "posterunek.hq" and at(s, (2, 0))[0] == "hegemonia.hq"

    # TOUR 2: Posterunek draws one tile (a Médecin), discards nothing, places it by its HQ.
    assert (s.current, s.phase, hand(s, P)) == (P, "play", ["medecin"])
    s = end(place(s, P, "medecin", [1, 0], 4), P)
    assert at(s, (1, 0)) == ("posterunek.medecin", P, 4)

    # TOUR 3: Hegemonia draws two (Mouvement, Officier), keeps all: moves its HQ, places the
    # Officier next to it.
    assert (s.current, s.phase, hand(s, H)) == (H, "play", ["mouvement", "officier_1"])
    move = {"type": "PlayMove", "tile_index": 0, "from": [2, 0], "to": [2, -1], "rotation": 0}
    s = play(s, H, move)
    s = end(place(s, H, "officier_1", [2, -2], 0), H)
    assert at(s, (2, -1))[0] == "hegemonia.hq" and at(s, (2, 0)) is None
    assert s.seats[H].discard == ("hegemonia.mouvement",)

    # TOUR 4: three tiles, Mouvement thrown away; Bagarreur and Liquidateur around the enemy HQ.
    assert (s.phase, hand(s, P)) == ("discard", ["mouvement", "bagarreux", "liquidateur"])
    s = discard(s, P, "mouvement")
    s = place(s, P, "bagarreux", [1, -1], 2)
    s = end(place(s, P, "liquidateur", [2, 0], 2), P)

    # TOUR 5: Bataille discarded; a Rétiaire nets the Bagarreur, a Coureur faces the enemy HQ.
    assert (s.phase, hand(s, H)) == ("discard", ["bataille", "retiaire", "coureur"])
    s = discard(s, H, "bataille")
    s = place(s, H, "retiaire", [1, -2], 2)
    s = end(place(s, H, "coureur", [-1, 1], 1), H)

    # TOUR 6: Bataille discarded; the HQ flees upwards with Mouvement; Mitrailleur placed.
    assert hand(s, P) == ["mouvement", "bataille", "mitrailleur"]
    s = discard(s, P, "bataille")
    move = {"type": "PlayMove", "tile_index": 0, "from": [0, 0], "to": [0, -1], "rotation": 0}
    s = play(s, P, move)
    s = end(place(s, P, "mitrailleur", [0, 1], 1), P)
    assert at(s, (0, -1))[0] == "posterunek.hq"

    # TOUR 7: Gangman discarded; Soldat Universel and a second Rétiaire (netting the enemy HQ);
    # the Coureur uses its Mobility to step next to the enemy HQ.
    assert hand(s, H) == ["soldat_universel", "gangman", "retiaire"]
    s = discard(s, H, "gangman")
    s = place(s, H, "soldat_universel", [1, 1], 2)
    s = place(s, H, "retiaire", [0, -2], 2)
    s = play(s, H, {"type": "MoveUnit", "from": [-1, 1], "to": [0, 0], "rotation": 0})
    s = end(s, H)
    assert at(s, (0, 0)) == ("hegemonia.coureur", H, 0)

    # TOUR 8: Médecin discarded; Commando and an Éclaireur behind it.
    assert hand(s, P) == ["commando", "eclaireur", "medecin"]
    s = discard(s, P, "medecin")
    s = place(s, P, "commando", [-2, 1], 5)
    s = end(place(s, P, "eclaireur", [-2, 2], 0), P)

    # TOUR 9: Coureur discarded; Gangman behind the Mitrailleur, the Boss by the Coureur.
    assert hand(s, H) == ["gangman", "le_boss", "coureur"]
    s = discard(s, H, "coureur")
    s = place(s, H, "gangman", [0, 2], 1)
    s = end(place(s, H, "le_boss", [-1, 1], 2), H)

    # TOUR 10: Mouvement discarded; the Tireur d'Élite kills the Rétiaire netting the HQ, then
    # the Bataille tile.
    assert hand(s, P) == ["tireur_d_elite", "mouvement", "bataille"]
    s = discard(s, P, "mouvement")
    s = play(s, P, {"type": "PlaySniper", "tile_index": 0, "target": [0, -2]})
    assert at(s, (0, -2)) is None
    assert [p.hq_points(seat) for p in [s.position] for seat in (P, H)] == [20, 20]
    s = play(s, P, {"type": "PlayBattle", "tile_index": 0})
    while s.phase == "battle":  # any battle decision: the documented default
        seat = SYSTEM.to_act(s)[0]
        s = play(s, seat, SYSTEM.legal_moves(s, seat)[0])

    # DÉROULEMENT DE LA BATAILLE: Hegemonia's HQ ends at 14, Posterunek's at 18; the Rétiaire,
    # Médecin, Liquidateur, Bagarreur and Coureur are gone.
    assert (s.position.hq_points(H), s.position.hq_points(P)) == (14, 18)
    for gone in [(1, -2), (1, 0), (2, 0), (1, -1), (0, 0)]:
        assert at(s, gone) is None, gone
    assert at(s, (0, 1))[0] == "posterunek.mitrailleur"
    assert at(s, (1, 1))[0] == "hegemonia.soldat_universel"
    # APRÈS LA BATAILLE: "Le tour suivant est celui de Hegemonia."
    assert s.current == H and s.phase in ("discard", "play") and s.result is None
