"""Entdecker (Soeding variant) rules, one test per rule of the Soeding-variant rules text (Povilaitis 2002).

Each test is named after the rule it checks and would fail if that rule broke.
Cells are (column, row) on the 10 x 7 sea; side circles lie just outside it.
"""
from __future__ import annotations

import random

import pytest

from games.entdecker.rules import (
    Declare,
    DrawTile,
    EndTurn,
    PassTurn,
    PlacePersonal,
    PlaceShip,
    PlaceTile,
    PlaceUnit,
    Spin,
)
from tests.entdecker_helpers import exploring, fill_all_but, lay, new_game, put_on_top, rules

R = rules()


def play(s, *actions):
    for a in actions:
        reason = R.why_illegal(s, a)
        assert reason is None, f"{a} refused: {reason}"
        s = R.apply(s, a)
    return s


def voyage(s, code, cell, rotation, back="plain", event=None):
    """Draw a tile of `code` from pile 0 and lay it at `cell`."""
    put_on_top(s, 0, code, back, event)
    return play(s, DrawTile(0), PlaceTile(cell[0], cell[1], rotation))


# ---------------------------------------------------------------- set-up (rules 1-10)
def test_setup_reserve_tiles_lie_in_six_piles_by_ball_number():
    s = new_game()
    assert [len(p) for p in s.reserve] == [4, 4, 4, 4, 4, 6]
    for number, pile in enumerate(s.reserve, start=1):
        assert {R.cat.tiles[t].pattern.number for t in pile} == {number}
        assert {R.cat.tiles[t].back for t in pile} == {"reserve"}


def test_setup_each_player_gets_four_own_tiles_four_three_opposite_adjacent_sea():
    s = new_game(seats=4)
    for p in s.players:
        edges = sorted(R.cat.tiles[t].pattern.edges for t in p.personal)
        assert edges == sorted(["SSSS", "LSSS", "LSLS", "LLSS"])
        assert {R.cat.tiles[t].back for t in p.personal} == {"plain"}


def test_setup_remaining_tiles_shuffled_into_five_face_down_piles():
    s = new_game(seats=4)
    assert len(s.piles) == 5
    assert sum(len(p) for p in s.piles) == 120 - 26 - 16
    assert max(len(p) for p in s.piles) - min(len(p) for p in s.piles) <= 1
    assert sum(1 for p in s.piles for t in p if R.cat.tiles[t].back == "question") == 20
    assert new_game(seed=1).piles != new_game(seed=2).piles


def test_setup_twenty_discovery_chips_in_the_bag():
    s = new_game()
    assert len(s.bag) == 20 and len(set(s.bag)) == 20


def test_setup_gold_marker_on_four_units_three_two_one_and_no_points():
    s = new_game()
    for p in s.players:
        assert p.gold == 4
        assert p.supply == {"scout": 3, "fort": 2, "settlement": 1}
        assert p.vp == 0


def test_setup_first_seat_holds_the_spinner_and_starts():
    s = new_game()
    assert s.phase == "spin" and s.current == 0 and s.start_player == 0
    assert R.legal_actions(s) == [Spin()]


# ---------------------------------------------------------------- the round
def test_income_spin_adds_the_same_amount_to_every_player_up_to_twelve():
    s = new_game()
    s.players[1].gold = 11
    s2 = play(s, Spin())
    assert s2.income in (2, 3, 4, 5)
    assert s2.players[0].gold == 4 + s2.income
    assert s2.players[2].gold == 4 + s2.income
    assert s2.players[1].gold == 12
    assert s.players[0].gold == 4, "apply must not change its input"


def test_start_player_passes_the_spinner_left_each_round_and_plays_first():
    s = new_game(seats=3)
    seen = []
    for _ in range(200):
        if s.phase == "spin":
            seen.append((s.round, s.current))
        if len(seen) == 4:
            break
        acts = R.legal_actions(s)
        s = R.apply(s, acts[0])
    assert seen == [(1, 0), (2, 1), (3, 2), (4, 0)]


def test_turns_go_clockwise_from_the_start_player():
    s = new_game(seats=3)
    s.round, s.start_player, s.current, s.turn_in_round = 2, 1, 1, 0
    s.phase = "start"
    order = [s.current]
    while len(order) < 3:
        s = R.apply(s, R.legal_actions(s)[0])
        while s.phase not in ("start", "spin"):
            s = R.apply(s, R.legal_actions(s)[0])
        order.append(s.current)
    assert order == [1, 2, 0]


