"""Five Tribes' computer-opponent hooks (games/five_tribes/agent.py): sample() and evaluate().

What Five Tribes hides (rules.view): the order of the resource and Djinn decks, the Whim deck (and,
with the option whim_hands = hidden, the other seats' Whim cards in hand), and the seed. The other seats' gold
(option hidden_gold, on by default) is face down at the table but counted: the view carries it (every coin moved
is in the log). Each test names what it checks and
fails if that broke. Board of the built positions: tests/five_tribes_helpers.BOARD (lake at (2, 2)).
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

import pytest

from games.five_tribes import agent
from games.five_tribes.rules_state import HIDDEN, BuyCard, Decline, Drop, PickUp, PlaceCamel, TakeDjinn, UseDjinn
from tests.five_tribes_helpers import cell, court, give_cards, new_game, own, play, put, rules
from tests.agent_parts import assert_a_weight_scales_its_part, assert_parts_make_the_projection
from tests.test_five_tribes_rules import scene

R = rules()
PHASES = set(R.phase_reasons) | {"over"}
ALL_CARDS = Counter({r.id: r.count for r in R.cat.resources.values()})


# ---------------------------------------------------------------- reaching states
def pick(s, rng: random.Random):
    """A random legal action, leaning towards Djinns and markets so that their phases come up."""
    acts = R.legal_actions(s)
    rare = [a for a in acts if isinstance(a, (UseDjinn, TakeDjinn, BuyCard))]
    if rare and rng.random() < 0.7:
        return rng.choice(rare)
    return rng.choice(acts)


@lru_cache(maxsize=None)
def random_states(seed: int, seats: int, every: float = 0.07, options: tuple = ()) -> tuple:
    """Real states reached by random legal play, picked at random moments (every phase, mid-turn too).

    The first state of each phase is always picked, and the last of the game. Shared between tests:
    never change them (sample and apply copy).
    """
    rng = random.Random(seed * 31 + seats)
    s = new_game(seats, seed, **dict(options))
    out, phases = [s], {s.phase}
    while s.phase != "over":
        s = R.apply(s, pick(s, rng), checked=True)
        if rng.random() < every or s.phase not in phases or s.phase == "over":
            out.append(s)
            phases.add(s.phase)
    return tuple(out)


CASES = [
    (1, 2, ()),
    (2, 3, ()),
    (3, 4, ()),
    (4, 5, ()),
    (5, 3, (("whim_hands", "hidden"),)),
    (6, 4, (("hidden_gold", False), ("board", "base_5x6"))),
    (7, 2, (("whim_hands", "hidden"), ("whim_payout", "own_turn"), ("dhenim", True), ("expansion_djinns", False))),
    (8, 5, (("whim_hands", "hidden"), ("hidden_gold", False))),
]


def playout(s, rng: random.Random):
    while s.phase != "over":
        s = R.apply(s, rng.choice(R.legal_actions(s)), checked=True)
    return s


def djinns_in_game(s) -> set[str]:
    sets = {"base"} | ({"whims"} if s.options["expansion_djinns"] else set()) | ({"promo"} if s.options["dhenim"] else set())
    return {d.id for d in R.cat.djinns.values() if d.set in sets}


def whims_in_game(s) -> list[str]:
    if R.cat.boards[s.layout.board].tile_set != "whims":
        return []
    return [w.id for w in R.cat.whims.values() if not w.artisans_only]


def all_cards(s) -> Counter:
    cards = Counter(s.deck) + Counter(c for c in s.row if c is not None) + Counter(s.discard)
    for p in s.players:
        cards += Counter(p.goods) + Counter({"fakir": p.fakirs})
    return +cards


def all_djinns(s) -> list[str]:
    out = s.djinn_deck + [d for d in s.djinn_row if d is not None] + s.djinn_discard + s.drawn
    for p in s.players:
        out += p.djinns
    return out


def all_whims(s) -> list[str]:
    out = s.whim_deck + [w for w in s.whim_on if w is not None]
    for p in s.players:
        out += p.whims + p.whims_done
    return out


def all_meeples(s) -> list[int]:
    found = [sum(col) for col in zip(s.bag, s.hand, *s.meeples)]
    for p in s.players:
        found[0] += p.viziers
        found[1] += p.elders
    return found


# ---------------------------------------------------------------- sample: consistent with the view
@pytest.mark.parametrize("seed,seats,options", CASES)
def test_sample_shows_the_same_view_keeps_legal_actions_and_plays_to_the_end(seed, seats, options):
    phases = set()
    rng = random.Random(seed)
    states = random_states(seed, seats, options=options)
    for i, real in enumerate(states):
        phases.add(real.phase)
        for seat in range(seats):
            view = R.view(real, seat)
            s = agent.sample(R, view, seat, rng)
            assert s.hidden is False and s.seed != 0
            assert HIDDEN not in s.deck + s.djinn_deck + s.whim_deck
            assert all(HIDDEN not in p.whims and not p.gold_hidden for p in s.players)
            assert R.view(s, seat) == view, f"state {i} ({real.phase}), seat {seat}: the sample shows another view"
            assert R.check_invariants(s) == [], f"state {i}, seat {seat}"
            if R.to_move(view) == seat:
                assert R.legal_actions(s) == R.legal_actions(view)
            if seat == i % seats:  # one full playout per state, each seat in turn
                end = playout(s, rng)
                assert end.phase == "over"
                assert R.check_invariants(end) == [], f"state {i}, seat {seat}"
    mid_turn = {"move", "control", "tribe", "tile", "finish"}
    assert {"bid", "start", "over"} | mid_turn <= phases, f"random play missed {mid_turn - phases}"


def test_random_play_reaches_every_phase():
    """The states the sample tests use cover every phase of the game, mid-turn ones too."""
    phases = {s.phase for case in CASES for s in random_states(case[0], case[1], options=case[2])}
    assert phases == PHASES, f"missed {PHASES - phases}"


def test_sample_of_a_full_state_samples_its_view():
    """Given the real state by mistake, sample takes that seat's view of it (it never uses what is hidden)."""
    real = random_states(2, 3)[10]
    a = agent.sample(R, real, 1, random.Random(4))
    b = agent.sample(R, R.view(real, 1), 1, random.Random(4))
    assert a == b


