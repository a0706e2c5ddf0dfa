"""Realm of the Desert Sons rules: one test per rule of the Wikipedia article on the game and of this
edition's choices in data/desert_sons/rules.md. The § numbers and D-numbers (rulings on unclear points)
in the docstrings are those of the research notes rules.md was written from, which are not in the repository.

Each test is named after the rule it checks and would fail if that rule broke. Cells are
(column, row) on the 11 x 11 area; the start cross runs along column 5 and row 5.
Seats: Anna (set A: ranks 1, 8, 12, 13), Ben (B: 2, 7, 11, 14), Cleo (C: 3, 6, 10, 15).
"""
from __future__ import annotations

import pytest

from engine.core.match import Match
from engine.core.rules import Seat
from games.desert_sons.rules import (
    HIDDEN,
    ChooseGood,
    ChooseIcon,
    DiscardTile,
    Draw,
    Exchange,
    ExtraTurn,
    MoveCamel,
    Pass,
    PayToll,
    PlaceCamel,
    PlaceExplorer,
    PlaceRumor,
    PlaceTile,
    PlayDisplay,
    ScoreOasis,
    Scout,
    TakeBack,
    TakeRumor,
)
from tests.desert_sons_helpers import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    at_explorer,
    at_move,
    give_display,
    lay,
    load,
    new_game,
    play,
    put_explorer,
    put_on_top,
    rules,
    set_water,
    started,
    two_part_rules,
)

R = rules()


def incense_oasis(kind="E_W1", anna=8, ben=14, seats=3, r=None):
    """Anna has just closed the north bar's incense oasis ((5,1), open to the east) with an oasis end
    of `kind` at (6,1) opening west. Ben's explorer `ben` stands on the cross part; Anna puts `anna`
    on the new tile (or passes). Scoring starts at once."""
    r = r or R
    s = started(seats, r=r)
    lay(s, (6, 1), kind, rotation=3, r=r)
    at_explorer(s, 0, (6, 1))
    if ben:
        put_explorer(s, ben, (5, 1), 0)
    return play(s, PlaceExplorer(anna, 6, 1, 0) if anna else Pass(), r=r)


def draw_and_lay(s, kind, cell, rotation):
    put_on_top(s, kind)
    return play(s, Draw(s.lowest_stack() + 1), PlaceTile(cell[0], cell[1], rotation))


# ---------------------------------------------------------------- components and set-up (§1-§4)
def test_start_cross_is_the_middle_row_and_column_of_the_11_by_11_area():
    """§1, §2.2 [V2]: 21 squares, the middle row and column; every other square is undiscovered."""
    s = new_game()
    assert R.size == 11
    assert set(s.cells) == {(5, r) for r in range(11)} | {(c, 5) for c in range(11)}


def test_start_cross_bars_show_a_water_oasis_left_at_2_and_a_goods_oasis_right_at_4():
    """§2.2 [PROP]: looking outward, d=2 has oasis on the left (1 water), d=4 on the right (the bar's good)."""
    s = new_game()
    expect = {  # square -> (the side facing the oasis, icon)
        (5, 3): (3, "water1"), (5, 1): (1, "incense"),  # north bar: left = west, right = east
        (7, 5): (0, "water1"), (9, 5): (2, "myrrh"),  # east bar: left = north
        (5, 7): (1, "water1"), (5, 9): (3, "salt"),  # south bar: left = east
        (3, 5): (2, "water1"), (1, 5): (0, "gems"),  # west bar: left = south
    }
    for cell, (side, icon) in expect.items():
        placed = s.cells[cell]
        assert placed.edges == "".join("O" if d == side else "D" for d in range(4)), cell
        assert R.cat.kinds[placed.kind].parts[0].icons == (icon,)
    others = [c for c in s.cells if c not in expect]
    assert all(s.cells[c].edges == "DDDD" for c in others)


def test_setup_five_numbered_stacks_by_back_number_drawn_lowest_first():
    """§2.3, §4.2 [V2]: 85 tiles, five stacks by back number; displays are dealt from stack 1."""
    s = new_game(seats=3)
    assert len(s.stacks) == 5
    assert sum(len(st) for st in s.stacks) + 3 == 85
    for number, stack in enumerate(s.stacks, start=1):
        assert {R.cat.tile_stack[t] for t in stack} == {number}
    assert [len(st) for st in s.stacks] == [14, 17, 17, 17, 17]
    assert new_game(seed=1).stacks != new_game(seed=2).stacks


def test_setup_each_player_two_water_and_one_face_up_tile_from_stack_1():
    """§4.3 [V2]: two water stones and one tile from stack 1 in the display."""
    s = new_game(seats=4)
    for p in s.players:
        assert p.water == 2 and p.goods == [] and p.camel_cards == 0
        assert len(p.display) == 1 and R.cat.tile_stack[p.display[0]] == 1
    assert s.water == 20 - 8 and s.camel_cards == 10 and s.goods == {g: 10 for g in R.cat.goods}


def test_explorer_heights_all_differ_and_every_set_has_the_same_total():
    """§3 [V2]: 16 different heights; each colour's four explorers add up to the same height."""
    s = new_game(seats=4)
    ranks = [r for p in s.players for r in p.ranks]
    assert sorted(ranks) == list(range(1, 17))
    assert {sum(p.ranks) for p in s.players} == {34}
    assert all(len(p.supply) == 4 for p in s.players)


def test_turban_sits_on_the_start_players_tallest_explorer():
    """§4.5 [V2]: the start player (our choice: the first seat) wears the turban on the tallest explorer."""
    s = new_game()
    assert s.start_player == 0 and s.turban == max(s.players[0].ranks)
    s = new_game(seed=3, start_player="random")
    assert s.turban == max(s.players[s.start_player].ranks)
    assert {new_game(seed=k, start_player="random").start_player for k in range(12)} == {0, 1, 2}


def test_rumor_tiles_lie_face_down_beside_an_empty_rumor_board():
    """§4.4 [V2]: six rumor tiles, none on the board at the start."""
    s = new_game()
    assert len(s.rumor_pile) == 6 and all(not v for v in s.rumor_slots.values())
    assert sorted(R.rumor_value(t) for t in s.rumor_pile) == [-2, -1, -1, 1, 1, 2]


def test_camels_start_on_different_end_squares_in_turn_order():
    """§4.6 [V2]: in turn order each camel goes on a free end of the cross; a taken end is refused."""
    s = new_game(seats=3)
    assert s.phase == "camels" and R.to_move(s) == 0
    assert {(a.col, a.row) for a in R.legal_actions(s)} == {NORTH, EAST, SOUTH, WEST}
    s = play(s, PlaceCamel(*EAST))
    assert R.to_move(s) == 1
    assert R.why_illegal(s, PlaceCamel(*EAST)) == "Another camel already starts there."
    assert R.why_illegal(s, PlaceCamel(5, 5)) == "Camels start on one of the four end squares of the start cross."
    s = play(s, PlaceCamel(*WEST), PlaceCamel(*NORTH))
    assert s.phase == "move" and s.current == 0 and s.round == 1


def test_fourth_camel_takes_the_last_free_end_by_itself():
    """§4.6: with four players the last seat has one end left; it is put there at once."""
    s = new_game(seats=4)
    s = play(s, PlaceCamel(*NORTH), PlaceCamel(*EAST), PlaceCamel(*SOUTH))
    assert s.players[3].camel == WEST and s.phase == "move"