# ---------------------------------------------------------------- discovery: the ship
def test_first_turn_ship_only_on_side_circles():
    s = play(new_game(), Spin())
    lay(s, (3, 3), "P1")
    assert R.why_illegal(s, PlaceShip(3, 3)) == "In the first round the ship starts from one of the blue circles beside the board."
    assert R.why_illegal(s, PlaceShip(-1, 3)) is None
    assert all((a.col, a.row) in R.circles for a in R.legal_actions(s))


def test_ship_starts_on_a_discovered_space_with_a_free_white_line():
    s = play(new_game(), Spin())
    s.round = 2
    lay(s, (0, 3), "P1")  # open sea: lines on all four sides
    assert R.why_illegal(s, PlaceShip(0, 3)) is None
    assert R.why_illegal(s, PlaceShip(5, 5)) == "That space is not discovered yet: the ship starts on a discovered space."
    # the circle left of (0,3) now leads into a discovered space: no free line
    assert R.why_illegal(s, PlaceShip(-1, 3)) == "No white line from that space leads to an undiscovered space."
    lay(s, (5, 0), "P4", rotation=2)  # SSLL: sea north (the border) and east
    lay(s, (6, 0), "P1")  # ... and east is now discovered too
    assert R.why_illegal(s, PlaceShip(5, 0)) == "No white line from that space leads to an undiscovered space."


def test_start_on_opponent_unit_pays_its_value_fort_three():
    s = play(new_game(), Spin())
    s.round = 2
    s.players[0].gold = 8
    lay(s, (4, 4), "P2", unit=(1, "fort", 0))
    s2 = play(s, PlaceShip(4, 4))
    assert s2.players[0].gold == 5
    assert R.toll(s, (4, 4), 1) == 0, "no toll on your own unit"


def test_start_refused_when_toll_leaves_no_gold_to_explore():
    s = play(new_game(), Spin())
    s.round = 2
    s.players[0].gold = 6
    lay(s, (4, 4), "P2", unit=(1, "settlement", 0))
    assert "costs 6 gold" in R.why_illegal(s, PlaceShip(4, 4))


def test_no_affordable_start_means_the_seat_passes():
    s = play(new_game(), Spin())
    s.players[0].gold = 0
    assert R.legal_actions(s) == [PassTurn()]
    s2 = play(s, PassTurn())
    assert s2.current == 1


# ---------------------------------------------------------------- declaring
def test_declare_one_gold_per_drawn_tile_two_for_an_own_tile():
    s = play(new_game(), Spin())
    gold = s.players[0].gold
    s = play(s, PlaceShip(-1, 3), Declare(2, True))
    assert s.players[0].gold == gold - 4
    assert s.draws_left == 2 and s.personal_declared


def test_declare_at_least_one_gold_and_no_more_than_you_have():
    s = play(new_game(), Spin(), PlaceShip(-1, 3))
    assert R.why_illegal(s, Declare(0, False)) == "You must spend at least 1 gold on exploring."
    gold = s.players[0].gold
    assert R.why_illegal(s, Declare(gold + 1, False)) == f"That costs {gold + 1} gold; you have {gold}."
    assert all(a.draws + 2 * a.personal <= gold for a in R.legal_actions(s))


def test_only_one_own_tile_per_turn():
    s = exploring(new_game(), (-1, 3), draws=1, personal=True)
    s = play(s, PlacePersonal("P1", 0, 3, 0))
    assert s.personal_used
    # the ship is on the own tile; a second own tile is refused
    reason = R.why_illegal(s, PlacePersonal("P2", 1, 3, 1))
    assert reason == "You have already laid one of your own tiles this turn."


# ---------------------------------------------------------------- drawing and laying
def test_tile_goes_on_a_free_side_of_the_ships_space():
    s = exploring(new_game(), (-1, 3))
    put_on_top(s, 0, "P1")
    s = play(s, DrawTile(0))
    assert R.why_illegal(s, PlaceTile(0, 3, 0)) is None
    assert R.why_illegal(s, PlaceTile(1, 3, 0)) == "Tiles are laid beside the ship, across one of its free white lines."


def test_all_four_sides_must_match_land_to_land_and_sea_to_sea():
    s = exploring(new_game(), (-1, 3))
    lay(s, (0, 2), "P2", rotation=2)  # land on its south edge, facing (0,3)
    put_on_top(s, 0, "P2")
    s = play(s, DrawTile(0))
    # turned so its land faces east, its north edge is sea under the land above
    assert R.why_illegal(s, PlaceTile(0, 3, 1)) == "The north edge shows sea; the tile above has land there."
    assert R.why_illegal(s, PlaceTile(0, 3, 0)) is None


