"""The screen foundation: menu, setup, parse_seats, camera, assets, computer seats and the command line.

UI tests feed real mouse and keyboard events through App.step(), as a player's hand would.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine.core import registry
from engine.core.registry import GameInfo
from engine.core.rules import Action, ScoreSheet, Seat, action
import engine.ui.app as app_module
from engine.ui import i18n, theme
from engine.ui.app import App
from engine.ui.catalogue import discover_games, new_match, parse_seats
from engine.ui.assets import Assets
from engine.ui.camera import ZOOM_LEVELS, Camera
from engine.ui.computer import ComputerDriver
from engine.ui.scene import Scene
from engine.ui.scenes.menu import MenuScene
from engine.ui.scenes.setup import SetupScene
from engine.ui.widgets import Button, Toggle, WidgetGroup, wrap_text

ROOT = Path(__file__).resolve().parents[1]
FAKE_ID = "fake_ui_shell"


# ------------------------------------------------------------- a tiny game
@action(FAKE_ID, "pass")
class Pass(Action):
    """The fake game's only action: pass the turn."""


class FakeRules:
    """Six passes around the table, then the game is over."""

    game_id = FAKE_ID

    def setup(self, seats: list[Seat], seed: int, options: dict[str, Any]) -> tuple[int, int]:
        return (0, len(seats))

    def to_move(self, state: tuple[int, int]) -> int | None:
        turn, n = state
        return None if turn >= 6 else turn % n

    def legal_actions(self, state: tuple[int, int]) -> list[Action]:
        return [] if self.to_move(state) is None else [Pass()]

    def why_illegal(self, state: tuple[int, int], act: Action) -> str | None:
        return None if isinstance(act, Pass) and self.to_move(state) is not None else "The game is over."

    def apply(self, state: tuple[int, int], act: Action) -> tuple[int, int]:
        return (state[0] + 1, state[1])

    def score_sheet(self, state: tuple[int, int]) -> ScoreSheet:
        return ScoreSheet(seats=[str(i) for i in range(state[1])], totals=[0] * state[1])

    def view(self, state: tuple[int, int], seat: int) -> tuple[int, int]:
        return state

    def chance_count(self, state: tuple[int, int]) -> int:
        return 0

    def describe(self, state: tuple[int, int], act: Action) -> str:
        return "passes"

    def has_private_information(self) -> bool:
        return False


class FakeScene(Scene):
    """The fake game's screen: it only remembers its match."""

    def __init__(self, app: App, match: Any) -> None:
        super().__init__(app)
        self.match = match

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 60, 50))


FAKE = GameInfo(
    id=FAKE_ID,
    title="Aardvark Test Game",
    min_seats=2,
    max_seats=4,
    make_rules=FakeRules,
    make_scene=FakeScene,
    blurb="A game that exists only inside the tests.",
)


@pytest.fixture(autouse=True)
def fake_game():
    discover_games()  # the real games first: once anything is registered, the registry stops discovering
    registry.register(FAKE)
    yield FAKE
    registry._GAMES.pop(FAKE_ID, None)


# ----------------------------------------------------------------- helpers
def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.step([
        motion(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ])


def type_text(app: App, text: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text])


def key(app: App, k: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


def open_setup(app: App) -> SetupScene:
    app.push(MenuScene(app))
    app.step([])
    click(app, app.top.card_for(FAKE_ID).rect.center)
    scene = app.top
    assert isinstance(scene, SetupScene)
    return scene


# -------------------------------------------------------------------- menu
def test_menu_lists_every_registered_game(app: App) -> None:
    app.push(MenuScene(app))
    app.step([])
    ids = [card.info.id for card in app.top.cards]
    assert FAKE_ID in ids
    assert sorted(ids) == sorted(g.id for g in registry.games() if registry.playable(g))


def test_clicking_a_game_card_opens_its_setup(app: App) -> None:
    scene = open_setup(app)
    assert scene.info is FAKE
    assert len(app.scenes) == 2


def test_quit_button_stops_the_loop(app: App) -> None:
    app.push(MenuScene(app))
    app.step([])
    click(app, app.top.quit_button.rect.center)
    assert not app.running


def test_menu_lays_out_again_on_resize(app: App) -> None:
    app.push(MenuScene(app))
    app.step([])
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)])
    assert app.size == (1920, 1080)
    assert app.screen.get_size() == (1920, 1080)
    for card in app.top.cards:
        assert app.screen.get_rect().contains(card.rect)


