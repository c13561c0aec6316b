"""Pan/zoom arithmetic of the board."""

from app.regions.viewport import CELL, MAX_ZOOM, MIN_ZOOM, TOUCH_MIN_ZOOM, Viewport


def test_fit_centres_and_caps_zoom():
    v = Viewport(width=600, height=400)
    v.fit({(0, 0)})
    assert v.zoom == 1.25
    x = (0.5 * CELL) * v.zoom + v.dx
    assert abs(x - 300) < 1e-6 and not v.user_moved
    big = {(x, y) for x in range(-30, 30) for y in range(-20, 20)}
    v.fit(big)
    assert v.zoom == MIN_ZOOM
    v.fit(big, min_zoom=TOUCH_MIN_ZOOM, focus={(10, 10)})
    assert v.zoom == TOUCH_MIN_ZOOM and v.cell_at(300, 200) == (10, 10)


def test_zoom_keeps_the_point_under_the_pointer():
    v = Viewport(width=600, height=400)
    before = v.cell_at(123, 77)
    v.zoom_at(1.7, 123, 77)
    assert v.cell_at(123, 77) == before and v.user_moved
    v.zoom_at(100, 0, 0)
    assert v.zoom == MAX_ZOOM
    v.zoom_at(0.0001, 0, 0)
    assert v.zoom == MIN_ZOOM


def test_pan_reveal_and_transform():
    v = Viewport(width=600, height=400)
    v.pan(30, -10)
    assert (v.dx, v.dy) == (30, -10)
    v.reveal((20, 20))
    assert v.is_visible((20, 20))
    assert v.transform().startswith("translate(")


def test_every_cell_the_selected_tile_may_take_is_shown_whatever_the_touch_minimum():
    """Issue 48: a puzzle on a phone said "4 cells allowed" and showed the edge of one. The cells a selected tile
    may take are all in view, the zoom lowered below a tappable cell if they need it."""
    tiles = {(x, y) for x in range(-8, 9) for y in range(-6, 7)}
    for must in ({(-9, -7), (9, 7)}, {(-9, 0), (-9, 1)}, {(9, -7)}):
        v = Viewport(width=324, height=392)
        v.fit(tiles, min_zoom=TOUCH_MIN_ZOOM, focus={(0, 0)}, must=must)
        assert all(v.is_visible(cell) for cell in must), must
        assert v.zoom <= TOUCH_MIN_ZOOM
    v = Viewport(width=324, height=392)
    v.fit({(0, 0), (1, 0)}, min_zoom=TOUCH_MIN_ZOOM, must={(2, 0)})  # they fit anyway: no smaller than needed
    assert v.zoom == 1.25 and v.is_visible((2, 0))


def test_the_empty_board_is_centred_on_the_opening_cell():
    v = Viewport(width=702, height=480)
    v.fit({(-2, -2), (2, 2)})
    centre_x = (0.5 * CELL) * v.zoom + v.dx
    centre_y = (0.5 * CELL) * v.zoom + v.dy
    assert abs(centre_x - 702 / 2) < 1 and abs(centre_y - 480 / 2) < 1


def test_a_board_too_large_for_a_phone_fills_the_view_around_the_last_move():
    """A phone keeps cells tappable, so a board wider than the view is shown around the last move: moved back
    so that the board fills the view rather than leaving a blank band on one side while the other is cut off
    (cells allowed near the far edge were out of view for nothing), and centred the way it fits."""
    v = Viewport(width=322, height=522)
    cells = {(x, y) for x in range(-3, 6) for y in range(-2, 3)}  # 9 columns: wider than 322 px at 47 px a cell
    v.fit(cells, min_zoom=TOUCH_MIN_ZOOM, focus={(4, 0)})
    assert v.zoom == TOUCH_MIN_ZOOM
    right_edge = (5 + 1 + 0.5) * CELL * v.zoom + v.dx
    assert abs(right_edge - 322) < 1e-6  # the board's right end at the view's, no blank band
    assert (-3 - 0.5) * CELL * v.zoom + v.dx < 0  # the rest goes on past the left edge
    top_edge = (-2 - 0.5) * CELL * v.zoom + v.dy
    bottom_edge = (2 + 1 + 0.5) * CELL * v.zoom + v.dy
    assert abs(top_edge - (522 - bottom_edge)) < 1e-6  # five rows fit: centred up and down
    v.fit(cells, min_zoom=TOUCH_MIN_ZOOM, focus={(1, 0)})  # a move in the middle stays in the middle
    assert v.cell_at(322 / 2, 261) == (1, 0)
