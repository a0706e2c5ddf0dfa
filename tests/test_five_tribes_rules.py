"""Five Tribes rules: set-up, control, every tribe action, every tile action, selling, the round's
end and the game's end (data/five_tribes/rules.md, "Set-up" to "End of the game"; the German Whims
rulebook for everything Whims adds).

The test board (tests/five_tribes_helpers.BOARD), rows top to bottom, lake at (2, 2):
    s L O V s 6        s small market, L large market, O oasis, V village,
    O s V B L s        6/T/W/F sacred places worth 6/10/12/15,
    T 6 ~ s O V        B/b blue Wondrous City, R red Wondrous City, ~ Great Lake
    s R V L s O
    B W s 6 F b
    L s O V R s
"""
from __future__ import annotations

import pytest

from games.five_tribes.rules_state import (
    Build,
    BuyCard,
    Decline,
    Drop,
    EndTurn,
    Kill,
    PickUp,
    PlaceCamel,
    PlacePalace,
    PlacePalm,
    Sell,
    TakeDjinn,
)
from tests.five_tribes_helpers import (
    at_turn,
    cell,
    court,
    djinn_row,
    give_cards,
    give_djinn,
    new_game,
    own,
    play,
    put,
    row_first,
    rules,
    set_board,
)

R = rules()


def arrive(s, end, colour, *others, k=2, start=None):
    """Finish a one-step move onto `end` that collects k meeples of `colour` there (k - 1 were
    waiting, one is dropped); the `others` stay on the tile."""
    if start is None:
        start = next(t for t in R.geo(s).step[end] if t >= 0 and not any(s.meeples[t]))
    put(s, end, *([colour] * (k - 1) + list(others)))
    put(s, start, colour)
    return play(s, PickUp(start), Drop(end, colour))


def scene(n=3, seat=0, **options):
    """The test board, no meeples, `seat` about to move."""
    return at_turn(set_board(new_game(n, **options)), seat)


def finish_tile(s):
    """Skip past the control, tribe and tile steps with the first offered action."""
    while s.phase in ("control", "tribe", "tile", "market"):
        s = R.apply(s, R.legal_actions(s)[0])
    return s


# ---------------------------------------------------------------- set-up (§3)
def test_setup_whims_board_is_six_by_six_with_the_lake_and_five_cities():
    """Seed: the 30 base tiles and the 6 Whims tiles make a 6 x 6 Sultanate."""
    s = new_game(3)
    types = [R.tile_at(s, t).type for t in range(36)]
    assert (s.layout.width, s.layout.height) == (6, 6)
    assert types.count("great_lake") == 1 and types.count("city") == 5
    assert sorted(R.tile_at(s, t).colour for t in range(36) if types[t] == "city") == ["blue"] * 3 + ["red"] * 2


def test_setup_three_meeples_on_every_tile_but_the_great_lake():
    """Seed: 105 meeples, 3 per tile, the Great Lake stays empty."""
    s = new_game(4)
    for t in range(36):
        assert sum(s.meeples[t]) == (0 if t == s.layout.lake else 3)
    assert sum(s.bag) == 0


def test_setup_base_board_option_is_five_by_six_from_the_base_tiles_only():
    """§2/§3.1: the base game lays 30 tiles in 5 rows of 6 with 90 meeples; no cities, no Whim cards."""
    s = new_game(3, board="base_5x6")
    assert (s.layout.width, s.layout.height) == (6, 5) and s.layout.lake == -1
    assert {R.tile_at(s, t).set for t in range(30)} == {"base"}
    assert sum(map(sum, s.meeples)) == 90 and not s.whim_deck and not any(s.whim_on)


def test_setup_rows_of_nine_cards_and_three_djinns_and_a_whim_on_each_city():
    """§3.1 steps 5-6 and seed: 9 resource cards, 3 Djinns, one face-up Whim card per city."""
    s = new_game(3)
    assert len(s.row) == 9 and len(s.djinn_row) == 3
    cities = [t for t in range(36) if R.tile_at(s, t).type == "city"]
    assert all(s.whim_on[t] for t in cities) and len(s.whim_deck) == 19 - 5
    assert len(s.deck) == 54 - 9


