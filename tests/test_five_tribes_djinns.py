"""Every Djinn's power (data/five_tribes/rules.md, "Djinn powers"; Kali and Ganapati from the German
Whims rulebook).

Board: tests/five_tribes_helpers.BOARD (Villages at (0,3) (1,2) (2,5) (3,2) (5,3); Oases at
(0,2) (1,0) (2,4) (3,5) (5,2); Great Lake at (2,2)).
"""
from __future__ import annotations

from games.five_tribes.rules_state import (
    Build,
    Drop,
    EndTurn,
    KeepDjinn,
    Kill,
    PickUp,
    PlaceCamel,
    PlacePalace,
    PlacePalm,
    TakeDjinn,
    UseDjinn,
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
    rules,
    set_board,
)
from tests.test_five_tribes_rules import arrive, scene

R = rules()


def spare_move(s):
    """Two Viziers in the far corner, so a legal move exists before the scene's own move is set up."""
    put(s, cell(5, 0), "vizier")
    put(s, cell(5, 1), "vizier")
    return s


def score_of(s, seat, row):
    sheet = R.score_sheet(s)
    label = dict((k, v) for k, v in [("merchandise", "Merchandise"), ("palms", "Palm trees"), ("viziers", "Viziers"),
                                      ("elders", "Elders"), ("vizier_bonus", "Vizier majority"), ("palaces", "Palaces")])[row]
    return next(r.values[seat] for r in sheet.rows if r.label == label)


# ---------------------------------------------------------------- costed powers in general (§4.8)
def test_a_costed_power_is_used_once_per_round():
    """§4.8: at most once per round."""
    s = scene()
    give_djinn(s, 0, "sloar")
    give_cards(s, 0, "fakir", "fakir")
    s = play(s, UseDjinn("sloar", ("fakir",)))
    assert R.why_illegal(s, UseDjinn("sloar", ("fakir",))) == "You have already used Sloar this round."


def test_a_costed_power_must_be_paid():
    """§4.8: the power needs its cost paid then."""
    s = scene()
    give_djinn(s, 0, "sloar")
    assert R.why_illegal(s, UseDjinn("sloar", ("fakir",))) == "You have only 0 Fakirs."
    assert not [a for a in R.legal_actions(s) if isinstance(a, UseDjinn)]


def test_powers_wait_while_a_move_is_in_progress_and_while_bidding():
    """§4.8: powers are used in your own turn, around the move, not in the middle of it."""
    s = scene()
    give_djinn(s, 0, "sloar")
    give_cards(s, 0, "fakir")
    put(s, cell(4, 4), "vizier", "vizier")
    put(s, cell(3, 5), "vizier")
    s = play(s, PickUp(cell(4, 4)))
    assert R.why_illegal(s, UseDjinn("sloar", ("fakir",))) == "Finish your move first."
    bid = new_game(3)
    give_djinn(bid, bid.seat, "sloar")
    assert R.why_illegal(bid, UseDjinn("sloar", ("fakir",))).startswith("Djinn powers are used in your own turn")


def test_two_players_option_allows_a_costed_power_once_in_each_turn():
    """A6 option per_turn: with 2 players, once in each of your two turns."""
    s = scene(n=2, djinn_limit="per_turn")
    give_djinn(s, 0, "sloar")
    give_cards(s, 0, "fakir", "fakir")
    s = play(s, UseDjinn("sloar", ("fakir",)))
    s.phase = "finish"
    s = play(s, EndTurn())  # seat 0's second marker plays next
    assert s.seat == 0 and s.players[0].used == []


# ---------------------------------------------------------------- active powers
def test_anun_nak_draws_three_meeples_from_the_bag_onto_an_empty_tile():
    """§7 Anun-Nak: an empty tile (no camel, meeple, palm or palace) gets 3 meeples from the bag."""
    s = scene()
    give_djinn(s, 0, "anun_nak")
    court(s, 0, elders=1)
    before = sum(s.bag)
    assert R.why_illegal(s, UseDjinn("anun_nak", ("elder",), cell(2, 2))).startswith("Choose an empty tile")
    s = play(s, UseDjinn("anun_nak", ("elder",), cell(4, 4)))
    assert sum(s.meeples[cell(4, 4)]) == 3 and sum(s.bag) == before + 1 - 3 and s.chance == 1


