"""Computer opponents (issue 14): every game has one, it decides from its view alone, legally, within its budget."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from engine.core.search import LEVEL_SETTINGS, SearchAgent, game_hooks
from engine.core.seats import default_colours

GAMES = ["entdecker", "desert_sons", "five_tribes", "somerset", "realm_of_sand"]


def _positions(game_id: str, seeds=range(3), every: int = 7):
    """Random reachable states of a game (every few actions), with the seat to move."""
    info = registry.get(game_id)
    rules = info.make_rules()
    colours = default_colours()
    for seed in seeds:
        n = info.min_seats + seed % (info.max_seats - info.min_seats + 1)
        match = Match(rules, [Seat(i, f"P{i}", colours[i], "computer") for i in range(n)], seed)
        rng = random.Random(seed)
        k = 0
        while not match.finished:
            if k % every == 0:
                yield rules, match.state, match.to_move()
            match.play(rng.choice(match.legal_actions()), autosave=False)
            k += 1


def test_every_registered_game_has_a_computer_opponent():
    """Every game the menu offers; a rules-only game still being built (no scene: Somerset) gets its own later."""
    missing = [g.id for g in registry.games() if registry.playable(g) and game_hooks(g.id) is None]
    assert not missing, f"no games/<id>/agent.py (sample, evaluate) for {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sample_is_a_state_the_seat_cannot_tell_from_the_real_one(game_id):
    hooks = game_hooks(game_id)
    rng = random.Random(1)
    for rules, state, seat in _positions(game_id, seeds=range(2), every=11):
        for who in {seat, 0}:
            view = rules.view(state, who)
            full = hooks.sample(rules, view, who, rng)
            assert rules.view(full, who) == view
            if who == seat:
                assert rules.legal_actions(full) == rules.legal_actions(view)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("game_id", GAMES)
def test_each_level_plays_a_legal_action_from_its_view_within_its_budget(game_id, level):
    checked = 0
    for rules, state, seat in _positions(game_id, seeds=[5], every=13):
        agent = SearchAgent(rules, seat, seed=3, level=level, budget=min(0.2, LEVEL_SETTINGS[level].budget))
        view = rules.view(state, seat)
        started = time.perf_counter()
        act = agent.choose(view)
        spent = time.perf_counter() - started
        assert rules.why_illegal(state, act) is None, f"{level} chose an illegal {act} ({rules.why_illegal(state, act)})"
        assert spent < agent.budget + 1.0, f"{level} thought {spent:.2f} s on a {agent.budget} s budget"
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("game_id", GAMES)
def test_two_states_that_look_the_same_to_the_seat_get_the_same_decision(game_id):
    """Honesty: a second state that differs only in what the seat cannot see (another sample of its view)."""
    hooks = game_hooks(game_id)
    compared = 0
    for rules, state, seat in _positions(game_id, seeds=[2], every=17):
        other = hooks.sample(rules, rules.view(state, seat), seat, random.Random(99))
        assert rules.view(other, seat) == rules.view(state, seat)
        # a budget far above what Normal needs: the decision never depends on how fast the machine was
        a = SearchAgent(rules, seat, seed=7, level="normal", budget=30).choose(rules.view(state, seat))
        b = SearchAgent(rules, seat, seed=7, level="normal", budget=30).choose(rules.view(other, seat))
        assert a == b
        compared += 1
    assert compared > 3


def _small_work_for_the_games_own_levels(monkeypatch, hooks) -> None:
    """A game's LEVELS keep what they change in how a level thinks (Entdecker's Hard thinking again at ties), but
    not the work they ask (its 12 samples and 1200 candidates): a test's smaller work stands."""
    own = getattr(hooks, "LEVELS", {})
    work = ("samples", "candidates", "budget")
    monkeypatch.setattr(hooks, "LEVELS", {lv: {k: v for k, v in fields.items() if k not in work}
                                          for lv, fields in own.items()}, raising=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_decides_the_same_from_two_states_that_look_the_same(game_id, monkeypatch):
    """Honesty at Hard (screening and the finalists' replies): fewer candidates, so it runs to its end each time."""
    import dataclasses

    from engine.core import search

    small = dataclasses.replace(LEVEL_SETTINGS["hard"], samples=2, candidates=16, finalists=3, reply_width=6)
    monkeypatch.setitem(search.LEVEL_SETTINGS, "hard", small)
    hooks = game_hooks(game_id)
    _small_work_for_the_games_own_levels(monkeypatch, hooks)
    compared = 0
    for rules, state, seat in _positions(game_id, seeds=[4], every=29):
        other = hooks.sample(rules, rules.view(state, seat), seat, random.Random(5))
        a = SearchAgent(rules, seat, seed=2, level="hard", budget=60).choose(rules.view(state, seat))
        b = SearchAgent(rules, seat, seed=2, level="hard", budget=60).choose(rules.view(other, seat))
        assert a == b
        compared += 1
    assert compared >= 2  # Realm of Sand at seed 4 is a solo game: 14 short turns, two positions 29 actions apart


@pytest.mark.parametrize("game_id", GAMES)
def test_an_agent_thinking_by_work_decides_the_same_however_fast_the_clock_runs(game_id, monkeypatch):
    """`work` (the arena's --work): the budget is counted in evaluations (work per second), not read from the clock, so
    a clock racing ten seconds a reading (a machine under load) changes neither Hard's choice nor the evaluations it
    makes; the same clock cuts a Hard thinking by it to a glance."""
    from engine.core import search

    class Racing:
        now = 0.0

        def perf_counter(self) -> float:
            Racing.now += 10.0
            return Racing.now

    rules, state, seat = next(p for p in _positions(game_id, seeds=[5], every=31)
                              if len(p[0].legal_actions(p[1])) > 1)
    view = rules.view(state, seat)
    calm = SearchAgent(rules, seat, seed=3, level="hard", budget=0.05, work=4000)
    calm_choice = calm.choose(view)
    monkeypatch.setattr(search, "time", Racing())
    raced = SearchAgent(rules, seat, seed=3, level="hard", budget=0.05, work=4000)
    assert raced.choose(view) == calm_choice
    assert raced.evaluations == calm.evaluations
    # 0.05 s at 4000 a second: 200 evaluations, overrun at a deadline by at most the step under way (a reply's width)
    assert 50 < calm.evaluations <= 0.05 * 4000 + LEVEL_SETTINGS["hard"].reply_width
    by_clock = SearchAgent(rules, seat, seed=3, level="hard", budget=0.05)
    by_clock.choose(view)
    assert by_clock.evaluations < calm.evaluations


@pytest.mark.parametrize("game_id", GAMES)
def test_thinking_leaves_no_reference_cycles(game_id):
    """The search pauses the cyclic garbage collector while it thinks (SearchAgent.choose), so whatever a decision
    frees must be freed by reference counting: an evaluation or a walk that held itself in a cycle would pile up
    until the collector ran again (in Somerset with four seats 23 million objects in 60 of Hard's turns, as much
    time collecting them as thinking, and three times the memory)."""
    from tests.reference_cycles import cyclic_garbage

    positions = [p for p in _positions(game_id, seeds=[5], every=31) if len(p[0].legal_actions(p[1])) > 1][:3]
    assert positions

    def think() -> None:
        for level in ("hard", "normal"):
            for rules, state, seat in positions:
                SearchAgent(rules, seat, seed=3, level=level, budget=0.1, work=4000).choose(rules.view(state, seat))

    _, cyclic = cyclic_garbage(think)
    assert cyclic == []


class _Bait:
    """A two-seat game of one action each. Seat 0 takes 3 points (Grab), which lets seat 1 take 10 (Punish),
    or 2 points (Safe), after which seat 1 can take nothing. Seen one turn deep, Grab looks better."""

    game_id = "bait"

    def legal_actions(self, s):
        stage, _, _ = s
        return ["grab", "safe"] if stage == 0 else (["punish", "pass"] if stage == 1 else [])

    def apply(self, s, act, checked=False):
        stage, p0, p1 = s
        if stage == 0:
            return (1, p0 + (3 if act == "grab" else 2), p1)
        return (2, p0, p1 + (10 if act == "punish" and p0 == 3 else 0))

    def to_move(self, s):
        return {0: 0, 1: 1}.get(s[0])

    def turn_id(self, s):
        return s[0]

    def chance_count(self, s):
        return 0

    def view(self, s, seat):
        return s


class _BaitHooks:
    MISJUDGE = 1.0

    @staticmethod
    def sample(rules, view, seat, rng):
        return view

    @staticmethod
    def evaluate(rules, s, seat):
        return (s[1] - s[2]) if seat == 0 else (s[2] - s[1])


def test_hard_checks_its_best_turns_against_the_other_seats_best_reply(monkeypatch):
    """Hard looks ahead: Normal values its turn where it ends and takes the bait; Hard plays its finalists on
    against seat 1's best reply and sees the punishment."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "bait", _BaitHooks)
    rules = _Bait()
    assert SearchAgent(rules, 0, seed=1, level="normal", budget=5).choose((0, 0, 0)) == "grab"
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, 0)) == "safe"


class _Hidden(_Bait):
    """_Bait with a hidden number in each state, which the seat's view does not show and a sample fills in."""

    game_id = "hidden"

    def legal_actions(self, s):
        return super().legal_actions(s[:3])

    def apply(self, s, act, checked=False):
        return super().apply(s[:3], act, checked) + (s[3],)

    def to_move(self, s):
        return super().to_move(s[:3])

    def view(self, s, seat):
        return s[:3] + (None,)


class _HiddenHooks(_BaitHooks):
    @staticmethod
    def sample(rules, view, seat, rng):
        return view[:3] + (rng.random(),)


def test_hards_check_values_each_finalist_once_per_sample_then_on_fresh_samples(monkeypatch):
    """Checked again, a sample gives the value it gave (81 % of Somerset's four-seat checks were such repeats when
    the check went round the screening's samples until its time was up): Hard's check values each finalist once on
    each sample, the screening's first and then fresh ones drawn from the view, every finalist on the same samples
    in the same order, until its time (here: MAX_CHECK_SAMPLES samples) is up."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "hidden", _HiddenHooks)
    checked: dict[int, list[float]] = {}

    class Recording(SearchAgent):
        def _after_replies(self, state, deadline):
            value = super()._after_replies(state, deadline)
            if value is not None:
                checked.setdefault(state[1], []).append(state[3])  # the finalist (its points), the sample
            return value

    assert Recording(_Hidden(), 0, seed=1, level="hard", budget=5).choose((0, 0, 0, None)) == "safe"
    grab, safe = checked[3], checked[2]
    assert grab == safe  # the same samples, in the same order
    assert len(set(grab)) == len(grab)  # none twice
    assert len(grab) == search.MAX_CHECK_SAMPLES > LEVEL_SETTINGS["hard"].samples  # fresh ones drawn


def test_hards_screening_plays_each_round_past_its_samples_on_a_fresh_one(monkeypatch):
    """A round of the screening values every first action on one sample. Rounds past the level's samples went round
    them again (Desert Sons' Hard screened five first actions in 80 rounds on six samples in the median decision):
    now each round past them is played on a fresh sample drawn from the view, the same one for every first action."""
    from engine.core import search

    screened: dict[int, list[float]] = {}

    class Recording(_HiddenHooks):
        @staticmethod
        def evaluate(rules, s, seat):
            if not checking:
                screened.setdefault(s[1], []).append(s[3])  # the first action (its points), the sample
            return _HiddenHooks.evaluate(rules, s, seat)

    checking: list[bool] = []

    class Agent(SearchAgent):
        def _check_replies(self, *args):
            checking.append(True)
            return super()._check_replies(*args)

    monkeypatch.setitem(search._HOOKS, "hidden", Recording)
    hard = LEVEL_SETTINGS["hard"]
    assert Agent(_Hidden(), 0, seed=1, level="hard", budget=5).choose((0, 0, 0, None)) == "safe"
    grab, safe = screened[3], screened[2]
    assert len(grab) == len(safe) == hard.candidates // 2  # every round whole (the budget is ample)
    assert sorted(grab) == sorted(safe)  # the same samples for both
    assert len(set(grab)) == len(grab) > hard.samples  # none twice, fresh ones past the level's


class _Wide(_Bait):
    """Seat 0 picks one of 100 numbers (its points: the number's last digit), then seat 1 passes. A state is (stage,
    points, game): each game a new turn. In odd games the numbers are written out: another kind of decision."""

    game_id = "wide"

    def legal_actions(self, s):
        if s[0] == 0:
            return [str(n) for n in range(100)] if s[2] % 2 else list(range(100))
        return ["pass"] if s[0] == 1 else []

    def apply(self, s, act, checked=False):
        return (1, int(act) % 10, s[2]) if s[0] == 0 else (2, s[1], s[2])

    def turn_id(self, s):
        return (s[2], s[0])


class _WideHooks:
    MISJUDGE = 1.0
    LEVELS = {"hard": {"candidates": 100_000}}  # the screening is bound by its time alone

    @staticmethod
    def sample(rules, view, seat, rng):
        return view

    @staticmethod
    def evaluate(rules, s, seat):
        return s[1] if seat == 0 else -s[1]


def test_a_check_that_finishes_early_leaves_its_time_to_the_next_screenings_of_its_kind(monkeypatch):
    """Where Hard's check valued MAX_CHECK_SAMPLES samples of every finalist in less than its share of the time (Desert
    Sons: 0.28 s of a second left unused), the next decisions of that kind keep only CHECK_MARGIN times what it took
    for the check, and screen on the rest: more candidates in the same budget (here counted by work, not the clock).
    A decision of another kind (other kinds of actions: Five Tribes' bid and move) keeps the check's whole share."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "wide", _WideHooks)
    screened: list[int] = []

    class Agent(SearchAgent):
        def _check_replies(self, *args):
            screened.append(self.evaluations - before)
            return super()._check_replies(*args)

    agent = Agent(_Wide(), 0, seed=1, level="hard", budget=1, work=20_000)
    for game in range(4):
        before = agent.evaluations
        assert int(agent.choose((0, 0, game))) % 10 == 9
        assert agent.evaluations - before <= 0.95 * 20_000  # within the budget
    numbers, words, numbers_again, words_again = screened
    share = 0.95 * search.TURN_SHARE * search.SCREEN_SHARE * 20_000  # the screening's share of the turn, in work
    assert abs(numbers - share) < 100 and abs(words - share) < 100  # the check's share kept: never timed for its kind
    cost = agent._check_cost[frozenset({"int"})]
    assert search.CHECK_MARGIN * cost * search.MAX_CHECK_SAMPLES * LEVEL_SETTINGS["hard"].finalists * 20_000 < share
    assert numbers_again > share + 2000 and words_again > share + 2000  # the check's unused time screened


def test_a_game_may_set_the_share_of_hards_time_its_screening_takes(monkeypatch):
    """screen_share: Hard screens candidate turns on that share of its time (SCREEN_SHARE when the game says None)
    and checks them on the rest. With none of it, Hard values one candidate turn and plays it unchecked."""
    from engine.core import search

    valued = []

    class Counted(_BaitHooks):
        @staticmethod
        def evaluate(rules, s, seat):
            valued.append(s)
            return _BaitHooks.evaluate(rules, s, seat)

    monkeypatch.setitem(search._HOOKS, "bait", Counted)
    rules = _Bait()
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, 0)) == "safe"
    assert len(valued) > 2  # both turns screened on several samples, then checked
    monkeypatch.setattr(Counted, "screen_share", staticmethod(lambda rules, view: None), raising=False)
    valued.clear()
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, 0)) == "safe"  # as SCREEN_SHARE
    assert len(valued) > 2
    monkeypatch.setattr(Counted, "screen_share", staticmethod(lambda rules, view: 0.0))
    valued.clear()
    SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, 0))
    assert len(valued) == 1


