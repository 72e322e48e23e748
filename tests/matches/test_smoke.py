import pytest

from games.matches.models import Match


@pytest.mark.django_db
def test_a_match_row_round_trips_through_postgres():
    match = Match.objects.create(system="neuroshima", config={"seats": 2})
    assert Match.objects.get(pk=match.pk).config == {"seats": 2}
    assert len(match.seed) == 32
