"""Orientations of square-cell pieces: R turns a quarter right, F mirrors, 8 lies in all, saved as dicts."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.orientation import ALL, IDENTITY, Orientation, distinct, normalised

FAST = settings(max_examples=60, deadline=None)

I_TROMINO = ((0, 0), (1, 0), (2, 0))  # Realm of Sand's straight rune tile, c1 c2 c3
L_TROMINO = ((0, 0), (1, 0), (0, 1))  # the bent one: corner c1, arms c2 and c3
L_TETROMINO = ((0, 0), (0, 1), (0, 2), (1, 2))  # no symmetry at all
S_TETROMINO = ((1, 0), (2, 0), (0, 1), (1, 1))
T_TETROMINO = ((0, 0), (1, 0), (2, 0), (1, 1))
O_TETROMINO = ((0, 0), (1, 0), (0, 1), (1, 1))

lies = st.sampled_from(ALL)
shapes = st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=6, unique=True)


def turn_right(cells):
    """A quarter turn clockwise as seen on screen (y down), by hand."""
    return normalised((-y, x) for x, y in cells)


def mirror(cells):
    """Left-right mirror, by hand."""
    return normalised((-x, y) for x, y in cells)


def test_there_are_eight_lies_and_the_first_is_as_printed() -> None:
    assert len(ALL) == len(set(ALL)) == 8
    assert ALL[0] == IDENTITY == Orientation(0, False)
    assert IDENTITY.apply(L_TROMINO) == L_TROMINO


def test_a_quarter_turn_right_sends_east_to_south_and_south_to_west() -> None:
    right = Orientation(1)
    assert right.apply_cell((1, 0)) == (0, 1)
    assert right.apply_cell((0, 1)) == (-1, 0)
    assert right.apply(I_TROMINO) == ((0, 0), (0, 1), (0, 2))  # lying becomes standing
    # The bent tile's arm pointing east now points south; the one pointing south points west.
    assert right.apply(L_TROMINO) == ((1, 0), (1, 1), (0, 0))


def test_flipping_mirrors_left_and_right() -> None:
    assert Orientation(0, True).apply(L_TROMINO) == ((1, 0), (0, 0), (1, 1))
    assert Orientation(0, True).apply(I_TROMINO) == ((2, 0), (1, 0), (0, 0))


@given(lies, shapes)
@FAST
def test_r_turns_the_piece_a_quarter_right_as_it_now_looks(lie, shape) -> None:
    assert lie.turned(1).apply(shape) == turn_right(lie.apply(shape))
    assert lie.turned(-1).turned(1) == lie
    assert lie.turned(1).turned(1).turned(1).turned(1) == lie


@given(lies, shapes)
@FAST
def test_f_mirrors_the_piece_as_it_now_looks(lie, shape) -> None:
    assert lie.flip().apply(shape) == mirror(lie.apply(shape))
    assert lie.flip().flip() == lie


@given(lies, shapes)
@FAST
def test_applying_a_lie_then_its_inverse_gives_back_the_piece_cell_for_cell(lie, shape) -> None:
    assert lie.inverse().apply(lie.apply(shape)) == normalised(shape)
    assert lie.apply(lie.inverse().apply(shape)) == normalised(shape)
    assert lie.inverse().inverse() == lie


def test_apply_keeps_each_cell_in_its_place_in_the_list_so_colours_follow() -> None:
    lie = Orientation(3, True)
    turned = lie.apply(L_TROMINO)
    raw = [lie.apply_cell(c) for c in L_TROMINO]
    shift = (min(x for x, _ in raw), min(y for _, y in raw))
    assert turned == tuple((x - shift[0], y - shift[1]) for x, y in raw)
    assert min(x for x, _ in turned) == 0 and min(y for _, y in turned) == 0


def test_the_eight_lies_are_the_rules_eight_turn_and_mirror_combinations() -> None:
    # realm-of-sand.md: (x, y) -> (-y, x) k times, then optionally x -> -x, then normalise.
    def rules_way(k: int, mirrored: bool):
        cells = L_TETROMINO
        for _ in range(k):
            cells = tuple((-y, x) for x, y in cells)
        if mirrored:
            cells = tuple((-x, y) for x, y in cells)
        return frozenset(normalised(cells))

    ours = {frozenset(lie.apply(L_TETROMINO)) for lie in ALL}
    assert ours == {rules_way(k, m) for k in range(4) for m in (False, True)}


@pytest.mark.parametrize(
    ("shape", "count"),
    [(I_TROMINO, 2), (L_TROMINO, 4), (L_TETROMINO, 8), (S_TETROMINO, 4), (T_TETROMINO, 4), (O_TETROMINO, 1), (((0, 0),), 1)],
    ids=["straight tromino", "bent tromino", "L tetromino", "S tetromino", "T tetromino", "square", "one cell"],
)
def test_distinct_lies_count_each_different_shape_once(shape, count: int) -> None:
    kept = distinct(shape)
    assert len(kept) == count
    shapes = {frozenset(lie.apply(shape)) for lie in kept}
    assert len(shapes) == count  # all different...
    assert shapes == {frozenset(lie.apply(shape)) for lie in ALL}  # ...and none missing


def test_distinct_lies_prefer_unflipped_turns() -> None:
    assert distinct(L_TROMINO) == tuple(Orientation(t) for t in range(4))
    assert distinct(I_TROMINO) == (Orientation(0), Orientation(1))


@pytest.mark.parametrize(
    ("shape", "colours", "count"),
    [
        (I_TROMINO, "GGG", 2),
        (I_TROMINO, "GGR", 4),  # which end the red square is at now matters
        (I_TROMINO, "GRG", 2),
        (L_TROMINO, "RRR", 4),
        (L_TROMINO, "KRR", 4),  # both arms red: mirror images look alike
        (L_TROMINO, "GRK", 8),  # three colours: every lie differs
    ],
)
def test_distinct_lies_of_a_coloured_rune_tile_count_colour_too(shape, colours: str, count: int) -> None:
    assert len(distinct(shape, list(colours))) == count


def test_distinct_refuses_a_colour_list_of_the_wrong_length() -> None:
    with pytest.raises(ValueError):
        distinct(L_TROMINO, ["G", "R"])


@pytest.mark.parametrize("lie", ALL, ids=lambda lie: lie.describe())
def test_a_lie_saves_as_a_dict_and_reads_back_the_same(lie: Orientation) -> None:
    data = lie.to_dict()
    assert data == {"turns": lie.turns, "flipped": lie.flipped}
    assert Orientation.from_dict(data) == lie


@pytest.mark.parametrize(
    "data",
    [{"turns": 4, "flipped": False}, {"turns": "1", "flipped": False}, {"turns": 1, "flipped": "yes"},
     {"turns": True}, {"turns": 1, "mirror": True}, [1, False], None],
)
def test_a_damaged_saved_lie_is_refused(data) -> None:
    with pytest.raises(ValueError):
        Orientation.from_dict(data)


def test_a_lie_with_turns_out_of_range_cannot_be_made() -> None:
    with pytest.raises(ValueError):
        Orientation(4)
    with pytest.raises(ValueError):
        Orientation(-1)


def test_each_lie_reads_differently_to_a_player() -> None:
    assert IDENTITY.describe() == "as printed"
    assert Orientation(1).describe() == "turned 90° right"
    assert Orientation(2).describe() == "turned 180°"
    assert Orientation(3).describe() == "turned 90° left"
    assert Orientation(0, True).describe() == "flipped"
    assert Orientation(1, True).describe() == "flipped, turned 90° right"
    assert len({lie.describe() for lie in ALL}) == 8