def test_two_player_setup_uses_sets_a_and_d_and_the_north_and_south_ends():
    """§9 [PROP]: two players take sets A and D; the camels start on opposite ends (north and south)."""
    s = new_game(seats=2)
    assert [p.colour_set for p in s.players] == ["A", "D"]
    assert {(a.col, a.row) for a in R.legal_actions(s)} == {NORTH, SOUTH}
    assert R.why_illegal(s, PlaceCamel(*EAST)) == "In the two-player game the camels start on the north and south ends."
    s = play(s, PlaceCamel(*SOUTH))
    assert s.players[1].camel == NORTH and s.phase == "move"
    off = new_game(seats=2, two_player_setup="off")
    assert [p.colour_set for p in off.players] == ["A", "B"] and len(R.legal_actions(off)) == 4


def test_two_player_short_game_leaves_stack_5_in_the_box():
    """§9 [PROP]: 'if games run long, remove stack 5' (option two_player_setup: short)."""
    s = new_game(seats=2, two_player_setup="short")
    assert s.stacks[4] == [] and len(s.boxed) == 17
    assert R.view(s, 0).boxed == [HIDDEN] * 17


def test_setup_options_missing_take_defaults_and_bad_values_are_refused():
    """§7: every option has a default; a value outside its choices is refused with the choices."""
    assert new_game().options == R.cat.option_defaults()
    assert new_game(display_limit=4).options["display_limit"] == 4
    with pytest.raises(ValueError, match="display_limit"):
        new_game(display_limit=7)
    with pytest.raises(ValueError, match="2 to 4"):
        R.setup([Seat(0, "A", "red")], 1, {})


# ---------------------------------------------------------------- moving the camel (§5.1)
def test_camel_moves_freely_along_brown_lines():
    """§5.1 [V2]: any number of brown connections: the whole brown road of the cross."""
    s = started()
    s2 = play(s, MoveCamel(0, 5))  # north end to west end: ten squares of brown road
    assert s2.players[0].camel == (0, 5) and s2.players[0].water == 2


def test_camel_crosses_one_white_line_then_stops():
    """§5.1 [V2], D2: brown lines, then at most one white line, and the move ends there."""
    s = started()
    lay(s, (4, 3), "E_I", rotation=1)  # opens east onto the cross's water oasis at (5,3)
    lay(s, (3, 3), "D")
    s = at_move(s, 0)
    assert R.why_illegal(s, MoveCamel(4, 3)) is None
    reason = R.why_illegal(s, MoveCamel(3, 3))
    assert reason.startswith("The camel may follow brown lines as far as it likes but cross only one white line")
    s2 = play(s, MoveCamel(4, 3))
    assert s2.phase == "discover", "the move ended on the far side of the white line"


def test_camel_may_stay_where_it_is():
    """D3: the camel may stay; moving onto its own square is refused with a reason."""
    s = started()
    assert R.why_illegal(s, MoveCamel(*NORTH)) == "The camel already stands there; pass to stay."
    s2 = play(s, Pass())
    assert s2.players[0].camel == NORTH and s2.phase == "discover"


def test_camel_may_pass_other_camels_but_not_end_on_one():
    """§5.1 [SEED]: camels may move over other camels, never end on one."""
    s = started()
    s.players[1].camel = (5, 2)
    s = at_move(s, 0)
    assert R.why_illegal(s, MoveCamel(5, 2)) == "Ben's camel stands there; a camel may pass it but not stop there."
    assert R.why_illegal(s, MoveCamel(5, 4)) is None  # past Ben's camel


def test_camel_walks_only_on_discovered_squares():
    s = started()
    assert R.why_illegal(s, MoveCamel(4, 4)) == "That square is not discovered yet: the camel only walks on laid tiles."


def test_caravan_leader_pays_one_water_to_move_freely_along_white_lines_once_per_game():
    """§5.1 [SEED], D15: once per game, 1 water: move along white lines freely."""
    s = started()
    lay(s, (4, 3), "E_I", rotation=1)
    lay(s, (3, 3), "D")
    s = at_move(s, 0)
    assert R.why_illegal(s, MoveCamel(5, 5, True)) == "You can reach that square without paying water."
    s2 = play(s, MoveCamel(3, 3, True))
    assert s2.players[0].camel == (3, 3) and s2.players[0].water == 1 and s2.water == s.water + 1
    assert s2.players[0].used["leader"] == 1
    s3 = at_move(s2.copy(), 0, camel=NORTH)
    assert R.why_illegal(s3, MoveCamel(3, 3, True)) == "You have already used the caravan leader this game."
    s4 = at_move(s.copy(), 0)
    set_water(s4, 0, 0)
    assert R.why_illegal(s4, MoveCamel(3, 3, True)) == "The caravan leader costs 1 water; you have 0."


def test_caravan_leader_per_use_option_charges_every_move_without_a_limit():
    """§7 leader_per_use (online version): 1 water each time, no once-per-game limit."""
    s = started(leader_per_use=True)
    lay(s, (4, 3), "E_I", rotation=1)
    lay(s, (3, 3), "D")
    s = at_move(s, 0)
    s.players[0].used["leader"] = 3
    s2 = play(s, MoveCamel(3, 3, True))
    assert s2.players[0].water == 1 and R.check_invariants(s2) == []


def test_move_step_is_skipped_when_the_camel_has_nowhere_to_go():
    """§5.1: a camel whose only way out is a white line onto another camel cannot move: straight to discovery."""
    s = started()
    lay(s, (4, 3), "E_I", rotation=1)  # its only line into the cross is white, onto (5,3)
    s.players[0].camel, s.players[1].camel = (4, 3), (5, 3)
    set_water(s, 0, 0)  # no caravan leader either
    s = at_move(s, 2, phase="explorer")  # Cleo ends her turn
    s = play(s, Pass())
    assert s.current == 0 and R.reach_costs(s) == {} and s.phase == "discover"


# ---------------------------------------------------------------- discovery (§5.2)
def test_discovery_is_mandatory_beside_undiscovered_squares():
    """D4: when the camel's square faces an undiscovered square, the player must discover."""
    s = play(started(), Pass())
    assert s.phase == "discover"
    assert Pass() not in R.legal_actions(s)
    assert R.why_illegal(s, Pass()).startswith("Your camel stands beside undiscovered land: you must discover")


def test_no_discovery_when_the_camel_has_no_undiscovered_neighbour():
    """§5.2: a camel that ends its move with no undiscovered square beside it discovers nothing."""
    s = started()
    set_water(s, 0, 0)  # no extra turn to offer: the turn passes on at once
    s = at_move(s, 0)
    s2 = play(s, MoveCamel(5, 5))  # the centre: cross squares on all four sides
    assert s2.current == 1 and s2.phase == "move"


def test_tiles_are_drawn_from_the_lowest_stack_that_has_tiles():
    """§4.2 [V2]: stack 1, then 2, ..."""
    s = play(started(), Pass())
    assert R.legal_actions(s)[0] == Draw(1)
    assert R.why_illegal(s, Draw(2)) == "Tiles are drawn from the lowest stack that has tiles: stack 1."
    s.stacks[0] = []
    assert R.why_illegal(s, Draw(2)) is None