def test_land_may_not_face_the_board_border():
    s = exploring(new_game(), (-1, 0))
    put_on_top(s, 0, "P2")
    s = play(s, DrawTile(0))
    assert R.why_illegal(s, PlaceTile(0, 0, 0)) == "The north edge shows land, but beside it is the sea of a start circle."
    assert R.why_illegal(s, PlaceTile(0, 0, 2)) is None


def test_a_tile_that_fits_must_be_placed():
    s = exploring(new_game(), (-1, 3), draws=2)
    put_on_top(s, 0, "P1")
    s = play(s, DrawTile(0))
    assert s.phase == "place"
    assert all(isinstance(a, PlaceTile) for a in R.legal_actions(s))
    assert R.why_illegal(s, DrawTile(1)) == "First lay the tile you drew."


def test_ship_moves_along_the_line_onto_the_new_tile():
    s = exploring(new_game(), (-1, 3), draws=2)
    s = voyage(s, "P1", (0, 3), 0)
    assert s.ship == (0, 3)
    assert (0, 3) in s.cells


def test_more_gold_declared_means_more_discoveries_from_the_new_tile():
    s = exploring(new_game(), (-1, 3), draws=2)
    s = voyage(s, "P1", (0, 3), 0)
    assert s.phase == "explore" and s.draws_left == 1
    s = voyage(s, "P1", (1, 3), 0)
    assert (1, 3) in s.cells and s.current == 1, "two paid draws, two tiles, then the turn ends"


def test_unplayable_plain_tile_goes_beside_its_reserve_pile_and_gold_stays_spent():
    s = exploring(new_game(), (-1, 3), draws=1)
    lay(s, (0, 2), "P2", rotation=2)  # land facing down
    lay(s, (1, 3), "P2", rotation=3)  # land facing west
    lay(s, (0, 4), "P2", rotation=0)  # land facing up
    tile = put_on_top(s, 0, "P1")  # all sea cannot fit at (0,3)
    gold = s.players[0].gold
    s = play(s, DrawTile(0))
    assert tile in s.overflow[0]
    assert s.players[0].gold == gold
    assert s.cells[(0, 3)].tile != tile, "the gap is then closed from the reserve, not with the drawn tile"


def test_unplayable_question_tile_is_removed_from_the_game():
    s = exploring(new_game(), (-1, 3), draws=1)
    lay(s, (0, 2), "P2", rotation=2)
    lay(s, (1, 3), "P2", rotation=3)
    lay(s, (0, 4), "P2", rotation=0)
    tile = put_on_top(s, 0, "P1", back="question", event="storm")
    s = play(s, DrawTile(0))
    assert tile in s.removed and all(tile not in p for p in s.overflow)


def test_dead_end_stops_exploration_and_unused_gold_is_lost():
    s = exploring(new_game(), (-1, 3), draws=3)
    lay(s, (0, 2), "P2", rotation=2)  # land facing down
    lay(s, (1, 3), "P2", rotation=3)  # land facing west
    lay(s, (0, 4), "P2", rotation=0)  # land facing up
    s = voyage(s, "P5", (0, 3), 0)  # a bay open only to the west: the ship sails into a dead end
    assert s.draws_left == 2
    assert R.free_lines(s, (0, 3)) == []
    assert not R.can_draw(s)
    assert all(isinstance(a, (PlaceUnit, EndTurn)) for a in R.legal_actions(s))
    s = play(s, EndTurn())
    assert s.current == 1 and s.draws_left == 0


def test_declared_own_tile_usable_only_where_it_fits():
    s = exploring(new_game(), (-1, 3), draws=0, personal=True)
    assert [R.cat.tiles[t].pattern.code for t in R.usable_personal(s)] == ["P1", "P2", "P3", "P4"]
    lay(s, (0, 2), "P2", rotation=2)
    lay(s, (1, 3), "P2", rotation=3)
    lay(s, (0, 4), "P2", rotation=0)
    assert R.usable_personal(s) == []
    assert R.why_illegal(s, PlacePersonal("P1", 0, 3, 0)).startswith("The north edge shows sea")


# ---------------------------------------------------------------- "?" events
@pytest.mark.parametrize("code,event", [("P1", "pirates")])
def test_question_event_pirates_take_half_the_gold_rounded_down(code, event):
    s = exploring(new_game(), (-1, 3), draws=2)
    s.players[0].gold = 7
    s = voyage(s, code, (0, 3), 0, back="question", event=event)
    assert s.players[0].gold == 4


