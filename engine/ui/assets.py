"""Images and fonts: loaded once, converted for fast blits, and every scaled or turned copy cached."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame

from engine.core.paths import project_root

Size = tuple[int, int]


class Assets:
    """The one loader of art: relative paths are read from the project root."""

    def __init__(self, root: str | Path | None = None) -> None:
        self.root = Path(root) if root is not None else project_root()
        self._images: dict[tuple[str, Size | None], pygame.Surface] = {}
        self._turned: dict[tuple[str, Size | None, int], pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._fast: dict[tuple[object, Size | None, int], pygame.Surface] = {}  # by the caller's own path object

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
        surf = self._image(path, size)
        self._fast[(path, size, 0)] = surf
        return surf

    def _image(self, path: str | Path, size: Size | None) -> pygame.Surface:
        full = self.resolve(path)
        key = (str(full), _size(size))
        surf = self._images.get(key)
        if surf is None:
            surf = self._load(full, key[1])
            self._images[key] = surf
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
        surf = self._turned.get(key)
        if surf is None:
            surf = pygame.transform.rotate(base, -90 * q)
            self._turned[key] = surf
        self._fast[(path, size, q)] = surf
        return surf

    def invalidate(self, path: str | Path | None = None) -> None:
        """Forget cached copies of one file (or of all), so the next draw reads it again."""
        self._fast.clear()
        if path is None:
            self._images.clear()
            self._turned.clear()
            return
        name = str(self.resolve(path))
        for cache in (self._images, self._turned):
            for key in [k for k in cache if k[0] == name]:
                del cache[key]

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
