"""Reading the fields of a move's JSON: the type checks every system's `decode` makes (and its
position reader, for hexes).

Each reader takes the raw value and the field's name, and returns the value typed, or raises
`refuse(sentence, name=..., value=...)`: a MalformedMove (code "malformed") unless the system's
spec names another code (Hexpanse's `invalid_move`). The sentence is a template of `{name}` (the
field's JSON key) and `{value!r}` (and `{lo}`, `{hi}` for a range), given with its values as
every refusal naming values is (games/engine/protocol.IllegalMove): the English `reason` is the
template filled in, and a site translates the template and names the field in its own words
(a malformed move is said in general terms). Each reader has a clear default, and a system
whose spec or tests word their own passes them. A reader of something other than a move (a
position) passes `filled(ItsError)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from games.engine.hexgrid import Hex
from games.engine.protocol import MalformedMove


class Refuse(Protocol):
    """What a reader raises: the sentence's template and its values by name."""

    def __call__(self, sentence: str, /, **values: Any) -> Exception: ...


def filled(error: Callable[[str], Exception]) -> Refuse:
    """A `Refuse` for an error that is no move's refusal (a position's reader, exit 4 of the
    command line): the template filled in English, the one language it is read in."""

    def refuse(sentence: str, /, **values: Any) -> Exception:
        return error(sentence.format(**values))

    return refuse


def is_whole(value: object) -> bool:
    """A whole number of JSON: Python's bool is an int, but `"tile_index": true` is not tile 1."""
    return isinstance(value, int) and not isinstance(value, bool)


def as_hex(value: object) -> Hex | None:
    """`[q, r]` (a list or tuple of two whole numbers) as a hex, else None."""
    if isinstance(value, list | tuple) and len(value) == 2 and all(is_whole(v) for v in value):
        return (value[0], value[1])
    return None


def _refused(refuse: Refuse, sentence: str, name: str, value: object, **more: object) -> Exception:
    # The template with its values, never filled in here: a site translates it.
    return refuse(sentence, name=name, value=value, **more)


def read_int(
    value: object,
    name: str,
    sentence: str = "'{name}' must be a whole number.",
    refuse: Refuse = MalformedMove,
    *,
    lo: int | None = None,
    hi: int | None = None,
) -> int:
    """A whole number, within `lo`..`hi` (both included) when they are given."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or (lo is not None and value < lo)
        or (hi is not None and value > hi)
    ):
        raise _refused(refuse, sentence, name, value, lo=lo, hi=hi)
    return value


def read_str(
    value: object,
    name: str,
    sentence: str = "'{name}' must be a text.",
    refuse: Refuse = MalformedMove,
) -> str:
    if not isinstance(value, str):
        raise _refused(refuse, sentence, name, value)
    return value


def read_hex(
    value: object,
    name: str,
    sentence: str = "'{name}' must be a hex as [q, r].",
    refuse: Refuse = MalformedMove,
) -> Hex:
    hex_ = as_hex(value)
    if hex_ is None:
        raise _refused(refuse, sentence, name, value)
    return hex_


def read_pair(
    value: object,
    name: str,
    sentence: str = "'{name}' must be a list of two.",
    refuse: Refuse = MalformedMove,
) -> tuple[Any, Any]:
    """Two values of any kind (a list or tuple of length 2), for the caller to read in turn."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise _refused(refuse, sentence, name, value)
    return value[0], value[1]


def read_list(
    value: object,
    name: str,
    sentence: str = "'{name}' must be a list.",
    refuse: Refuse = MalformedMove,
) -> list[Any]:
    """A JSON list (a tuple is not one), its items for the caller to read."""
    if not isinstance(value, list):
        raise _refused(refuse, sentence, name, value)
    return value


def read_strs(
    value: object,
    name: str,
    sentence: str = "'{name}' must be a list of names.",
    refuse: Refuse = MalformedMove,
) -> tuple[str, ...]:
    """A list (or tuple) of texts: ids or names."""
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise _refused(refuse, sentence, name, value)
    return tuple(value)
