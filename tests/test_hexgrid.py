"""Hex geometry: neighbours, Tiled's offset cells, pixels, edges, and walks of an exact length."""
from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import hexgrid
from engine.core.grid import HexGrid, SquareGrid
from engine.core.hexgrid import FLAT, POINTY, Edge, HexLayout, Stagger

FAST = settings(max_examples=60, deadline=None)
cells = st.tuples(st.integers(-30, 30), st.integers(-30, 30))
orientations = st.sampled_from([POINTY, FLAT])
STAGGERS = [Stagger(axis, index) for axis in ("x", "y") for index in ("odd", "even")]


# ------------------------------------------------------------------ neighbours

@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_directions_are_numbered_as_grid_hexgrid_numbers_them(orientation: str) -> None:
    grid = HexGrid([], orientation)
    assert hexgrid.DIRECTIONS[orientation] == grid.DIRS


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_directions_run_clockwise_from_the_first_side_at_or_after_north(orientation: str) -> None:
    layout = HexLayout(orientation)
    angles = []
    for d in range(6):
        x, y = layout.to_pixel(hexgrid.neighbour((0, 0), d, orientation))
        angles.append(math.degrees(math.atan2(y, x)) % 360)  # screen angle, clockwise from east
    first = 300.0 if orientation == POINTY else 270.0  # NE / N
    assert angles == pytest.approx([(first + 60 * d) % 360 for d in range(6)])


@given(cells, st.integers(0, 5), orientations)
@FAST
def test_a_neighbour_is_one_step_away_and_faces_back_across_the_opposite_side(cell, d, orientation) -> None:
    n = hexgrid.neighbour(cell, d, orientation)
    assert hexgrid.distance(cell, n) == 1 and hexgrid.adjacent(cell, n)
    assert hexgrid.direction_to(cell, n, orientation) == d
    assert hexgrid.direction_to(n, cell, orientation) == hexgrid.opposite(d)


def test_direction_to_a_cell_that_is_not_beside_is_none() -> None:
    assert hexgrid.direction_to((0, 0), (2, 0)) is None
    assert hexgrid.direction_to((0, 0), (0, 0)) is None


def test_distance_counts_the_fewest_steps() -> None:
    assert hexgrid.distance((0, 0), (2, -1)) == 2
    assert hexgrid.distance((0, 0), (3, 0)) == 3
    assert hexgrid.distance((-1, 2), (2, -1)) == 3
    assert hexgrid.distance((1, 1), (1, 1)) == 0


@pytest.mark.parametrize("radius", [0, 1, 2, 3])
def test_ring_holds_6k_cells_all_k_steps_away_each_beside_the_next(radius: int) -> None:
    centre = (2, -1)
    ring = hexgrid.ring(centre, radius)
    assert len(ring) == len(set(ring)) == max(1, 6 * radius)
    assert all(hexgrid.distance(centre, c) == radius for c in ring)
    if radius:
        assert all(hexgrid.adjacent(a, b) for a, b in zip(ring, ring[1:] + ring[:1]))


@pytest.mark.parametrize("radius", [0, 1, 2, 3])
def test_within_holds_every_cell_up_to_k_steps_once(radius: int) -> None:
    cells_in = hexgrid.within((0, 0), radius)
    assert len(cells_in) == len(set(cells_in)) == 1 + 3 * radius * (radius + 1)
    assert set(cells_in) == set(HexGrid.hexagon(radius).cells())


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_turning_a_sixth_clockwise_moves_each_side_to_the_next(orientation: str) -> None:
    steps = hexgrid.DIRECTIONS[orientation]
    for d in range(6):
        assert hexgrid.rotate(steps[d], 1) == steps[(d + 1) % 6]


@given(cells, cells, st.integers(-12, 12))
@FAST
def test_turning_keeps_distances_and_six_turns_change_nothing(cell, about, turns) -> None:
    turned = hexgrid.rotate(cell, turns, about)
    assert hexgrid.distance(turned, about) == hexgrid.distance(cell, about)
    assert hexgrid.rotate(turned, -turns, about) == cell
    assert hexgrid.rotate(cell, 6, about) == cell


