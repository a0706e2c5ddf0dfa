"""Moving meeples (data/five_tribes/rules.md, "1. Move meeples") and the move-generation fixtures:
this board, this tile, exactly these end tiles.

The test board (tests/five_tribes_helpers.BOARD) is 6 x 6 with the Great Lake at row 2, column 2.
Cells are written (row, column); cell(r, c) is the tile number.
"""
from __future__ import annotations

import itertools
import random

import pytest

from games.five_tribes.rules_state import Drop, PickUp
from tests.five_tribes_helpers import at_turn, cell, new_game, play, put, rules, set_board

R = rules()


def board(**tiles):
    """A start-of-turn state on the test board with only the given meeples: name 'r3c4' -> colours."""
    s = at_turn(set_board(new_game(3)), 0)
    for name, colours in tiles.items():
        r, c = int(name[1]), int(name[3])
        put(s, cell(r, c), *colours)
    return s


# ---------------------------------------------------------------- fixtures: exactly these end tiles
def test_one_meeple_ends_only_beside_a_tile_of_its_colour():
    """§4.3: one meeple, one step, onto a tile already holding its colour."""
    s = board(r0c0=["vizier"], r0c1=["vizier"], r1c0=["elder"])
    assert R.end_tiles(s, start=cell(0, 0)) == [cell(0, 1)]


def test_two_meeples_end_two_steps_away_on_a_matching_colour_never_on_the_lake():
    """§4.3: orthogonal steps, no stepping back, never onto the Great Lake; the last lands on its colour."""
    s = board(r3c3=["vizier", "elder"], r1c3=["vizier"], r3c5=["elder"], r4c4=["builder"], r3c1=["merchant"])
    assert R.end_tiles(s, start=cell(3, 3)) == [cell(1, 3), cell(3, 5)]


def test_a_tile_passed_earlier_in_the_move_may_be_the_end_with_a_doubled_colour():
    """A1: meeples dropped earlier in the same move count for the last meeple's colour."""
    s = board(r0c0=["vizier", "vizier", "builder", "builder", "builder"])
    assert R.end_tiles(s, start=cell(0, 0)) == [cell(0, 1), cell(1, 0)]


def test_without_a_doubled_colour_a_bare_board_gives_no_end():
    """§4.3: a move can never end on an empty tile; five different colours cannot pass-and-return."""
    s = board(r0c0=["vizier", "elder", "builder", "merchant", "assassin"])
    assert R.end_tiles(s, start=cell(0, 0)) == []
    assert R.why_illegal(s, PickUp(cell(0, 0))) == (
        "No move from that tile can end legally: the last meeple would find no tile with its colour.")


def test_start_tiles_are_exactly_those_with_a_complete_legal_move():
    """§4.3 step 1: a tile with meeples from which some move can end legally."""
    s = board(r0c0=["vizier"], r5c5=["elder"], r5c4=["elder"], r2c0=["assassin", "assassin"])
    assert R.start_tiles(s) == [cell(5, 4), cell(5, 5)]
    assert {a.tile for a in R.legal_actions(s) if isinstance(a, PickUp)} == {cell(5, 4), cell(5, 5)}


def test_next_steps_are_only_drops_that_can_still_end_legally():
    """§4.3: only steps after which the move can still end legally are offered."""
    s = board(r0c0=["vizier", "elder"], r0c2=["vizier"])
    s = play(s, PickUp(cell(0, 0)))
    assert R.next_steps(s) == [(cell(0, 1), "elder")]
    assert R.why_illegal(s, Drop(cell(0, 1), "vizier")) == (
        "From there the move could not end legally: the last meeple would find no tile with its colour.")


def test_the_last_meeple_must_land_on_its_colour():
    """§4.3: the final tile must already hold the colour dropped there last."""
    s = board(r0c0=["vizier", "elder"], r0c2=["vizier"])
    s = play(s, PickUp(cell(0, 0)), Drop(cell(0, 1), "elder"))
    assert R.why_illegal(s, Drop(cell(0, 2), "vizier")) is None
    s2 = board(r0c0=["elder"], r0c1=["vizier"], r1c0=["elder"])
    s2 = play(s2, PickUp(cell(0, 0)))
    assert R.why_illegal(s2, Drop(cell(0, 1), "elder")) == "The last meeple must land on a tile that already holds its colour."


def test_no_stepping_straight_back_and_no_diagonal_steps():
    """§4.3: orthogonal only; never straight back onto the tile just left."""
    s = board(r0c0=["elder", "elder", "elder"], r0c1=["elder"], r1c0=["elder"])
    s = play(s, PickUp(cell(0, 0)))
    assert R.why_illegal(s, Drop(cell(1, 1), "elder")) == (
        "Meeples move one tile at a time to a tile beside the last one, never diagonally.")
    s = play(s, Drop(cell(0, 1), "elder"))
    assert R.why_illegal(s, Drop(cell(0, 0), "elder")) == "You may not step straight back onto the tile you have just left."


