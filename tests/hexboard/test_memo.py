"""`games.hexboard.memo.by_identity`: a view's reading kept for the rest of the page only."""

from games.hexboard.memo import by_identity


def test_the_same_view_is_read_once_and_an_equal_one_is_read_again():
    reads = []

    @by_identity
    def read(view):
        reads.append(view)
        return {"seat": view["seat"]}

    first = {"seat": 0}
    assert read(first) is read(first)
    assert len(reads) == 1
    equal = {"seat": 0}
    read(equal)
    assert len(reads) == 2, "an equal view from elsewhere is not the same page's view"
    other = {"seat": 1}
    assert read(other) == {"seat": 1}
    assert read(first) == {"seat": 0}
    assert len(reads) == 4, "only the latest view is kept"
