"""A game's art folder for its scene: which pictures exist, which were asked for and are missing, and the
pictures the scene makes itself (stand-ins, turned copies) in one bounded cache.

A game's art class (SomersetArt, DesertArt, RealmArt) subclasses ArtFolder: `has(name)` says once per
name whether art/<game>/<name> exists (a missing one is noted in `missing`, so the table and the
previewer can say what is missing and draw a plain stand-in instead of crashing), `svg(name, size)`
loads it through the App's Assets (converted, cached per size), and `made` keeps whatever the scene
draws from it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Hashable

import pygame

from engine.ui.assets import Assets
from engine.ui.surface_cache import MB, SurfaceCache

Size = tuple[int, int]


class ArtFolder:
    """The art files of one game, looked up once per name, and the pictures made from them."""

    def __init__(self, assets: Assets, art_dir: Path, font: Callable[[int, bool], pygame.font.Font],
                 made_budget: int = 8 * MB, name: str = "pieces") -> None:
        self.assets = assets
        self.dir = Path(art_dir)
        self.font = font
        self._has: dict[str, bool] = {}
        self.missing: set[str] = set()  # art files asked for and not found (drawn as stand-ins)
        self.made: SurfaceCache[Hashable, pygame.Surface] = SurfaceCache(made_budget, name)

    def has(self, name: str) -> bool:
        """Whether <art dir>/<name> exists (asked once per name until `forget`); a missing one is noted."""
        hit = self._has.get(name)
        if hit is None:
            hit = self._has[name] = (self.dir / name).is_file()
            if not hit:
                self.missing.add(name)
        return hit

    def forget(self) -> None:
        """Look for the files again (the previewer after an edit, a scene after the art changed)."""
        self._has.clear()
        self.missing.clear()
        self.made.clear()

    def svg(self, name: str, size: Size) -> pygame.Surface:
        return self.assets.image(self.dir / name, size)

    def remember(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A picture the scene makes once per key (a stand-in, a turned or mirrored copy)."""
        return self.made.remember(key, make)
