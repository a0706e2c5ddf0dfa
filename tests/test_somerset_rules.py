"""Somerset rules: one test per rule of the designer's rules 1.0 (../shared/seeds/003_17f6e040aec3e849.txt,
[SEED]) and of the rules file's proposals (../shared/rules/somerset.md, § numbers), each named after its rule.

Maps: FLOWER (the centre and its six neighbours, all joined) and ROW (five tiles in a line), see
tests/somerset_helpers.py. Seats: Anna (0), Ben (1), Cleo (2).
"""
from __future__ import annotations

import random

import pytest

from engine.core.match import Match
from engine.core.rules import Seat
from games.somerset.rules import (
    HIDDEN, Alchemy, BuildBuilding, BuildTile, BuySpell, CastSpell, ChooseResource, Decline, Dispel, Done,
    Government, Hire, KeepCard, LieDown, MarketStall, Mirror, MoveWorker, PlaceRoad, PlaceWorker,
    Stride, TakeAction, TimeWarp, Trade, Upgrade,
)
from games.somerset.rules_map import connected, edge_key
from games.somerset.rules_scoring import book_prizes
from games.somerset.rules_state import Piece, Worker
from tests.somerset_helpers import (
    CENTRE, E, NE, NW, R, ROW, SE, SW, W, at_e, bid, board, flower, new_game, play, row, scene, sid, tid, waiting,
)


def city(s):
    return {c for c, p in s.board.cells.items() if p.owner < 0}


def mine(s, seat):
    return [i for i, w in enumerate(s.workers) if w.owner == seat]


def lying(s, seat=0):
    return [w for w in s.workers if w.owner == seat and not w.standing]


# ---------------------------------------------------------------- set-up (§12) [SEED]
@pytest.mark.parametrize("seats,count,labels", [(2, 12, {"2+"}), (3, 15, {"2+", "3+"}), (4, 18, {"2+", "3+", "4+"}),
                                                (5, 18, {"2+", "3+", "4+"})])
def test_city_tiles_by_seat_count_2plus_always_3plus_from_three_4plus_from_four(seats, count, labels):
    s = new_game(seats)
    assert len(s.board.cells) == count
    assert {R.cat.tiles[p.tile].label for p in s.board.cells.values()} == labels


@pytest.mark.parametrize("seed", range(12))
def test_city_layout_centre_ring_and_random_second_ring_every_tile_joined_by_roads(seed):
    """§18.1: the centre, its six neighbours and N - 7 hexes of the second ring; [SEED] all tiles connected."""
    for seats in (2, 3, 4):
        s = new_game(seats, seed)
        cells = set(s.board.cells)
        assert {(0, 0), NE, E, SE, SW, W, NW} <= cells
        assert all(max(abs(q), abs(r), abs(q + r)) <= 2 for q, r in cells)
        assert connected(list(cells), R.public_links(s.board))


def test_city_layout_is_random_per_seed_and_the_same_for_one_seed():
    a, b, c = new_game(3, 1), new_game(3, 1), new_game(3, 2)
    assert a.board == b.board and a.board != c.board


@pytest.mark.parametrize("seats,count", [(2, 19), (3, 22), (4, 25), (5, 25)])
def test_country_tiles_laid_face_up_19_at_two_22_at_three_all_25_from_four(seats, count):
    s = new_game(seats)
    assert len(s.supply) == count and all(not R.cat.tiles[t].city for t in s.supply)


def test_start_player_gets_5_coins_and_each_seat_after_one_more():
    s = new_game(5)
    assert [p.coins for p in s.players] == [5, 6, 7, 8, 9]
    s = new_game(3, seed=4, start_player="random")
    assert [s.players[(s.start_player + k) % 3].coins for k in range(3)] == [5, 6, 7]


def test_each_hand_starts_with_a_residence_and_one_random_spell_decks_shuffled():
    s = new_game(4)
    for p in s.players:
        assert p.building_hand == (0,) and len(p.spell_hand) == 1 and p.book == ()
    assert len(s.spell_deck) == 16 and sorted(s.building_deck) == list(range(1, 17))
    assert s.building_deck != tuple(range(1, 17))


def test_everyone_starts_in_government_column_1_with_no_resources_a_peasant_and_a_knight():
    s = new_game(3)
    for seat, p in enumerate(s.players):
        assert p.gov == 1 and all(v == 0 for v in p.res.values())
        assert sorted(w.kind for w in s.workers if w.owner == seat) == ["knight", "peasant"]
        assert R.pool(s, seat) == 6


# ---------------------------------------------------------------- first round (§13.1) [SEED]
def test_first_round_places_peasant_or_knight_on_an_unoccupied_city_tile_and_takes_its_action():
    s = new_game(3)
    lumber = next(c for c, p in s.board.cells.items() if R.cat.tiles[p.tile].id == "C01")
    s = play(s, PlaceWorker(1, *lumber))  # Anna's knight
    assert s.phase == "act"
    s = play(s, TakeAction())
    assert s.players[0].res["W"] == 2 and s.current == 1
    assert R.why_illegal(s, PlaceWorker(2, *lumber)) == "That city tile is occupied: choose one with no worker on it."


def test_first_round_two_passes_around_the_table_from_the_start_player():
    s = new_game(3)
    order = []
    rng = random.Random(3)
    while s.round == 1:
        if s.phase == "place":
            order.append(s.current)
        s = R.apply(s, rng.choice(R.legal_actions(s)))
    assert order == [0, 1, 2, 0, 1, 2]
    assert all(w.pos in city(s) for w in s.workers[:6])
    positions = [w.pos for w in s.workers[:6]]
    assert len(set(positions)) == 6, "each worker on a tile nobody occupied"


def test_first_round_workers_go_only_onto_city_tiles():
    s = new_game(3)
    assert R.why_illegal(s, PlaceWorker(0, 5, 5)) == "In the first round workers go onto city tiles."
    assert R.why_illegal(s, PlaceWorker(2, 0, 0)) == "That worker is not yours."


# ---------------------------------------------------------------- the regular round (§13.2) [SEED]
def _after_first_round(seats=3, seed=2):
    s = new_game(seats, seed)
    rng = random.Random(seed)
    while s.round == 1 or s.phase == "build":
        acts = R.legal_actions(s)
        done = [a for a in acts if isinstance(a, Done)]
        s = R.apply(s, done[0] if s.phase == "build" else rng.choice(acts))
    return s


def test_round_two_workers_stand_again_and_the_sword_passes_one_seat():
    s = _after_first_round()
    assert s.round == 2 and s.start_player == 1 and s.current == 1 and s.phase == "move"
    assert all(w.standing for w in s.workers)


def test_seats_play_in_turn_and_one_without_standing_workers_is_skipped():
    s = scene(flower(), [(0, "peasant", E, True), (1, "peasant", W, False), (2, "peasant", SE, True)])
    s = play(s, MoveWorker(0, *NE), Decline())
    assert s.current == 2, "Ben has no standing worker: his turn is skipped"


