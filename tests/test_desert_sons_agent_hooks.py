"""Realm of the Desert Sons' computer-opponent hooks (games/desert_sons/agent.py): sample() and evaluate().

What the game hides (rules.view): the tiles in the five numbered stacks and their order (and stack 5
left in the box in the short two-player game), the face-down rumor pile, rumors on the rumor board a
seat has not looked at, the rumor tile another seat has just drawn, and the seed. Each test names what
it checks and fails if that broke. Seats: Anna (ranks 1, 8, 12, 13), Ben (2, 7, 11, 14), Cleo (3, 6, 10, 15).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from games.desert_sons import agent
from games.desert_sons.rules import (
    HIDDEN,
    ChooseIcon,
    ExtraTurn,
    MoveCamel,
    Pass,
    PayToll,
    PlaceExplorer,
    PlayDisplay,
    PlaceTile,
    Scout,
    TakeBack,
    TakeRumor,
)
from tests.agent_parts import assert_a_weight_scales_its_part, assert_parts_make_the_projection
from tests.desert_sons_helpers import (
    at_explorer,
    at_move,
    lay,
    load,
    new_game,
    play,
    put_explorer,
    rules,
    set_water,
    started,
    two_part_rules,
)

R = rules()
N_TILES = len(R.cat.tiles)
N_RUMORS = len(R.cfg["rumor_tiles"])
PHASES = set(R.phase_reasons) | {"over"}
SCORING = {"order", "toll", "icon", "good", "rumor", "rumor_take"}


# ---------------------------------------------------------------- reaching states
def pick(r, s, rng: random.Random):
    """A random legal action, leaning towards what makes the rarer moments happen: explorers placed,
    tiles laid where they close an oasis, camels to the exchange square, few extra turns."""
    acts = r.legal_actions(s)
    if s.phase == "explorer":
        place = [a for a in acts if isinstance(a, PlaceExplorer)]
        if place and rng.random() < 0.85:
            return rng.choice(place)
        if rng.random() < 0.7:
            acts = [a for a in acts if not isinstance(a, TakeBack)]
    if s.phase in ("place", "discover") and rng.random() < 0.7:
        lays = [a for a in acts if isinstance(a, (PlaceTile, PlayDisplay, Scout))]
        rng.shuffle(lays)
        for a in lays[:12]:
            after = r.apply(s, a, checked=True)
            if len(after.accounts) > len(s.accounts) or after.phase in SCORING:
                return a
    if s.phase == "move":
        centre = [a for a in acts if isinstance(a, MoveCamel) and (a.col, a.row) == r.cat.exchange]
        if centre and rng.random() < 0.3:
            return centre[0]
        if rng.random() < 0.9:
            acts = [a for a in acts if not (isinstance(a, MoveCamel) and a.pay)]
    if rng.random() < 0.9:
        acts = [a for a in acts if not isinstance(a, ExtraTurn)] or acts
    return rng.choice(acts)


def random_states(seed: int, seats: int, every: float = 0.06, **options):
    """Real states reached by random legal play, picked at random moments (every phase, mid-turn too).

    The first state of each phase is always picked, and the last of the game.
    """
    rng = random.Random(seed * 31 + seats)
    s = new_game(seats=seats, seed=seed, **options)
    out, phases = [s], {s.phase}
    while s.phase != "over":
        s = R.apply(s, pick(R, s, rng), checked=True)
        if rng.random() < every or s.phase not in phases or s.phase == "over":
            out.append(s)
            phases.add(s.phase)
    return out


CASES = [
    (1, 2, {}),
    (2, 3, {}),
    (3, 4, {}),
    (4, 2, {"two_player_setup": "short"}),
    (5, 3, {"centre_exchange": True}),
    (6, 4, {"display_limit": 2, "centre_exchange": True}),
    (7, 2, {"two_player_setup": "off", "leader_per_use": True, "desert_border": False, "start_player": "random"}),
]


# ---- the rare moments, built as the rules tests build them
def rumor_in_another_hand():
    """Anna's turn; Ben's explorer (14) claimed a rumor icon and holds the drawn rumor: phase rumor, Ben decides."""
    s = started()
    lay(s, (6, 1), "E_R", rotation=3)  # closes the north bar's incense oasis: incense + rumor
    at_explorer(s, 0, (6, 1))
    put_explorer(s, 14, (5, 1), 0)
    s = play(s, PlaceExplorer(8, 6, 1, 0), PayToll(True), ChooseIcon(6, 1, 0, 0))
    assert s.phase == "rumor" and s.decider == 1 and s.current == 0
    return R, s


def all_rumors_out():
    """Every rumor on the board (Ben placed and saw them); Anna's explorer claims a rumor: phase rumor_take."""
    s = started()
    goods = R.cat.goods
    for i, tile in enumerate(list(s.rumor_pile)):
        s.rumor_slots[goods[i % 4]].append((tile, 1, frozenset({1})))
    s.rumor_pile = []
    lay(s, (6, 1), "E_R", rotation=3)
    at_explorer(s, 0, (6, 1))
    s = play(s, PlaceExplorer(8, 6, 1, 0), ChooseIcon(6, 1, 0, 0))
    assert s.phase == "rumor_take"
    return R, s


