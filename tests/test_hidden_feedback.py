"""What the screen's holder cannot know never reaches their eyes or ears.

For each game with hidden information: two games that differ only in something
the holder may not see (another seat's face-down gold, a face-down rumor, the
order of a face-down pile) give the holder the very same frame, and the very same
sounds when the same next action is played. (Five Tribes' face-down gold is in the
holder's view, counted from the log as a careful player counts it, but never drawn:
the panels show "?".)
"""
from __future__ import annotations

import random

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat


def _five_tribes_secret(state) -> bool:
    """Another seat's face-down gold and the order of the face-down decks change."""
    state.players[1].gold += 7
    state.deck = list(reversed(state.deck))
    state.djinn_deck = list(reversed(state.djinn_deck))
    return True


def _desert_sons_secret(state) -> bool:
    """The order of the face-down stacks and rumor pile, and a rumor the holder has not seen, change."""
    state.stacks = [list(reversed(st)) for st in state.stacks]
    state.rumor_pile = list(reversed(state.rumor_pile))
    for good, slots in state.rumor_slots.items():
        for i, (tile, placer, seen) in enumerate(slots):
            if 0 not in seen:
                others = [t for t in state.rumor_pile if t != tile]
                if others:
                    slots[i] = (others[0], placer, seen)
    return True


SECRETS = {"five_tribes": _five_tribes_secret, "desert_sons": _desert_sons_secret}


def _five_tribes_face_up(view):
    """The view as the table shows it: the other seats' face-down gold (carried, counted from the log) left out."""
    shown = view.copy()
    for p in shown.players:
        if p.gold_hidden:
            p.gold = 0
    return shown


# What the view carries that the table keeps face down (Five Tribes: the other seats' gold).
FACE_UP = {"five_tribes": _five_tribes_face_up}
# When the secret is there to be leaked: Bob's gold shows on his panel; a rumor Ann has not seen lies on the board.
READY = {
    "five_tribes": lambda s: s.phase != "over" and s.players[1].gold > 0,
    "desert_sons": lambda s: s.phase != "over" and any(0 not in seen for slots in s.rumor_slots.values()
                                                       for _t, _p, seen in slots),
}


def _played(game_id: str, seed: int, least: int) -> list:
    """At least `least` random actions, on until the game holds a secret from Ann worth leaking."""
    info = registry.get(game_id)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed)
    rng = random.Random(seed)
    while len(match.log) < least or not READY[game_id](match.state):
        assert not match.finished, f"seed {seed} never held a secret from Ann: choose another"
        match.play(rng.choice(match.legal_actions()), autosave=False)
    return [e.action for e in match.log]


def _table(app, game_id: str, seed: int, actions: list, secret: bool):
    info = registry.get(game_id)
    # Bob is a computer seat: the screen stays with Ann whoever is to move (no curtain hides the table).
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow", "computer")], seed)
    for act in actions:
        match.play(act, autosave=False)
    if secret:
        changed = match.state.copy()
        changed.notices = list(match.state.notices)  # a copy starts them anew: these are the last action's
        SECRETS[game_id](changed)
        match.states[-1] = changed  # the same game for Ann; only what Ann may not see differs
    while app.scenes:
        app.pop()
    scene = info.make_scene(app, match)
    app.push(scene)
    scene.take_screen(0)
    scene.since = None
    return match, scene


# Seeds whose random games soon hold such a secret (Desert Sons' rumors come late in most games).
CASES = [("five_tribes", 3), ("five_tribes", 8), ("desert_sons", 54), ("desert_sons", 48)]


@pytest.mark.parametrize(("game_id", "seed"), CASES)
def test_what_the_holder_may_not_see_changes_neither_the_frame_nor_the_sounds(app, game_id, seed, monkeypatch):
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)  # pulses at the same phase in both frames
    actions = _played(game_id, seed, 40)
    frames, heard = [], []
    for secret in (False, True):
        match, scene = _table(app, game_id, seed, actions, secret)
        sounds: list[str] = []
        monkeypatch.setattr(app.sound, "play", lambda name, sounds=sounds: sounds.append(name))
        for _ in range(3):
            app.step([], dt=0.0)  # no time passes: the computer seat does not play meanwhile
        assert app.top is scene, "the table itself is on screen"
        frames.append(pygame.image.tobytes(app.screen, "RGB"))
        shown = FACE_UP.get(game_id, lambda view: view)(match.rules.view(match.state, 0))
        nxt = next((a for a in match.legal_actions()), None)
        if nxt is not None and not match.finished:
            match.play(nxt, autosave=False)  # the same next action in both games
            app.step([], dt=0.0)
        heard.append((shown, sounds))
    assert heard[0][0] == heard[1][0], "the two games look the same to Ann (the test changed only hidden things)"
    assert frames[0] == frames[1], "Ann's screen shows nothing of what she may not see"
    assert heard[0][1] == heard[1][1], "nor does she hear it"
