"""The worker's function: a move for the seat to move, from the record alone."""

import pytest

from app.links.startlink import make_spec
from app.play.ai_service import choose_move
from app.play.controller import Controller
from app.shared.seats import in_worker as is_slow
from app.store.saves import DictStorage, SaveStore
from qwirkle.record import dumps


def test_choose_move_is_legal_and_applies():
    c = Controller(SaveStore(DictStorage()))
    c.start(make_spec("classic", ["greedy", "greedy"], seed=3))
    seat = c.game.to_move
    move = choose_move(dumps(c.game), seat, "greedy", 7)
    assert c.computer_apply(move).kind == "play"
    with pytest.raises(ValueError):
        choose_move(dumps(c.game), seat, "greedy", 7)


def test_only_expert_is_slow():
    assert is_slow("expert") and not is_slow("computer") and not is_slow("greedy")