def test_question_event_storm_ends_the_voyage_and_forbids_a_unit():
    s = exploring(new_game(), (-1, 3), draws=3)
    s = voyage(s, "P2", (0, 3), 1, back="question", event="storm")
    assert s.current == 1, "the storm ended the turn although paid draws and a land tile remained"
    assert s.cells[(0, 3)].unit is None


def test_question_event_gold_find_adds_three_up_to_twelve():
    s = exploring(new_game(), (-1, 3), draws=1)
    s.players[0].gold = 11
    s = voyage(s, "P2", (0, 3), 1, back="question", event="gold")
    assert s.players[0].gold == 12


def test_question_event_old_ruins_give_two_points():
    s = exploring(new_game(), (-1, 3), draws=1)
    s = voyage(s, "P3", (0, 3), 0, back="question", event="ruins")
    assert s.players[0].points["ruins"] == 2


def test_question_event_friendly_natives_give_a_chip_for_the_bonus_only():
    s = exploring(new_game(), (-1, 3), draws=1)
    s = voyage(s, "P2", (0, 3), 1, back="question", event="natives")
    assert len(s.players[0].chips) == 1 and s.players[0].chips[0][1] == "natives"
    assert len(s.bag) == 19
    assert s.players[0].points["islands"] == 0


def test_event_resolves_after_the_tile_is_placed():
    s = exploring(new_game(), (-1, 3), draws=2)
    s.players[0].gold = 8
    put_on_top(s, 0, "P1", back="question", event="pirates")
    s = play(s, DrawTile(0))
    assert s.players[0].gold == 8, "drawing alone must not trigger the event"
    s = play(s, PlaceTile(0, 3, 0))
    assert s.players[0].gold == 4


# ---------------------------------------------------------------- gaps
def test_enclosed_gap_is_filled_from_the_reserve_at_the_end_of_the_turn():
    s = exploring(new_game(), (-1, 1), draws=1)
    lay(s, (1, 0), "P1")
    s = voyage(s, "P1", (0, 1), 0)  # (0,0) now has border N and W, sea tiles E and S
    assert (0, 0) in s.cells and s.cells[(0, 0)].source == "reserve"
    assert R.cat.tiles[s.cells[(0, 0)].tile].back == "reserve"
    assert len(s.reserve[0]) == 3


def test_land_locked_group_is_filled_with_all_land_tiles():
    s = exploring(new_game(), (3, -1), draws=1)
    # a ring of land around the two spaces (4,2) and (5,2)
    lay(s, (4, 1), "P2", rotation=2)
    lay(s, (5, 1), "P2", rotation=2)
    lay(s, (3, 2), "P2", rotation=1)
    lay(s, (6, 2), "P2", rotation=3)
    lay(s, (4, 3), "P2", rotation=0)
    lay(s, (5, 3), "P2", rotation=0)
    s = voyage(s, "P1", (3, 0), 0)
    for cell in ((4, 2), (5, 2)):
        assert s.cells[cell].edges == "LLLL" and s.cells[cell].source == "reserve"


def test_dry_reserve_pile_is_refilled_from_tiles_that_did_not_fit():
    s = exploring(new_game(), (-1, 1), draws=1)
    s.overflow[0], s.reserve[0] = s.reserve[0][:1], []
    spare = s.overflow[0][0]
    lay(s, (1, 0), "P1")
    s = voyage(s, "P1", (0, 1), 0)
    assert s.cells[(0, 0)].tile == spare



def test_gaps_are_filled_alike_with_or_without_the_first_look_on_bits():
    """§5.6 (gaps filled until stable), as the end of a turn plays it: the first look on bits (_gap_bits) skips the
    scan of every space only where the scan would fill nothing. Random games with both options for gaps, played
    with the first look and with the scan made on every pass, reach the very same states and notices."""

    class ScanAlways(type(R)):
        def _gap_bits(self, s):
            return super()._gap_bits(s)[0], -1  # "something enclosed": every pass scans the board

    scan = ScanAlways(R.cat)
    filled = blocked = 0
    for game in range(12):
        rng = random.Random(game)
        options = {"blocked_gaps": ("blocked", "undiscovered")[game % 2]}
        a = b = new_game(seats=2 + game % 3, seed=game, **options)
        while R.to_move(a) is not None:
            act = rng.choice(R.legal_actions(a))
            a, b = R.apply(a, act, checked=True), scan.apply(b, act, checked=True)
            assert a == b and a.notices == b.notices, (game, act)
            filled += sum(n["type"] == "filled" for n in a.notices)
            blocked += sum(n["type"] in ("blocked", "waiting") for n in a.notices)
    assert filled > 20 and blocked > 0  # the scan had gaps to fill in these games: the comparison means something

