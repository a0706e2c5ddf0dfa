"""The setup screen's message when a game cannot start: a box inside the window, the data file named
from the project folder, no exception class names."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import engine.core.errors as errors
from engine.core import registry
from engine.core.paths import project_root
from engine.ui import theme
from engine.ui.app import App
from engine.ui.scenes.setup import SetupScene
from games.desert_sons import catalogue

@pytest.fixture
def broken_desert_sons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, int]]:
    """A copy of data/desert_sons whose tiles.yaml has a YAML syntax error, standing where the real one is."""
    root = tmp_path / "project"
    data = root / "data" / "desert_sons"
    shutil.copytree(project_root() / "data" / "desert_sons", data)
    tiles = data / "tiles.yaml"
    lines = tiles.read_text(encoding="utf-8").splitlines(keepends=True)
    broken = max(i for i, line in enumerate(lines) if "art:" in line)  # the last art line (comments may move it)
    lines[broken] = lines[broken].replace("art:", "art: [")
    tiles.write_text("".join(lines[: broken + 1]), encoding="utf-8")
    monkeypatch.setattr(catalogue, "default_data_dir", lambda: data)
    monkeypatch.setattr(errors, "project_root", lambda: root)
    catalogue.load_catalogue.cache_clear()
    yield tiles, broken + 1
    catalogue.load_catalogue.cache_clear()


@pytest.fixture(params=[(1280, 720), (960, 540)], ids=["1280x720", "960x540"])
def window(request: pytest.FixtureRequest) -> Iterator[App]:
    application = App(size=request.param, headless=True)
    yield application
    application.close()


def _click(app: App, pos: tuple[int, int]) -> None:
    app.step([
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ])
    # Move away so no tooltip lies over the message.
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])


def _setup(app: App, game: str) -> SetupScene:
    registry.discover()
    scene = SetupScene(app, registry.get(game))
    app.push(scene)
    app.step([])
    return scene


def _assert_inside(app: App, scene: SetupScene) -> tuple[pygame.Rect, list[tuple[str, pygame.Rect, bool]]]:
    box, lines = scene.message_layout()
    window = app.screen.get_rect()
    assert box is not None and window.contains(box), (box, window)
    assert lines
    for text, rect, _ in lines:
        assert box.contains(rect) and window.contains(rect), (text, rect, box)
    assert not box.colliderect(scene.start_button.rect) and not box.colliderect(scene.back_button.rect)
    return box, lines


def test_a_broken_data_file_is_shown_in_a_box_inside_the_window(window: App, broken_desert_sons) -> None:
    tiles, broken_line = broken_desert_sons
    scene = _setup(window, "desert_sons")
    _click(window, scene.start_button.rect.center)
    assert window.top is scene, "the game did not start"
    title, _, detail = scene.error.partition("\n")
    assert title == "Could not start the game"
    assert detail.startswith(f"data/desert_sons/tiles.yaml, line {broken_line + 1}: YAML syntax error: ")
    assert "DataError" not in scene.error and str(tiles.parent.parent) not in scene.error
    box, lines = _assert_inside(window, scene)
    assert [text for text, _, bold in lines if bold] == ["Could not start the game"]
    assert " ".join(text for text, _, bold in lines if not bold) == detail, "every word is shown"
    window.step([])
    assert window.screen.get_at((box.left, box.centery))[:3] == theme.BAD, "the box's edge is drawn"


def test_a_message_longer_than_the_window_ends_in_an_ellipsis_inside_it(window: App) -> None:
    scene = _setup(window, "entdecker")
    scene.error = "Could not start the game\n" + " ".join(f"/a/very/long/path/{i}/tiles.yaml" for i in range(120))
    box, lines = _assert_inside(window, scene)
    assert lines[-1][0].endswith("…")
    window.step([])


def test_a_short_problem_stays_one_line_beside_the_buttons(window: App) -> None:
    scene = _setup(window, "entdecker")
    scene.rows[0].name.text = ""
    scene.refresh()
    box, lines = scene.message_layout()
    assert box is None and [text for text, _, _ in lines] == ["Seat 1 needs a name"]
    (_, rect, _), = lines
    assert rect.left > scene.back_button.rect.right and rect.right < scene.start_button.rect.left
