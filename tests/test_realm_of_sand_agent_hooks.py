"""Realm of Sand's computer-opponent hooks (games/realm_of_sand/agent.py): sample(), evaluate() and rank().

What Realm of Sand hides (rules.view): the other seats' hands of rune tiles and reserved cards (only how many),
the decks' order and content (only their sizes), the cards another seat has drawn with the red power, and the
seed. Each test names the rule or the estimate it checks (§ numbers: ../shared/rules/realm-of-sand.md). Boards
are drawn top row first (tests/realm_of_sand_helpers.py); light cells are x and y from 1 to 4.
"""
from __future__ import annotations

import random

import pytest

from games.realm_of_sand import agent
from games.realm_of_sand.rules import (
    HIDDEN, Claim, EndDiscs, KeepCard, MoveDisc, PlaceDisc, PlaceTile, Reserve, TakeTile,
)
from games.realm_of_sand.rules_board import masks
from tests.agent_parts import assert_parts_make_the_projection
from tests.realm_of_sand_helpers import EMPTY_BOARD, R, cid, new_game, play, scene, tid

N_TILES = len(R.cat.tiles)
N_CARDS = len(R.cat.cards)
F = agent._facts(R)


def random_states(seed: int, seats: int, every: float = 0.1, **options):
    """Real states reached by random legal play, picked at random moments (mid-turn too), and the last one."""
    rng = random.Random(seed * 31 + seats)
    s = new_game(seats, seed, **options)
    out = [s]
    while s.phase != "over":
        s = R.apply(s, rng.choice(R.legal_actions(s)), checked=True)
        if rng.random() < every or s.phase in ("reserve", "over"):
            out.append(s)
    return out


CASES = [(1, 1, "basic"), (2, 2, "basic"), (3, 3, "advanced"), (4, 4, "advanced"), (5, 2, "advanced")]


def cards_of(s) -> list[int]:
    out = [c for row in s.market for c in row if c >= 0] + [c for d in s.decks for c in d] + list(s.drawn)
    return out + [c for p in s.players for c in p.claimed + p.reserved]


def ev(s, seat: int = 0) -> float:
    return agent.evaluate(R, s, seat)


def red_reserve(seats: int = 3):
    """Seat 0 (red board, charged) has drawn three level II cards and keeps one; the view of seat 1 hides them."""
    s = scene(EMPTY_BOARD, seats=seats, side="advanced", colour="red", charged=True)
    return play(s, Reserve(2))


# ---------------------------------------------------------------- sample: consistent with the view
@pytest.mark.parametrize("seed,seats,side", CASES)
def test_sample_shows_the_same_view_keeps_legal_actions_and_the_invariants(seed, seats, side):
    rng = random.Random(seed)
    for i, real in enumerate(random_states(seed, seats, side=side)):
        for seat in range(seats):
            view = R.view(real, seat)
            s = agent.sample(R, view, seat, rng)
            assert s.hidden is False and all(HIDDEN not in p.hand + p.reserved for p in s.players)
            assert R.view(s, seat) == view, f"state {i}, seat {seat}: the sample shows another view"
            assert R.check_invariants(s) == [], f"state {i}, seat {seat}"
            if R.to_move(view) == seat:
                assert R.legal_actions(s) == R.legal_actions(view)


@pytest.mark.parametrize("seed,seats,side", CASES)
def test_sample_conserves_every_tile_and_card_each_deck_of_its_level(seed, seats, side):
    """§2, §5, §6: 28 tiles in the ring and the hands, 54 cards; a deck holds only its level's cards and keeps
    its size; every hand and reserve keeps the size the view shows; this seat's own are its own."""
    rng = random.Random(seed + 50)
    for real in random_states(seed, seats, every=0.2, side=side):
        for seat in range(seats):
            s = agent.sample(R, R.view(real, seat), seat, rng)
            assert sorted(list(s.ring) + [t for p in s.players for t in p.hand]) == list(range(N_TILES))
            assert sorted(cards_of(s)) == list(range(N_CARDS))
            for level, (deck, was) in enumerate(zip(s.decks, real.decks), start=1):
                assert len(deck) == len(was) and all(R.cat.cards[c].level == level for c in deck)
            for x, (p, q) in enumerate(zip(s.players, real.players)):
                assert len(p.hand) == len(q.hand) and len(p.reserved) == len(q.reserved)
                if x == seat:
                    assert p.hand == q.hand and p.reserved == q.reserved
                else:  # a tile taken in sight of all stays where it is; the dealt ones come from tiles seen nowhere
                    assert [t for t in p.hand if t in q.shown] == [t for t in q.hand if t in q.shown]


