"""The table behaves alike in every game: one event routing (GameScene.handle) for every registered game.

Each test runs for every game with a screen: what a player learns at one table
holds at the others.
"""
from __future__ import annotations

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from engine.ui.scenes.curtain import CurtainScene
from engine.ui.scenes.menu import MenuScene

GAMES = [g.id for g in registry.games() if registry.playable(g)]


def _key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def _up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def _move(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def _click(app, pos):
    app.step([_move(pos)])
    app.step([_down(pos), _up(pos)])


def _lift_curtain(app):
    app.step([])
    while isinstance(app.top, CurtainScene):
        _click(app, app.top.button.rect.center)
    if getattr(app.top, "since", None) is not None:
        _click(app, app.top.log_rect().center)  # "since your last turn" read: a click goes on to play


@pytest.fixture(params=GAMES)
def table(request, app):
    """A fresh two-human game of each kind on top of the menu, the screen handed to the first seat."""
    info = registry.get(request.param)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 5)
    app.push(MenuScene(app))
    scene = info.make_scene(app, match)
    app.push(scene)
    _lift_curtain(app)
    for _ in range(3):
        app.step([])
    assert app.top is scene
    return scene


def _piece(scene):
    """Where a press picks up a piece the seat to move may carry now (each game's first piece)."""
    game = scene.match.game_id
    if game == "entdecker":
        from games.entdecker.rules import Spin

        scene.match.play(Spin())
        return scene.ship_dock().center
    if game == "desert_sons":
        return scene.camel_slot(scene.match.to_move()).center
    if game == "five_tribes":
        return scene.marker_rect(scene.match.state.marker).center
    if game == "somerset":  # the first round: a worker from the seat's panel
        return scene.panel_worker_rects(scene.match.to_move())[0][1].center
    if game == "realm_of_sand":  # a rune tile of the hand
        return scene.hand_rects()[0][1].center
    raise AssertionError(f"no piece known for {game}: add one here")


def test_keypad_enter_presses_the_main_button_like_enter(app, table, monkeypatch):
    pressed = []
    monkeypatch.setattr(table, "main_click", lambda: pressed.append("main"))
    table.btn_main.visible = table.btn_main.enabled = True
    app.step([_key(pygame.K_KP_ENTER)])
    app.step([_key(pygame.K_RETURN)])
    assert pressed == ["main", "main"]
    table.btn_main.enabled = False
    app.step([_key(pygame.K_KP_ENTER)])
    assert pressed == ["main", "main"], "a disabled main button is not pressed by a key"


