"""The seat picker follows qwirkle.ai's registry: names from the string tables, options and the
worker from the registry."""

from app.shared import seats
from qwirkle.ai.registry import LEVELS, TABLE
from ui.words import Translator


def test_choices_follow_the_registry():
    choices = seats.seat_choices()
    assert choices[:3] == ["human", "friend", "phone"]
    assert seats.seat_choices(phones=False)[:3] == ["human", "friend", "beginner"]  # no WebRTC: no phone seat
    assert choices[3:] == [level.name for level in LEVELS] + [level.name for level in TABLE if not level.difficulty]
    assert seats.level_names() == ["beginner", "easy", "medium", "hard", "expert"]
    assert seats.default_computer() == seats.engine_player("computer") == "medium"


def test_every_player_has_a_name_in_both_languages():
    for kind in [*seats.seat_choices(), "computer"]:
        for lang in ("en", "fr"):
            name = seats.display_name(kind, Translator(lang))
            assert name and not name.startswith("level_"), (kind, lang)
    assert seats.display_name("greedy", Translator("fr")) == "Glouton"
    assert seats.display_name("hard", Translator("fr")) == "Difficile"


def test_known_kinds_worker_and_page_options():
    assert seats.is_known("computer") and seats.is_known("human") and not seats.is_known("wizard")
    assert seats.is_known("friend") and not seats.is_computer("friend") and not seats.in_worker("friend")
    assert seats.seat_label("friend", Translator("fr")) == "par lien"
    assert (
        seats.friend_problem(["human", "friend", "friend"]) is None and seats.friend_problem(["human", "easy"]) is None
    )
    assert seats.in_worker("expert") and not seats.in_worker("hard") and not seats.in_worker("human")
    assert seats.page_options("hard") == {"endgame_seconds": 0.1}
    assert seats.make_ai("hard", 3).endgame_seconds == 0.1