def test_rotate_offsets_turns_a_shape_in_order() -> None:
    shape = ((0, 0), (1, 0), (2, 0))  # three in a row towards E (pointy)
    assert hexgrid.rotate_offsets(shape, 1) == ((0, 0), (0, 1), (0, 2))  # now towards SE
    assert hexgrid.rotate_offsets(shape, 3) == ((0, 0), (-1, 0), (-2, 0))


# --------------------------------------------------------------- offset cells

@pytest.mark.parametrize("stagger", STAGGERS, ids=str)
def test_offset_to_axial_and_back_for_every_stagger(stagger: Stagger) -> None:
    for col in range(-4, 9):
        for row in range(-4, 9):
            axial = stagger.to_axial(col, row)
            assert stagger.to_offset(axial) == (col, row)


@given(cells, st.sampled_from(STAGGERS))
@FAST
def test_axial_to_offset_and_back_for_every_stagger(cell, stagger) -> None:
    assert stagger.to_axial(*stagger.to_offset(cell)) == cell


# Hand-worked from Tiled's drawing: which cells of the row above touch (col, row) for an odd row.
@pytest.mark.parametrize(
    ("stagger", "above"),
    [
        (Stagger("y", "odd"), [(3, 0), (4, 0)]),  # odd rows sit half a hex right: they touch col and col+1 above
        (Stagger("y", "even"), [(2, 0), (3, 0)]),  # even rows sit right: an odd row touches col-1 and col
    ],
)
def test_staggered_rows_touch_the_cells_tiled_draws_beside_them(stagger: Stagger, above) -> None:
    here = stagger.to_axial(3, 1)
    touching = sorted(
        (c, r) for c in range(0, 7) for r in (0,) if hexgrid.adjacent(here, stagger.to_axial(c, r))
    )
    assert touching == above
    assert hexgrid.adjacent(here, stagger.to_axial(2, 1)) and hexgrid.adjacent(here, stagger.to_axial(4, 1))


@pytest.mark.parametrize(
    ("stagger", "left"),
    [
        (Stagger("x", "odd"), [(3, 0), (3, 1)]),  # odd columns sit half a hex down
        (Stagger("x", "even"), [(3, 1), (3, 2)]),  # even columns sit down: they touch rows r and r+1 to their left
    ],
)
def test_staggered_columns_touch_the_cells_tiled_draws_beside_them(stagger: Stagger, left) -> None:
    here = stagger.to_axial(4, 1)  # an even column
    touching = sorted((3, r) for r in range(-1, 4) if hexgrid.adjacent(here, stagger.to_axial(3, r)))
    assert touching == left
    assert hexgrid.adjacent(here, stagger.to_axial(4, 0)) and hexgrid.adjacent(here, stagger.to_axial(4, 2))


def test_stagger_orientation_follows_the_axis() -> None:
    assert Stagger("y", "odd").orientation == POINTY
    assert Stagger("x", "even").orientation == FLAT
    with pytest.raises(ValueError):
        Stagger("z", "odd")
    with pytest.raises(ValueError):
        Stagger("x", "first")


# ---------------------------------------------------------------------- pixels

def rounded(points) -> set:
    """Points as a set, to 6 places: float corners worked out from different centres differ in the last bit."""
    return {(round(x, 6), round(y, 6)) for x, y in points}


@given(cells, orientations, st.floats(0.5, 80), st.tuples(st.floats(-500, 500), st.floats(-500, 500)))
@FAST
def test_axial_to_pixel_and_back_to_the_same_cell(cell, orientation, size, origin) -> None:
    layout = HexLayout(orientation, size, origin)
    assert layout.hex_at(*layout.to_pixel(cell)) == cell
    q, r = layout.fractional(*layout.to_pixel(cell))
    assert (q, r) == pytest.approx(cell, abs=1e-6)


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_points_just_inside_each_corner_and_side_belong_to_the_cell(orientation: str) -> None:
    layout = HexLayout(orientation, 40.0, (7.0, -3.0))
    for cell in hexgrid.within((1, -2), 2):
        cx, cy = layout.to_pixel(cell)
        corners = layout.corners(cell)
        for i, (x, y) in enumerate(corners):
            assert layout.hex_at(cx + 0.98 * (x - cx), cy + 0.98 * (y - cy)) == cell  # near a corner
            nx, ny = corners[(i + 1) % 6]
            mx, my = (x + nx) / 2, (y + ny) / 2
            assert layout.hex_at(cx + 0.98 * (mx - cx), cy + 0.98 * (my - cy)) == cell  # near a side
            # Just across side i lies neighbour i.
            across = hexgrid.neighbour(cell, i, orientation)
            assert layout.hex_at(cx + 1.02 * (mx - cx), cy + 1.02 * (my - cy)) == across