def test_first_actions_spread_by_kind_take_one_of_each_kind_before_a_second_of_any() -> None:
    """A game with many actions of one kind (SPREAD_BY_KIND) has every kind tried by a level with few candidates."""
    from dataclasses import dataclass

    from engine.core.search import spread_by_kind

    @dataclass(frozen=True)
    class Tile:
        n: int

    @dataclass(frozen=True)
    class Building:
        n: int

    @dataclass(frozen=True)
    class Pass:
        pass

    acts = [Tile(i) for i in range(6)] + [Building(0), Pass()] + [Tile(6)]
    out = spread_by_kind(acts)
    assert sorted(map(repr, out)) == sorted(map(repr, acts))
    assert {type(a) for a in out[:3]} == {Tile, Building, Pass}
    assert [a.n for a in out if isinstance(a, Tile)] == [0, 1, 2, 3, 4, 5, 6]  # each kind keeps its order


@dataclass(frozen=True)
class _Tile:
    n: int


@dataclass(frozen=True)
class _Build:
    pass


class _Prepare:
    """One seat, one turn of two steps. First "safe" (5 points, the turn ends) or "prepare"; after "prepare",
    one of 400 tiles (0 points each) or the one build (10 points)."""

    game_id = "prepare"

    def legal_actions(self, s):
        if s is None:
            return ["safe", "prepare"]
        return [_Tile(i) for i in range(400)] + [_Build()] if s == "prepare" else []

    def apply(self, s, act, checked=False):
        return act

    def to_move(self, s):
        return 0 if s in (None, "prepare") else None

    def turn_id(self, s):
        return 0

    def chance_count(self, s):
        return 0

    def view(self, s, seat):
        return s