def test_drawing_counts_as_a_chance_event_so_undo_stops_there():
    s = play(started(), Pass())
    s2 = play(s, Draw(1))
    assert R.chance_count(s2) == R.chance_count(s) + 1


def test_tile_must_show_the_same_line_colour_as_each_neighbour():
    """§2.1 [SEED]: lines across a shared edge have the same colour."""
    s = started()
    s = at_move(s, 0, camel=(5, 3), phase="discover")
    put_on_top(s, "E_I")
    s = play(s, Draw(1))
    assert R.why_illegal(s, PlaceTile(4, 3, 0)) == "The east edge is desert; the tile to the right shows oasis there."
    assert R.why_illegal(s, PlaceTile(6, 3, 3)) == "The west edge is oasis; the tile to the left shows desert there."
    assert R.why_illegal(s, PlaceTile(4, 3, 1)) is None


def test_edges_facing_the_border_must_be_desert():
    """§2.1 [SEED] desert_border: the border acts as a brown line."""
    s = at_move(started(), 0, phase="discover")
    put_on_top(s, "E_I")
    s = play(s, Draw(1))
    assert R.why_illegal(s, PlaceTile(6, 0, 0)) == "The north edge shows oasis, but edges facing the border must be desert."
    s = at_move(started(desert_border=False), 0, phase="discover")
    put_on_top(s, "E_I")
    s = play(s, Draw(1))
    assert R.why_illegal(s, PlaceTile(6, 0, 0)) is None


def test_tiles_are_laid_only_beside_the_camel():
    """§5.2 [SEED]: the tile goes on an undiscovered square adjacent to the camel."""
    s = at_move(started(), 0, phase="discover")
    put_on_top(s, "D")
    s = play(s, Draw(1))
    assert R.why_illegal(s, PlaceTile(4, 4, 0)) == "Tiles are laid on a free square right beside your camel."
    assert R.why_illegal(s, PlaceTile(5, 1, 0)) == "That square is already discovered."


def test_camel_moves_onto_the_new_tile():
    """§5.2 [V2]: after placing, the camel moves onto the new square."""
    s = at_move(started(), 0, phase="discover")
    s = draw_and_lay(s, "E_I", (6, 0), 1)
    assert s.players[0].camel == (6, 0) and s.phase == "explorer"


def test_a_drawn_tile_that_fits_must_be_placed():
    """§5.2 [V1]: there is no way to keep a fitting drawn tile."""
    s = at_move(started(), 0, phase="discover")
    put_on_top(s, "E_I")
    s = play(s, Draw(1))
    assert s.phase == "place" and all(isinstance(a, (PlaceTile, ExtraTurn)) for a in R.legal_actions(s))


def test_a_drawn_tile_that_fits_nowhere_goes_to_the_display_and_the_turn_ends():
    """§5.2 [SEED]: no explorer step; the display grows by the tile."""
    s = at_move(started(), 0, phase="discover")
    set_water(s, 0, 0)
    tile = put_on_top(s, "X_K_R")  # four oasis edges cannot go beside the north end
    s2 = play(s, Draw(1))
    assert tile in s2.players[0].display and len(s2.players[0].display) == 2
    assert s2.current == 1 and s2.phase == "move"


def test_display_over_its_limit_makes_the_owner_remove_a_tile():
    """§5.2 [V1] limit 3, D14: a fourth tile makes the owner remove one of the four from the game."""
    s = at_move(started(), 0, phase="discover")
    for kind in ("I_S", "I_G"):
        give_display(s, 0, kind)
    put_on_top(s, "X_K_R")
    s2 = play(s, Draw(1))
    assert s2.phase == "discard" and len(s2.players[0].display) == 4
    gone = s2.players[0].display[0]
    s3 = play(s2, DiscardTile(gone))
    assert gone in s3.removed and len(s3.players[0].display) == 3
    assert R.check_invariants(s3) == []
    s4 = at_move(started(display_limit=0), 0, phase="discover")
    for kind in ("I_S", "I_G", "I_M"):
        give_display(s4, 0, kind)
    put_on_top(s4, "X_K_R")
    assert len(play(s4, Draw(1)).players[0].display) == 5, "display_limit 0 means no limit"


def test_play_a_tile_from_your_own_display_only_where_it_fits():
    """§5.2 [SEED]: a display tile may be chosen instead of drawing, only if it fits."""
    s = at_move(started(), 0, phase="discover")
    tile = give_display(s, 0, "E_M")
    assert PlayDisplay(tile, 6, 0, 1) in R.legal_actions(s)
    assert R.why_illegal(s, PlayDisplay(tile, 6, 0, 0)).startswith("The north edge shows oasis")
    s2 = play(s, PlayDisplay(tile, 6, 0, 1))
    assert tile not in s2.players[0].display and s2.cells[(6, 0)].tile == tile
    other = s.players[1].display[0]
    assert R.why_illegal(s, PlayDisplay(other, 6, 0, 0)) == "That tile is not in your display."


def test_scout_pays_one_water_for_another_display_tile_and_the_owner_refills():
    """§5.2 [SEED + V2], D15: once per game, 1 water; the victim refills from the stack at once."""
    s = at_move(started(), 0, phase="discover")
    tile = give_display(s, 1, "E_M")
    before = len(s.players[1].display)
    s2 = play(s, Scout(1, tile, 6, 0, 1))
    assert s2.players[0].water == 1 and s2.players[0].used["scout"] == 1
    assert tile not in s2.players[1].display and len(s2.players[1].display) == before
    assert R.chance_count(s2) == R.chance_count(s) + 1, "the refill is a draw"
    s3 = at_move(s2.copy(), 0, camel=(5, 3), phase="discover")
    t2 = give_display(s3, 2, "E_I")
    assert R.why_illegal(s3, Scout(2, t2, 4, 3, 1)) == "You have already used the scout this game."


def test_scouts_victim_does_not_refill_when_the_stacks_are_empty():
    """D16: allowed; the victim does not refill."""
    s = at_move(started(), 0, phase="discover")
    tile = give_display(s, 1, "E_M")
    s.boxed += [t for st in s.stacks for t in st]
    s.stacks = [[] for _ in s.stacks]
    s.final = [1, 2, 0]
    s2 = play(s, Scout(1, tile, 6, 0, 1))
    assert len(s2.players[1].display) == len(s.players[1].display) - 1


def test_discovery_only_by_paying_the_scout_is_not_forced():
    """D4: discovery is mandatory when it is free (a draw or your own display); the scout may be declined."""
    s = at_move(started(), 0, phase="discover")
    give_display(s, 1, "E_M")
    s.boxed += [t for st in s.stacks for t in st] + s.players[0].display
    s.stacks = [[] for _ in s.stacks]
    s.players[0].display = []
    s.final = [1, 2, 0]
    acts = R.legal_actions(s)
    assert Pass() in acts and any(isinstance(a, Scout) for a in acts)


def test_after_an_all_desert_tile_the_camel_may_move_and_discover_again():
    """§5.2 [SEED], D6: a pure desert tile: move again (a fresh white-line allowance) and discover again."""
    s = at_move(started(), 0, phase="discover")
    s = draw_and_lay(s, "D", (6, 0), 0)
    assert s.phase == "move" and s.current == 0 and s.players[0].camel == (6, 0)
    s = play(s, Pass())
    assert s.phase == "discover", "the new desert square faces more undiscovered squares"


