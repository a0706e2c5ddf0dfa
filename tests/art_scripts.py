"""What the art tests share: a game's art/<game>/make_art.py loaded as a module, and a headless display."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_make_art(game: str) -> ModuleType:
    """art/<game>/make_art.py as a module (the script is not a package)."""
    spec = importlib.util.spec_from_file_location(f"{game}_make_art", ROOT / "art" / game / "make_art.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def video():
    """A headless display for the module's tests (SVGs load through pygame's image module)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    yield
    pygame.display.quit()
