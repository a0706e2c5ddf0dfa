"""Somerset's computer-opponent hooks (games/somerset/agent.py): sample() and evaluate().

What Somerset hides (rules.view): the other seats' spell and building hands (only their sizes), the order
of the spell and building decks, the cards another seat has drawn and is choosing from, and the seed. Each
test names the rule or the estimate it checks (§ numbers: ../shared/rules/somerset.md).
"""
from __future__ import annotations

import random

import pytest

from games.somerset import agent
from games.somerset.rules_state import HIDDEN, Board, Placed, Worker
from tests.somerset_helpers import R, bid, new_game, sid, tid

N_SPELLS = len(R.cat.spells)
N_BUILDINGS = len(R.cat.buildings)  # index 0: the Residence, one per seat


def pick(s, rng: random.Random):
    """A random legal action leaning towards what makes hidden cards move: keeping drawn cards, building."""
    acts = R.legal_actions(s)
    if s.phase == "act" and rng.random() < 0.9:
        return acts[0]  # TakeAction: cards get drawn
    if s.phase == "build" and len(acts) > 1 and rng.random() < 0.7:
        return rng.choice(acts[:-1])  # not Done: tiles, buildings and spells bought
    return rng.choice(acts)


def random_states(seed: int, seats: int, every: float = 0.08):
    """Real states reached by legal play, picked at random moments (mid-turn too), and the last one."""
    rng = random.Random(seed * 31 + seats)
    s = new_game(seats=seats, seed=seed)
    out = [s]
    while s.phase != "over":
        s = R.apply(s, pick(s, rng), checked=True)
        if rng.random() < every or s.phase == "keep" or s.phase == "over":
            out.append(s)
    return out


CASES = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 2)]


def spells_of(s) -> list[int]:
    cards = list(s.spell_deck) + [c for p in s.players for c in p.spell_hand + p.book]
    if s.task is not None and s.task.kind == "keep" and s.task.value is True:
        cards += list(s.drawn)
    return cards


def buildings_of(s) -> list[int]:
    cards = list(s.building_deck) + [c for p in s.players for c in p.building_hand + p.buildings if c]
    if s.task is not None and s.task.kind == "keep" and s.task.value is False:
        cards += list(s.drawn)
    return cards


def playout(s, rng: random.Random):
    while s.phase != "over":
        s = R.apply(s, rng.choice(R.legal_actions(s)), checked=True)
    return s


# ---------------------------------------------------------------- sample: consistent with the view
@pytest.mark.parametrize("seed,seats", CASES)
def test_sample_shows_the_same_view_keeps_legal_actions_and_plays_to_the_end(seed, seats):
    rng = random.Random(seed)
    hidden_drawn = 0
    for i, real in enumerate(random_states(seed, seats)):
        for seat in range(seats):
            view = R.view(real, seat)
            hidden_drawn += HIDDEN in view.drawn
            s = agent.sample(R, view, seat, rng)
            assert s.hidden is False and HIDDEN not in s.spell_deck + s.building_deck + s.drawn
            assert R.view(s, seat) == view, f"state {i}, seat {seat}: the sample shows another view"
            assert R.check_invariants(s) == [], f"state {i}, seat {seat}"
            if R.to_move(view) == seat:
                assert R.legal_actions(s) == R.legal_actions(view)
        if i % 5 == 0:
            end = playout(agent.sample(R, R.view(real, 0), 0, rng), rng)
            assert R.check_invariants(end) == []
    assert hidden_drawn, "no state showed another seat's drawn cards: the case went untested"


@pytest.mark.parametrize("seed,seats", CASES)
def test_sample_conserves_every_card_and_gives_each_hand_its_size(seed, seats):
    """§12 and §11.1: 20 spells and 16 building cards, each exactly once; a hand keeps the size the view
    shows; a seat that has not built its Residence still holds it (a card leaves the hand only when built)."""
    rng = random.Random(seed + 100)
    for real in random_states(seed, seats, every=0.15):
        for seat in range(seats):
            s = agent.sample(R, R.view(real, seat), seat, rng)
            assert sorted(spells_of(s)) == list(range(N_SPELLS))
            assert sorted(buildings_of(s)) == list(range(1, N_BUILDINGS))
            assert len(s.spell_deck) == len(real.spell_deck) and len(s.building_deck) == len(real.building_deck)
            assert len(s.drawn) == len(real.drawn)
            for x, (p, q) in enumerate(zip(s.players, real.players)):
                assert len(p.spell_hand) == len(q.spell_hand) and len(p.building_hand) == len(q.building_hand)
                assert p.book == q.book and p.buildings == q.buildings
                assert p.building_hand.count(0) == q.building_hand.count(0), f"seat {x}'s Residence"
                if x == seat:
                    assert p.spell_hand == q.spell_hand and p.building_hand == q.building_hand


