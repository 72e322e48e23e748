"""The Neuroshima engine's fixed refusals, for the catalogue: the match service translates an
engine's English sentence when the catalogue knows it (games/matches/services/moves.py). Those
written with their values (a hex, a tile number) are said in general terms on a French page."""

from django.utils.translation import gettext_noop

ENGINE_SENTENCES = (
    gettext_noop("A netted tile cannot move (FILET)."),
    gettext_noop("A netted unit can neither push nor be pushed."),
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
)
