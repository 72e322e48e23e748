"""Values that are invalid by construction, per kind of field, for the endpoint fuzzer."""

from __future__ import annotations

import json
import string
import zoneinfo

from hypothesis import strategies as st

# --- junk --------------------------------------------------------------------------------------

NOT_AN_ID = [
    "",
    " ",
    "abc",
    "-1",
    "0",
    "1.5",
    "1e3",
    "0x1f",
    "²",
    "NaN",
    "9" * 25,
    "1,2",
    "\u202e7",
    "null",
    "[]",
    "١٢٣٤٥٦٧٨٩",
    "a\x00b",
]


def junk_id(*foreign: str):
    """Never one of this place's ids: words, signs, decimals, huge numbers, other places' ids."""
    return st.one_of(
        st.sampled_from(NOT_AN_ID + list(foreign)),
        st.integers(min_value=10**7, max_value=10**30).map(str),
        st.integers(max_value=-1).map(str),
        st.text(string.ascii_letters + string.punctuation + " ", min_size=1, max_size=12),
    )


def junk_seat(*others: int):
    """A seat number a form may not name: another player's (`others`), one that does not exist,
    or not a number at all."""
    not_numbers = [x for x in NOT_AN_ID if x not in ("", "0")]
    return st.one_of(
        st.sampled_from(not_numbers + [str(seat) for seat in others]),
        st.integers(min_value=2, max_value=10**6).map(str),
        st.integers(max_value=-1).map(str),
    )


def junk_choice(*valid: str):
    weird = ["", " ", "\x00", "é" * 50, "<script>", "' OR 1=1 --", "ＮＯＮＥ"]
    return st.one_of(st.sampled_from(weird), st.text(max_size=30)).filter(
        lambda s: s.strip() not in valid and s not in valid
    )


def junk_required_text(max_length: int):
    """A required text that cannot be accepted: blank, too long, or holding NUL."""
    return st.one_of(
        st.sampled_from(["", "   ", "\t\n"]),
        st.text(max_size=20).map(lambda s: s + "\x00"),
        st.integers(min_value=max_length + 1, max_value=max_length + 5000).map(lambda n: "x" * n),
    )


def junk_number(low: int, high: int):
    """Outside [low, high] or not a number at all."""
    return st.one_of(
        st.integers(max_value=low - 1).map(str),
        st.integers(min_value=high + 1, max_value=10**30).map(str),
        st.sampled_from(["", "abc", "1.5", "NaN", "inf", "²", "1e3", "\x00"]),
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
MALFORMED_JSON = [
    "",
    "{",
    "{not json",
    "'single quotes'",
    "NaN",
    "[" * 100_000,
    '{"a":' * 5_000,
    '"\\ud800"',
    "1e999999",
    "\x00",
    '{"type": "claim", "hex": 99999, "tile": "nothing"}',
    '{"type": "claim", "hex": -1, "tile": null}',
    '{"type": "claim", "hex": "0", "tile": ["qz01j"]}',
    '{"type": 7}',
    "[]",
    "null",
]


def junk_json():
    return st.one_of(st.sampled_from(MALFORMED_JSON), json_values.map(json.dumps))


SLUG = st.text(string.ascii_lowercase + "-_", min_size=1, max_size=12)
TIME_ZONES = tuple(zoneinfo.available_timezones())