@pytest.mark.parametrize("overlay", ["show_sheet", "show_log"])
def test_escape_closes_an_open_sheet_or_log_before_it_leaves_the_game(app, table, overlay):
    setattr(table, overlay, True)
    app.step([_key(pygame.K_ESCAPE)])
    assert app.top is table and not getattr(table, overlay), "the first Esc closes what is open"
    app.step([_key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MenuScene), "the next Esc leaves for the menu"


def test_a_click_while_the_score_sheet_is_open_closes_it_and_presses_nothing_under_it(app, table):
    table.show_sheet = True
    n = len(table.match.log)
    _click(app, table.btn_log.rect.center)
    assert not table.show_sheet and not table.show_log, "the Log button under the click was not pressed"
    table.show_sheet = True
    _click(app, table.btn_main.rect.center)
    assert len(table.match.log) == n and not table.show_sheet, "nor was the main button"


def test_the_middle_button_pans_the_board_while_a_piece_is_held(app, table):
    start = _piece(table)
    _lift_curtain(app)
    app.step([_move(start)])
    app.step([_down(start)])
    assert table.drag.holding, "the press picked a piece up"
    before = list(table.camera.offset)
    mid = table.board_view.center
    app.step([_down(mid, button=2)])
    app.step([_move((mid[0] + 40, mid[1] + 30), buttons=(1, 1, 0))])
    app.step([_up((mid[0] + 40, mid[1] + 30), button=2)])
    assert table.drag.holding, "the piece is still in hand"
    assert table.camera.offset != before, "the board moved"
    assert table.drag.pos == (mid[0] + 40, mid[1] + 30), "the piece followed the pointer"
    app.step([_key(pygame.K_ESCAPE)])
    assert not table.drag.holding, "Esc puts the piece back"
    assert app.top is table, "and does not leave the game"


def test_a_click_picks_a_piece_up_and_the_next_click_puts_it_down(app, table):
    start = _piece(table)
    _lift_curtain(app)
    _click(app, start)
    assert table.drag.holding, "a click (press and release in place) keeps the piece in hand"
    far = (table.app.size[0] - 3, table.app.size[1] - 3)  # a corner where nothing can be dropped
    _click(app, far)
    assert not table.drag.holding, "the next click lets it go (here it springs back: no target)"


PRIVATE_GAMES = [g for g in GAMES if registry.get(g).make_rules().has_private_information()]


@pytest.mark.parametrize("game_id", PRIVATE_GAMES)
def test_the_score_chime_is_worked_out_from_the_holders_view_only(app, game_id, monkeypatch):
    """A computer seat's hidden gain (a face-down rumor, hidden gold) must neither ring nor stay silent by itself."""
    import random

    info = registry.get(game_id)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Cora", "yellow", "computer")], 3)
    rules = match.rules
    views: list = []
    scored: list = []
    real_view, real_sheet = rules.view, rules.score_sheet

    def view(state, seat):
        shown = real_view(state, seat)
        views.append(shown)
        return shown

    def sheet(state, *args, **kwargs):
        scored.append(state)
        return real_sheet(state, *args, **kwargs)

    monkeypatch.setattr(rules, "view", view)
    monkeypatch.setattr(rules, "score_sheet", sheet)
    app.push(MenuScene(app))
    scene = info.make_scene(app, match)
    app.push(scene)
    _lift_curtain(app)
    rng = random.Random(3)
    for _ in range(60):
        if match.finished:
            break
        match.play(rng.choice(match.legal_actions()), autosave=False)  # both seats, as the table would hear it
        app.step([])
    assert scored, "the table worked out scores"
    assert all(any(s is v for v in views) for s in scored), "every score the table worked out came from a view"


# ----------------------------------------------------------------- replay
@pytest.fixture(params=GAMES)
def replay(request, app):
    """A finished two-seat game of each kind, opened in the replay at step 3."""
    import random

    from engine.ui.scenes.replay import ReplayScene

    info = registry.get(request.param)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 7)
    rng = random.Random(7)
    while not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
    app.push(MenuScene(app))
    scene = ReplayScene(app, info, match, start=3)
    app.push(scene)
    app.step([])
    return scene


def test_in_a_replay_scores_log_and_rules_work_and_nothing_hides_under_the_bar(app, replay):
    from engine.ui.scenes.rules import RulesScene

    game = replay.game
    for button in (game.btn_sheet, game.btn_log, game.btn_rules, game.btn_main):
        assert button.rect.bottom <= replay.bar.top, f"a button at {button.rect} sits under the replay bar"
    _click(app, game.btn_sheet.rect.center)
    assert game.show_sheet, "Scores opens the sheet"
    app.step([_key(pygame.K_ESCAPE)])
    assert not game.show_sheet and app.top is replay, "Esc closes the sheet, not the replay"
    _click(app, game.btn_log.rect.center)
    assert game.show_log, "Log opens the log"
    _click(app, game.btn_log.rect.center)
    assert not game.show_log
    _click(app, game.btn_rules.rect.center)
    assert isinstance(app.top, RulesScene), "? opens the rules"
    app.pop()
    n = len(replay.replay.log)
    app.step([_key(pygame.K_RIGHT)])
    assert len(replay.replay.log) == n + 1, "the replay's own keys still work"


def test_the_final_sheet_opens_at_the_last_step_of_a_finished_game(app, replay):
    from engine.ui.scenes.scoresheet import ScoreSheetScene

    app.step([_key(pygame.K_END)])
    app.step([])
    assert isinstance(app.top, ScoreSheetScene), "the last step shows how the game ended"
    app.pop()
    app.step([])
    assert app.top is replay, "and it opens once per arrival"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_two_human_game_resumed_anywhere_opens_and_draws_before_anyone_holds_the_screen(app, game_id):
    """Resuming shows what the last action caused; with hidden information nobody holds the screen yet."""
    import random

    info = registry.get(game_id)
    for seed in range(6):
        match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 150)):
            if match.finished:
                break
            match.play(rng.choice(match.legal_actions()), autosave=False)
        while app.scenes:
            app.pop()
        app.push(MenuScene(app))
        app.push(info.make_scene(app, match))
        for _ in range(3):
            app.step([])
        _lift_curtain(app)
        app.step([])


def _has_choice_bar(game_id: str) -> bool:
    import importlib
    import inspect

    from engine.ui.game_scene import GameScene

    module = importlib.import_module(f"games.{game_id}.scene")
    scenes = [c for _, c in inspect.getmembers(module, inspect.isclass) if issubclass(c, GameScene) and c is not GameScene]
    return any(c.choices is not GameScene.choices for c in scenes)  # a game with choices of its own