def test_sample_fills_another_seats_drawn_cards_from_the_right_deck():
    """Cards another seat is choosing from (a Scriptorium's spells) are hidden; the sample deals spells there."""
    for real in random_states(7, 3, every=0.0):
        if real.phase == "keep" and real.drawn:
            break
    else:
        pytest.fail("no keep choice reached")
    other = (real.current + 1) % 3
    view = R.view(real, other)
    assert set(view.drawn) == {HIDDEN}
    s = agent.sample(R, view, other, random.Random(3))
    pool = range(N_SPELLS) if real.task.value is True else range(1, N_BUILDINGS)
    assert all(c in pool for c in s.drawn) and len(set(s.drawn)) == len(s.drawn)
    assert R.legal_actions(s)  # the seat choosing can go on in the sample


def test_sample_fills_hidden_parts_differently_for_different_rng_seeds():
    real = next(s for s in random_states(6, 3) if s.players[0].spell_hand and len(s.spell_deck) > 4)
    view = R.view(real, 1)
    samples = [agent.sample(R, view, 1, random.Random(k)) for k in range(6)]
    assert len({s.spell_deck for s in samples}) == 6
    assert len({s.building_deck for s in samples}) == 6
    assert len({s.seed for s in samples}) == 6
    assert len({s.players[0].spell_hand for s in samples}) > 1  # another seat's hand is drawn too


# ---------------------------------------------------------------- sample: honesty
def reshuffled(real, rng: random.Random):
    """The same game with every hidden part changed: other seats' hands swapped with the decks, decks reshuffled,
    the seed changed (seat 0's view stays the same)."""
    s = real.copy()
    s.notices = list(real.notices)
    spells = list(s.spell_deck)
    builds = list(s.building_deck)
    for x, p in enumerate(s.players[1:], start=1):
        hand = [c for c in p.spell_hand]
        spells += hand
        rng.shuffle(spells)
        p.spell_hand = tuple(spells.pop() for _ in hand)
        keep = [c for c in p.building_hand if c == 0]
        cards = [c for c in p.building_hand if c != 0]
        builds += cards
        rng.shuffle(builds)
        p.building_hand = tuple(keep) + tuple(builds.pop() for _ in cards)
    rng.shuffle(spells)
    rng.shuffle(builds)
    s.spell_deck, s.building_deck = tuple(spells), tuple(builds)
    s.seed = real.seed + 12345
    return s


def test_sample_is_honest_it_reads_only_the_view():
    rng = random.Random(11)
    checked = 0
    for real in random_states(8, 3, every=0.1):
        if real.current != 0 and real.drawn:
            continue  # the drawn cards of another seat stay as they are here
        other = reshuffled(real, rng)
        assert R.check_invariants(other) == []
        view = R.view(real, 0)
        assert R.view(other, 0) == view
        a = agent.sample(R, view, 0, random.Random(77))
        b = agent.sample(R, R.view(other, 0), 0, random.Random(77))
        assert a == b
        checked += 1
    assert checked > 10


def test_sample_of_a_full_state_samples_the_seats_view():
    """Given a full state by mistake, sample reads only the seat's view of it."""
    real = random_states(9, 2)[5]
    a = agent.sample(R, real, 0, random.Random(1))
    b = agent.sample(R, R.view(real, 0), 0, random.Random(1))
    assert a == b


# ---------------------------------------------------------------- evaluate: the final score
@pytest.mark.parametrize("seed,seats", CASES)
def test_evaluate_on_a_finished_game_is_the_score_sheet_margin(seed, seats):
    """§14.1: coins, tile bonuses, spell-book places, building bonuses; the margin over the best other seat."""
    end = random_states(seed, seats, every=2.0)[-1]
    assert end.phase == "over"
    sheet = R.score_sheet(end)
    assert agent.final_scores(R, end) == sheet.totals
    for seat in range(seats):
        margin = sheet.totals[seat] - max(t for x, t in enumerate(sheet.totals) if x != seat)
        assert agent.evaluate(R, end, seat) == margin


