"""Play features every game shares (issue 3): pass-and-play curtain, load list, replay, settings, sounds.

UI tests drive a headless App with real events and check what the Match holds
and what was drawn.
"""
from __future__ import annotations

import random
import wave

import pygame
import pytest
import yaml

from engine.core import registry
from engine.core.match import Match, ReplayMatch
from engine.core.savefile import background_writer
from engine.core.rules import IllegalAction, Seat
from tests.secret_game import SecretRules, SecretScene, secret_pixels

GAMES = [g.id for g in registry.games()]
PLAYABLE = [g.id for g in registry.games() if registry.playable(g)]


def click(app, pos, button=1):
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def key(app, k, mod=0):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


def secret_match(kinds=("human", "human")):
    seats = [Seat(i, name, colour, kind) for i, (name, colour, kind) in
             enumerate(zip(("Anna", "Bob"), ("red", "yellow"), kinds))]
    return Match(SecretRules(), seats, seed=4)


# ----------------------------------------------------------------- curtain
def test_curtain_covers_everything_private_until_the_seat_to_play_clicks(app):
    """Pass-and-play: with two human seats and private hands, nothing private is drawn before Anna clicks."""
    from engine.ui.scenes.curtain import CurtainScene

    match = secret_match()
    scene = SecretScene(app, match)
    app.push(scene)
    app.step([])
    assert isinstance(app.top, CurtainScene) and app.top.name == "Anna"
    assert secret_pixels(app.screen) == 0, "a frame under the curtain showed a private card"
    click(app, app.top.button.rect.center)
    assert app.top is scene and scene.holder == 0
    assert secret_pixels(app.screen) == 3 * 80 * 120, "Anna sees exactly her own three cards"
    match.play(PlayCard_of(match, 0))
    app.step([])
    assert isinstance(app.top, CurtainScene) and app.top.name == "Bob"
    assert secret_pixels(app.screen) == 0, "Anna's remaining cards stayed on screen for Bob"
    key(app, pygame.K_RETURN)
    assert scene.holder == 1 and secret_pixels(app.screen) == 3 * 80 * 120


def PlayCard_of(match, i):
    return match.legal_actions()[i]


def test_the_screen_holder_only_ever_gets_their_own_view_of_the_state(app):
    """The scene draws rules.view(state, holder): the other seat's hand is blanked, never the real one."""
    match = secret_match()
    scene = SecretScene(app, match)
    app.push(scene)
    app.step([])
    app.top.lift()
    seen = scene.visible
    assert seen.hands[0] == match.state.hands[0]
    assert all(card is None for card in seen.hands[1])
    with pytest.raises(RuntimeError):
        scene.holder = None
        scene.visible  # noqa: B018 - nothing may be drawn before someone holds the screen


def test_no_curtain_with_one_human_against_computers_and_no_curtain_for_games_without_secrets(app):
    """The curtain only hides seats from each other: alone at the screen, or in an open game, none is needed."""
    from engine.ui.scenes.curtain import CurtainScene

    scene = SecretScene(app, secret_match(("human", "computer")))
    app.push(scene)
    app.step([])
    assert app.top is scene and scene.holder == 0 and secret_pixels(app.screen) == 3 * 80 * 120
    info = registry.get("entdecker")
    seats = [Seat(0, "Anna", "red"), Seat(1, "Bob", "yellow")]
    open_game = info.make_scene(app, Match(info.make_rules(), seats, 1))
    app.push(open_game)
    app.step([])
    assert not isinstance(app.top, CurtainScene)


def test_computer_seats_decide_from_their_own_view():
    """A computer seat's agent is handed rules.view(state, seat): it cannot see another hand."""
    from engine.core.agents import RandomAgent

    class Spy(SecretRules):
        seen = []

        def legal_actions(self, s):
            Spy.seen.append(s)
            return super().legal_actions(s)

    rules = Spy()
    state = rules.setup([0, 1], 9, {})
    RandomAgent(rules, 0).choose(state)
    assert Spy.seen and all(c is None for c in Spy.seen[-1].hands[1])


