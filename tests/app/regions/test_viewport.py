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