@given(st.floats(-400, 400), st.floats(-400, 400), orientations)
@FAST
def test_hex_at_is_the_cell_with_the_nearest_centre(x, y, orientation) -> None:
    layout = HexLayout(orientation, 23.0, (5.0, 11.0))
    found = layout.hex_at(x, y)
    fx, fy = layout.to_pixel(found)
    mine = math.hypot(x - fx, y - fy)
    for other in hexgrid.within(found, 2):
        ox, oy = layout.to_pixel(other)
        assert mine <= math.hypot(x - ox, y - oy) + 1e-9


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_corners_lie_one_size_from_the_centre_and_sides_are_one_size_long(orientation: str) -> None:
    layout = HexLayout(orientation, 30.0, (0.0, 0.0))
    cx, cy = layout.to_pixel((2, 1))
    corners = layout.corners((2, 1))
    assert [math.hypot(x - cx, y - cy) for x, y in corners] == pytest.approx([30.0] * 6)
    sides = [math.dist(corners[i], corners[(i + 1) % 6]) for i in range(6)]
    assert sides == pytest.approx([30.0] * 6)


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_side_d_of_a_cell_is_the_side_its_neighbour_d_shares(orientation: str) -> None:
    layout = HexLayout(orientation, 10.0)
    mine = layout.corners((0, 0))
    for d in range(6):
        theirs = layout.corners(hexgrid.neighbour((0, 0), d, orientation))
        assert rounded(theirs) & rounded(mine) == rounded((mine[d], mine[(d + 1) % 6]))


def test_fitted_layout_puts_the_cells_outline_at_the_margin() -> None:
    board = hexgrid.within((3, -2), 2)
    for orientation in (POINTY, FLAT):
        layout, (width, height) = HexLayout.fitted(board, orientation, 1.0, margin=0.5)
        left, top, right, bottom = layout.bounds(board)
        assert (left, top) == pytest.approx((0.5, 0.5))
        assert (right + 0.5, bottom + 0.5) == pytest.approx((width, height))
    # A hexagon of radius 2, pointy: 5 hexes wide (5 * sqrt 3) and 4 rows of 1.5 plus 2 high.
    _, size = HexLayout.fitted(board, POINTY)
    assert size == pytest.approx((5 * math.sqrt(3), 8.0))


def test_layout_refuses_an_unknown_orientation_or_a_size_of_zero() -> None:
    with pytest.raises(ValueError):
        HexLayout("round")
    with pytest.raises(ValueError):
        HexLayout(POINTY, 0.0)


# ----------------------------------------------------------------------- edges

@given(cells, st.integers(0, 5))
@FAST
def test_an_edge_is_the_same_key_from_either_side(cell, d) -> None:
    n = hexgrid.neighbour(cell, d)
    assert Edge(cell, n) == Edge(n, cell)
    assert hash(Edge(cell, n)) == hash(Edge(n, cell))
    assert len({Edge(cell, n), Edge(n, cell), hexgrid.edge(cell, d), hexgrid.edge(n, hexgrid.opposite(d))}) == 1
    e = Edge(n, cell)
    assert set(e.cells) == {cell, n} and e.other(cell) == n and e.other(n) == cell


def test_edges_of_different_cell_pairs_differ() -> None:
    assert Edge((0, 0), (1, 0)) != Edge((0, 0), (0, 1))
    assert Edge((0, 0), (1, 0)) != Edge((1, 0), (2, 0))


def test_an_edge_between_cells_that_do_not_touch_is_refused() -> None:
    with pytest.raises(ValueError, match="not neighbours"):
        Edge((0, 0), (2, 0))
    with pytest.raises(ValueError):
        Edge((0, 0), (0, 0))
    with pytest.raises(ValueError, match="not beside"):
        Edge((0, 0), (1, 0)).other((5, 5))