def test_evaluate_is_zero_sum_between_two_seats_and_a_float():
    for s in random_states(10, 2, every=0.1):
        a, b = agent.evaluate(R, s, 0), agent.evaluate(R, s, 1)
        assert isinstance(a, float)
        assert a == pytest.approx(-b)


# ---------------------------------------------------------------- evaluate: mid-game estimates
def midgame(seats: int = 2, round_: int = 4):
    """A regular round of a fresh game (round 4 of 12 by default), seat 0 to move, nothing built yet;
    every seat holds a peasant and a knight on the map, 8 coins and no resources."""
    s = new_game(seats=seats, seed=3)
    cities = [c for c, p in sorted(s.board.cells.items()) if p.owner < 0]
    s.workers = tuple(Worker(x, kind, cities[2 * x + k], True) for x in range(seats)
                      for k, kind in enumerate(("peasant", "knight")))
    s.round, s.placing, s.phase, s.current, s.resume = round_, (), "move", 0, "after"
    for p in s.players:
        p.coins = 8
    return s


def gain(s, seat: int = 0, **what):
    """A copy of s with the seat holding more (coins=..., W=..., ...)."""
    t = s.copy()
    p = t.players[seat]
    for k, v in what.items():
        if k == "coins":
            p.coins += v
        else:
            p.res[k] += v
    return t


def ev(s, seat: int = 0, spots: bool = False) -> float:
    """The evaluation; without the workers' SPOTS unless asked (they are tested on their own below)."""
    return agent.evaluate(R, s, seat, spots=spots)


def test_evaluate_a_coin_is_a_point():
    """§14.1 1: coins in hand score one each, whenever the game ends."""
    s = midgame()
    assert ev(gain(s, coins=5)) - ev(s) == pytest.approx(5.0)
    assert ev(gain(s, 1, coins=5)) - ev(s) == pytest.approx(-5.0)


def test_evaluate_resources_are_worth_something_while_a_building_period_is_ahead_nothing_after():
    """RES with its weight: resources score nothing at the end (§14.1) and are spent in building periods (§13.3);
    after the last building period the fitted weight of what is left (RES_LATE) is 0."""
    s = midgame()
    early = ev(gain(s, W=1, B=1, S=1, G=1)) - ev(s)
    assert early == pytest.approx(4 * agent.RES * agent.WEIGHTS["resources"])
    assert early > 0
    last = midgame(round_=12)
    late = ev(gain(last, W=1, B=1, S=1, G=1)) - ev(last)
    assert late == pytest.approx(4 * agent.RES_LATE * agent.WEIGHTS["resources_late"])
    assert late < 0.5 * early


def test_evaluate_a_mixed_stock_beats_a_pile_of_one_kind():
    """TYPE_CAP: costs take one to three of a kind, so eight resources of four kinds beat eight of one."""
    s = midgame()
    assert ev(gain(s, W=2, B=2, S=2, G=2)) > ev(gain(s, W=8)) > ev(s)


def test_evaluate_a_crystal_counts_more_with_a_wizard():
    """CRYSTAL, CRYSTAL_NO_WIZARD: crystals pay spells, which need a wizard (§10.1). Held crystals are weighted
    by WEIGHTS["crystals"] (fitted: 0, what a cast brings is counted once cast), so the weight is set here."""
    s = midgame()
    with_wizard = s.copy()
    w = with_wizard.workers[1]
    with_wizard.workers = (with_wizard.workers[0], Worker(0, "wizard", w.pos, w.standing)) + with_wizard.workers[2:]
    weights = {**agent.WEIGHTS, "crystals": 1.0}
    F = agent._facts(R)

    def worth(t):
        return agent._project(F, gain(t, C=2), False, weights)[0] - agent._project(F, t, False, weights)[0]

    assert worth(s) == pytest.approx(2 * agent.CRYSTAL_NO_WIZARD)
    assert worth(with_wizard) == pytest.approx(2 * agent.CRYSTAL)
    assert ev(gain(s, C=2)) - ev(s) == pytest.approx(2 * agent.CRYSTAL_NO_WIZARD * agent.WEIGHTS["crystals"])