# ---------------------------------------------------------------- sample: random, and no invented pieces
def midgame(seed: int = 3, seats: int = 3, **options):
    """A real state of a random game with plenty still hidden (decks, Whim deck)."""
    states = random_states(seed, seats, options=tuple(sorted(options.items())))
    s = next(s for s in states if s.round >= 3 and s.phase in ("start", "move"))
    assert len(s.deck) > 10 and len(s.djinn_deck) > 5 and len(s.whim_deck) > 3
    return s


def test_sample_fills_hidden_parts_differently_for_different_rng_seeds():
    real = midgame()
    view = R.view(real, 0)
    samples = [agent.sample(R, view, 0, random.Random(k)) for k in range(6)]
    assert len({tuple(s.deck) for s in samples}) == 6
    assert len({tuple(s.djinn_deck) for s in samples}) == 6
    assert len({tuple(s.whim_deck) for s in samples}) >= 5  # fewer cards: a repeat is possible, not likely
    assert len({s.seed for s in samples}) == 6
    # every seat's gold is counted, not guessed: face down at the table, but each coin moved is in the log
    assert all([p.gold for p in s.players] == [p.gold for p in real.players] for s in samples)
    below_top = {tuple(s.deck[:-1]) for s in samples}
    assert len(below_top) == 6  # not only the tops: the order below them too


def test_sample_draws_every_card_the_deck_may_hold_for_its_top():
    """Every resource the view leaves unaccounted for turns up on top of the deck, nothing else does."""
    real = midgame()
    view = R.view(real, 0)
    could = set(real.deck)
    rng = random.Random(3)
    tops = Counter(agent.sample(R, view, 0, rng).deck[-1] for _ in range(400))
    assert set(tops) == could
    expected = Counter(real.deck)
    for card, n in expected.items():  # about 400 * share each: no card is favoured or shunned
        assert abs(tops[card] - 400 * n / len(real.deck)) < 45


@pytest.mark.parametrize("seed,seats,options", CASES[3:7])
def test_sample_never_invents_a_piece_every_card_djinn_whim_and_meeple_exactly_once(seed, seats, options):
    rng = random.Random(seed + 100)
    for real in random_states(seed, seats, options=options):
        for seat in range(seats):
            s = agent.sample(R, R.view(real, seat), seat, rng)
            assert all_cards(s) == ALL_CARDS
            assert sorted(all_djinns(s)) == sorted(djinns_in_game(real))
            assert sorted(all_whims(s)) == sorted(whims_in_game(real))
            assert all_meeples(s) == all_meeples(real)
            assert sorted(s.deck) == sorted(real.deck) and sorted(s.djinn_deck) == sorted(real.djinn_deck)