def test_a_pond_tile_is_not_pure_desert():
    """§2.3: a pond (C) has oasis: the explorer step follows, no second move."""
    s = at_move(started(), 0, phase="discover")
    s = draw_and_lay(s, "C_I", (6, 0), 0)
    assert s.phase == "explorer"


def test_a_misfit_after_a_desert_tile_ends_the_turn_without_an_explorer_step():
    """D23: the tile goes to the display, the turn ends, no explorer step."""
    s = at_move(started(), 0, phase="discover")
    set_water(s, 0, 0)
    s = draw_and_lay(s, "D", (6, 0), 0)
    s = play(s, MoveCamel(*NORTH))
    put_on_top(s, "X_K_R")
    s = play(s, Draw(s.lowest_stack() + 1))
    assert s.current == 1 and s.phase == "move"


# ---------------------------------------------------------------- explorer step (§5.3)
def test_explorer_goes_on_an_oasis_part_of_the_tile_just_laid_only():
    """§5.3 [SEED], D7: only on the new tile's oasis, beside its icons."""
    s = at_move(started(), 0, phase="discover")
    s = draw_and_lay(s, "E_I", (6, 0), 2)
    assert R.why_illegal(s, PlaceExplorer(8, 5, 1, 0)) == "Explorers go only onto the tile you have just laid."
    assert R.why_illegal(s, PlaceExplorer(8, 6, 0, 1)) == "Explorers stand on oasis, beside its icons, not in the desert."
    assert R.why_illegal(s, PlaceExplorer(14, 6, 0, 0)) == "That explorer is not yours."
    spots = R.explorer_spots(s)
    assert [(x["cell"], x["part"]) for x in spots] == [((6, 0), 0)]
    s2 = play(s, PlaceExplorer(8, 6, 0, 0))
    assert s2.explorers[8] == ((6, 0), 0) and 8 not in s2.players[0].supply


def test_no_explorer_is_placed_on_an_all_desert_tile():
    s = at_move(started(), 0, phase="discover")
    s = draw_and_lay(s, "D", (6, 0), 0)
    assert not any(isinstance(a, PlaceExplorer) for a in R.legal_actions(s))


def _desert_pocket():
    """Anna's camel on the north end; (7,0) and (6,1) are desert, so a desert tile at (6,0) ends the chain there."""
    s = started()
    lay(s, (7, 0), "D")
    lay(s, (6, 1), "D")
    return at_move(s, 0, phase="discover")


def test_after_a_discovery_that_ends_on_an_all_desert_tile_an_explorer_may_come_back():
    """[SEED] "After discovery occurs, the players may either place an explorer on the newly discovered tile,
    or remove an explorer already on the board" (issue 13): a desert tile ending the discovery still gives the
    explorer step, with nothing to place, so an explorer may come back."""
    s = _desert_pocket()
    put_explorer(s, 12, (5, 3), 0)
    s = draw_and_lay(s, "D", (6, 0), 0)
    assert s.phase == "move", "an all-desert tile: the camel may move again"
    s = play(s, Pass())  # it stays: no undiscovered square beside it, so the discovery is over
    assert s.phase == "explorer" and s.current == 0 and s.fresh == (6, 0)
    acts = R.legal_actions(s)
    assert TakeBack(12) in acts and Pass() in acts and not any(isinstance(a, PlaceExplorer) for a in acts)
    s2 = play(s, TakeBack(12))
    assert 12 in s2.players[0].supply and s2.current == 1


def test_the_explorer_step_after_a_desert_tile_is_skipped_when_nothing_can_come_back():
    s = _desert_pocket()
    s = draw_and_lay(s, "D", (6, 0), 0)
    s = play(s, Pass())
    assert s.current == 1 and s.phase == "move"


def test_no_explorer_step_in_a_turn_without_a_discovery():
    s = started()
    put_explorer(s, 12, (5, 3), 0)
    s = play(s, MoveCamel(5, 5))  # nothing to discover from the centre
    assert s.current == 1


def test_at_most_one_explorer_per_oasis_part():
    """§2.1 [SEED]: room for one explorer beside the icons of a part."""
    s = started()
    lay(s, (6, 1), "E_I", rotation=3)
    at_explorer(s, 0, (6, 1))
    put_explorer(s, 14, (6, 1), 0)
    assert R.why_illegal(s, PlaceExplorer(8, 6, 1, 0)) == "An explorer already stands on that part of the oasis."


def test_instead_of_placing_take_one_explorer_back_from_the_board():
    """§5.3 [SEED], D7: take back one of your explorers from anywhere on the board."""
    s = started()
    lay(s, (6, 0), "E_I", rotation=2)
    put_explorer(s, 12, (5, 3), 0)
    at_explorer(s, 0, (6, 0))
    assert TakeBack(12) in R.legal_actions(s)
    assert R.why_illegal(s, TakeBack(8)) == "That explorer is not on the board."
    s2 = play(s, TakeBack(12))
    assert 12 not in s2.explorers and 12 in s2.players[0].supply


def test_explorer_step_may_be_passed():
    s = at_move(started(), 0, phase="discover")
    s = draw_and_lay(s, "E_I", (6, 0), 2)
    s2 = play(s, Pass())
    assert s2.explorers == {} and s2.current == 1 and s2.phase == "move"


# ---------------------------------------------------------------- completed oases (§2.1, §5.4, §6)
def test_an_oasis_is_complete_when_no_oasis_edge_faces_an_undiscovered_square():
    """§2.1 [SEED]: the incense oasis of the north bar closes when (6,1) shows oasis back and desert elsewhere."""
    s = started()
    assert R.oasis_at(s, (5, 1), 0)["complete"] is False
    lay(s, (6, 1), "E_W1", rotation=3)
    oasis = R.oasis_at(s, (5, 1), 0)
    assert oasis["complete"] and oasis["cells"] == [(5, 1), (6, 1)]
    s2 = started()
    lay(s2, (6, 1), "I_S", rotation=1)  # a strip east-west: the oasis runs on to (7,1)
    assert R.oasis_at(s2, (5, 1), 0)["complete"] is False


def test_without_the_desert_border_the_border_closes_an_oasis():
    """§2.1, §7 desert_border off: an oasis edge facing the border counts as closed."""
    s = started(desert_border=False)
    lay(s, (6, 0), "E_I", rotation=0)  # its oasis faces the north border
    assert R.oasis_at(s, (6, 0), 0)["complete"]


def test_a_pond_is_complete_as_soon_as_it_is_placed_and_scores_that_turn():
    """§5.4: a pond tile (C) is complete at once; its explorer scores at the end of the turn."""
    s = at_move(started(), 0, phase="discover")
    s = draw_and_lay(s, "C_I", (6, 0), 0)
    s2 = play(s, PlaceExplorer(8, 6, 0, 0))
    assert s2.players[0].goods == ["incense"] and 8 in s2.players[0].supply
    assert len(s2.accounts) == 1 and s2.current == 1


def test_a_complete_oasis_without_explorers_is_done_and_its_icons_are_lost():
    """§5.4 [PROP]: marked done, nobody gains anything."""
    s = incense_oasis(anna=None, ben=None)
    assert len(s.accounts) == 1 and s.accounts[0]["explorers"] == []
    assert all(p.goods == [] for p in s.players)
    assert set(s.accounts[0]["parts"]) <= s.scored_parts


