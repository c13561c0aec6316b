"""Start links: parsing, defaults, level names and errors."""

import pytest

from app.links.startlink import GameSpec, StartLinkError, is_start_link, make_spec, parse_start_link
from app.shared import seats


def test_no_link():
    assert parse_start_link("") is None
    assert parse_start_link("?lang=fr") is None
    assert not is_start_link("?x=1")


def test_full_link():
    spec = parse_start_link("?variant=classic&seats=human,computer,greedy&seed=12&names=Ann,<b>Bob</b>&pace=0")
    assert spec == GameSpec(
        "classic", ("human", "computer", "greedy"), ("Ann", "<b>Bob</b>", "Greedy"), 12, None, None, 0
    )


def test_flex_tiles_and_default_names_in_french():
    spec = parse_start_link("?variant=flex&tiles=72&seats=human,human&seed=3", lang="fr")
    assert spec.tiles == 72 and spec.names == ("Joueur 1", "Joueur 2") and spec.pace == 1
    assert parse_start_link("?variant=flex&seats=human,computer&seed=3").tiles == 108


def test_levels_as_seats_follow_the_registry():
    for kind in seats.seat_choices()[1:]:
        spec = parse_start_link(f"?variant=cubes&seats=human,{kind}&seed=1")
        assert spec.seats == ("human", kind)


@pytest.mark.parametrize(
    "query, word",
    [
        ("?variant=chess&seats=human,human", "variant"),
        ("?variant=classic&seats=human", "seats"),
        ("?variant=classic&seats=human,human,human,human,human", "seats"),
        ("?variant=classic&seats=human,wizard", "seats"),
        ("?variant=classic&seats=human,human&seed=x", "seed"),
        ("?variant=flex&tiles=50&seats=human,human", "tiles"),
        ("?variant=classic&tiles=72&seats=human,human", "tiles"),
        ("?variant=classic&seats=human,human&names=a,b,c", "names"),
        ("?variant=classic&seats=human,human&ages=3", "ages"),
    ],
)
def test_bad_links_say_which_parameter(query, word):
    with pytest.raises(StartLinkError, match=word):
        parse_start_link(query)


def test_random_seed_and_ages():
    spec = make_spec("classic", ["human", "human"], ages=[40, 9])
    assert spec.seed > 0 and spec.ages == (40, 9)
    assert make_spec("classic", ["human", "human"], ages=[None, None]).ages is None
    assert make_spec("classic", ["human", "human"], names=["  Ann   Lee ", ""]).names == ("Ann Lee", "Player 2")


def test_query_parsing_matches_urllib():
    from urllib.parse import parse_qs

    from app.links.startlink import parse_query

    for query in (
        "?a=1&b=x%20y&a=2",
        "?names=%3Cimg%20src%3D%22x%22%3EAnn%26amp%3B,Bob&seed=",
        "?n=Zo%C3%A9+L&bad=%zz%4",
        "",
        "?x",
        "?=v&k=%E2%82%AC",
    ):
        assert parse_query(query) == parse_qs(query.lstrip("?"), keep_blank_values=True), query