def test_a_moved_worker_lies_down_and_the_round_ends_when_all_have_moved():
    s = scene(flower(), [(0, "peasant", E, True), (1, "peasant", W, True)])
    s = play(s, MoveWorker(0, *NE), Decline())
    assert not s.workers[0].standing and s.current == 1
    s = play(s, MoveWorker(1, *NW), Decline())
    assert s.phase == "build", "round over: the building period follows"


def test_worker_must_move_exactly_its_distance_with_a_reason():
    s = scene(row(), [(0, "knight", (0, 0), True)])
    assert R.why_illegal(s, MoveWorker(0, 1, 0)).startswith("Your knight must move exactly 2 tiles")
    assert R.why_illegal(s, MoveWorker(0, 2, 0)) is None


def test_a_refused_move_says_what_is_in_the_way():
    s = scene(row(), [(0, "knight", (1, 0), True), (0, "peasant", (2, 0), False)])
    assert R.why_illegal(s, MoveWorker(0, 3, 0)).startswith("Your own worker stands in the way")
    s = scene(flower(), [(0, "peasant", E, True)])
    s.pieces = (Piece(1, edge_key(E, CENTRE), True),)
    assert R.check_invariants(s) == []
    assert R.why_illegal(s, MoveWorker(0, *CENTRE)) == "Another player's barricade closes the way there."
    assert R.why_illegal(s, MoveWorker(0, *E)) == "A worker must move; it cannot stay where it stands."
    assert R.why_illegal(s, MoveWorker(0, 9, 9)) == "Workers move only onto tiles of the map."


def test_landing_on_another_seats_country_tile_pays_its_owner_a_coin_even_when_declined():
    b = flower({(1, 1): ("K01", 1, 1)})  # Ben's Old Forest south-east of E, turned once: stubs NW (to E) and SE
    s = scene(b, [(0, "peasant", E, True)])
    assert (1, 1) in R.reach(s, 0)
    ben = s.players[1].coins
    s = play(s, MoveWorker(0, 1, 1), Decline())
    assert s.players[1].coins == ben + 1


def test_passing_through_a_country_tile_pays_nothing_and_own_tiles_pay_nothing():
    b = row({(2, 0): ("K01", 0, 1), (4, 0): ("K01", 0, 0)})
    s = scene(b, [(0, "knight", (0, 0), True)])
    s.board = board({**{c: ("K01", 0) for c in ROW}, (1, 0): ("K01", 0, 1), (2, 0): ("K01", 0, 0)})
    ben = s.players[1].coins
    s = play(s, MoveWorker(0, 2, 0), Decline())
    assert s.players[1].coins == ben, "through Ben's tile to Anna's own: no fee"


def test_toll_house_makes_landing_fees_two_coins():
    b = flower({(1, 1): ("K01", 1, 1)})
    s = scene(b, [(0, "peasant", E, True)])
    s.players[1].buildings = (bid("B07"),)
    ben = s.players[1].coins
    s = play(s, MoveWorker(0, 1, 1))
    assert s.players[1].coins == ben + 2


def test_a_tiles_action_is_taken_once_per_round_but_the_tile_may_still_be_entered():
    s = scene(flower(), [(0, "peasant", E, True), (1, "peasant", W, True)])
    s = play(s, MoveWorker(0, *CENTRE), TakeAction())  # Town Hall: a government action
    s = play(s, Government(1, "money"))
    assert CENTRE in s.used and s.current == 1
    s = play(s, MoveWorker(1, *CENTRE))
    assert s.phase != "act", "the Town Hall was used this round: no action"


def test_declining_an_action_does_not_use_the_tile():
    s = scene(flower(), [(0, "peasant", E, True), (1, "peasant", W, True)])
    s = play(s, MoveWorker(0, *CENTRE), Decline())
    assert CENTRE not in s.used
    s = play(s, MoveWorker(1, *CENTRE))
    assert s.phase == "act"


def test_another_seats_worker_on_the_tile_does_not_stop_the_action():
    s = scene(flower(), [(0, "peasant", E, True), (1, "peasant", NE, False)])
    s = play(s, MoveWorker(0, *NE))
    assert s.phase == "act"


def test_no_legal_move_lays_a_worker_down_with_no_action_and_no_fee():
    s = scene(row(), [(0, "wizard", (2, 0), True)])  # three steps either way leave the row
    assert R.legal_actions(s) == [LieDown(0)]
    coins = s.players[0].coins
    s = play(s, LieDown(0))
    assert not s.workers[0].standing and s.workers[0].pos == (2, 0) and s.players[0].coins == coins
    s = scene(row(), [(0, "wizard", (2, 0), True), (0, "peasant", (0, 0), True)])
    assert R.why_illegal(s, LieDown(0)) == "A worker lies down unmoved only when none of yours can move."


# ---------------------------------------------------------------- city and country actions (§4, §5)
@pytest.mark.parametrize("ident,gain", [("C01", {"W": 2}), ("C02", {"B": 2}), ("C03", {"S": 2}), ("C04", {"G": 2}),
                                        ("C12", {"C": 2}), ("K05", {"W": 2, "B": 2}), ("K23", {"S": 2, "C": 1})])
def test_gain_actions_give_their_resources(ident, gain):
    s = scene(flower({E: at_e(ident)}), [(0, "peasant", CENTRE, True)])
    s = play(s, MoveWorker(0, *E), TakeAction())
    for r, n in gain.items():
        assert s.players[0].res[r] == n


def test_royal_treasury_gives_two_coins():
    s = scene(flower({E: at_e("C05")}), [(0, "peasant", CENTRE, True)], coins=0)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert s.players[0].coins == 2


def test_merchants_row_gives_one_basic_resource_of_choice_and_a_coin():
    s = scene(flower({E: at_e("C18")}), [(0, "peasant", CENTRE, True)], coins=0)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert s.phase == "choose" and R.legal_actions(s) == [ChooseResource(r) for r in "WBSG"]
    s = play(s, ChooseResource("S"))
    assert s.players[0].res["S"] == 1 and s.players[0].coins == 1


def test_hiring_hall_pays_a_grain_and_the_new_peasant_lies_on_the_acting_workers_tile():
    s = scene(flower({E: at_e("C07")}), [(0, "peasant", CENTRE, True)], G=1)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert len(mine(s, 0)) == 2 and s.workers[1] == Worker(0, "peasant", E, False)
    assert s.players[0].res["G"] == 0


def test_hiring_stops_at_the_cap_of_four_workers():
    s = scene(flower({E: at_e("C07")}), [(0, "peasant", CENTRE, True)] + [(0, "peasant", c, False) for c in (NW, W, SW)],
              G=1)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert len(mine(s, 0)) == 4 and s.players[0].res["G"] == 1


def test_village_inn_hires_for_free_and_gives_a_grain():
    s = scene(flower({E: at_e("K17", 1)}), [(0, "peasant", CENTRE, True)])
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert len(mine(s, 0)) == 2 and s.players[0].res["G"] == 1