def test_sample_keeps_the_tiles_seen_taken_and_deals_only_the_unseen_ones():
    """Hidden information: a tile taken from the ring is seen by all, so every sample leaves it in the taker's
    hand; the slots of the dealt tiles take the tiles seen nowhere (neither in the ring nor shown in a hand)."""
    checked = 0
    for real in random_states(9, 3, every=0.5) + random_states(10, 4, every=0.5):
        view = R.view(real, 2)
        known = [t for p in view.players[:2] for t in p.hand if t != HIDDEN]
        if not known or all(HIDDEN not in p.hand for p in view.players):
            continue
        unseen = set(range(N_TILES)) - set(view.ring) - {t for p in view.players for t in p.hand}
        for k in range(4):
            s = agent.sample(R, view, 2, random.Random(k))
            for p, v in zip(s.players, view.players):
                assert all(t == w for t, w in zip(p.hand, v.hand) if w != HIDDEN)
                assert {t for t, w in zip(p.hand, v.hand) if w == HIDDEN} <= unseen
        checked += 1
    assert checked > 10


def test_sample_fills_another_seats_drawn_cards_from_the_level_it_drew():
    """§10 red power: the three cards looked at are seen only by the seat that drew them."""
    real = red_reserve()
    view = R.view(real, 1)
    assert view.drawn == (HIDDEN,) * 3
    s = agent.sample(R, view, 1, random.Random(4))
    assert len(set(s.drawn)) == 3 and all(R.cat.cards[c].level == 2 for c in s.drawn)
    assert R.legal_actions(s) == [KeepCard(c) for c in s.drawn]  # the seat choosing can go on in the sample
    assert R.check_invariants(s) == []


def test_sample_deals_another_seats_reserved_card_from_the_cards_seen_nowhere():
    real = red_reserve()
    kept = real.drawn[1]
    real = play(real, KeepCard(kept))
    view = R.view(real, 2)
    assert view.players[0].reserved == (HIDDEN,)
    seen = {c for row in view.market for c in row if c >= 0}
    for k in range(5):
        s = agent.sample(R, view, 2, random.Random(k))
        (card,) = s.players[0].reserved
        assert card not in seen and R.check_invariants(s) == []
    own = agent.sample(R, R.view(real, 0), 0, random.Random(1))
    assert own.players[0].reserved == (kept,)


def test_sample_fills_hidden_parts_differently_for_different_rng_seeds():
    real = random_states(6, 3, every=0.3)[3]
    view = R.view(real, 1)
    samples = [agent.sample(R, view, 1, random.Random(k)) for k in range(6)]
    assert len({s.decks for s in samples}) == 6
    assert len({s.players[0].hand + s.players[2].hand for s in samples}) > 1
    assert len({s.seed for s in samples}) == 6


# ---------------------------------------------------------------- sample: honesty
def reshuffled(real, seat: int, rng: random.Random):
    """The same game with every hidden part changed for `seat`: the tiles dealt to the other hands (not those
    taken in sight of all) dealt anew among their places, the decks reshuffled within their levels, the seed
    changed (the seat's view stays the same)."""
    s = real.copy()
    s.notices = list(real.notices)
    pool = [t for i, p in enumerate(s.players) if i != seat for t in p.hand if t not in p.shown]
    rng.shuffle(pool)
    for i, p in enumerate(s.players):
        if i != seat:
            p.hand = tuple(t if t in p.shown else pool.pop() for t in p.hand)
    decks = []
    for deck in s.decks:
        d = list(deck)
        rng.shuffle(d)
        decks.append(tuple(d))
    s.decks = tuple(decks)
    s.seed = real.seed + 12345
    return s