def test_hidden_hands_of_whim_cards_get_cards_their_holders_do_not_meet():
    """Whim cards pay the moment their condition holds (rules.md "Whim cards"): a card still in a hand is unmet."""
    s = scene(3, whim_hands="hidden")  # the test board: every Whim card in the deck
    court(s, 1, viziers=4)  # seat 1 meets Friends at Court (whim_02: at least 4 Viziers)
    card = next(w for w in s.whim_deck if w != "whim_02" and not R.whim_met(s, 1, w))
    s.whim_deck.remove(card)
    s.players[1].whims.append(card)
    assert R.whim_met(s, 1, "whim_02") and "whim_02" in s.whim_deck
    view = R.view(s, 0)
    assert view.players[1].whims == [HIDDEN]
    rng = random.Random(8)
    held = Counter()
    for _ in range(150):
        x = agent.sample(R, view, 0, rng)
        held[x.players[1].whims[0]] += 1
        assert not R.whim_met(x, 1, x.players[1].whims[0])
        assert R.view(x, 0) == view
    assert "whim_02" not in held and len(held) > 5  # never the met card; many others


# ---------------------------------------------------------------- sample: honesty
def reshuffled(real, seat: int, rng: random.Random):
    """The same game with every part hidden from `seat` changed: deck orders, the Whim deck and the other
    seats' hidden Whim cards, the seed."""
    s = real.copy()
    s.notices = list(real.notices)
    s.deck = list(real.deck)
    rng.shuffle(s.deck)
    s.djinn_deck = list(real.djinn_deck)
    rng.shuffle(s.djinn_deck)
    hidden_hands = real.options["whim_hands"] == "hidden" and real.phase != "over"
    pool = list(real.whim_deck)
    for other, p in enumerate(s.players):
        if other != seat and hidden_hands:
            pool += p.whims
    rng.shuffle(pool)
    for other, p in enumerate(s.players):
        if other != seat and hidden_hands:
            p.whims = [pool.pop() for _ in p.whims]
    s.whim_deck = pool
    s.seed = real.seed + 12345
    return s


@pytest.mark.parametrize("seed,seats,options", [CASES[1], CASES[4], CASES[6]])
def test_sample_is_honest_it_reads_only_the_view(seed, seats, options):
    rng = random.Random(11)
    checked = changed = 0
    for real in random_states(seed, seats, every=0.1, options=options):
        for seat in range(seats):
            other = reshuffled(real, seat, rng)
            assert R.check_invariants(other) == []
            changed += other.deck != real.deck or other.whim_deck != real.whim_deck
            view = R.view(real, seat)
            assert R.view(other, seat) == view
            a = agent.sample(R, view, seat, random.Random(77))
            b = agent.sample(R, R.view(other, seat), seat, random.Random(77))
            assert a == b
            checked += 1
    assert checked > 30 and changed > 20, "the two real states should differ in their hidden parts"


def test_sample_draws_hidden_parts_afresh_rather_than_finding_the_real_ones():
    """The decks and seed of a sample are drawn, not the real ones (which the view does not carry); the gold is the
    view's count, face down or not."""
    real = midgame()
    s = agent.sample(R, R.view(real, 0), 0, random.Random(1))
    assert s.deck != real.deck and s.djinn_deck != real.djinn_deck and s.seed != real.seed
    assert [p.gold for p in s.players] == [p.gold for p in real.players] and not any(p.gold_hidden for p in s.players)


# ---------------------------------------------------------------- evaluate: the score as it stands
@pytest.mark.parametrize("seed,seats,options", CASES)
def test_evaluate_on_a_finished_game_is_the_score_sheet_margin(seed, seats, options):
    end = random_states(seed, seats, options=options)[-1]
    assert end.phase == "over"
    sheet = R.score_sheet(end)
    for seat in range(seats):
        margin = sheet.totals[seat] - max(t for x, t in enumerate(sheet.totals) if x != seat)
        assert agent.evaluate(R, end, seat) == margin