def test_training_grounds_upgrades_any_of_your_workers_for_its_cost():
    s = scene(flower({E: at_e("C08")}), [(0, "peasant", CENTRE, True), (0, "knight", W, False)], W=1, S=1, G=1)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert R.legal_actions(s) == [Upgrade(0), Done()], "the knight's upgrade (2C 1B 1G) cannot be paid"
    s = play(s, Upgrade(0))
    assert s.workers[0].kind == "knight" and all(s.players[0].res[r] == 0 for r in "WSG")
    assert not s.workers[0].standing, "its state is kept (it has just moved)"


def test_knight_to_wizard_costs_two_crystals_a_brick_and_a_grain_and_a_wizard_cannot_rise():
    s = scene(flower({E: at_e("C08")}), [(0, "knight", W, True), (0, "wizard", NW, False)], C=2, B=1, G=1)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert R.why_illegal(s, Upgrade(1)) == "A wizard cannot be upgraded further."
    s = play(s, Upgrade(0))
    assert s.workers[0].kind == "wizard" and s.players[0].res == {"W": 0, "B": 0, "S": 0, "G": 0, "C": 0}


def test_barracks_upgrades_cost_no_grain():
    s = scene(flower({E: at_e("C08")}), [(0, "peasant", CENTRE, True)], W=1, S=1)
    s.players[0].buildings = (bid("B08"),)
    s = play(s, MoveWorker(0, *E), TakeAction(), Upgrade(0))
    assert s.workers[0].kind == "knight"


def test_tournament_field_upgrade_pays_two_fewer_resources_of_your_choice():
    s = scene(flower({E: at_e("K15", 1)}), [(0, "peasant", CENTRE, True)], W=1, S=1, G=1)
    s = play(s, MoveWorker(0, *E), TakeAction(), Upgrade(0))
    assert s.phase == "waive" and set(R.legal_actions(s)) == {ChooseResource(r) for r in "WSG"}
    s = play(s, ChooseResource("W"), ChooseResource("G"))
    assert s.players[0].res == {"W": 1, "B": 0, "S": 0, "G": 1, "C": 0}


def test_wizards_tower_upgrades_a_knight_for_one_crystal():
    s = scene(flower({E: at_e("K16", 1)}), [(0, "peasant", CENTRE, True), (0, "knight", W, False)], C=1)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert Upgrade(0) not in R.legal_actions(s)
    s = play(s, Upgrade(1))
    assert s.workers[1].kind == "wizard" and s.players[0].res["C"] == 0


def test_scriptorium_draws_two_spells_keeps_one_and_puts_the_other_under_the_deck():
    s = scene(flower({E: at_e("C09")}), [(0, "peasant", CENTRE, True)])
    top = s.spell_deck[:2]
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert s.phase == "keep" and set(s.drawn) == set(top)
    s = play(s, KeepCard(top[1]))
    assert top[1] in s.players[0].spell_hand and s.spell_deck[-1] == top[0]


def test_architects_guild_draws_two_buildings_keeps_one():
    s = scene(flower({E: at_e("C10")}), [(0, "peasant", CENTRE, True)])
    top = s.building_deck[:2]
    s = play(s, MoveWorker(0, *E), TakeAction(), KeepCard(top[0]))
    assert s.players[0].building_hand == (0, top[0]) and s.building_deck[-1] == top[1]


def test_abbey_gives_a_crystal_and_two_spells_kept_without_choosing():
    s = scene(flower({E: at_e("K10", 1)}), [(0, "peasant", CENTRE, True)])
    top = s.spell_deck[:2]
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert s.players[0].res["C"] == 1 and s.players[0].spell_hand[-2:] == top


def test_masons_lodge_builds_a_country_tile_now_paying_its_cost():
    s = scene(flower({E: at_e("C11")}), [(0, "peasant", CENTRE, True)], B=1, G=1)
    s.supply = (tid("K01"),)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert s.phase == "build_tile"
    spot, rot = R.placements(s.board, tid("K01"))[0]
    s = play(s, BuildTile(tid("K01"), spot[0], spot[1], rot))
    assert s.board.cells[spot].owner == 0 and s.players[0].res["B"] == 0 and s.players[0].res["G"] == 0


def test_castle_gate_places_up_to_two_road_pieces_and_may_stop():
    s = scene(flower({E: at_e("C13")}), [(0, "peasant", CENTRE, True)])
    s = play(s, MoveWorker(0, *E), TakeAction())
    s = play(s, PlaceRoad((0, 0, 1, -1), True))
    assert s.phase == "roads"
    s = play(s, Done())
    assert s.phase != "roads" and R.pool(s, 0) == 5


def test_market_square_trades_two_resources_for_one_up_to_three_times():
    s = scene(flower({E: at_e("C14")}), [(0, "peasant", CENTRE, True)], W=6)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert Trade(("W", "W"), "C") in R.legal_actions(s) and Trade(("W", "W"), "W") not in R.legal_actions(s)
    s = play(s, Trade(("W", "W"), "C"), Trade(("W", "W"), "S"), Trade(("W", "W"), "G"))
    assert s.phase != "trade" and s.players[0].res == {"W": 0, "B": 0, "S": 1, "G": 1, "C": 1}


def test_crossroads_fair_trades_one_basic_for_one_and_then_a_coin():
    s = scene(flower({E: at_e("K21", 1)}), [(0, "peasant", CENTRE, True)], W=1, coins=0)
    s = play(s, MoveWorker(0, *E), TakeAction(), Trade(("W",), "C"))
    assert s.players[0].res["C"] == 1 and s.players[0].coins == 1


def test_hunting_lodge_two_coins_and_a_basic_of_choice():
    s = scene(flower({E: at_e("K22", 1)}), [(0, "peasant", CENTRE, True)], coins=0)
    s = play(s, MoveWorker(0, *E), TakeAction(), ChooseResource("B"))
    assert s.players[0].coins == 2 and s.players[0].res["B"] == 1


def test_watchtower_three_road_pieces_and_a_coin():
    s = scene(flower({E: at_e("K20", 1)}), [(0, "peasant", CENTRE, True)], coins=0)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert s.phase == "roads" and s.task.left == 3
    s = play(s, Done())
    assert s.players[0].coins == 1


def test_builders_camp_builds_a_building_from_hand_paying_one_fewer():
    s = scene(flower({E: at_e("K19", 1)}), [(0, "peasant", CENTRE, True)], W=1, B=1, G=1, coins=0)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert s.phase == "build_building"
    s = play(s, BuildBuilding(0))  # the Residence, 2W 1B 1G, one wood short: the discount covers it
    assert 0 in s.players[0].buildings and s.players[0].coins == 1


# ---------------------------------------------------------------- roads and barricades (§8) [SEED]
def _roads(s, n=1, seat=0):
    return waiting(s, "roads", n, n, seat=seat)