class _PrepareHooks:
    MISJUDGE = 0.0
    SPREAD_BY_KIND = True

    @staticmethod
    def sample(rules, view, seat, rng):
        return view

    @staticmethod
    def evaluate(rules, s, seat):
        return 10.0 if isinstance(s, _Build) else 5.0 if s == "safe" else 0.0


@pytest.mark.parametrize("seed", range(5))
def test_spread_by_kind_also_has_each_step_of_a_line_look_at_every_kind(monkeypatch, seed):
    """SPREAD_BY_KIND: a line continued after its first action looks at its `width` actions kind by kind, so the
    one build among 400 tiles is always seen and "prepare" (then build: 10) beats "safe" (5). Without the spread
    Easy's 6 lines after "prepare", 3 actions drawn at random per step, all miss the build (about 96 in 100)."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "prepare", _PrepareHooks)
    assert SearchAgent(_Prepare(), 0, seed=seed, level="easy", budget=5).choose(None) == "prepare"
    monkeypatch.setattr(_PrepareHooks, "SPREAD_BY_KIND", False)
    assert SearchAgent(_Prepare(), 0, seed=seed, level="easy", budget=5).choose(None) == "safe"


class _OneTurn:
    """The parts of a tiny game of one seat and one turn, with nothing hidden and nothing random."""

    def turn_id(self, s):
        return 0

    def chance_count(self, s):
        return 0

    def view(self, s, seat):
        return s


class _OneTurnHooks:
    """Its sample is the view itself (nothing is hidden); no blur."""

    MISJUDGE = 0.0

    @staticmethod
    def sample(rules, view, seat, rng):
        return view


class _Pick(_OneTurn):
    """A one-seat game of one action: 30 numbered actions, action k scores k points (29 the best)."""

    game_id = "pick"

    def legal_actions(self, s):
        return list(range(30)) if s is None else []

    def apply(self, s, act, checked=False):
        return act

    def to_move(self, s):
        return 0 if s is None else None


class _PickHooks(_OneTurnHooks):
    """Ranks the actions 27, 28, 0, 1, ...: the best (29) last, so a level trying a few tries 27 and 28."""

    ranked: list = []

    @staticmethod
    def evaluate(rules, s, seat):
        return -1.0 if s is None else float(s)

    @staticmethod
    def rank(rules, state, seat, actions):
        _PickHooks.ranked.append(list(actions))
        return [27, 28] + [a for a in actions if a not in (27, 28)]


def test_a_games_rank_orders_the_first_actions_tried(monkeypatch):
    """rank(rules, state, seat, actions): Easy tries 12 first actions, the first 12 ranked: it finds 28, not 29."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "pick", _PickHooks)
    assert SearchAgent(_Pick(), 0, seed=1, level="easy", budget=5).choose(None) == 28
    assert _PickHooks.ranked and _PickHooks.ranked[0] == list(range(30))
    monkeypatch.setattr(_PickHooks, "rank", None)  # a game without rank: the usual random order
    assert SearchAgent(_Pick(), 0, seed=1, level="normal", budget=5).choose(None) == 29