# ---------------------------------------------------------------- units
def test_unit_goes_on_land_of_the_new_tile_costs_one_three_six_and_ends_the_turn():
    for unit, cost in (("scout", 1), ("fort", 3), ("settlement", 6)):
        s = exploring(new_game(), (-1, 3), draws=3)
        s.players[0].gold = 9
        s = voyage(s, "P2", (0, 3), 1)
        s = play(s, PlaceUnit(unit, 0))
        assert s.players[0].gold == 9 - cost
        assert s.cells[(0, 3)].unit == (0, unit, 0)
        assert s.current == 1, "placing a unit ends the turn even with draws left"


def test_no_unit_on_a_tile_without_land():
    s = exploring(new_game(), (-1, 3), draws=2)
    s = voyage(s, "P1", (0, 3), 0)
    assert not any(isinstance(a, PlaceUnit) for a in R.legal_actions(s))
    assert R.why_illegal(s, PlaceUnit("scout", 0)) == "Units go on land of the tile the ship has just reached."


# ---------------------------------------------------------------- island scoring
def _block_island(s):
    """A ten-tile island in columns 2-3, rows 0-4 (complete once all ten are down)."""
    layout = {(2, 0): ("P4", 1), (3, 0): ("P4", 2), (2, 4): ("P4", 0), (3, 4): ("P4", 3)}
    for r in (1, 2, 3):
        layout[(2, r)] = ("P5", 0)
        layout[(3, r)] = ("P5", 2)
    return layout


def _stage_island(units, last):
    """Lay the island with `units` {cell: (seat, kind)}; `last` (cell, seat, kind) is placed by action."""
    s = new_game(seats=4)
    (lc, seat, kind) = last
    for cell, (code, rot) in _block_island(s).items():
        u = units.get(cell)
        lay(s, cell, code, rot, unit=(u[0], u[1], 0) if u else None)
    s = exploring(s, lc, draws=0, seat=seat)
    s.fresh = lc
    s.players[seat].gold = 12
    return s, PlaceUnit(kind, 0)


def test_score_seed_example_ten_five_three_two_by_rank():
    units = {(2, 0): (0, "fort"), (3, 0): (1, "scout"), (2, 1): (1, "scout"), (3, 1): (1, "scout"),
             (2, 2): (2, "scout"), (3, 2): (2, "scout")}
    s, act = _stage_island(units, ((2, 4), 3, "scout"))
    s.bag = []  # nobody can draw, so the value is the ten tiles
    s = play(s, act)
    assert [p.points["islands"] for p in s.players] == [10, 5, 3, 2]


def test_largest_discoverer_is_who_has_the_most_valuable_unit_fort_beats_three_scouts():
    units = {(2, 0): (1, "scout"), (3, 0): (1, "scout"), (2, 1): (1, "scout")}
    s, act = _stage_island(units, ((2, 4), 0, "fort"))
    s.bag = ["potato"]
    s = play(s, act)
    assert s.players[0].points["islands"] == 11 and s.players[1].points["islands"] == 6


def test_tie_on_best_unit_is_broken_by_more_lesser_units():
    units = {(2, 0): (0, "settlement"), (3, 0): (0, "fort"), (2, 1): (0, "scout"), (3, 1): (0, "scout"),
             (2, 2): (1, "settlement"), (3, 2): (1, "fort")}
    s, act = _stage_island(units, ((2, 4), 1, "scout"))
    s.bag = ["cinnamon"]
    s = play(s, act)
    assert s.players[0].points["islands"] == 14, "S+F+2 scouts beats S+F+1 scout: ten tiles + chip 4"
    assert s.players[1].points["islands"] == 7


def test_full_tie_makes_joint_discoverers_who_each_draw_and_score_the_full_value():
    units = {(2, 0): (0, "fort")}
    s, act = _stage_island(units, ((2, 4), 1, "fort"))
    s.bag = ["potato", "papaya"]
    s = play(s, act)
    assert s.players[0].points["islands"] == 14 and s.players[1].points["islands"] == 14
    assert len(s.players[0].chips) == 1 and len(s.players[1].chips) == 1


