"""Images and fonts: loaded once, converted for fast blits; scaled and turned copies cached within a byte budget."""
from __future__ import annotations

import errno
import os
import weakref
from pathlib import Path

import pygame

from engine.core.paths import project_root
from engine.ui.surface_cache import MB, SurfaceCache

Size = tuple[int, int]
# Every picture a whole game draws at one window size is 2-6 MB (4K included): this keeps many sizes and
# zoom levels and the previewer's sheets, so no frame rescales, yet drops a dragged window's old sizes.
IMAGES_BUDGET = 64 * MB


class Assets:
    """The one loader of art: relative paths are read from the project root."""

    def __init__(self, root: str | Path | None = None, budget: int = IMAGES_BUDGET) -> None:
        self.root = Path(root) if root is not None else project_root()
        # By the caller's own path object, so frame-loop calls skip path handling; bounded by bytes.
        self._fast: SurfaceCache[tuple[object, Size | None, int], pygame.Surface] = SurfaceCache(budget, "images")
        # By the resolved file, so two spellings of one path share a copy; weak: only what _fast (or a scene) holds.
        self._images: weakref.WeakValueDictionary[tuple[str, Size | None, int], pygame.Surface] = \
            weakref.WeakValueDictionary()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}

    def resolve(self, path: str | Path) -> Path:
        p = Path(path)
        return p if p.is_absolute() else self.root / p

    # ------------------------------------------------------------------ images
    def image(self, path: str | Path, size: Size | None = None) -> pygame.Surface:
        """The picture at `path`, converted and, when size is given, exactly that size."""
        # Frame-loop calls repeat the same (path, size): answer them before any path handling.
        if isinstance(size, list):
            size = tuple(size)
        fast = self._fast.get((path, size, 0))
        if fast is not None:
            return fast
        key = (str(self.resolve(path)), _size(size), 0)
        surf = self._images.get(key)
        if surf is None:
            surf = self._images[key] = self._load(Path(key[0]), key[1])
        self._fast[(path, size, 0)] = surf
        return surf

    def _load(self, full: Path, size: Size | None) -> pygame.Surface:
        if not full.is_file():
            raise FileNotFoundError(errno.ENOENT, "art file not found", str(full))
        if full.suffix.lower() == ".svg" and size is not None:
            # Rendered at the wanted size so lines stay crisp; SDL keeps the aspect ratio,
            # so centre it on a transparent canvas of exactly `size`.
            raw = pygame.image.load_sized_svg(str(full), size)
            if raw.get_size() != size:
                canvas = pygame.Surface(size, pygame.SRCALPHA)
                canvas.blit(raw, raw.get_rect(center=(size[0] // 2, size[1] // 2)))
                raw = canvas
            return raw.convert_alpha()
        if size is None:
            return pygame.image.load(str(full)).convert_alpha()
        base = self.image(full, None)
        if base.get_size() == size:
            return base
        return pygame.transform.smoothscale(base, size).convert_alpha()

    def turned(self, path: str | Path, size: Size | None, quarter_turns: int) -> pygame.Surface:
        """The picture rotated clockwise by 90 degrees times quarter_turns."""
        q = quarter_turns % 4
        fast = self._fast.get((path, size, q))
        if fast is not None:
            return fast
        base = self.image(path, size)
        if q == 0:
            return base
        key = (str(self.resolve(path)), _size(size), q)
        surf = self._images.get(key)
        if surf is None:
            surf = self._images[key] = pygame.transform.rotate(base, -90 * q)
        self._fast[(path, size, q)] = surf
        return surf

    def turned_sixths(self, path: str | Path, size: Size, sixths: int) -> pygame.Surface:
        """A hex tile's picture (a square box, the hex centred in it) turned clockwise by 60 degrees times `sixths`,
        the same size: the hex turns onto itself, so cropping the turned picture to its box loses nothing."""
        k = sixths % 6
        if k == 0:
            return self.image(path, size)
        key = (path, size, 4 + k)  # quarter turns use 0..3: sixths 1..5 are stored as 5..9
        fast = self._fast.get(key)
        if fast is not None:
            return fast
        full = (str(self.resolve(path)), _size(size), 4 + k)
        surf = self._images.get(full)
        if surf is None:
            base = self.image(path, size)
            turned = pygame.transform.rotozoom(base, -60 * k, 1.0)
            box = pygame.Surface(base.get_size(), pygame.SRCALPHA)
            box.blit(turned, turned.get_rect(center=box.get_rect().center))
            surf = self._images[full] = box.convert_alpha()
        self._fast[key] = surf
        return surf

    def invalidate(self, path: str | Path | None = None) -> None:
        """Forget cached copies of one file (or of all), so the next draw reads it again."""
        self._fast.clear()
        if path is None:
            self._images.clear()
            return
        name = str(self.resolve(path))
        for key in [k for k in list(self._images.keys()) if k[0] == name]:
            self._images.pop(key, None)

    def mtime(self, path: str | Path) -> float:
        """When the file last changed (for live reload)."""
        return os.stat(self.resolve(path)).st_mtime

    # ------------------------------------------------------------------- fonts
    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The bundled DejaVu Sans at `size` px, cached."""
        key = (max(6, int(size)), bool(bold))
        font = self._fonts.get(key)
        if font is None:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            font = pygame.font.Font(str(project_root() / "art" / "fonts" / name), key[0])
            self._fonts[key] = font
        return font


def _size(size: Size | None) -> Size | None:
    if size is None:
        return None
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"image size must be positive, got {size!r}")
    return (w, h)
