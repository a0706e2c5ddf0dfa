"""Realm of Sand's hooks for the benchmark (`python -m bench`): benchmark code, never imported by the game.

`bench_drag` plays four seats on to a mid-game turn (round 4, every board holding pieces), picks up
a rune tile of the hand and sweeps it over the large board, turning it now and then, with the three other
boards shown small (issue 16's target: frame p99 <= 8 ms at 1920x1080). `python -m bench` also times random
playouts, full games through the Match and legal_actions on mid-game states (the rules' bench_queries add
the legal anchors of every hand tile in every orientation, and the claims). `python -m
games.realm_of_sand.bench` prints the same figures for Realm of Sand alone, per seat count (1 = solo) and
board side.
"""
from __future__ import annotations

import sys

GAMES_PER_S_TARGET = 20.0  # issue 16: >= 20 random full games per second through the Match
FRAME_P99_TARGET_MS = 8.0  # issue 16: a tile dragged with four boards shown at 1920x1080


def measure(games: int = 20, seed: int = 0) -> dict[str, float]:
    """engine.simulate.speed for this game on each board side."""
    from engine.simulate import speed

    return speed("realm_of_sand", games, seed, {"basic": {"side": "basic"}, "advanced": {"side": "advanced"}})


def bench_position(match) -> bool:
    """Random play (claims first) on to round 4 at a tile's turn, every board holding pieces (False: next seed)."""
    import random

    from games.realm_of_sand.rules import Claim, EndDiscs, PlaceTile

    rules = match.rules
    rng = random.Random(match.seed)
    for _ in range(3000):
        s = match.state
        if s.phase == "over":
            return False
        if (s.phase == "before" and s.round >= 4 and all(any(p.cells) for p in s.players)
                and any(isinstance(a, PlaceTile) for a in rules.legal_actions(s))):
            return True
        acts = rules.legal_actions(s)
        claims = [a for a in acts if isinstance(a, Claim)]
        match.play(rng.choice(claims or [a for a in acts if not isinstance(a, EndDiscs)] or acts), autosave=False)
    return False


def bench_drag(app, scene, match):
    """Frame benchmark: the seat to move takes the screen, picks up its first hand tile and sweeps it over its
    board (R now and then). Returns frame -> events, or None for the next seed."""
    from engine.ui.gestures import pick_up, sweep_events

    if match.state.phase != "before":
        return None
    scene.take_screen(match.to_move())
    scene.since = None  # "since your last turn" read
    while app.top is not scene:
        app.pop()
    app.step([])
    hand = [(tile, rect) for tile, rect in scene.hand_rects() if tile >= 0]
    if not hand:
        return None
    pick_up(app, hand[0][1].center)
    if not scene.drag.holding:
        return None
    return sweep_events(scene.board_rect.inflate(-scene.cell, -scene.cell))


if __name__ == "__main__":
    for name, value in measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20).items():
        print(f"{name:34} {value:8.3f}")
