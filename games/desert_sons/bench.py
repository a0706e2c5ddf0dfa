"""Realm of the Desert Sons' hook for the frame benchmark (`python -m bench`): benchmark code, never imported by
the game."""
from __future__ import annotations

import random

from engine.ui.gestures import FrameEvents, pick_up, sweep_events
from engine.core.match import Match
from games.desert_sons.rules import DesertSonsRules, Draw
from games.desert_sons.scene import DesertSonsScene


def fill_board(rules: DesertSonsRules, state, keep_free: int = 1, seed: int = 5) -> None:
    """Fill every undiscovered square of `state` with a fitting tile (for the frame benchmark), leaving
    `keep_free` squares beside the active camel open. Changes the state in place."""
    rng = random.Random(seed)
    camel = state.players[state.current].camel
    free = [n for n in rules.frontier(state, camel)][:keep_free] if camel else []
    kinds = [k.id for k in rules.cat.explorer_kinds]
    index = {k.id: i for i, k in reversed(list(enumerate(rules.cat.tiles)))}
    for r in range(rules.size):
        for c in range(rules.size):
            cell = (c, r)
            if cell in state.cells or cell in free:
                continue
            rng.shuffle(kinds)
            chosen = ("D", 0)
            for kind in kinds:
                rots = rules.fits(state, kind, cell)
                if rots:
                    chosen = (kind, rng.choice(rots))
                    break
            state.cells[cell] = rules.placed(chosen[0], chosen[1], index.get(chosen[0]))
    state.memo.clear()


def bench_drag(app, scene: DesertSonsScene, match: Match) -> FrameEvents | None:
    """Frame benchmark: a full 11 x 11 desert (one square left beside the camel) and a drawn tile held and
    swept over the board, turned now and then. Returns frame -> events, or None for the next seed."""
    rules = match.rules
    rng = random.Random(match.seed)
    scene.take_screen(match.to_move())  # a seat holds the screen while the moves are played: notices read its view
    for _ in range(4000):  # play until a drawn tile is in hand, late in the game
        s = match.state
        if s.phase == "place" and len(s.cells) >= 80:
            break
        if s.phase == "over":
            return None
        acts = rules.legal_actions(s)
        draws = [a for a in acts if isinstance(a, Draw)]
        match.play(draws[0] if draws and rng.random() < 0.8 else rng.choice(acts), autosave=False)
    else:
        return None
    if match.state.phase != "place":
        return None
    fill_board(rules, match.state)
    scene.take_screen(match.to_move())
    while app.top is not scene:
        app.pop()
    pick_up(app, scene.hand_rect().center)
    if not scene.drag.holding:
        return None
    board = scene.cell_rect((0, 0)).union(scene.cell_rect((rules.size - 1, rules.size - 1)))
    return sweep_events(board)