# ------------------------------------------------------------------- setup
def test_seats_start_at_two_and_stay_within_min_and_max(app: App) -> None:
    scene = open_setup(app)
    assert len(scene.rows) == 2
    click(app, scene.rows[0].remove.rect.center)  # disabled at the minimum
    assert len(scene.rows) == 2
    for _ in range(3):
        click(app, scene.add_button.rect.center)
    assert len(scene.rows) == 4
    assert not scene.add_button.enabled
    assert "at most 4" in scene._add_tip()
    click(app, scene.rows[1].remove.rect.center)
    assert len(scene.rows) == 3
    assert scene.add_button.enabled


def test_colours_stay_unique_while_cycling(app: App) -> None:
    scene = open_setup(app)
    click(app, scene.add_button.rect.center)
    palette = [c.id for c in theme.seat_colours()]
    assert [r.colour.value for r in scene.rows] == palette[:3]
    for button in (1, 1, 1, 3, 1, 3, 3):
        click(app, scene.rows[0].colour.rect.center, button)
        values = [r.colour.value for r in scene.rows]
        assert len(set(values)) == len(values)
    click(app, scene.add_button.rect.center)
    values = [r.colour.value for r in scene.rows]
    assert len(set(values)) == 4


def test_typing_a_name_replaces_the_default(app: App) -> None:
    scene = open_setup(app)
    field = scene.rows[0].name
    click(app, field.rect.center)
    assert field.focused
    type_text(app, "Anna")
    assert field.text == "Anna"
    key(app, pygame.K_BACKSPACE)
    assert field.text == "Ann"
    click(app, scene.rows[1].name.rect.center)
    assert not field.focused and scene.rows[1].name.focused
    type_text(app, "Bob")
    assert [r.name.text for r in scene.rows] == ["Ann", "Bob"]


def test_computer_seat_takes_a_computer_name_until_renamed(app: App) -> None:
    scene = open_setup(app)
    click(app, scene.rows[1].kind.rect.center)
    assert scene.rows[1].kind.value == "normal" and scene.rows[1].seat(1).level == "normal"
    assert scene.rows[1].name.text == "Computer 1"


def test_each_computer_seat_gets_its_level_on_the_setup_screen(app: App) -> None:
    """Issue 14: Easy, Normal and Hard per seat; the seat the game gets carries it (and its save)."""
    scene = open_setup(app)
    seen = []
    for _ in range(4):
        click(app, scene.rows[1].kind.rect.center)
        seen.append((scene.rows[1].kind.value, scene.rows[1].seat(1).kind, scene.rows[1].seat(1).level))
    assert seen == [("normal", "computer", "normal"), ("hard", "computer", "hard"), ("easy", "computer", "easy"),
                    ("human", "human", "normal")]
    assert scene.rows[1].name.text == "Player 2", "back to a person: a person's name"
    seat = Seat(1, "Computer 1", "yellow", "computer", "hard")
    assert Seat.from_dict(seat.to_dict()) == seat and seat.to_dict()["level"] == "hard"
    assert "level" not in Seat(0, "Ann", "red").to_dict()


def test_start_builds_the_seats_and_replaces_setup_with_the_game(app: App, user_data_dir: Path) -> None:
    scene = open_setup(app)
    click(app, scene.rows[0].name.rect.center)
    type_text(app, "Ann")
    click(app, scene.rows[1].kind.rect.center)
    click(app, scene.seed.rect.center)
    type_text(app, "4x2")  # letters are refused: the seed is a number
    click(app, scene.start_button.rect.center)
    game = app.top
    assert isinstance(game, FakeScene)
    assert isinstance(app.scenes[0], MenuScene) and len(app.scenes) == 2
    match = game.match
    assert match.seats == [Seat(0, "Ann", "red", "human"), Seat(1, "Computer 1", "yellow", "computer")]
    assert match.seed == 42
    assert match.autosave_path is not None and user_data_dir in match.autosave_path.parents


def test_start_is_refused_while_two_seats_share_a_name(app: App) -> None:
    scene = open_setup(app)
    click(app, scene.rows[1].name.rect.center)
    type_text(app, "player 1")
    assert not scene.start_button.enabled
    assert "player 1" in scene._start_tip().lower()
    click(app, scene.start_button.rect.center)
    assert app.top is scene


def test_enter_starts_and_escape_goes_back(app: App) -> None:
    open_setup(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    click(app, app.top.card_for(FAKE_ID).rect.center)
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, FakeScene)


