"""The Neuroshima engine's fixed refusals, for the catalogue: the match service translates an
engine's English sentence when the catalogue knows it (games/matches/services/refusal_sentence.py).
Those written with their values are templates: the site writes each value in the reader's words
(`describe.refusal_value`: a hex as the board names it, a tile by its name)."""

from django.utils.translation import gettext_noop

ENGINE_SENTENCES = (
    gettext_noop("A netted tile cannot move (FILET)."),
    gettext_noop("A netted unit can neither push nor be pushed."),
    gettext_noop("Choose one of the tiles in your hand."),
    gettext_noop("No Battle tile may be played once a player has drawn the last tile."),
    gettext_noop("No battle decision of yours is pending."),
    gettext_noop("No choice of yours is pending in this battle."),
    gettext_noop("No push of your unit waits for a destination."),
    gettext_noop("Only an enemy unit can be pushed."),
    gettext_noop("That is not one of the choices offered."),
    gettext_noop("That is not one of the offered choices."),
    gettext_noop("That move changes nothing."),
    gettext_noop("That player is already out of the game."),
    gettext_noop("That unit has already moved this turn."),
    gettext_noop("The game is already over."),
    gettext_noop("The pushed unit must be next to the pushing one."),
    gettext_noop("The pushing unit must be one of yours."),
    gettext_noop("There is no free hex to push that unit to."),
    gettext_noop("You can only move your own tiles."),
    # With values (games/engine/protocol.IllegalMove):
    gettext_noop("Hex {hex} is already taken."),
    gettext_noop("Hex {hex} is not on the board."),
    gettext_noop("The tile cannot reach {hex}."),
    gettext_noop("There is no tile number {index} in your hand."),
    gettext_noop("There is no tile on {hex}."),
    gettext_noop("Your unit cannot be pushed to {hex}."),
    gettext_noop("{hex} is not a legal target for that tile."),
    gettext_noop("{tile} has no Mobility here."),
    gettext_noop("{tile} is an instant: play it, do not place it."),
    gettext_noop("{tile} is not a {instant} tile."),
)