def rumor_just_taken_back():
    """After all_rumors_out, Anna took Ben's rumor off myrrh: it lies in the pile, and Anna has seen it."""
    r, s = all_rumors_out()
    s = play(s, TakeRumor("myrrh", 1))
    return r, s


def full_caravan_choice():
    """Anna's caravan is full and her explorer claims incense: phase good."""
    s = started()
    load(s, 0, "salt", "salt", "gems", "myrrh")
    lay(s, (6, 1), "E_W1", rotation=3)
    at_explorer(s, 0, (6, 1))
    s = play(s, PlaceExplorer(8, 6, 1, 0), ChooseIcon(5, 1, 0, 0))
    assert s.phase == "good"
    return R, s


def two_oases_at_once():
    """One tile closed two oases: Anna orders their scoring, phase order. The box's tiles have one oasis part
    each and a turn lays one tile with oasis, so this needs rules whose strips hold two parts."""
    r = two_part_rules()
    s = started(r=r)
    lay(s, (4, 0), "E_S", rotation=2, r=r)  # west of the north bar, whose squares show desert to the west
    lay(s, (4, 2), "E_G", rotation=0, r=r)
    lay(s, (4, 1), "I_I", rotation=0, r=r)
    at_explorer(s, 0, (4, 1))
    put_explorer(s, 14, (4, 0), 0)
    put_explorer(s, 15, (4, 2), 0)
    assert r.check_invariants(s) == []
    s = play(s, Pass(), r=r)
    assert s.phase == "order"
    return r, s


SCENARIOS = [rumor_in_another_hand, all_rumors_out, rumor_just_taken_back, full_caravan_choice, two_oases_at_once]


def all_tiles(s) -> list[int]:
    """Every explorer tile of a full state, wherever it lies."""
    tiles = [p.tile for p in s.cells.values() if p.tile is not None]
    tiles += [t for st in s.stacks for t in st] + s.boxed + s.removed
    for p in s.players:
        tiles += p.display
    if s.in_hand is not None:
        tiles.append(s.in_hand)
    return tiles


def all_rumors(s) -> list[int]:
    """Every rumor tile of a full state: on the board, in the pile, in a hand."""
    out = [t for slots in s.rumor_slots.values() for t, _p, _s in slots] + list(s.rumor_pile)
    if s.rumor_hand is not None:
        out.append(s.rumor_hand)
    return out


def hidden_rumors(s, seat: int) -> list[int]:
    """The rumor tiles `seat` cannot see in a full state: the pile, unseen slots, another seat's hand."""
    out = list(s.rumor_pile)
    out += [t for slots in s.rumor_slots.values() for t, _p, seen in slots if seat not in seen]
    if s.rumor_hand is not None and s.decider != seat:
        out.append(s.rumor_hand)
    return out


def playout(r, s, rng: random.Random):
    while s.phase != "over":
        s = r.apply(s, rng.choice(r.legal_actions(s)), checked=True)
    return s


def check_sample(r, real, seat: int, rng: random.Random, play_on: bool):
    """The checks every sample must pass: same view, not hidden, same legal actions, plays to the end."""
    view = r.view(real, seat)
    s = agent.sample(r, view, seat, rng)
    assert s.hidden is False
    assert HIDDEN not in all_tiles(s) and HIDDEN not in all_rumors(s)
    assert r.view(s, seat) == view, "the sample shows the seat another view"
    assert r.check_invariants(s) == []
    if r.to_move(view) == seat:
        assert r.legal_actions(s) == r.legal_actions(view)
    if play_on:
        end = playout(r, s, rng)
        assert end.phase == "over"
        assert r.check_invariants(end) == []
    return s