def test_evaluate_more_and_better_workers():
    """ACTION, KIND_EXTRA: a worker acts once a round (§13.2); knights and wizards walk further (§7.1)."""
    s = midgame()
    more = s.copy()
    more.workers = s.workers + (Worker(0, "peasant", s.workers[0].pos, False),)
    assert ev(more) - ev(s) == pytest.approx(agent.ACTION * 8 * agent.WEIGHTS["work"])  # rounds 5..12 to start
    better = s.copy()
    w = s.workers[0]
    better.workers = (Worker(0, "knight", w.pos, w.standing),) + s.workers[1:]
    wizard = s.copy()
    wizard.workers = (Worker(0, "wizard", w.pos, w.standing),) + s.workers[1:]
    assert ev(wizard) > ev(better) > ev(s)


def test_evaluate_a_standing_worker_is_an_action_still_to_take_this_round():
    """§13.2: the round ends when every worker has moved; a standing worker's action is still to come."""
    s = midgame()
    lying = s.copy()
    w = s.workers[0]
    lying.workers = (Worker(0, w.kind, w.pos, False),) + s.workers[1:]
    assert ev(s) - ev(lying) == pytest.approx((agent.ACTION + agent.KIND_EXTRA["peasant"]) * agent.WEIGHTS["work"])


def test_evaluate_the_government_column_pays_on_later_government_actions():
    """GOV_USE: Activate takes a benefit of your column (§9): a higher column is worth more, less late."""
    s = midgame()
    up = s.copy()
    up.players[0].gov = 3
    early = ev(up) - ev(s)
    assert early > 0
    late_s = midgame(round_=11)
    late_up = late_s.copy()
    late_up.players[0].gov = 3
    assert 0 < ev(late_up) - ev(late_s) < early


def with_tile(s, ident: str, cell, owner: int):
    """A copy of s with a country tile of `owner` on `cell` (out of the supply)."""
    t = s.copy()
    tile = tid(ident)
    cells = dict(s.board.cells)
    cells[cell] = Placed(tile, 0, R.cat.tiles[tile].turned(0), owner)
    t.board = Board(cells)
    t.supply = tuple(x for x in s.supply if x != tile)
    return t


def free_spot(s, touching_city: bool):
    """An empty hex beside the map: touching a city tile or not (two steps out)."""
    cells = s.board.cells
    from games.somerset.rules_map import STEPS
    ring = {(q + dq, r + dr) for (q, r) in cells for dq, dr in STEPS} - set(cells)
    if touching_city:
        return min(ring)
    far = {(q + dq, r + dr) for (q, r) in ring for dq, dr in STEPS} - set(cells) - ring
    return min(far)


def test_evaluate_a_country_tile_touching_camelot_scores_its_bonus():
    """§14.1 2: +1 for each owned country tile touching a city tile (the far tile gets the rest alike)."""
    s = midgame()
    near = with_tile(s, "K08", free_spot(s, True), 0)
    far = with_tile(s, "K08", free_spot(s, False), 0)
    assert ev(near) - ev(far) == pytest.approx(R.cfg["camelot_bonus"])
    assert ev(far) > ev(s)  # landing fees and a strong action to come


def test_evaluate_a_neighbouring_tile_of_another_seat_scores_for_both():
    """§14.1 2: +1 per adjacent country tile owned by another seat, for each owned tile: both seats gain."""
    s = midgame()
    a = free_spot(s, True)
    mine = with_tile(s, "K08", a, 0)
    from games.somerset.rules_map import STEPS
    b = next((a[0] + dq, a[1] + dr) for dq, dr in STEPS if (a[0] + dq, a[1] + dr) not in mine.board.cells)
    both = with_tile(mine, "K09", b, 1)
    assert agent.final_scores(R, both)[0] - agent.final_scores(R, mine)[0] == R.cfg["neighbour_bonus"]
    assert ev(both) - ev(mine) < 0 < ev(both, 1) - ev(mine, 1)  # seat 1 gains the bonus, a tile and more


