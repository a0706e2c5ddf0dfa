"""Entdecker rulings from the new players' findings (tracker issue 13): each test names the finding or ruling.

- A drawn tile that fits nowhere leaves the ship where it is: the seed gives a unit to a player who
  "has moved the ship onto a tile on which land is shown", so the new land keeps its unit chance
  (a setup option keeps the stricter reading: any draw passes the chance).
- An enclosed gap no reserve tile can fill is blocked (our ruling): it counts as discovered and closes
  the islands beside it; the island's account says so; a setup option leaves such gaps undiscovered.
- A turn that has ended stands: undo never crosses it, not even when the same seat spins next.
- Player-facing text from the rules keeps its template and values (Words) for translation.
"""
from __future__ import annotations

import random

import pytest

from engine.core.match import Match
from engine.core.options import defaults, option_specs, options_problem
from engine.core.rules import Seat
from engine.core.words import Words
from games.entdecker.rules import Declare, DrawTile, EndTurn, EntdeckerRules, PlaceShip, PlaceTile, PlaceUnit, Spin
from tests.entdecker_helpers import exploring, fill_all_but, lay, new_game, put_on_top, rules

R = rules()


def play(s, *actions):
    for a in actions:
        reason = R.why_illegal(s, a)
        assert reason is None, f"{a} refused: {reason}"
        s = R.apply(s, a)
    return s


def voyage(s, code, cell, rotation, back="plain", event=None):
    put_on_top(s, 0, code, back, event)
    return play(s, DrawTile(0), PlaceTile(cell[0], cell[1], rotation))


def _failed_draw_from_new_land(draws, back="plain", event=None, gold=None, **options):
    """The ship sails onto a cape at (0,3) (land to the north); the next tile drawn fits beside it nowhere."""
    s = exploring(new_game(**options), (-1, 3), draws=draws)
    lay(s, (2, 3), "P2", rotation=3)  # land facing west: open sea cannot go on (1,3)
    lay(s, (0, 5), "P2", rotation=0)  # land facing north: open sea cannot go on (0,4)
    s = voyage(s, "P2", (0, 3), 0)
    assert s.fresh == (0, 3) and s.ship == (0, 3)
    if gold is not None:
        s.players[0].gold = gold
    tile = put_on_top(s, 0, "P1", back, event)
    s = play(s, DrawTile(0))
    assert (1, 3) not in s.cells and (0, 4) not in s.cells, "the staged tile must fit nowhere"
    return s, tile


# ---------------------------------------------------------------- the unit chance after a tile that fits nowhere
def test_a_voyage_ended_by_a_tile_that_fits_nowhere_still_lets_a_unit_go_on_the_ships_new_land():
    s, _tile = _failed_draw_from_new_land(draws=2)
    assert s.current == 0 and s.phase == "explore", "the turn must not end by itself: a unit may still go there"
    legal = R.legal_actions(s)
    assert PlaceUnit("scout", 0) in legal and EndTurn() in legal
    s = play(s, PlaceUnit("scout", 0))
    assert s.cells[(0, 3)].unit == (0, "scout", 0) and s.current == 1


def test_a_tile_that_fits_nowhere_mid_voyage_keeps_the_unit_chance_beside_the_next_draw():
    s, _tile = _failed_draw_from_new_land(draws=3)
    legal = R.legal_actions(s)
    assert s.draws_left == 1 and DrawTile(0) in legal
    assert PlaceUnit("scout", 0) in legal, "the ship still stands on the land it reached this turn"


def test_stricter_reading_as_an_option_any_draw_passes_the_unit_chance():
    s, _tile = _failed_draw_from_new_land(draws=2, unit_chance="next_draw")
    assert s.current == 1, "with the stricter reading the draw passed the chance, and nothing is left to do"
    s, _tile = _failed_draw_from_new_land(draws=3, unit_chance="next_draw")
    assert not any(isinstance(a, PlaceUnit) for a in R.legal_actions(s))