def test_bouraq_puts_a_palace_on_any_village():
    """§7 Bouraq: a palace from the supply on any Village."""
    s = scene()
    give_djinn(s, 0, "bouraq")
    give_cards(s, 0, "fakir")
    assert R.why_illegal(s, UseDjinn("bouraq", ("fakir",), cell(0, 2))) == "Choose a Village."
    s = play(s, UseDjinn("bouraq", ("fakir",), cell(5, 3)))
    assert s.palaces[cell(5, 3)] == 1 and s.palaces_left == 9


def test_enki_puts_a_palm_on_any_oasis():
    """§7 Enki: a palm tree from the supply on any Oasis."""
    s = scene()
    give_djinn(s, 0, "enki")
    court(s, 0, elders=1)
    s = play(s, UseDjinn("enki", ("elder",), cell(3, 5)))
    assert s.palms[cell(3, 5)] == 1 and s.palms_left == 11


def test_echidna_doubles_the_builders_gold_this_turn():
    """§7 Echidna: this turn the Builders' gold is doubled (cost: Elder + Elder or Fakir)."""
    s = scene()
    give_djinn(s, 0, "echidna")
    court(s, 0, elders=2)
    s = play(spare_move(s), UseDjinn("echidna", ("elder", "elder")))
    s = play(arrive(s, cell(1, 2), "builder", "vizier"), Build(0))
    assert s.players[0].gold == 50 + 2 * 2 * 4


def test_echidna_is_refused_once_the_builders_have_worked():
    """§7 Echidna works only on a Builder action still to come."""
    s = scene()
    give_djinn(s, 0, "echidna")
    court(s, 0, elders=2)
    s = arrive(s, cell(0, 4), "vizier", "elder")
    assert R.why_illegal(s, UseDjinn("echidna", ("elder", "elder"))) == "Use it before your Builders act this turn."


def test_iblis_kills_two_meeples_from_the_same_tile():
    """§7 Iblis: two of any colour from the same tile."""
    s = scene()
    give_djinn(s, 0, "iblis")
    court(s, 0, elders=1)
    put(s, cell(0, 2), "elder", "merchant", "builder")
    s = play(spare_move(s), UseDjinn("iblis", ("elder",)))
    s = arrive(s, cell(0, 4), "assassin", "vizier")
    assert R.why_illegal(s, Kill(("elder",), tile=cell(0, 2))) == (
        "Iblis is working: your Assassins kill 2 meeples from the same target.")
    s = play(s, Kill(("elder", "merchant"), tile=cell(0, 2)))
    assert s.meeples[cell(0, 2)] == (0, 0, 1, 0, 0)


def test_iblis_names_the_two_meeples_in_the_order_of_the_tribes():
    """§7 Iblis: one spelling per kill (the order is the order of the spoils). Found by the converse
    contract test: the pair was accepted in either order, but legal_actions offers the tribes' order."""
    s = scene()
    give_djinn(s, 0, "iblis")
    court(s, 0, elders=1)
    put(s, cell(0, 2), "elder", "merchant", "builder")
    s = play(spare_move(s), UseDjinn("iblis", ("elder",)))
    s = arrive(s, cell(0, 4), "assassin", "vizier")
    assert R.why_illegal(s, Kill(("merchant", "elder"), tile=cell(0, 2))) == (
        "Name the meeples in the order of the tribes: elder, merchant.")
    assert Kill(("elder", "merchant"), tile=cell(0, 2)) in R.legal_actions(s)


def test_iblis_kills_two_from_the_same_opponent():
    """§7 Iblis: or 2 Elders and/or Viziers of the same opponent."""
    s = scene()
    give_djinn(s, 0, "iblis")
    court(s, 0, elders=1)
    court(s, 2, viziers=1, elders=1)
    s = play(spare_move(s), UseDjinn("iblis", ("elder",)))
    s = play(arrive(s, cell(0, 4), "assassin", "merchant"), Kill(("vizier", "elder"), seat=2))
    assert s.players[2].viziers == 0 and s.players[2].elders == 0


def test_leta_puts_a_camel_on_an_empty_tile():
    """§7 Leta: control an empty tile with one of your camels."""
    s = scene()
    give_djinn(s, 0, "leta")
    court(s, 0, elders=2)
    s = play(s, UseDjinn("leta", ("elder", "elder"), cell(5, 5)))
    assert s.owner[cell(5, 5)] == 0 and s.players[0].camels == 7