# ---------------------------------------------------------------- sample: consistent with the view
@pytest.mark.parametrize("seed,seats,options", CASES)
def test_sample_shows_the_same_view_keeps_legal_actions_and_plays_to_the_end(seed, seats, options):
    rng = random.Random(seed)
    states = random_states(seed, seats, **options)
    assert len(states) > 15
    for i, real in enumerate(states):
        for seat in range(seats):
            check_sample(R, real, seat, rng, play_on=seat == i % seats)  # one playout per state, seats in turn


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_sample_of_the_rare_moments_shows_the_same_view_and_plays_to_the_end(scenario):
    """Mid-scoring moments random play seldom reaches: another seat's rumor in hand, all rumors out,
    a rumor just taken back, a full caravan's choice, two oases to order."""
    r, real = scenario()
    rng = random.Random(5)
    for seat in range(len(real.seats)):
        for k in range(3):
            check_sample(r, real, seat, rng, play_on=k == 0)


def test_random_play_and_the_rare_moments_cover_every_phase():
    phases = set()
    for seed, seats, options in CASES:
        phases |= {s.phase for s in random_states(seed, seats, **options)}
    phases |= {scenario()[1].phase for scenario in SCENARIOS}
    assert phases == PHASES, f"missed phases {PHASES - phases}"


# ---------------------------------------------------------------- sample: random, and no invented pieces
def early_state():
    """A state of seat 0's turn with many tiles still in the stacks and rumors out, some unseen by seat 2."""
    for real in random_states(5, 3, every=0.2, centre_exchange=True):
        placed = sum(len(v) for v in real.rumor_slots.values())
        if placed and real.tiles_left > 30 and hidden_rumors(real, 2) and real.phase != "rumor":
            return real
    raise AssertionError("no such state in the game")


def test_sample_fills_hidden_parts_differently_for_different_rng_seeds():
    real = early_state()
    view = R.view(real, 2)
    samples = [agent.sample(R, view, 2, random.Random(k)) for k in range(8)]
    low = real.lowest_stack()
    assert len({tuple(s.stacks[low]) for s in samples}) == 8
    assert len({tuple(s.stacks[-1][:-1]) for s in samples}) == 8, "the order below the top too"
    assert len({tuple(hidden_rumors(s, 2)) for s in samples}) > 1
    assert len({s.seed for s in samples}) == 8


@pytest.mark.parametrize("seed,seats,options", CASES[:5])
def test_sample_never_invents_a_piece_every_tile_and_rumor_exactly_once(seed, seats, options):
    """Every explorer tile once, each stack only tiles of its back number and of its size, the box as big
    as it was; every rumor tile once, and the values hidden from the seat the same multiset as in truth."""
    rng = random.Random(seed + 100)
    values = R.cfg["rumor_tiles"]
    for real in random_states(seed, seats, every=0.08, **options):
        for seat in range(seats):
            s = agent.sample(R, R.view(real, seat), seat, rng)
            assert sorted(all_tiles(s)) == list(range(N_TILES))
            assert [len(st) for st in s.stacks] == [len(st) for st in real.stacks]
            for number, st in enumerate(s.stacks, start=1):
                assert {R.cat.tile_stack[t] for t in st} <= {number}
            assert sorted(s.boxed) == sorted(real.boxed)
            assert sorted(all_rumors(s)) == list(range(N_RUMORS))
            assert len(s.rumor_pile) == len(real.rumor_pile)
            assert (sorted(values[t] for t in hidden_rumors(s, seat))
                    == sorted(values[t] for t in hidden_rumors(real, seat)))


def test_sample_draws_every_tile_of_the_stacks_number_for_its_top_and_nothing_else():
    real = early_state()
    low = real.lowest_stack()
    view = R.view(real, 0)
    could = set(real.stacks[low])
    assert len(could) > 3
    rng = random.Random(3)
    tops = Counter(agent.sample(R, view, 0, rng).stacks[low][-1] for _ in range(60 * len(could)))
    assert set(tops) == could
    assert min(tops.values()) > 20  # about 60 each: no tile is favoured or shunned


def test_sample_short_game_keeps_stack_5_in_the_box():
    real = random_states(4, 2, two_player_setup="short")[3]
    assert real.boxed and not real.stacks[-1]
    s = agent.sample(R, R.view(real, 1), 1, random.Random(2))
    assert sorted(s.boxed) == sorted(real.boxed) and not s.stacks[-1]


