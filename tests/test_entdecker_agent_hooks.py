"""Entdecker's computer-opponent hooks (games/entdecker/agent.py): sample() and evaluate().

What Entdecker hides, from every seat alike: the tiles of the five face-down piles and their order
(only each pile's size and its top tile's back show), the chips in the bag (only how many), and
the random seed. Each test names what it checks and fails if that broke.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from games.entdecker import agent
from games.entdecker.rules import HIDDEN, DrawTile, Placed
from tests.agent_parts import assert_a_weight_scales_its_part, assert_parts_make_the_projection
from tests.entdecker_helpers import exploring, lay, new_game, rules

R = rules()
N_TILES = len(R.cat.tiles)
CHIP_IDS = [c["id"] for c in R.cfg["chips"]]
PHASES = {"spin", "start", "declare", "explore", "place", "over"}


def random_states(seed: int, seats: int, every: float = 0.06, **options):
    """Real states reached by random legal play, picked at random moments (all phases, mid-turn too).

    The first state of each phase is always picked, and the last of the game.
    """
    rng = random.Random(seed * 31 + seats)
    s = new_game(seats=seats, seed=seed, **options)
    out, phases = [s], {s.phase}
    while s.phase != "over":
        s = R.apply(s, rng.choice(R.legal_actions(s)), checked=True)
        if rng.random() < every or s.phase not in phases:
            out.append(s)
            phases.add(s.phase)
    return out


CASES = [(seed, seats, {}) for seed in (1, 2) for seats in (2, 3, 4)] + [
    (3, 3, {"blocked_gaps": "undiscovered"}),
    (4, 2, {"unit_chance": "next_draw"}),
]


def all_tiles(s) -> list[int]:
    """Every tile of a full state, wherever it lies."""
    tiles = [p.tile for p in s.cells.values()]
    for group in (s.piles, s.reserve, s.overflow):
        for pile in group:
            tiles += pile
    tiles += s.removed
    for p in s.players:
        tiles += p.personal
    if s.in_hand is not None:
        tiles.append(s.in_hand)
    return tiles


def playout(s, rng: random.Random):
    while s.phase != "over":
        s = R.apply(s, rng.choice(R.legal_actions(s)), checked=True)
    return s


# ---------------------------------------------------------------- sample: consistent with the view
@pytest.mark.parametrize("seed,seats,options", CASES)
def test_sample_shows_the_same_view_keeps_legal_actions_and_plays_to_the_end(seed, seats, options):
    phases = set()
    rng = random.Random(seed)
    for i, real in enumerate(random_states(seed, seats, **options)):
        phases.add(real.phase)
        for seat in range(seats):
            view = R.view(real, seat)
            s = agent.sample(R, view, seat, rng)
            assert s.hidden is False and s.top_backs is None
            assert HIDDEN not in [t for p in s.piles for t in p] and str(HIDDEN) not in s.bag
            assert R.view(s, seat) == view, f"state {i}, seat {seat}: the sample shows another view"
            assert R.check_invariants(s) == []
            if R.to_move(view) == seat:
                assert R.legal_actions(s) == R.legal_actions(view)
            end = playout(s, rng)
            assert end.phase == "over"
            assert R.check_invariants(end) == [], f"state {i}, seat {seat}"
    assert phases == PHASES, f"random play missed phases {PHASES - phases}"


def test_sample_gives_each_pile_its_top_back_and_size():
    """The view shows each pile's size and its top tile's back: "?" tops stay "?" tiles, plain stay plain."""
    for real in random_states(5, 3, every=0.1):
        view = R.view(real, 0)
        s = agent.sample(R, view, 0, random.Random(9))
        assert [len(p) for p in s.piles] == [len(p) for p in real.piles]
        assert [R.cat.tiles[p[-1]].back if p else None for p in s.piles] == view.top_backs
        assert len(s.bag) == len(real.bag)


# ---------------------------------------------------------------- sample: random, and no invented pieces
def test_sample_fills_hidden_parts_differently_for_different_rng_seeds():
    real = random_states(6, 3)[8]
    assert real.face_down_left > 20 and len(real.bag) > 5
    view = R.view(real, 1)
    samples = [agent.sample(R, view, 1, random.Random(k)) for k in range(6)]
    assert len({tuple(map(tuple, s.piles)) for s in samples}) == 6
    assert len({tuple(s.bag) for s in samples}) == 6
    assert len({s.seed for s in samples}) == 6
    below_top = {tuple(s.piles[0][:-1]) for s in samples}
    assert len(below_top) == 6  # not only the tops: the order below them too


def test_sample_draws_every_possible_tile_for_a_pile_top():
    """Every hidden tile with the right back turns up on pile 1's top over many samples, nothing else does."""
    real = random_states(7, 2)[3]
    view = R.view(real, 0)
    visible = set(all_tiles(real)) - {t for p in real.piles for t in p}
    back = view.top_backs[0]
    could = {t for t in range(N_TILES) if t not in visible and R.cat.tiles[t].back == back}
    assert len(could) > 5
    rng = random.Random(3)
    tops = Counter(agent.sample(R, view, 0, rng).piles[0][-1] for _ in range(60 * len(could)))
    assert set(tops) == could
    assert min(tops.values()) > 20  # about 60 each: no tile is favoured or shunned