def test_a_broken_game_does_not_hide_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "shelf_games"
    (pkg / "good").mkdir(parents=True)
    (pkg / "bad").mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "good" / "__init__.py").write_text(
        "from engine.core.registry import GameInfo, register\n"
        "register(GameInfo('shelf_good', 'Shelf Good', 2, 2, make_rules=None, make_scene=None))\n"
    )
    (pkg / "bad" / "__init__.py").write_text("raise RuntimeError('half-written game')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        errors = discover_games("shelf_games")
        assert "half-written game" in errors["shelf_games.bad"]
        assert registry.get("shelf_good").title == "Shelf Good"
    finally:
        registry._GAMES.pop("shelf_good", None)
        registry.errors.pop("shelf_games.bad", None)


# ------------------------------------------------------------- parse_seats
def test_parse_seats_names_humans_and_computers_in_palette_order() -> None:
    seats = parse_seats("Ann,Bob,computer", FAKE)
    assert seats == [
        Seat(0, "Ann", "red", "human"),
        Seat(1, "Bob", "yellow", "human"),
        Seat(2, "Computer 1", "white", "computer"),
    ]


@pytest.mark.parametrize(
    "spec, expected",
    [
        ("CPU, cpu", [("Computer 1", "red", "computer"), ("Computer 2", "yellow", "computer")]),
        ("Ann:computer,Bob", [("Ann", "red", "computer"), ("Bob", "yellow", "human")]),
        ("Ann:purple,Bob", [("Ann", "purple", "human"), ("Bob", "red", "human")]),
        (" Ann , Bob:Computer:white ", [("Ann", "red", "human"), ("Bob", "white", "computer")]),
    ],
)
def test_parse_seats_variants(spec: str, expected: list[tuple[str, str, str]]) -> None:
    assert [(s.name, s.colour, s.kind) for s in parse_seats(spec, FAKE)] == expected


@pytest.mark.parametrize(
    "spec, words",
    [
        ("Ann", "2 to 4"),
        ("a,b,c,d,e", "2 to 4"),
        ("Ann,,Bob", "empty"),
        ("Ann,ann", "called"),
        ("Ann:red,Bob:red", "colour red"),
        ("Ann:wizard,Bob", "wizard"),
    ],
)
def test_parse_seats_refuses_with_a_reason(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        parse_seats(spec, FAKE)


# ------------------------------------------------------------------ camera
def test_camera_round_trips_between_world_and_screen() -> None:
    cam = Camera(cell_px=64, offset=(13.5, -40))
    for point in [(0, 0), (3.25, 7.5), (-2, 11)]:
        back = cam.to_world(cam.to_screen(point))
        assert back == pytest.approx(point)


def test_camera_zoom_keeps_the_point_under_the_cursor() -> None:
    cam = Camera(cell_px=64)
    cam.fit(pygame.Rect(0, 0, 1280, 720), 12, 10)
    cursor = (700, 300)
    before = cam.to_world(cursor)
    for steps in (1, 2, -1, -3):
        assert cam.zoom_at(cursor, steps)
        assert cam.cell_px in ZOOM_LEVELS
        assert cam.to_world(cursor) == pytest.approx(before)


def test_camera_fit_shows_the_whole_board_centred() -> None:
    cam = Camera()
    view = pygame.Rect(100, 50, 1000, 600)
    cam.fit(view, 12, 8)
    board = cam.cell_rect(0, 0, 12, 8)
    assert view.contains(board)
    assert abs(board.centerx - view.centerx) <= 1 and abs(board.centery - view.centery) <= 1
    bigger = ZOOM_LEVELS[ZOOM_LEVELS.index(cam.cell_px) + 1]
    assert 12 * bigger > view.w or 8 * bigger > view.h


def test_camera_pans_with_the_middle_button_and_zooms_with_the_wheel() -> None:
    cam = Camera()
    cam.fit(pygame.Rect(0, 0, 1280, 720), 20, 12)
    start = tuple(cam.offset)
    cam.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 400), button=2))
    cam.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(530, 380), rel=(30, -20), buttons=(0, 1, 0)))
    cam.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(530, 380), button=2))
    assert tuple(cam.offset) == pytest.approx((start[0] + 30, start[1] - 20))
    under = cam.to_world((530, 380))
    level = cam.cell_px
    assert cam.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert cam.cell_px > level
    assert cam.to_world((530, 380)) == pytest.approx(under)
    assert not cam.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False), wheel=False)
    before = tuple(cam.offset)
    assert cam.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    assert cam.offset[0] > before[0]