@pytest.mark.parametrize("game_id", [g for g in GAMES if _has_choice_bar(g)])
def test_the_choice_bar_pages_and_never_drops_a_choice(app, game_id, monkeypatch):
    from engine.ui.choices import Choice

    info = registry.get(game_id)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 5)
    app.push(MenuScene(app))
    table = info.make_scene(app, match)
    app.push(table)
    _lift_curtain(app)
    pressed: list[int] = []
    many = [Choice(f"Choice number {i}", None, lambda i=i: pressed.append(i), f"tip {i}") for i in range(25)]
    monkeypatch.setattr(table, "choices", lambda: many)
    monkeypatch.setattr(table, "may_choose", lambda: True)
    table._sync_widgets()
    seen: set[str] = set()
    for _ in range(30):
        labels = [b.label for b in table.choice_buttons]
        assert all(table.app.screen.get_rect().contains(b.rect) for b in table.choice_buttons)
        seen |= {lb for lb in labels if lb.startswith("Choice")}
        more = [b for b in table.choice_buttons if b.label.startswith("More")]
        assert more, "choices that do not fit come behind a More button"
        if table.choice_page == 0 and len(seen) > len([lb for lb in labels if lb.startswith("Choice")]):
            break
        _click(app, more[0].rect.center)
    assert seen == {c.label for c in many}, "every choice can be reached"
    first = next(b for b in table.choice_buttons if b.label.startswith("Choice"))
    _click(app, first.rect.center)
    assert pressed, "a paged choice is pressed like any other"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_log_says_what_each_action_caused_as_the_holder_may_read_it(app, game_id):
    import random

    info = registry.get(game_id)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Cora", "yellow", "computer")], 4)
    app.push(MenuScene(app))
    scene = info.make_scene(app, match)
    app.push(scene)
    _lift_curtain(app)
    rng = random.Random(4)
    caused: list[str] = []
    while not caused and not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
        caused = scene.caused(match.state, match.log[-1].action)
    assert caused, "some action caused something worth saying"
    scene.show_log = True
    app.step([])
    font = app.font(app.px(14))
    lines = [line for line, _seat in scene.log_panel.lines(2000, font)]
    assert f"{len(match.log)}. {match.log[-1].text}" in lines
    assert f"    → {caused[0]}" in lines, "what the action caused stands under it"


# An action whose rules note says again what the action's own log line says, and the note's words: the log
# gives each action once (the note is still told over the table, where the action's line is not shown).
ECHOED = [
    ("desert_sons", "scout", "(scout) and took a tile"),
    ("desert_sons", "exchange", "swapped"),  # with the variant's exchange square (set below)
    ("desert_sons", "discard_tile", "removed a tile"),
    ("five_tribes", "sell", "sells"),
    ("five_tribes", "place_camel", "puts a camel"),
    ("five_tribes", "take_djinn", "takes the Djinn"),
    ("five_tribes", "buy_card", "takes"),
    ("somerset", "keep_card", "kept a card"),  # the note is the line word for word ("You kept Crystal Bloom." to its owner)
]


@pytest.mark.parametrize("game_id,kind,echo", ECHOED)
def test_the_log_says_an_action_once_and_the_table_tells_its_echo_to_the_others(app, game_id, kind, echo):
    """A note that only repeats its action's own line is not listed again under that line in the log; over the table
    it is told to the other seats, not to the human who has just done it (as Somerset and Realm of Sand did)."""
    import random

    info = registry.get(game_id)
    app.push(MenuScene(app))
    found = 0
    for seed in range(10):
        options = {"centre_exchange": True} if kind == "exchange" else None
        match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed, options)
        scene = info.make_scene(app, match)
        scene.reveal_all = True
        rng = random.Random(seed)
        while not match.finished and not any(e.action.kind == kind for e in match.log):
            legal = match.legal_actions()
            match.play(rng.choice([a for a in legal if a.kind == kind] or legal), autosave=False)  # taken when it may be
        index = next((i for i, e in enumerate(match.log) if e.action.kind == kind), None)
        if index is None:
            continue
        found += 1
        scene.log_panel.start = index
        font = app.font(app.px(14))
        lines = [line for line, _seat in scene.log_panel.lines(4000, font)]
        assert lines[0] == f"{index + 1}. {match.log[index].text}"
        said = [line for line in lines[1:] if line.startswith("    → ")]
        assert not any(echo in line for line in said), f"{kind} said again under its own line: {said}"
        # over the table the echo is news for the others, not for the one who has just done it
        actor = match.log[index].seat
        echoes = [n for n in match.state.notices if scene.echoes(match.log[index].action, n)]
        if kind != "keep_card":  # (told to all: to its owner it names the card)
            assert echoes, f"the note {kind} echoes"
            scene.holder = 1 - actor
            assert all(scene.told(n) for n in echoes)
            scene.holder = actor
            assert not any(scene.told(n) for n in echoes)
        if found == 3:
            break
    assert found, f"no {kind} in 10 random games"