def test_setup_gold_camels_and_markers_by_seat_count():
    """§1.6-1.7: 50 gold each; 11 camels and 2 markers with 2 players, else 8 and 1."""
    for n, camels, markers in ((2, 11, 2), (3, 8, 1), (4, 8, 1), (5, 8, 1)):
        s = new_game(n)
        assert [p.gold for p in s.players] == [50] * n
        assert [p.camels for p in s.players] == [camels] * n
        assert len(s.marker_seat) == n * markers and sorted(s.bid_track) == list(range(n * markers))


def test_setup_djinn_deck_holds_the_22_and_kali_and_ganapati_by_default():
    """Seed: Kali and Ganapati join the Djinn deck; Dhenim only with its option."""
    s = new_game(3)
    assert len(s.djinn_deck) + len(s.djinn_row) == 24
    assert len(new_game(3, dhenim=True).djinn_deck) + 3 == 25
    assert len(new_game(3, expansion_djinns=False).djinn_deck) + 3 == 22


def test_five_players_are_refused_on_the_base_board():
    """Seed: five players need an expansion that adds tiles."""
    with pytest.raises(ValueError, match="Five players need the 6 x 6 board"):
        new_game(5, board="base_5x6")


def test_unknown_or_wrong_option_values_are_refused_and_missing_ones_take_defaults():
    """game.yaml options: setup takes {id: value}; missing ids take their default."""
    with pytest.raises(ValueError, match="no option 'speed'"):
        new_game(3, speed=2)
    with pytest.raises(ValueError, match="Board"):
        new_game(3, board="7x7")
    assert new_game(3).options == R.cat.option_defaults()


# ---------------------------------------------------------------- control (§4.4)
def test_emptying_a_free_tile_takes_it_with_a_camel():
    """§4.4: the final tile emptied and without a camel gets one of yours."""
    s = arrive(scene(), cell(0, 4), "vizier")
    assert s.phase == "control" and R.legal_actions(s) == [PlaceCamel(cell(0, 4))]
    assert R.why_illegal(s, PlaceCamel(cell(0, 5))) == "Your camel goes on the tile you have just emptied."
    s = play(s, PlaceCamel(cell(0, 4)))
    assert s.owner[cell(0, 4)] == 0 and s.players[0].camels == 7


def test_a_tile_with_meeples_left_is_not_taken():
    """§4.4: only an empty tile is taken."""
    s = arrive(scene(), cell(0, 4), "vizier", "elder")
    assert s.phase != "control" and s.owner[cell(0, 4)] == -1


def test_a_tile_with_a_camel_never_changes_owner():
    """§4.4 step 3: emptying a tile someone owns changes nothing."""
    s = scene()
    own(s, 1, cell(0, 4))
    s = arrive(s, cell(0, 4), "vizier")
    assert s.owner[cell(0, 4)] == 1 and s.phase != "control"


def test_without_camels_left_you_cannot_take_control():
    """§4.4 step 4: no camels, no control; the tribe and tile actions still happen."""
    s = scene()
    own(s, 0, *[cell(5, c) for c in range(6)], cell(4, 0), cell(4, 1))  # all 8 camels placed
    s = arrive(s, cell(0, 4), "vizier")
    assert s.owner[cell(0, 4)] == -1 and s.players[0].viziers == 2


# ---------------------------------------------------------------- tribe actions (§4.5)
def test_viziers_are_kept_in_front_of_the_player():
    """§4.5: Viziers stay with the player who collects them."""
    s = arrive(scene(), cell(0, 4), "vizier", "elder", k=3)
    assert s.players[0].viziers == 3 and s.meeples[cell(0, 4)] == (0, 1, 0, 0, 0)


def test_elders_are_kept_in_front_of_the_player():
    """§4.5: Elders stay with the player who collects them."""
    s = arrive(scene(), cell(0, 4), "elder", "vizier", k=2)
    assert s.players[0].elders == 2


def test_merchants_take_that_many_cards_from_the_start_of_the_row_and_go_back_to_the_bag():
    """§4.5: as many cards as Merchants, in order from the start of the row; no refill now."""
    s = scene()
    row_first(s, "ivory", "fish", "fakir")
    bag = s.bag[3]
    s = arrive(s, cell(0, 4), "merchant", "vizier", k=3)
    p = s.players[0]
    assert p.goods["ivory"] == 1 and p.goods["fish"] == 1 and p.fakirs == 1
    assert s.row[:3] == [None, None, None] and len(s.row) == 9
    assert s.bag[3] == bag + 3 - 3  # 3 collected back to the bag; 3 were put on the board for the test


