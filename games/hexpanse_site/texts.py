"""Names and card texts in the reader's language (our own words, French and English through the
catalogues). Card effects are worded from the engine's data (games/engine/hexpanse/data), so a
corrected number in the data corrects the text too."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.engine.hexpanse.data import card, factions, minor, patterns
from games.hexboard.words import reads_english


def faction_name(key: str | None) -> str:
    if not key:
        return gettext("no faction yet")
    f = factions()[key]
    return str(f["en"] if reads_english() else f["fr"])


def faction_after_the(key: str | None) -> str:
    """A faction's name after an English sentence's own "the" (« takes the Mantacles », never
    « the The Mantacles »); the French sentences say « la faction » and take the name whole."""
    name = faction_name(key)
    return name[4:] if reads_english() and name.startswith("The ") else name


def minor_name(code: str) -> str:
    m = minor(code)
    return str(m["name"] if reads_english() else m["fr"])


# The missions' names (house content, design section 13.3: the cards' pictures are missing) and
# what each one's nine hexes look like, for a player who picks or reads one without seeing its
# drawing. The engine knows them by their codes only.
MISSION_NAMES = {
    "MS01": pgettext_lazy("Hexpanse mission", "Lollipop"),
    "MS02": pgettext_lazy("Hexpanse mission", "Trapezoid"),
    "MS03": pgettext_lazy("Hexpanse mission", "Rhombus"),
    "MS04": pgettext_lazy("Hexpanse mission", "Crown"),
    "MS05": pgettext_lazy("Hexpanse mission", "Crossing"),
    "MS06": pgettext_lazy("Hexpanse mission", "Chevron"),
    "MS07": pgettext_lazy("Hexpanse mission", "Ladder"),
    "MS08": pgettext_lazy("Hexpanse mission", "Lightning"),
    "MS09": pgettext_lazy("Hexpanse mission", "Arrow"),
    "MS10": pgettext_lazy("Hexpanse mission", "Hollow triangle"),
    "MS11": pgettext_lazy("Hexpanse mission", "Horseshoe"),
    "MS12": pgettext_lazy("Hexpanse mission", "Band"),
    "MS13": pgettext_lazy("Hexpanse mission", "Fork"),
    "MS14": pgettext_lazy("Hexpanse mission", "Hook"),
    "MS15": pgettext_lazy("Hexpanse mission", "Eye"),
}
MISSION_SHAPES = {
    "MS01": gettext_lazy("A flower of seven hexes with a stalk of two."),
    "MS02": gettext_lazy("Rows of four, three and two, stacked."),
    "MS03": gettext_lazy("Three rows of three, a diamond."),
    "MS04": gettext_lazy("A ring of six around an empty hex, with three spikes."),
    "MS05": gettext_lazy("Two lines of five crossing at their middle."),
    "MS06": gettext_lazy("Two arms of five meeting at a corner."),
    "MS07": gettext_lazy("Two lines of four side by side, joined by one hex."),
    "MS08": gettext_lazy("Two rows of three joined by a slanting line."),
    "MS09": gettext_lazy("A shaft of five with two barbs of two at its tip."),
    "MS10": gettext_lazy("A triangle four hexes a side, empty in the middle."),
    "MS11": gettext_lazy("A curve of nine hexes, open on one side."),
    "MS12": gettext_lazy("A row of five beside a row of four."),
    "MS13": gettext_lazy("Three arms from one hex: two of three, one of two."),
    "MS14": gettext_lazy("A line of five curling back in a hook of four."),
    "MS15": gettext_lazy("A ring of six around an empty hex, and three more on one side."),
}

# The cards' names as the rulebook prints them (§7.3, in English even in the French text) are
# kept where they are a person's or a place's name; the others are said in the reader's
# language. The engine's data keeps the printed name (games/engine/hexpanse/data/cards.json).
CARD_NAMES = {
    "C05": pgettext_lazy("Hexpanse card", "R.C. Headhunter"),
    "C06": pgettext_lazy("Hexpanse card", "Ray Struga, the Scout"),
    "C07": pgettext_lazy("Hexpanse card", "Steel Scythian"),
    "C09": pgettext_lazy("Hexpanse card", "The Baron"),
    "C11": pgettext_lazy("Hexpanse card", "Jake, the Contractor"),
    "C13": pgettext_lazy("Hexpanse card", "Smiling Killer"),
    "C20": pgettext_lazy("Hexpanse card", "Contessa Carmilla"),
    "C22": pgettext_lazy("Hexpanse card", "Master of Puppets"),
    "C23": pgettext_lazy("Hexpanse card", "Heinlein's Squad"),
    "C25": pgettext_lazy("Hexpanse card", "The Librarian"),
    "A01": pgettext_lazy("Hexpanse card", "Ancient Sphere"),
    "A02": pgettext_lazy("Hexpanse card", "Ancient Monolith"),
    "A03": pgettext_lazy("Hexpanse card", "Mobile Army Surgical Hospital"),
    "A04": pgettext_lazy("Hexpanse card", "Xalielt Merchant"),
    "A05": pgettext_lazy("Hexpanse card", "Semiramis Station"),
    "A06": pgettext_lazy("Hexpanse card", "Ching Shih's Raiders"),
    "A07": pgettext_lazy("Hexpanse card", "Cypher's Offer"),
    "A08": pgettext_lazy("Hexpanse card", "Space Truckers"),
    "A09": pgettext_lazy("Hexpanse card", "Corona Salvage Shuttle"),
    "A10": pgettext_lazy("Hexpanse card", "Project 1502"),
    "A11": pgettext_lazy("Hexpanse card", "Dark Side of the Moon"),
    "A12": pgettext_lazy("Hexpanse card", "Strike of the Valkyries"),
    "A14": pgettext_lazy("Hexpanse card", "Odin's Eye"),
    "A15": pgettext_lazy("Hexpanse card", "Salvagers"),
    "A18": pgettext_lazy("Hexpanse card", "Attack of the Shah's Guard"),
    "A19": pgettext_lazy("Hexpanse card", "Spider Tank"),
    "A20": pgettext_lazy("Hexpanse card", "Apache Dropships"),
    "A21": pgettext_lazy("Hexpanse card", "Drop Pods"),
    "A22": pgettext_lazy("Hexpanse card", "Mobile Refinery"),
    "A24": pgettext_lazy("Hexpanse card", "Icarus Attack Squadron"),
    "A25": pgettext_lazy("Hexpanse card", "Enola's Fire"),
}


def mission_name(code: str) -> str:
    return str(MISSION_NAMES[code])


def mission_text(code: str) -> str:
    """What a mission asks, in a sentence or two: its shape, and that holding it wins."""
    rule = gettext("Hold its nine hexes with your units, turned any way you like, to win.")
    return f"{MISSION_SHAPES[code]} {rule}"


def card_name(code: str) -> str:
    name = CARD_NAMES.get(code)
    return str(name) if name is not None else card(code).name


def unit_kind(kind: str, count: int = 1) -> str:
    names = {
        "normal": ngettext("normal unit", "normal units", count),
        "elite": ngettext("elite unit", "elite units", count),
        "minor": ngettext("minor unit", "minor units", count),
        "merc": ngettext("mercenary", "mercenaries", count),
        "warlord": ngettext("warlord", "warlords", count),
    }
    return names.get(kind, kind)


def _pattern_counts(key: str) -> tuple[int, int]:
    roles = [role for role, _ in patterns()[key].cells]
    return roles.count("A"), roles.count("P")


def effect_text(effect: dict[str, Any] | None) -> str:
    """One sentence for an effect of the engine's vocabulary (README, "Effects")."""
    if effect is None:
        return gettext("No ability.")
    do, n = effect["do"], int(effect.get("n", 0))
    if do == "pattern":
        attacks, places = _pattern_counts(effect["pattern"])
        size = len(patterns()[effect["pattern"]].cells)
        role = effect.get("role")
        if role == "A" or (role is None and places == 0):
            n_attack = size if role == "A" else attacks
            return ngettext(
                "Attack %(n)d territory by the pattern.",
                "Attack %(n)d territories by the pattern.",
                n_attack,
            ) % {"n": n_attack}
        if role == "P" or attacks == 0:
            n_place = size if role == "P" else places
            return ngettext(
                "You may place %(n)d unit by the pattern.",
                "You may place %(n)d units by the pattern.",
                n_place,
            ) % {"n": n_place}
        # Two counts, each with its own plural (was "territory(ies)", "unit(s)").
        attack = ngettext(
            "Must attack %(n)d territory", "Must attack %(n)d territories", attacks
        ) % {"n": attacks}
        place = ngettext("then may place %(n)d unit", "then may place %(n)d units", places) % {
            "n": places
        }
        return gettext("%(attack)s, %(place)s, by the pattern.") % {
            "attack": attack,
            "place": place,
        }
    texts = {
        "gain": ngettext("Gain %(n)d hexilum.", "Gain %(n)d hexilum.", n),
        "heal": ngettext("Heal your warlord by %(n)d.", "Heal your warlord by %(n)d.", n),
        "recover": ngettext(
            "Bring back up to %(n)d unit from your healing ship to your reserve.",
            "Bring back up to %(n)d units from your healing ship to your reserve.",
            n,
        ),
        "reserve_attack": ngettext(
            "Send up to %(n)d normal unit of an opponent's reserve to its healing ship.",
            "Send up to %(n)d normal units of an opponent's reserve to its healing ship.",
            n,
        ),
        "wound": ngettext(
            "%(n)d wound to an enemy warlord, wherever it is.",
            "%(n)d wounds to an enemy warlord, wherever it is.",
            n,
        ),
        "destroy_hexilum": gettext("Destroy %(n)d of an opponent's hexilum."),
        "steal_hexilum": gettext("Steal %(n)d hexilum from an opponent."),
        "steal_action": gettext("Take an action card from an opponent."),
        "remove_action": gettext("Remove an opponent's action card from the game."),
        "steal_merc": gettext(
            "Take a mercenary from an opponent; its token on the board stays there, now yours, "
            "or comes back onto the card."
        ),
        "extra_cards": gettext("In this turn's market, choose among 5 extra cards too."),
        "raise_income": gettext("Raise your income one level, paying the level reached."),
        "swap_or_move": gettext("Swap two units, or move one of yours to an empty hex."),
        "self_swap_or_move": gettext(
            "Swap this unit with another one, or move it to an empty hex."
        ),
        "destroy_place": gettext("Destroy a territory anywhere; you may place a unit there."),
        "salvage_place": gettext("Put a unit from your healing ship straight onto the board."),
        "recover_place": ngettext(
            "Bring back up to %(n)d unit from your healing ship; you may place it on the board.",
            "Bring back up to %(n)d units from your healing ship; you may place them on the board.",
            n,
        ),
        "attack_anywhere": gettext("Attack any territory of the board."),
        "wound_adjacent": ngettext(
            "On entry: %(n)d wound to an enemy warlord next to it.",
            "On entry: %(n)d wounds to an enemy warlord next to it.",
            n,
        ),
        "replace": gettext(
            "Place a unit on an enemy unit next to your warlord: that unit goes to its healing "
            "ship."
        ),
        "resurrect": gettext(
            "On entry: you may place next to it a unit from your healing ship (not another "
            "Resurrector)."
        ),
        "attack_adjacent": gettext("On entry: must attack a unit next to it."),
        "wolf": gettext("Destroy a territory next to it and move into it."),
    }
    text = texts.get(do, do)
    return text % {"n": n} if "%(n)" in text else text


