"""Somerset fixtures: this map and this worker give exactly these end tiles; this map and this country tile
exactly these placements; this edge takes a barricade or refuses it (the connectivity guard).

The expected sets are worked out by hand (see tests/somerset_helpers.py for FLOWER and ROW): in the flower
every tile joins every neighbour; ring tiles are listed clockwise NE, E, SE, SW, W, NW, and two ring tiles
next in that list are neighbours. Old Forest ("100100" in the rules file's E, NE, NW, W, SW, SE order) has
stubs on E and W only; Clay Pits ("110000") on E and NE.
"""
from __future__ import annotations

import pytest

from games.somerset.rules import PlaceRoad
from games.somerset.rules_map import edge_key
from games.somerset.rules_state import Piece
from tests.somerset_helpers import CENTRE, E, NE, NW, R, SE, SW, W, board, ends, flower, row, scene, tid

RING = [NE, E, SE, SW, W, NW]


# ---------------------------------------------------------------- reachable tiles (§7.2, §18.3)
@pytest.mark.parametrize("kind,start,others,expected", [
    # a peasant steps to any neighbour joined by a road
    ("peasant", CENTRE, [], set(RING)),
    ("peasant", E, [], {CENTRE, NE, SE}),
    # a knight from the centre: out to a ring tile, then along the ring: every ring tile, never back
    ("knight", CENTRE, [], set(RING)),
    # a knight from E: through the centre to the five other ring tiles, or along the ring to the centre,
    # NW (via NE) and SW (via SE)
    ("knight", E, [], {NE, SE, SW, W, NW, CENTRE}),
    # its own peasant in the centre blocks passing and landing there: only along the ring
    ("knight", E, [(0, "peasant", CENTRE, False)], {NW, SW}),
    # another player's worker blocks nothing
    ("knight", E, [(1, "peasant", CENTRE, False)], {NE, SE, SW, W, NW, CENTRE}),
    # own workers on NE and SE wall it in: the only way out is the centre, and from there any free tile
    ("knight", E, [(0, "peasant", NE, False), (0, "knight", SE, True)], {SW, W, NW}),
    # a wizard from E: three steps reach every other tile of the flower
    ("wizard", E, [], {CENTRE, NE, SE, SW, W, NW}),
    # a wizard from the centre: out and two along the ring (or out, along one, back in: the centre is visited)
    ("wizard", CENTRE, [], set(RING)),
])
def test_reach_in_the_flower(kind, start, others, expected):
    s = scene(flower(), [(0, kind, start, True)] + others)
    assert ends(s, 0) == expected


@pytest.mark.parametrize("kind,start,others,expected", [
    ("peasant", (0, 0), [], {(1, 0)}),
    ("knight", (0, 0), [], {(2, 0)}),
    ("wizard", (0, 0), [], {(3, 0)}),
    ("knight", (2, 0), [], {(0, 0), (4, 0)}),
    ("knight", (2, 0), [(0, "peasant", (3, 0), False)], {(0, 0)}),  # the path east would pass its own peasant
    ("wizard", (2, 0), [], set()),  # three steps either way run off the row: no move
])
def test_reach_along_the_row(kind, start, others, expected):
    s = scene(row(), [(0, kind, start, True)] + others)
    assert ends(s, 0) == expected


def test_reach_a_barricade_of_another_seat_closes_the_edge_but_not_for_its_owner():
    s = scene(flower(), [(0, "knight", E, True), (1, "knight", E, True)])
    s.pieces = (Piece(1, edge_key(E, CENTRE), True),)
    # seat 0: no way through the centre edge; along the ring to the centre, NW (via NE), SW (via SE)
    assert ends(s, 0) == {CENTRE, NW, SW}
    assert ends(s, 1) == {NE, SE, SW, W, NW, CENTRE}


def test_reach_an_own_road_joins_two_tiles_for_its_owner_only():
    # a sixth tile south-east of (0, 0) with stubs only E and W: no public road to the row
    b = row({(0, 1): ("K01", 0)})
    s = scene(b, [(0, "peasant", (0, 0), True), (1, "peasant", (0, 0), True)])
    s.pieces = (Piece(0, edge_key((0, 0), (0, 1)), False),)
    assert ends(s, 0) == {(1, 0), (0, 1)}
    assert ends(s, 1) == {(1, 0)}


def test_reach_with_stables_and_stride():
    s = scene(row(), [(0, "knight", (2, 0), True)])
    s.players[0].buildings = (next(b.index for b in R.cat.buildings if b.id == "B02"),)
    s.memo = {}
    assert ends(s, 0) == {(1, 0), (3, 0), (0, 0), (4, 0)}  # Stables: 1 or 2
    s = scene(row(), [(0, "peasant", (0, 0), True)])
    s.stride = 1
    assert ends(s, 0) == {(2, 0)}  # Stride +1: a peasant moves exactly 2


# ---------------------------------------------------------------- country tile placements (§5.1, §18.2)
SPOTS = [(1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1)]  # ring-2 hexes touching two flower tiles


def test_spots_are_the_empty_hexes_touching_two_tiles():
    assert set(R.spots(flower())) == set(SPOTS)