def test_evaluate_spell_book_race_twelve_against_eight_near_the_end():
    """§14.1 3 (SEED): 12/8 for the two books at two seats; ties split; no prize for an empty book. In the
    last round nobody can buy any more, so the estimate is the prize itself (times the race's fitted weight)."""
    s = midgame(round_=12)
    ahead, level, none = s.copy(), s.copy(), s.copy()
    ahead.players[0].book, ahead.players[1].book = (sid("S01"), sid("S02")), (sid("S03"),)
    level.players[0].book, level.players[1].book = (sid("S01"),), (sid("S03"),)
    none.players[0].book, none.players[1].book = (), (sid("S03"),)
    for t in (ahead, level, none):
        t.players[0].spell_hand = t.players[1].spell_hand = ()
    w = agent.WEIGHTS["book"]  # the race's weight (fitted to the final margins)
    assert ev(ahead) - ev(level) == pytest.approx((12 - 10 + 10 - 8) * w, abs=0.1)
    assert ev(level) - ev(none) == pytest.approx(((10 - 10) - (0 - 12)) * w, abs=0.1)  # alone, seat 1 is first


def test_evaluate_spell_in_hand_counts_part_of_a_book_spell_while_it_can_be_bought():
    """HAND_SPELL: a spell in hand can still be bought in a building period (§13.3), not after the last."""
    s = midgame()
    for p in s.players:
        p.spell_hand, p.book = (), ()
    hand = s.copy()
    hand.players[0].spell_hand = (sid("S01"),)
    book = s.copy()
    book.players[0].book = (sid("S01"),)
    assert ev(book) > ev(hand) > ev(s)


def test_evaluate_final_scoring_buildings_count_in_full():
    """§11.2: Cathedral +9, Manor House +5 at the end; Keep +1 per country tile (max 8)."""
    s = midgame()
    cath = s.copy()
    cath.players[0].buildings = (bid("B16"),)
    manor = s.copy()
    manor.players[0].buildings = (bid("B13"),)
    assert ev(cath) - ev(manor) == pytest.approx(4.0)
    end = random_states(2, 2, every=2.0)[-1]
    keep = end.copy()
    keep.players[0].buildings = end.players[0].buildings + (bid("B14"),)
    owned = sum(1 for c in end.board.cells.values() if c.owner == 0)
    assert ev(keep) - ev(end) == min(8, owned)


def test_evaluate_income_buildings_pay_for_every_building_period_left():
    """§13.3 1: Counting House +2 coins each building period: worth more with more periods ahead."""
    early, late = midgame(round_=3), midgame(round_=10)
    gains = []
    for s in (early, late):
        t = s.copy()
        t.players[0].buildings = (bid("B03"),)
        gains.append(ev(t) - ev(s))
    assert gains[0] > gains[1] > 0


def test_evaluate_a_building_card_in_hand_is_worth_part_of_building_it():
    """HAND_BUILDING: a card in hand can be built in a later period (§11.1): worth something, less than built."""
    s = midgame()
    hand = s.copy()
    hand.players[0].building_hand = s.players[0].building_hand + (bid("B16"),)
    assert ev(hand) > ev(s)


def test_evaluate_a_fired_end_trigger_shortens_what_workers_are_still_worth():
    """§14: once an end trigger has fired, the game ends after the round: workers have fewer rounds to act."""
    s = midgame(round_=5)
    ending = s.copy()
    ending.end_round = 5
    extra = (Worker(0, "peasant", s.workers[0].pos, False),)
    more, more_ending = s.copy(), ending.copy()
    more.workers = s.workers + extra
    more_ending.workers = ending.workers + extra
    assert ev(more_ending) - ev(ending) == pytest.approx(0.0)
    assert ev(more) - ev(s) > 5


def test_evaluate_building_a_country_tile_beats_passing_in_a_building_period():
    """§13.3 2 with resources at hand: a tile (bonus, fees, action) beats keeping its cost."""
    s = midgame()
    s.phase, s.period, s.built = "build", (1,), False
    give = {"W": 2, "B": 2, "S": 2, "G": 2}
    t = gain(s, **give)
    acts = R.legal_actions(t)
    builds = [a for a in acts if type(a).__name__ == "BuildTile"]
    assert builds
    done = R.apply(t, acts[-1])
    best = max(ev(R.apply(t, a)) for a in builds)
    assert best > ev(done)


# ---------------------------------------------------------------- SPOTS: where the workers stand
def reach_values(s, worker: int) -> list[tuple[float, tuple]]:
    """(tile value, cell) of every tile this worker's walk can end on, best first."""
    f = agent._facts(R)
    w = s.workers[worker]
    own = frozenset(x.pos for x in s.workers if x.owner == w.owner)
    ends = agent._ends(f, s, w.owner, w.pos, R.distances(s, w), own)
    return sorted(((f.tile_value[s.board.cells[c].tile], c) for c in ends), reverse=True)