def test_merchants_take_only_what_is_left_in_the_row():
    """§4.5: if the row has fewer cards, take what is there."""
    s = scene()
    s.discard += [c for c in s.row[1:]]
    s.row = [s.row[0]] + [None] * 8
    s = arrive(s, cell(0, 4), "merchant", "vizier", k=3)
    assert s.players[0].merchandise + s.players[0].fakirs == 1


def test_builders_earn_their_count_times_the_blue_tiles_around_the_final_tile():
    """§4.5, A2 (our choice): B x blue tiles in the 3 x 3 block, the final tile included."""
    s = arrive(scene(), cell(1, 2), "builder", "vizier", k=2)  # a Village; blue around: V(0,3) B(1,3) 6(2,1) V(1,2)
    assert s.phase == "tribe"
    s = play(s, Build(0))
    assert s.players[0].gold == 50 + 2 * 4


def test_builders_fakirs_raise_the_multiplier():
    """§4.5: each Fakir discarded adds 1 to the Builders' multiplier."""
    s = scene()
    give_cards(s, 0, "fakir", "fakir")
    s = arrive(s, cell(1, 2), "builder", "vizier", k=2)
    s = play(s, Build(2))
    assert s.players[0].gold == 50 + 4 * 4 and s.players[0].fakirs == 0 and s.discard.count("fakir") == 2


def test_builders_gold_query_tells_what_each_number_of_fakirs_would_earn():
    """§4.5: the table's buttons ask the rules, which count (Builders + Fakirs) x blue tiles, as Build pays."""
    s = scene()
    give_cards(s, 0, "fakir", "fakir")
    s = arrive(s, cell(1, 2), "builder", "vizier", k=2)
    assert [R.builders_gold(s, f) for f in range(3)] == [2 * 4, 3 * 4, 4 * 4]
    assert play(s, Build(1)).players[0].gold == 50 + R.builders_gold(s, 1)


def test_assassins_need_a_fakir_per_tile_beyond_their_count():
    """§4.5: Assassins reach as many tiles as there are of them; each Fakir discarded reaches one further."""
    s = arrive(scene(), cell(0, 4), "assassin", "vizier", k=2)  # 2 Assassins at column 0, row 4
    assert R.assassins_need(s, cell(0, 2)) == 0
    assert R.assassins_need(s, cell(0, 1)) == 1
    assert R.assassins_need(s, cell(0, 0)) == 2


def test_builders_option_counts_only_side_neighbours():
    """Option builders_reach = cross: the final tile and its 4 side neighbours."""
    s = arrive(scene(builders_reach="cross"), cell(1, 2), "builder", "vizier", k=2)
    s = play(s, Build(0))
    assert s.players[0].gold == 50 + 2 * 2  # the Village itself and the city B to its east


def test_builders_go_back_to_the_bag():
    """§4.5: Builders return to the bag."""
    s = scene()
    before = s.bag[2]
    s = play(arrive(s, cell(1, 2), "builder", "vizier", k=2), Build(0))
    assert s.bag[2] == before


def test_assassins_kill_one_meeple_within_reach_and_it_goes_to_the_bag():
    """§4.5: kill 1 meeple on a tile at orthogonal distance <= Assassins; it goes back to the bag."""
    s = scene()
    put(s, cell(0, 2), "elder")
    s = arrive(s, cell(0, 4), "assassin", "vizier", k=2)
    assert Kill(("elder",), tile=cell(0, 2)) in R.legal_actions(s)
    bag = s.bag[1]
    s = play(s, Kill(("elder",), tile=cell(0, 2)))
    assert s.meeples[cell(0, 2)] == (0, 0, 0, 0, 0) and s.bag[1] == bag + 1


def test_assassins_may_kill_on_the_final_tile_itself():
    """A3 (our choice): distance 0 is allowed."""
    s = arrive(scene(), cell(0, 4), "assassin", "vizier")
    assert Kill(("vizier",), tile=cell(0, 4)) in R.legal_actions(s)


def test_assassins_beyond_reach_are_refused_and_fakirs_extend_the_reach():
    """§4.5: A = Assassins + Fakirs discarded; distance counted orthogonally."""
    s = scene()
    put(s, cell(5, 4), "elder")
    give_cards(s, 0, "fakir")
    s = arrive(s, cell(0, 4), "assassin", "vizier", k=4)  # distance 5, reach 4
    assert R.why_illegal(s, Kill(("elder",), tile=cell(5, 4))) == "Reaching that tile takes exactly 1 Fakir."
    s2 = play(s, Kill(("elder",), tile=cell(5, 4), fakirs=1))
    assert s2.players[0].fakirs == 0
    s.players[0].fakirs = 0
    s.discard.append("fakir")
    assert R.why_illegal(s, Kill(("elder",), tile=cell(5, 4), fakirs=0)).startswith("That tile is 5 tiles away")