def test_an_edge_saves_as_a_dict_and_reads_back_the_same() -> None:
    e = Edge((2, -1), (1, -1))
    assert e.to_dict() == {"a": [1, -1], "b": [2, -1]}
    assert Edge.from_dict(e.to_dict()) == e
    assert Edge.from_dict({"a": [2, -1], "b": [1, -1]}) == e


def test_each_edge_between_two_board_cells_is_shared_by_exactly_those_two() -> None:
    board = set(hexgrid.within((0, 0), 2))
    owners: dict[Edge, list] = {}
    for cell in board:
        sides = hexgrid.edges_of(cell)
        assert len(set(sides)) == 6
        for e in sides:
            owners.setdefault(e, []).append(cell)
    interior = [e for e in owners if e.a in board and e.b in board]
    assert all(sorted(owners[e]) == sorted(e.cells) for e in interior)
    assert all(len(owners[e]) == 1 for e in owners if e not in interior)
    # A radius-2 hexagon: 19 cells, 42 edges inside it, 30 on its rim (6 * 19 = 2 * 42 + 30).
    assert (len(interior), len(owners) - len(interior)) == (42, 30)


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_an_edge_segment_is_the_same_worked_out_from_either_cell(orientation: str) -> None:
    layout = HexLayout(orientation, 17.0, (3.0, 4.0))
    for d in range(6):
        e = hexgrid.edge((1, 1), d, orientation)
        a, b = layout.edge_segment(e)
        mine = layout.corners((1, 1))
        assert rounded((a, b)) == rounded((mine[d], mine[(d + 1) % 6]))
        # Exactly equal, not just close, however the edge was named: a drawn road never jitters.
        assert layout.edge_segment(Edge(e.b, e.a)) == (a, b)


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_edge_at_picks_the_side_a_point_lies_close_to(orientation: str) -> None:
    layout = HexLayout(orientation, 40.0)
    cx, cy = layout.to_pixel((0, 0))
    corners = layout.corners((0, 0))
    for d in range(6):
        (ax, ay), (bx, by) = corners[d], corners[(d + 1) % 6]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # 3 units inside the cell from the side's middle, and nearer one end than the other.
        inside = (mx + (cx - mx) * 3 / math.dist((mx, my), (cx, cy)), my + (cy - my) * 3 / math.dist((mx, my), (cx, cy)))
        assert layout.edge_at(*inside, 5.0) == hexgrid.edge((0, 0), d, orientation)
        assert layout.edge_at(*inside, 2.9) is None  # beyond max_distance: nothing
        near_end = (0.7 * ax + 0.3 * bx, 0.7 * ay + 0.3 * by)
        assert layout.edge_at(*near_end, 1.0) == hexgrid.edge((0, 0), d, orientation)


def test_edge_at_the_centre_of_a_cell_is_nothing_unless_the_reach_covers_a_side() -> None:
    layout = HexLayout(POINTY, 10.0)
    inradius = 10.0 * math.sqrt(3) / 2
    assert layout.edge_at(0.0, 0.0, inradius - 0.01) is None
    assert layout.edge_at(0.0, 0.0, inradius + 0.01) in set(hexgrid.edges_of((0, 0)))


def brute_nearest(layout: HexLayout, x: float, y: float, limit: float, allowed) -> Edge | None:
    """The nearest allowed edge within limit, by trying every edge of a wide patch."""
    here = layout.hex_at(x, y)
    best = None
    for cell in hexgrid.within(here, 5):
        for e in hexgrid.edges_of(cell):
            if allowed is not None and e not in allowed:
                continue
            far = hexgrid.segment_distance(x, y, *layout.edge_segment(e)[0], *layout.edge_segment(e)[1])
            if far <= limit and (best is None or (far, e) < best):
                best = (far, e)
    return None if best is None else best[1]