def test_the_tallest_of_two_or_more_explorers_pays_one_water_toll():
    """§6.2 [SEED/V2]: the owner of the tallest explorer decides: pay 1 water, or it takes no action."""
    s = incense_oasis(anna=8, ben=14)
    assert s.phase == "toll" and R.to_move(s) == 1, "Ben owns the tallest explorer (14)"
    s2 = play(s, PayToll(True))
    assert s2.players[1].water == 1
    assert s2.phase == "icon" and R.to_move(s2) == 1, "Ben's 14 claims first"


def test_refusing_the_toll_takes_the_tallest_explorer_out_of_the_scoring():
    """§6.2 [SEED], D9: charged once; the others score without paying."""
    s = play(incense_oasis(anna=8, ben=14), PayToll(False))
    assert s.players[1].water == 2
    assert s.phase == "icon" and R.to_move(s) == 0, "Anna's 8 now claims first"
    s2 = play(s, ChooseIcon(5, 1, 0, 0))
    assert s2.players[0].goods == ["incense"] and s2.players[1].goods == []
    assert 14 in s2.players[1].supply, "the refused explorer went home too"


def test_tallest_without_water_is_taken_out_without_being_asked():
    """§6.2: 'if they cannot pay'."""
    s = started()
    set_water(s, 1, 0)
    lay(s, (6, 1), "E_W1", rotation=3)
    at_explorer(s, 0, (6, 1))
    put_explorer(s, 14, (5, 1), 0)
    s = play(s, PlaceExplorer(8, 6, 1, 0))
    assert s.phase == "icon" and R.to_move(s) == 0
    assert s.scoring.toll == {"rank": 14, "seat": 1, "paid": False, "why": "had no water"}


def test_toll_is_charged_even_when_both_explorers_belong_to_one_player():
    """§6.2 [SEED]: 'even if they belong to the same player'."""
    s = incense_oasis(anna=8, ben=None)
    assert s.phase != "toll"  # a lone explorer pays nothing
    s = started()
    lay(s, (6, 1), "E_W1", rotation=3)
    at_explorer(s, 0, (6, 1))
    put_explorer(s, 12, (5, 1), 0)
    s = play(s, PlaceExplorer(8, 6, 1, 0))
    assert s.phase == "toll" and R.to_move(s) == 0


def test_the_turban_makes_its_explorer_the_tallest():
    """§6.1 [SEED]: the explorer with the turban counts as taller than all others."""
    s = incense_oasis(anna=13, ben=14)  # Anna's 13 wears the turban
    assert s.phase == "toll" and R.to_move(s) == 0
    assert s.scoring.explorers == (13, 14)


def test_explorers_claim_icons_in_height_order_and_their_owners_choose():
    """§6.3 [V2], D11: tallest first, any free icon; the owner decides even in another seat's turn."""
    s = play(incense_oasis(anna=8, ben=14), PayToll(True))
    assert {a for a in R.legal_actions(s)} == {ChooseIcon(5, 1, 0, 0), ChooseIcon(6, 1, 0, 0)}
    s2 = play(s, ChooseIcon(6, 1, 0, 0))  # Ben takes the water
    assert s2.players[1].water == 2
    # Anna's explorer gets the only icon left, incense, without a choice to make
    assert s2.players[0].goods == ["incense"]
    assert s2.current == 1 and R.to_move(s2) == 1, "the turn is over"


def test_explorers_left_over_when_the_icons_run_out_get_nothing():
    """§6.3 [V2], [SEED] "the remainder get nothing" (issue 13): with a shipped oasis end without icons closing
    the incense oasis, two explorers share its one icon; the shorter gets nothing."""
    s = play(incense_oasis(kind="E_0", anna=8, ben=14), PayToll(True))
    acc = s.accounts[-1]
    assert [(c["rank"], c["result"]) for c in acc["claims"]] == [(14, "loaded incense"), (8, "found no icon left")]
    assert s.players[0].goods == [] and s.players[1].goods == ["incense"]


def test_explorers_go_home_after_the_scoring():
    """§6.4 [SEED]: all explorers of the oasis return to their owners."""
    s = play(incense_oasis(anna=8, ben=14), PayToll(True), ChooseIcon(5, 1, 0, 0))
    assert s.explorers == {}
    assert sorted(s.players[0].supply) == [1, 8, 12, 13] and sorted(s.players[1].supply) == [2, 7, 11, 14]


def test_turban_passes_clockwise_onto_the_next_players_tallest_explorer_in_supply():
    """§6.5 [PROP], D10: if its wearer took part, the turban goes to the next seat clockwise."""
    s = play(incense_oasis(anna=13, ben=14), PayToll(True), ChooseIcon(5, 1, 0, 0))
    assert s.turban == 14 and s.accounts[-1]["turban"] == {"from": 0, "to": 1, "rank": 14}
    s2 = play(incense_oasis(anna=8, ben=14), PayToll(True), ChooseIcon(5, 1, 0, 0))
    assert s2.turban == 13, "the turban stays when its wearer was not in the oasis"


def test_turban_goes_on_the_tallest_explorer_on_the_board_when_none_is_in_supply():
    """D10: 'on their tallest on the board if none are in supply'."""
    s = started()
    lay(s, (6, 1), "E_W1", rotation=3)
    at_explorer(s, 0, (6, 1))
    put_explorer(s, 14, (5, 1), 0)
    for rank, cell in ((2, (5, 3)), (7, (7, 5)), (11, (5, 7))):
        put_explorer(s, rank, cell, 0)
    s = play(s, PlaceExplorer(13, 6, 1, 0), PayToll(True), ChooseIcon(5, 1, 0, 0))
    assert s.turban == 14  # 14 came home from this oasis: Ben's tallest in supply
    s = started()
    lay(s, (6, 1), "E_W1", rotation=3)
    at_explorer(s, 0, (6, 1))
    for rank, cell in ((2, (5, 3)), (7, (7, 5)), (11, (5, 7)), (14, (3, 5))):
        put_explorer(s, rank, cell, 0)
    s = play(s, PlaceExplorer(13, 6, 1, 0), ChooseIcon(6, 1, 0, 0))  # Anna alone: she picks the water
    assert s.turban == 14 and 14 in s.explorers, "all of Ben's explorers are out: his tallest on the board"


def test_water_icon_gives_water_stones_and_a_double_drop_two():
    """§6.1 [V2], double water [V1]."""
    s = play(incense_oasis(kind="E_W1", anna=8, ben=None), ChooseIcon(6, 1, 0, 0))
    assert s.players[0].water == 3 and s.players[0].goods == []
    # an oasis end with double water does not exist; a strip (I) with W2 closed at both ends does
    s = started()
    lay(s, (6, 1), "I_W2", rotation=1)
    lay(s, (7, 1), "E_I", rotation=3)
    at_explorer(s, 0, (7, 1))
    put_explorer(s, 8, (6, 1), 0)
    s = play(s, Pass(), ChooseIcon(6, 1, 0, 0))
    assert s.players[0].water == 4


def test_water_runs_short_the_claimer_takes_what_is_left():
    """D20: supplies run out: take what is left, else nothing."""
    s = started()
    set_water(s, 2, s.players[2].water + s.water - 1)  # one stone left in the supply
    lay(s, (6, 1), "I_W2", rotation=1)
    lay(s, (7, 1), "E_I", rotation=3)
    at_explorer(s, 0, (7, 1))
    put_explorer(s, 8, (6, 1), 0)
    s = play(s, Pass(), ChooseIcon(6, 1, 0, 0))
    assert s.players[0].water == 3 and s.water == 0