# A note that says again what its action says, per game that has such notes (Somerset's worker move, told to the
# others only), and the words of its action (for the log's line).
TOLD = [
    ("desert_sons", "scout"), ("five_tribes", "place_camel"), ("five_tribes", "sell"), ("somerset", "move_worker"),
    ("realm_of_sand", "place_tile"),
]


@pytest.mark.parametrize("game_id,kind", TOLD)
def test_an_echo_is_told_over_the_table_to_the_other_seats_not_to_the_one_who_acted(app, game_id, kind):
    """GameScene.notice_shown: the table's notices for an action (take_notices) hold its echo when another seat holds
    the screen, and not when the seat that acted does (it has just done it); the game's other news is told to both."""
    import random

    info = registry.get(game_id)
    app.push(MenuScene(app))
    for seed in range(10):
        match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed)
        scene = info.make_scene(app, match)
        rng = random.Random(seed)
        while not match.finished and not (match.log and match.log[-1].action.kind == kind):
            legal = match.legal_actions()
            match.play(rng.choice([a for a in legal if a.kind == kind] or legal), autosave=False)
        if match.finished:
            continue
        action, actor = match.log[-1].action, match.log[-1].seat
        echoes = [n for n in match.state.notices if scene.echoes(action, n) and scene.notice_kind_shown(n)]
        if not echoes:
            continue
        told = {}
        for holder in (actor, 1 - actor):
            scene.holder = holder
            scene.notices.clear()
            scene.take_notices(match.state)
            told[holder] = [n.note for n in scene.notices if n.note is not None]
        assert all(n in told[1 - actor] for n in echoes), f"the others are told of {kind}"
        assert not any(n in told[actor] for n in echoes), f"{kind} is not told back to the seat that did it"
        assert [n for n in told[1 - actor] if n not in echoes] == told[actor], "other news is told to both"
        return
    pytest.fail(f"no {kind} with an echo in 10 random games")


@pytest.mark.parametrize("game_id", PRIVATE_GAMES)
def test_after_a_handover_the_next_player_reads_what_happened_since_their_last_turn(app, game_id):
    import random

    info = registry.get(game_id)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 6)
    app.push(MenuScene(app))
    scene = info.make_scene(app, match)
    app.push(scene)
    rng = random.Random(6)
    while len({e.seat for e in match.log}) < 2 or match.to_move() == match.log[-1].seat:
        match.play(rng.choice(match.legal_actions()), autosave=False)  # both have played; the screen changes hands
    seat = match.to_move()
    app.step([])
    assert isinstance(app.top, CurtainScene)
    _click(app, app.top.button.rect.center)
    app.step([])
    assert scene.holder == seat and scene.since is not None, "the summary opens with the screen"
    mine = max(i for i, e in enumerate(match.log) if e.seat == seat)
    assert scene.since.start == mine + 1, "it starts after the new holder's own last action"
    lines = [line for line, _ in scene.since.lines(2000, app.font(app.px(14)))]
    assert lines[0].startswith(f"{mine + 2}. ") and all(e.text in " ".join(lines) for e in match.log[mine + 1:])
    n = len(match.log)
    app.step([_key(pygame.K_RETURN)])
    assert scene.since is None and len(match.log) == n, "Enter only closes the summary"


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry.get(g).make_rules().has_private_information()])
def test_the_second_click_of_a_double_click_on_the_curtains_button_never_reaches_the_table(app, game_id, monkeypatch):
    """Issue 13 (found in Five Tribes, true of every table with a curtain): it picked up the piece under the button."""
    info = registry.get(game_id)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 5)
    app.push(MenuScene(app))
    scene = info.make_scene(app, match)
    app.push(scene)
    app.step([])
    curtain = app.top
    assert isinstance(curtain, CurtainScene)
    pos = curtain.button.rect.center
    presses = []
    real_pick = scene.pick
    monkeypatch.setattr(scene, "pick", lambda p: presses.append(p) or real_pick(p))
    app.step([_move(pos)])
    app.step([_down(pos), _up(pos)])
    assert app.top is scene and scene.since is None, "a fresh game: nothing to read before playing"
    app.step([_down(pos)])
    app.step([_up(pos)])
    assert presses == [], "the rest of the double click went to the table"
    for _ in range(40):  # a moment later the table answers again
        app.step([], 1 / 60)
    app.step([_down(pos), _up(pos)])
    assert presses == [pos]


