"""Hex boards on screen: cells and edges through the board Camera, hit-testing and outline drawing.

The Camera's world unit is one hex size (centre to corner), so its zoom ladder reads as
"pixels per hex size" and Camera.fit takes the world size HexView.fitted returns.
"""
from __future__ import annotations

from typing import Container, Iterable

import pygame

from engine.core.hexgrid import POINTY, Edge, Hex, HexLayout
from engine.ui.camera import Camera

Point = tuple[float, float]
Colour = tuple[int, int, int] | tuple[int, int, int, int]


class HexView:
    """Screen geometry of a hex board: a HexLayout in world units (size 1) seen through a Camera."""

    def __init__(self, layout: HexLayout) -> None:
        if layout.size != 1.0:
            raise ValueError("a HexView's layout is in world units: its hex size must be 1")
        self.layout = layout

    @classmethod
    def fitted(cls, cells: Iterable[Hex], orientation: str = POINTY, margin: float = 0.0) -> tuple[HexView, Point]:
        """A view whose cells start at world (margin, margin), and the world size to give Camera.fit."""
        layout, size = HexLayout.fitted(cells, orientation, 1.0, margin)
        return cls(layout), size

    # ------------------------------------------------------------ geometry
    def centre(self, cam: Camera, cell: Hex) -> Point:
        """Screen centre of a cell."""
        return cam.to_screen(self.layout.to_pixel(cell))

    def cell_polygon(self, cam: Camera, cell: Hex) -> list[Point]:
        """Screen corners of a cell, clockwise (side d runs from corner d to d + 1)."""
        return [cam.to_screen(p) for p in self.layout.corners(cell)]

    def cell_at(self, cam: Camera, pos: Point) -> Hex:
        """The cell under a screen point (any cell: the caller knows which are on the board)."""
        return self.layout.hex_at(*cam.to_world(pos))

    def edge_segment(self, cam: Camera, edge: Edge) -> tuple[Point, Point]:
        """Screen end points of an edge."""
        a, b = self.layout.edge_segment(edge)
        return cam.to_screen(a), cam.to_screen(b)

    def edge_at(self, cam: Camera, pos: Point, px: float, allowed: Container[Edge] | None = None) -> Edge | None:
        """The edge nearest a screen point if within `px` screen pixels; only `allowed` edges when given."""
        x, y = cam.to_world(pos)
        return self.layout.edge_at(x, y, px / cam.cell_px, allowed)

    # ------------------------------------------------------------- drawing
    def draw_outline(self, surface: pygame.Surface, cam: Camera, cell: Hex, colour: Colour, width: int = 2) -> None:
        """A hex's outline (a hover or a legal spot)."""
        pygame.draw.polygon(surface, colour, self.cell_polygon(cam, cell), width)

    def fill_cell(self, surface: pygame.Surface, cam: Camera, cell: Hex, colour: Colour) -> None:
        """A hex filled with one colour; a colour with alpha is blended, not written over."""
        points = self.cell_polygon(cam, cell)
        if len(colour) == 4 and colour[3] < 255:
            # pygame.draw writes alpha as is; blend through a small layer so the board shows through.
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            left, top = int(min(xs)), int(min(ys))
            layer = pygame.Surface((int(max(xs)) - left + 2, int(max(ys)) - top + 2), pygame.SRCALPHA)
            pygame.draw.polygon(layer, colour, [(x - left, y - top) for x, y in points])
            surface.blit(layer, (left, top))
            return
        pygame.draw.polygon(surface, colour, points)

    def draw_edge(self, surface: pygame.Surface, cam: Camera, edge: Edge, colour: Colour,
                  width: int | None = None) -> None:
        """A thick line along an edge with round ends (a road, a barricade, a drop target)."""
        if width is None:
            width = max(3, cam.cell_px // 8)  # thick enough to see at every zoom level
        a, b = self.edge_segment(cam, edge)
        pygame.draw.line(surface, colour, a, b, width)
        # pygame's thick lines end square and slanted: round caps hide the ragged ends.
        radius = max(1, width // 2)
        pygame.draw.circle(surface, colour, a, radius)
        pygame.draw.circle(surface, colour, b, radius)
