"""A disk that refuses a write never closes the table: the game goes on, says so, and tries again.

The tests make the operating system's calls fail the way a read-only folder or
a full disk makes them fail (root, which runs CI, may write to any read-only
folder, so the failures are injected at the calls the writer makes).
"""
from __future__ import annotations

import errno
import os
import threading
import time

import pygame
import pytest
import yaml

from engine.core import registry, savefile
from engine.core.match import Match
from engine.core.rules import Seat
from engine.core.savefile import BackgroundWriter, SaveWriter, background_writer
from engine.ui.catalogue import new_match


class Disk:
    """Makes the save writer's file calls fail with `errno` while `broken` is set."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.broken: int | None = None
        real_mkstemp = savefile.tempfile.mkstemp
        real_fsync = os.fsync

        def mkstemp(*args, **kwargs):
            if self.broken == errno.EROFS:
                raise OSError(errno.EROFS, "Read-only file system")
            return real_mkstemp(*args, **kwargs)

        def fsync(fd):
            if self.broken == errno.ENOSPC:  # the temp file was made; its data does not fit
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_fsync(fd)

        monkeypatch.setattr(savefile.tempfile, "mkstemp", mkstemp)
        monkeypatch.setattr(savefile.os, "fsync", fsync)


@pytest.fixture
def disk(monkeypatch):
    return Disk(monkeypatch)


def _click(app, pos):
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def _entdecker(app, seats):
    info = registry.get("entdecker")
    match = new_match(info, seats, 7)
    app.push(info.make_scene(app, match))
    app.step([])
    return app.top


def _saved_actions(path):
    return len(yaml.safe_load(path.read_text())["actions"])


def test_a_human_move_on_a_read_only_disk_plays_on_with_a_lasting_warning_and_saves_again_later(app, disk):
    scene = _entdecker(app, [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")])
    match = scene.match
    disk.broken = errno.EROFS
    _click(app, scene.spinner_rect().center)  # the first move: today an OSError out of Match.play
    background_writer().flush()
    app.step([])
    assert len(match.log) == 1, "the move was played"
    assert match.save_problem == "the disk is read-only"
    warning = "Autosave failed: the disk is read-only. This game is not being saved."
    assert app.notices.texts == [warning]
    for _ in range(30):
        app.step([])
    assert app.notices.texts == [warning], "the warning lasts"
    assert not match.autosave_path.exists(), "nothing was written"
    disk.broken = None  # the player frees the folder: the next action saves the whole game
    from games.entdecker.rules import PlaceShip

    scene._try(PlaceShip(-1, 3))
    background_writer().flush()
    app.step([])
    assert match.save_problem is None and _saved_actions(match.autosave_path) == 2
    assert app.notices.texts == ["Autosave works again: the game is saved."]


def test_a_full_disk_keeps_the_last_good_save_whole_and_leaves_no_temp_file(app, disk):
    scene = _entdecker(app, [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")])
    match = scene.match
    _click(app, scene.spinner_rect().center)
    background_writer().flush()
    before = match.autosave_path.read_bytes()
    disk.broken = errno.ENOSPC
    from games.entdecker.rules import PlaceShip

    scene._try(PlaceShip(-1, 3))
    background_writer().flush()
    app.step([])
    assert len(match.log) == 2
    assert app.notices.texts == ["Autosave failed: the disk is full. This game is not being saved."]
    assert match.autosave_path.read_bytes() == before, "what was saved is not harmed"
    assert [p.name for p in match.autosave_path.parent.iterdir()] == [match.autosave_path.name]


def test_a_computer_move_on_a_full_disk_plays_on(app, disk):
    scene = _entdecker(app, [Seat(0, "Cora", "red", "computer"), Seat(1, "Bob", "yellow")])
    disk.broken = errno.ENOSPC
    deadline = time.monotonic() + 20
    while not scene.match.log and time.monotonic() < deadline:
        scene.computer.wait(5)
        app.step([], dt=0.5)  # today the computer's Match.play raises out of App.step
    background_writer().flush()
    app.step([])
    assert scene.match.log, "the computer seat played"
    assert scene.match.save_problem == "the disk is full"
    assert "Autosave failed: the disk is full" in app.notices.texts[0]


def test_leaving_the_game_takes_its_warning_away(app, disk):
    scene = _entdecker(app, [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")])
    disk.broken = errno.EROFS
    _click(app, scene.spinner_rect().center)
    background_writer().flush()
    app.step([])
    assert app.notices.texts
    app.to_menu()
    app.step([])
    assert app.notices.texts == []


def test_a_setting_that_cannot_be_saved_still_applies_and_says_why(app, disk):
    from engine.ui.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    app.step([])
    disk.broken = errno.EROFS
    was = app.settings.sound
    _click(app, scene.sound.rect.center)  # today settings.save raises out of the click
    assert app.settings.sound is (not was), "the change applies"
    assert app.notices.texts == ["Could not save the settings: the disk is read-only. "
                                 "They apply until the table is closed."]


def test_f11_on_a_full_disk_toggles_full_screen_and_says_the_setting_was_not_kept(app, disk):
    app.headless = False  # F11 is remembered only in a real window
    disk.broken = errno.ENOSPC
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)])
    assert app.fullscreen
    assert app.notices.texts == ["Could not save the settings: the disk is full. They apply until the table is closed."]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)])
    assert not app.fullscreen and len(app.notices.texts) == 1, "the same notice is not stacked"


def test_a_failed_write_in_the_core_match_is_remembered_not_raised(tmp_path):
    """Match.play in the simulator or a test (the synchronous writer) is as safe as in the window."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be")
    info = registry.get("entdecker")
    match = Match(info.make_rules(), [Seat(0, "A", "red"), Seat(1, "B", "yellow")], 3,
                  autosave_path=blocker / "auto.yaml")
    match.play(match.legal_actions()[0])  # a real OS refusal: ENOTDIR / EEXIST
    assert len(match.log) == 1 and match.save_problem is not None