def test_leta_placing_the_last_camel_ends_the_game_this_round():
    """§5.1 with Leta: the last camel placed by a Djinn also ends the game with the round."""
    s = scene()
    give_djinn(s, 0, "leta")
    court(s, 0, elders=2)
    own(s, 0, *[cell(5, c) for c in range(6)], cell(4, 0))
    s = play(s, UseDjinn("leta", ("elder", "elder"), cell(4, 1)))
    assert s.ending


def test_utug_takes_a_tile_holding_only_meeples_and_they_stay():
    """§7 Utug: a tile with meeples but no camel, palm or palace; the meeples stay."""
    s = scene()
    give_djinn(s, 0, "utug")
    court(s, 0, elders=1)
    give_cards(s, 0, "fakir")
    put(s, cell(3, 3), "vizier", "elder")
    s.palms[cell(3, 5)], s.palms_left = 1, 11
    put(s, cell(3, 5), "vizier")
    assert R.why_illegal(s, UseDjinn("utug", ("elder", "fakir"), cell(3, 5))).startswith("Choose a tile with only meeples")
    s = play(s, UseDjinn("utug", ("elder", "fakir"), cell(3, 3)))
    assert s.owner[cell(3, 3)] == 0 and s.meeples[cell(3, 3)] == (1, 1, 0, 0, 0)


def test_sibittis_draws_three_djinns_keeps_one_and_discards_two():
    """§7 Sibittis: draw the top 3 Djinns, keep 1, discard 2."""
    s = scene()
    give_djinn(s, 0, "sibittis")
    court(s, 0, elders=2)
    top = s.djinn_deck[-3:]
    s = play(s, UseDjinn("sibittis", ("elder", "elder")))
    assert s.phase == "choose_djinn" and sorted(s.drawn) == sorted(top)
    s = play(s, KeepDjinn(top[0]))
    assert top[0] in s.players[0].djinns and sorted(s.djinn_discard) == sorted(top[1:]) and s.phase == "start"


def test_sloar_takes_the_top_resource_card_and_counts_as_a_reveal():
    """§7 Sloar: take the top card of the resource pile (undo cannot cross it)."""
    s = scene()
    give_djinn(s, 0, "sloar")
    give_cards(s, 0, "fakir")
    top = s.deck[-1]
    s = play(s, UseDjinn("sloar", ("fakir",)))
    p = s.players[0]
    assert (p.goods.get(top, 0) == 1) or (top == "fakir" and p.fakirs == 1)
    assert R.chance_count(s) == 1


# ---------------------------------------------------------------- modifiers: Hagis and Lamia
def test_hagis_moves_the_palace_to_a_tile_next_to_the_village_diagonals_too():
    """§7 Hagis: the palace may go on any tile next to the intended one (8 directions), for its cost."""
    s = scene()
    s = arrive(s, cell(0, 3), "vizier", "elder")
    assert R.why_illegal(s, PlacePalace(cell(1, 4), ("fakir",))) == (
        "The palace goes on this Village; only Hagis lets you put it on a tile next to it.")
    give_djinn(s, 0, "hagis")
    give_cards(s, 0, "fakir")
    assert R.why_illegal(s, PlacePalace(cell(2, 3), ("fakir",))) == "The palace goes on this Village, or with Hagis on a tile next to it."
    s = play(s, PlacePalace(cell(1, 4), ("fakir",)))
    assert s.palaces[cell(1, 4)] == 1 and s.palaces[cell(0, 3)] == 0 and "hagis" in s.players[0].used


def test_lamia_moves_the_palm_to_a_tile_next_to_the_oasis():
    """§7 Lamia: the palm may go on a tile next to the Oasis (diagonals count), for its cost."""
    s = scene()
    give_djinn(s, 0, "lamia")
    court(s, 0, elders=1)
    s = arrive(s, cell(1, 0), "vizier", "elder")  # the Oasis at (1,0)
    s = play(s, PlacePalm(cell(2, 1), ("elder",)))
    assert s.palms[cell(2, 1)] == 1 and s.palms[cell(1, 0)] == 0 and s.players[0].elders == 0


def test_hagis_never_puts_a_palace_on_the_great_lake():
    """A10 (our choice): nothing is ever placed on the Great Lake."""
    s = scene()
    give_djinn(s, 0, "hagis")
    give_cards(s, 0, "fakir")
    s = arrive(s, cell(1, 2), "vizier", "elder")  # the Village at (1,2), beside the lake
    assert R.why_illegal(s, PlacePalace(cell(2, 2), ("fakir",))) == "Nothing may be placed on the Great Lake."
    assert all(a.tile != cell(2, 2) for a in R.legal_actions(s) if isinstance(a, PlacePalace))