def test_good_icon_loads_one_good_into_the_caravan():
    """§6.1 [SEED]: take one good of that kind."""
    s = incense_oasis(kind="E_M", anna=8, ben=None)
    assert s.phase == "icon"
    s = play(s, ChooseIcon(6, 1, 0, 0))
    assert s.players[0].goods == ["myrrh"] and s.goods["myrrh"] == 9


def test_full_caravan_throws_away_the_new_good_or_a_carried_one():
    """§6.1 [SEED], D12: thrown goods go back to the supply."""
    s = started()
    load(s, 0, "salt", "salt", "gems", "myrrh")
    lay(s, (6, 1), "E_W1", rotation=3)
    at_explorer(s, 0, (6, 1))
    s = play(s, PlaceExplorer(8, 6, 1, 0), ChooseIcon(5, 1, 0, 0))
    assert s.phase == "good" and R.to_move(s) == 0
    assert set(R.legal_actions(s)) == {ChooseGood("new"), ChooseGood("salt"), ChooseGood("gems"), ChooseGood("myrrh")}
    assert R.why_illegal(s, ChooseGood("incense")) == "Swapping a good for the same kind changes nothing: throw the new one away instead."
    kept = play(s, ChooseGood("new"))
    assert sorted(kept.players[0].goods) == ["gems", "myrrh", "salt", "salt"] and kept.goods["incense"] == 10
    swapped = play(s, ChooseGood("salt"))
    assert sorted(swapped.players[0].goods) == ["gems", "incense", "myrrh", "salt"]
    assert swapped.goods["salt"] == 9 and swapped.goods["incense"] == 9
    assert R.check_invariants(swapped) == []


def test_camel_card_adds_two_load_spaces():
    """§6.1 [SEED]: caravan capacity = 4 + 2 x camel cards."""
    s = incense_oasis(kind="E_K", anna=8, ben=None)
    s = play(s, ChooseIcon(6, 1, 0, 0))
    assert s.players[0].camel_cards == 1 and R.capacity(s, 0) == 6 and s.camel_cards == 9


def test_good_supply_empty_means_nothing():
    """D20."""
    s = started()
    load(s, 1, *["incense"] * 4)
    s.players[1].camel_cards, s.camel_cards = 3, 7
    load(s, 1, *["incense"] * 6)
    lay(s, (6, 1), "E_W1", rotation=3)
    at_explorer(s, 0, (6, 1))
    s = play(s, PlaceExplorer(8, 6, 1, 0), ChooseIcon(5, 1, 0, 0))
    assert s.players[0].goods == [] and s.accounts[-1]["claims"][0]["result"] == "found no incense left"


def test_camel_cards_run_out_means_nothing():
    """D20: with no camel card left in the supply, a camel icon brings nothing."""
    s = started()
    s.players[2].camel_cards, s.camel_cards = 10, 0
    lay(s, (6, 1), "E_K", rotation=3)
    at_explorer(s, 0, (6, 1))
    s = play(s, PlaceExplorer(8, 6, 1, 0), ChooseIcon(6, 1, 0, 0))
    assert s.players[0].camel_cards == 0 and s.accounts[-1]["claims"][0]["result"] == "found no camel card left"


def test_rumor_icon_draws_a_tile_the_claimer_looks_at_and_places_face_down():
    """§6.1 [SEED], D13: look in secret, put face down on a free slot of any kind (at most 2 per kind)."""
    s = incense_oasis(kind="E_R", anna=8, ben=None)
    s = play(s, ChooseIcon(6, 1, 0, 0))
    assert s.phase == "rumor" and s.rumor_hand is not None and len(s.rumor_pile) == 5
    assert R.view(s, 1).rumor_hand == HIDDEN and R.view(s, 0).rumor_hand == s.rumor_hand
    s.rumor_slots["salt"] = [(s.rumor_pile.pop(), 1, frozenset({1})), (s.rumor_pile.pop(), 2, frozenset({2}))]
    assert R.why_illegal(s, PlaceRumor("salt")) == "Salt already has 2 rumor tiles."
    tile = s.rumor_hand
    s2 = play(s, PlaceRumor("gems"))
    assert s2.rumor_slots["gems"] == [(tile, 0, frozenset({0}))]
    assert R.view(s2, 0).rumor_slots["gems"][0][0] == tile
    assert R.view(s2, 1).rumor_slots["gems"][0][0] == HIDDEN


def test_drawing_a_rumor_is_a_chance_event():
    s = play(incense_oasis(kind="E_R", anna=8, ben=None))
    s2 = play(s, ChooseIcon(6, 1, 0, 0))
    assert R.chance_count(s2) == R.chance_count(s) + 1


def test_when_all_six_rumors_are_out_a_rumor_action_may_take_one_back():
    """§6.1 [SEED], D13: take one face-down rumor off the board into the pile, or leave the board."""
    s = started()
    goods = R.cat.goods
    for i, tile in enumerate(list(s.rumor_pile)):
        s.rumor_slots[goods[i % 4]].append((tile, 1, frozenset({1})))
    s.rumor_pile = []
    lay(s, (6, 1), "E_R", rotation=3)
    at_explorer(s, 0, (6, 1))
    s = play(s, PlaceExplorer(8, 6, 1, 0), ChooseIcon(6, 1, 0, 0))
    assert s.phase == "rumor_take" and Pass() in R.legal_actions(s)
    tile = s.rumor_slots["myrrh"][1][0]
    s2 = play(s, TakeRumor("myrrh", 1))
    assert s2.rumor_pile == [tile] and len(s2.rumor_slots["myrrh"]) == 1
    assert R.chance_count(s2) == R.chance_count(s) + 1, "the taker may look at it"
    assert R.view(s2, 1).notices == [n for n in R.view(s2, 1).notices if "value" not in n]
    s3 = play(s, Pass())
    assert sum(len(v) for v in s3.rumor_slots.values()) == 6


def test_several_completed_oases_score_in_the_order_the_active_player_picks():
    """§5.4, D8: several oases complete in one turn: the active player orders them."""
    r = two_part_rules()  # strips with two separate parts: one tile closes two oases
    s = started(r=r)
    lay(s, (6, 0), "E_S", rotation=2, r=r)  # (6,0) oasis facing south into (6,1)
    lay(s, (6, 2), "E_G", rotation=0, r=r)  # (6,2) oasis facing north into (6,1)
    lay(s, (6, 1), "I_I", rotation=0, r=r)  # north part joins (6,0), south part joins (6,2)
    at_explorer(s, 0, (6, 1))
    put_explorer(s, 14, (6, 0), 0)
    put_explorer(s, 15, (6, 2), 0)
    s = play(s, Pass(), r=r)
    assert s.phase == "order" and R.to_move(s) == 0
    assert set(r.legal_actions(s)) - {ExtraTurn()} == {ScoreOasis(6, 0, 0), ScoreOasis(6, 1, 1)}
    s = play(s, ScoreOasis(6, 1, 1), r=r)
    assert s.scoring.parts == (((6, 1), 1), ((6, 2), 0)) and R.to_move(s) == 2, "Cleo's explorer claims"
    s = play(s, ChooseIcon(6, 2, 0, 0), r=r)
    assert s.phase == "icon" and s.scoring.parts == (((6, 0), 0), ((6, 1), 0)) and R.to_move(s) == 1


