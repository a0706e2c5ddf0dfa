"""Entdecker's hooks for the frame benchmark (`python -m bench`): benchmark code, never imported by the game."""
from __future__ import annotations

import random

from engine.ui.gestures import FrameEvents, pick_up, sweep_events

LATE_GAME_FILLED = 55  # board spaces with a tile before the drag starts (of the 70)


def bench_position(match) -> bool:
    """Play the seeded random game on until >= LATE_GAME_FILLED spaces hold a tile and a drawn tile is in hand
    (before the scene exists, so it opens on the late game); False when the game ends first."""
    rules = match.rules
    rng = random.Random(match.seed)
    while not match.finished:
        s = match.state
        if s.phase == "place" and len(s.cells) >= LATE_GAME_FILLED:
            return True
        match.play(rng.choice(rules.legal_actions(s)), autosave=False)
    return False


def bench_drag(app, scene, match) -> FrameEvents | None:
    """Pick up the drawn tile and sweep it over the board, turned now and then."""
    if match.state.phase != "place":
        raise RuntimeError("the Entdecker drag needs a drawn tile in hand (phase 'place')")
    pick_up(app, scene.hand_rect().center)
    board = scene.cell_rect((0, 0)).union(scene.cell_rect((scene.cat.columns - 1, scene.cat.rows - 1)))
    return sweep_events(board)