def test_a_longer_loop_back_over_the_start_tile_is_allowed():
    """§4.3: only the immediate step back is forbidden; a loop may cross the start tile."""
    s = board(r0c0=["elder", "elder", "elder", "elder", "vizier"], r0c1=["vizier"])
    s = play(s, PickUp(cell(0, 0)), *[Drop(t, "elder") for t in (cell(0, 1), cell(1, 1), cell(1, 0), cell(0, 0))])
    assert s.path[-1] == cell(0, 0)
    s = play(s, Drop(cell(0, 1), "vizier"))
    assert s.final == cell(0, 1) and s.collected == (0, 2)


def test_nothing_is_ever_dropped_on_the_great_lake():
    """Seed, Großer See: no meeple may ever stand on it, during moves too."""
    s = board(r2c1=["vizier", "vizier"], r1c0=["vizier"])
    s = play(s, PickUp(cell(2, 1)))
    assert R.why_illegal(s, Drop(cell(2, 2), "vizier")) == "No meeple may ever stand on the Great Lake."
    assert all(t != cell(2, 2) for t, _ in R.next_steps(s))


def test_pick_up_takes_every_meeple_of_the_tile():
    """§4.3 step 1: take all its meeples into your hand."""
    s = board(r4c4=["vizier", "elder", "elder"], r4c5=["elder"])
    s = play(s, PickUp(cell(4, 4)))
    assert s.meeples[cell(4, 4)] == (0, 0, 0, 0, 0) and s.hand == (1, 2, 0, 0, 0)


def test_the_move_drops_exactly_one_meeple_per_tile_entered():
    """§4.3 step 2: one meeple on each tile stepped onto; steps = meeples picked up."""
    s = board(r5c0=["merchant", "merchant", "builder"], r5c3=["builder"])
    s = play(s, PickUp(cell(5, 0)), Drop(cell(5, 1), "merchant"), Drop(cell(5, 2), "merchant"))
    assert s.meeples[cell(5, 1)] == (0, 0, 0, 1, 0) and s.meeples[cell(5, 2)] == (0, 0, 0, 1, 0)
    s = play(s, Drop(cell(5, 3), "builder"))
    assert s.phase != "move" and s.path == [cell(5, 0), cell(5, 1), cell(5, 2), cell(5, 3)]


# ---------------------------------------------------------------- an independent oracle
def _any_left(s, rng, colours=("vizier", "elder", "builder", "merchant", "assassin")):
    """A random colour that the bag still holds (putting one takes it from the bag)."""
    left = [c for c in colours if s.bag[["vizier", "elder", "builder", "merchant", "assassin"].index(c)] > 0]
    colour = rng.choice(left)
    return colour


def _oracle_ends(s, start):
    """End tiles by brute force: every walk and every drop order, straight from the rule text."""
    w, h = s.layout.width, s.layout.height
    lake = s.layout.lake
    hand = [c for c, n in enumerate(s.meeples[start]) for _ in range(n)]
    board_ = [list(m) for m in s.meeples]
    board_[start] = [0] * 5
    ends = set()

    def nbrs(t):
        r, c = divmod(t, w)
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            if 0 <= r + dr < h and 0 <= c + dc < w and (r + dr) * w + c + dc != lake:
                yield (r + dr) * w + c + dc

    def walks(here, prev, left):
        if left == 0:
            yield []
            return
        for n in nbrs(here):
            if n != prev:
                for rest in walks(n, here, left - 1):
                    yield [n] + rest

    for path in walks(start, None, len(hand)):
        if path[-1] in ends:
            continue
        for order in set(itertools.permutations(hand)):
            counts = [list(x) for x in board_]
            for t, c in zip(path[:-1], order[:-1]):
                counts[t][c] += 1
            if counts[path[-1]][order[-1]] > 0:
                ends.add(path[-1])
                break
    return sorted(ends)


@pytest.mark.parametrize("seed", range(25))
def test_end_tiles_agree_with_brute_force_over_every_walk_and_drop_order(seed):
    """§4.3 and A1 checked against an enumeration of every walk and every order of drops."""
    rng = random.Random(seed)
    s = at_turn(set_board(new_game(3)), 0)
    colours = ["vizier", "elder", "builder", "merchant", "assassin"]
    for t in range(36):
        if t != s.layout.lake and rng.random() < 0.5:
            put(s, t, *[_any_left(s, rng) for _ in range(rng.randint(1, 2))])
    start = rng.choice([t for t in range(36) if any(s.meeples[t])])
    s.meeples[start] = (0,) * 5
    put(s, start, *[_any_left(s, rng, colours[:3]) for _ in range(rng.randint(1, 5))])
    assert R.end_tiles(s, start=start) == _oracle_ends(s, start)


@pytest.mark.parametrize("seed", range(10))
def test_shortest_completion_finishes_on_every_end_tile(seed):
    """The helper's drops are legal one by one and end the move on the chosen tile."""
    rng = random.Random(100 + seed)
    s = at_turn(set_board(new_game(3)), 0)
    for t in range(36):
        if t != s.layout.lake and rng.random() < 0.6:
            put(s, t, *[_any_left(s, rng) for _ in range(rng.randint(1, 3))])
    starts = R.start_tiles(s)
    assert starts
    start = rng.choice(starts)
    for end in R.end_tiles(s, start=start):
        acts = R.shortest_completion(s, end, start=start)
        done = play(s, *acts)
        assert done.final == end and done.path[-1] == end
    assert R.shortest_completion(s, s.layout.lake, start=start) is None
