"""The board camera: world coordinates in cells, zoom on a fixed ladder so scaled art caches per level."""
from __future__ import annotations

import pygame

Point = tuple[float, float]

# Few, fixed zoom levels: every tile picture is scaled once per level and cached.
ZOOM_LEVELS: tuple[int, ...] = (32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192)


class Camera:
    """Maps board cells to screen pixels; pans with the middle button or arrows, zooms with the wheel."""

    def __init__(self, cell_px: int = 64, offset: Point = (0.0, 0.0), levels: tuple[int, ...] = ZOOM_LEVELS) -> None:
        self.levels = tuple(sorted(levels))
        self.level = self._nearest_level(cell_px)
        self.offset: list[float] = [float(offset[0]), float(offset[1])]  # screen position of world (0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.world: tuple[float, float] | None = None
        self.pan_step = 48
        self._drag_from: tuple[int, int] | None = None
        self._mouse: tuple[int, int] | None = None

    # ------------------------------------------------------------------ state
    @property
    def cell_px(self) -> int:
        return self.levels[self.level]

    @property
    def dragging(self) -> bool:
        return self._drag_from is not None

    def _nearest_level(self, px: int) -> int:
        return min(range(len(self.levels)), key=lambda i: abs(self.levels[i] - px))

    def fit(self, view_rect: pygame.Rect, world_w_cells: float, world_h_cells: float) -> None:
        """Largest zoom level showing the whole world inside view_rect, centred."""
        self.view = pygame.Rect(view_rect)
        self.world = (float(world_w_cells), float(world_h_cells))
        self.level = 0
        for i, px in enumerate(self.levels):
            if world_w_cells * px <= self.view.w and world_h_cells * px <= self.view.h:
                self.level = i
        self.center_on((world_w_cells / 2, world_h_cells / 2))

    def set_view(self, view_rect: pygame.Rect) -> None:
        """A new view rect (window resized) keeping the world point at its centre."""
        middle = self.to_world(self.view.center) if self.view.w else None
        self.view = pygame.Rect(view_rect)
        if middle is not None:
            self.center_on(middle)

    def center_on(self, world: Point) -> None:
        cx, cy = self.view.center
        self.offset = [cx - world[0] * self.cell_px, cy - world[1] * self.cell_px]
        self._clamp()

    # ------------------------------------------------------------- transforms
    def to_screen(self, world: Point) -> tuple[float, float]:
        return (self.offset[0] + world[0] * self.cell_px, self.offset[1] + world[1] * self.cell_px)

    def to_world(self, screen: Point) -> tuple[float, float]:
        return ((screen[0] - self.offset[0]) / self.cell_px, (screen[1] - self.offset[1]) / self.cell_px)

    def cell_at(self, screen: Point) -> tuple[int, int]:
        """The integer cell under a screen point."""
        x, y = self.to_world(screen)
        return (int(x // 1), int(y // 1))

    def cell_rect(self, x: float, y: float, w: float = 1, h: float = 1) -> pygame.Rect:
        """Screen rect of a block of cells; neighbouring cells share edges exactly."""
        left, top = self.to_screen((x, y))
        right, bottom = self.to_screen((x + w, y + h))
        return pygame.Rect(round(left), round(top), round(right) - round(left), round(bottom) - round(top))

    # ------------------------------------------------------------ movements
    def zoom_at(self, screen_pos: Point, steps: int) -> bool:
        """Zoom by ladder steps keeping the world point under screen_pos where it is; False at a limit."""
        new = max(0, min(len(self.levels) - 1, self.level + steps))
        if new == self.level:
            return False
        wx, wy = self.to_world(screen_pos)
        self.level = new
        self.offset = [screen_pos[0] - wx * self.cell_px, screen_pos[1] - wy * self.cell_px]
        self._clamp()
        return True

    def pan(self, dx: float, dy: float) -> None:
        self.offset[0] += dx
        self.offset[1] += dy
        self._clamp()

    def _clamp(self) -> None:
        # Never let the board leave the view entirely: a lost board is a confused player.
        if self.world is None or not self.view.w:
            return
        margin = min(self.cell_px * 2, self.view.w // 4, self.view.h // 4)
        ww, wh = self.world[0] * self.cell_px, self.world[1] * self.cell_px
        lo_x, hi_x = self.view.left + margin - ww, self.view.right - margin
        lo_y, hi_y = self.view.top + margin - wh, self.view.bottom - margin
        self.offset[0] = min(max(self.offset[0], lo_x), hi_x)
        self.offset[1] = min(max(self.offset[1], lo_y), hi_y)

    # ---------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event, wheel: bool = True) -> bool:
        """Pan/zoom from one event; True when the camera used it. wheel=False leaves the wheel alone."""
        pos = getattr(event, "pos", None)
        if pos is not None:
            self._mouse = (int(pos[0]), int(pos[1]))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 2:
            self._drag_from = self._mouse
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 2:
            was = self._drag_from is not None
            self._drag_from = None
            return was
        if event.type == pygame.MOUSEMOTION and self._drag_from is not None and pos is not None:
            self.pan(pos[0] - self._drag_from[0], pos[1] - self._drag_from[1])
            self._drag_from = self._mouse
            return True
        if event.type == pygame.MOUSEWHEEL and wheel:
            # Wheel events carry no position: zoom at the last position seen in an event.
            at = self._mouse if self._mouse is not None else self.view.center
            steps = int(event.y) if event.y else 0
            if getattr(event, "flipped", False):
                steps = -steps
            return self.zoom_at(at, steps) if steps else False
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        step = max(self.pan_step, self.cell_px)
        moves = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step), pygame.K_DOWN: (0, -step)}
        if key in moves:
            self.pan(*moves[key])
            return True
        centre = self.view.center if self.view.w else (0, 0)
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            return self.zoom_at(centre, 1)
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            return self.zoom_at(centre, -1)
        return False