def test_spots_walk_ends_are_the_rules_reach():
    """§7.2: a worker moves exactly its distance along roads, never through its own workers nor twice over a
    tile: the agent's walk ends are the rules' reach for every standing worker of many real states."""
    for seed, seats in CASES[:3]:
        for s in random_states(seed, seats, every=0.2):
            if s.stride or s.teleport:
                continue
            for i, w in enumerate(s.workers):
                if w.pos is None or not w.standing:
                    continue
                mine = {c for _v, c in reach_values(s, i)}
                assert mine == set(R.reach(s, i)), f"worker {i} of {w}"


def test_spots_walk_lengths_are_the_rules_distances_with_and_without_stables():
    """§7.2 and the Stables (a knight or wizard may stop a step short): the walk lengths the spots use are the
    rules' distances for every worker, before and after a seat builds the Stables."""
    stables = next(b.index for b in R.cat.buildings if b.ability.get("stables"))
    f = agent._facts(R)
    checked = 0
    for seed, seats in CASES[:3]:
        for s in random_states(seed, seats, every=0.2):
            if s.stride or any(w.pos is None for w in s.workers):
                continue
            for t in (s, s.copy()):
                if t is not s:
                    t.players[0].buildings = t.players[0].buildings + (stables,)
                    t.memo = {}
                assert agent._walk_lengths(f, t) == tuple(R.distances(t, w) for w in t.workers)
                checked += 1
    assert checked > 20
    s = midgame()
    s.players[0].buildings = (stables,)
    assert agent._walk_lengths(f, s)[1] == (1, 2)  # seat 0's knight: one step or two
    assert agent._walk_lengths(f, s)[3] == (2,)  # seat 1's knight: exactly two


def test_spots_remembered_for_a_board_are_the_ones_worked_out_anew():
    """The spots are kept with the board by what they read (workers, roads, used tiles, round, walk lengths):
    every state of real games finds the value a fresh working-out gives, whatever was remembered before it."""
    f = agent._facts(R)
    for seed, seats in CASES[:3]:
        for s in random_states(seed, seats, every=0.3):
            got = agent._spots(f, s, len(s.players), 3.0)
            if got is None:
                continue
            fresh = agent._work_spots(f, s, len(s.players), True, agent._walk_lengths(f, s))
            assert got == pytest.approx(fresh)


def test_spots_a_standing_worker_is_worth_the_best_unused_tile_it_reaches():
    """SPOT_NOW: a tile's action is taken once a round (§7.3): a standing worker counts the best tile still
    unused within its walk, so using that tile lowers it to the next best."""
    s = midgame()
    f = agent._facts(R)
    knight = 1  # seat 0's knight
    values = reach_values(s, knight)
    per = agent.ACTION + agent.KIND_EXTRA["knight"]
    spots = agent._spots(f, s, 2, 8.0)
    assert spots[knight] == pytest.approx(agent.SPOT_NOW * (values[0][0] - per))
    used = s.copy()
    used.used = frozenset(c for v, c in values if v == values[0][0])
    rest = max(v for v, c in values if c not in used.used)
    assert agent._spots(f, used, 2, 8.0)[knight] == pytest.approx(agent.SPOT_NOW * (rest - per))


def test_spots_two_workers_of_a_seat_do_not_count_one_tile_twice():
    """SPOT_NOW: two workers cannot both take one tile's action in a round (§7.3)."""
    s = midgame()
    f = agent._facts(R)
    a, b = 2, 3  # seat 1's peasant and knight reach the same tiles
    shared = {c for _v, c in reach_values(s, a)} & {c for _v, c in reach_values(s, b)}
    assert shared
    # Only the shared tiles are left unused: the knight (placed first, it walks further) takes the best; the
    # peasant counts what is left of its own.
    only = s.copy()
    only.used = frozenset(c for c in s.board.cells if c not in shared)
    spots = agent._spots(f, only, 2, 8.0)
    knight_best = max(v for v, c in reach_values(s, b) if c in shared)
    left = sorted((v for v, c in reach_values(s, a) if c in shared), reverse=True)
    knight_cell = max((v, c) for v, c in reach_values(s, b) if c in shared)[1]
    peasant_best = max((v for v, c in reach_values(s, a) if c in shared and c != knight_cell), default=0.0)
    assert spots[b] == pytest.approx(agent.SPOT_NOW * (knight_best - agent.ACTION - agent.KIND_EXTRA["knight"]))
    assert spots[a] == pytest.approx(agent.SPOT_NOW * (peasant_best - agent.ACTION))
    assert left  # the peasant did reach a shared tile