def test_placements_of_a_straight_road_tile_beside_the_flower():
    """Old Forest (E-W) at (1, 1), whose map neighbours lie W and NW: unturned (E, W) or turned once (SE,
    NW) its stub meets theirs; turned 3 or 4 it looks the same; turned 2 or 5 (SW-NE) it does not.
    Listed once per look: 2 per spot, 12 in all; every turn listed: 4 per spot."""
    forest = tid("K01")
    listed = R.placements(flower(), forest)
    assert len(listed) == 12
    assert {rot for cell, rot in listed if cell == (1, 1)} == {0, 1}
    s = scene(flower())
    assert {rot for cell, rot in R.tile_placements(s, forest) if cell == (1, 1)} == {0, 1, 3, 4}
    assert len(R.tile_placements(s, forest)) == 24


def test_placements_of_a_corner_tile_beside_the_flower():
    """Clay Pits (stubs E and NE, sides 1 and 0): at (1, 1) a stub must face W (4) or NW (5): turned 3
    (SW, W), 4 (W, NW) or 5 (NW, NE). Three per spot, 18 in all."""
    listed = R.placements(flower(), tid("K02"))
    assert len(listed) == 18
    assert {rot for cell, rot in listed if cell == (1, 1)} == {3, 4, 5}


def test_no_placement_where_no_neighbour_shows_a_road_stub():
    """Two Old Forests side by side: the hexes touching both see only their bare north and south sides."""
    b = board({(0, 0): ("K01", 0), (1, 0): ("K01", 0)})
    assert set(R.spots(b)) == {(0, 1), (1, -1)}
    for t in R.cat.country:
        assert R.placements(b, t.index) == ()
    assert R.why_not_spot(b, tid("K02"), (0, 1), 0) == "Turn it so one of its road stubs meets a neighbour's road."
    assert "at least 2 tiles" in R.why_not_spot(b, tid("K02"), (3, 0), 0)
    assert R.why_not_spot(b, tid("K02"), (0, 0), 0) == "That hex already holds a tile."


# ---------------------------------------------------------------- barricades and roads (§8, §18.4)
def _roads_phase(b, pieces=(), seat=0):
    s = scene(b, [], seat=seat)
    s.pieces = tuple(pieces)
    from tests.somerset_helpers import waiting
    return waiting(s, "roads", 2, 2, seat=seat)


def test_barricade_on_a_chain_would_cut_camelot_in_two():
    s = _roads_phase(row())
    assert R.why_not_piece(s, 0, edge_key((0, 0), (1, 0)), True, None) == "A barricade there would cut Camelot in two."
    assert R.why_not_piece(s, 0, edge_key((0, 0), (1, 0)), False, None) == "These tiles are already joined by a public road."
    legal = {e for e, reason in R.legal_edges(s, 0, barricade=True).items() if reason is None}
    assert legal == set()


def test_barricades_in_the_flower_until_a_tile_would_be_cut_off():
    """Each ring tile joins the centre and its two ring neighbours: two barricades on E's edges leave it one
    road, so a third is refused; the other tiles' edges stay open to barricades."""
    b = flower()
    s = _roads_phase(b, [Piece(1, edge_key(E, CENTRE), True), Piece(2, edge_key(E, NE), True)])
    assert R.why_not_piece(s, 0, edge_key(E, SE), True, None) == "A barricade there would cut Camelot in two."
    assert R.why_not_piece(s, 0, edge_key(SE, CENTRE), True, None) is None
    legal = {e for e, reason in R.legal_edges(s, 0, barricade=True).items() if reason is None}
    # 12 flower edges (6 spokes, 6 along the ring): 2 barricaded, E-SE guarded, the other 9 leave a second way
    assert len(legal) == 9


def test_barricade_needs_a_road_where_it_goes():
    b = row({(0, 1): ("K01", 0)})
    s = _roads_phase(b)
    e = edge_key((0, 0), (0, 1))
    assert R.why_not_piece(s, 0, e, True, None) == "A barricade goes where a road joins the two tiles."
    assert R.why_not_piece(s, 0, e, False, None) is None  # a road may go there
    s = _roads_phase(b, [Piece(1, e, False)])
    assert R.why_not_piece(s, 0, e, True, None) is None  # another's road: a barricade may close it
    after = R.apply(s, PlaceRoad((0, 0, 0, 1), True))
    assert R.why_not_piece(after, 2, e, False, None) == "A barricade already closes that edge."


def test_legal_pieces_are_exactly_the_ones_why_not_piece_accepts_along_played_games():
    """The fast listing of road and barricade spots (one pass per piece that may be moved) against asking
    why_not_piece about every edge, mode and moved piece, in games that lay many pieces (pools run empty)."""
    import random

    from engine.core.rules import Seat
    from games.somerset.rules import BuildTile, Government, KeepCard, PlaceRoad, TakeAction

    checked = 0
    for seed in range(6):
        s = R.setup([Seat(i, f"P{i}", "red") for i in range(2 + seed % 4)], seed, {})
        rng = random.Random(seed)
        while R.to_move(s) is not None:
            acts = R.legal_actions(s)
            if s.phase == "roads":
                seat = s.current
                sources = [None] + [p.edge for p in s.pieces if p.owner == seat]
                brute = {(k, b, m) for m in sources for k in R.map_edges(s.board) for b in (False, True)
                         if R.why_not_piece(s, seat, k, b, m) is None}
                assert set(R.legal_pieces(s, seat)) == brute
                checked += 1
            eager = [a for kind in (PlaceRoad, BuildTile, TakeAction, Government, KeepCard)
                     for a in acts if isinstance(a, kind)]
            s = R.apply(s, rng.choice(eager[:8] if eager and rng.random() < 0.9 else acts))
    assert checked > 20