def test_sample_a_face_down_rumor_takes_every_value_that_could_be_there():
    """Ben placed every rumor and Anna saw none: each of her samples puts any of the six tiles on a slot."""
    _r, real = all_rumors_out()
    view = R.view(real, 0)
    rng = random.Random(4)
    on_incense = Counter(agent.sample(R, view, 0, rng).rumor_slots["incense"][0][0] for _ in range(600))
    assert set(on_incense) == set(range(N_RUMORS)) and min(on_incense.values()) > 50
    # Ben saw them all: his samples keep every tile where it is
    ben = agent.sample(R, R.view(real, 1), 1, rng)
    assert ben.rumor_slots == real.rumor_slots


def test_sample_leaves_a_rumor_in_the_hand_that_sees_it_and_fills_one_it_does_not():
    _r, real = rumor_in_another_hand()
    rng = random.Random(6)
    ben = [agent.sample(R, R.view(real, 1), 1, rng) for _ in range(20)]
    assert {s.rumor_hand for s in ben} == {real.rumor_hand}
    anna = [agent.sample(R, R.view(real, 0), 0, rng) for _ in range(60)]
    assert len({s.rumor_hand for s in anna}) > 3
    assert all(s.rumor_hand not in s.rumor_pile for s in anna)


def test_sample_keeps_a_rumor_the_seat_just_took_back_in_the_pile():
    """Anna has just taken a rumor off the board and looked at it: it is in the pile in all her samples."""
    _r, real = rumor_just_taken_back()
    taken = real.rumor_pile[0]
    seen = [n for n in R.view(real, 0).notices if n["type"] == "rumor_taken"]
    assert seen[0]["tile"] == taken  # what Anna has seen (the notice of the last action)
    assert "tile" not in [n for n in R.view(real, 1).notices if n["type"] == "rumor_taken"][0]
    rng = random.Random(8)
    for _ in range(30):
        assert agent.sample(R, R.view(real, 0), 0, rng).rumor_pile == [taken]


# ---------------------------------------------------------------- sample: honesty
def reshuffled(real, seat: int, rng: random.Random):
    """The same game with every part hidden from `seat` changed: stacks, box, the rumors it has not seen
    (a rumor it has just seen taken back stays in the pile), the seed."""
    s = real.copy()
    s.notices = list(real.notices)
    s.stacks = [st[1:] + st[:1] for st in real.stacks]  # every stack of 2 or more in another order
    s.boxed = real.boxed[1:] + real.boxed[:1]
    seen_in_notices = {n["tile"] for n in R.view(real, seat).notices if "tile" in n and n.get("type", "").startswith("rumor")}
    places = [("pile", i) for i, t in enumerate(real.rumor_pile) if t not in seen_in_notices]
    places += [(g, i) for g, slots in real.rumor_slots.items() for i, (_t, _p, seen) in enumerate(slots)
               if seat not in seen]
    if real.rumor_hand is not None and real.decider != seat:
        places.append(("hand", 0))

    def get(where):
        g, i = where
        return s.rumor_pile[i] if g == "pile" else s.rumor_hand if g == "hand" else s.rumor_slots[g][i][0]

    tiles = [get(w) for w in places]
    tiles = tiles[1:] + tiles[:1]
    s.rumor_pile = list(real.rumor_pile)
    s.rumor_slots = {g: list(v) for g, v in real.rumor_slots.items()}
    for (g, i), t in zip(places, tiles):
        if g == "pile":
            s.rumor_pile[i] = t
        elif g == "hand":
            s.rumor_hand = t
        else:
            _t, placer, seen = s.rumor_slots[g][i]
            s.rumor_slots[g][i] = (t, placer, seen)
    s.seed = real.seed + 12345
    return s


def test_sample_is_honest_it_reads_only_the_view():
    rng = random.Random(11)
    reals = random_states(8, 3, every=0.1) + [scenario()[1] for scenario in SCENARIOS[:4]]
    differed = 0
    for real in reals:
        for seat in range(3):
            other = reshuffled(real, seat, rng)
            differed += other.stacks != real.stacks or hidden_rumors(other, seat) != hidden_rumors(real, seat)
            assert R.check_invariants(other) == []
            view = R.view(real, seat)
            assert R.view(other, seat) == view
            a = agent.sample(R, view, seat, random.Random(77))
            b = agent.sample(R, R.view(other, seat), seat, random.Random(77))
            assert a == b
    assert differed > 40, "the two real states should differ in their hidden parts"


def test_sample_draws_hidden_parts_afresh_rather_than_finding_the_real_ones():
    real = early_state()
    s = agent.sample(R, R.view(real, 2), 2, random.Random(1))
    assert s.stacks != real.stacks and s.seed != real.seed


