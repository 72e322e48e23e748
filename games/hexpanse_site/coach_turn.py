"""The coach's tips for a player's own turn in Hexpanse: the two actions (moving, fighting,
buying, raising one's income, playing a card), then the market. Pure, fed by the seat's own
view like the rest of the coach (coach.py, whose docstring says what it may read), and citing
the French rulebook, ../shared/rules/seeds/002_056fbbdd743b237e.txt, by its headings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import neighbours
from games.engine.hexpanse.data import card
from games.engine.hexpanse.state import team_of
from games.hexboard.coaching import CoachTip
from games.hexpanse_site import texts
from games.hexpanse_site.panels import builder_hex


def playing_teams(view: Mapping[str, Any]) -> tuple[tuple[int, ...], ...] | None:
    """The view's teams (seats playing together), None in a game without teams."""
    return tuple(tuple(t) for t in view["teams"]) if view.get("teams") else None


def _units(view: Mapping[str, Any]) -> dict[tuple[int, int], Mapping[str, Any]]:
    return {builder_hex(h): u for h, u in (view.get("units") or {}).items()}


def action_tips(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    me = view["seats"][seat]
    turn = view["turn"]
    units = _units(view)
    out: list[CoachTip] = []
    if int(turn["actions_left"]) >= 2 and _early(view):
        # 5.5 Aperçu d'un tour de jeu: « Phase de Revenu [...] le joueur gagne de l'hexilum de
        # la réserve selon son niveau actuel de revenu »; « Phase d'Action [...] réaliser deux
        # actions - même identiques - dans l'ordre de son choix »; then « Phase de Marché ».
        income = int(me["income"])
        out.append(
            CoachTip(
                "turn",
                ngettext(
                    "Your turn began with your income: %(n)d hexilum. Now two actions, in any "
                    "order (the same one twice if you like), then the market.",
                    "Your turn began with your income: %(n)d hexilum. Now two actions, in any "
                    "order (the same one twice if you like), then the market.",
                    income,
                )
                % {"n": income},
                "turn",
            )
        )
    if not any(u["owner"] == seat and u["kind"] == "warlord" for u in units.values()):
        # 5.4 Description des Unités, Chef de guerre: « Pour une action, le joueur peut placer
        # son Chef militaire [...] n'importe où »; its abilities only « si le jeton [...] est sur
        # le plateau »; « Les unités mineures ne peuvent pas être placées sur le plateau avant
        # que le Chef de guerre ait été mis en jeu ».
        text = (
            gettext(
                "Your warlord is still on your mothership: placing it, on any empty hex, costs "
                "one action. Until then you cannot heal it, move it, use its ability or place "
                "your minor units."
            )
            if me.get("minors")
            else gettext(
                "Your warlord is still on your mothership: placing it, on any empty hex, costs "
                "one action. Until then you cannot heal it, move it or use its ability."
            )
        )
        out.append(CoachTip("warlord-place", text, "turn"))
    out += _fight_tips(view, seat, units)
    healing = me.get("healing") or {}
    waiting = (
        int(healing.get("normal", 0))
        + int(healing.get("elite", 0))
        + sum(int(n) for n in (healing.get("minor") or {}).values())
    )
    if waiting:
        # 5.5, Phase d'Action, « Déplacez une unité du Vaisseau de Soins vers la réserve : Le
        # joueur peut prendre une unité du Vaisseau de Soins pour la remettre dans sa réserve. Les
        # mercenaires ne peuvent pas être récupérés ».
        out.append(
            CoachTip(
                "healing",
                ngettext(
                    "%(n)d of your units is on the healing ship: one action brings a unit back "
                    "to your reserve, ready to be placed again.",
                    "%(n)d of your units are on the healing ship: one action brings a unit back "
                    "to your reserve, ready to be placed again.",
                    waiting,
                )
                % {"n": waiting},
                "turn",
            )
        )
    out += _card_tips(me)
    income = int(me["income"])
    if income < 4 and int(me["hexilum"]) >= income + 1 and _early(view):
        # 5.5, « Augmentez votre revenu de 1 niveau : Vous devez payer le prix du niveau suivant
        # de revenu. [...] Le niveau de revenu maximum est de 4. » Phase de Revenu: paid every
        # turn.
        out.append(
            CoachTip(
                "income",
                gettext(
                    "You can raise your income to %(n)d for %(n)d hexilum (one action): it "
                    "pays that much at the start of each of your turns."
                )
                % {"n": income + 1},
                "turn",
            )
        )
    return out


def _fight_tips(view: Mapping[str, Any], seat: int, units) -> list[CoachTip]:
    mates = team_of(playing_teams(view), seat)
    elite_facing = normal_facing = False
    for h, u in units.items():
        if u["owner"] != seat or u["kind"] not in ("normal", "elite"):
            continue
        if any(
            (n in units and units[n]["owner"] is not None and units[n]["owner"] not in mates)
            for n in neighbours(h)
        ):
            elite_facing = elite_facing or u["kind"] == "elite"
            normal_facing = normal_facing or u["kind"] == "normal"
    out: list[CoachTip] = []
    if elite_facing:
        # 5.1 Modes de jeu, Troupes d'élite: « quand elles attaquent, elles ne sont pas
        # détruites au combat. Cependant, elles peuvent être détruites par n'importe quelle
        # attaque normale contre elle »; 5.4, Unité Troupe d'élite: « protégées des "Attaques
        # de Réserve" ».
        out.append(
            CoachTip(
                "elite",
                gettext(
                    "Your elite unit stands next to an enemy: when it attacks it stays on the "
                    "board. Attacked, it goes to the healing ship like any unit."
                ),
                "modes",
            )
        )
    elif normal_facing:
        # 5.5, Attaquez: « L'unité d'un joueur peut retirer une unité d'un territoire adjacent
        # ou infliger un dégât à un Chef de guerre adjacent. L'unité attaquante est aussi
        # retirée du plateau »; « Les unités de faction normale et faction mineure qui
        # participent au combat sont mises sur le Vaisseau de Soins. Les unités mercenaire sont
        # retirées du jeu. »
        out.append(
            CoachTip(
                "attack",
                gettext(
                    "One of your units stands next to an enemy: attacking removes that enemy "
                    "(a warlord loses one life instead), but your unit leaves too. Both go to "
                    "the healing ship; a mercenary leaves the game."
                ),
                "turn",
            )
        )
    return out


def _card_tips(me: Mapping[str, Any]) -> list[CoachTip]:
    out: list[CoachTip] = []
    # (C23 Heinlein's Squad: three tokens « sans capacités spéciales », 7.3: no ability to tell.)
    waiting = sorted(c for c, n in (me.get("mercs") or {}).items() if int(n) > 0 and c != "C23")
    if waiting:
        # 5.6 Capacités des cartes, Carte Mercenaire: « Les jetons sont placés sur le plateau
        # quand la carte est activée. Tous les mercenaires peuvent utiliser leurs capacités au
        # moment où ils sont placés sur le plateau »; « IMPORTANT Si un mercenaire est retiré du
        # plateau, la carte correspondante doit être défaussée! ». 5.5: placing a unit « depuis
        # [...] une carte pour l'unité mercenaire » is an action.
        out.append(
            CoachTip(
                "mercenary",
                gettext(
                    "%(card)s waits on its card: placing it on an empty hex is one action, and "
                    "its ability works as it enters. Once removed from the board, it is gone "
                    "for good."
                )
                % {"card": texts.card_name(waiting[0])},
                "mercenaries",
            )
        )
    if me.get("hand"):
        # 5.6 Capacités des cartes, Carte Action: « Les cartes action ne peuvent être jouées
        # qu'une fois. Après avoir été jouées, elles sont ensuite défaussées »; 7.3 La liste des
        # cartes: two abilities « - OU - »; 5.5: « Jouez une carte action » is an action.
        out.append(
            CoachTip(
                "action-card",
                gettext(
                    "Playing %(card)s is one action: choose one of its two options. Then the "
                    "card is discarded."
                )
                % {"card": texts.card_name(me["hand"][0])},
                "actions",
            )
        )
    return out


def market_tips(view: Mapping[str, Any], seat: int) -> list[CoachTip]:
    me = view["seats"][seat]
    out: list[CoachTip] = []
    if isinstance(view["turn"].get("extra_cards"), list):
        # 7.1 Les icônes, Cartes supplémentaires: « Vous pouvez choisir parmi un certain nombre
        # de cartes supplémentaires durant la phase marché. Ces cartes non achetées sont
        # défaussées après les achats »; 7.3, A08: « Vous n'avez pas besoin de les montrer ».
        out.append(
            CoachTip(
                "extra-cards",
                gettext(
                    "Your extra cards are for your eyes only: buy any you can pay for, like the "
                    "market's. Those you leave go face down to the discard."
                ),
                "actions",
            )
        )
    # 5.5, Phase de Marché: « Si un joueur possède assez de monnaie (hexilum), il peut acheter
    # autant de cartes qu'il le souhaite. A la fin de la phase, de nouvelles cartes sont
    # révélées »; IMPORTANT: « Les cartes sont toujours placées faces visibles ». 5.6: action
    # cards and mercenaries.
    hexilum = int(me["hexilum"])
    offered = [c for c in view["market"] if c] if isinstance(view["market"], list) else []
    if isinstance(view["turn"].get("extra_cards"), list):
        offered += view["turn"]["extra_cards"]
    if hexilum < min((card(c).cost for c in offered), default=hexilum + 1):
        # Nothing on offer is within reach (every card costs at least 1, spec 13.5): to « buy
        # as many cards as you can pay for » with 0 hexilum would send the player looking.
        out.append(
            CoachTip(
                "market",
                ngettext(
                    "Market: with %(n)d hexilum you can afford none of the cards on offer: end "
                    "your turn. Your income comes at the start of your next turn.",
                    "Market: with %(n)d hexilum you can afford none of the cards on offer: end "
                    "your turn. Your income comes at the start of your next turn.",
                    hexilum,
                )
                % {"n": hexilum},
                "turn",
            )
        )
        return out
    out.append(
        CoachTip(
            "market",
            ngettext(
                "Market: with your %(n)d hexilum, buy as many cards as you can pay for; "
                "everyone sees the cards you own. An action card is played later for one "
                "action; a mercenary is a unit you place.",
                "Market: with your %(n)d hexilum, buy as many cards as you can pay for; "
                "everyone sees the cards you own. An action card is played later for one "
                "action; a mercenary is a unit you place.",
                hexilum,
            )
            % {"n": hexilum},
            "turn",
        )
    )
    return out


def _early(view: Mapping[str, Any]) -> bool:
    """The seat's first two turns (a turn's number counts every seat's turns)."""
    return int(view["turn"]["number"]) <= 2 * len(view["seats"])