def test_assassins_kill_a_vizier_or_elder_in_front_of_an_opponent():
    """§4.5 option (b): one Vizier or Elder lying in front of an opponent."""
    s = scene()
    court(s, 1, viziers=2)
    s = arrive(s, cell(0, 4), "assassin", "elder")
    s = play(s, Kill(("vizier",), seat=1))
    assert s.players[1].viziers == 1
    assert R.why_illegal(arrive(scene(), cell(0, 4), "assassin", "elder"), Kill(("vizier",), seat=0)) is not None


def test_assassins_choose_one_target_and_minus_one_alone_means_none():
    """§4.5: a tile or an opponent. Found by the converse contract test: any negative tile or seat was
    taken for "none", so Kill(tile=6, seat=-3) was accepted although legal_actions never offers it."""
    s = scene()
    court(s, 1, viziers=1)
    put(s, cell(0, 2), "elder")
    s = arrive(s, cell(0, 4), "assassin", "vizier", k=2)
    assert R.why_illegal(s, Kill(("elder",), tile=cell(0, 2), seat=-3)) == "There is no such player."
    assert R.why_illegal(s, Kill(("vizier",), tile=-2, seat=1)) == "That is not a tile of the Sultanate."
    assert R.why_illegal(s, Kill(("elder",), tile=cell(0, 2))) is None and R.why_illegal(s, Kill(("vizier",), seat=1)) is None


def test_boaz_protects_viziers_and_elders():
    """§7 Boaz: Assassins cannot kill the owner's Viziers and Elders."""
    s = scene()
    court(s, 1, viziers=2)
    give_djinn(s, 1, "boaz")
    s = arrive(s, cell(0, 4), "assassin", "elder")
    assert R.why_illegal(s, Kill(("vizier",), seat=1)) == "Bob has Boaz: their Viziers and Elders are protected."


def test_a_kill_that_empties_a_free_tile_takes_it_too():
    """§4.5: the assassinated tile, now empty and camel-free, gets a camel: two tiles in one turn."""
    s = scene()
    put(s, cell(0, 2), "elder")
    s = arrive(s, cell(0, 4), "assassin")
    s = play(s, PlaceCamel(cell(0, 4)), Kill(("elder",), tile=cell(0, 2)))
    assert s.phase == "control" and s.claims == [cell(0, 2)]
    s = play(s, PlaceCamel(cell(0, 2)))
    assert s.owner[cell(0, 2)] == 0 and s.players[0].camels == 6


def test_with_one_camel_left_the_assassinated_tile_is_not_taken():
    """§4.5: the final tile is claimed first; with only one camel, the second tile stays free."""
    s = scene()
    own(s, 0, *[cell(5, c) for c in range(6)], cell(4, 0))  # 7 camels placed, 1 left
    put(s, cell(0, 2), "elder")
    s = arrive(s, cell(0, 4), "assassin")
    s = play(s, PlaceCamel(cell(0, 4)), Kill(("elder",), tile=cell(0, 2)))
    assert s.owner[cell(0, 2)] == -1 and s.players[0].camels == 0


def test_the_kill_is_compulsory_when_a_target_exists_and_skipped_when_none():
    """A4 (our choice): the kill must be made if any target exists; with none it is skipped."""
    s = arrive(scene(), cell(0, 4), "assassin", "vizier")
    assert R.why_illegal(s, Decline()) == "Your tribe's action must be done."
    lone = arrive(scene(), cell(0, 4), "assassin")
    lone = play(lone, PlaceCamel(cell(0, 4)))
    assert lone.tribe_done and lone.phase != "tribe"


# ---------------------------------------------------------------- tile actions (§4.6)
def test_oasis_gets_a_palm_tree_and_it_is_compulsory():
    """§4.6: Oasis: put a palm tree on it (compulsory)."""
    s = arrive(scene(), cell(0, 2), "vizier", "elder")
    assert s.phase == "tile" and R.why_illegal(s, Decline()) == "The palm tree must be placed."
    s = play(s, PlacePalm(cell(0, 2)))
    assert s.palms[cell(0, 2)] == 1 and s.palms_left == 11 and s.phase == "finish"