# ------------------------------------------------------------------ assets
def _write_png(path: Path, size: tuple[int, int]) -> None:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((200, 40, 40, 255))
    pygame.draw.rect(surf, (20, 20, 200, 255), (0, 0, size[0] // 2, size[1]))
    pygame.image.save(surf, str(path))


def test_assets_cache_convert_and_turn(app: App, tmp_path: Path) -> None:
    png = tmp_path / "tile.png"
    _write_png(png, (40, 20))
    assets = Assets(root=tmp_path)
    first = assets.image("tile.png")
    assert assets.image(png) is first
    assert first.get_flags() & pygame.SRCALPHA and first.get_bitsize() == 32
    scaled = assets.image("tile.png", (80, 40))
    assert scaled.get_size() == (80, 40) and assets.image("tile.png", (80, 40)) is scaled
    turned = assets.turned("tile.png", (80, 40), 1)
    assert turned.get_size() == (40, 80) and assets.turned("tile.png", (80, 40), 5) is turned
    # Clockwise: the left (blue) half ends on top.
    assert turned.get_at((20, 5))[:3] == (20, 20, 200)
    assets.invalidate(png)
    assert assets.image("tile.png") is not first


def test_assets_render_svg_at_the_asked_size(app: App, tmp_path: Path) -> None:
    svg = tmp_path / "disc.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
        '<circle cx="5" cy="5" r="5" fill="#1a7a74"/></svg>'
    )
    surf = Assets(root=tmp_path).image("disc.svg", (96, 96))
    assert surf.get_size() == (96, 96)
    assert surf.get_at((48, 48))[:3] == (0x1A, 0x7A, 0x74)


def test_missing_art_raises_with_the_path(app: App, tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="nothing.svg"):
        Assets(root=tmp_path).image("nothing.svg", (32, 32))


# ----------------------------------------------------------------- widgets
def test_disabled_button_ignores_clicks_and_toggle_flips(app: App) -> None:
    clicks: list[str] = []
    flips: list[bool] = []
    button = Button(pygame.Rect(10, 10, 100, 40), "Go", lambda: clicks.append("go"), enabled=False, tooltip="Not yet")
    toggle = Toggle(pygame.Rect(10, 80, 200, 40), "Sound", on_change=flips.append)
    ui = WidgetGroup([button, toggle])

    class Panel(Scene):
        def handle(self, event: pygame.event.Event) -> None:
            ui.handle(event)

        def draw(self, surface: pygame.Surface) -> None:
            ui.draw(surface, app.font(16))
            ui.draw_tooltips(surface, app.font(14))

    app.push(Panel(app))
    click(app, (50, 30))
    assert clicks == [] and button.hover
    button.enabled = True
    click(app, (50, 30))
    assert clicks == ["go"]
    click(app, (30, 100))
    click(app, (30, 100))
    assert flips == [True, False] and toggle.value is False


def test_wrap_text_keeps_every_line_inside_the_width(app: App) -> None:
    font = app.font(16)
    text = "Sail into the unknown and claim the islands you discover; Donaudampfschifffahrtsgesellschaft."
    lines = wrap_text(text, font, 150)
    assert len(lines) > 2
    assert all(font.size(line)[0] <= 150 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_f11_toggles_fullscreen_and_back(app: App) -> None:
    app.push(MenuScene(app))
    key(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1280, 720)


# ------------------------------------------------------------------ others
def test_seat_marks_draw_something_inside_their_rect(app: App) -> None:
    for colour in theme.seat_colours():
        surf = pygame.Surface((40, 40))
        surf.fill((0, 0, 0))
        theme.draw_mark(surf, colour.mark, pygame.Rect(4, 4, 32, 32), (255, 255, 255))
        lit = sum(1 for x in range(40) for y in range(40) if surf.get_at((x, y))[0] > 128)
        assert lit > 20, colour.mark
        assert surf.get_at((1, 1))[0] == 0


def test_overlay_scene_draws_over_the_scene_below(app: App) -> None:
    calls: list[str] = []

    class Below(Scene):
        def draw(self, surface: pygame.Surface) -> None:
            calls.append("below")

    class Overlay(Scene):
        opaque = False

        def draw(self, surface: pygame.Surface) -> None:
            calls.append("overlay")

    app.push(Below(app))
    app.push(Overlay(app))
    app.step([])
    assert calls == ["below", "overlay"]


def test_computer_driver_plays_after_a_pause_without_blocking(app: App) -> None:
    match = new_match(FAKE, parse_seats("computer:random,Ann", FAKE), seed=5)
    driver = ComputerDriver(match, delay=0.5)
    driver.update(1 / 60)
    assert driver.thinking == 0
    assert driver.wait(2.0)
    driver.update(0.1)
    assert len(match.log) == 0  # the answer is ready, but the pause is not over
    for _ in range(30):
        driver.update(1 / 60)
    assert len(match.log) == 1 and match.to_move() == 1
    assert driver.thinking is None
    driver.update(1.0)
    assert driver.thinking is None  # a human seat: nothing to do


class FirstAgent:
    """Plays the first legal action it sees (built in the worker process, so defined where it can be imported)."""

    def __init__(self, rules, seat: int, seed: int) -> None:
        self.rules = rules

    def choose(self, view):
        return self.rules.legal_actions(view)[0]


def test_computer_driver_shows_a_five_tribes_meeple_drop_briefly_and_a_bid_for_the_full_pause() -> None:
    """A computer's move is many one-meeple drops: each stays in view for the rules' pace (a share of the pause)."""
    from games.five_tribes.rules import DROP_PACE
    from games.five_tribes.rules_state import Drop

    info = registry.get("five_tribes")
    match = new_match(info, parse_seats("computer,computer", info), seed=3)

    driver = ComputerDriver(match, delay=1.0, agent=FirstAgent)

    def played_after(seconds: float) -> bool:
        before = len(match.log)
        driver.update(0.0)
        assert driver.wait(5.0)
        driver.update(seconds)
        return len(match.log) > before

    assert not isinstance(match.rules.legal_actions(match.state)[0], Drop)  # the first bid
    assert not played_after(DROP_PACE + 0.05)
    driver.cancel()
    while not isinstance(match.rules.legal_actions(match.state)[0], Drop):
        match.play(match.rules.legal_actions(match.state)[0])
    assert not played_after(DROP_PACE - 0.05)
    driver.cancel()
    assert played_after(DROP_PACE + 0.05)
    assert isinstance(match.log[-1].action, Drop)


def test_computer_driver_discards_a_stale_answer(app: App) -> None:
    match = new_match(FAKE, parse_seats("computer:random,computer:random", FAKE), seed=5)
    driver = ComputerDriver(match, delay=0.0)
    driver.update(0.0)
    assert driver.wait(2.0)
    match.play(Pass())  # the match moved on while the computer thought
    driver.update(0.1)
    assert len(match.log) == 1
    assert driver.thinking == 1  # a fresh decision for the seat now to move


# ------------------------------------------------------------- command line
def _main(args: list[str], data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TILETABLE_DATA_DIR=str(data_dir))
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


def test_main_screenshot_writes_a_png_of_the_menu(tmp_path: Path, user_data_dir: Path) -> None:
    out = tmp_path / "shots" / "menu.png"
    result = _main(["--screenshot", str(out)], user_data_dir)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_main_unknown_game_lists_the_known_ones(user_data_dir: Path) -> None:
    result = _main(["--game", "no_such_game", "--screenshot", "x.png"], user_data_dir)
    assert result.returncode == 2
    assert "no_such_game" in result.stderr and "known games" in result.stderr
    assert not (ROOT / "x.png").exists()


def test_main_refuses_a_damaged_save_without_writing(tmp_path: Path, user_data_dir: Path) -> None:
    save = tmp_path / "broken.yaml"
    save.write_text("format: 1\ngame: [unclosed\n", encoding="utf-8")
    before = save.read_bytes()
    result = _main(["--load", str(save)], user_data_dir)
    assert result.returncode == 2
    assert "broken.yaml" in result.stderr
    assert save.read_bytes() == before
    assert not user_data_dir.exists()


# ------------------------------------------------------------- the score sheet's account
def test_a_long_account_on_the_final_sheet_scrolls_from_its_first_line_to_its_last(app: App) -> None:
    """Every detail line of the sheet can be read: the account starts at the top and scrolls to the end."""
    from engine.core.rules import ScoreRow
    from engine.ui.scenes.scoresheet import ScoreSheetScene

    match = new_match(FAKE, parse_seats("Ann,Bob", FAKE), seed=5)
    details = [f"Island {k}: scored for Ann" for k in range(60)]
    sheet = ScoreSheet(["Ann", "Bob"], [ScoreRow("Islands", [60, 0])], [60, 0], [0, 1], "", details, final=True)
    scene = ScoreSheetScene(app, match, sheet)
    app.push(scene)
    app.step([])
    acc = scene.account
    assert acc["first"] == 0 and 0 < acc["shown"] < 60 and acc["lines"] == 60
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    app.step([])
    assert scene.account["first"] == 3
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)])
    app.step([])
    acc = scene.account
    assert acc["first"] + acc["shown"] == 60, "the last line can be reached"
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False)])
    app.step([])
    assert scene.account["first"] + scene.account["shown"] == 60, "never past the end"
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0)])
    app.step([])
    assert scene.account["first"] == 0