class _Setup:
    """Two seats; seat 0 plays twice. Seat 0 first takes 1 point (grab) or nothing (setup); seat 1 passes; then
    seat 0 takes 1 point (grab) or, after setup, 5 (cash). Valued where the first turn ends, grab looks better."""

    game_id = "setup"

    def legal_actions(self, s):
        stage, _, setup = s
        return {0: ["grab", "setup"], 1: ["pass"], 2: ["grab", "cash"] if setup else ["grab"]}.get(stage, [])

    def apply(self, s, act, checked=False):
        stage, points, setup = s
        gain = {"grab": 1, "cash": 5}.get(act, 0)
        return (stage + 1, points + gain, setup or act == "setup")

    def to_move(self, s):
        return {0: 0, 1: 1, 2: 0}.get(s[0])

    def turn_id(self, s):
        return s[0]

    def chance_count(self, s):
        return 0

    def view(self, s, seat):
        return s


class _SetupHooks:
    MISJUDGE = 1.0
    CHECK_NEXT_TURN = True

    @staticmethod
    def sample(rules, view, seat, rng):
        return view

    @staticmethod
    def evaluate(rules, s, seat):
        return float(s[1]) if seat == 0 else -float(s[1])


def test_check_next_turn_values_hards_finalists_after_its_own_next_turn(monkeypatch):
    """CHECK_NEXT_TURN: Hard's finalists are valued after the replies and its own next turn (played greedily), so
    it sees that setting up now pays later; without it (and at Normal) the point now looks better."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "setup", _SetupHooks)
    rules = _Setup()
    assert SearchAgent(rules, 0, seed=1, level="normal", budget=5).choose((0, 0, False)) == "grab"
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, False)) == "setup"
    monkeypatch.setattr(_SetupHooks, "CHECK_NEXT_TURN", False)
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, False)) == "grab"


class _ManySetups(_Setup):
    """As _Setup, with five ways to take the point now: the setup is only the sixth best turn when screened."""

    def legal_actions(self, s):
        if s[0] == 0:
            return ["g1", "g2", "g3", "g4", "g5", "setup"]
        return super().legal_actions(s)

    def apply(self, s, act, checked=False):
        return super().apply(s, "grab" if act[0] == "g" else act, checked)


def test_a_game_may_have_more_finalists_checked_than_hards_own(monkeypatch):
    """FINALISTS: Hard checks its best 4 screened turns; a game asking for 6 has the setup checked too."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "setup", _SetupHooks)
    rules = _ManySetups()
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, False)) != "setup"
    monkeypatch.setattr(_SetupHooks, "FINALISTS", 6, raising=False)
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, False)) == "setup"
    assert SearchAgent(rules, 0, seed=1, level="normal", budget=5).choose((0, 0, False)) != "setup"  # Normal has none