def test_six_road_pieces_then_one_on_the_map_must_be_moved():
    s = _roads(scene(flower(), []), 2)
    s = play(s, PlaceRoad((0, 0) + E, True))
    assert R.pool(s, 0) == 5, "a piece from the pool of six"
    s.pieces = tuple(Piece(0, edge_key(CENTRE, c), True) for c in (NE, E, SE)) + tuple(
        Piece(0, edge_key(a, b), True) for a, b in ((SW, W), (W, NW), (NW, NE)))
    s.memo = {}
    assert R.pool(s, 0) == 0
    assert R.why_illegal(s, PlaceRoad((0, 0) + SW, True)) == ("All your road pieces are out: "
                                                              "pick one up from the map to move it.")
    moved = (0, 0) + NE
    assert R.why_illegal(s, PlaceRoad((0, 0) + SW, True, moved)) is None
    s = play(s, PlaceRoad((0, 0) + SW, True, moved))
    assert R.pool(s, 0) == 0 and Piece(0, edge_key(CENTRE, SW), True) in s.pieces
    assert Piece(0, edge_key(CENTRE, NE), True) not in s.pieces


def test_a_road_goes_where_no_public_road_is_and_joins_the_tiles_for_its_owner():
    b = row({(0, 1): ("K01", 0)})
    s = _roads(scene(b, [(0, "peasant", (0, 0), True), (1, "peasant", (0, 0), True)]))
    s = play(s, PlaceRoad((0, 0, 0, 1), False))
    assert (0, 1) in R.reach(s, 0) and (0, 1) not in R.reach(s, 1)


def test_a_barricade_blocks_everyone_but_its_owner_and_stops_roads_beneath_it():
    b = row({(0, 1): ("K01", 0)})
    s = scene(b, [(0, "peasant", (0, 0), True), (1, "peasant", (0, 0), True)])
    s.pieces = (Piece(0, edge_key((0, 0), (0, 1)), False), Piece(1, edge_key((0, 0), (0, 1)), True))
    assert (0, 1) not in R.reach(s, 0), "Anna's road stops working under Ben's barricade"
    s.pieces = (Piece(1, edge_key((0, 0), (1, 0)), True), Piece(0, edge_key((0, 0), (0, 1)), False))
    s.memo = {}
    assert (1, 0) in R.reach(s, 1) and (1, 0) not in R.reach(s, 0)


def test_no_road_may_be_built_over_a_barricade():
    b = row({(0, 1): ("K01", 0)})
    s = _roads(scene(b, []))
    s.pieces = (Piece(1, edge_key((0, 0), (0, 1)), False), Piece(2, edge_key((0, 0), (0, 1)), True))
    assert R.why_illegal(s, PlaceRoad((0, 0, 0, 1), False)) == "A barricade already closes that edge."


def test_one_barricade_per_edge_and_one_piece_per_seat_per_edge():
    s = _roads(scene(flower(), []), 2)
    s = play(s, PlaceRoad((0, 0) + E, True))
    assert R.why_illegal(s, PlaceRoad((0, 0) + E, True)) == "You already have a road piece on that edge."
    s.current = 1
    assert R.why_illegal(s, PlaceRoad((0, 0) + E, True)) == "A barricade already closes that edge."


def test_the_connectivity_guard_refuses_a_barricade_that_cuts_the_map():
    s = _roads(scene(row(), []))
    assert R.why_illegal(s, PlaceRoad((0, 0, 1, 0), True)) == "A barricade there would cut Camelot in two."


def test_dispel_removes_a_barricade_back_to_its_owners_pool():
    s = scene(flower(), [(0, "wizard", E, True)], C=1)
    s.players[0].book = (sid("S12"),)
    s.pieces = (Piece(1, edge_key(CENTRE, W), True),)
    s = play(s, CastSpell(sid("S12")), Dispel((-1, 0, 0, 0)))
    assert s.pieces == () and R.pool(s, 1) == 6


# ---------------------------------------------------------------- government (§9) [SEED structure]
def _gov(mode="normal", **res):
    s = scene(flower(), [(0, "wizard", E, False)], **res)
    return waiting(s, "government", mode)


def test_advance_pays_the_next_columns_fee_and_takes_one_of_its_benefits():
    s = _gov(W=1, B=1)
    assert (2, "money") in R.gov_choices(s, 0, "normal")
    coins = s.players[0].coins
    s = play(s, Government(2, "money"))
    assert s.players[0].gov == 2 and s.players[0].coins == coins + 2 and s.players[0].res["W"] == 0


def test_advance_one_column_at_a_time_and_only_with_the_fee():
    s = _gov()
    assert R.why_illegal(s, Government(2, "money")) == "You cannot pay the fee to advance."
    assert R.why_illegal(s, Government(3, "money")) == ("Advance one column at a time, or activate a column "
                                                        "you have reached.")


def test_activate_takes_a_benefit_of_your_column_or_one_left_of_it():
    s = _gov()
    s.players[0].gov = 3
    s.players[0].book = (sid("S06"),)  # Midas Touch: castable, so column 3's free cast is offered
    acts = R.legal_actions(s)
    assert Government(1, "magic") in acts and Government(3, "money") in acts and Government(3, "cast") in acts
    s = play(s, Government(2, "magic"))
    assert s.players[0].res["C"] == 2 and s.players[0].gov == 3


def test_the_free_cast_instead_of_crystals_is_offered_only_with_a_spell_to_cast():
    # [P] a cast that would do nothing throws the benefit away: not offered, and refused with the reason
    s = _gov()
    s.players[0].gov = 3
    assert s.players[0].book == () and Government(3, "cast") not in R.legal_actions(s)
    assert R.why_illegal(s, Government(3, "cast")) == "No spell of your book could be cast now."
    s.players[0].book = (sid("S07"),)  # Stride: before the move only, never a free cast
    assert Government(3, "cast") not in R.legal_actions(s)
    s.players[0].book = (sid("S06"),)
    assert Government(3, "cast") in R.legal_actions(s) and Government(3, "magic") in R.legal_actions(s)


def test_resources_benefit_is_basic_resources_of_choice_and_column_4_adds_a_crystal():
    s = _gov()
    s.players[0].gov = 4
    s = play(s, Government(4, "resources"), ChooseResource("W"), ChooseResource("W"), ChooseResource("G"))
    assert s.players[0].res == {"W": 2, "B": 0, "S": 0, "G": 1, "C": 1}


def test_magic_in_column_5_gives_crystals_and_a_free_cast():
    s = _gov()
    s.players[0].gov = 5
    s.players[0].book = (sid("S06"),)
    coins = s.players[0].coins
    s = play(s, Government(5, "magic"))
    assert s.players[0].res["C"] == 3 and s.phase == "free_cast"
    s = play(s, CastSpell(sid("S06")))
    assert s.players[0].coins == coins + 3 and s.players[0].res["C"] == 3, "a free cast pays no crystals"


def test_great_hall_fees_one_fewer_and_activate_gives_a_coin_more():
    s = _gov(W=1)  # column 2's fee is 1W 1B: the Great Hall waives the brick
    s.players[0].buildings = (bid("B15"),)
    s = play(s, Government(2, "resources"), ChooseResource("S"), ChooseResource("S"))
    assert s.players[0].gov == 2 and s.players[0].res["W"] == 0 and s.players[0].res["S"] == 2
    s = _gov()
    s.players[0].buildings = (bid("B15"),)
    coins = s.players[0].coins
    s = play(s, Government(1, "money"))
    assert s.players[0].coins == coins + 2