def test_village_gets_a_palace_and_it_is_compulsory():
    """§4.6: Village: put a palace on it (compulsory)."""
    s = arrive(scene(), cell(0, 3), "vizier", "elder")
    assert R.legal_actions(s) == [PlacePalace(cell(0, 3))]
    s = play(s, PlacePalace(cell(0, 3)))
    assert s.palaces[cell(0, 3)] == 1 and s.palaces_left == 9


def test_an_empty_palm_supply_skips_the_oasis():
    """A15: no palm trees left, the Oasis gives nothing."""
    s = scene()
    s.palms[cell(5, 2)] = 12
    s.palms_left = 0
    s = arrive(s, cell(0, 2), "vizier", "elder")
    assert s.phase == "finish" and s.palms[cell(0, 2)] == 0


def test_palms_and_palaces_go_on_the_tile_whoever_owns_it():
    """§4.6: the tile action applies on the final tile, even when an opponent owns it."""
    s = scene()
    own(s, 1, cell(0, 3))
    s = play(arrive(s, cell(0, 3), "vizier", "elder"), PlacePalace(cell(0, 3)))
    assert s.palaces[cell(0, 3)] == 1 and s.owner[cell(0, 3)] == 1


def test_small_market_pay_three_for_one_of_the_first_three_cards():
    """§4.6: Small Market: 3 gold, 1 card of your choice from the first 3."""
    s = scene()
    row_first(s, "fish", "silk", "spice", "ivory")
    s = arrive(s, cell(0, 0), "vizier", "elder")
    assert R.why_illegal(s, BuyCard(3)) == "This market offers only the first 3 cards of the row."
    s = play(s, BuyCard(2))
    assert s.players[0].gold == 47 and s.players[0].goods["spice"] == 1 and s.phase == "finish"


def test_large_market_pay_six_once_for_two_of_the_first_six_cards():
    """§4.6: Large Market: 6 gold, 2 cards of your choice from the first 6."""
    s = scene()
    row_first(s, "fish", "silk", "spice", "ivory", "wheat", "jewels", "gold")
    s = arrive(s, cell(0, 1), "vizier", "elder")
    s = play(s, BuyCard(5))
    assert s.phase == "market" and s.players[0].gold == 44
    assert R.why_illegal(s, BuyCard(6)) == "This market offers only the first 6 cards of the row."
    s = play(s, BuyCard(3))
    p = s.players[0]
    assert p.gold == 44 and p.goods["jewels"] == 1 and p.goods["ivory"] == 1 and s.phase == "finish"


def test_large_market_with_one_card_left_still_costs_six():
    """A5: with only 1 card left, the Large Market still costs 6."""
    s = scene()
    keep = s.row[0]
    s.discard += s.row[1:]
    s.row = [keep] + [None] * 8
    s = play(arrive(s, cell(0, 1), "vizier", "elder"), BuyCard(0))
    assert s.players[0].gold == 44 and s.phase == "finish"


def test_markets_are_optional_and_skipped_without_the_gold():
    """§4.6: a market purchase is optional; it needs the price in gold."""
    s = play(arrive(scene(), cell(0, 0), "vizier", "elder"), Decline())
    assert s.phase == "finish" and s.players[0].gold == 50
    poor = scene()
    poor.players[0].gold = 2
    poor = arrive(poor, cell(0, 0), "vizier", "elder")
    assert poor.phase == "finish"


def test_sacred_place_two_elders_or_an_elder_and_a_fakir_buy_a_face_up_djinn():
    """§4.6: pay 2 Elders, or 1 Elder + 1 Fakir: take 1 face-up Djinn; Elders to the bag, Fakir to the discards."""
    s = scene()
    djinn_row(s, "jafaar", "shamhat", "boaz")
    court(s, 0, elders=1)
    give_cards(s, 0, "fakir")
    bag = s.bag[1]
    s = arrive(s, cell(0, 5), "vizier", "merchant")
    assert set(R.legal_actions(s)) == {TakeDjinn(d, ("elder", "fakir")) for d in ("jafaar", "shamhat", "boaz")} | {Decline()}
    s = play(s, TakeDjinn("shamhat", ("elder", "fakir")))
    p = s.players[0]
    assert p.djinns == ["shamhat"] and p.elders == 0 and p.fakirs == 0
    assert s.bag[1] == bag + 1 and s.discard[-1] == "fakir" and s.djinn_row == ["jafaar", None, "boaz"]


