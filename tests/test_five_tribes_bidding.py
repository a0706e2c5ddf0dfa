"""Bidding for turn order (data/five_tribes/rules.md, "Bidding for turn order"; the German Whims rulebook:
"Neue Biet- und Zugreihenfolge-Leisten").

Spots are numbered in play order (0 plays first). Base track: 18, 12, 8, 5, 3, 1, 0, 0, 0.
Five-player track (this edition's default): 18, 12, 8, 5, 5, 3, 3, 1, 1, 0, 0, 0.
"""
from __future__ import annotations

from games.five_tribes.rules_state import Bid
from tests.five_tribes_helpers import give_cards, give_djinn, new_game, play, rules

R = rules()
BASE = {18: 0, 12: 1, 8: 2, 5: 3, 3: 4, 1: 5, 0: 6}  # front spot of each price, base track
FIVE = {18: 0, 12: 1, 8: 2, 5: 3, 3: 5, 1: 7, 0: 9}  # front spot of each price, five-player track


def bidding(n: int, **options):
    """A fresh game whose markers bid in seat order."""
    s = new_game(n, **options)
    s.bid_track = list(range(len(s.marker_seat)))
    s.marker = 0
    return s


def test_seed_example_five_players_play_b_c_a_e_d():
    """Seed example: A pays 3, B 5, C 3 (pushes A up), D 0, E 0 (pushes D): play order B, C, A, E, D."""
    s = bidding(5)
    a, b, c, d, e = range(5)
    s = play(s, Bid(FIVE[3]), Bid(FIVE[5]), Bid(FIVE[3]), Bid(FIVE[0]), Bid(FIVE[0]))
    assert s.order == [b, c, a, e, d]
    assert [p.gold for p in s.players] == [47, 45, 47, 50, 50]
    assert s.phase in ("start", "finish") and s.seat == b


def test_seed_example_track_shows_the_second_bidder_in_front_of_the_first():
    """Seed: a second bid of the same value pushes the first marker along and plays before it."""
    s = bidding(5)
    s = play(s, Bid(FIVE[3]))
    assert R.track_spots(s)[FIVE[3]] == (3, 0) and R.track_spots(s)[FIVE[3] + 1] == (3, None)
    s = play(s, Bid(FIVE[5]), Bid(FIVE[3]))
    spots = R.track_spots(s)
    assert spots[FIVE[3]] == (3, 2) and spots[FIVE[3] + 1] == (3, 0)


def test_five_player_pairs_hold_only_two_markers():
    """Seed: each of 1, 3 and 5 has two spots, so only two players can bid that value."""
    s = bidding(5)
    s = play(s, Bid(FIVE[5]), Bid(FIVE[5]))
    assert R.why_illegal(s, Bid(FIVE[5])) == "All 2 spots at 5 gold are taken."
    assert R.why_illegal(s, Bid(FIVE[5] + 1)) == "All 2 spots at 5 gold are taken."
    assert Bid(FIVE[5]) not in R.legal_actions(s)


def test_base_zero_queue_last_to_bid_plays_first():
    """§4.1.1: among the zeros, the last to bid plays first."""
    s = bidding(3)
    s = play(s, Bid(BASE[0]), Bid(BASE[0]), Bid(BASE[0]))
    assert s.order == [2, 1, 0]
    assert [p.gold for p in s.players] == [50, 50, 50]


def test_base_zero_spots_full_the_fourth_bidder_must_pay():
    """§4.1.1: at most 3 markers on 0; the next bidder pays at least 1."""
    s = bidding(4)
    s = play(s, Bid(BASE[0]), Bid(BASE[0]), Bid(BASE[0]))
    assert R.why_illegal(s, Bid(BASE[0])) == "All 3 spots at 0 gold are taken."
    assert min(R.price(s, R.spot_level(s, b.spot)[0], b.fakirs) for b in R.legal_actions(s)) == 1


def test_paid_spots_hold_one_marker_and_a_taken_one_is_refused():
    """§4.1.1: a spot with a cost above 0 holds only one marker."""
    s = bidding(3)
    s = play(s, Bid(BASE[12]))
    assert R.why_illegal(s, Bid(BASE[12])) == "That spot is taken."


def test_a_bid_lands_on_the_front_spot_of_its_queue():
    """Seed: the new marker takes the front spot and pushes the others back; other spots say so."""
    s = bidding(3)
    s = play(s, Bid(BASE[0]))
    reason = R.why_illegal(s, Bid(BASE[0] + 1))
    assert reason == "A bid of 0 goes on the front 0 spot; the marker already there moves one spot back."
    assert R.landing_spot(s, BASE[0] + 2) == BASE[0]


def test_bid_pays_the_spot_price_at_once_and_refuses_what_you_cannot_afford():
    """§4.1.1: each bidder pays the spot's cost to the bank at once."""
    s = bidding(3)
    s.players[0].gold = 10
    assert R.why_illegal(s, Bid(BASE[12])) == "That spot costs 12 gold; you have 10."
    s = play(s, Bid(BASE[8]))
    assert s.players[0].gold == 2