@given(st.floats(-60, 60), st.floats(-60, 60), st.floats(0, 30), orientations, st.booleans())
@FAST
def test_edge_at_agrees_with_trying_every_edge_nearby(x, y, limit, orientation, filtered) -> None:
    layout = HexLayout(orientation, 20.0, (1.0, 2.0))
    # Only the edges between tiles of a small map count when filtered: the rest are empty sea.
    board = {(0, 0), (1, 0), (0, 1), (-1, 0), (2, -1)}
    allowed = {e for c in board for e in hexgrid.edges_of(c) if e.a in board and e.b in board} if filtered else None
    assert layout.edge_at(x, y, limit, allowed) == brute_nearest(layout, x, y, limit, allowed)


def test_edge_at_finds_an_allowed_edge_that_is_no_side_of_the_cell_under_the_point() -> None:
    layout = HexLayout(POINTY, 20.0)
    target = Edge((1, 0), (0, 1))  # meets (0, 0) only at its lower right corner
    corner = layout.corners((0, 0))[2]  # pointy corner 2: lower right, between sides E and SE
    assert corner == pytest.approx(layout.edge_segment(target)[0]) or corner == pytest.approx(layout.edge_segment(target)[1])
    point = (corner[0] - 2.0 * math.cos(math.radians(30)), corner[1] - 2.0 * math.sin(math.radians(30)))
    assert layout.hex_at(*point) == (0, 0)
    assert layout.edge_at(*point, 3.0) in set(hexgrid.edges_of((0, 0)))  # its own sides are nearer
    assert layout.edge_at(*point, 3.0, {target}) == target
    assert layout.edge_at(*point, 1.5, {target}) is None


# ----------------------------------------------------------------------- walks

def open_map(board):
    return lambda cell: cell in board


def test_a_walk_of_no_steps_ends_where_it_starts() -> None:
    assert hexgrid.walks((0, 0), 0, None, open_map({(0, 0)})) == {(0, 0): ((0, 0),)}
    with pytest.raises(ValueError):
        hexgrid.walks((0, 0), -1, None, open_map({(0, 0)}))


RING = hexgrid.ring((0, 0), 1)  # six hexes round an empty middle: the only way is round the ring


def test_walking_a_ring_of_hexes_reaches_cells_at_each_distance_round_it() -> None:
    start = RING[0]
    beside = {RING[1], RING[5]}
    assert set(hexgrid.walks(start, 1, None, open_map(RING))) == beside
    assert set(hexgrid.walks(start, 2, None, open_map(RING))) == {RING[2], RING[4]}
    # Opposite: reached both ways round, reported once with one of its two paths.
    three = hexgrid.walks(start, 3, None, open_map(RING))
    assert set(three) == {RING[3]}
    assert three[RING[3]] in {tuple(RING[:4]), (RING[0], RING[5], RING[4], RING[3])}


def test_a_cell_one_step_away_is_reached_in_five_steps_only_the_long_way_round() -> None:
    start = RING[0]
    five = hexgrid.walks(start, 5, None, open_map(RING))
    assert set(five) == {RING[1], RING[5]}
    assert five[RING[1]] == (RING[0], RING[5], RING[4], RING[3], RING[2], RING[1])
    # Six steps would end on the start, which a walk may not re-enter.
    assert hexgrid.walks(start, 6, None, open_map(RING)) == {}


TRIANGLE = {(0, 0), (1, 0), (0, 1)}  # three hexes that all touch one another


def test_two_steps_can_end_beside_the_start_by_going_round_a_third_hex() -> None:
    got = hexgrid.walks((0, 0), 2, None, open_map(TRIANGLE))
    assert got == {(1, 0): ((0, 0), (0, 1), (1, 0)), (0, 1): ((0, 0), (1, 0), (0, 1))}


def test_a_barricaded_edge_forces_the_other_way_round() -> None:
    barricade = Edge((1, 0), (0, 0))

    def can_cross(e: Edge, a, b) -> bool:
        return e != barricade

    assert set(hexgrid.walks((0, 0), 1, can_cross, open_map(TRIANGLE))) == {(0, 1)}
    assert hexgrid.walks((0, 0), 2, can_cross, open_map(TRIANGLE)) == {(1, 0): ((0, 0), (0, 1), (1, 0))}
    # The barricade blocks both directions of crossing.
    assert set(hexgrid.walks((1, 0), 1, can_cross, open_map(TRIANGLE))) == {(0, 1)}