def test_a_long_continue_label_stays_inside_its_button_and_is_said_whole_in_the_tooltip(app: App) -> None:
    """Issue 13: the menu's Continue label ran past its button at 1280x720."""
    from engine.core.match import Match
    from engine.core import paths

    info = registry.find("five_tribes")
    names = ["Annabel", "Bartholomew", "Cornelius", "Dorothea", "Evangeline"]
    colours = [c.id for c in theme.seat_colours()]
    seats = [Seat(i, n, colours[i]) for i, n in enumerate(names)]
    match = Match(info.make_rules(), seats, 3, autosave_path=paths.new_autosave_path("five_tribes"))
    match.play(match.legal_actions()[0])
    menu = MenuScene(app)
    app.push(menu)
    app.step([])
    button = menu.continue_button
    assert button.visible and all(n in button.label for n in names)
    font = button.font
    assert font.size(button.label)[0] > button.rect.w, "the whole label cannot fit: this test needs a long one"
    assert not button.rect.colliderect(menu.settings_button.rect) and not button.rect.colliderect(menu.quit_button.rect)
    assert button.elided and button.tooltip_text().startswith(button.label)
    # a short label is drawn whole and the button shrinks to it
    short = Button(pygame.Rect(0, 0, 300, 40), "Load", tooltip="Open a save")
    short.draw(app.screen, font)
    assert not short.elided and short.tooltip_text() == "Open a save"
    icon_only = Button(pygame.Rect(0, 0, 40, 40), "", icon=lambda surface, rect, colour: None, tooltip="Remove")
    icon_only.draw(app.screen, font)
    assert icon_only.label == "" and not icon_only.elided, "an icon button has no label to cut (it showed '…')"