def test_a_player_who_can_afford_nothing_takes_the_cheapest_open_spot_for_all_their_gold():
    """A13 (our choice): zeros full and too little gold: the cheapest open spot, paying all you have."""
    s = bidding(4)
    s.players[3].gold = 0
    s = play(s, Bid(BASE[0]), Bid(BASE[0]), Bid(BASE[0]))
    assert R.legal_actions(s) == [Bid(BASE[1])]
    s = play(s, Bid(BASE[1]))
    assert s.players[3].gold == 0


def test_play_order_runs_from_the_dearest_spot_down():
    """§4.1.1: highest cost first, down to 1, then the zeros."""
    s = bidding(4)
    s = play(s, Bid(BASE[1]), Bid(BASE[18]), Bid(BASE[0]), Bid(BASE[5]))
    assert s.order == [1, 3, 0, 2]


def test_next_round_bids_in_this_rounds_play_order():
    """§4.1.2: at the start of its turn a marker moves to the first empty spot of the bid track."""
    s = bidding(3)
    s = play(s, Bid(BASE[0]), Bid(BASE[3]), Bid(BASE[0]))
    order = list(s.order)
    while s.phase not in ("bid", "over"):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[-1] if acts[-1].kind == "end_turn" else acts[0])
    assert s.phase == "bid"
    assert s.bid_track == order and s.marker == order[0]


def test_two_players_have_two_markers_each_and_bid_with_both():
    """§1.7: with 2 players each has 2 turn markers and plays 2 turns a round."""
    s = new_game(2)
    assert s.marker_seat == (0, 0, 1, 1)
    assert len(s.bid_track) == 4
    s.bid_track = [0, 2, 1, 3]
    s.marker = 0
    s = play(s, Bid(BASE[0]), Bid(BASE[1]), Bid(BASE[3]), Bid(BASE[0]))
    assert [s.marker_seat[m] for m in s.order] == [0, 1, 1, 0]


def test_five_players_use_the_five_player_track_and_fewer_the_base_track():
    """Seed §"Neue Leisten": the new tracks only in five-player games."""
    assert [c for c, _ in R.track_spots(new_game(5))] == [18, 12, 8, 5, 5, 3, 3, 1, 1, 0, 0, 0]
    assert [c for c, _ in R.track_spots(new_game(4))] == [18, 12, 8, 5, 3, 1, 0, 0, 0]


def test_option_five_player_track_with_four_players():
    """Designer's note (§4.1.3): the five-player track may be used with four players too."""
    s = new_game(4, turn_track="five_from_four")
    assert len(R.track_spots(s)) == 12


def test_kali_pushing_an_opponents_marker_pays_one_and_being_pushed_pays_two():
    """Seed, Kali: +1 gold per opponent marker you push, +2 when an opponent pushes yours."""
    s = bidding(3)
    give_djinn(s, 0, "kali")
    give_djinn(s, 1, "baal")
    s = play(s, Bid(BASE[0]))
    assert s.players[0].gold == 50
    s = play(s, Bid(BASE[0]))  # seat 1 pushes seat 0
    assert s.players[0].gold == 52 and s.players[1].gold == 50
    s.players[2].djinns, s.players[0].djinns = ["kali"], []
    s = play(s, Bid(BASE[0]))  # seat 2 (now with Kali) pushes two opponents
    assert s.players[2].gold == 52


def test_kali_works_on_the_base_zero_queue_with_fewer_than_five():
    """Seed: Kali's power also works with fewer than 5 players."""
    s = bidding(4)
    give_djinn(s, 1, "kali")
    s = play(s, Bid(BASE[0]), Bid(BASE[0]))
    assert s.players[1].gold == 51


def test_kumarbi_each_fakir_lowers_the_price_by_one_step():
    """§7 Kumarbi (A7): a bid at 12 with 2 Fakirs pays the price two steps cheaper (5)."""
    s = bidding(3)
    give_djinn(s, 0, "kumarbi")
    give_cards(s, 0, "fakir", "fakir", "fakir")
    s = play(s, Bid(BASE[12], fakirs=2))
    assert s.players[0].gold == 45 and s.players[0].fakirs == 1
    assert s.discard.count("fakir") == 2


def test_kumarbi_needs_the_djinn_and_works_once_per_round():
    """§4.8: a costed power once per round; only Kumarbi pays a bid with Fakirs."""
    s = bidding(2)
    give_cards(s, 0, "fakir", "fakir")
    assert R.why_illegal(s, Bid(BASE[12], fakirs=1)) == "Only Kumarbi lets you pay for a bid with Fakirs."
    give_djinn(s, 0, "kumarbi")
    s.bid_track = [0, 1, 2, 3]
    s = play(s, Bid(BASE[12], fakirs=1))
    assert s.marker_seat[s.marker] == 0  # seat 0's second marker bids next
    assert R.why_illegal(s, Bid(BASE[8], fakirs=1)) == "You have already used Kumarbi this round."


def test_kumarbi_cannot_go_below_the_cheapest_price():
    """A7: the price never drops below 0."""
    s = bidding(3)
    give_djinn(s, 0, "kumarbi")
    give_cards(s, 0, "fakir", "fakir")
    assert R.why_illegal(s, Bid(BASE[1], fakirs=2)) == "That many Fakirs would lower the price below nothing."