# ---------------------------------------------------------------- evaluate
@pytest.mark.parametrize("seed,seats,options", CASES[:4])
def test_evaluate_on_a_finished_game_is_the_score_sheet_margin(seed, seats, options):
    end = random_states(seed, seats, every=0.0, **options)[-1]
    assert end.phase == "over"
    sheet = R.score_sheet(end)
    assert max(sheet.totals) > 0
    for seat in range(seats):
        margin = sheet.totals[seat] - max(t for x, t in enumerate(sheet.totals) if x != seat)
        value = agent.evaluate(R, end, seat)
        assert isinstance(value, float) and value == margin


def test_evaluate_is_zero_sum_between_two_seats():
    for s in random_states(10, 2, every=0.1):
        assert agent.evaluate(R, s, 0) == pytest.approx(-agent.evaluate(R, s, 1))


def last_turns(seats: int = 3):
    """Anna's turn with the stacks empty (their tiles removed from the game): only what is held counts."""
    s = at_move(started(seats), 0)
    for st in s.stacks:
        s.removed += st
        st.clear()
    s.final = [1, 2, 0]
    assert R.check_invariants(s) == []
    return s


def test_evaluate_a_good_is_worth_4_plus_the_rumors_on_its_kind():
    """End of the game and scoring: a good is worth 4 plus the rumor tiles on its slots."""
    poor, rich = last_turns(), last_turns()
    load(rich, 0, "incense")
    assert agent.evaluate(R, rich, 0) - agent.evaluate(R, poor, 0) == pytest.approx(4.0)
    for s in (poor, rich):
        plus_two = R.cfg["rumor_tiles"].index(2)
        s.rumor_pile.remove(plus_two)
        s.rumor_slots["incense"].append((plus_two, 1, frozenset({1})))
    assert agent.evaluate(R, rich, 0) - agent.evaluate(R, poor, 0) == pytest.approx(6.0)


def test_evaluate_a_rumor_on_your_own_kind_beats_one_on_a_rivals_kind():
    """A good is worth 4 plus its rumors: +2 on the salt Anna carries, against +2 on Ben's gems."""
    mine, theirs = at_move(started(), 0), at_move(started(), 0)
    plus_two = R.cfg["rumor_tiles"].index(2)
    for s, good in ((mine, "salt"), (theirs, "gems")):
        load(s, 0, "salt", "salt")
        load(s, 1, "gems", "gems")
        s.rumor_pile.remove(plus_two)
        s.rumor_slots[good].append((plus_two, 0, frozenset({0})))
    assert agent.evaluate(R, mine, 0) - agent.evaluate(R, theirs, 0) == pytest.approx(8.0)


def test_evaluate_more_goods_stand_better_in_mid_game():
    """A good is worth 4 (less, in mid-game, the caravan space it takes from goods still to come)."""
    poor, rich = at_move(started(), 0), at_move(started(), 0)
    load(rich, 0, "myrrh")
    assert agent.evaluate(R, rich, 0) > agent.evaluate(R, poor, 0) + 1.5


def closed_incense_oasis(anna: int | None, ben: int | None, turban: int | None = None, kind: str = "E_0"):
    """Anna's explorer step: the north bar's incense oasis is closed by an oasis end at (6,1), without
    icons unless `kind` says; Ben's explorer `ben` stands on the cross part, Anna's `anna` on the new tile."""
    s = started()
    lay(s, (6, 1), kind, rotation=3)
    at_explorer(s, 0, (6, 1))
    if ben:
        put_explorer(s, ben, (5, 1), 0)
    if anna:
        put_explorer(s, anna, (6, 1), 0)
    if turban is not None:
        s.turban = turban
    parts, complete = R.oasis_parts(s, (5, 1), 0)
    assert complete and len(parts) == 2
    return s


def test_evaluate_the_tallest_explorer_claims_the_one_icon():
    """Score completed oases, 1 and 3: explorers claim in height order; Anna's 12 above Ben's 11 takes the
    incense, Ben's 14 above Anna's 8 leaves her nothing."""
    ahead = closed_incense_oasis(anna=12, ben=11)
    behind = closed_incense_oasis(anna=8, ben=14)
    # the incense (less the space it takes from goods to come) and the toll's water, for Anna or for Ben
    assert agent.evaluate(R, ahead, 0) > agent.evaluate(R, behind, 0) + 3
    # the same after the toll, while the oasis is being scored
    ahead = play(ahead, Pass())
    assert ahead.phase == "toll" and ahead.decider == 0
    behind = play(behind, Pass())
    assert behind.phase == "toll" and behind.decider == 1
    assert agent.evaluate(R, ahead, 0) > agent.evaluate(R, behind, 0) + 3