class _LongSetup(_Setup):
    """As _Setup, with the setup paying only at seat 0's third turn: seat 0 acts at stages 0, 2 and 4 (grab 1
    point, or at stage 0 set up; at stage 4, after the setup, cash 5), seat 1 passes at stages 1, 3 and 5."""

    def legal_actions(self, s):
        stage, _, setup = s
        if stage in (1, 3, 5):
            return ["pass"]
        if stage == 0:
            return ["grab", "setup"]
        if stage == 4 and setup:
            return ["grab", "cash"]
        return ["grab"] if stage < 6 else []

    def to_move(self, s):
        return None if s[0] >= 6 else s[0] % 2


class _LongSetupHooks(_SetupHooks):
    CHECK_NEXT_TURN = False
    CHECK_TURNS = 2


def test_check_turns_values_hards_finalists_over_more_of_its_own_turns(monkeypatch):
    """CHECK_TURNS: Hard's check goes on for that many more of its own turns (played greedily), each answered by
    the replies, so it sees a setup that pays two turns later; with none (and at Normal) the point now looks
    better."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "setup", _LongSetupHooks)
    rules = _LongSetup()
    assert SearchAgent(rules, 0, seed=1, level="normal", budget=5).choose((0, 0, False)) == "grab"
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, False)) == "setup"
    monkeypatch.setattr(_LongSetupHooks, "CHECK_TURNS", 1)  # sees stage 2 only: the setup has not paid yet
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, False)) == "grab"


def test_the_garbage_collector_is_paused_while_an_agent_thinks_and_runs_again_after(monkeypatch):
    """A full collection (15-35 ms) inside a turn put Normal past its 0.1 s; thinking pauses it."""
    import gc

    from engine.core import search

    seen = []

    class Hooks(_BaitHooks):
        @staticmethod
        def evaluate(rules, s, seat):
            seen.append(gc.isenabled())
            return _BaitHooks.evaluate(rules, s, seat)

    monkeypatch.setitem(search._HOOKS, "bait", Hooks)
    assert gc.isenabled()
    SearchAgent(_Bait(), 0, seed=1, level="normal", budget=5).choose((0, 0, 0))
    assert seen and not any(seen)
    assert gc.isenabled()


class _NextRound(_Bait):
    """_Bait with a next round: after seat 1's reply it acts once more (stage 2), where it gains 20 points if seat 0
    played Safe, a late effect the evaluation cannot see coming; then the game is over (stage 3)."""

    def legal_actions(self, s):
        return ["bonus"] if s[0] == 2 else super().legal_actions(s)

    def apply(self, s, act, checked=False):
        stage, p0, p1 = s
        if stage == 2:
            return (3, p0, p1 + (20 if p0 == 2 else 0))
        return super().apply(s, act, checked)

    def to_move(self, s):
        return {0: 0, 1: 1, 2: 1}.get(s[0])


def test_a_game_may_stop_the_replies_at_its_rounds_end(monkeypatch):
    """replies_end: the replies in Hard's check stop where the game says (Five Tribes with three seats: at the
    round's end). Replied on into the next round, Safe meets seat 1's late bonus and Hard grabs; stopped at the
    round's end, Hard sees only the punishment and plays Safe."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "bait", _BaitHooks)
    rules = _NextRound()
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, 0)) == "grab"

    class Hooks(_BaitHooks):
        @staticmethod
        def replies_end(rules, start, state):
            return state[0] >= 2

    monkeypatch.setitem(search._HOOKS, "bait", Hooks)
    assert SearchAgent(rules, 0, seed=1, level="hard", budget=5).choose((0, 0, 0)) == "safe"


