"""The seat picker follows qwirkle.ai's registry, with or without LEVELS."""
import types

from app import seats


def test_choices_without_levels(monkeypatch):
    fake = types.SimpleNamespace(PLAYERS={"random": 1, "greedy": 2}, make_player=lambda n, s: (n, s))
    monkeypatch.setattr(seats, "_ai", lambda: fake)
    assert seats.seat_choices() == ["human", "computer", "random", "greedy"]
    assert seats.engine_player("computer") == "greedy"
    assert seats.make_ai("computer", 3) == ("greedy", 3)
    assert seats.display_name("greedy", "fr") == "Glouton"


def test_choices_with_levels(monkeypatch):
    levels = {"beginner": {"en": "Beginner", "fr": "Débutant"}, "medium": {"en": "Medium", "fr": "Moyen"},
              "expert": types.SimpleNamespace(en="Expert!", fr="Expert !")}
    fake = types.SimpleNamespace(PLAYERS={"random": 1, "greedy": 2, "beginner": 3, "medium": 4, "expert": 5},
                                 LEVELS=levels, make_player=lambda n, s: (n, s))
    monkeypatch.setattr(seats, "_ai", lambda: fake)
    assert seats.seat_choices() == ["human", "beginner", "medium", "expert", "random", "greedy"]
    assert seats.engine_player("computer") == "medium"
    assert seats.display_name("beginner", "fr") == "Débutant"
    assert seats.display_name("expert", "fr") == "Expert !"
    assert seats.is_known("computer") and not seats.is_known("wizard")


def test_real_registry():
    assert "human" in seats.seat_choices()
    assert seats.engine_player("computer") in seats.available_players()


def test_levels_as_a_sequence_of_dicts(monkeypatch):
    levels = ({"name": "beginner", "en": "Beginner", "fr": "Débutant"}, {"name": "medium", "en": "Medium", "fr": "Moyen"})
    fake = types.SimpleNamespace(PLAYERS={"greedy": 1, "beginner": 2, "medium": 3}, LEVELS=levels,
                                 make_player=lambda n, s: (n, s))
    monkeypatch.setattr(seats, "_ai", lambda: fake)
    assert seats.seat_choices() == ["human", "beginner", "medium", "greedy"]
    assert seats.display_name("medium", "fr") == "Moyen"
