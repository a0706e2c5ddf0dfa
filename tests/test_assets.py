"""Assets: pictures cached per size within a byte budget, shared between spellings, reloaded on demand."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.ui.assets import IMAGES_BUDGET, Assets


def _write_png(path: Path, size: tuple[int, int]) -> None:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((200, 40, 40, 255))
    pygame.draw.rect(surf, (20, 20, 200, 255), (0, 0, size[0] // 2, size[1]))
    pygame.image.save(surf, str(path))


@pytest.fixture
def tile(app, tmp_path: Path) -> Path:
    """A 40 x 20 picture, left half blue, right half red (the app gives pygame a display to convert for)."""
    png = tmp_path / "tile.png"
    _write_png(png, (40, 20))
    return png


def test_the_default_budget_is_the_named_one(tile: Path) -> None:
    assert Assets(root=tile.parent)._fast.budget == IMAGES_BUDGET


def test_many_sizes_stay_within_the_budget(tile: Path) -> None:
    budget = 2_000_000
    assets = Assets(root=tile.parent, budget=budget)
    for side in range(40, 240, 4):  # a window dragged wider: every picture at a new size each frame
        assets.image("tile.png", (side, side // 2))
        assets.turned("tile.png", (side, side // 2), 1)
        assert assets._fast.bytes <= budget
    assert assets._fast.evictions > 0
    assert assets.image("tile.png", (236, 118)).get_size() == (236, 118)  # the newest are still there


def test_a_picture_dropped_for_room_is_made_again_alike(tile: Path) -> None:
    assets = Assets(root=tile.parent, budget=200_000)
    first = assets.image("tile.png", (100, 50))
    pixels = pygame.image.tobytes(first, "RGBA")
    del first  # nothing but the cache holds it now
    for side in range(120, 200, 10):
        assets.image("tile.png", (side, side))
    again = assets.image("tile.png", (100, 50))
    assert pygame.image.tobytes(again, "RGBA") == pixels


def test_a_frame_loop_call_skips_path_handling(tile: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assets = Assets(root=tile.parent)
    first = assets.image("tile.png", (80, 40))
    turned = assets.turned("tile.png", (80, 40), 3)
    monkeypatch.setattr(assets, "resolve", lambda path: pytest.fail("a cached picture resolved its path again"))
    assert assets.image("tile.png", (80, 40)) is first
    assert assets.image("tile.png", [80, 40]) is first
    assert assets.turned("tile.png", (80, 40), -1) is turned


def test_two_spellings_of_one_file_share_one_copy(tile: Path) -> None:
    assets = Assets(root=tile.parent)
    by_name = assets.image("tile.png", (60, 30))
    assert assets.image(tile, (60, 30)) is by_name
    assert assets.turned(str(tile), (60, 30), 2) is assets.turned(Path("tile.png"), (60, 30), 2)


def test_invalidate_reads_the_changed_file_at_every_size_and_turn(tile: Path) -> None:
    assets = Assets(root=tile.parent)
    plain, scaled = assets.image("tile.png"), assets.image(tile, (80, 40))
    turned = assets.turned("tile.png", (80, 40), 1)
    other = tile.parent / "other.png"
    _write_png(other, (10, 10))
    kept = assets.image(other)
    _write_png(tile, (20, 40))  # the artist saved a new picture
    assets.invalidate(tile)
    assert assets.image("tile.png").get_size() == (20, 40) and assets.image("tile.png") is not plain
    assert assets.image(tile, (80, 40)) is not scaled
    assert assets.turned("tile.png", (80, 40), 1) is not turned
    assert assets.image(other) is kept  # only the changed file is read again
    assets.invalidate()
    assert assets.image(other) is not kept


def test_a_hex_picture_turned_by_sixths_keeps_its_size_and_moves_its_sides(app, tmp_path: Path) -> None:
    """A hex tile turned one sixth clockwise: the mark at its east side comes to its south-east side."""
    import math

    side = 120
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.circle(surf, (200, 40, 40, 255), (side - 14, side // 2), 8)  # east
    pygame.image.save(surf, str(tmp_path / "hex.png"))
    assets = Assets(root=tmp_path)
    turned = assets.turned_sixths("hex.png", (side, side), 1)
    assert turned.get_size() == (side, side)
    r = side // 2 - 14
    se = (round(side / 2 + r * math.cos(math.radians(60))), round(side / 2 + r * math.sin(math.radians(60))))
    assert turned.get_at(se).r > 150 and turned.get_at((side - 14, side // 2)).a < 60
    assert assets.turned_sixths("hex.png", (side, side), 7) is turned  # cached, and 7 sixths are 1
    assert assets.turned_sixths("hex.png", (side, side), 0) is assets.image("hex.png", (side, side))