def test_spots_taking_the_tile_another_seat_wanted_counts_for_the_taker():
    """SPOT_NOW and the margin: a tile only another seat's standing worker reaches, once used this round,
    lowers that seat's projection, so the evaluation of the seat that took it rises (denial)."""
    s = midgame()
    mine = {c for i in (0, 1) for _v, c in reach_values(s, i)}
    peasant = [(v, c) for v, c in reach_values(s, 2)]  # seat 1's peasant: what it can take
    target = peasant[0][1]
    assert target not in mine and peasant[1][0] < peasant[0][0]  # only seat 1 reaches it; its next best is worse
    used = s.copy()
    used.used = frozenset({target})
    assert ev(used, 0, spots=True) > ev(s, 0, spots=True)
    assert ev(used, 1, spots=True) < ev(s, 1, spots=True)


def test_spots_a_worker_that_moved_counts_the_tiles_it_will_reach_next_round():
    """SPOT_NEXT: workers stand up where they lie (§13.3) and walk on from there next round: a worker lying where
    better tiles are in reach is worth more; after the last round it is worth nothing more."""
    s = midgame()
    f = agent._facts(R)
    lying = s.copy()
    w = s.workers[1]
    lying.workers = (s.workers[0], agent_worker(w, standing=False)) + s.workers[2:]
    best = reach_values(lying, 1)[0][0]
    per = agent.ACTION + agent.KIND_EXTRA["knight"]
    assert agent._spots(f, lying, 2, 8.0)[1] == pytest.approx(agent.SPOT_NEXT * (best - per))
    assert agent._spots(f, lying, 2, 0.0)[1] == 0.0


def agent_worker(w, standing: bool):
    return Worker(w.owner, w.kind, w.pos, standing)


# ---------------------------------------------------------------- WEIGHTS: the projection's parts (engine/tune.py)
@pytest.mark.parametrize("seed,seats", [(1, 2), (2, 3), (4, 5)])
def test_parts_times_their_weights_make_the_projection(seed, seats):
    """parts(): the base plus each part times its weight for the seat count (weights_for: SEAT_WEIGHTS, else
    WEIGHTS) is the projection evaluate() compares, so the weights engine/tune.py fits are the ones the search
    plays with."""
    F = agent._facts(R)
    weights = agent.weights_for(seats)
    checked = 0
    for s in random_states(seed, seats, every=0.15):
        if s.phase == "over":
            continue
        per_seat = agent.parts(R, s)
        assert all(set(p) == {"base", *agent.WEIGHTS} for p in per_seat)
        again = [p["base"] + sum(p[name] * w for name, w in weights.items()) for p in per_seat]
        assert again == pytest.approx(agent._project(F, s))
        checked += 1
    assert checked > 10


def test_three_seats_project_with_their_own_weights_and_other_counts_with_the_two_seat_ones():
    """SEAT_WEIGHTS[3]: fitted on three-seat games (engine.tune --seats 3), they differ from the two-seat WEIGHTS,
    and a three-seat state is projected with them; two, four and five seats keep WEIGHTS."""
    F = agent._facts(R)
    three = agent.SEAT_WEIGHTS[3]
    assert set(three) == set(agent.WEIGHTS) and three != agent.WEIGHTS
    assert agent.weights_for(3) is three
    differs = 0
    for s in random_states(2, 3, every=0.2):
        if s.phase == "over":
            continue
        assert agent._project(F, s) == pytest.approx(agent._project(F, s, True, three))
        differs += agent._project(F, s) != pytest.approx(agent._project(F, s, True, agent.WEIGHTS))
    assert differs > 5
    for seats in (2, 4, 5):
        assert agent.weights_for(seats) is agent.WEIGHTS
        s = next(x for x in random_states(3, seats, every=0.3) if x.phase != "over")
        assert agent._project(F, s) == pytest.approx(agent._project(F, s, True, agent.WEIGHTS))