def test_sacred_place_without_the_price_gives_nothing():
    """§4.6: the Djinn must be paid for; without Elders the tile action is skipped."""
    s = arrive(scene(), cell(0, 5), "vizier", "merchant")
    assert s.phase == "finish" and not s.players[0].djinns


def test_wondrous_city_gives_its_whim_card_to_the_player_ending_there():
    """Seed, Wundersame Städte: take the Whim card lying on the city, if there is one."""
    s = scene()
    s.whim_on[cell(1, 3)] = s.whim_deck.pop(s.whim_deck.index("whim_17"))
    s = arrive(s, cell(1, 3), "vizier", "merchant")
    assert s.players[0].whims == ["whim_17"] and s.whim_on[cell(1, 3)] is None and s.phase == "finish"


def test_wondrous_city_without_a_card_gives_nothing():
    """Seed: if no card is on the city, you get nothing."""
    s = arrive(scene(), cell(1, 3), "vizier", "merchant")
    assert s.players[0].whims == [] and s.phase == "finish"


# ---------------------------------------------------------------- selling (§4.7)
def test_selling_a_set_of_different_goods_pays_the_set_table():
    """§4.7 and §1.5: a set of k different goods sells for 1, 3, 7, 13, ... gold."""
    s = scene()
    give_cards(s, 0, "fish", "silk", "spice", "fish")
    s = arrive(s, cell(1, 3), "vizier", "elder")  # a Wondrous City with no card: straight to the sale
    s = play(s, Sell(("silk", "spice", "fish")))
    p = s.players[0]
    assert p.gold == 57 and p.goods["fish"] == 1 and p.goods["silk"] == 0
    assert s.discard[-3:] == ["silk", "spice", "fish"]


def test_a_set_names_its_goods_in_the_usual_order_because_they_are_discarded_in_that_order():
    """§4.7: one spelling per sale. Found by the converse contract test: Sell(("fish", "silk")) was
    accepted, though only Sell(("silk", "fish")) is offered and the two leave different discard piles."""
    s = scene()
    give_cards(s, 0, "fish", "silk")
    s = arrive(s, cell(1, 3), "vizier", "elder")
    assert R.why_illegal(s, Sell(("fish", "silk"))) == "Name the goods in the usual order: Silk, Fish."
    assert Sell(("silk", "fish")) in R.legal_actions(s) and R.why_illegal(s, Sell(("silk", "fish"))) is None


def test_a_set_holds_each_good_once_and_never_fakirs():
    """§4.7: all-different merchandise, no Fakirs."""
    s = scene()
    give_cards(s, 0, "fish", "fish", "fakir")
    s = arrive(s, cell(1, 3), "vizier", "elder")
    assert R.why_illegal(s, Sell(("fish", "fish"))) == "A set holds each kind of merchandise once."
    assert R.why_illegal(s, Sell(("fakir",))) == "Fakirs are not merchandise and cannot be sold."


def test_selling_waits_until_the_move_and_actions_are_done():
    """§4.2 step 6: the sale is the turn's last step."""
    s = scene()
    give_cards(s, 0, "fish")
    assert R.why_illegal(s, Sell(("fish",))) == "Merchandise is sold at the end of your turn."


# ---------------------------------------------------------------- end of the round and of the game (§4.9, §5)
def _end_round(s):
    """Let every remaining turn of the round pass with its first legal actions."""
    start = s.round
    while s.round == start and s.phase != "over":
        acts = R.legal_actions(s)
        s = R.apply(s, acts[-1] if acts[-1].kind == "end_turn" else acts[0])
    return s


def test_cleanup_slides_and_refills_the_rows_and_puts_whims_on_empty_cities():
    """§4.9: rows slide to the front and refill to 9 and 3; cities without a card get one."""
    s = new_game(3, seed=4)
    s = play(s, *R.legal_actions(s)[:1])
    while s.phase == "bid":
        s = play(s, R.legal_actions(s)[0])
    s = _end_round(s)
    assert s.phase == "bid" and s.round == 2
    assert len(s.row) == 9 and None not in s.row and len(s.djinn_row) == 3 and None not in s.djinn_row
    cities = [t for t in range(36) if R.tile_at(s, t).type == "city"]
    assert all(s.whim_on[t] for t in cities)