def test_sample_is_honest_it_reads_only_the_view():
    rng = random.Random(11)
    checked = 0
    for real in random_states(8, 3, every=0.15):
        other = reshuffled(real, 0, rng)
        assert R.view(other, 0) == R.view(real, 0)
        a = agent.sample(R, R.view(real, 0), 0, random.Random(5))
        b = agent.sample(R, R.view(other, 0), 0, random.Random(5))
        assert a == b
        a = agent.sample(R, real, 0, random.Random(5))  # a full state given by mistake is read as its view
        assert a == b
        checked += 1
    assert checked > 5


# ---------------------------------------------------------------- patterns on a board
def brute_deficit(cells, card: int, light_only: bool = False) -> int:
    """The fewest unmatched cells over every embedding of the card's pattern, one embedding at a time."""
    sat = masks(cells).satisfies
    best = 99
    for e in R.geo.embeddings("mirror")[card]:
        if light_only and e.mask & R.geo.dark:
            continue
        lacking = sum((need & ~sat[letter]).bit_count() for letter, need in e.needs)
        best = min(best, lacking)
    return best


def test_deficit_is_the_fewest_cells_any_embedding_lacks():
    """§9.3: an embedding is a translation of the pattern, possibly mirrored; all anchors are counted at once."""
    for real in random_states(3, 2, every=0.3):
        for p in real.players:
            for card in range(N_CARDS):
                assert agent.card_deficit(F, "mirror", p.cells, card) == brute_deficit(p.cells, card)
                assert agent.card_deficit(F, "mirror", p.cells, card, True) == brute_deficit(p.cells, card, True)


def test_shortfall_names_the_letters_the_best_embeddings_lack():
    """GG on (1, 2), (2, 2): I-01 (GGR) lacks one red cell; mirrored (RGG) it would need the dark (0, 2)."""
    s = scene(["......", "......", ".GG...", "......", "......", "......"])
    d, lacking = agent.card_info(F, "mirror", s.players[0].cells, cid("I-01"), True)
    assert d == 1 and lacking == ((0, 1, 0, 0, 0),)
    d, lacking = agent.card_info(F, "mirror", s.players[0].cells, cid("III-01"), True)  # RR/BR/R.
    assert d == 5 and all(c[1] + c[3] == 5 and c[3] == 1 for c in lacking)


def test_a_seat_with_no_plus_one_counts_only_embeddings_on_light_cells():
    """§3.1: occupied dark cells may not exceed the level; at level 0 a pattern must lie on light cells."""
    s = scene(["GGR...", "......", "......", "......", "......", "......"])
    cells = s.players[0].cells
    assert agent.card_deficit(F, "mirror", cells, cid("I-01")) == 0
    assert agent.card_deficit(F, "mirror", cells, cid("I-01"), True) == 3


# ---------------------------------------------------------------- evaluate
def test_evaluate_over_is_the_final_margin_with_pieces_on_the_board_as_the_tie_break():
    """§11: the sum of claimed cards' points; ties go to the most pieces left on the board."""
    s = new_game(2, 3)
    s.phase = "over"
    s.players[0].claimed = (cid("III-18"), cid("I-01"))
    s.players[1].claimed = (cid("II-15"),)
    assert ev(s, 0) == pytest.approx(12 - 4)
    s.players[1].claimed = (cid("III-18"), cid("I-01"))
    s.players[1].cells = ("G",) + ("",) * 35
    assert ev(s, 0) < 0 < ev(s, 1)


def test_evaluate_counts_a_claimed_card_in_full():
    s = scene(EMPTY_BOARD, market={1: ["I-01"], 2: [], 3: []})
    s.end_declared = True  # the game's length stays the same
    more = s.copy()
    more.players[0].claimed = (cid("III-18"),)
    assert ev(more) - ev(s) == pytest.approx(R.cat.cards[cid("III-18")].points)