def test_each_oasis_is_scored_only_once():
    """§10: a scored oasis is never scored again."""
    s = play(incense_oasis(kind="E_W1", anna=8, ben=None), ChooseIcon(5, 1, 0, 0))
    assert len(s.accounts) == 1 and s.current == 1
    s = play(s, Pass())  # Ben stays where he is
    assert len(s.accounts) == 1 and R.check_invariants(s) == []


# ---------------------------------------------------------------- extra turn (§5.5)
def test_camel_driver_pays_one_water_for_one_more_whole_turn_once_per_game():
    """§5.5 [SEED]: once per game, 1 water: a second turn at the conclusion of this one. Issue 13: it is
    bought during the turn (a button), not asked at the end of every turn."""
    s = started()
    assert ExtraTurn() in R.legal_actions(s), "offered from the first step of the turn"
    s2 = play(s, ExtraTurn())
    assert s2.phase == "move" and s2.current == 0 and s2.players[0].water == 1 and s2.players[0].used["driver"] == 1
    assert ExtraTurn() not in R.legal_actions(s2)
    s3 = play(s2, MoveCamel(5, 5))  # nothing to discover from the centre: the turn ends
    assert s3.current == 0 and s3.phase == "move", "the extra turn follows at once"
    assert any(n["type"] == "turn" and n["extra"] for n in s3.notices)
    s4 = play(s3, MoveCamel(4, 5))
    assert s4.phase == "discover"


def test_a_turn_ends_by_itself_without_an_end_turn_click():
    """Issue 13: with the camel driver unused and water in hand, the turn still ends when its last step is done."""
    s = started()
    assert R.ability_available(s, 0, "driver")
    s2 = play(s, MoveCamel(5, 5))
    assert s2.current == 1 and s2.phase == "move"


def test_the_extra_turn_is_bought_only_by_the_player_whose_turn_it_is_during_its_steps():
    s = at_move(started(), 0, phase="discover")
    assert ExtraTurn() in R.legal_actions(s)
    s = draw_and_lay(s, "E_I", (6, 0), 2)
    assert s.phase == "explorer" and ExtraTurn() in R.legal_actions(s)
    s = incense_oasis(anna=8, ben=14)  # Ben decides on the toll during Anna's turn
    assert s.phase == "toll" and s.decider == 1
    assert R.why_illegal(s, ExtraTurn()) == "An extra turn is bought during your own turn."


def test_no_extra_turn_is_offered_once_used_or_without_water():
    s = started()
    s.players[0].used["driver"] = 1
    assert ExtraTurn() not in R.legal_actions(s)
    assert R.why_illegal(s, ExtraTurn()) == "You have already used the camel driver this game."
    assert play(s, MoveCamel(5, 5)).current == 1
    s = started()
    set_water(s, 0, 0)
    assert ExtraTurn() not in R.legal_actions(s)
    assert R.why_illegal(s, ExtraTurn()) == "The camel driver costs 1 water; you have 0."
    assert play(s, MoveCamel(5, 5)).current == 1


def test_all_three_once_per_game_abilities_may_be_used_in_one_turn():
    """§5.5 [PROP], D15: caravan leader, scout and camel driver, 1 water each, in the same turn."""
    s = started()
    lay(s, (4, 3), "E_I", rotation=1)
    lay(s, (3, 3), "D")
    set_water(s, 0, 3)
    tile = give_display(s, 1, "E_M")
    s = at_move(s, 0)
    s = play(s, MoveCamel(3, 3, True), Scout(1, tile, 3, 2, 0), ExtraTurn(), Pass())
    assert s.players[0].used == {"leader": 1, "scout": 1, "driver": 1}
    assert s.players[0].water == 0 and s.current == 0 and s.phase == "move"


# ---------------------------------------------------------------- centre exchange option (§7)
def test_exchange_square_swaps_one_good_for_water_when_the_option_is_on():
    """§7 centre_exchange [PROP]: ending the move on the centre, pay 1 water to swap a good."""
    s = started(centre_exchange=True)
    load(s, 0, "salt")
    s2 = play(s, MoveCamel(5, 5))
    assert s2.phase == "exchange" and Exchange("salt", "gems") in R.legal_actions(s2)
    s3 = play(s2, Exchange("salt", "gems"))
    assert s3.players[0].goods == ["gems"] and s3.players[0].water == 1
    s4 = started()
    load(s4, 0, "salt")
    assert play(s4, MoveCamel(5, 5)).current == 1, "off by default"


# ---------------------------------------------------------------- the end (§8)
def _last_tile_left(s):
    keep = s.stacks[0].pop()
    s.boxed += [t for st in s.stacks for t in st]
    s.stacks = [[keep]] + [[] for _ in range(len(s.stacks) - 1)]
    return s


def test_after_the_last_tile_is_drawn_every_player_has_one_more_turn_ending_with_the_drawer():
    """§8 [V2], D17: the turn the last tile is drawn, then one more turn each, the drawer last."""
    s = _last_tile_left(started())
    for p in range(3):
        set_water(s, p, 0)
    s = at_move(s, 0, phase="discover")
    s = play(s, Draw(1))
    assert s.tiles_left == 0
    order, turn = [], s.turn
    while s.phase != "over":
        if s.turn != turn:
            order.append(s.current)
            turn = s.turn
        acts = R.legal_actions(s)
        s = play(s, next((a for a in acts if isinstance(a, Pass)), acts[0]))
    assert order == [1, 2, 0]
    assert s.end_reason == "every player has had a last turn after the last tile was drawn"


def test_in_the_last_turns_tiles_come_only_from_the_displays():
    """§8 [PROP]: with the stacks empty nothing can be drawn."""
    s = at_move(started(), 0, phase="discover")
    s.boxed += [t for st in s.stacks for t in st]
    s.stacks = [[] for _ in s.stacks]
    s.final = [1, 2, 0]
    assert R.why_illegal(s, Draw(1)) == "The stacks are empty: tiles now come only from the displays."


def test_game_ends_after_rounds_in_which_nobody_draws_or_lays_a_tile():
    """game.yaml idle_rounds_end [PROP]: a guard against stalling."""
    s = started(seats=2)
    for cell in ((4, 4), (6, 4), (4, 6), (6, 6)):
        lay(s, cell, "D")
    set_water(s, 0, 0)
    set_water(s, 1, 0)
    s.players[0].camel, s.players[1].camel = (5, 4), (5, 6)
    s = at_move(s, 0)
    turns = 0
    while s.phase != "over":
        assert s.phase == "move"
        s = play(s, Pass())
        turns += 1
    assert turns == 3 * 2 and s.end_reason == "nobody drew or laid a tile for 3 rounds"


def _finished_with(goods_by_seat, rumors, water):
    s = started()
    for seat, goods in enumerate(goods_by_seat):
        load(s, seat, *goods)
        set_water(s, seat, water[seat])
    for good, values in rumors.items():
        for v in values:
            tile = next(t for t in s.rumor_pile if R.rumor_value(t) == v)
            s.rumor_pile.remove(tile)
            s.rumor_slots[good].append((tile, 1, frozenset({1})))
    R._game_over(s, "test")
    return s