def test_a_tile_that_fits_nowhere_says_which_reserve_pile_it_joins_and_why_the_unit_chance_stays():
    s, tile = _failed_draw_from_new_land(draws=3)
    note = next(n for n in s.notices if n["type"] == "no_fit")
    assert note["tile"] == tile and note["pile"] == 1 and note["event"] is None
    assert isinstance(note["text"], Words)
    assert "beside reserve pile 1" in note["text"]
    assert "you may still place a unit there" in note["text"]


def test_a_question_tile_that_fits_nowhere_names_its_event_and_leaves_the_game():
    s, tile = _failed_draw_from_new_land(draws=3, back="question", event="storm", unit_chance="next_draw")
    note = next(n for n in s.notices if n["type"] == "no_fit")
    assert note["tile"] == tile and note["pile"] is None and note["event"] == "storm"
    assert "Storm" in note["text"] and "leaves the game" in note["text"]
    assert "passed the chance to place a unit" in note["text"]


def test_a_seat_that_cannot_pay_for_a_unit_is_not_told_it_may_place_one():
    s, _tile = _failed_draw_from_new_land(draws=2, gold=0)
    note = next(n for n in s.notices if n["type"] == "no_fit")
    assert note["unit"] is None and "unit" not in note["text"]
    assert s.current == 1, "nothing left to do: the turn ended by itself"


# ---------------------------------------------------------------- blocked gaps
def _gap_beside_a_cape(**options):
    """(0,0) is enclosed by the corner of the board, a cape at (1,0) with its land facing it, and open sea at (0,1).

    Bob's scout stands on the cape. Reserve pile 2 (capes) and its spares are empty.
    """
    s = new_game(**options)
    lay(s, (1, 0), "P2", rotation=3, unit=(1, "scout", 0))
    s.reserve[1], s.overflow[1] = [], []
    s = exploring(s, (-1, 1), draws=1)
    return voyage(s, "P1", (0, 1), 0)  # open sea, no draws left: the turn ends and the gaps are looked at


def test_blocked_gap_counts_as_discovered_closes_the_island_and_its_account_says_so():
    s = _gap_beside_a_cape()
    assert (0, 0) in s.blocked and (0, 0) not in s.cells
    account = next(n for n in s.notices if n["type"] == "island")
    assert account["blocked"] == [(0, 0)]
    text = R.describe_island(s, account)
    assert isinstance(text, Words) and "closed by 1 blocked gap" in text
    assert s.players[1].points["islands"] == 1


def test_blocked_gap_option_leaves_the_gap_undiscovered_and_the_island_open():
    s = _gap_beside_a_cape(blocked_gaps="undiscovered")
    assert (0, 0) not in s.blocked and (0, 0) not in s.cells
    assert (0, 0) in s.waiting, "the gap is known to wait for a tile"
    assert s.players[1].points["islands"] == 0 and s.cells[(1, 0)].unit is not None
    assert not R.islands(s)[0]["complete"]
    assert sum(1 for n in s.notices if n["type"] == "waiting") == 1


def test_an_undiscovered_gap_is_filled_once_a_spare_tile_of_its_shape_arrives():
    s = _gap_beside_a_cape(blocked_gaps="undiscovered")
    spare = put_on_top(s, 0, "P2")
    s.piles[0].remove(spare)
    s.overflow[1].append(spare)  # a cape drawn later that fitted nowhere
    s = play(s, Spin() if s.phase == "spin" else PlaceShip(-1, 5))
    s = play(s, Declare(1, False))
    s = voyage(s, "P1", (0, 5), 0)
    assert s.cells[(0, 0)].tile == spare and (0, 0) not in s.waiting
    assert not any(n["type"] == "waiting" for n in s.notices), "a gap already waiting is not announced again"