def bonus_text(effect: dict[str, Any]) -> str:
    bonus = effect.get("bonus") or {}
    n = int(bonus.get("n", 1))
    return {
        "heal": gettext("If a unit was there, your warlord heals %(n)d."),
        "gain": gettext("If a unit was there, you gain %(n)d hexilum."),
        "recover": gettext("If a unit was there, you may bring back %(n)d unit to your reserve."),
    }.get(bonus.get("do", ""), "") % {"n": n}


def card_lines(code: str) -> list[str]:
    """A card's text: a mercenary's ability (and whether it is reusable), or an action card's
    two options."""
    c = card(code)
    if c.is_merc:
        if code == "C23":
            return [gettext("Three plain mercenary tokens, to place later; they have no ability.")]
        lines = [effect_text(c.effect)]
        if c.reusable:
            lines.append(gettext("Reusable: once a turn, for an action, while on the board."))
        elif c.entry:
            lines.append(gettext("When it enters the board."))
        return lines
    return [
        gettext("Option %(n)d: %(text)s") % {"n": i, "text": effect_text(o)}
        for i, o in enumerate(c.options, start=1)
    ]


def option_text(code: str, option: Any) -> str:
    """What option `option` (1 or 2) of action card `code` does, as the card says it; "" for
    a card without such an option (a mercenary)."""
    options = card(code).options
    try:
        index = int(option) - 1
    except (TypeError, ValueError):
        return ""
    return effect_text(options[index]) if 0 <= index < len(options) else ""


