"""A fourth rule set needs the variant registry, the string tables and tests, nothing else in the
browser layer: a test-only variant reaches start links, the dialog's choices, statistics and a
whole game at the table, with its words added to the string tables only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.links.startlink import StartLinkError, parse_start_link
from app.play import panels, summary
from app.play.controller import Controller
from app.store.saves import DictStorage, SaveStore
from app.store.stats import load_stats, variant_key
from qwirkle import register_variant
from qwirkle.tiles import Tile
from qwirkle.variants import Variant, unregister_variant
from ui import words
from ui.english import CATALOG
from ui.words import Translator


class TinyVariant(Variant):
    """Three colors (54 tiles), 2 or 3 players: defined only here."""

    name = "tiny"
    title = "Tiny Qwirkle"
    aliases = ()
    tile_sets = (54,)
    max_players = 3

    def tile_set(self, size: int | None) -> list[Tile]:
        return [Tile(c, s) for c in range(3) for s in range(6) for _ in range(3)]

    def accepts(self, tile: Tile) -> bool:
        return super().accepts(tile) and tile.color < 3


WORDS = {"en": {"variant_tiny": "Tiny"}, "fr": {"variant_tiny": "Mini"}}


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    register_variant(TinyVariant)
    for key, text in WORDS["en"].items():
        monkeypatch.setitem(CATALOG, key, text)
    for key, text in WORDS["fr"].items():  # as if the French catalog had the entry
        monkeypatch.setitem(words._TEXTS.setdefault("fr", {}), key, text)
    yield
    unregister_variant("tiny")


def test_start_links_follow_the_registry(tiny: None) -> None:
    spec = parse_start_link("?variant=tiny&seats=human,greedy,random&seed=4")
    assert spec is not None and spec.variant == "tiny" and spec.tiles is None
    with pytest.raises(StartLinkError, match="seats: 2 to 3 players"):
        parse_start_link("?variant=tiny&seats=human,greedy,random,random")
    with pytest.raises(StartLinkError, match="tiles"):
        parse_start_link("?variant=tiny&tiles=108&seats=human,greedy")


def test_the_dialog_choices_and_their_words(tiny: None) -> None:
    from qwirkle.variants import setups

    keys = [setup.key for setup in setups()]
    assert keys[-1] == "tiny"
    for lang in ("en", "fr"):
        tr = Translator(lang)
        assert all(not tr.t(f"variant_{key}").startswith("variant_") for key in keys)


def test_a_whole_game_at_the_table(tiny: None) -> None:
    store = SaveStore(DictStorage())
    c = Controller(store)
    spec = parse_start_link("?variant=tiny&seats=human,greedy&seed=11")
    assert spec is not None
    c.start(spec)
    assert variant_key(c.current) == "tiny"
    while not c.current.is_over:
        if c.computer_to_move:
            c.computer_move()
            continue
        best = max(c.current.legal_plays(), key=lambda p: p.points, default=None)
        if best is None:
            assert c.exchange_availability().enabled or c.can_pass()
            c.pass_turn() if c.can_pass() else (c.set_mode("exchange"), c.select(0), c.confirm_exchange())
            continue
        for placement in best.placements:
            index = next(i for i, t in c.rack() if t == placement.tile)
            c.select(index)
            assert c.place(placement.cell), c.note
        assert c.play() is not None
    tr = Translator("fr")
    assert panels.log_entries(c, tr) and summary.result_lines(c, tr)[0]
    assert store.load_current() is not None and "tiny" in load_stats(store).games