def test_evaluate_the_turban_makes_its_explorer_the_tallest():
    """Score completed oases, 1: the explorer wearing the turban counts as taller than all others."""
    anna_wears = closed_incense_oasis(anna=13, ben=14, turban=13)
    ben_wears = closed_incense_oasis(anna=13, ben=14, turban=14)
    assert R.tallest_first(anna_wears, [13, 14]) == [13, 14]
    assert agent.evaluate(R, anna_wears, 0) > agent.evaluate(R, ben_wears, 0) + 3


def test_evaluate_a_complete_oasis_beats_one_still_open():
    """Incomplete oases score nothing: Anna's explorer on the closed incense oasis counts more than on
    the same oasis with one side still open."""
    closed = started()
    lay(closed, (6, 1), "E_0", rotation=3)
    at_explorer(closed, 0, (6, 1))
    put_explorer(closed, 12, (5, 1), 0)
    assert R.oasis_parts(closed, (5, 1), 0)[1]
    still_open = at_move(started(), 0)
    put_explorer(still_open, 12, (5, 1), 0)
    assert not R.oasis_parts(still_open, (5, 1), 0)[1]
    nobody = at_move(started(), 0)
    assert agent.evaluate(R, closed, 0) > agent.evaluate(R, still_open, 0) + 1
    assert agent.evaluate(R, still_open, 0) > agent.evaluate(R, nobody, 0) - 1.0


def test_evaluate_a_camel_card_lets_a_full_caravan_take_the_good_it_claims():
    """Caravan capacity = 4 + 2 per camel card: with a full caravan the incense Anna's explorer claims is
    worth nothing more (all her goods are worth 4), with a camel card it is worth its 4 points."""
    full = closed_incense_oasis(anna=12, ben=11)
    card = closed_incense_oasis(anna=12, ben=11)
    for s in (full, card):
        load(s, 0, "salt", "salt", "gems", "myrrh")
    card.players[0].camel_cards, card.camel_cards = 1, card.camel_cards - 1
    assert agent.evaluate(R, card, 0) > agent.evaluate(R, full, 0) + 4


def test_evaluate_a_full_caravan_gains_what_the_new_good_is_worth_above_the_cheapest_carried():
    """Full caravan: leave the new good, or throw away a carried good and load it. Anna's full caravan
    claims incense (4): with a -2 rumor on her myrrh (worth 2) the swap gains 2; with all her goods
    worth 4 it gains nothing."""
    def gain(cheap_myrrh: bool) -> float:
        states = []
        for anna in (12, None):
            s = closed_incense_oasis(anna=anna, ben=None)
            load(s, 0, "salt", "salt", "gems", "myrrh")
            if cheap_myrrh:
                minus_two = R.cfg["rumor_tiles"].index(-2)
                s.rumor_pile.remove(minus_two)
                s.rumor_slots["myrrh"].append((minus_two, 1, frozenset({1})))
            states.append(s)
        return agent.evaluate(R, states[0], 0) - agent.evaluate(R, states[1], 0)

    assert gain(cheap_myrrh=False) == pytest.approx(0.0)
    assert gain(cheap_myrrh=True) == pytest.approx(2.0)


def test_evaluate_an_explorer_claims_the_icon_worth_most_to_its_owner():
    """Score completed oases, 3: the owner chooses the icon. Anna's caravan is full of goods worth 4, so
    the incense gains her nothing; when the new tile brings one water too, she takes the water."""
    plain = closed_incense_oasis(anna=12, ben=None)
    water = closed_incense_oasis(anna=12, ben=None, kind="E_W1")
    for s in (plain, water):
        load(s, 0, "salt", "salt", "gems", "myrrh")
    assert agent.evaluate(R, water, 0) > agent.evaluate(R, plain, 0) + 0.3


def test_evaluate_the_tallest_without_water_claims_nothing():
    """Score completed oases, 2: the owner of the tallest of two explorers pays 1 water, or that explorer
    takes no action: Anna's 12 with no water leaves the incense to Ben's 11."""
    paying = closed_incense_oasis(anna=12, ben=11)
    dry = closed_incense_oasis(anna=12, ben=11)
    set_water(dry, 0, 0)
    set_water(paying, 0, 1)  # one stone: it pays the toll
    assert agent.evaluate(R, paying, 0) > agent.evaluate(R, dry, 0) + 4


