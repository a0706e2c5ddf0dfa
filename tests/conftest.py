"""Test set-up: headless pygame, and a private user folder so tests never touch the real one."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# The table's first start follows the system's language: the tests read English whatever this machine's is
# (the German tests choose German in the settings).
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def user_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves and settings of this test go to a temporary folder."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv("TILETABLE_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app():
    """A headless 1280x720 App; pygame is shut down afterwards."""
    from engine.ui.app import App

    application = App(size=(1280, 720), headless=True)
    yield application
    application.close()


@pytest.fixture
def language():
    """`language(code)` sets the table's language for the test (forgetting missing words); English again after."""
    from engine.ui import i18n

    def use(code: str) -> None:
        i18n.set_language(code)
        i18n.missing.clear()

    yield use
    i18n.set_language("en")
    i18n.use_game(None)