# ---------------------------------------------------------------- gold triggers
def test_baal_pays_one_for_your_djinn_and_two_for_an_opponents():
    """§7 Ba'al: +1 gold when you take a Djinn, +2 when an opponent does."""
    s = scene()
    give_djinn(s, 1, "baal")
    djinn_row(s, "jafaar", "shamhat", "boaz")
    court(s, 0, elders=2)
    s = play(arrive(s, cell(0, 5), "vizier", "merchant"), TakeDjinn("boaz", ("elder", "elder")))
    assert s.players[1].gold == 52
    s2 = scene(seat=1)
    give_djinn(s2, 1, "baal")
    djinn_row(s2, "jafaar", "shamhat", "boaz")
    court(s2, 1, elders=2)
    s2 = play(arrive(s2, cell(0, 5), "vizier", "merchant"), TakeDjinn("boaz", ("elder", "elder")))
    assert s2.players[1].gold == 51


def test_marid_pays_for_meeples_dropped_on_your_tiles():
    """§7 Marid: +1 gold per meeple dropped on your tile in your move, +2 in an opponent's."""
    s = scene()
    give_djinn(s, 1, "marid")
    own(s, 1, cell(4, 1))
    put(s, cell(4, 0), "vizier", "vizier")
    put(s, cell(4, 2), "vizier")
    s = play(s, PickUp(cell(4, 0)), Drop(cell(4, 1), "vizier"), Drop(cell(4, 2), "vizier"))
    assert s.players[1].gold == 52
    s2 = scene(seat=1)
    give_djinn(s2, 1, "marid")
    own(s2, 1, cell(4, 1))
    put(s2, cell(4, 0), "vizier", "vizier")
    put(s2, cell(4, 2), "vizier")
    s2 = play(s2, PickUp(cell(4, 0)), Drop(cell(4, 1), "vizier"), Drop(cell(4, 2), "vizier"))
    assert s2.players[1].gold == 51


def test_monkir_pays_for_every_palace_placed():
    """§7 Monkir: +1 gold when you place a palace, +2 when an opponent does."""
    s = scene()
    give_djinn(s, 2, "monkir")
    s = play(arrive(s, cell(0, 3), "vizier", "elder"), PlacePalace(cell(0, 3)))
    assert s.players[2].gold == 52


def test_nekir_pays_for_every_kill():
    """§7 Nekir: +1 gold per kill by your Assassins, +2 per kill by an opponent's (A8: per meeple)."""
    s = scene()
    give_djinn(s, 1, "nekir")
    s = play(arrive(s, cell(0, 4), "assassin", "vizier"), Kill(("vizier",), tile=cell(0, 4)))
    assert s.players[1].gold == 52


def test_kandicha_keeps_killed_viziers_draws_for_merchants_and_earns_for_builders():
    """§7 Kandicha: killed Vizier/Elder kept; Merchant: top resource card; Builder: its Builder gold."""
    s = scene()
    give_djinn(s, 0, "kandicha")
    court(s, 1, viziers=1)
    s = play(arrive(s, cell(0, 4), "assassin", "elder"), Kill(("vizier",), seat=1))
    assert s.players[0].viziers == 1 and s.players[1].viziers == 0
    s2 = scene()
    give_djinn(s2, 0, "kandicha")
    put(s2, cell(1, 2), "builder")  # a Village with 4 blue tiles around
    s2 = play(arrive(s2, cell(0, 4), "assassin", "elder", k=3), Kill(("builder",), tile=cell(1, 2)))
    assert s2.players[0].gold == 54
    s3 = scene()
    give_djinn(s3, 0, "kandicha")
    put(s3, cell(0, 1), "merchant")
    top = s3.deck[-1]
    s3 = play(arrive(s3, cell(0, 4), "assassin", "elder", k=3), Kill(("merchant",), tile=cell(0, 1)))
    p = s3.players[0]
    assert p.goods.get(top, 0) == 1 or (top == "fakir" and p.fakirs == 1)