@pytest.mark.parametrize("seed,seats,options", CASES[:6])
def test_the_score_as_it_stands_is_the_score_sheet_at_every_moment(seed, seats, options):
    """evaluate's own fast scoring (rules_scoring.Scorer's categories) matches the score sheet all game long."""
    for s in random_states(seed, seats, every=0.2, options=options):
        scores, viz = agent.current_scores(R, s)
        totals = [scores[x] + 10 * sum(1 for o in range(seats) if viz[o] < viz[x]) for x in range(seats)]
        assert totals == R.score_sheet(s).totals


def test_evaluate_haurvatat_palms_beside_the_lake_follow_the_option():
    """Haurvatat beside the Great Lake: 10 per palm (double_all) or 8 (option double_base), at the end."""
    for option, each in (("double_all", 10), ("double_base", 8)):
        s = scene(2, haurvatat_lake=option)
        own(s, 0, cell(3, 1))  # diagonal to the lake
        s.palms[cell(3, 1)] = 1
        s.palms_left -= 1
        s.players[0].djinns.append(s.djinn_deck.pop(s.djinn_deck.index("haurvatat")))
        s.phase = "over"
        sheet = R.score_sheet(s)
        assert sheet.rows[5].values[0] == each
        assert agent.evaluate(R, s, 0) == sheet.totals[0] - sheet.totals[1]


def test_evaluate_is_zero_sum_between_two_seats_and_a_float():
    for s in random_states(1, 2, every=0.1):
        a, b = agent.evaluate(R, s, 0), agent.evaluate(R, s, 1)
        assert isinstance(a, float)
        assert a == pytest.approx(-b)


# ---------------------------------------------------------------- evaluate: better positions rank higher
def late(n: int = 2):
    """Seat 0 about to move on the test board with no meeples left to move: the game's end is near."""
    return scene(n)


def test_evaluate_vizier_majority_ten_per_opponent_with_fewer():
    """Final scoring, Vizier majority: 10 for each opponent with strictly fewer Viziers (a tie earns nothing)."""
    ahead, tied = late(3), late(3)
    court(ahead, 0, viziers=4)
    court(ahead, 1, viziers=3)
    court(tied, 0, viziers=3)
    court(tied, 1, viziers=3)
    gain = agent.evaluate(R, ahead, 0) - agent.evaluate(R, tied, 0)
    assert 8 < gain <= 11  # 1 for the Vizier, nearly 10 for the majority over seat 1 (near the end: nearly sure)


def test_evaluate_palm_on_own_tile_three_doubled_beside_the_lake():
    """Final scoring, Palm trees: 3 per palm on your tiles, doubled on the 8 tiles around the Great Lake."""
    base = late()
    own(base, 0, cell(0, 2), cell(3, 1))  # an Oasis, and a city diagonal to the lake
    far, near = base.copy(), base.copy()
    far.palms[cell(0, 2)] += 1
    near.palms[cell(3, 1)] += 1
    far.palms_left = near.palms_left = base.palms_left - 1
    assert agent.evaluate(R, far, 0) - agent.evaluate(R, base, 0) == pytest.approx(3.0)
    assert agent.evaluate(R, near, 0) - agent.evaluate(R, base, 0) == pytest.approx(6.0)


def test_evaluate_tile_under_own_camel_scores_its_value():
    """Final scoring, Tiles: the printed value of each tile you control (Oasis 8, Small Market 6)."""
    oasis, market = late(), late()
    own(oasis, 0, cell(0, 2))
    own(market, 0, cell(0, 0))
    assert agent.evaluate(R, oasis, 0) - agent.evaluate(R, market, 0) == pytest.approx(2.0)


def test_evaluate_merchandise_sets_of_different_goods_score_more():
    """Final scoring, Merchandise: 3 different goods are one set worth 7, 3 of one good three sets worth 1 each."""
    mixed, same = late(), late()
    give_cards(mixed, 0, "fish", "wheat", "pottery")
    give_cards(same, 0, "fish", "fish", "fish")
    assert agent.evaluate(R, mixed, 0) - agent.evaluate(R, same, 0) == pytest.approx(4.0)


def test_evaluate_two_wondrous_cities_are_worth_more_than_one():
    """Whims of the Sultan, Wondrous Cities: 1 city 5 points, 2 cities 20."""
    one, two = late(), late()
    own(one, 0, cell(1, 3))
    own(two, 0, cell(1, 3), cell(4, 0))
    assert agent.evaluate(R, two, 0) - agent.evaluate(R, one, 0) == pytest.approx(15.0)