def test_score_is_goods_times_value_four_plus_the_rumors_on_the_kind():
    """§8 [V1/V2]: value of a kind = 4 + its rumor tiles; score = sum of goods x value."""
    s = _finished_with([["incense", "incense", "salt"], ["gems"], []], {"incense": [2, -1], "gems": [-2]}, [2, 2, 2])
    sheet = R.score_sheet(s)
    assert sheet.final and sheet.check_totals()
    assert [row.label for row in sheet.rows] == ["Incense (5 each)", "Myrrh (4 each)", "Salt (4 each)", "Gems (2 each)"]
    assert sheet.rows[0].values == [10, 0, 0] and sheet.rows[2].values == [4, 0, 0] and sheet.rows[3].values == [0, 2, 0]
    assert sheet.totals == [14, 2, 0]
    assert "Incense is worth 4 + 2 - 1 = 5 (rumors: +2 placed by Ben, -1 placed by Ben)." in sheet.details


def test_rumors_are_turned_face_up_at_the_end():
    """§8 [SEED]: every seat sees every rumor once the game is over."""
    s = _finished_with([[], [], []], {"myrrh": [1]}, [2, 2, 2])
    for seat in range(3):
        assert R.view(s, seat).rumor_slots["myrrh"][0][0] != HIDDEN


def test_a_tie_goes_to_more_water_then_is_shared():
    """§8 [SEED], D21."""
    s = _finished_with([["salt"], ["gems"], ["myrrh"]], {}, [1, 3, 3])
    assert R.winners(s) == [1, 2]
    assert R.score_sheet(s).ranking[-1] == 0


def test_incomplete_oases_score_nothing_at_the_end():
    """D19: explorers on open oases bring nothing."""
    s = started()
    put_explorer(s, 8, (5, 1), 0)
    R._game_over(s, "test")
    assert s.players[0].goods == [] and R.score_sheet(s).totals == [0, 0, 0]


# ---------------------------------------------------------------- private information
def test_view_hides_stacks_rumor_pile_unseen_rumors_and_the_seed():
    """Stacks and the rumor pile are face down for all; a placed rumor only for those who saw it."""
    s = started()
    tile = s.rumor_pile.pop()
    s.rumor_slots["salt"].append((tile, 1, frozenset({1})))
    v = R.view(s, 0)
    assert R.has_private_information()
    assert [len(st) for st in v.stacks] == [len(st) for st in s.stacks]
    assert {t for st in v.stacks for t in st} <= {HIDDEN}
    assert v.rumor_pile == [HIDDEN] * 5
    assert v.rumor_slots["salt"] == [(HIDDEN, 1, frozenset({1}))]
    assert R.view(s, 1).rumor_slots["salt"] == [(tile, 1, frozenset({1}))]
    assert v.seed == 0
    assert v.players[1].display == s.players[1].display, "displays lie face up"


def test_rumor_notices_show_the_value_only_to_the_seat_that_looked():
    s = play(incense_oasis(kind="E_R", anna=8, ben=None), ChooseIcon(6, 1, 0, 0))
    mine = [n for n in R.view(s, 0).notices if n["type"] == "rumor_drawn"]
    theirs = [n for n in R.view(s, 1).notices if n["type"] == "rumor_drawn"]
    assert "value" in mine[0] and "value" not in theirs[0] and "tile" not in theirs[0]


# ---------------------------------------------------------------- words and bookkeeping
def test_describe_says_who_did_what_with_the_explorers_rank_and_the_oasis_size():
    s = started()
    lay(s, (6, 1), "I_S", rotation=1)
    lay(s, (7, 1), "E_I", rotation=3)
    at_explorer(s, 0, (7, 1))
    assert R.describe(s, PlaceExplorer(12, 7, 1, 0)) == "Anna placed an explorer (rank 12) on the oasis of 3 tiles."
    s2 = at_move(started(), 0)
    assert R.describe(s2, MoveCamel(4, 5)) == "Anna moved the camel 6 squares."


def test_square_info_describes_tile_oasis_explorers_and_camels():
    s = started()
    lay(s, (6, 1), "E_W1", rotation=3)
    put_explorer(s, 14, (6, 1), 0)
    text = R.square_info(s, (6, 1))
    assert text.startswith("Tile: oasis end with one water") and "Oasis of 2 tiles, complete" in text and "Ben (rank 14)" in text
    assert R.square_info(s, (0, 0)) == "Undiscovered sand."
    assert "Camel: Anna." in R.square_info(s, NORTH)


def test_turn_id_stays_the_same_through_a_turns_scoring():
    s = incense_oasis(anna=8, ben=14)
    s2 = play(s, PayToll(True))
    assert R.turn_id(s) == R.turn_id(s2) and R.to_move(s2) == 1


def test_check_invariants_reports_broken_conservation():
    s = started()
    assert R.check_invariants(s) == []
    s.players[0].goods.append("salt")  # a good out of nowhere
    s.players[1].water += 1
    problems = R.check_invariants(s)
    assert any("salt not conserved" in p for p in problems) and any("water not conserved" in p for p in problems)


def test_summary_for_the_save_list_gives_the_round_and_the_tiles_left():
    match = Match(R, [Seat(i, n, c) for i, (n, c) in enumerate([("Anna", "red"), ("Ben", "yellow")])], 4)
    match.play(PlaceCamel(*NORTH), autosave=False)
    while match.state.round < 3:
        acts = match.legal_actions()
        match.play(next((a for a in acts if isinstance(a, Draw)), acts[-1]), autosave=False)
    data = match.to_save()
    assert data["summary"]["round"] == 3 and data["summary"]["tiles_left"] == match.state.tiles_left < 85 - 2


def test_earlier_states_never_change_when_later_actions_are_applied():
    """States are immutable once made: undo and replays rely on every earlier state staying as it was."""
    import copy
    import random

    for seed in (32, 51):  # whole random games that pass through a toll and a rumor placement
        rng = random.Random(seed)
        s = new_game(seats=4, seed=seed)
        kept = []
        while R.to_move(s) is not None:
            kept.append((s, copy.deepcopy(s)))
            s = R.apply(s, rng.choice(R.legal_actions(s)))
        assert {"toll", "rumor"} <= {state.phase for state, _ in kept}
        for state, snapshot in kept:
            assert state == snapshot


def test_player_facing_text_built_from_values_keeps_its_template_for_translation():
    """Issue 12: refusals, log lines, claim results, account and score lines are Words (template and fields), so
    a translation table can say them; they still read as the English text."""
    from engine.core.words import Words

    s = started()
    set_water(s, 0, 0)
    refusal = R.why_illegal(s, MoveCamel(5, 10, True))
    line = R.describe(s, MoveCamel(5, 5))
    assert isinstance(refusal, Words) and refusal.template.startswith("{who}'s camel stands there")
    assert isinstance(line, Words) and line == "Anna moved the camel 5 squares." and line.fields["who"] == "Anna"
    s = play(incense_oasis(kind="E_0", anna=8, ben=14), PayToll(True))
    acc = s.accounts[-1]
    assert all(isinstance(c["result"], Words) for c in acc["claims"])
    account = R.describe_oasis(s, acc)
    assert isinstance(account, Words) and account.template == "{oasis}: {bits}."
    sheet = R.score_sheet(s)
    assert all(isinstance(d, Words) for d in sheet.details) and all(isinstance(r.label, Words) for r in sheet.rows)
    assert isinstance(R.phase_reason(s), Words)