# ----------------------------------------------------------------- undo
@pytest.mark.parametrize("game_id", GAMES)
def test_undo_never_crosses_a_draw_reveal_or_random_event_nor_another_seats_action(game_id):
    """Undo: only the seat's own actions within its turn, and never one after which a random event or a reveal happened."""
    info = registry.get(game_id)
    seats = [Seat(i, f"P{i}", c, "human") for i, c in enumerate(["red", "yellow", "white", "black"][:info.min_seats])]
    refused_chance = allowed = 0
    for seed in range(3):
        match = Match(info.make_rules(), seats, seed)
        rng = random.Random(seed)
        while not match.finished and len(match.log) < 250:
            before = match.state
            mover = match.to_move()
            match.play(rng.choice(match.legal_actions()), autosave=False)
            after = match.state
            chance = match.rules.chance_count(after) != match.rules.chance_count(before)
            ended = match.rules.turn_id(after) != match.rules.turn_id(before)  # a turn that has ended stands
            if chance or ended or match.to_move() != mover:
                assert not match.undo() and match.state is after
                refused_chance += chance
            else:
                assert match.undo() and match.state is before
                assert match.redo() and match.state == after
                allowed += 1
    assert refused_chance > 0, "a whole game without a single random event: chance_count counts nothing"
    assert allowed > 0


