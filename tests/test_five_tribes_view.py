"""Private information (five-tribes.md §1.6 hidden gold, A17 Whim cards in hand): what a seat may see."""
from __future__ import annotations

from tests.five_tribes_helpers import give_cards, new_game, rules

R = rules()


def _with_hands(**options):
    s = new_game(3, **options)
    s.players[1].whims.append(s.whim_deck.pop())
    s.players[0].whims.append(s.whim_deck.pop())
    s.players[1].gold = 33
    return s


def test_the_game_has_private_information():
    """Whim cards are taken into the hand, and gold may be hidden: the screen is curtained between seats."""
    assert R.has_private_information()


def test_whim_cards_taken_from_a_city_are_known_to_every_seat():
    """Issue 13: a Whim card lay face up on its city when it was taken, so every seat knows it: by default
    the other hands of Whim cards are shown, and so is the news of a card taken."""
    s = _with_hands()
    s.notices = [{"type": "whim_taken", "seat": 1, "whim": s.players[1].whims[0]}]
    v = R.view(s, 0)
    assert v.players[1].whims == s.players[1].whims
    assert v.notices == s.notices


def test_the_memory_option_hides_other_hands_of_whim_cards_but_not_their_number():
    """Option whim_hands = hidden (as at the table: remember who took which card)."""
    s = _with_hands(whim_hands="hidden")
    v = R.view(s, 0)
    assert v.players[0].whims == s.players[0].whims
    assert v.players[1].whims == ["hidden"]


def test_view_hides_the_decks_and_the_seed():
    """No face-down card and no seed (it would predict every draw) reaches a seat."""
    s = _with_hands()
    v = R.view(s, 2)
    assert set(v.deck) == {"hidden"} and len(v.deck) == len(s.deck)
    assert set(v.djinn_deck) == {"hidden"} and set(v.whim_deck) == {"hidden"}
    assert v.seed == 0 and v.row == s.row and v.djinn_row == s.djinn_row


def test_hidden_gold_shows_only_your_own():
    """§1.6: gold is kept face down; with the option on, others' totals are hidden from the table (marked
    `gold_hidden`: "?" on the panels, nothing on the score sheet) and carried for a seat that counts."""
    s = _with_hands()
    v = R.view(s, 0)
    assert not v.players[0].gold_hidden and v.players[1].gold_hidden and v.players[2].gold_hidden
    sheet = R.score_sheet(v)
    assert sheet.rows[0].values[1] == 0 and sheet.rows[0].values[0] == 50


def test_every_coin_moved_is_said_so_the_view_may_carry_the_counted_gold():
    """Face-down gold is not secret information: every change of a seat's gold comes with a notice saying the
    amount (bids, sales, Builders, markets, Djinns, Whim cards), which the log shows to every seat. So the gold a
    view carries for a face-down total is what counting the notices gives, game after game."""
    import random

    from engine.core.rules import Seat
    from engine.core.seats import default_colours

    for seed in range(6):
        seats = 2 + seed % 3
        st = R.setup([Seat(i, f"P{i}", default_colours()[i], "human") for i in range(seats)], seed, {})
        counted = [p.gold for p in st.players]
        rng = random.Random(seed)
        while R.to_move(st) is not None:
            st = R.apply(st, rng.choice(R.legal_actions(st)))
            for n in st.notices:
                if n["type"] == "bid":
                    counted[n["seat"]] -= n["paid"]
                elif n["type"] == "market_paid":
                    counted[n["seat"]] -= n["gold"]
                elif "gold" in n and "seat" in n:
                    counted[n["seat"]] += n["gold"]
            assert counted == [p.gold for p in st.players], (seed, st.notices)
            if st.phase != "over":
                view = R.view(st, 0)
                assert [p.gold for p in view.players] == counted
                assert [p.gold_hidden for p in view.players] == [False] + [True] * (seats - 1)


def test_open_gold_and_open_hands_options_show_everything():
    """Options hidden_gold = false and whim_hands = open."""
    s = _with_hands(hidden_gold=False, whim_hands="open")
    v = R.view(s, 0)
    assert v.players[1].gold == 33 and v.players[1].whims == s.players[1].whims


def test_at_the_end_everything_is_shown():
    """§6: at the final scoring every player's gold counts and is shown."""
    s = _with_hands()
    s.phase = "over"
    v = R.view(s, 0)
    assert v.players[1].gold == 33 and not v.players[1].gold_hidden


def test_the_mover_sees_the_same_choices_in_the_view():
    """A computer seat deciding from its view has exactly the options the rules allow."""
    s = _with_hands()
    give_cards(s, s.seat, "fakir")
    assert R.legal_actions(R.view(s, s.seat)) == R.legal_actions(s)
