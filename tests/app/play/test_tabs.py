"""Two tabs on one game (two sessions over one storage): a tab never overwrites a newer state of the game; a stale
tab is brought up to date, by the storage event or when its own save is refused, and is told."""

from session_fakes import Events, FakeHost

from app.play.session import FOLLOW_SECONDS, Session
from app.store.saves import SAVE_PREFIX, DictStorage, SaveStore
from qwirkle import Play


def tab(storage, query=""):
    host, events = FakeHost(), Events()
    s = Session(SaveStore(storage), host, events)
    s.open(query, "en")
    return s, host, events


def human_move(s):
    c = s.controller
    if c.needs_handover:
        c.reveal()
    best = max(c.game.legal_plays(), key=lambda p: p.points)
    result = c._apply(Play(best.placements))
    s.after_move(result, human=True)
    return result


def test_a_stale_tab_never_overwrites_and_is_brought_up_to_date():
    storage = DictStorage()
    a, _, _ = tab(storage, "?variant=classic&seats=human,human&seed=9&pace=0")
    b, _, events_b = tab(storage)  # the second tab resumes the same game
    assert b.controller.game_id == a.controller.game_id
    game_id = a.controller.game_id
    human_move(a)  # tab A moves; tab B has not heard of it
    saved_by_a = storage.data[SAVE_PREFIX + game_id]
    stale_moves = len(b.controller.game.moves)
    human_move(b)  # tab B moves on its old state: its save is refused
    assert storage.data[SAVE_PREFIX + game_id] == saved_by_a
    assert b.controller.game.moves == a.controller.game.moves and len(b.controller.game.moves) == stale_moves + 1
    assert b.notice is not None and b.notice.key == "other_tab" and "entered" in events_b.seen
    assert b.controller.needs_handover  # a reloaded hot-seat game hides the racks again
    human_move(b)  # now up to date, tab B's move is saved
    assert a.storage_changed(SAVE_PREFIX + game_id)  # the storage event brings tab A up to date
    assert a.controller.game.moves == b.controller.game.moves and a.notice.key == "other_tab"
    assert not a.storage_changed(SAVE_PREFIX + game_id)  # nothing newer: nothing reloaded
    assert not a.storage_changed("qwirkle.settings")


def test_both_tabs_running_the_computers_agree():
    storage = DictStorage()
    a, host_a, _ = tab(storage, "?variant=classic&seats=greedy,greedy&seed=3&pace=0")
    b, host_b, _ = tab(storage)
    for _ in range(200):
        if a.controller.game.is_over and b.controller.game.is_over:
            break
        host_a.run()
        host_b.run()
        b.storage_changed(None)
        a.storage_changed(None)
    saved = a.store.load(a.controller.game_id)
    assert saved.game.is_over and saved.game.moves == a.controller.game.moves == b.controller.game.moves


def test_a_deleted_game_is_not_reloaded():
    storage = DictStorage()
    a, _, _ = tab(storage, "?variant=classic&seats=human,human&seed=9&pace=0")
    game_id = a.controller.game_id
    del storage.data[SAVE_PREFIX + game_id]
    assert not a.storage_changed(SAVE_PREFIX + game_id) and a.has_game()


def test_a_following_tab_waits_for_the_other_to_move_the_computers():
    storage = DictStorage()
    a, host_a, _ = tab(storage, "?variant=classic&seats=human,greedy&seed=9")
    host_a.run()  # up to the human's turn
    b, host_b, _ = tab(storage)
    human_move(a)  # tab A's computer loop is now due
    assert b.storage_changed(SAVE_PREFIX + a.controller.game_id) and b.following
    host_b.run()  # tab A never answers (closed): tab B takes over, late
    assert host_b.clock >= FOLLOW_SECONDS and not b.following and b.controller.human_to_move
    host_a.run()  # tab A's own answer is refused, and it catches up
    assert a.controller.game.moves == b.controller.game.moves and a.notice.key == "other_tab"