def test_ganapati_pays_for_every_whim_card_taken():
    """Seed, Ganapati: +1 gold when you take a Whim card, +2 when an opponent takes one."""
    s = scene()
    give_djinn(s, 1, "ganapati")
    s.whim_on[cell(1, 3)] = s.whim_deck.pop(s.whim_deck.index("whim_17"))
    s = arrive(s, cell(1, 3), "vizier", "merchant")
    assert s.players[1].gold == 52
    s2 = scene()
    give_djinn(s2, 0, "ganapati")
    s2.whim_on[cell(1, 3)] = s2.whim_deck.pop(s2.whim_deck.index("whim_17"))
    s2 = arrive(s2, cell(1, 3), "vizier", "merchant")
    assert s2.players[0].gold == 51


def test_dhenim_pays_per_vizier_gained():
    """Promo Dhenim (option): +1 per Vizier you gain, +2 per Vizier an opponent gains."""
    s = scene(dhenim=True)
    give_djinn(s, 1, "dhenim")
    s = arrive(s, cell(0, 4), "vizier", "elder", k=3)
    assert s.players[1].gold == 56


# ---------------------------------------------------------------- end-scoring and passive powers
def test_al_amin_turns_every_two_fakirs_into_a_good_of_your_choice():
    """§7 Al-Amin: at the end, 2 Fakirs = 1 wild merchandise; the best choice is scored."""
    s = scene()
    give_cards(s, 0, "fish", "fish", "fakir", "fakir", "fakir", "fakir")
    assert score_of(s, 0, "merchandise") == 2  # two sets of one fish
    give_djinn(s, 0, "al_amin")
    assert score_of(s, 0, "merchandise") == 8  # fish + 2 new goods (7), fish (1)


def test_haurvatat_palms_are_worth_five_and_ten_beside_the_lake():
    """§7 Haurvatat: palms 5 instead of 3; A9 (our choice): the lake doubles that to 10."""
    s = scene()
    own(s, 0, cell(2, 4), cell(1, 1))  # (1,1) is beside the lake, (2,4) is not
    s.palms[cell(2, 4)] = 1
    s.palms[cell(1, 1)] = 1
    s.palms_left = 10
    assert score_of(s, 0, "palms") == 3 + 6
    give_djinn(s, 0, "haurvatat")
    assert score_of(s, 0, "palms") == 5 + 10
    s.options = dict(s.options, haurvatat_lake="double_base")
    assert score_of(s, 0, "palms") == 5 + 8


def test_jafaar_viziers_are_worth_three_and_the_majority_bonus_stays():
    """§7 Jafaar: 3 points per Vizier; the +10 majority is unchanged."""
    s = scene()
    court(s, 0, viziers=2)
    court(s, 1, viziers=1)
    give_djinn(s, 0, "jafaar")
    assert score_of(s, 0, "viziers") == 6 and score_of(s, 0, "vizier_bonus") == 20


def test_shamhat_elders_are_worth_four():
    """§7 Shamhat: 4 points per Elder instead of 2."""
    s = scene()
    court(s, 0, elders=3)
    assert score_of(s, 0, "elders") == 6
    give_djinn(s, 0, "shamhat")
    assert score_of(s, 0, "elders") == 12


def test_every_djinn_scores_its_printed_value():
    """§6.1: the sum of the VP printed on your Djinns."""
    s = scene()
    give_djinn(s, 0, "hagis")
    give_djinn(s, 0, "utug")
    sheet = R.score_sheet(s)
    assert next(r.values[0] for r in sheet.rows if r.label == "Djinns") == 10 + 4


def test_a_djinn_taken_at_a_sacred_place_can_be_used_at_once():
    """§4.6: you may use its power at once if you can pay its cost."""
    s = scene()
    djinn_row(s, "sloar", "jafaar", "boaz")
    court(s, 0, elders=2)
    give_cards(s, 0, "fakir")
    s = play(arrive(s, cell(0, 5), "vizier", "merchant"), TakeDjinn("sloar", ("elder", "elder")))
    assert UseDjinn("sloar", ("fakir",)) in R.legal_actions(s)


def test_leta_and_utug_need_a_camel_left():
    """§7 notes: Leta and Utug need a camel in your supply."""
    s = set_board(new_game(3))
    give_djinn(s, 0, "leta")
    court(s, 0, elders=2)
    own(s, 0, *[cell(5, c) for c in range(6)], cell(4, 0), cell(4, 1))
    put(s, cell(3, 3), "vizier")
    put(s, cell(3, 4), "vizier")
    s = at_turn(s, 0, begin=True)
    assert R.why_illegal(s, UseDjinn("leta", ("elder", "elder"), cell(0, 0))) == "You have no camels left."
    assert PlaceCamel not in {type(a) for a in R.legal_actions(s)}
