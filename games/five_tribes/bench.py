"""Five Tribes' hooks for the benchmark (`python -m bench`): benchmark code, never imported by the game."""
from __future__ import annotations

import random

from engine.ui.gestures import FrameEvents, pick_up, sweep_events
from engine.core.match import Match
from games.five_tribes.rules_state import PickUp, UseDjinn
from games.five_tribes.scene import FiveTribesScene

GAMES_PER_S_TARGET = 10.0  # random games per second: issue 6 asks >= 10 of Five Tribes (the default is 20)
RESIZE_SWEEP = True  # the resize sweep draws this game: of the three, the most pictures per window size


def bench_drag(app, scene: FiveTribesScene, match: Match) -> FrameEvents | None:
    """Frame benchmark: a seeded random game played to its third round, a start tile stocked with meeples from
    the bag, picked up and dragged with the button held over the Sultanate, dropping a meeple in each tile
    it enters. Returns frame -> events, or None for the next seed."""
    rules = match.rules
    rng = random.Random(match.seed)
    for _ in range(3000):
        s = match.state
        if s.phase == "start" and s.round >= 3:
            break
        if s.phase == "over":
            return None
        acts = rules.legal_actions(s)
        quiet = [a for a in acts if not isinstance(a, UseDjinn)]
        match.play(rng.choice(quiet or acts), autosave=False)
    else:
        return None
    s = match.state
    starts = rules.start_tiles(s)
    if not starts:
        return None
    start = max(starts, key=lambda tl: sum(s.meeples[tl]))
    counts = list(s.meeples[start])
    for _ in range(min(24, sum(s.bag))):  # a long move: meeples from the bag onto the start tile
        c = max(range(5), key=lambda k: s.bag[k])
        s.bag[c] -= 1
        counts[c] += 1
    s.meeples[start] = tuple(counts)
    scene.take_screen(match.to_move())
    while app.top is not scene:
        app.pop()
    if rules.why_illegal(s, PickUp(start)) is not None:
        return None
    pick_up(app, scene.cell_rect(start).center)
    if match.state.phase != "move" or not scene.drag.holding:
        return None
    return sweep_events(scene.board_rect(), turn_every=0)