def test_a_parts_weight_scales_what_its_holdings_add_to_the_projection():
    """WEIGHTS["tile_income"]: an owned country tile's landing fees and nearby action (FEE_RATE, TILE_HOLD) count
    for every round left, times the part's weight (fitted: 0, they did not show in the final scores)."""
    s = midgame()
    far = with_tile(s, "K08", free_spot(s, False), 0)
    F = agent._facts(R)
    on = {**agent.WEIGHTS, "tile_income": 1.0}
    off = {**agent.WEIGHTS, "tile_income": 0.0}
    fee = R.cfg["landing_fee"]
    per_round = agent.FEE_RATE * 1 * fee + agent.TILE_HOLD
    rounds = 8 + 0.5  # rounds 5..12 to start, half of this one
    gained = agent._project(F, far, False, on)[0] - agent._project(F, far, False, off)[0]
    assert gained == pytest.approx(per_round * rounds)
    shipped = agent._project(F, far, False)[0] - agent._project(F, far, False, off)[0]
    assert shipped == pytest.approx(per_round * rounds * agent.WEIGHTS["tile_income"])


# ---------------------------------------------------------------- standing: what Hard's chance to win reads
def test_standing_is_the_projection_and_the_share_of_the_game_left_and_the_final_sheet_when_over(monkeypatch):
    """Hard's chance to win (engine/core/search.py WinChance) reads standing(): for a seat count without a fit
    (WIN_WEIGHTS) each seat's projection as evaluate compares it, the share of the game left (all of it at the
    start, less as the rounds pass, §14: the end triggers), and when over the final sheet (§14.1) with the
    tie-break, resources left, as a fraction of a coin."""
    monkeypatch.setattr(agent, "WIN_WEIGHTS", {})
    F = agent._facts(R)
    states = random_states(6, 3, every=0.1)
    lefts = []
    for s in states[:-1]:
        scores, left, over = agent.standing(R, s)
        assert not over and 0.0 < left <= 1.0
        assert scores == pytest.approx(agent._project(F, s))
        for seat in range(3):
            assert ev(s, seat, spots=True) == pytest.approx(scores[seat] - max(v for x, v in enumerate(scores) if x != seat))
        lefts.append((s.round, left))
    assert agent.standing(R, states[0])[1] == pytest.approx(1.0)
    assert lefts[-1][1] < 0.3 < lefts[0][1]
    end = states[-1]
    scores, left, over = agent.standing(R, end)
    assert over and left == 0.0
    sheet = R.score_sheet(end)
    assert [round(v) for v in scores] == sheet.totals
    best = max(scores)
    assert [x for x, v in enumerate(scores) if v == best] == sorted(R.winners(end))


def test_the_final_standing_breaks_a_tie_by_resources_left():
    """§14.1 5: tied on coins, the seat with more resources left wins: its standing is the higher."""
    end = random_states(6, 3, every=2.0)[-1].copy()
    for p in end.players:
        p.res = {r: 0 for r in p.res}
    totals = agent.final_scores(R, end)
    end.players[1].coins += max(totals) - totals[1]
    end.players[2].coins += max(totals) - totals[2]
    end.players[2].res["W"] = 2
    scores = agent.standing(R, end)[0]
    assert R.winners(end) == [2]
    assert max(range(3), key=lambda x: scores[x]) == 2
    assert scores[2] - scores[1] < 0.01


def test_standing_weighs_the_parts_as_fitted_for_the_seat_count(monkeypatch):
    """With WIN_WEIGHTS for a seat count (engine/tune.py --win), standing() projects with them; evaluate() keeps the
    weights it plays the margin with."""
    F = agent._facts(R)
    fitted = {**agent.SEAT_WEIGHTS[3], "book": 2.0, "work": 0.1}
    monkeypatch.setattr(agent, "WIN_WEIGHTS", {3: fitted})
    differs = 0
    for s in random_states(2, 3, every=0.2)[:-1]:
        per_seat = agent.parts(R, s)
        scores = agent.standing(R, s)[0]
        assert scores == pytest.approx([p["base"] + sum(p[k] * w for k, w in fitted.items()) for p in per_seat])
        designed = agent._project(F, s)
        assert ev(s, 0, spots=True) == pytest.approx(designed[0] - max(designed[1], designed[2]))
        differs += scores != pytest.approx(designed)
    assert differs > 5