def test_sheriffs_keep_advances_without_the_fee_and_takes_a_benefit():
    s = scene(flower({E: at_e("K14", 1)}), [(0, "peasant", CENTRE, True)])
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert {a.column for a in R.legal_actions(s)} == {2}
    coins = s.players[0].coins
    s = play(s, Government(2, "money"))
    assert s.players[0].gov == 2 and s.players[0].coins == coins + 2
    s = _gov("free_advance")
    s.players[0].gov = 6
    assert {a.column for a in R.legal_actions(s)} == {1, 2, 3, 4, 5, 6}, "at the end of the track: Activate"


def test_manor_court_government_action_then_a_coin():
    s = scene(flower({E: at_e("K13", 1)}), [(0, "peasant", CENTRE, True)])
    coins = s.players[0].coins
    s = play(s, MoveWorker(0, *E), TakeAction(), Government(1, "money"))
    assert s.players[0].coins == coins + 2


# ---------------------------------------------------------------- spells (§10) [SEED + P]
def _caster(book, phase="move", C=5, **kw):
    s = scene(flower(), [(0, "wizard", E, phase == "move"), (0, "peasant", W, False)] + kw.pop("more", []), C=C, **kw)
    s.players[0].book = tuple(sid(x) for x in book)
    if phase == "after":
        s.phase = "after"
        s.moved, s.landed = 0, E
    return s


def test_spells_are_bought_from_the_hand_in_the_building_period_for_coins():
    s = scene(flower(), [], phase="build", coins=3)
    s.players[0].spell_hand = (sid("S06"), sid("S01"))
    assert set(R.legal_actions(s)) >= {BuySpell(sid("S06")), BuySpell(sid("S01"))}
    s = play(s, BuySpell(sid("S06")))
    assert s.players[0].book == (sid("S06"),) and s.players[0].coins == 1 and s.phase == "build"


def test_library_makes_spells_one_coin_cheaper():
    s = scene(flower(), [], phase="build", coins=1)
    s.players[0].spell_hand = (sid("S06"),)
    s.players[0].buildings = (bid("B09"),)
    s = play(s, BuySpell(sid("S06")))
    assert s.players[0].coins == 0


def test_spell_price_in_resources_with_the_set_up_option():
    s = scene(flower(), [], phase="build", coins=0, W=1, S=1)
    s.options = dict(s.options, spell_buy_currency="resources")
    s.players[0].spell_hand = (sid("S06"),)
    s = play(s, BuySpell(sid("S06")))
    assert s.phase == "pay"
    s = play(s, ChooseResource("W"), ChooseResource("S"))
    assert s.phase == "build" and s.players[0].res["W"] == s.players[0].res["S"] == 0


def test_casting_needs_a_wizard_and_a_spell_in_the_book():
    s = _caster(["S06"])
    s.workers = (Worker(0, "knight", E, True),)
    s.memo = {}
    assert R.why_illegal(s, CastSpell(sid("S06"))) == "You need a wizard to cast spells."
    s = _caster([])
    s.players[0].spell_hand = (sid("S06"),)
    assert R.why_illegal(s, CastSpell(sid("S06"))) == "Spells are cast from your book; buy this one between rounds first."


def test_casting_pays_its_crystals_and_each_card_once_per_round():
    s = _caster(["S06", "S01"], C=2, more=[(0, "wizard", SW, False)])
    coins = s.players[0].coins
    s = play(s, CastSpell(sid("S06")))
    assert s.players[0].coins == coins + 3 and s.players[0].res["C"] == 0
    assert R.why_illegal(s, CastSpell(sid("S06"))) == "Midas Touch has already been cast this round."


def test_spells_per_turn_as_many_as_wizards_owned():
    s = _caster(["S01", "S02"])
    s = play(s, CastSpell(sid("S01")))
    assert R.why_illegal(s, CastSpell(sid("S02"))) == "You may cast 1 spells a turn (one per wizard)."
    s = _caster(["S01", "S02"], more=[(0, "wizard", SW, False)])
    s = play(s, CastSpell(sid("S01")), CastSpell(sid("S02")))
    assert s.players[0].res["W"] == 3 and s.players[0].res["S"] == 3


def test_spent_spells_refresh_in_the_building_period():
    s = _caster(["S01"])
    s = play(s, CastSpell(sid("S01")))
    s.phase, s.current, s.period = "build", 0, ()
    s = play(s, Done())
    assert s.players[0].spent == frozenset()


def test_stride_and_teleport_only_before_moving_echo_and_mirror_only_after():
    s = _caster(["S07", "S08", "S09", "S10"])
    assert R.why_illegal(s, CastSpell(sid("S09"))) == "Echo is cast after moving your worker."
    s = _caster(["S07", "S08", "S09", "S10"], phase="after")
    assert R.why_illegal(s, CastSpell(sid("S07"))) == "Stride is cast before moving your worker."


def test_stride_moves_one_step_more_or_less():
    s = scene(row(), [(0, "wizard", (0, 0), True)], C=1)
    s.players[0].book = (sid("S07"),)
    s = play(s, CastSpell(sid("S07")), Stride(-1))
    assert R.reach(s, 0).keys() == {(2, 0)}


def test_teleport_goes_to_any_tile_without_a_worker_of_yours():
    s = scene(row(), [(0, "wizard", (0, 0), True), (0, "peasant", (4, 0), False)], C=3)
    s.players[0].book = (sid("S08"),)
    s = play(s, CastSpell(sid("S08")))
    assert set(R.reach(s, 0)) == {(1, 0), (2, 0), (3, 0)}


def test_echo_takes_the_landed_tiles_action_again():
    s = scene(flower({E: at_e("C01")}), [(0, "wizard", SW, True)], C=2)
    s.players[0].book = (sid("S09"),)
    s = play(s, MoveWorker(0, *E), TakeAction(), CastSpell(sid("S09")))
    assert s.players[0].res["W"] == 4


def test_mirror_image_takes_an_unused_neighbours_action_and_uses_it():
    s = scene(flower({NE: "C01"}), [(0, "wizard", SW, True)], C=2)
    s.players[0].book = (sid("S10"),)
    s = play(s, MoveWorker(0, *E), Decline(), CastSpell(sid("S10")), Mirror(*NE))
    assert s.players[0].res["W"] == 2 and NE in s.used


def test_phantom_bridge_places_one_road_piece():
    s = _caster(["S11"])
    s = play(s, CastSpell(sid("S11")), PlaceRoad((0, 0) + E, True))
    assert R.pool(s, 0) == 5


def test_summon_apprentice_hires_a_free_peasant_on_a_tile_with_your_worker():
    s = _caster(["S13"])
    s = play(s, CastSpell(sid("S13")))
    assert s.phase == "hire" and set(R.legal_actions(s)) == {Hire(*E), Hire(*W)}
    s = play(s, Hire(*W))
    assert s.workers[-1] == Worker(0, "peasant", W, False)


def test_ennoble_turns_a_peasant_into_a_knight_for_free():
    s = _caster(["S14"])
    s = play(s, CastSpell(sid("S14")), Upgrade(1))
    assert s.workers[1].kind == "knight"