def test_chip_only_when_a_fort_or_settlement_is_on_the_island():
    units = {(2, 0): (0, "scout")}
    s, act = _stage_island(units, ((2, 4), 1, "scout"))
    s.bag = ["papaya"]
    s = play(s, act)
    assert s.bag == ["papaya"]
    assert s.players[0].points["islands"] == 10 and s.players[1].points["islands"] == 10


def test_too_few_chips_for_all_largest_discoverers_means_nobody_draws():
    units = {(2, 0): (0, "fort")}
    s, act = _stage_island(units, ((2, 4), 1, "fort"))
    s.bag = ["papaya"]
    s = play(s, act)
    assert s.bag == ["papaya"] and s.players[0].chips == []
    assert s.players[0].points["islands"] == 10


def test_island_value_is_tiles_plus_only_the_highest_chip_drawn():
    units = {(2, 0): (0, "fort")}
    s, act = _stage_island(units, ((2, 4), 1, "fort"))
    s.bag = ["potato", "cinnamon"]
    s = play(s, act)
    assert s.players[0].points["islands"] == 10 + 4


def test_units_return_to_their_owners_after_scoring():
    units = {(2, 0): (0, "fort"), (3, 0): (1, "scout")}
    s, act = _stage_island(units, ((2, 4), 2, "settlement"))
    s = play(s, act)
    assert all(p.supply == {"scout": 3, "fort": 2, "settlement": 1} for p in s.players)
    assert all(s.cells[c].unit is None for c in _block_island(s))


def test_incomplete_island_is_not_scored_at_the_end_of_a_turn():
    s = exploring(new_game(), (-1, 3), draws=2)
    s = voyage(s, "P2", (0, 3), 1)
    s = play(s, PlaceUnit("fort", 0))
    assert s.cells[(0, 3)].unit is not None
    assert all(p.points["islands"] == 0 for p in s.players)


# ---------------------------------------------------------------- end of the game
def test_game_ends_when_every_space_is_discovered():
    s = exploring(new_game(), (-1, 3), draws=1)
    fill_all_but(s, {(0, 3)})
    s = voyage(s, "P1", (0, 3), 0)
    assert s.phase == "over" and R.to_move(s) is None


def test_last_face_down_tile_ends_the_game_and_unfinished_islands_score_without_chip():
    s = new_game()
    lay(s, (5, 5), "P2", rotation=0, unit=(1, "fort", 0))  # an island still open to the north
    s = exploring(s, (-1, 3), draws=2)
    last = put_on_top(s, 0, "P1")
    s.piles = [[last], [], [], [], []]
    chips_before = len(s.bag)
    s = play(s, DrawTile(0), PlaceTile(0, 3, 0))
    assert s.phase == "over"
    assert s.players[1].points["incomplete"] == 1
    assert len(s.bag) == chips_before, "no chip for an unfinished island"


def test_chip_bonus_goes_to_the_most_chips_equal_to_their_number_and_ties_share():
    s = exploring(new_game(), (-1, 3), draws=1)
    s.players[0].chips = [("potato", "island"), ("papaya", "island")]
    s.players[1].chips = [("bean", "natives"), ("cocoa", "island")]
    s.players[2].chips = [("maize", "island")]
    fill_all_but(s, {(0, 3)})
    s = voyage(s, "P1", (0, 3), 0)
    assert [p.points["bonus"] for p in s.players] == [2, 2, 0]


def test_winner_is_furthest_on_the_track_ties_by_chips_then_gold():
    s = exploring(new_game(), (-1, 3), draws=1)
    s.players[0].points["ruins"] = 7
    s.players[1].points["ruins"] = 6  # plus the chip bonus of 1: a tie at 7, broken by chips
    s.players[1].chips = [("bean", "natives")]
    fill_all_but(s, {(0, 3)})
    s = voyage(s, "P1", (0, 3), 0)
    assert R.winners(s) == [1]
    sheet = R.score_sheet(s)
    assert sheet.final and sheet.check_totals()


# ---------------------------------------------------------------- the invariant checker itself
def test_invariant_checker_catches_broken_states():
    s = new_game()
    assert R.check_invariants(s) == []
    lay(s, (3, 3), "P1")
    lay(s, (4, 3), "P2", rotation=3)  # land facing west onto open sea: a mismatch
    s.players[0].gold = 13
    s.bag.pop()
    problems = " | ".join(R.check_invariants(s))
    assert "does not match on its east edge" in problems
    assert "seat 0 has 13 gold" in problems
    assert "chips not conserved" in problems