def test_evaluate_water_counts_in_mid_game_and_not_at_the_end():
    """Water pays the toll, the caravan leader, the scout and the camel driver; at the end only the goods
    count (water breaks a tie, which the margin does not show)."""
    rich, poor = at_move(started(), 0), at_move(started(), 0)
    set_water(rich, 0, 4)
    assert agent.evaluate(R, rich, 0) > agent.evaluate(R, poor, 0)
    end = random_states(2, 3, every=0.0)[-1]
    richer = end.copy()
    richer.players[0].water += richer.water
    richer.water = 0
    assert agent.evaluate(R, richer, 0) == agent.evaluate(R, end, 0)


@pytest.mark.parametrize("seed,seats,options", [CASES[2], CASES[6]])
def test_evaluate_walks_each_oasis_as_the_rules_do(seed, seats, options):
    """An oasis is all the oasis parts joined across oasis edges, complete when none faces an undiscovered
    square: the evaluation's own quick walk finds the same parts and the same completeness as the rules."""
    f = agent._facts(R)
    walked = 0
    for s in random_states(seed, seats, every=0.3, **options):
        for cell, placed in s.cells.items():
            for part in range(len(R.part_edges(placed))):
                parts, open_squares = agent._oasis(s.cells, f["pedges"], f["touch"], R._nbr, cell, part)
                want, complete = R.oasis_parts(s, cell, part)
                assert sorted(parts) == sorted(want)
                assert (open_squares == 0) == complete
                walked += 1
    assert walked > 500


# ---------------------------------------------------------------- alike: actions the evaluation values alike
def _groups(s) -> dict:
    """alike()'s groups of the legal actions: key -> the actions in it."""
    actions = R.legal_actions(s)
    groups: dict = {}
    for act, key in zip(actions, agent.alike(R, s, actions)):
        if key is not None:
            groups.setdefault(key, []).append(act)
    return groups


def test_actions_alike_lead_to_results_valued_alike_from_every_seat():
    """alike(): the actions it puts in one group (camel moves of one cost to squares beside undiscovered ones, and
    to squares with none, rules.md 5.1-5.2; an explorer without the turban put alone into an oasis, 5.3) lead to
    results evaluate() values exactly alike, from every seat, so the search may value one of them for all. Random
    full states of every phase and option; each kind of group met with more than one action."""
    met = Counter()
    for seed, seats, options in CASES:
        for s in random_states(seed, seats, every=0.5, **options):
            for key, members in _groups(s).items():
                values = {tuple(agent.evaluate(R, R.apply(s, a), x) for x in range(seats)) for a in members}
                assert len(values) == 1, (key, members)
                met[key[0]] += len(members) > 1
    assert met["discover"] and met["still"] and met["alone"], met


def test_alike_tells_apart_a_square_that_takes_a_seats_last_free_square():
    """5.1: a camel may not end its move on another camel. Moves to squares with nothing to discover are grouped
    only where the camel standing there leaves every other seat as able to move as the others of the group do;
    a square that takes a seat's last free square is grouped apart (met in random games)."""
    told_apart = 0
    for seed, seats, options in CASES:
        for s in random_states(seed, seats, every=1.0, **options):
            still = {k: v for k, v in _groups(s).items() if k[0] == "still"}
            if not still:
                continue
            others = [x for x in range(seats) if x != s.current]

            def can_move(act) -> tuple:
                there = s.copy()
                there.players[s.current].camel = (act.col, act.row) if isinstance(act, MoveCamel) else s.players[
                    s.current].camel
                return tuple(R._can_move(there, x) for x in others)

            outcomes = {}
            for key, members in still.items():
                seen = {can_move(a) for a in members}
                assert len(seen) == 1, (key, members)
                outcomes[key] = seen.pop()
            told_apart += len(set(outcomes.values())) > 1
    assert told_apart >= 3, told_apart


def test_alike_keeps_apart_what_is_valued_apart():
    """A paid move (the caravan leader's water) is not grouped with a free one; the turban's wearer (it passes on
    when its oasis is scored) and an explorer joining another in its oasis (its height orders the claims) are
    valued on their own, and such a placement is valued differently from another height's at times; with an
    extra turn paid a move with nothing to discover is valued on its own; a seat's view groups nothing."""
    apart = paid = views = 0
    for seed, seats, options in CASES:
        for s in random_states(seed, seats, every=1.0, **options):
            actions = R.legal_actions(s)
            keys = agent.alike(R, s, actions)
            if any(k is not None for k in keys):
                assert agent.alike(R, R.view(s, s.current), actions) == [None] * len(actions)
                views += 1
            for act, key in zip(actions, keys):
                if isinstance(act, MoveCamel) and key is not None:
                    assert key[1] == act.pay
                    paid += act.pay
                if isinstance(act, MoveCamel) and s.extra and key is not None:
                    assert key[0] == "discover"
                if not isinstance(act, PlaceExplorer):
                    continue
                parts, _complete = R.oasis_parts(s, (act.col, act.row), act.part)
                joins = any(where in parts for where in s.explorers.values())
                assert (key is None) == (joins or act.rank == s.turban), (act, key)
                if joins:
                    others = [b for b in actions if isinstance(b, PlaceExplorer) and b.rank != act.rank
                              and (b.col, b.row, b.part) == (act.col, act.row, act.part)]
                    apart += any(agent.evaluate(R, R.apply(s, act), s.current)
                                 != agent.evaluate(R, R.apply(s, b), s.current) for b in others)
    assert apart and paid and views, (apart, paid, views)