def test_with_gaps_left_undiscovered_the_game_ends_when_no_white_line_leads_anywhere():
    s = new_game(blocked_gaps="undiscovered")
    for cell, rot in (((5, 2), 2), ((4, 3), 1), ((6, 3), 3), ((5, 4), 0)):
        lay(s, cell, "P2", rotation=rot)  # land on every side of (5,3)
    s.reserve[5], s.overflow[5] = [], []  # no inland tile for it
    s = exploring(s, (-1, 3), draws=1)
    fill_all_but(s, {(0, 3), (5, 3)})
    s = voyage(s, "P1", (0, 3), 0)
    assert (5, 3) not in s.blocked and (5, 3) not in s.cells
    assert s.phase == "over", "nothing can be discovered any more: the game must not wait for it"


def test_both_rulings_are_setup_options_declared_in_the_games_data():
    specs = {spec["id"]: spec for spec in option_specs(R)}
    assert defaults(list(specs.values())) == {"unit_chance": "ship_tile", "blocked_gaps": "blocked"}
    assert [c["value"] for c in specs["unit_chance"]["choices"]] == ["ship_tile", "next_draw"]
    assert [c["value"] for c in specs["blocked_gaps"]["choices"]] == ["blocked", "undiscovered"]
    assert options_problem(list(specs.values()), {"blocked_gaps": "filled"}) is not None
    with pytest.raises(ValueError):
        new_game(blocked_gaps="filled")


# ---------------------------------------------------------------- undo and the end of a turn
def test_a_turn_that_has_ended_stands_even_when_the_same_seat_spins_next():
    """Two seats: Bob ends round 1 and, as the new start player, spins round 2. His scout must stand."""
    m = Match(EntdeckerRules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 7)
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    m.play(Declare(1, False))
    put_on_top(m.states[-1], 0, "P1")
    m.play(DrawTile(0))
    m.play(m.legal_actions()[0])  # open sea, no draws left: Ann's turn ends
    assert m.to_move() == 1
    m.play(PlaceShip(-1, 1))
    m.play(Declare(1, False))
    put_on_top(m.states[-1], 0, "P2")
    m.play(DrawTile(0))
    m.play(m.legal_actions()[0])  # a cape: Bob may place a unit
    m.play(PlaceUnit("scout", 0))
    assert m.state.round == 2 and m.state.phase == "spin" and m.to_move() == 1
    assert m.why_no_undo() is not None, "the scout ended Bob's turn: it stands"
    assert not m.undo() and m.log[-1].action == PlaceUnit("scout", 0)


def test_undo_within_a_turn_still_works():
    m = Match(EntdeckerRules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 7)
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    assert m.why_no_undo() is None and m.undo()


# ---------------------------------------------------------------- words for translation
def test_refusals_with_values_keep_their_template_and_fields():
    s = exploring(new_game(), (-1, 3), draws=1)
    s.phase = "declare"
    s.players[0].gold = 2
    reason = R.why_illegal(s, Declare(3, False))
    assert isinstance(reason, Words) and reason.template == "That costs {cost} gold; you have {gold}."
    assert reason == "That costs 3 gold; you have 2."
    s = exploring(new_game(), (-1, 3), draws=1)
    put_on_top(s, 0, "P2")
    s = play(s, DrawTile(0))
    edge = R.why_illegal(s, PlaceTile(0, 3, 3))
    assert isinstance(edge, Words) and edge == "The west edge shows land, but beside it is the sea of a start circle."


def test_every_log_line_and_account_is_words():
    rng = random.Random(3)
    s = new_game(seats=3, seed=3)
    lines = []
    for _ in range(600):
        if R.to_move(s) is None:
            break
        a = rng.choice(R.legal_actions(s))
        lines.append(R.describe(s, a))
        s = R.apply(s, a)
    assert all(isinstance(line, Words) for line in lines), [line for line in lines if not isinstance(line, Words)][:3]
    accounts = [R.describe_island(s, acc) for acc in s.scored]
    assert accounts and all(isinstance(a, Words) for a in accounts)