def test_placing_the_last_camel_ends_the_game_at_the_end_of_that_round():
    """§5.1: the round is finished by everyone, then the game ends."""
    s = scene()
    own(s, 0, *[cell(5, c) for c in range(6)], cell(4, 0))
    s = play(arrive(s, cell(0, 4), "vizier"), PlaceCamel(cell(0, 4)))
    assert s.ending and s.phase != "over"
    s = play(finish_tile(s), EndTurn())
    assert s.phase != "over" and s.seat == 1
    s = _end_round(s)
    assert s.phase == "over" and R.to_move(s) is None and R.score_sheet(s).final


def test_no_legal_move_ends_the_game_with_that_round_and_later_players_skip_moving():
    """§5.2: no legal move: that player and everyone after them skip the move; then the game ends."""
    s = set_board(new_game(3))
    put(s, cell(0, 0), "vizier")  # one lone meeple: nothing can move
    s = at_turn(s, 0, begin=True)
    assert s.stalled and s.phase == "finish"
    assert [a.kind for a in R.legal_actions(s)] == ["end_turn"]
    s = play(s, EndTurn())
    assert s.phase == "finish" and s.seat == 1
    s = play(s, EndTurn(), EndTurn())
    assert s.phase == "over"


def test_a_drop_needs_that_colour_in_hand():
    """§4.3: you drop the meeples you picked up."""
    s = scene()
    put(s, cell(4, 4), "vizier", "vizier")
    put(s, cell(3, 5), "vizier")
    s = play(s, PickUp(cell(4, 4)))
    assert R.why_illegal(s, Drop(cell(4, 5), "assassin")) == "You hold no Assassin in your hand."


def test_describe_says_each_action_in_words():
    """The game log: each action in plain words, said before it is applied."""
    s = scene()
    put(s, cell(4, 4), "vizier", "vizier")
    put(s, cell(3, 5), "vizier")
    assert R.describe(s, PickUp(cell(4, 4))) == "Ann picks up 2 meeples from the Sacred Place at row 5, column 5."
    s = play(s, PickUp(cell(4, 4)))
    assert R.describe(s, Drop(cell(4, 5), "vizier")) == "Ann drops a Vizier on the Wondrous City at row 5, column 6."


def test_turn_id_groups_a_whole_turn_and_each_bid():
    """turn_id: every action of one marker's turn shares an id; bids are one turn each."""
    s = scene()
    put(s, cell(4, 4), "vizier", "vizier")
    put(s, cell(3, 5), "vizier")
    first = R.turn_id(s)
    s = play(s, PickUp(cell(4, 4)), Drop(cell(4, 5), "vizier"))
    assert R.turn_id(s) == first
    bid = new_game(3)
    assert R.turn_id(bid)[1] == 0 and R.summary(bid) == {"round": 1, "camels_left": 24}


def test_invariants_hold_after_setup_and_catch_a_lost_meeple_or_a_meeple_on_the_lake():
    """check_invariants: 105 meeples conserved; nothing ever on the Great Lake; 54 cards; camels."""
    s = new_game(4)
    assert R.check_invariants(s) == []
    lost = s.copy()
    lost.meeples[0] = (0, 0, 0, 0, 0) if lost.layout.lake != 0 else lost.meeples[0]
    lost.meeples[1] = (0, 0, 0, 0, 0) if lost.layout.lake != 1 else lost.meeples[1]
    assert any("meeples not conserved" in p for p in R.check_invariants(lost))
    wet = s.copy()
    dry = next(t for t in range(36) if wet.meeples[t][0])
    wet.meeples[dry] = (wet.meeples[dry][0] - 1,) + wet.meeples[dry][1:]
    wet.meeples[wet.layout.lake] = (1, 0, 0, 0, 0)
    assert R.check_invariants(wet) == ["something stands on the Great Lake"]
    card = s.copy()
    card.deck.pop()
    assert any("resource cards not conserved" in p for p in R.check_invariants(card))
    camel = s.copy()
    camel.owner[0] = 1
    assert any("camels not conserved" in p for p in R.check_invariants(camel))


def test_game_over_refuses_every_action():
    """§5: after the final scoring nothing more is played."""
    s = scene()
    s.phase = "over"
    assert R.why_illegal(s, EndTurn()) == "The game is over." and R.legal_actions(s) == []