@pytest.mark.parametrize("spell,deck", [("S15", "spell_deck"), ("S16", "building_deck")])
def test_arcane_insight_and_blueprint_draw_two_cards_into_the_hand(spell, deck):
    s = _caster([spell])
    top = getattr(s, deck)[:2]
    s = play(s, CastSpell(sid(spell)))
    hand = s.players[0].spell_hand if deck == "spell_deck" else s.players[0].building_hand
    assert hand[-2:] == top


def test_royal_favour_moves_the_marker_right_without_fee_or_benefit():
    s = _caster(["S17"])
    coins = s.players[0].coins
    s = play(s, CastSpell(sid("S17")))
    assert s.players[0].gov == 2 and s.players[0].coins == coins


def test_levitation_builds_a_country_tile_paying_two_fewer():
    s = _caster(["S18"])
    s.supply = (tid("K01"),)  # 1B 1G: both waived
    s = play(s, CastSpell(sid("S18")))
    spot, rot = R.placements(s.board, tid("K01"))[0]
    s = play(s, BuildTile(tid("K01"), spot[0], spot[1], rot))
    assert s.board.cells[spot].owner == 0


def test_time_warp_stands_up_another_lying_worker():
    s = _caster(["S19"])
    s = play(s, CastSpell(sid("S19")), TimeWarp(1))
    assert s.workers[1].standing


def test_transmutation_swaps_up_to_three_basic_resources():
    s = _caster(["S05"], W=3)
    s = play(s, CastSpell(sid("S05")), Trade(("W",), "S"), Trade(("W",), "G"), Done())
    assert s.players[0].res["W"] == 1 and s.players[0].res["S"] == 1 and s.players[0].res["G"] == 1


def test_crystal_bloom_costs_nothing_and_gives_two_crystals():
    s = _caster(["S20"], C=0)
    s = play(s, CastSpell(sid("S20")))
    assert s.players[0].res["C"] == 2


# ---------------------------------------------------------------- buildings (§11)
def _period(**res):
    s = scene(flower(), [(0, "peasant", E, False)], phase="build", **res)
    s.period = ()
    return s


def test_the_nth_building_pays_n_coins():
    s = _period(W=9, B=9, S=9, G=9, coins=0)
    s.players[0].building_hand = (0, bid("B03"))
    s = play(s, BuildBuilding(0))
    assert s.players[0].coins == 1
    s.phase, s.built, s.current = "build", False, 0
    s = play(s, BuildBuilding(bid("B03")))
    assert s.players[0].coins == 1 + 2


def test_one_build_per_building_period_a_tile_or_a_building_not_both():
    s = _period(W=9, B=9, S=9, G=9)
    s.players[0].building_hand = (0, bid("B03"))
    s = play(s, BuildBuilding(0), Hire(*next(iter(sorted(c for c in flower().cells if c != E)))))
    assert s.phase == "build" and s.built
    assert R.why_illegal(s, BuildBuilding(bid("B03"))) == "You have already built this building period."
    spot, rot = R.placements(s.board, s.supply[0])[0]
    assert R.why_illegal(s, BuildTile(s.supply[0], spot[0], spot[1], rot)) == "You have already built this building period."


def test_residence_raises_the_cap_and_brings_a_peasant_to_a_city_tile_without_your_worker():
    s = _period(W=2, B=1, G=1)
    s = play(s, BuildBuilding(0))
    assert s.phase == "hire" and Hire(*E) not in R.legal_actions(s)
    s = play(s, Hire(*W))
    assert R.cap(s, 0) == 5 and s.workers[-1] == Worker(0, "peasant", W, False)


def test_income_buildings_pay_at_the_start_of_every_building_period():
    s = scene(flower(), [(0, "peasant", E, True)], coins=0)
    s.players[0].buildings = (bid("B03"), bid("B06"), bid("B12"))
    s = play(s, MoveWorker(0, *NE), Decline())
    assert s.phase == "build" and s.players[0].coins == 2 and s.players[0].res["C"] == 1 and s.players[0].res["G"] == 1


def test_watch_post_adds_two_road_pieces_and_places_one_now():
    s = _period(W=1, S=1)
    s.players[0].building_hand = (bid("B04"),)
    s = play(s, BuildBuilding(bid("B04")))
    assert s.phase == "roads" and R.pool(s, 0) == 8
    s = play(s, PlaceRoad((0, 0) + E, True))
    assert R.pool(s, 0) == 7 and s.phase == "build"


def test_masons_guildhall_country_tiles_cost_one_fewer():
    s = _period(B=1)
    s.players[0].buildings = (bid("B05"),)
    s.supply = (tid("K01"),)  # 1B 1G
    spot, rot = R.placements(s.board, tid("K01"))[0]
    s = play(s, BuildTile(tid("K01"), spot[0], spot[1], rot))
    assert s.players[0].res["B"] == 0 and s.board.cells[spot].owner == 0


def test_workshop_gives_one_more_of_a_basic_resource_received():
    s = scene(flower({E: at_e("K05", 1)}), [(0, "peasant", CENTRE, True)])
    s.players[0].buildings = (bid("B01"),)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert s.phase == "workshop" and set(R.legal_actions(s)) == {ChooseResource("W"), ChooseResource("B")}
    s = play(s, ChooseResource("B"))
    assert s.players[0].res["W"] == 2 and s.players[0].res["B"] == 3


def _action_with_free_cast(s, *steps):
    """An action (as a tile's or a building's data could give it) whose steps run, the last a free cast."""
    from games.somerset.catalogue import Step
    s.current, s.queue, s.task, s.resume, s.phase = 0, (), None, "after", "after"
    R.push_steps(s, tuple(Step(k, v) for k, v in steps))
    R.run(s)
    return s


def test_workshop_counts_an_action_and_a_spell_cast_inside_it_each_as_its_own_source():
    # [P] buildings.yaml B01: "an action or spell that gives you basic resources gives 1 more of one type
    # received": a free cast inside an action must not make the action's own resources forgotten.
    s = scene(flower(), [(0, "wizard", E, True)])
    s.players[0].buildings = (bid("B01"),)
    s.players[0].book = (sid("S02"),)  # Shape Stone: +3 stone
    s = _action_with_free_cast(s, ("gain", {"W": 2}), ("free_cast", None))
    assert s.phase == "free_cast"
    s = play(s, CastSpell(sid("S02")))
    res = s.players[0].res
    assert res["S"] == 4, "the spell's Workshop: one more stone"
    assert res["W"] == 3, "the action's Workshop: one more wood, though a spell was cast inside it"


def test_workshop_choice_inside_an_action_keeps_the_actions_resources_for_its_own_check():
    # A spell giving two kinds makes its Workshop ask which; after that choice the enclosing action's own
    # resources (stone) still get their one more. The spell is cast as _do_cast_spell casts a free one.
    from games.somerset.catalogue import Step
    s = scene(flower(), [(0, "wizard", E, True)])
    s.players[0].buildings = (bid("B01"),)
    s.players[0].book = (sid("S02"),)
    s = _action_with_free_cast(s, ("gain", {"S": 1}), ("free_cast", None))
    assert s.phase == "free_cast"
    s.task = None
    R.push_steps(s, (Step("gain", {"W": 1, "B": 1}),))
    R.run(s)
    assert s.phase == "workshop" and set(R.legal_actions(s)) == {ChooseResource("W"), ChooseResource("B")}
    s = play(s, ChooseResource("W"))
    assert (s.players[0].res["W"], s.players[0].res["B"], s.players[0].res["S"]) == (2, 1, 2)


