"""Hex boards on screen: cells and edges through the Camera (world unit = one hex size), hit-tests, drawing."""
from __future__ import annotations

import math

import pygame
import pytest

from engine.core import hexgrid
from engine.core.hexgrid import FLAT, POINTY, Edge, HexLayout
from engine.ui.camera import Camera
from engine.ui.hexview import HexView

BOARD = hexgrid.within((0, 0), 2)  # a 19-hex map


def view_and_camera(orientation: str = POINTY, cell_px: int = 64) -> tuple[HexView, Camera]:
    view, (w, h) = HexView.fitted(BOARD, orientation, margin=0.25)
    cam = Camera(cell_px=cell_px)
    cam.offset = [37.0, 21.0]  # anywhere: nothing may assume the board starts at the window corner
    return view, cam


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
@pytest.mark.parametrize("cell_px", [32, 64, 112])
def test_a_cells_polygon_has_its_corners_one_zoom_step_from_its_centre(orientation: str, cell_px: int) -> None:
    view, cam = view_and_camera(orientation, cell_px)
    for cell in BOARD:
        cx, cy = view.centre(cam, cell)
        points = view.cell_polygon(cam, cell)
        assert len(points) == 6
        assert [math.hypot(x - cx, y - cy) for x, y in points] == pytest.approx([cell_px] * 6)


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_cell_at_finds_the_hex_under_a_screen_point_at_every_zoom(orientation: str) -> None:
    view, cam = view_and_camera(orientation)
    for level in range(len(cam.levels)):
        cam.level = level
        for cell in BOARD:
            cx, cy = view.centre(cam, cell)
            assert view.cell_at(cam, (cx, cy)) == cell
            r = 0.8 * cam.cell_px * math.sqrt(3) / 2  # inside the inscribed circle
            for angle in range(0, 360, 45):
                point = (cx + r * math.cos(math.radians(angle)), cy + r * math.sin(math.radians(angle)))
                assert view.cell_at(cam, point) == cell


def test_an_edge_segment_on_screen_joins_two_corners_both_cells_share() -> None:
    view, cam = view_and_camera()
    for d in range(6):
        e = hexgrid.edge((0, 0), d)
        a, b = view.edge_segment(cam, e)
        for cell in e.cells:
            corners = view.cell_polygon(cam, cell)
            assert min(math.dist(a, c) for c in corners) < 1e-6
            assert min(math.dist(b, c) for c in corners) < 1e-6
        assert math.dist(a, b) == pytest.approx(cam.cell_px)  # a regular hex's side is its size


def test_edge_at_takes_its_reach_in_screen_pixels_whatever_the_zoom() -> None:
    view, cam = view_and_camera()
    e = Edge((0, 0), (1, 0))
    for level in (0, 5, len(cam.levels) - 1):
        cam.level = level
        (ax, ay), (bx, by) = view.edge_segment(cam, e)
        cx, cy = view.centre(cam, (0, 0))
        mx, my = (ax + bx) / 2, (ay + by) / 2
        towards = math.dist((mx, my), (cx, cy))
        point = (mx + (cx - mx) * 8 / towards, my + (cy - my) * 8 / towards)  # 8 px inside (0, 0)
        assert view.edge_at(cam, point, 10) == e
        assert view.edge_at(cam, point, 6) is None


def test_edge_at_with_allowed_edges_ignores_the_others() -> None:
    view, cam = view_and_camera()
    e = Edge((0, 0), (1, 0))
    (ax, ay), (bx, by) = view.edge_segment(cam, e)
    middle = ((ax + bx) / 2, (ay + by) / 2)
    assert view.edge_at(cam, middle, 10, {e}) == e
    assert view.edge_at(cam, middle, 10, {Edge((0, 0), (0, 1))}) is None


def test_fitted_board_is_wholly_inside_the_view_after_camera_fit() -> None:
    view, (w, h) = HexView.fitted(BOARD, POINTY, margin=0.25)
    cam = Camera()
    rect = pygame.Rect(100, 50, 800, 600)
    cam.fit(rect, w, h)
    points = [p for cell in BOARD for p in view.cell_polygon(cam, cell)]
    assert all(rect.left <= x <= rect.right and rect.top <= y <= rect.bottom for x, y in points)
    # ...and as large as the zoom ladder allows: one step more would not fit.
    assert cam.level < len(cam.levels) - 1
    bigger = cam.levels[cam.level + 1]
    assert w * bigger > rect.w or h * bigger > rect.h


def test_a_view_refuses_a_layout_not_in_world_units() -> None:
    with pytest.raises(ValueError):
        HexView(HexLayout(POINTY, 40.0))


def screen() -> pygame.Surface:
    surface = pygame.Surface((640, 480))
    surface.fill((0, 0, 0))
    return surface


def test_draw_edge_paints_along_the_edge_and_not_the_cells_middle() -> None:
    view, cam = view_and_camera()
    surface = screen()
    e = Edge((0, 0), (1, 0))
    view.draw_edge(surface, cam, e, (255, 200, 0))
    (ax, ay), (bx, by) = view.edge_segment(cam, e)
    for t in (0.0, 0.25, 0.5, 0.75, 1.0):  # round caps cover the very ends too
        x, y = ax + t * (bx - ax), ay + t * (by - ay)
        assert surface.get_at((round(x), round(y)))[:3] == (255, 200, 0)
    cx, cy = view.centre(cam, (0, 0))
    assert surface.get_at((round(cx), round(cy)))[:3] == (0, 0, 0)


def test_draw_outline_paints_the_border_only_and_fill_cell_blends_alpha() -> None:
    view, cam = view_and_camera()
    surface = screen()
    view.draw_outline(surface, cam, (0, 0), (0, 255, 0), 3)
    corner = view.cell_polygon(cam, (0, 0))[1]
    cx, cy = view.centre(cam, (0, 0))
    inward = (corner[0] + (cx - corner[0]) * 0.02, corner[1] + (cy - corner[1]) * 0.02)
    assert surface.get_at((round(inward[0]), round(inward[1])))[:3] == (0, 255, 0)
    assert surface.get_at((round(cx), round(cy)))[:3] == (0, 0, 0)
    surface.fill((0, 0, 200))
    view.fill_cell(surface, cam, (0, 0), (255, 0, 0, 128))
    r, g, b = surface.get_at((round(cx), round(cy)))[:3]
    assert 100 < r < 160 and 70 < b < 130  # half red over blue, not a red hole in the board
    view.fill_cell(surface, cam, (0, 0), (255, 0, 0))
    assert surface.get_at((round(cx), round(cy)))[:3] == (255, 0, 0)
