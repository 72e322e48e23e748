"""A move's field (its JSON key, engine moves.py; spec section 14.3) as a refusal names it to a
player: "This move could not be read: the hex reached is not a hex." Only a hand-made move
meets these sentences (the board's clicks build well-formed moves), but a page says them in
its reader's words rather than the engine's keys."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

FIELDS = {
    "seat": pgettext_lazy("hexpanse move field", "the seat"),
    "hex": pgettext_lazy("hexpanse move field", "the hex"),
    "to": pgettext_lazy("hexpanse move field", "the hex reached"),
    "from": pgettext_lazy("hexpanse move field", "the starting hex"),
    "at": pgettext_lazy("hexpanse move field", "the hex the pattern aims at"),
    "target": pgettext_lazy("hexpanse move field", "the target"),
    "source": pgettext_lazy("hexpanse move field", "the unit whose ability waits"),
    "with": pgettext_lazy("hexpanse move field", "the Protector"),
    "option": pgettext_lazy("hexpanse move field", "the card's option"),
    "rotation": pgettext_lazy("hexpanse move field", "the pattern's rotation"),
    "player": pgettext_lazy("hexpanse move field", "the opponent"),
    "unit": pgettext_lazy("hexpanse move field", "the kind of unit"),
    "minor": pgettext_lazy("hexpanse move field", "the minor faction"),
    "card": pgettext_lazy("hexpanse move field", "the card"),
    "card_target": pgettext_lazy("hexpanse move field", "the card taken"),
    "faction": pgettext_lazy("hexpanse move field", "the faction"),
    "mission": pgettext_lazy("hexpanse move field", "the mission"),
    "policy": pgettext_lazy("hexpanse move field", "the Protectors' policy"),
    "swap": pgettext_lazy("hexpanse move field", "the swap"),
    "move": pgettext_lazy("hexpanse move field", "the unit's move"),
    "keep_on_board": pgettext_lazy("hexpanse move field", "keeping the card on the board"),
    "skip": pgettext_lazy("hexpanse move field", "skipping the ability"),
}


def field_words(key: str) -> str:
    """The field in the reader's words; a key the engine does not read, as it was given."""
    return str(FIELDS.get(key, key))