@pytest.mark.parametrize("seed,seats,options", CASES[:4])
def test_sample_never_invents_a_piece_every_tile_and_chip_exactly_once(seed, seats, options):
    rng = random.Random(seed + 100)
    for real in random_states(seed, seats, every=0.08, **options):
        for seat in range(seats):
            s = agent.sample(R, R.view(real, seat), seat, rng)
            assert sorted(all_tiles(s)) == list(range(N_TILES))
            assert sorted(t for p in s.piles for t in p) == sorted(t for p in real.piles for t in p)
            held = [c for p in s.players for c, _ in p.chips]
            assert sorted(held + s.bag) == sorted(CHIP_IDS)
            assert sorted(s.bag) == sorted(real.bag)


# ---------------------------------------------------------------- sample: honesty
def reshuffled(real, rng: random.Random):
    """The same game with every hidden part changed: piles below their tops, tops of equal backs, bag, seed."""
    s = real.copy()
    s.notices = list(real.notices)
    piles = [list(p) for p in real.piles]
    for p in piles:
        below = p[:-1]
        rng.shuffle(below)
        p[:-1] = below
    # swap tops between piles whose tops share a back, and swap a top with a tile of its back lower down
    for i in range(len(piles)):
        for j in range(i + 1, len(piles)):
            if piles[i] and piles[j] and R.cat.tiles[piles[i][-1]].back == R.cat.tiles[piles[j][-1]].back:
                piles[i][-1], piles[j][-1] = piles[j][-1], piles[i][-1]
    for p in piles:
        if len(p) > 1:
            back = R.cat.tiles[p[-1]].back
            same = [k for k in range(len(p) - 1) if R.cat.tiles[p[k]].back == back]
            if same:
                k = rng.choice(same)
                p[k], p[-1] = p[-1], p[k]
    s.piles = piles
    s.bag = list(real.bag)
    rng.shuffle(s.bag)
    s.seed = real.seed + 12345
    return s


def test_sample_is_honest_it_reads_only_the_view():
    rng = random.Random(11)
    checked = 0
    for real in random_states(8, 3, every=0.1):
        other = reshuffled(real, rng)
        if real.phase != "over":
            assert other != real, "the two real states should differ in their hidden parts"
        assert R.check_invariants(other) == []
        for seat in range(3):
            view = R.view(real, seat)
            assert R.view(other, seat) == view
            a = agent.sample(R, view, seat, random.Random(77))
            b = agent.sample(R, R.view(other, seat), seat, random.Random(77))
            assert a == b
            checked += 1
    assert checked > 20


def test_sample_draws_hidden_parts_afresh_rather_than_finding_the_real_ones():
    """The piles and seed of a sample are drawn, not the real ones (which the view does not carry)."""
    real = random_states(9, 2)[5]
    s = agent.sample(R, R.view(real, 0), 0, random.Random(1))
    assert s.piles != real.piles and s.seed != real.seed


# ---------------------------------------------------------------- evaluate
@pytest.mark.parametrize("seed,seats", [(1, 2), (2, 3), (3, 4), (4, 4)])
def test_evaluate_on_a_finished_game_is_the_score_sheet_margin(seed, seats):
    end = random_states(seed, seats, every=2.0)[-1]
    assert end.phase == "over"
    sheet = R.score_sheet(end)
    for seat in range(seats):
        margin = sheet.totals[seat] - max(t for x, t in enumerate(sheet.totals) if x != seat)
        assert agent.evaluate(R, end, seat) == margin


def test_evaluate_is_zero_sum_between_two_seats_and_a_float():
    for s in random_states(10, 2, every=0.1):
        a, b = agent.evaluate(R, s, 0), agent.evaluate(R, s, 1)
        assert isinstance(a, float)
        assert a == pytest.approx(-b)


def midgame(seats: int = 2):
    """Seat 0 exploring in round 2, nothing on the board yet."""
    return exploring(new_game(seats=seats, seed=3), ship=(0, 0), draws=1)