def test_evaluate_a_card_the_board_shows_beats_one_a_cell_short_beats_none():
    """§9.3: a card is claimed by showing its pattern; each cell still lacking lowers the chance (GAIN)."""
    market = {1: ["I-01"], 2: [], 3: []}
    full = scene(["......", "......", ".GGR..", "......", "......", "......"], market=market)
    short = scene(["......", "......", ".GG...", "......", "......", "......"], market=market)
    empty = scene(EMPTY_BOARD, market=market)
    assert ev(full) > ev(short) > ev(empty)


def test_claiming_a_card_the_board_shows_is_better_than_keeping_it():
    """The search claims: a claimed card counts in full, one it could claim only CLAIM_NOW of it."""
    s = scene(["......", "......", ".GGR..", "......", "......", "......"], market={1: ["I-01"], 2: [], 3: []},
              phase="after")
    claim = Claim(cid("I-01"), ((1, 2), (2, 2), (3, 2)))
    assert claim in R.legal_actions(s)
    assert ev(R.apply(s, claim)) > ev(s)


def test_discs_that_fill_what_a_pattern_lacks_make_it_nearly_sure():
    """§9.2: three disc steps fill three cells of the colours the seat holds; tiles come as the ring gives them."""
    info = (2, ((1, 1, 0, 0, 0),))  # lacks a green and a red cell
    with_discs = agent.card_chance(info, (1, 1, 0, 0, 0), 5.0, agent.READY)
    one_disc = agent.card_chance(info, (1, 0, 0, 0, 0), 5.0, agent.READY)
    none = agent.card_chance(info, (0, 0, 0, 0, 0), 5.0, agent.READY)
    assert with_discs == agent.DISC_READY
    assert with_discs > one_disc > none == pytest.approx(agent.GAIN ** 2)


def test_a_blue_or_yellow_cell_without_such_a_disc_is_far_off():
    """§6.3: level III patterns need blue and yellow discs, which come only from level II cards."""
    info = (1, ((0, 0, 0, 1, 0),))
    assert agent.card_chance(info, (0, 0, 0, 1, 0), 5.0, agent.READY) == agent.DISC_READY
    assert agent.card_chance(info, (3, 3, 3, 0, 0), 5.0, agent.READY) == pytest.approx(agent.GAIN ** agent.NO_DISC)


def test_a_card_needing_more_turns_than_are_left_is_worth_nothing():
    """Three cells a main action: a pattern lacking seven cells needs three turns."""
    info = (7, ((3, 4, 0, 0, 0),))
    assert agent.card_chance(info, (0, 0, 0, 0, 0), 3.0, agent.READY) > 0
    assert agent.card_chance(info, (0, 0, 0, 0, 0), 2.0, agent.READY) == 0
    assert agent.card_chance((0, ()), (0,) * 5, 0.0, agent.READY) == agent.READY  # shown now: claimed now


def test_the_solo_game_lasts_fourteen_turns():
    """§12: a solo game is exactly 14 turns; the turn under way counts while its main action is to come."""
    s = new_game(1, 2)
    assert s.turn == 1 and s.phase == "before"
    assert agent.main_actions_left(F, s) == [14.0]
    s.phase = "after"
    assert agent.main_actions_left(F, s) == [13.0]


def test_a_declared_end_leaves_only_the_rest_of_the_round():
    """§11: the round in which the end is declared is finished: seats after the current one play once more."""
    s = scene(EMPTY_BOARD, seats=3, phase="after")  # seat 0 starts the round
    s.end_declared = True
    assert agent.main_actions_left(F, s) == [0.0, 1.0, 1.0]
    s.end_declared = False
    more = agent.main_actions_left(F, s)
    assert more[0] > 1 and more[1] == more[2] == more[0] + 1


def test_hourglasses_shorten_the_game_and_what_plans_are_worth():
    """§11: ten hourglasses end the game: the more the leader holds, the fewer turns are left to complete cards."""
    s = scene(["......", "......", ".GG...", "......", "......", "......"], market={1: ["I-01"], 2: [], 3: []})
    late = s.copy()
    late.players[1].claimed = (cid("III-17"), cid("III-18"), cid("II-15"))  # 8 hourglasses
    assert agent.main_actions_left(F, late)[0] < agent.main_actions_left(F, s)[0]
    assert agent._project(F, late)[0] < agent._project(F, s)[0]


