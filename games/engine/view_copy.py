"""A deep copy of a seat's view, for the engines' determinization to change freely.

A view is JSON data (dicts, lists, tuples of numbers and strings). `copy.deepcopy` keeps a
memo for shared and cyclic objects that such data never holds, and a JSON round trip turns
tuples into lists and spends its time in text: this copy walks the data once, a fifth of
deepcopy's time. The site determinizes the seat's view at each page it draws (its previews),
so it runs at every move and pick (issue 14). One copy for every engine: ARCHITECTURE.md's
"one way to do each thing".
"""

from __future__ import annotations

import copy
from typing import Any


def copied(data: Any) -> Any:
    """`data` copied all the way down; tuples stay tuples. Any object that is not JSON data
    goes through `copy.deepcopy`."""
    kind = type(data)
    if kind is dict:
        return {k: copied(v) for k, v in data.items()}
    if kind is list:
        return [copied(v) for v in data]
    if kind is tuple:
        return tuple(copied(v) for v in data)
    if kind in (str, int, float, bool) or data is None:
        return data
    return copy.deepcopy(data)