def test_market_stall_and_alchemists_lab_once_per_round_on_your_turn():
    s = scene(flower(), [(0, "peasant", E, True)], W=3, B=1)
    s.players[0].buildings = (bid("B10"), bid("B11"))
    s = play(s, MarketStall("W", "S"), Alchemy(("W", "W")))
    assert s.players[0].res == {"W": 0, "B": 1, "S": 1, "G": 0, "C": 1}
    assert R.why_illegal(s, MarketStall("B", "S")) == "The Market Stall has already been used this round."


def test_final_scoring_buildings_manor_house_keep_cathedral():
    s = scene(flower({(1, 1): ("K01", 0, 0), (-1, 2): ("K02", 3, 0)}), [])
    s.players[0].buildings = (bid("B13"), bid("B14"), bid("B16"))
    assert R.building_scores(s)[0] == 5 + 2 + 9


# ---------------------------------------------------------------- the building period (§13.3) [SEED]
def test_building_period_each_seat_from_the_start_player_then_workers_stand_and_sword_passes():
    s = scene(flower(), [(0, "peasant", E, True), (1, "peasant", W, True), (2, "peasant", SE, True)])
    s.start_player = 0
    s = play(s, MoveWorker(0, *NE), Decline(), MoveWorker(1, *NW), Decline(), MoveWorker(2, *SW), Decline())
    order = []
    while s.phase == "build":
        order.append(s.current)
        s = play(s, Done())
    assert order == [0, 1, 2] and s.round == 3 and s.start_player == 1 and s.current == 1
    assert all(w.standing for w in s.workers) and s.used == frozenset()


def test_country_tile_pays_its_cost_and_carries_the_claim_marker():
    s = _period(B=1, G=1)
    s.supply = (tid("K01"), tid("K02"))
    spot, rot = R.placements(s.board, tid("K01"))[0]
    s = play(s, BuildTile(tid("K01"), spot[0], spot[1], rot))
    assert s.board.cells[spot].owner == 0 and s.supply == (tid("K02"),)
    assert s.players[0].res["B"] == 0 and R.claims_left(s, 0) == 15


@pytest.mark.parametrize("seed", range(3))
def test_a_built_tile_joins_the_public_roads_where_its_stubs_meet_its_neighbours(seed):
    """§3 [SEED] public roads, after builds: a new board carries the old one's roads and neighbours over and works
    out only the new tile's and those around it (MapLogic.with_tile); each must be what the whole map gives."""
    rng = random.Random(seed)
    s, carried = new_game(4, seed), 0
    while s.phase != "over":
        acts = R.legal_actions(s)
        builds = [a for a in acts if isinstance(a, BuildTile)]
        act = rng.choice(builds or acts)
        before = s.board
        R.public_links(before), R.map_links(before)
        s = R.apply(s, act)
        if s.board is not before:
            made = s.board
            fresh = type(made)(dict(made.cells))
            assert made.derived["public"] == R.public_links(fresh)
            assert made.derived["links"] == R.map_links(fresh)
            cell = (act.q, act.r)
            joined = {n for n in R.map_links(fresh)[cell] if cell in made.derived["public"][n]}
            assert joined == set(made.derived["public"][cell])
            carried += 1
    assert carried >= 5


def test_a_turned_copy_of_a_symmetric_tile_is_legal_and_canonical_names_the_listed_one():
    s = _period(B=1, G=1)
    s.supply = (tid("K01"),)
    spot, rot = R.placements(s.board, tid("K01"))[0]
    twin = BuildTile(tid("K01"), spot[0], spot[1], rot + 3)
    assert R.why_illegal(s, twin) is None and twin not in R.legal_actions(s)
    assert R.canonical(s, twin) == BuildTile(tid("K01"), spot[0], spot[1], rot)


# ---------------------------------------------------------------- the end (§14) [SEED]
def test_a_trigger_during_a_regular_round_finishes_that_round_then_scores_without_a_building_period():
    s = scene(flower({E: at_e("C11")}), [(0, "peasant", CENTRE, True), (1, "peasant", W, True)], B=1, G=1)
    s.supply = (tid("K01"),)  # the last country tile
    s = play(s, MoveWorker(0, *E), TakeAction())
    spot, rot = R.placements(s.board, tid("K01"))[0]
    s = play(s, BuildTile(tid("K01"), spot[0], spot[1], rot))
    assert s.end_round == 2 and s.phase != "over"
    s = play(s, MoveWorker(1, *NW), Decline())
    assert s.phase == "over" and R.to_move(s) is None and R.score_sheet(s).final


def test_a_trigger_in_the_building_period_plays_one_more_round():
    s = _period(B=1, G=1)
    s.supply = (tid("K01"),)
    s.workers = (Worker(0, "peasant", E, False),)
    spot, rot = R.placements(s.board, tid("K01"))[0]
    s = play(s, BuildTile(tid("K01"), spot[0], spot[1], rot))
    assert s.end_round == 3
    s = play(s, Done())
    assert s.round == 3 and s.phase == "move"
    s = play(s, MoveWorker(0, *NE), Decline())
    assert s.phase == "over"


def test_sixteenth_country_tile_and_eighth_building_end_the_game():
    s = _period(B=1, G=1)
    s.supply = (tid("K01"), tid("K02"))
    owned = {c: ("K03", 0, 0) for c in [(q, r) for q in range(3, 7) for r in range(-2, 2)][:15]}  # 15 of Anna's
    s.board = flower(owned)
    spot, rot = R.placements(s.board, tid("K01"))[0]
    s = play(s, BuildTile(tid("K01"), spot[0], spot[1], rot))
    assert "16th country tile" in s.end_reason and R.claims_left(s, 0) == 0
    s = _period(W=9, B=9, S=9, G=9)
    s.players[0].buildings = (0,) + tuple(range(1, 7))
    s.players[0].building_hand = (7,)
    s = play(s, BuildBuilding(7))
    assert "8th building" in s.end_reason and s.end_round == 3


def test_the_game_ends_after_the_round_cap():
    s = scene(flower(), [(0, "peasant", E, True)], round_=12)
    s = play(s, MoveWorker(0, *NE), Decline())
    assert s.phase == "over" and s.round == 12


# ---------------------------------------------------------------- final scoring (§14.1) [SEED]
def test_country_tiles_score_one_for_touching_camelot_and_one_per_touching_tile_of_another_player():
    # Anna's tile at (1,1) touches the city; Ben's at (2,0) touches E (city) and Anna's (1,1)
    s = scene(flower({(1, 1): ("K01", 0, 0), (2, 0): ("K02", 4, 1), (2, 1): ("K03", 0, 0)}), [])
    camelot, neighbours = R.tile_bonuses(s)
    assert camelot[0] == 1 and camelot[1] == 1
    assert neighbours[0] == 2 and neighbours[1] == 2  # (1,1)-(2,0) and (2,1)-(2,0) each count for both owners


