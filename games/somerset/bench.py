"""Somerset's hooks for the benchmark (`python -m bench`): benchmark code, never imported by the game.

`bench_drag` holds a worker over a late map (five seats, a dozen country tiles built) and sweeps it over
the board; `python -m bench` also times random playouts, full games through the Match and legal_actions
on mid-game states (the rules' bench_queries add the reach of the workers and the country-tile
placements). `python -m games.somerset.bench` prints the
same figures for Somerset alone, per seat count.
"""
from __future__ import annotations

import sys

GAMES_PER_S_TARGET = 20.0  # issue 15: >= 20 random full games per second through the Match


def measure(games: int = 20, seed: int = 0) -> dict[str, float]:
    """engine.simulate.speed for this game."""
    from engine.simulate import speed

    return speed("somerset", games, seed, None)


def fill_map(rules, state, tiles: int = 16, seed: int = 5) -> None:
    """Build `tiles` country tiles of the supply at their first legal spots, for seats in turn (for the frame
    benchmark: a late map). Changes the state in place."""
    import random

    rng = random.Random(seed)
    board = state.board
    supply = list(state.supply)
    rng.shuffle(supply)
    built = 0
    for tile in list(supply):
        if built >= tiles:
            break
        spots = rules.placements(board, tile)
        if not spots:
            continue
        cell, rot = spots[rng.randrange(len(spots))]
        board = rules.with_tile(board, tile, cell, rot, built % len(state.seats))
        supply.remove(tile)
        built += 1
    state.board = board
    state.supply = tuple(sorted(supply))
    state.memo.clear()


def bench_drag(app, scene, match):
    """Frame benchmark: random play to a worker's move in round 2, the map filled with 16 country tiles, and
    the worker with the most places to go picked up and swept over the map. Returns frame -> events, or None
    for the next seed."""
    import random

    from engine.ui.gestures import pick_up, sweep_events
    from games.somerset.rules import Done

    rules = match.rules
    rng = random.Random(match.seed)
    for _ in range(2000):
        s = match.state
        if s.phase == "move" and s.round >= 2:
            break
        if s.phase == "over":
            return None
        acts = rules.legal_actions(s)
        match.play(rng.choice([a for a in acts if not isinstance(a, Done)] or acts), autosave=False)
    else:
        return None
    fill_map(rules, match.state)
    match.version += 1  # the position changed under the table: it draws it anew
    scene.on_match_change(match)
    dest = rules.destinations(match.state)
    if not any(dest.values()):
        return None
    scene.take_screen(match.to_move())
    scene.since = None  # "since your last turn" read
    while app.top is not scene:
        app.pop()
    app.step([])
    worker = max(dest, key=lambda i: len(dest[i]))
    spot = next(rect for i, rect in scene.worker_spots() if i == worker)
    pick_up(app, spot.center)
    if not scene.drag.holding:
        return None
    return sweep_events(scene.board_view.inflate(-scene.app.px(40), -scene.app.px(40)), turn_every=0)


if __name__ == "__main__":
    for name, value in measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20).items():
        print(f"{name:28} {value:8.3f}")