def closed_island(s, tiles: int, units):
    """A fully discovered island at (2,2)... of 2 or 3 tiles, with units [(cell, (owner, kind, piece))]."""
    units = dict(units)
    lay(s, (2, 2), "P2", 2, unit=units.get((2, 2)))  # cape, land to the south
    if tiles == 2:
        lay(s, (2, 3), "P2", 0, unit=units.get((2, 3)))  # cape, land to the north
    else:
        lay(s, (2, 3), "P4", 0, unit=units.get((2, 3)))  # corner, land north and east
        lay(s, (3, 3), "P2", 3, unit=units.get((3, 3)))  # cape, land to the west
    return s


def test_evaluate_island_value_is_its_number_of_tiles():
    """Scoring a discovered island, 3: value = the number of tiles. Seat 0's scout alone on 3 tiles beats 2."""
    three = closed_island(midgame(), 3, [((2, 2), (0, "scout", 0))])
    two = closed_island(midgame(), 2, [((2, 2), (0, "scout", 0))])
    for s in (three, two):
        island = R.island_at(s, (2, 2))
        assert island["complete"] and island["units"]
    assert R.island_value(three, R.island_at(three, (2, 2))) == 3
    gain = agent.evaluate(R, three, 0) - agent.evaluate(R, two, 0)
    assert 0.8 < gain < 1.2


def test_evaluate_ranking_settlements_then_forts_then_scouts_first_rank_full_value_next_half():
    """Scoring a discovered island, 1-4: a fort outranks a scout and draws the chip; first rank full value, next half.

    Seat 0's fort and seat 1's scout on a finished island of 3 tiles, against the same with the units
    swapped (and the same supplies, so only the ranking differs). The leader's value is 3 tiles + the
    chip it draws (the bag's mean value); the next rank gets half; the chip also wins the chip bonus (1).
    """
    lead = closed_island(midgame(), 3, [((2, 2), (0, "fort", 0)), ((3, 3), (1, "scout", 0))])
    behind = closed_island(midgame(), 3, [((2, 2), (0, "scout", 0)), ((3, 3), (1, "fort", 0))])
    for x in (0, 1):
        behind.players[x].supply = dict(lead.players[x].supply)
    mean_chip = sum(R.cat.chip_value(c) for c in lead.bag) / len(lead.bag)
    value = 3 + mean_chip
    margin = value - value / 2 + 1
    assert agent.evaluate(R, lead, 0) - agent.evaluate(R, behind, 0) == pytest.approx(2 * margin)
    assert agent.evaluate(R, lead, 0) > 0 > agent.evaluate(R, behind, 0)


def test_evaluate_a_strait_counts_for_both_islands_but_its_unit_stands_on_one_coast():
    """Islands: a strait's two coasts may belong to two islands; a unit stands on the coast it was put on."""
    s = midgame()
    s.draws_left = 0  # seat 0's paid draw would count like gold: equal holdings
    lay(s, (2, 2), "P3", 0, unit=(0, "scout", 0))  # strait: coasts north (piece 0) and south (piece 1)
    lay(s, (2, 1), "P2", 2)  # cape, land south: closes the north island (2 tiles)
    lay(s, (2, 3), "P2", 0, unit=(1, "scout", 0))  # cape, land north: closes the south island (2 tiles)
    north, south = R.island_at(s, (2, 2), 0), R.island_at(s, (2, 2), 1)
    assert north is not south and len(north["cells"]) == len(south["cells"]) == 2
    assert north["complete"] and south["complete"]
    # 2 points each, equal holdings: even. Were seat 0's scout counted on the south coast too, seat 0 would lead.
    assert agent.evaluate(R, s, 0) == pytest.approx(0.0)


def test_evaluate_counts_an_unfinished_island_at_its_present_size():
    """End of the game, 2: an unfinished island with units scores at its present size (no chip)."""
    one, two = midgame(), midgame()
    for s in (one, two):
        lay(s, (2, 2), "P4", 1, unit=(0, "scout", 0))  # a corner, land east and south
    lay(two, (3, 2), "P2", 3)  # a cape joining it from the east, land to the west
    assert len(R.island_at(two, (2, 2))["cells"]) == 2 and len(R.island_at(one, (2, 2))["cells"]) == 1
    assert not R.island_at(one, (2, 2))["complete"] and not R.island_at(two, (2, 2))["complete"]
    gain = agent.evaluate(R, two, 0) - agent.evaluate(R, one, 0)
    assert 0.8 < gain < 1.2
    # and it is worth that to seat 0 only: seat 1 stands worse by the same
    assert agent.evaluate(R, two, 1) - agent.evaluate(R, one, 1) == pytest.approx(-gain)