# ---------------------------------------------------------------- WEIGHTS: the projection's parts (engine/tune.py)
@pytest.mark.parametrize("seed,seats,options", CASES[:4])
def test_parts_times_their_weights_make_the_projection(seed, seats, options):
    """parts(): the goods carried now plus each part times its WEIGHTS entry is each seat's projection, and
    evaluate() is the seat's projection minus the best other seat's: the weights engine/tune.py fits are the ones
    the search plays with."""
    checked = 0
    for s in random_states(seed, seats, every=0.1, **options):
        if s.phase == "over":
            continue
        assert_parts_make_the_projection(agent, R, s, agent._scores(R, s))
        checked += 1
    assert checked > 5


def test_a_parts_weight_scales_what_its_holding_adds_to_the_projection():
    """WEIGHTS["water"]: a water stone in mid-game is worth its share of the tolls and leaders to come, times
    the weight; a weight of 0 makes water worth nothing in the projection and 2 doubles it."""
    poor = at_move(started(), 0)
    rich = poor.copy()
    set_water(rich, 0, 4)
    assert_a_weight_scales_its_part(lambda s, wt: agent._project(R, s, wt), agent.WEIGHTS, "water", poor, rich)


def test_an_oasis_kept_with_the_board_is_valued_as_one_walked_anew():
    """evaluate() keeps each oasis it walks (its parts, its open squares, its icons: "Score completed oases", the
    claims and the chance the oasis closes) with the board's brown-line groups, which the board's copies and samples
    share. A position is valued exactly as the same position whose oases are walked anew (its board without the
    groups), from every seat, after earlier positions, earlier boards and samples of the game filled what is kept:
    no board is valued with another board's oases."""
    kept_used = 0
    for seed, seats, options in CASES:
        rng = random.Random(seed)
        for s in random_states(seed, seats, every=0.3, **options):
            agent.evaluate(R, agent.sample(R, R.view(s, s.current), s.current, rng), s.current)
            values = [agent.evaluate(R, s, x) for x in range(seats)]
            bare = s.copy()
            bare.net = None
            assert values == [agent.evaluate(R, bare, x) for x in range(seats)], (seed, s.phase)
            kept_used += s.net is not None and any(k[0] == "oasis" for k in s.net.derived)
    assert kept_used >= 20, kept_used


def test_standing_is_the_projection_evaluate_compares_until_a_seat_count_has_a_chance_to_win_fitted():
    """standing() (Hard's chance to win, engine/core/search.py WinChance): each seat's projection as evaluate counts
    it where WIN_WEIGHTS has nothing for the seat count, the final sheet when over, and the share of the stack tiles
    left; with WIN_SIGMA None and no SEAT_WIN_SIGMA for the count, Hard values exactly the margin evaluate gives."""
    from engine.core.search import SearchAgent

    for seats in (2, 3):
        states = random_states(4, seats)
        hard = SearchAgent(R, 0, seed=1, level="hard")
        for s in states:
            scores, left, over = agent.standing(R, s)
            assert over == (s.phase == "over") and 0.0 <= left <= 1.0
            for seat in range(seats):
                if seats not in agent.WIN_WEIGHTS:
                    assert agent.evaluate(R, s, seat) == pytest.approx(
                        scores[seat] - max(v for x, v in enumerate(scores) if x != seat))
                if seats not in agent.SEAT_WIN_SIGMA:
                    assert hard._evaluate(R, s, seat) == pytest.approx(agent.evaluate(R, s, seat))
        lefts = [agent.standing(R, s)[1] for s in states]
        assert lefts[0] > 0.9 and lefts[-1] == 0.0
        assert all(a >= b for a, b in zip(lefts, lefts[1:]))  # the tiles only ever run down