def test_evaluate_gold_counts_one_point_per_coin():
    """Final scoring, Gold: 1 point per coin."""
    rich, poor = late(), late()
    rich.players[0].gold += 9
    assert agent.evaluate(R, rich, 0) - agent.evaluate(R, poor, 0) == pytest.approx(9.0)


def test_evaluate_fakirs_and_djinn_powers_count_while_the_game_has_far_to_go():
    """Holdings still to be used are worth something early and nothing beyond their points at the end:
    Fakirs (they pay for Djinns, reach further, count as Builders; no points) and a Djinn's power (for the
    rest of the game; Final scoring counts only its printed value)."""
    early = midgame(seed=2, seats=3)
    end = random_states(2, 3)[-1]
    assert early.round >= 3 and not early.ending and end.phase == "over"
    for s, worth in ((early, True), (end, False)):
        more = s.copy()
        more.players[0].fakirs += 1
        (more.discard if "fakir" in more.discard else more.deck).remove("fakir")
        gain = agent.evaluate(R, more, 0) - agent.evaluate(R, s, 0)
        assert gain > 0.5 if worth else gain == 0
        djinn = next(d for d in s.djinn_deck if R.cat.djinns[d].timing in ("trigger", "active"))
        more = s.copy()
        more.djinn_deck = [d for d in s.djinn_deck if d != djinn]
        more.players[0].djinns = s.players[0].djinns + [djinn]
        gain = agent.evaluate(R, more, 0) - agent.evaluate(R, s, 0)
        vp = R.cat.djinns[djinn].vp
        assert gain > vp + 0.5 if worth else gain == vp


def move_to(end_meeples: tuple[str, ...], hand: str = "vizier"):
    """Seat 0 of 2 has picked up one meeple at (0,0) (Small Market); (0,1) (Large Market, 4) holds end_meeples."""
    s = late()
    a, b = cell(0, 0), cell(0, 1)
    put(s, a, hand)
    put(s, b, *end_meeples)
    return play(s, PickUp(a))


def test_evaluate_the_move_in_hand_by_the_best_end_it_can_reach():
    """1. Move meeples / 2. Take control: ending on a tile collects the last meeple's tribe there, and a
    tile left empty takes your camel. The move that can still empty (0,1) stands better by its value (4)."""
    empties = move_to(("vizier",))
    stays = move_to(("vizier", "elder"))
    assert empties.phase == stays.phase == "move"
    assert agent.evaluate(R, empties, 0) - agent.evaluate(R, stays, 0) == pytest.approx(4.0)
    more = move_to(("vizier", "vizier", "elder"))
    assert agent.evaluate(R, more, 0) > agent.evaluate(R, stays, 0)  # 3 Viziers collected instead of 2


def test_evaluate_does_not_jump_along_a_turn_whose_outcome_is_certain():
    """The value of the move in hand is what the move is worth once made: the drop, the camel, the Viziers
    kept (3. The tribe action) and the market still on offer (4. The tile action) change nothing."""
    s = move_to(("vizier",))
    before = agent.evaluate(R, s, 0)
    s = play(s, Drop(cell(0, 1), "vizier"))
    assert s.phase == "control"
    assert agent.evaluate(R, s, 0) == pytest.approx(before)
    s = play(s, PlaceCamel(cell(0, 1)))
    assert s.phase == "tile" and s.players[0].viziers == 2 and s.owner[cell(0, 1)] == 0
    assert agent.evaluate(R, s, 0) == pytest.approx(before)
    done = play(s, Decline())
    assert agent.evaluate(R, done, 0) <= agent.evaluate(R, s, 0)  # declining the market gives up its option


def test_evaluate_a_palm_on_an_opponents_oasis_helps_them():
    """4. The tile action: an Oasis' palm is compulsory and goes to whoever controls the Oasis."""
    mine, theirs = late(), late()
    own(mine, 0, cell(0, 2))
    own(theirs, 1, cell(0, 2))
    for s in (mine, theirs):
        put(s, cell(0, 1), "elder")
        put(s, cell(0, 2), "elder", "builder")
    mine, theirs = play(mine, PickUp(cell(0, 1))), play(theirs, PickUp(cell(0, 1)))
    assert agent.evaluate(R, mine, 0) - agent.evaluate(R, theirs, 0) > 3.0 + 8.0  # the tile, and the palm's 3