def test_evaluate_chip_bonus_goes_to_the_seat_with_most_chips():
    """End of the game, 3: the seat with the most chips scores one point per chip."""
    mine, theirs = midgame(), midgame()
    mine.players[0].chips.append((mine.bag.pop(), "natives"))
    theirs.players[1].chips.append((theirs.bag.pop(), "natives"))
    assert agent.evaluate(R, mine, 0) - agent.evaluate(R, theirs, 0) == pytest.approx(2.0)


def test_evaluate_old_ruins_points_count():
    """The "?" events, old ruins: +2 victory points."""
    a, b = midgame(), midgame()
    a.players[0].points["ruins"] += 2
    assert agent.evaluate(R, a, 0) - agent.evaluate(R, b, 0) == pytest.approx(2.0)


def test_evaluate_gold_in_hand_is_worth_something_while_tiles_remain_and_nothing_at_the_end():
    """Declare your gold / Place a unit: gold buys draws and units, so more gold stands better mid-game."""
    rich, poor = midgame(), midgame()
    rich.players[0].gold, poor.players[0].gold = 9, 4
    assert agent.evaluate(R, rich, 0) > agent.evaluate(R, poor, 0)
    end = random_states(2, 2, every=2.0)[-1]
    richer = end.copy()
    richer.players[0].gold = min(12, end.players[0].gold + 5)
    assert agent.evaluate(R, richer, 0) == agent.evaluate(R, end, 0)


def test_evaluate_paid_draws_not_yet_used_count_like_the_gold_paid():
    """Declaring turns gold into paid draws one for one: declaring alone neither gains nor loses."""
    s = new_game(seats=2, seed=4)
    s = R.apply(s, next(a for a in R.legal_actions(s)))  # spin
    s = R.apply(s, R.legal_actions(s)[0])  # ship on a start circle
    before = agent.evaluate(R, s, 0)
    decl = next(a for a in R.legal_actions(s) if a.draws == 3 and not a.personal)
    after = R.apply(s, decl)
    assert after.draws_left == 3 and after.players[0].gold == s.players[0].gold - 3
    assert agent.evaluate(R, after, 0) == pytest.approx(before)


def test_placed_units_are_read_from_the_board_not_the_supply():
    """The island term reads units on the board: moving seat 1's scout off seat 0's island changes seat 0's lead."""
    shared = closed_island(midgame(), 3, [((2, 2), (0, "scout", 0)), ((3, 3), (1, "scout", 0))])
    alone = closed_island(midgame(), 3, [((2, 2), (0, "scout", 0))])
    alone.players[1].supply["scout"] -= 1  # the same supplies: only the board differs
    cell = alone.cells[(3, 3)]
    assert isinstance(cell, Placed) and cell.unit is None
    # tied scouts share the first rank (3 each); alone seat 0 takes 3 and seat 1 nothing
    assert agent.evaluate(R, alone, 0) - agent.evaluate(R, shared, 0) == pytest.approx(3.0)


def _cold(s, seat):
    """evaluate() with its tables of boards emptied first: nothing known from an earlier board."""
    agent._BOARDS.clear()
    return agent.evaluate(R, s, seat)


def test_evaluate_knows_a_board_again_only_when_tiles_units_and_blocked_gaps_are_the_same(monkeypatch):
    """The islands of a board are kept and used again (a search values thousands of positions of a few hundred
    boards): each evaluation of random positions, with the tables warm from every position before it (and emptied
    every few boards, as a long search does), is the one made knowing nothing."""
    monkeypatch.setattr(agent, "BOARDS_KEPT", 7)
    states = [st for seed, seats, options in CASES for st in random_states(seed, seats, every=0.15, **options)]
    random.Random(5).shuffle(states)
    cold = [[_cold(st, x) for x in range(len(st.players))] for st in states]
    agent._BOARDS.clear()
    warm = [[agent.evaluate(R, st, x) for x in range(len(st.players))] for st in states]
    assert warm == cold and len(states) > 100