@pytest.mark.parametrize("sizes,expected", [
    ([3, 2, 1], [12, 8, 4]),
    ([2, 2, 1], [10, 10, 4]),  # two tied for first share 12 + 8; the next takes third
    ([1, 1, 1], [8, 8, 8]),  # (12 + 8 + 4) / 3
    ([2, 1, 1, 1, 0], [12, 4, 4, 4, 0]),  # (8 + 4 + 2) / 3 = 4 (rounded down); an empty book takes nothing
    ([5, 4, 3, 2, 1], [12, 8, 4, 2, 0]),  # fifth place gets nothing
])
def test_spell_book_prizes_12_8_4_2_ties_split_rounding_down(sizes, expected):
    assert book_prizes(sizes, [12, 8, 4, 2]) == expected


def test_score_sheet_rows_add_up_and_ties_go_to_resources_left():
    s = scene(flower(), [], coins=10)
    for p in s.players:
        p.coins = 10
    s.players[2].res["W"] = 1
    sheet = R.score_sheet(s)
    assert sheet.check_totals() and sheet.ranking[0] == 2
    s.players[2].res["W"] = 0
    assert R.winners(s) == [0, 1, 2], "still tied: a shared victory"


# ---------------------------------------------------------------- hidden information
def test_view_hides_other_hands_and_the_decks_order_but_not_their_sizes():
    s = new_game(3)
    v = R.view(s, 0)
    assert v.players[0].spell_hand == s.players[0].spell_hand
    assert v.players[1].spell_hand == (HIDDEN,) and v.players[1].building_hand == (HIDDEN,)
    assert set(v.spell_deck) == {HIDDEN} and len(v.spell_deck) == len(s.spell_deck)
    assert set(v.building_deck) == {HIDDEN} and v.seed == 0
    assert R.has_private_information()


def test_a_draw_is_a_chance_event_undo_does_not_cross():
    s = scene(flower({E: at_e("C09")}), [(0, "peasant", CENTRE, True)])
    before = R.chance_count(s)
    s = play(s, MoveWorker(0, *E), TakeAction())
    assert R.chance_count(s) == before + 1


def test_a_full_game_through_the_match_with_invariants():
    for seats in (2, 5):
        match = Match(R, [Seat(i, f"P{i}", "red", "computer") for i in range(seats)], 7)
        rng = random.Random(7)
        while not match.finished:
            match.play(rng.choice(match.legal_actions()), autosave=False)
            assert R.check_invariants(match.state) == []
        assert R.score_sheet(match.state).final


# ---------------------------------------------------------------- the knobs of game.yaml that change a rule
def _with(**knobs):
    from games.somerset.rules import SomersetRules
    cat = R.cat
    cfg = dict(cat.config, **knobs)
    return SomersetRules(type(cat)(cat.data_dir, cat.tiles, cat.spells, cat.buildings, cfg, cat.options))


def test_knob_landing_fee_only_when_the_action_is_taken():
    r = _with(landing_fee_when_declined=False)
    s = scene(flower({(1, 1): ("K01", 1, 1)}), [(0, "peasant", E, True), (0, "peasant", W, True)])
    ben = s.players[1].coins
    s = r.apply(r.apply(s, MoveWorker(0, 1, 1)), Decline())
    assert s.players[1].coins == ben
    s = scene(flower({(1, 1): ("K01", 1, 1)}), [(0, "peasant", E, True)])
    s = r.apply(r.apply(s, MoveWorker(0, 1, 1)), TakeAction())
    assert s.players[1].coins == ben + 1


def test_knob_first_round_workers_must_take_their_action():
    r = _with(first_round_decline=False)
    s = r.setup([Seat(i, f"P{i}", "red") for i in range(3)], 1, {})
    s = r.apply(s, r.legal_actions(s)[0])
    assert r.legal_actions(s) == [TakeAction()]
    assert r.why_illegal(s, Decline()) == "In the first round the tile's action is taken."


def test_knob_move_pieces_always_lets_a_placed_piece_move_with_pieces_left():
    s = _roads(scene(flower(), []), 2)
    s.pieces = (Piece(0, edge_key(CENTRE, E), True),)
    moved = PlaceRoad((0, 0) + W, True, (0, 0) + E)
    assert R.why_illegal(s, moved) == "You still have road pieces beside the map: place one of those."
    r = _with(move_pieces="always")
    assert r.why_illegal(s, moved) is None and r.canonical(s, moved) in r.legal_actions(s)


def test_an_edge_named_in_either_order_is_the_same_edge_and_listed_sorted():
    s = _roads(scene(flower(), []), 1)
    west = PlaceRoad((0, 0) + W, True)
    assert R.why_illegal(s, west) is None and west not in R.legal_actions(s)
    assert R.canonical(s, west) == PlaceRoad(W + (0, 0), True) and R.canonical(s, west) in R.legal_actions(s)


# ---------------------------------------------------------------- whole games that use every part of the rules
EAGER = (BuildTile, BuildBuilding, Upgrade, CastSpell, BuySpell, Government, TakeAction, KeepCard, Hire, Trade,
         PlaceRoad, MarketStall, Alchemy, Mirror, TimeWarp, Dispel, Stride)


def _eager_games(count=8):
    """Seeded games whose players prefer building, upgrading, casting and taking actions to passing, so the
    rarely chosen parts of the rules (spells, buildings, end triggers' checks) are played."""
    for seed in range(count):
        seats = 2 + seed % 4
        opts = {"spell_buy_currency": "resources"} if seed % 3 == 0 else {}
        s = R.setup([Seat(i, f"P{i}", "red") for i in range(seats)], seed, opts)
        rng = random.Random(seed)
        while R.to_move(s) is not None:
            acts = R.legal_actions(s)
            pick = next((rng.choice(group) for kind in EAGER
                         for group in [[a for a in acts if isinstance(a, kind)]] if group and rng.random() < 0.85),
                        None)
            a = pick or rng.choice(acts)
            yield s, a
            s = R.apply(s, a)
        yield s, None


def test_eager_games_keep_every_invariant_and_each_seat_view_offers_the_same_choices():
    kinds = set()
    for s, a in _eager_games(16):
        assert R.check_invariants(s) == []
        if a is None:
            assert R.score_sheet(s).final and R.score_sheet(s).check_totals()
            continue
        kinds.add(a.kind)
        seat = R.to_move(s)
        assert R.legal_actions(R.view(s, seat)) == R.legal_actions(s)
    assert {"build_tile", "build_building", "upgrade", "cast_spell", "buy_spell", "government", "trade",
            "place_road"} <= kinds


def test_every_action_reads_as_a_log_line():
    for s, a in _eager_games(3):
        if a is not None:
            line = R.describe(s, a)
            assert isinstance(line, str) and line.startswith(s.seats[s.current].name) and "{" not in line