def test_evaluate_a_whim_card_on_the_city_the_move_reaches_by_what_it_pays():
    """Whims of the Sultan, Whim cards: ending on a city takes its card, paid at once when its holder meets it.
    Holy Men (whim_05: 2 Fakirs, 5 gold) pays the mover with 2 Fakirs now; The Silk Road (whim_18: 7 kinds of
    goods) is far off near the end of the game. The move stays worth the same once made."""
    def reaching(whim: str):
        s = late()
        give_cards(s, 0, "fakir", "fakir")
        s.whim_deck.remove(whim)
        s.whim_on[cell(1, 3)] = whim  # the blue city below the Village at (0, 3)
        put(s, cell(0, 3), "elder")
        put(s, cell(1, 3), "elder", "builder")
        return play(s, PickUp(cell(0, 3)))

    met, far = reaching("whim_05"), reaching("whim_18")
    assert R.whim_met(met, 0, "whim_05") and not R.whim_met(far, 0, "whim_18")
    assert agent.evaluate(R, met, 0) - agent.evaluate(R, far, 0) == pytest.approx(5.0)
    done = play(met, Drop(cell(1, 3), "elder"))
    assert done.phase == "finish" and done.players[0].whims_done == ["whim_05"]
    assert agent.evaluate(R, done, 0) == pytest.approx(agent.evaluate(R, met, 0))


def test_evaluate_bidding_a_place_ahead_in_the_turn_order_is_worth_something():
    """Bidding for turn order: markers play from the dearest spot down, and who moves first takes the best
    tile. For the same gold, the first place stands better than the last of the 0 queue."""
    s = new_game(2, 4)
    x = s.seat
    first = R.apply(s, next(a for a in R.legal_actions(s) if a.spot == 0))
    last = R.apply(s, next(a for a in R.legal_actions(s) if R.spot_level(s, a.spot)[0] == len(s.levels) - 1))
    first.players[x].gold = last.players[x].gold
    assert agent.evaluate(R, first, x) > agent.evaluate(R, last, x)


def test_evaluate_at_the_start_of_a_turn_counts_the_best_move_on_the_board():
    """1. Move meeples: the mover picks the tile to start from. Before picking up, the turn is worth its best
    move: (0,1) to (0,0) collects 2 Viziers and takes the Small Market (6); the other way takes the Large
    Market (4)."""
    s = late()
    put(s, cell(0, 0), "vizier")
    put(s, cell(0, 1), "vizier")
    assert s.phase == "start"
    best, worse = play(s, PickUp(cell(0, 1))), play(s, PickUp(cell(0, 0)))
    assert agent.evaluate(R, s, 0) == pytest.approx(agent.evaluate(R, best, 0))
    assert agent.evaluate(R, best, 0) - agent.evaluate(R, worse, 0) == pytest.approx(2.0)


def test_evaluate_with_three_seats_counts_the_moves_still_to_come_this_round(monkeypatch):
    """Bidding for turn order, then each marker moves in that order: with three seats, a seat whose marker
    still plays later in the round has a move to come, and a turn that leaves a rich move to the seat after
    next is worth less to the mover than one that does not. Turned off (LATER_MARKERS_SEATS above the seats),
    the later seat's evaluation loses that move; with two seats it is never counted (measured weaker there)."""
    s = midgame(seats=3)
    while not (s.phase == "start" and len(s.order) - s.turn >= 3):
        s = R.apply(s, pick(s, random.Random(len(s.order) + s.round)))
    later = s.marker_seat[s.order[s.turn + 2]]
    mover = s.marker_seat[s.order[s.turn]]
    with_moves = agent.evaluate(R, s, later)
    monkeypatch.setattr(agent, "LATER_MARKERS_SEATS", 4)
    without = agent.evaluate(R, s, later)
    assert with_moves > without
    # the mover's margin is over the best other seat: the later seats' moves to come can only lower it
    monkeypatch.setattr(agent, "LATER_MARKERS_SEATS", 3)
    mover_with = agent.evaluate(R, s, mover)
    monkeypatch.setattr(agent, "LATER_MARKERS_SEATS", 4)
    assert mover_with <= agent.evaluate(R, s, mover)
    # two seats (two markers each): not counted, as if it were off
    two = midgame(seats=2)
    while not (two.phase == "start" and len(two.order) - two.turn >= 3):
        two = R.apply(two, pick(two, random.Random(len(two.order) + two.round)))
    monkeypatch.setattr(agent, "LATER_MARKERS_SEATS", 3)
    kept = [agent.evaluate(R, two, x) for x in range(2)]
    monkeypatch.setattr(agent, "LATER_MARKERS_SEATS", 99)
    assert [agent.evaluate(R, two, x) for x in range(2)] == kept
    monkeypatch.setattr(agent, "LATER_MARKERS_SEATS", 2)
    assert [agent.evaluate(R, two, x) for x in range(2)] != kept