def test_evaluate_sees_a_unit_or_a_blocked_gap_added_to_a_board_it_knows():
    """What makes a board another one for the kept islands: a unit put on a known tile layout (seat 1's scout joins
    seat 0's island: shared first rank), and a gap blocked beside an island (closed by it, the island is complete
    and its fort's chip is sure). Each is valued as if seen for the first time, and differently from before."""
    s = midgame()
    s.draws_left = 0
    lay(s, (2, 2), "P2", 2, unit=(0, "fort", 0))  # a cape, land to the south
    lay(s, (2, 3), "P4", 0)  # a corner, land north and east: (3,3) stays open
    before = agent.evaluate(R, s, 0)
    joined = s.copy()
    joined.cells[(2, 3)] = Placed(*[getattr(s.cells[(2, 3)], f) for f in ("tile", "rotation", "edges", "pieces",
                                                                          "source")], (1, "scout", 0))
    joined.players[1].supply["scout"] -= 1
    assert agent.evaluate(R, joined, 0) == _cold(joined, 0) != before
    agent.evaluate(R, s, 0)  # the open board known again
    closed = s.copy()
    closed.blocked = closed.blocked | {(3, 3)}
    assert R.island_at(closed, (2, 2))["complete"] and not R.island_at(s, (2, 2))["complete"]
    assert agent.evaluate(R, closed, 0) == _cold(closed, 0) > before


def test_actions_alike_lead_to_results_valued_alike_from_every_seat():
    """alike(): the actions it puts in one group (start spaces of the same toll, declarations after which the
    voyage goes on, draws of a tile that fits) lead to results evaluate() values exactly alike, from every seat,
    so the search may value one of them for all. Random full states of every phase; each kind of group met."""
    met = Counter()
    for seed, seats, options in CASES:
        for s in random_states(seed, seats, every=0.5, **options):
            actions = R.legal_actions(s)
            groups: dict = {}
            for act, key in zip(actions, agent.alike(R, s, actions)):
                if key is not None:
                    groups.setdefault(key, []).append(act)
            for key, members in groups.items():
                values = {tuple(agent.evaluate(R, R.apply(s, a), x) for x in range(seats)) for a in members}
                assert len(values) == 1, (key, members)
                met[key if isinstance(key, str) else key[0]] += len(members) > 1
    assert met["ship"] and met["declared"] and met["fits"], met


def test_alike_keeps_apart_what_is_valued_apart():
    """A start space with a toll is not grouped with a free one; a draw of a tile that fits nowhere is valued on
    its own; a seat's view (its piles hidden) groups nothing."""
    s = new_game(seats=2, seed=5)
    s = R.apply(s, R.legal_actions(s)[0])  # spin
    s.round = 2
    lay(s, (0, 3), "P2", 1, unit=(1, "scout", 0))  # seat 1's scout on a cape at the board's edge
    s.phase = "start"
    ships = [a for a in R.legal_actions(s) if (a.col, a.row) in ((0, 3), (-1, 1))]
    assert len(ships) == 2
    keys = agent.alike(R, s, ships)
    assert keys[0] != keys[1]
    assert agent.alike(R, R.view(s, 0), ships) == [None, None]
    apart = 0  # draws of a tile that fits nowhere, valued other than the draws that fit, in random games
    for seed in range(8):
        for st in random_states(seed, 3, every=1.0):
            draws = [a for a in R.legal_actions(st) if isinstance(a, DrawTile)]
            keys = agent.alike(R, st, draws)
            fits = [a for a, k in zip(draws, keys) if k == "fits"]
            for act in (a for a, k in zip(draws, keys) if k is None):
                assert not R.placements(st, st.piles[act.pile][-1])
                if fits:
                    apart += agent.evaluate(R, R.apply(st, act), st.current) != agent.evaluate(R, R.apply(st, fits[0]),
                                                                                              st.current)
    assert apart > 0

# ---------------------------------------------------------------- WEIGHTS: the projection's parts (engine/tune.py)
@pytest.mark.parametrize("seed,seats,options", CASES[:6])
def test_parts_times_their_weights_make_the_projection(seed, seats, options):
    """parts(): the points so far plus each part times its WEIGHTS entry is each seat's projection, and
    evaluate() is the seat's projection minus the best other seat's: the weights engine/tune.py fits are the ones
    the search plays with."""
    checked = 0
    for s in random_states(seed, seats, **options):
        if s.phase == "over":
            continue
        assert_parts_make_the_projection(agent, R, s, [sum(q.points.values()) for q in s.players])
        checked += 1
    assert checked > 5


def test_a_parts_weight_scales_what_its_holding_adds_to_the_projection():
    """WEIGHTS["gold"]: gold in hand is worth GOLD a piece times the share of the game left, times its weight;
    a weight of 0 makes gold worth nothing and 2 doubles it."""
    s = midgame()
    richer = s.copy()
    richer.players[0].gold = s.players[0].gold + 3
    assert_a_weight_scales_its_part(lambda st, wt: agent._project(R, st, wt), agent.WEIGHTS, "gold", s, richer)