# ----------------------------------------------------------------- replay
@pytest.mark.parametrize("game_id", GAMES)
def test_replay_of_a_finished_game_reproduces_every_step_and_its_final_state(game_id, tmp_path):
    """Replay: stepping through a loaded save shows each state exactly as it was played."""
    info = registry.get(game_id)
    seats = [Seat(i, f"P{i}", c, "computer") for i, c in enumerate(["red", "yellow", "white", "black"][:info.min_seats])]
    match = Match(info.make_rules(), seats, 11)
    rng = random.Random(11)
    while not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
    path = tmp_path / "done.yaml"
    match.save(path)
    replay = ReplayMatch(Match.load(path, lambda gid: registry.get(gid).make_rules()))
    assert replay.length == len(match.log) and replay.state == match.state and replay.finished
    for step in (0, replay.length // 3, replay.length, 1):
        replay.seek(step)
        assert replay.state == match.states[step] and len(replay.log) == step
    with pytest.raises(IllegalAction):
        replay.play(match.log[1].action)


def test_replay_scene_steps_with_arrows_slider_and_play_button(app, tmp_path):
    from engine.ui.scenes.replay import ReplayScene

    info = registry.get("entdecker")
    match = Match(info.make_rules(), [Seat(0, "Anna", "red", "computer"), Seat(1, "Bob", "yellow", "computer")], 3)
    rng = random.Random(3)
    while not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
    scene = ReplayScene(app, info, match)
    app.push(scene)
    app.step([])
    assert scene.replay.step == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.replay.step == 2 and scene.replay.state == match.states[2]
    key(app, pygame.K_END)
    assert scene.replay.state == match.state
    app.step([])
    from engine.ui.scenes.scoresheet import ScoreSheetScene

    assert isinstance(app.top, ScoreSheetScene), "the last step of a finished game opens its final sheet"
    app.pop()
    click(app, scene.slider.center)
    assert abs(scene.replay.step - scene.replay.length // 2) <= 2
    key(app, pygame.K_HOME)
    click(app, scene.btn_play.rect.center)
    assert scene.playing
    for _ in range(4):
        app.step([], dt=0.5)
    assert scene.replay.step >= 2, "playing advances by itself"
    assert len(match.log) == scene.replay.length, "the replay never changes the game it shows"
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


# ----------------------------------------------------------------- load list
def _saved_games(app):
    from engine.ui.catalogue import new_match

    info = registry.get("entdecker")
    made = []
    for seed, n in ((3, 30), (4, 10_000)):
        m = new_match(info, [Seat(0, "Anna", "red"), Seat(1, "Bob", "yellow")], seed)
        rng = random.Random(seed)
        for _ in range(n):
            if m.finished:
                break
            m.play(rng.choice(m.legal_actions()), autosave=False)
        m.autosave()
        made.append(m)
    background_writer().flush()  # the window writes autosaves on a worker thread
    return made


def test_load_list_shows_every_save_and_resumes_or_replays_it(app):
    """Load: a list (game, players, date, round, finished); Resume keeps saving into the same file."""
    from engine.ui.scenes.load import LoadScene
    from engine.ui.scenes.replay import ReplayScene

    unfinished, finished = _saved_games(app)
    scene = LoadScene(app)
    app.push(scene)
    app.step([])
    assert {s.path for s in scene.saves} == {unfinished.autosave_path, finished.autosave_path}
    rows = {s.path: s for s in scene.saves}
    assert rows[finished.autosave_path].finished and not rows[unfinished.autosave_path].finished
    assert rows[unfinished.autosave_path].summary.get("round") == unfinished.rules.summary(unfinished.state)["round"]
    i_done = scene.saves.index(rows[finished.autosave_path])
    click(app, scene.row_rect(i_done).center)
    assert not scene.resume_button.enabled, "a finished game can only be replayed"
    click(app, scene.replay_button.rect.center)
    assert isinstance(app.top, ReplayScene)
    key(app, pygame.K_ESCAPE)
    i_open = scene.saves.index(rows[unfinished.autosave_path])
    click(app, scene.row_rect(i_open).center)
    click(app, scene.resume_button.rect.center)
    game = app.top
    assert game.match.state == unfinished.state and game.match.autosave_path == unfinished.autosave_path


def test_load_list_refuses_a_damaged_save_with_the_reason_and_leaves_it_alone(app):
    from engine.ui.scenes.load import LoadScene

    unfinished, _ = _saved_games(app)
    data = yaml.safe_load(unfinished.autosave_path.read_text())
    data["actions"][5] = data["actions"][0]
    unfinished.autosave_path.write_text(yaml.safe_dump(data))
    before = unfinished.autosave_path.read_bytes()
    scene = LoadScene(app)
    app.push(scene)
    i = next(i for i, s in enumerate(scene.saves) if s.path == unfinished.autosave_path)
    click(app, scene.row_rect(i).center)
    click(app, scene.resume_button.rect.center)
    assert app.top is scene and "action 6" in scene.current.problem and scene.current.damaged
    assert not scene.resume_button.enabled and not scene.replay_button.enabled
    assert unfinished.autosave_path.read_bytes() == before
    again = LoadScene(app)  # the next visit knows without loading it again
    assert "action 6" in next(s for s in again.saves if s.path == unfinished.autosave_path).problem


# ----------------------------------------------------------------- settings
def test_settings_are_saved_and_a_damaged_settings_file_is_kept_not_lost(tmp_path):
    from engine.ui import settings as st

    path = tmp_path / "settings.yaml"
    st.save(st.Settings(sound=False, purist=True, animation_speed="fast"), path)
    loaded, problem = st.load(path)
    assert problem is None and loaded == st.Settings(sound=False, purist=True, animation_speed="fast")
    path.write_text("sound: maybe\n")
    loaded, problem = st.load(path)
    assert loaded == st.Settings() and "'sound' must be true or false" in problem
    st.save(st.Settings(purist=True), path)
    assert (tmp_path / "settings.yaml.damaged").read_text() == "sound: maybe\n"
    assert st.load(path)[0].purist


def test_settings_screen_changes_apply_at_once_and_survive_a_restart(app):
    from engine.ui.app import App
    from engine.ui.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    click(app, scene.purist.rect.center)
    click(app, scene.sound.rect.center)
    click(app, scene.speed.rect.center)
    assert app.settings.purist and not app.settings.sound and app.settings.animation_speed == "slow"
    click(app, scene.size.rect.center)
    assert app.size == tuple(app.settings.window_size) == (1600, 900)
    again = App(headless=True)
    assert again.settings == app.settings and again.size == (1600, 900)


def test_purist_mode_hides_legal_highlights_and_projected_scores_in_a_game(app):
    """Purist mode: no highlighted legal spots and no projected score sheet during play."""
    import dataclasses

    from games.entdecker.rules import Spin

    info = registry.get("entdecker")
    match = Match(info.make_rules(), [Seat(0, "Anna", "red"), Seat(1, "Bob", "yellow")], 2)
    match.play(Spin())
    scene = info.make_scene(app, match)
    app.push(scene)
    app.step([])
    green = (120, 230, 140)

    def highlighted():
        return pygame.mask.from_threshold(app.screen, green, (1, 1, 1, 255)).count()

    assert highlighted() > 0 and scene.btn_sheet.visible
    app.apply_settings(dataclasses.replace(app.settings, purist=True))
    app.step([])
    assert highlighted() == 0 and not scene.btn_sheet.visible


# ----------------------------------------------------------------- sounds
def test_sound_files_are_short_mono_wavs_made_by_the_project_script(tmp_path):
    """The four sounds are generated (art/sounds/make_sounds.py) and the script reproduces them exactly."""
    import importlib.util

    from engine.core.paths import project_root

    folder = project_root() / "art" / "sounds"
    spec = importlib.util.spec_from_file_location("make_sounds", folder / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.main(tmp_path)
    for name in ("pick", "drop", "refuse", "score"):
        with wave.open(str(folder / f"{name}.wav")) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            assert 0.05 < w.getnframes() / w.getframerate() < 1.0
        assert (tmp_path / f"{name}.wav").read_bytes() == (folder / f"{name}.wav").read_bytes()


def test_closing_lets_no_sound_end_while_pygame_shuts_the_mixer_down(monkeypatch):
    """A sound ending while pygame's mixer quits hung the program at closing (engine/ui/sound.py, Sounds.close):
    when pygame is shut down, no channel plays any more."""
    from engine.ui.app import App

    application = App(size=(320, 200), headless=True)
    application.sound.play("score")
    busy_at_quit = []
    real_quit = pygame.quit
    monkeypatch.setattr(pygame, "quit", lambda: (busy_at_quit.append(bool(pygame.mixer.get_init())
                                                                      and pygame.mixer.get_busy()), real_quit()))
    application.close()
    assert application.sound._sounds, "the sound was loaded, so the mixer was started"
    assert busy_at_quit == [False]


def test_dragging_plays_pick_and_drop_and_a_refusal_plays_refuse_and_mute_silences(app):
    import dataclasses

    from games.entdecker.rules import Spin

    info = registry.get("entdecker")
    match = Match(info.make_rules(), [Seat(0, "Anna", "red"), Seat(1, "Bob", "yellow")], 2)
    match.play(Spin())
    scene = info.make_scene(app, match)
    app.push(scene)
    app.step([])
    dock = scene.ship_dock().center
    start = next(iter(match.rules.start_spaces(match.state)))
    target = scene.cell_rect(start).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=dock, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])
    assert app.sound.played[-2:] == ["pick", "drop"] and match.state.ship == start
    scene.undo()
    assert match.state.ship is None, "placing the ship was Anna's own action: it is taken back"
    scene.undo()
    assert app.sound.played[-1] == "refuse", "the spin revealed the income: undo is refused, audibly"
    app.apply_settings(dataclasses.replace(app.settings, sound=False))
    assert not app.sound.enabled


# ----------------------------------------------------------------- setup options
def test_setup_screen_offers_the_games_options_and_starts_with_the_chosen_values(app):
    """Setup: a game's options (rules.option_specs) are chosen on the setup screen and reach rules.setup."""
    from engine.core.registry import GameInfo
    from engine.ui.scenes.options import OptionsScene
    from engine.ui.scenes.setup import SetupScene

    class OptionRules(SecretRules):
        def option_specs(self):
            return [{"id": "border", "label": "Desert border", "default": True},
                    {"id": "board", "label": "Board", "default": "6x6",
                     "choices": [{"value": "6x6", "label": "6 x 6"}, {"value": "5x6", "label": "5 x 6 (base game)"}]}]

        def setup(self, seats, seed, options):
            OptionRules.got = dict(options)
            return super().setup(seats, seed, options)

    info = GameInfo("secret_test", "Secret", 2, 2, OptionRules, lambda app, match: SecretScene(app, match))
    setup = SetupScene(app, info)
    app.push(setup)
    app.step([])
    assert setup.options == {"border": True, "board": "6x6"}
    click(app, setup.options_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, OptionsScene)
    click(app, dialog.cycles[0].rect.center)
    click(app, dialog.cycles[1].rect.center)
    key(app, pygame.K_RETURN)
    assert app.top is setup
    click(app, setup.start_button.rect.center)
    assert OptionRules.got == {"border": False, "board": "5x6"}
    assert app.top.game.match.options == {"border": False, "board": "5x6"}, "the curtain is up for the new game"


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_with_two_human_seats_the_frame_under_the_curtain_shows_nothing_of_the_game(app, game_id):
    """Every game: if it hides anything, the first frame is the bare curtain, pixel for pixel; if not, no curtain."""
    from engine.ui.scenes.curtain import CurtainScene

    info = registry.get(game_id)
    seats = [Seat(i, n, c) for i, (n, c) in enumerate(zip(["Anna", "Bob", "Cleo", "Dan"], ["red", "yellow", "white", "black"]))]
    match = Match(info.make_rules(), seats[:max(2, info.min_seats)], 5)
    scene = info.make_scene(app, match)
    app.push(scene)
    app.step([])
    if not match.rules.has_private_information():
        assert not isinstance(app.top, CurtainScene)
        return
    assert isinstance(app.top, CurtainScene)
    frame = app.screen.copy()
    bare = pygame.Surface(app.screen.get_size())
    app.top.draw(bare)
    assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(bare, "RGB")
