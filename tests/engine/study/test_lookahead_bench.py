"""bench/lookahead.py: the look-ahead cost that ``expert.DEEP_COST`` stands for, on positions short of the play-outs."""

from repo_scripts import load_script

from qwirkle.ai.tuning import PLAY_OUT_BAG


def test_positions_stop_before_the_play_outs_and_both_kinds_are_timed():
    bench = load_script("lookahead", "bench")
    views = bench.positions(1)[:3]
    assert views and all(view.bag_count > PLAY_OUT_BAG for view in views)
    two, made_two = bench.cost(views, 1000, 2)
    deep, made_deep = bench.cost(views, 1000, 4)
    assert two > 0 and deep > 0
    assert made_two > made_deep > 0  # the same budget buys fewer deep look-aheads