def card_type(code: str) -> str:
    return (
        pgettext("card type", "Mercenary")
        if card(code).is_merc
        else pgettext("card type", "Action")
    )


def minor_text(code: str) -> str:
    m = minor(code)
    if m.get("protector"):
        return gettext(
            "When one of your units next to a Protector is attacked, you may sacrifice the "
            "Protector instead."
        )
    if m.get("zombie"):
        return gettext("Sent to the healing ship, it goes straight back to your reserve.")
    if m.get("reusable"):
        return effect_text(m["reusable"]) + " " + gettext("Reusable: once a turn, for an action.")
    if m.get("hexilum_bonus"):
        return gettext("Placed on a hexilum territory: %(n)d more hexilum.") % {
            "n": m["hexilum_bonus"]
        }
    if m.get("on_healing_gain"):
        return gettext(
            "Sent from the board to the healing ship: you gain %(n)d hexilum. Cannot attack."
        ) % {"n": m["on_healing_gain"]}
    entry = m.get("entry") or {}
    if entry.get("do") == "attack_adjacent":
        return effect_text(entry) + " " + bonus_text(entry)
    if entry.get("do") == "pattern":
        return gettext("On entry: must attack two territories by the pattern.")
    return effect_text(entry)


def faction_text(key: str) -> str:
    ability = factions()[key]["ability"]
    if ability["do"] == "pattern":
        text = gettext("Place two touching units next to your warlord.")
    else:
        text = effect_text(ability)
    return text + " " + gettext("Then your warlord takes 1 wound.")


def seat_name(view: dict[str, Any], seat: int | None, names: Any = ()) -> str:
    """A seat as players say it: the player's name and faction, or the faction alone."""
    if seat is None:
        return gettext("nobody")
    faction = faction_name(view["seats"][seat]["faction"]) if view else ""
    name = names[seat] if names and seat < len(names) and names[seat] else ""
    if name and faction:
        return f"{name} ({faction})"
    return name or faction or gettext("Player %(n)d") % {"n": seat + 1}