def test_the_curtain_before_a_finished_game_says_the_game_is_over(app):
    """Issue 13 (Desert Sons): it said "<name> decides next" when nobody decides any more."""
    import random

    from engine.ui.scenes.curtain import CurtainScene as Curtain

    info = registry.get("desert_sons")
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 5)
    scene = info.make_scene(app, match)
    live = Curtain(app, scene, 1)
    assert live.words().startswith("Bob decides next")
    rng = random.Random(5)
    while not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
    assert Curtain(app, scene, 1).words() == "The game is over: Bob sees the final scores and the board."


@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_takes_each_new_states_notices_once_and_the_last_ones_when_it_opens(app, game_id, monkeypatch):
    """One intake for every game (each scene kept its own, and Entdecker's skipped the opening)."""
    import random

    info = registry.get(game_id)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 5)
    rng = random.Random(5)
    for _ in range(4):
        match.play(rng.choice(match.legal_actions()), autosave=False)
    app.push(MenuScene(app))
    scene = info.make_scene(app, match)
    taken: list = []
    real = type(scene).take_notices
    monkeypatch.setattr(type(scene), "take_notices", lambda self, state: taken.append(state) or real(self, state))
    app.push(scene)
    _lift_curtain(app)  # behind a curtain nothing is shown yet
    app.step([])
    assert taken == [match.state], "the last action's notices, once, when the table opens"
    match.play(rng.choice(match.legal_actions()), autosave=False)
    app.step([])
    assert taken[1:] == [match.state]
    match.undo()
    app.step([])
    assert len(taken) == 2, "taking an action back shows nothing new"


def test_a_hint_shows_what_hard_would_do_and_never_plays_it(table):
    """Issue 14: "What would Hard do?" (H or the Hint button), worked out from the holder's view, shown on the board."""
    app = table.app
    before = len(table.match.log)
    assert table.btn_hint.visible and table.btn_hint.enabled
    app.step([_key(pygame.K_h)])
    assert table.computer.hint_pending and not table.btn_hint.enabled
    assert table.computer.wait(60)
    app.step([])
    assert table.hint is not None, table.computer.hint_error
    action = table.hint[0]
    assert len(table.match.log) == before, "a hint is never played for the seat"
    assert table.rules.why_illegal(table.match.state, action) is None
    assert table.hint_rects(action), f"the hinted {action} is shown somewhere on the table"
    assert any(isinstance(n.said, str) and n.said.startswith("Hard would: ") for n in table.notices)
    table.match.play(action)
    app.step([])
    assert table.hint is None, "the hint goes once a move is played"


def test_the_final_sheet_names_the_winner_after_the_games_tie_break(app, monkeypatch):
    """Equal totals are not a shared win when the game's tie-break (rules.winners) decides: the sheet says so."""
    import random as _random

    from engine.ui.scenes import scoresheet

    info = registry.get("somerset")
    rules = info.make_rules()
    match = Match(rules, [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 3)
    rng = _random.Random(3)
    while match.to_move() is not None:
        match.play(rng.choice(rules.legal_actions(match.state)), autosave=False)
    sheet = rules.score_sheet(match.state)
    sheet.totals = [20, 20]  # a tie on the totals ...
    monkeypatch.setattr(rules, "winners", lambda state: [1])  # ... that the tie-break gives to Bob
    said: list[str] = []
    real = scoresheet.draw_text
    monkeypatch.setattr(scoresheet, "draw_text", lambda surface, text, *a, **k: (said.append(text), real(surface, text, *a, **k))[1])
    scene = scoresheet.ScoreSheetScene(app, match, sheet)
    app.push(scene)
    app.step([])
    assert scene.winners == [1]
    assert any("Bob won." in s for s in said) and not any("Shared win" in s for s in said)


def test_no_to_play_banner_stays_over_a_finished_game(table):
    """Seen on Entdecker's final screen: "Ann to play" stood over the board after the game ended, the banner of
    the last turn's start still counting down. The game's end takes it away; before that the banner names the
    seat to move whenever the screen passes between two humans (games without secrets)."""
    import random

    scene, match = table, table.match
    rng = random.Random(7)
    banners = 0
    while not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
        if scene.banner is not None:
            banners += 1
            assert scene.banner[0] == f"{match.seats[match.to_move()].name} to play"
    assert scene.private or banners > 0
    assert scene.banner is None
