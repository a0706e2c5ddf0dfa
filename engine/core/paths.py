"""Where the program keeps the user's files (autosaves, saves, settings)."""
from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

APP_NAME = "tiletable"


def user_data_dir() -> Path:
    """The user's data folder; TILETABLE_DATA_DIR overrides it (tests, portable installs)."""
    override = os.environ.get("TILETABLE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs  # only needed for the real folder

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


def new_autosave_path(game_id: str) -> Path:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return autosave_dir() / f"{game_id}-{stamp}.yaml"


def project_root() -> Path:
    return Path(__file__).resolve().parents[2]