class _Steps(_OneTurn):
    """One seat, a turn of two steps: first "go", then one of eight actions worth their number of points, where
    "a1".."a3" are worth 1, "b1".."b3" 2 and "c" 3 and "d" 2 (a tie with the b's, listed after them)."""

    game_id = "steps"
    worth = {"a1": 1, "a2": 1, "a3": 1, "b1": 2, "b2": 2, "b3": 2, "c": 3, "d": 2}

    def legal_actions(self, s):
        return ["go", "wait"] if s == "start" else list(self.worth) if s in ("go", "wait") else []

    def apply(self, s, act, checked=False):
        return act if s == "start" else ("done", act)

    def to_move(self, s):
        return None if isinstance(s, tuple) else 0


class _StepsHooks(_OneTurnHooks):
    valued: list = []

    @staticmethod
    def evaluate(rules, s, seat):
        _StepsHooks.valued.append(s)
        return float(_Steps.worth[s[1]]) if isinstance(s, tuple) else 0.0

    @staticmethod
    def alike(rules, state, actions):
        return [a[0] if a[0] in "ab" else None for a in actions]


@pytest.mark.parametrize("order", [list(_Steps.worth), ["b2", "c", "a1", "d", "b1", "a3", "b3", "a2"],
                                   ["d", "b3", "a2", "a1", "b1", "b2", "a3", "c"]])