def test_can_cross_is_told_the_edge_and_the_direction_of_the_step() -> None:
    seen = []

    def can_cross(e: Edge, a, b) -> bool:
        seen.append((e, a, b))
        return True

    hexgrid.walks((0, 0), 1, can_cross, open_map(TRIANGLE))
    assert sorted(seen) == sorted([(Edge((0, 0), (1, 0)), (0, 0), (1, 0)), (Edge((0, 0), (0, 1)), (0, 0), (0, 1))])


def test_a_cell_the_walker_may_not_enter_is_neither_passed_through_nor_an_end() -> None:
    line = {(0, 0), (1, 0), (2, 0), (3, 0)}  # a straight road
    own_worker = {(1, 0)}
    enter = lambda cell: cell in line and cell not in own_worker  # noqa: E731
    assert hexgrid.walks((0, 0), 2, None, enter) == {}
    assert hexgrid.walks((2, 0), 1, None, enter) == {(3, 0): ((2, 0), (3, 0))}


def brute_ends(start, steps, can_cross, enter) -> set:
    """End cells of every sequence of `steps` directions that is a legal simple walk."""
    ends = set()
    for ds in itertools.product(range(6), repeat=steps):
        path = [start]
        for d in ds:
            nxt = hexgrid.neighbour(path[-1], d)
            if nxt in path or not enter(nxt) or not can_cross(Edge(path[-1], nxt), path[-1], nxt):
                break
            path.append(nxt)
        else:
            ends.add(path[-1])
    return ends


@given(
    st.sets(st.sampled_from(hexgrid.within((0, 0), 2)), min_size=1, max_size=19),
    st.sets(st.sampled_from(sorted({e for c in hexgrid.within((0, 0), 2) for e in hexgrid.edges_of(c)})), max_size=12),
    st.integers(0, 3),
)
@settings(max_examples=40, deadline=None)
def test_walks_find_exactly_the_ends_of_all_simple_walks_with_valid_paths(board, blocked, steps) -> None:
    start = min(board)
    enter = open_map(board)
    can_cross = lambda e, a, b: e not in blocked  # noqa: E731
    got = hexgrid.walks(start, steps, can_cross, enter)
    assert set(got) == brute_ends(start, steps, can_cross, enter)
    for end, path in got.items():
        assert len(path) == steps + 1 and path[0] == start and path[-1] == end
        assert len(set(path)) == len(path)  # never a cell twice, the start included
        assert all(b in board for b in path[1:])
        assert all(hexgrid.adjacent(a, b) and Edge(a, b) not in blocked for a, b in zip(path, path[1:]))


def test_walks_give_the_same_answer_every_time() -> None:
    board = hexgrid.within((0, 0), 2)
    first = hexgrid.walks((0, 0), 3, None, open_map(board))
    assert list(first.items()) == list(hexgrid.walks((0, 0), 3, None, open_map(board)).items())


def test_a_full_hexagon_lets_three_steps_end_anywhere_but_the_start() -> None:
    board = set(hexgrid.within((0, 0), 2))
    assert set(hexgrid.walks((0, 0), 3, None, open_map(board))) == board - {(0, 0)}


# The same walk on squares, through grid.walks (one implementation for both grids).

def test_square_walks_end_exactly_so_many_steps_on() -> None:
    grid = SquareGrid(3, 3)
    assert set(grid.walks((0, 0), 2)) == {(2, 0), (1, 1), (0, 2)}
    # Squares have no triangles: an odd walk never ends on a cell of even distance.
    assert set(grid.walks((0, 0), 3)) == {(2, 1), (1, 2), (1, 0), (0, 1)}
    assert grid.walks((0, 0), 3)[(1, 0)] == ((0, 0), (0, 1), (1, 1), (1, 0))


def test_square_walks_respect_a_wall_and_an_occupied_cell() -> None:
    grid = SquareGrid(3, 1)  # three squares in a row
    wall = {((0, 0), (1, 0)), ((1, 0), (0, 0))}
    assert grid.walks((0, 0), 1, can_step=lambda a, b: (a, b) not in wall) == {}
    assert grid.walks((0, 0), 2, can_enter=lambda c: c != (1, 0)) == {}
    assert grid.walks((0, 0), 2) == {(2, 0): ((0, 0), (1, 0), (2, 0))}