def test_evaluate_values_discs_and_the_plus_one_track_while_turns_are_left():
    s = scene(EMPTY_BOARD, market={1: [], 2: [], 3: []})
    more = scene(EMPTY_BOARD, market={1: [], 2: [], 3: []}, discs={"B": 1, "G": 1}, level=2)
    assert ev(more) > ev(s)
    s.end_declared = more.end_declared = True
    s.phase = more.phase = "after"  # the last turn's main action is done: nothing is worth more now
    assert ev(more) == pytest.approx(ev(s))


def test_evaluate_alone_is_the_projection_and_in_company_the_margin_over_the_best_other():
    solo = new_game(1, 4)
    assert ev(solo) == pytest.approx(agent._project(F, solo)[0])
    s = new_game(3, 4)
    proj = agent._project(F, s)
    assert ev(s, 1) == pytest.approx(proj[1] - max(proj[0], proj[2]))


def test_standing_gives_the_projection_and_the_share_of_the_game_left():
    """Hard's chance to win (engine/core/search.py WinChance) reads standing(): each seat's projection, as evaluate
    counts it where no fit for the seat count is shipped (two seats) and with WIN_WEIGHTS where one is (three), the
    final sheet when over (§11), and the share of the game left: all of it at the start, less once the leader holds
    hourglasses (§11: ten end the game), none when over."""
    for seats in (2, 3):
        for s in random_states(21, seats, every=0.2):
            scores, left, over = agent.standing(R, s)
            assert over == (s.phase == "over")
            assert 0.0 <= left <= 1.0
            if over:
                assert left == 0.0
                assert scores == pytest.approx(agent._final_points(F, s))
            elif seats not in agent.WIN_WEIGHTS:
                assert ev(s, 0) == pytest.approx(scores[0] - max(scores[1:]))
            else:
                fitted = agent.WIN_WEIGHTS[seats]
                assert scores == pytest.approx([p["base"] + sum(p[k] * w for k, w in fitted.items())
                                                for p in agent.parts(R, s)])
    start = new_game(3, 4)
    assert agent.standing(R, start)[1] == pytest.approx(1.0)
    late = start.copy()
    late.players[1].claimed = (cid("III-17"), cid("III-18"), cid("II-15"))  # 8 hourglasses
    assert 0.0 < agent.standing(R, late)[1] < 0.5


@pytest.mark.parametrize("seed,seats,options", CASES[1:])
def test_parts_times_their_weights_make_the_projection(seed, seats, options):
    """parts() for engine/tune.py: each seat's claimed points (§11) plus each part times its weight is the
    projection evaluate() compares, at any moment of the game; so the weights a fit finds are the ones Hard plays
    with."""
    checked = 0
    for s in random_states(seed, seats, every=0.2, options=options)[:-1]:
        claimed = [float(sum(F.points[c] for c in p.claimed)) for p in s.players]
        assert_parts_make_the_projection(agent, R, s, claimed)
        checked += 1
    assert checked > 5


def test_the_pace_parts_count_hourglasses_and_turns_and_are_not_in_the_design():
    """§11: ten hourglasses end the game. The parts a fit may weigh beyond the design: the hourglasses on a seat's
    claimed cards and its main actions left (main_actions_left); at their designed weight 0 they change nothing."""
    s = new_game(3, 4)
    s.players[1].claimed = (cid("III-17"), cid("II-15"))
    per_seat = agent.parts(R, s)
    glasses = [sum(F.hourglasses[c] for c in p.claimed) for p in s.players]
    assert glasses[1] > 0
    assert [p["hourglasses"] for p in per_seat] == pytest.approx(glasses)
    assert [p["turns"] for p in per_seat] == pytest.approx(agent.main_actions_left(F, s))
    assert agent.WEIGHTS["hourglasses"] == agent.WEIGHTS["turns"] == 0.0
    assert agent._project(F, s, {**agent.WEIGHTS, "hourglasses": 1.0})[1] == pytest.approx(
        agent._project(F, s)[1] + glasses[1])