# ----------------------------------------------------------------- the background writer
def test_the_background_writer_keeps_the_order_and_writes_the_newest_text_last(tmp_path):
    writer = BackgroundWriter()
    path = tmp_path / "game.yaml"
    made: list[int] = []
    started, gate = threading.Event(), threading.Event()

    def payload(n):
        def make():
            if n == 0:
                started.set()
                gate.wait(5)  # the first write is slow: later ones queue behind it
            made.append(n)
            return f"version: {n}\n"
        return make

    writer.submit(path, payload(0))
    assert started.wait(5)
    for n in range(1, 50):
        writer.submit(path, payload(n))
    gate.set()
    assert writer.flush(10)
    assert made == sorted(made) and made[0] == 0 and made[-1] == 49, "never reordered"
    assert len(made) < 50, "versions still waiting are replaced by newer ones"
    assert path.read_text() == "version: 49\n"
    assert writer.problem(path) is None


def test_the_background_writer_reports_a_failure_and_clears_it_on_the_next_success(tmp_path):
    writer = BackgroundWriter()
    path = tmp_path / "game.yaml"

    def failing():
        raise OSError(errno.ENOSPC, "No space left on device")

    writer.submit(path, failing)
    writer.flush(5)
    assert writer.problem(path) == "the disk is full"
    writer.submit(path, "ok: 1\n")
    writer.flush(5)
    assert writer.problem(path) is None and path.read_text() == "ok: 1\n"


def test_the_window_writes_autosaves_off_the_frame_loop(app, tmp_path):
    """A slow disk does not hold up the frame that played the action."""
    assert isinstance(background_writer(), BackgroundWriter)
    info = registry.get("entdecker")
    match = new_match(info, [Seat(0, "A", "red"), Seat(1, "B", "yellow")], 3)
    assert match.writer is background_writer() and type(SaveWriter()) is not BackgroundWriter
    release = threading.Event()
    real = savefile.write_atomic

    def slow(path, text):
        release.wait(5)
        real(path, text)

    try:
        savefile.write_atomic = slow
        match.play(match.legal_actions()[0])
        # Written on the frame loop, play would have waited out the slow write (5 s) and the file would exist.
        assert not match.autosave_path.exists(), "play waited for the write"
    finally:
        release.set()
        background_writer().flush(5)
        savefile.write_atomic = real
    assert _saved_actions(match.autosave_path) == 1