def test_a_step_values_one_action_of_each_group_the_game_calls_alike_and_chooses_the_same(monkeypatch, order):
    """alike(rules, state, actions): a step of a line values the first action of each group (the others could only
    tie with it, and the first listed wins a tie), so it values fewer results and makes the same choice: in every
    order of the actions, the best one listed first (a tie between "d" and a "b" goes to whichever comes first)."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "steps", _StepsHooks)
    agent = SearchAgent(_Steps(), 0, seed=1, level="normal", budget=5)
    _StepsHooks.valued = []
    grouped = agent._best_step("go", 0, order, width=8)
    with_groups = len(_StepsHooks.valued)
    monkeypatch.setattr(_StepsHooks, "alike", None, raising=False)
    agent = SearchAgent(_Steps(), 0, seed=1, level="normal", budget=5)
    _StepsHooks.valued = []
    assert agent._best_step("go", 0, order, width=8) == grouped
    assert grouped[0] == max(order, key=lambda a: (_Steps.worth[a], -order.index(a)))
    assert (with_groups, len(_StepsHooks.valued)) == (4, 8)  # one a, one b, c and d; against all eight


@pytest.mark.parametrize("game_id,seed,every", [("entdecker", 6, 23), ("desert_sons", 2, 11)])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_game_decides_the_same_with_and_without_its_groups_of_alike_actions(monkeypatch, level, game_id, seed, every):
    """A game's alike (Entdecker: start spaces of one toll, declarations that go on exploring, draws that fit; Desert
    Sons: camel moves that change only the camel's square, an explorer put alone into its oasis): the same decisions
    from random views with and without it, at a budget that never binds, with far fewer evaluations."""
    import dataclasses

    from engine.core import search

    hooks = game_hooks(game_id)
    small = dataclasses.replace(LEVEL_SETTINGS["hard"], samples=2, candidates=40)
    monkeypatch.setitem(search.LEVEL_SETTINGS, "hard", small)
    _small_work_for_the_games_own_levels(monkeypatch, hooks)
    counted = {"n": 0}
    real = hooks.evaluate

    def evaluate(*args):
        counted["n"] += 1
        return real(*args)

    monkeypatch.setattr(hooks, "evaluate", evaluate)
    chosen, counts = [], []
    for alike in (hooks.alike, None):
        monkeypatch.setattr(hooks, "alike", alike)
        counted["n"] = 0
        chosen.append([SearchAgent(rules, seat, seed=4, level=level, budget=60).choose(rules.view(state, seat))
                       for rules, state, seat in _positions(game_id, seeds=[seed], every=every)])
        counts.append(counted["n"])
    assert chosen[0] == chosen[1] and len(chosen[0]) > 5
    # Hard's replies and longer lines step through the moves a game groups most (Desert Sons' camel moves): a
    # quarter to a third of the evaluations; Normal's short lines meet fewer (Desert Sons': 85 %).
    assert counts[0] < {"normal": 0.9, "hard": 0.5}[level] * counts[1], counts


def test_a_game_may_have_a_level_do_more_work_in_its_budget(monkeypatch):
    """LEVELS = {level: {field: value}}: the game's own settings for a level (Entdecker's Hard: more samples and
    candidates in its second); the other levels, and other games, keep the common ones."""
    from engine.core import search

    class Hooks(_PickHooks):
        LEVELS = {"hard": {"samples": 9, "candidates": 50}}

    monkeypatch.setitem(search._HOOKS, "pick", Hooks)
    hard = SearchAgent(_Pick(), 0, seed=1, level="hard")
    assert (hard.level.samples, hard.level.candidates) == (9, 50)
    assert hard.level.budget == hard.budget == LEVEL_SETTINGS["hard"].budget
    assert hard.level.finalists == LEVEL_SETTINGS["hard"].finalists
    assert SearchAgent(_Pick(), 0, seed=1, level="normal").level == LEVEL_SETTINGS["normal"]
    monkeypatch.setitem(search._HOOKS, "pick", _PickHooks)
    assert SearchAgent(_Pick(), 0, seed=1, level="hard").level == LEVEL_SETTINGS["hard"]


class _Tie(_OneTurn):
    """One seat, one turn of three steps: "go" or "stay"; then "x" or "y", worth nothing yet (a choice among
    equals); then after "y" a "cash" worth 5, after "x" only an "end" worth nothing."""

    game_id = "tie"

    def legal_actions(self, s):
        return {0: ["go", "stay"], 1: ["x", "y"], 2: ["cash"] if s[1] == "y" else ["end"]}.get(s[0], [])

    def apply(self, s, act, checked=False):
        return (s[0] + 1, act if act in ("x", "y") else s[1], s[2] + (5 if act == "cash" else 0))

    def to_move(self, s):
        return 0 if s[0] < 3 else None


class _TieHooks(_OneTurnHooks):
    @staticmethod
    def evaluate(rules, s, seat):
        return float(s[2])


@pytest.mark.parametrize("replan", [False, True])
def test_replan_ties_thinks_again_where_its_plan_chose_among_equals(monkeypatch, replan):
    """replan_ties: a plan is followed up to its first step taken among equals ("x" and "y" look alike a step
    ahead); there the seat thinks again, with each of them played on to the turn's end, and finds "y" then "cash".
    Without it the plan made at the start is played through: "x", the first listed of the equals."""
    from engine.core import search

    class Hooks(_TieHooks):
        LEVELS = {"normal": {"replan_ties": replan}}

    monkeypatch.setitem(search._HOOKS, "tie", Hooks)
    rules, state, played = _Tie(), (0, None, 0), []
    agent = SearchAgent(rules, 0, seed=1, level="normal", budget=5)
    while rules.to_move(state) is not None:
        act = agent.choose(state)
        played.append(act)
        state = rules.apply(state, act)
    assert played[1:] == (["y", "cash"] if replan else ["x", "end"])


class _Race(_OneTurn):
    """Three seats; seat 0 makes the last move of the game: "even" leaves it half a point behind both others
    (10 to 10.5 and 10.5), "bold" a point behind one and far ahead of the other (10 to 11 and 0)."""

    game_id = "race"
    ENDS = {"even": [10.0, 10.5, 10.5], "bold": [10.0, 11.0, 0.0]}

    def legal_actions(self, s):
        return ["even", "bold"] if s is None else []

    def apply(self, s, act, checked=False):
        return act

    def to_move(self, s):
        return 0 if s is None else None


def _scored_hooks(ends: dict) -> type:
    """Hooks for a tiny game whose end positions `ends` give every seat's score (others count 0 each): the margin
    over the best other seat as its evaluation, the scores as its standing with nothing left (the blur 1 point)."""

    class Hooks(_OneTurnHooks):
        WIN_SIGMA = (1.0, 3.0)

        @staticmethod
        def evaluate(rules, s, seat):
            scores = ends.get(s, [0.0, 0.0, 0.0])
            return scores[seat] - max(v for x, v in enumerate(scores) if x != seat)

        @staticmethod
        def standing(rules, s):
            return ends.get(s, [0.0, 0.0, 0.0]), 0.0, False

    return Hooks


_RaceHooks = _scored_hooks(_Race.ENDS)


def test_hard_plays_for_the_win_where_normal_plays_for_the_margin(monkeypatch):
    """Level.for_the_win: with the game's `standing`, Hard values a position by its chance to finish ahead of every
    other seat: a point behind one seat and far ahead of the other (a chance of 0.16 with the blur of 1 point) beats
    half a point behind both (0.31 squared, 0.10). Normal values the margin over the best other seat and takes the
    half point. A game without `standing` has Hard value the margin too."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "race", _RaceHooks)
    assert SearchAgent(_Race(), 0, seed=1, level="hard", budget=5).choose(None) == "bold"
    assert SearchAgent(_Race(), 0, seed=1, level="normal", budget=5).choose(None) == "even"

    class Margin(_RaceHooks):
        standing = None

    monkeypatch.setitem(search._HOOKS, "race", Margin)
    assert SearchAgent(_Race(), 0, seed=1, level="hard", budget=5).choose(None) == "even"


