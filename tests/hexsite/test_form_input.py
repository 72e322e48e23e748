"""What a browser sends as an id is read one way everywhere: junk is no id."""

import pytest

from games.form_input import database_id


@pytest.mark.parametrize("raw", [None, "", " ", "0", "-1", "1.5", "²", "١٢", "9" * 19, "1e3", "7 "])
def test_junk_is_no_id(raw):
    assert database_id(raw) is None


def test_a_positive_number_is_an_id():
    assert database_id("42") == 42
    assert database_id("9" * 18) == int("9" * 18)