def test_the_score_sheet_keeps_its_title_and_every_name_inside_and_never_charts_only_some_seats(app: App, monkeypatch) -> None:
    """Issue 13: at 1280x720 the "Scores so far" title was cut on both sides and five names ran into each other."""
    import engine.ui.scenes.scoresheet as sheet_module
    import engine.ui.widgets as widgets

    drawn: list[tuple[str, pygame.Rect]] = []
    real = widgets.draw_text

    def spy(surface, text, pos, font, colour, anchor="topleft"):
        rect = real(surface, text, pos, font, colour, anchor)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(sheet_module, "draw_text", spy)
    monkeypatch.setattr(widgets, "draw_text", spy)  # draw_wrapped's lines too
    names = ["Annabel", "Bartholomew", "Cornelius", "Dorothea", "Evangeline"]
    sheet = ScoreSheet(seats=names, totals=[50, 0, 0, 0, 0])
    from engine.core.rules import ScoreRow

    sheet.rows = [ScoreRow(label, [0] * 5) for label in ("Gold", "Viziers", "Elders", "Djinns", "Palm trees",
                                                                        "Palaces", "Tiles", "Wondrous Cities", "Merchandise",
                                                                        "Vizier majority")]
    colours = [c.id for c in theme.seat_colours()]
    seats = [Seat(i, n, colours[i]) for i, n in enumerate(names)]
    rect = pygame.Rect(320, 30, 520, 660)
    title = "Scores so far  (gold you cannot see counts 0)"
    sheet_module.draw_score_table(app, app.screen, rect, sheet, seats, title, bottom_margin=40)
    inside = rect.inflate(-8, -8)
    for text, where in drawn:
        assert inside.contains(where), f"{text!r} at {where} leaves the sheet {rect}"
    heads = [where for text, where in drawn if text in names or text.endswith("…")][:5]
    assert len(heads) == 5 and all(not a.colliderect(b) for i, a in enumerate(heads) for b in heads[i + 1:])
    assert any(text.startswith("Scores so far") for text, _ in drawn)
    charted = [text for text, where in drawn if text in names and where.top > heads[-1].bottom + 200]
    assert charted in ([], names), "a bar chart shows every seat or none"