def test_a_seat_count_with_its_own_blur_has_hards_chance_to_win_blurred_by_it(monkeypatch):
    """SEAT_WIN_SIGMA = {seats: (s0, s1)}: Hard's chance to win blurs the lead by that seat count's own blur (fitted
    with its weights to who won), by WIN_SIGMA with any other count. The race has three seats and ends with nothing
    left: "even" (half a point behind both) is a chance of 0.31 squared with WIN_SIGMA's blur of 1 point, 0.48
    squared with a blur of 8. With WIN_SIGMA = None a seat count without its own blur values the margin."""
    from engine.core import search
    from engine.core.search import win_chance

    class ThreeSeats(_RaceHooks):
        SEAT_WIN_SIGMA = {3: (8.0, 2.0)}

    class TwoSeats(_RaceHooks):
        SEAT_WIN_SIGMA = {2: (8.0, 2.0)}

    even = _Race.ENDS["even"]
    for hooks, sigma in ((ThreeSeats, (8.0, 2.0)), (TwoSeats, _RaceHooks.WIN_SIGMA)):
        monkeypatch.setitem(search._HOOKS, "race", hooks)
        hard = SearchAgent(_Race(), 0, seed=1, level="hard", budget=5)
        assert hard._evaluate(_Race(), "even", 0) == pytest.approx(win_chance(even, 0, 0.0, False, *sigma))
    assert win_chance(even, 0, 0.0, False, 8.0, 2.0) == pytest.approx(0.475 ** 2 - 0.01 * 0.5 / 2, abs=1e-3)

    # WIN_SIGMA = None: only the seat counts of SEAT_WIN_SIGMA play for the win, any other values the margin
    class OnlyTwoSeats(_RaceHooks):
        WIN_SIGMA = None
        SEAT_WIN_SIGMA = {2: (1.0, 3.0)}

    monkeypatch.setitem(search._HOOKS, "race", OnlyTwoSeats)
    hard = SearchAgent(_Race(), 0, seed=1, level="hard", budget=5)
    assert hard._evaluate(_Race(), "even", 0) == pytest.approx(-0.5)
    assert hard.choose(None) == "even"  # as Normal: half a point behind both beats a point behind one
    assert win_chance(even, 0, 0.0, False, *_RaceHooks.WIN_SIGMA) == pytest.approx(0.3085 ** 2 - 0.01 * 0.5 / 3, abs=1e-3)


class _Reply(_OneTurn):
    """Three seats; seat 0 plays "a" or "b", then seat 1 answers and the game ends. After "a", seat 1's "even" leaves
    it half a point behind both others (seat 0 tied for the lead), its "bold" a point behind seat 2 and far ahead of
    seat 0 (seat 0 last); after "b" it can only pass (seat 0 a fifth of a point behind both)."""

    game_id = "reply"
    ENDS = {("a", "even"): [10.5, 10.0, 10.5], ("a", "bold"): [0.0, 10.0, 11.0], ("b", "pass"): [10.0, 10.2, 10.2]}

    def legal_actions(self, s):
        if s is None:
            return ["a", "b"]
        if len(s) == 1:
            return ["even", "bold"] if s[0] == "a" else ["pass"]
        return []

    def apply(self, s, act, checked=False):
        return (act,) if s is None else s + (act,)

    def to_move(self, s):
        return 0 if s is None else (1 if len(s) == 1 else None)

    def turn_id(self, s):
        return 0 if s is None else len(s)


_ReplyHooks = _scored_hooks(_Reply.ENDS)


def test_hards_check_has_the_other_seats_reply_as_easy_and_normal_choose_by_the_margin(monkeypatch):
    """Hard plays for the win, but the replies in its check are chosen by the game's evaluation, the margin, as
    Easy's and Normal's are. Seat 1, answering "a", values "even" (half a point behind) over "bold" (a point
    behind) by the margin, so Hard expects to be tied for the lead (a chance of 0.35) and plays "a", better than
    "b" (0.18). Had it expected seat 1 to play for the win ("bold": 0.16 against 0.10 for seat 1), "a" would leave
    it last and it would play "b"."""
    from engine.core import search

    monkeypatch.setitem(search._HOOKS, "reply", _ReplyHooks)
    assert SearchAgent(_Reply(), 0, seed=1, level="hard", budget=5).choose(None) == "a"
    assert SearchAgent(_Reply(), 1, seed=1, level="hard", budget=5).choose(("a",)) == "bold"  # its own turn: the win
    assert SearchAgent(_Reply(), 1, seed=1, level="normal", budget=5).choose(("a",)) == "even"
    expecting_the_win = SearchAgent(_Reply(), 0, seed=1, level="hard", budget=5)
    expecting_the_win._reply_evaluate = expecting_the_win._evaluate
    assert expecting_the_win.choose(None) == "b"


def test_a_seats_chance_to_win_counts_the_end_exactly_and_blurs_the_lead_by_the_game_left():
    """WinChance (search.win_chance): over, a win counts 1, shared by tied winners, a loss 0 (plus a hundredth of a
    win per s1 points of margin, a tie-break); before that the chance of finishing ahead of each other seat, the
    lead blurred by s0 + s1 * sqrt(left): the same lead is surer with less of the game left, and being far ahead of
    one seat counts (the margin over the best other does not see it)."""
    from engine.core.search import win_chance

    assert win_chance([20.0, 15.0, 12.0], 0, 0.0, True, 1.0, 4.0) == pytest.approx(1.0 + 0.01 * 5 / 4)
    assert win_chance([20.0, 20.0, 12.0], 1, 0.0, True, 1.0, 4.0) == pytest.approx(0.5)
    assert win_chance([19.0, 20.0, 12.0], 0, 0.0, True, 1.0, 4.0) == pytest.approx(-0.01 / 4)
    early = win_chance([12.0, 10.0, 10.0], 0, 1.0, False, 1.0, 4.0)
    late = win_chance([12.0, 10.0, 10.0], 0, 0.04, False, 1.0, 4.0)
    assert 0.25 < early < late < 1.0
    assert win_chance([10.0, 10.0, 10.0], 0, 0.5, False, 1.0, 4.0) == pytest.approx(0.25)
    far_ahead_of_one = win_chance([10.0, 11.0, 0.0], 0, 0.25, False, 1.0, 4.0)
    behind_both = win_chance([10.0, 11.0, 10.5], 0, 0.25, False, 1.0, 4.0)
    assert far_ahead_of_one > 2 * behind_both
    assert win_chance([7.5], 0, 0.5, False, 1.0, 4.0) == 7.5  # alone: its score, as the evaluation