def test_hards_check_replies_stop_at_the_end_of_the_rounds_moves_with_three_seats():
    """replies_end (engine/core/search.py's check): with three seats the other seats' replies stop once the round's
    moves are over, at the next round's first bid, before any of its bids is played (a check begun among this
    round's bids goes on through the rest of them and the round's moves). With two seats they never stop early."""
    def first_bid(t):
        return t.phase == "bid" and R.turn_id(t)[2] == 0

    for seats in (3, 2):
        s = midgame(seed=5, seats=seats)
        rng = random.Random(seats)
        walks = moves_walked = 0
        while s.phase != "over" and walks < 8:
            start, t, seen_moves = s, s, 0
            while t.phase != "over" and not agent.replies_end(R, start, t):
                seen_moves += t.phase == "move"
                if t is not start and first_bid(t):
                    assert seats == 2, "three seats: the replies ran past the round's end"
                    break
                t = R.apply(t, pick(t, rng))
            if seats == 3 and t.phase != "over":
                assert first_bid(t)  # stopped where the next round's bids begin ...
                assert t.round == start.round + (0 if first_bid(start) else 1)  # ... the first such after the start
            if seats == 2:
                assert not agent.replies_end(R, start, t)
            moves_walked += seen_moves
            walks += 1
            for _ in range(rng.randint(1, 12)):
                if s.phase == "over":
                    break
                s = R.apply(s, pick(s, rng))
        assert walks >= 4 and moves_walked > 0


# ---------------------------------------------------------------- WEIGHTS: the projection's parts (engine/tune.py)
@pytest.mark.parametrize("seed,seats,options", CASES[:5])
def test_parts_times_their_weights_make_the_projection(seed, seats, options):
    """parts(): the final-scoring points as the state stands (without the Vizier majority) plus each part times
    its weight (SEAT_WEIGHTS' for the seat count, else WEIGHTS) is each seat's projection, and evaluate() is the
    seat's projection minus the best other seat's: the weights engine/tune.py fits are the ones the search plays
    with. Checked at the starts of turns and bids, the moments engine/tune.py records (no turn in progress)."""
    checked = 0
    for s in random_states(seed, seats, every=0.2, options=options):
        if s.phase not in ("start", "bid"):
            continue
        assert_parts_make_the_projection(agent, R, s, agent.current_scores(R, s)[0], agent.weights_for(seats))
        checked += 1
    assert checked > 5


def test_a_parts_weight_scales_what_its_holding_adds_to_the_projection():
    """WEIGHTS["fakirs"]: a Fakir held in mid-game is worth what it will still pay for (Djinns, powers, a longer
    reach), times the weight; a weight of 0 makes it worth nothing in the projection and 2 doubles it."""
    plain = midgame(seed=2, seats=3)
    richer = plain.copy()
    richer.players[0].fakirs += 1
    (richer.discard if "fakir" in richer.discard else richer.deck).remove("fakir")
    assert_a_weight_scales_its_part(lambda s, wt: agent._project(R, s, wt), agent.WEIGHTS, "fakirs", plain, richer)