def test_standing_weighs_the_parts_as_fitted_for_the_seat_count(monkeypatch):
    """Hard's chance to win reads standing() with WIN_WEIGHTS for the seat count (fitted by engine/tune.py --win);
    a seat count without them keeps evaluate's projection, and evaluate() itself never changes."""
    fitted = {**agent.WEIGHTS, "hourglasses": -2.0, "best_plan": 0.5}
    monkeypatch.setattr(agent, "WIN_WEIGHTS", {3: fitted})
    for s in random_states(8, 3, every=0.2)[:-1]:
        per_seat = agent.parts(R, s)
        scores = agent.standing(R, s)[0]
        assert scores == pytest.approx([p["base"] + sum(p[k] * w for k, w in fitted.items()) for p in per_seat])
        designed = agent._project(F, s)
        assert ev(s, 0) == pytest.approx(designed[0] - max(designed[1], designed[2]))
    two = random_states(8, 2, every=0.2)[3]
    assert agent.standing(R, two)[0] == pytest.approx(agent._project(F, two))


# ---------------------------------------------------------------- rank
def test_rank_puts_claims_first_and_keeps_every_action():
    s = scene(["......", "......", ".GGR..", "......", "......", "......"], market={1: ["I-01"], 2: [], 3: []},
              discs={"R": 1})
    acts = R.legal_actions(s)
    ranked = agent.rank(R, s, 0, acts)
    assert sorted(map(repr, ranked)) == sorted(map(repr, acts))
    assert isinstance(ranked[0], Claim)
    main = [a for a in ranked if not isinstance(a, Claim)]
    assert EndDiscs() in main[:3]  # the pass is always looked at


def test_rank_tries_the_tile_and_the_disc_that_complete_a_pattern_first():
    """GG on (1, 2), (2, 2) lacks a red square on (3, 2) for I-01: the red tile or red disc laid there first."""
    s = scene(["......", "......", ".GG...", "......", "......", "......"], market={1: ["I-01"], 2: [], 3: []},
              hand=("T02", "T01", "T03"), discs={"R": 1, "K": 1})
    ranked = agent.rank(R, s, 0, R.legal_actions(s))
    tiles = [a for a in ranked if isinstance(a, PlaceTile)]
    steps = [a for a in ranked if isinstance(a, (PlaceDisc, MoveDisc))]
    assert tiles[0].tile == tid("T02") and (3, 2) in [c for c, _ in R.tile_cells(
        tiles[0].tile, R.geo.same_as[tiles[0].tile][agent_lie(tiles[0])], tiles[0].x, tiles[0].y)]
    assert steps[0] == PlaceDisc("R", 3, 2)


def agent_lie(a: PlaceTile):
    from engine.core.orientation import Orientation

    return Orientation(a.turns, a.flipped)


def test_rank_takes_the_tile_that_fits_the_board_first():
    """§9.1: after laying a tile the seat takes one of the two in front of the queen: the one its patterns want."""
    s = scene(["......", "......", ".GG...", "......", "......", "......"], market={1: ["I-01"], 2: [], 3: []},
              phase="take")
    s.ring = (tid("T01"), tid("T02")) + tuple(t for t in s.ring if t not in (tid("T01"), tid("T02")))
    p = s.players[0]
    p.hand = tuple(t for t in p.hand if t not in (tid("T01"), tid("T02")))[:2]
    s.ring = tuple(t for t in s.ring if t not in p.hand)
    acts = R.legal_actions(s)
    assert acts == [TakeTile(tid("T01")), TakeTile(tid("T02"))]
    assert agent.rank(R, s, 0, acts)[0] == TakeTile(tid("T02"))  # red for (3, 2)


def test_rank_from_any_reachable_state_is_a_permutation_of_the_legal_actions():
    for real in random_states(9, 2, every=0.2, side="advanced"):
        if real.phase == "over":
            continue
        acts = R.legal_actions(real)
        ranked = agent.rank(R, real, real.current, acts)
        assert len(ranked) == len(acts) and set(map(repr, ranked)) == set(map(repr, acts))