def test_a_seat_count_plays_with_its_own_weights_where_it_has_them(monkeypatch):
    """SEAT_WEIGHTS[n] (weights engine/tune.py fitted to n-seat games) are the ones the projection uses with n seats;
    other seat counts use WEIGHTS. A part weighted 0 for three seats (the camels still in supply) adds nothing to a
    three-seat projection and something to a four-seat one."""
    assert all(agent.weights_for(n) is agent.WEIGHTS for n in range(2, 6) if n not in agent.SEAT_WEIGHTS)
    monkeypatch.setitem(agent.SEAT_WEIGHTS, 3, {**agent.WEIGHTS, "camels": 0.0})
    assert agent.weights_for(3)["camels"] == 0.0 and agent.weights_for(4) is agent.WEIGHTS
    for seats, counted in ((3, False), (4, True)):
        s = midgame(seed=3, seats=seats)
        assert not s.ending
        x = max(range(seats), key=lambda y: s.players[y].camels)  # not the fewest: the game left stays the same
        more = s.copy()
        more.players[x].camels += 1
        assert min(p.camels for p in more.players) == min(p.camels for p in s.players)
        gain = agent.evaluate(R, more, x) - agent.evaluate(R, s, x)
        assert (gain > 0.1) if counted else gain == pytest.approx(0.0), (seats, gain)


def test_valuing_with_other_weights_leaves_nothing_behind():
    """The seat memos kept across evaluations (a move's captures, cards, kills) never hold a weighted value: a state
    valued after parts() projected it under every weight alone (and under none) is valued as on a cold start. Else a
    tuning run, or two agents with different weights in one process, would read values worked out under weights
    not theirs."""
    states = [s for seed, seats, options in CASES[:4]
              for s in random_states(seed, seats, every=0.2, options=options) if s.phase in ("start", "bid")]
    caches = (agent._SEATS, agent._PROGRESS, agent._DELTA)

    def cold(s):
        for c in caches:
            c.clear()
        return [agent.evaluate(R, s, x) for x in range(len(s.players))]

    expected = [cold(s) for s in states]
    for c in caches:
        c.clear()
    for s in states:
        agent.parts(R, s)
    assert [[agent.evaluate(R, s, x) for x in range(len(s.players))] for s in states] == expected
    assert len(states) > 20


def test_standing_gives_the_projection_hards_chance_to_win_reads_and_the_share_of_the_game_left():
    """Hard's chance to win (engine/core/search.py WinChance) reads standing(): each seat's projection with its parts
    weighted as WIN_WEIGHTS has them for the seat count (fitted to who won; with two seats, where it has none, the
    projection evaluate compares), the final sheet when over (with the Vizier majority), and the share of the game
    left (camels or meeples, whichever run out first): all of it at the start, none when over."""
    assert 2 not in agent.WIN_WEIGHTS and 3 in agent.WIN_WEIGHTS
    for seats in (2, 3):
        states = random_states(2, seats)
        for s in states:
            scores, left, over = agent.standing(R, s)
            assert over == (s.phase == "over")
            assert 0.0 <= left <= 1.0
            if seats == 2 or over:
                for seat in range(seats):
                    assert agent.evaluate(R, s, seat) == pytest.approx(
                        scores[seat] - max(v for x, v in enumerate(scores) if x != seat))
            else:
                assert scores == pytest.approx(agent._project(R, s, agent.WIN_WEIGHTS[3]))
        assert agent.standing(R, states[0])[1] == pytest.approx(1.0)
        assert agent.standing(R, states[-1])[1] == 0.0


def test_with_three_seats_hard_counts_camels_in_supply_against_their_holder_as_the_winners_showed():
    """WIN_WEIGHTS[3] (engine/tune.py --win on 1 200 three-seat games): the seats that won had taken tiles sooner
    than their points showed, so one more camel still in supply lowers a seat's projection in Hard's chance to win,
    while Normal's margin (the weights as designed: a camel is a tile still to take) counts it for the seat. With
    four seats Hard weighs it as WIN_WEIGHTS[4] has it, and as designed where that has none."""
    s = midgame(seed=3, seats=3)
    assert not s.ending
    x = max(range(3), key=lambda y: s.players[y].camels)  # not the fewest: the game left stays the same
    more = s.copy()
    more.players[x].camels += 1
    assert min(p.camels for p in more.players) == min(p.camels for p in s.players)
    assert agent.standing(R, more)[0][x] < agent.standing(R, s)[0][x] - 0.1
    assert agent.evaluate(R, more, x) > agent.evaluate(R, s, x) + 0.1
    from engine.core.search import SearchAgent, WinChance

    hard = SearchAgent(R, x, seed=1, level="hard")
    assert isinstance(hard._evaluate, WinChance)
    assert hard._evaluate(R, more, x) < hard._evaluate(R, s, x)
