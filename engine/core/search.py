"""Computer players that think: Easy, Normal and Hard, from a game's own sample() and evaluate().

A game gives its opponents two functions in `games/<id>/agent.py`:

    sample(rules, view, seat, rng) -> state   # every hidden part filled in at random, consistent with the view
    evaluate(rules, state, seat) -> float     # seat's projected final margin over the best other seat, in points

The search here is the same for every game. An agent is shown only its seat's view.
It plans a whole turn at a time: from a few sampled full states (determinizations) it
builds candidate turns (sequences of its own actions up to the end of its turn or to the
first action that reveals something), values each by the game's evaluation where the
turn ends, and plays the best turn's first action, keeping the rest as its plan while the
views it is shown are the ones it expected. The budget is per turn: a turn cut by a reveal
is planned on with what is left (half the time is kept for it when the first candidate
shows the seat acting again after a reveal: Entdecker's tile drawn, then placed).

Every first action is tried on one sample before any is tried on the next (a round), and
a round the time cut short is left out: all first actions are compared on the same samples.
A round past the level's samples is played on a fresh one drawn from the view: where a turn
offers few first actions, most rounds went round the same few samples again (Desert Sons'
Hard screened five first actions in 80 rounds on its six samples in the median decision, Five
Tribes' seven in 57, Somerset's nine in 44), and a candidate played again on a sample mostly
gives the value it gave.

- Easy: few candidates, one sample, and a casual player's eye: the evaluation is blurred
  by noise (the game's MISJUDGE points), so it often settles for a good-looking but weaker turn.
- Normal: a sound single turn: many candidates over a couple of samples, best by evaluation.
- Hard: the same screening with more samples, candidates and width on half its time; then
  its best few turns (finalists) are played on against the other seats' best replies (each
  seat picking, among up to reply_width of its actions, the one the game's evaluation likes
  best from its side, to this seat's next turn), and the finalist best after the replies is
  played. The check values every finalist on the same samples, each once: the screening's, then
  fresh ones drawn from the view while its time lasts (it used to go round the screening's six
  again, and a sample checked again mostly gives the value it gave). Where the check values
  MAX_CHECK_SAMPLES samples of every finalist in less than its share of the time, the next
  decisions keep CHECK_MARGIN times what it took and screen on the rest (Desert Sons' check
  left a third of the second unused). Sampled, random replies were tried first: they added noise, and Hard with them
  won about half its games against Normal in Five Tribes; with the finalists' best replies,
  70 % (30 games, 0.25 s). Hard also plays for the win: where the game gives

    standing(rules, state) -> (scores, left, over)   # each seat's projected final score, the share of the game left

  and WIN_SIGMA = (s0, s1), every position Hard values for itself is valued by the seat's chance to finish ahead
  of every other seat (WinChance), not by its margin over the best other; Easy and Normal value the margin, and so
  do the other seats' replies in Hard's check (that is how Easy and Normal choose; with two seats the two nearly
  always pick alike): three-seat Realm of Sand 61.7 % of 360 games against 58.6 % with replies for the win, Five
  Tribes 60.8 % of 120 either way. A seat count may have its own blur (SEAT_WIN_SIGMA = {seats: (s0, s1)}), fitted
  with the projection's weights to who won recorded games (engine/tune.py --win; Five Tribes' `standing` then
  weighs its parts as fitted, its evaluation, which Normal and the replies use, as designed).

A game may also ask for a longer check: CHECK_NEXT_TURN (after the replies, this seat's own next turn, played
greedily, before the finalist is valued) and CHECK_TURNS = k (k more of this seat's turns, each answered by the
replies again), where a turn's worth shows only later (Realm of Sand's tile laid for the next claim, Somerset's
round of worker moves), FINALISTS = n (Hard checks its n best turns instead of its level's 4) and
replies_end(rules, start, state) -> bool (the replies stop there: Five Tribes' with three seats stop at the round's
end, where replies through the next round's bids misled Hard) and screen_share(rules, view) -> float | None (the
share of Hard's time its screening takes, SCREEN_SHARE when None: Somerset's with three seats 0.3). SPREAD_BY_KIND
has the first actions tried kind by kind (Somerset's building period: a country tile on every hex beside one
building card), so a level with fewer candidates than actions still tries every kind; the few actions a line
looks at per step (a candidate continued, a reply, a turn in the check) are then drawn kind by kind too.

A game whose evaluation cannot tell some actions' results apart may give

    alike(rules, state, actions) -> list    # a group key per action (None: valued on its own)

and a step of a line then values only the first action of each group (the others could only tie with it, and the
first listed wins a tie): the same choice for fewer evaluations. Entdecker's start spaces of one toll, declarations
that go on exploring and draws of a tile that fits are valued alike: two in three of its evaluations were of these;
Desert Sons' camel moves that change only the camel's square: three in four of its Hard's.
A game may also set a level's own work, LEVELS = {level: {field: value}} (Entdecker's Hard does more in its
second than the common settings ask), and a level may think again where its plan chose among equals
(`replan_ties`): the plan is committed to up to that step, and the choice is made when it comes, each option played
on to the turn's end (Entdecker's declaration, valued alike a step ahead, matters most a few steps later).

A level's work is a fixed number of samples and candidates, and its time budget (per turn;
Hard's default 1 s is a setting) a cap. Easy and Normal finish their work within it in most
games, so the same view and seed give them the same decision (Realm of Sand's Normal fills its
cap); Hard's work is more than its second holds in many turns, so its budget is what ends them,
and where it falls depends on the machine and its load. A candidate still under way at the
deadline is dropped, so a turn's thinking stays within its budget to the granularity of one
evaluation. An arena may put a count of evaluations in the clock's place (`work`: so many
evaluations buy a second): every level's turns are then the same on every machine and under any
load, and a seed always plays the same game.

A game whose turns offer hundreds of actions, most of them pointless (Realm of Sand: every tile in
every orientation on every cell, every disc on every cell), may also give

    rank(rules, state, seat, actions) -> list    # the actions worth trying, most promising first

(a subset, never empty when `actions` is not). The search then tries first actions in that order
instead of a random one, continues a candidate turn with the first `width` ranked actions instead of
`width` random ones, lets the other seats reply with their first `reply_width`, and glances in that
order. A game without it is searched exactly as before.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import dataclasses
import gc
import importlib
import math
import random
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Hashable, Iterable

from engine.core.rules import Action, IllegalAction

_HOOKS: dict[str, ModuleType | None] = {}


def game_hooks(game_id: str) -> ModuleType | None:
    """The game's games/<id>/agent.py (with sample and evaluate), or None when it has none."""
    if game_id not in _HOOKS:
        name = f"games.{game_id}.agent"
        try:
            module: ModuleType | None = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name not in (name, f"games.{game_id}"):
                raise
            module = None
        if module is not None and not (callable(getattr(module, "sample", None))
                                       and callable(getattr(module, "evaluate", None))):
            raise AttributeError(f"{name} needs sample(rules, view, seat, rng) and evaluate(rules, state, seat)")
        _HOOKS[game_id] = module
    return _HOOKS[game_id]


def weighted_parts(project: Callable[[dict[str, float]], list[float]], names: Iterable[str]) -> list[dict[str, float]]:
    """An evaluation's parts, per seat, for engine/tune.py: "base" (the projection `project(weights)` with every
    weight 0) and each named part at weight 1 (the projection with that weight alone 1, less the base)."""
    names = list(names)
    zero = dict.fromkeys(names, 0.0)
    base = project(zero)
    out: list[dict[str, float]] = [{"base": b} for b in base]
    for name in names:
        for x, v in enumerate(project({**zero, name: 1.0})):
            out[x][name] = v - base[x]
    return out


@dataclass(frozen=True)
class Level:
    """How hard a level thinks."""

    name: str
    budget: float  # seconds of thinking per turn
    samples: int  # determinizations per plan
    candidates: int  # candidate turns tried per plan (at most)
    width: int  # actions looked at per step when a candidate turn is continued greedily
    noise: float  # the evaluation's blur, in units of the game's MISJUDGE points (a casual eye)
    finalists: int = 0  # best turns checked against the other seats' best replies (0: none)
    reply_width: int = 0  # the replying seat's actions valued per step (more are sampled down to it)
    replan_ties: bool = False  # a plan is followed up to its first step taken among equals; there it thinks again
    for_the_win: bool = False  # values a position by its chance to win (the game's `standing`), not its margin


LEVEL_SETTINGS = {
    "easy": Level("easy", budget=0.03, samples=1, candidates=12, width=3, noise=1.0),
    "normal": Level("normal", budget=0.06, samples=2, candidates=48, width=6, noise=0.0),
    "hard": Level("hard", budget=1.0, samples=6, candidates=400, width=10, noise=0.0, finalists=4, reply_width=24,
                  for_the_win=True),
}
SCREEN_SHARE = 0.5  # of a Hard turn's time, for the candidates; the rest checks the finalists' replies
TURN_SHARE = 0.95  # of a turn's budget, planned with (see SearchAgent._choose)
MAX_TURN_ACTIONS = 60  # a safety net: no turn of these games is longer
CHECK_MARGIN = 1.25  # a check expected to finish early keeps this many times the time it is expected to take
MAX_CHECK_SAMPLES = 64  # samples Hard's check values each finalist on, at most (the time ends it long before)


class SearchAgent:
    """A computer seat at one of the levels; `choose(view)` returns an action legal in that view."""

    def __init__(self, rules: Any, seat: int, seed: int = 0, level: str = "normal", budget: float | None = None,
                 work: float | None = None) -> None:
        hooks = game_hooks(rules.game_id)
        if hooks is None:
            raise ValueError(f"{rules.game_id} has no computer opponent yet (games/{rules.game_id}/agent.py)")
        self.rules = rules
        self.seat = seat
        # A game whose search is cheap may have a level do more work in its budget (Entdecker's Hard: twice the
        # samples and three times the candidates, in the same second): LEVELS = {level: {field: value}}.
        self.level = dataclasses.replace(LEVEL_SETTINGS[level], **getattr(hooks, "LEVELS", {}).get(level, {}))
        self.budget = self.level.budget if budget is None else budget
        self.rng = random.Random(seed * 1_000_003 + seat)
        # An arena may have the agent think by work instead of by the clock: `work` evaluations buy a second of its
        # budget. Its deadlines then fall after that many evaluations whatever the machine and its load, so a seed
        # always plays the same game, and two variants can be compared game for game (engine/arena.py --work).
        # None (the table, always): the clock. `evaluations` counts every position valued.
        self.work = work
        self.evaluations = 0
        self._sample = hooks.sample
        self._evaluate = hooks.evaluate
        # A game that gives each seat's standing (its projected final score and the share of the game left) has
        # the level that plays for the win value a position by the seat's chance to win instead (WinChance).
        # The blur may be the game's own for a seat count (SEAT_WIN_SIGMA = {seats: (s0, s1)}: fitted with the
        # projection's win weights, Five Tribes' three and four seats).
        standing = getattr(hooks, "standing", None)
        if self.level.for_the_win and standing is not None:
            by_seats = tuple((n, *sig) for n, sig in sorted(getattr(hooks, "SEAT_WIN_SIGMA", {}).items()))
            sigma = hooks.WIN_SIGMA
            s0, s1 = (None, None) if sigma is None else sigma
            self._evaluate = WinChance(standing, s0, s1, by_seats)
        # The other seats' replies in Hard's check are chosen as Easy and Normal choose theirs: by the game's own
        # evaluation (the margin), not by their chance to win (with two seats the two nearly always pick alike).
        self._reply_evaluate = hooks.evaluate
        self._misjudge = float(getattr(hooks, "MISJUDGE", 1.0))  # a casual misjudgement, in the game's points
        # A game whose turns offer many actions of one kind (Somerset's building period: a country tile on every
        # hex and turn, one building card) has its first actions tried kind by kind, so a level that tries fewer
        # candidates than there are actions still tries every kind (and each step of a line looks at every kind).
        self._spread = bool(getattr(hooks, "SPREAD_BY_KIND", False))
        self._rank = getattr(hooks, "rank", None)  # the game's ranking of actions worth trying (or None)
        # A game whose turns mostly prepare the seat's own next turn (Realm of Sand: a tile laid now completes a
        # pattern with the next) has Hard's finalists valued after the other seats' replies and then this seat's
        # own next turn, played greedily as a candidate turn is continued.
        self._next_turn = bool(getattr(hooks, "CHECK_NEXT_TURN", False))
        # A game whose choices pay off over a round of several turns each (Somerset: a tile taken now is one the
        # other seats' standing workers cannot take later in the round) has the check go on for CHECK_TURNS more
        # of this seat's turns, each answered by the others' best replies, before the finalist is valued.
        self._check_turns = int(getattr(hooks, "CHECK_TURNS", 0))
        # ... and may have more of them checked than the level's finalists (the check being worth its time there).
        self._finalists = int(getattr(hooks, "FINALISTS", 0))
        # A game whose replies should stop before this seat's next turn (Five Tribes with three seats: at the round's
        # end, before the next round's bids; replied on through those bids, the check misled Hard) gives
        # replies_end(rules, start, state) -> bool.
        self._replies_end = getattr(hooks, "replies_end", None)
        # A game whose evaluation cannot tell some actions' results apart (Entdecker: every paid declaration that
        # goes on exploring, every start space with the same toll, every drawn tile that fits; Desert Sons: camel
        # moves that change only the camel's square, an explorer put alone into its oasis) gives
        # alike(rules, state, actions) -> a group key per action (None: valued on its own); a step of a line then
        # values only the first action of each group: the same choice, without the evaluations that could only tie.
        self._alike = getattr(hooks, "alike", None)
        # A game may move the split of Hard's time between the screening and the check: screen_share(rules, view) ->
        # the share the screening takes (None: SCREEN_SHARE). Somerset with three seats: 0.3, its check (two more turns,
        # each answered by two seats) then valued on more samples.
        self._screen_share = getattr(hooks, "screen_share", None)
        self._plan: list[Action] = []
        self._expect: Any = None  # the view the plan's next action was planned for
        self._expect_state: Any = None  # the planning sample that view was taken from
        self._turn: Hashable = None
        self._spent = 0.0  # seconds already thought in this turn
        # Per kind of decision (the kinds of its legal actions), the seconds one finalist's check on one sample took in
        # the last checks (halved toward each new one): where the check values every finalist on MAX_CHECK_SAMPLES
        # samples in less than its share, the screening takes the rest (Desert Sons' check left 0.28 s of a second
        # unused in most decisions). By kind: a bid's check in Five Tribes is cheap, a move's is not.
        self._check_cost: dict[frozenset, float] = {}

    # ---------------------------------------------------------------- deciding
    def choose(self, view: Any) -> Action:
        # The cyclic garbage collector is paused while thinking: a full collection takes 15-35 ms on this
        # machine (the rules' and evaluations' caches are tens of thousands of objects) and fell inside turns,
        # putting Normal's 0.06 s turns past 0.1 s. Thinking makes no reference cycles (states, actions and
        # caches are freed by reference counting; test_thinking_leaves_no_reference_cycles), and the collector
        # runs again between turns. (A walk's self-calling closure and Five Tribes' projection did make cycles
        # until the nineteenth session: 23 million objects in 60 of Somerset's four-seat Hard turns, collected
        # after each turn in as much time again as the thinking.)
        paused = gc.isenabled()
        gc.disable()
        try:
            return self._choose(view)
        finally:
            if paused:
                gc.enable()

    def _choose(self, view: Any) -> Action:
        started = self._now()
        turn = self.rules.turn_id(view)
        if turn != self._turn:
            self._turn, self._spent = turn, 0.0
        if self._plan and view == self._expect:
            act = self._plan.pop(0)
            self._advance_expectation(act)
            return act
        self._plan, self._expect = [], None
        # The budget is the turn's: a plan cut by a reveal (or by a choice among equals) goes on with the rest. Of
        # it, TURN_SHARE is planned with; the rest absorbs what each decision spends around its deadlines (samples
        # drawn, the first candidate played out whole, the answer made ready), which adds up over a turn of several.
        left = TURN_SHARE * self.budget - self._spent
        # A candidate still under way at the deadline is dropped (its value would be a half-turn's), so the
        # deadline can be close to the budget; what is left over is the check's own granularity.
        if left > self.budget * 0.1:
            act = self._plan_turn(view, started, left)
        else:  # what is left of the turn's time (at least one valuation): the turn stays within its budget
            act = self._glance(view, started + 0.95 * max(0.0, left))
        self._spent += self._now() - started
        return act

    def _now(self) -> float:
        """The thinking clock in seconds: the real one, or with `work` the evaluations made so far over `work`."""
        return time.perf_counter() if self.work is None else self.evaluations / self.work

    def _advance_expectation(self, act: Action) -> None:
        """The view the next planned action expects: the planning sample after `act`."""
        state = self._expect_state
        if state is None or not self._plan:
            self._plan, self._expect = [], None
            return
        state = self.rules.apply(state, act, checked=True)
        self._expect_state = state
        self._expect = self.rules.view(state, self.seat)

    def _plan_turn(self, view: Any, started: float, left: float) -> Action:
        rules, seat, level = self.rules, self.seat, self.level
        options = rules.legal_actions(view)
        if not options:
            raise RuntimeError(f"seat {seat} has no legal action")
        if len(options) == 1:
            return options[0]
        check = bool(level.finalists)
        share = 1.0
        if check:
            asked = self._screen_share(rules, view) if self._screen_share is not None else None
            share = SCREEN_SHARE if asked is None else asked
        count = max(level.finalists, self._finalists)
        kind = frozenset(type(act).__name__ for act in options) if check else frozenset()  # its check's cost is its own
        deadline = started + 0.95 * left - self._check_reserve(kind, left, share, count)
        samples = [self._sample(rules, view, seat, self.rng) for _ in range(level.samples)]
        # Candidate turns start with every first action (in a random order, so ties and a short budget
        # do not always favour the first listed), then more continuations while there is time. A round is
        # every first action on one sample: all of them are compared on the same samples (common random
        # numbers), so a round the time cut short is left out when a whole one was played.
        if self._rank is not None:
            firsts = list(self._rank(rules, view, seat, options))
        else:
            firsts = list(options)
            self.rng.shuffle(firsts)
        if self._spread:
            firsts = spread_by_kind(firsts)
        values: dict[tuple, list[tuple[int, float]]] = {}
        lines: dict[tuple, tuple[list[Action], Any]] = {}
        ends: dict[tuple, dict[int, Any]] = {}  # per committed line, its end on each sample it was screened on
        tried = 0
        while tried < level.candidates:
            first = firsts[tried % len(firsts)]
            index = tried // len(firsts)
            base = self._nth_sample(view, samples, index)  # past the level's samples a fresh one, not one again
            line, end, cut = self._continue_turn(base, first, deadline if values else None)
            if end is None:
                break  # time ran out inside this candidate: the best of those valued whole
            if not values and cut < len(line):
                # The seat acts again after something is revealed this turn (Entdecker's tile drawn): keep
                # half the time for that decision, planned anew with what it shows.
                left /= 2
                deadline = started + 0.95 * left - self._check_reserve(kind, left, share, count)
            # What can be committed to is the line up to its first reveal; what follows it in this sample
            # (the tile drawn, the card turned) is one guess at the future, and the values of the guesses
            # are averaged per committed line: an expectation over the samples.
            key = tuple(line[:cut])
            self.evaluations += 1
            values.setdefault(key, []).append((tried // len(firsts), self._evaluate(rules, end, seat)))
            lines.setdefault(key, (line[:cut], base))
            if check:
                ends.setdefault(key, {}).setdefault(index, end)
            tried += 1
            if self._now() > deadline:
                break  # the turn's time is up (a slow machine): the best line found so far
        whole = tried // len(firsts)
        if whole:
            values = {k: kept for k, v in values.items() if (kept := [x for x in v if x[0] < whole])}
        means = {k: statistics_mean([v for _, v in vs]) + self._blur() for k, vs in values.items()}
        best = max(means, key=lambda k: (means[k], -len(k)))
        if check and len(means) > 1:
            finalists = sorted(means, key=lambda k: (-means[k], len(k)))[:count]
            best = self._check_replies(view, finalists, ends, samples, best, started + 0.95 * left, kind)
        line, base = lines[best]
        self._plan = line[1:]
        self._expect_state = rules.apply(base, line[0], checked=False) if self._plan else None
        self._expect = rules.view(self._expect_state, seat) if self._plan else None
        if self._plan and self._expect_state is not None and rules.to_move(self._expect_state) != seat:
            self._plan, self._expect = [], None
        return line[0]

    def _glance(self, view: Any, deadline: float) -> Action:
        """The turn's time is spent: of the actions one sample has time to value (in a random order, at least
        one), the one whose immediate result it values best."""
        rules, seat = self.rules, self.seat
        options = list(rules.legal_actions(view))
        if len(options) == 1:
            return options[0]
        state = self._sample(rules, view, seat, self.rng)
        if self._rank is not None:
            options = list(self._rank(rules, view, seat, options))
        else:
            self.rng.shuffle(options)
        best, best_value = options[0], -math.inf
        for act in options:
            self.evaluations += 1
            value = self._evaluate(rules, rules.apply(state, act, checked=True), seat)
            if value > best_value:
                best, best_value = act, value
            if self._now() > deadline:
                break
        return best

    def _continue_turn(self, state: Any, first: Action, deadline: float | None = None) -> tuple[list[Action], Any, int]:
        """`first`, then the seat's own actions chosen greedily (among a few) to the end of its turn, through
        whatever the sample reveals; also how many of them come before the first reveal (and the reveal itself).
        The end state is None when the deadline passed before the turn's end."""
        rules, seat = self.rules, self.seat
        turn = rules.turn_id(state)
        chance = rules.chance_count(state)
        line = [first]
        state = rules.apply(state, first)
        cut = 1 if rules.chance_count(state) != chance else 0
        for _ in range(MAX_TURN_ACTIONS):
            if cut == 0 and rules.chance_count(state) != chance:
                cut = len(line)
            if rules.to_move(state) != seat or rules.turn_id(state) != turn:
                break
            options = rules.legal_actions(state)
            if not options:
                break
            if deadline is not None and self._now() > deadline:
                return line, None, cut or len(line)
            act, state, tied = self._best_step(state, seat, options)
            if tied and cut == 0 and self.level.replan_ties:
                cut = len(line)  # a choice among equals is not committed to: it is thought over when it comes
            line.append(act)
        return line, state, cut or len(line)

    def _check_reserve(self, kind: frozenset, left: float, share: float, count: int) -> float:
        """The part of a decision's `left` seconds kept for checking `count` finalists: the check's share of the time,
        or, where the last checks of this kind of decision showed that it values MAX_CHECK_SAMPLES samples of every
        finalist in less, CHECK_MARGIN times the time that takes (the rest goes to the screening instead of being
        left unused)."""
        full = 0.95 * left * (1.0 - share)
        cost = self._check_cost.get(kind)
        if cost is None or not count:
            return full
        return min(full, CHECK_MARGIN * cost * MAX_CHECK_SAMPLES * count)

    def _check_replies(self, view: Any, finalists: list[tuple], ends: dict[tuple, dict[int, Any]],
                       samples: list[Any], best: tuple, deadline: float, kind: frozenset) -> tuple:
        """Of the best candidate turns, the one that is best once the other seats answered it with their own
        best replies (each valuing its actions by the game's evaluation from its side), compared on as many
        samples as time allowed all of them: the screening's samples first (a finalist's line played on one it
        was not screened on), then fresh ones drawn from the view, every finalist on each in turn.

        Each sample is checked once per finalist: a sample checked again mostly gives the same value (the same
        end, the same replies wherever a seat has no more actions than a reply looks at), and did in 81 % of
        Somerset's four-seat checks and 96 % of Five Tribes' three-seat ones while the check went round the
        screening's samples until its time was up (one game each, seed 405, by the clock)."""
        begun = self._now()
        after: dict[tuple, list[float]] = {k: [] for k in finalists}
        self._check_rows(view, finalists, ends, samples, after, deadline)
        checked = len(after[finalists[0]]) * len(finalists)
        if not checked:
            return best  # not even one sample checked for every finalist: the screening's choice
        cost = (self._now() - begun) / checked  # one finalist on one sample, remembered for this kind's next decisions
        known = self._check_cost.get(kind)
        self._check_cost[kind] = cost if known is None else (known + cost) / 2
        return max(finalists, key=lambda k: (statistics_mean(after[k]), -len(k)))

    def _check_rows(self, view: Any, finalists: list[tuple], ends: dict[tuple, dict[int, Any]], samples: list[Any],
                    after: dict[tuple, list[float]], deadline: float, rows: int = MAX_CHECK_SAMPLES) -> None:
        """The check's values into `after`: every finalist on each of up to `rows` samples in turn (see
        _check_replies)."""
        for j in range(rows):
            sample = self._nth_sample(view, samples, j)
            row = []
            for key in finalists:
                end = ends[key].get(j)
                if end is None:
                    end = self._replay(sample, key, deadline)
                    if end is None:
                        break  # time is up, or the line cannot be played on this sample
                row.append(end)
            if len(row) < len(finalists):
                if self._now() > deadline:
                    break
                continue  # a sample some finalist's line is not legal on: every finalist skips it
            values = []
            for end in row:
                value = self._after_replies(end, deadline)
                if value is None:
                    break  # time is up
                values.append(value)
            if len(values) < len(row):
                break  # a sample not checked for every finalist is left out
            for key, value in zip(finalists, values):
                after[key].append(value)

    def _nth_sample(self, view: Any, samples: list[Any], index: int) -> Any:
        """samples[index], drawn fresh from the view when the list ends there (the screening's and the check's rounds
        go through the same list, so every first action and every finalist is valued on the same samples)."""
        if index == len(samples):
            samples.append(self._sample(self.rules, view, self.seat, self.rng))
        return samples[index]

    def _replay(self, state: Any, key: tuple, deadline: float) -> Any:
        """The committed line `key` played on the sample `state` and the turn continued as a candidate is (its
        end: what the check starts from); None when the time ran out or an action of it is not legal there."""
        rules = self.rules
        try:
            for act in key[:-1]:
                state = rules.apply(state, act)
            _, end, _ = self._continue_turn(state, key[-1], deadline)
        except IllegalAction:
            return None
        return end

    def _after_replies(self, state: Any, deadline: float) -> float | None:
        """`state` valued for this seat after every other seat, until this seat's next turn, played the action
        the game's evaluation likes best for it among up to reply_width of its actions (then, CHECK_TURNS times,
        this seat's own turn played greedily and the others' replies again; then, with CHECK_NEXT_TURN, this
        seat's own turn); None when time ran out."""
        rules, seat = self.rules, self.seat
        for k in range(self._check_turns + 1):
            state = self._replies(state, deadline)
            if state is None:
                return None
            if k == self._check_turns or rules.to_move(state) != seat:
                break
            state = self._greedy_turn(state, deadline)
            if state is None:
                return None
        if self._next_turn and rules.to_move(state) == seat:
            state = self._greedy_turn(state, deadline)
            if state is None:
                return None
        self.evaluations += 1
        return self._evaluate(rules, state, seat)

    def _replies(self, state: Any, deadline: float) -> Any:
        """The other seats, until this seat's next turn (or the end, or where the game's replies_end says they
        stop), each playing the action the game's evaluation (its margin, as Easy and Normal choose) likes best for
        it among up to reply_width of its actions; None when time ran out."""
        rules, seat, width = self.rules, self.seat, self.level.reply_width
        start, stop = state, self._replies_end
        for _ in range(MAX_TURN_ACTIONS * 2):
            mover = rules.to_move(state)
            if mover is None or mover == seat or (stop is not None and stop(rules, start, state)):
                break
            if self._now() > deadline:
                return None
            _, state, _ = self._best_step(state, mover, rules.legal_actions(state), width, self._reply_evaluate)
        return state

    def _greedy_turn(self, state: Any, deadline: float) -> Any:
        """This seat's turn from `state` played greedily (each step the action among `width` it values best) to
        its end; None when time ran out."""
        rules, seat = self.rules, self.seat
        turn = rules.turn_id(state)
        for _ in range(MAX_TURN_ACTIONS):
            if rules.to_move(state) != seat or rules.turn_id(state) != turn:
                break
            options = rules.legal_actions(state)
            if not options:
                break
            if self._now() > deadline:
                return None
            _, state, _ = self._best_step(state, seat, options)
        return state

    def _best_step(self, state: Any, mover: int, options: list[Action], width: int | None = None,
                   evaluate: Callable[[Any, Any, int], float] | None = None) -> tuple[Action, Any, bool]:
        """Of the actions a step looks at (`width`, the level's by default), the one whose result `mover` values best
        by `evaluate` (this agent's own by default; the first listed among equals), with that result (kept, not
        applied again), and whether another action looked at was valued as high (a choice among equals). Where the
        game tells which actions lead to results its evaluation values alike (`alike`), only the first of each such
        group is valued: the others could only tie with it, and the first listed wins a tie."""
        rules = self.rules
        evaluate = self._evaluate if evaluate is None else evaluate
        if len(options) == 1:  # a forced action (a spin, a pass): nothing to value
            return options[0], rules.apply(state, options[0], checked=True), False
        pick = self._pick(state, mover, options, self.level.width if width is None else width)
        groups = self._alike(rules, state, pick) if self._alike is not None else None
        group_values: dict = {}
        values: list[float] = []
        best_act, best_state, best_value = pick[0], None, -math.inf
        for i, act in enumerate(pick):
            group = groups[i] if groups is not None else None
            if group is not None and group in group_values:
                values.append(group_values[group])  # as its group's first: could only tie with it
                continue
            after = rules.apply(state, act, checked=True)
            self.evaluations += 1
            value = evaluate(rules, after, mover)
            values.append(value)
            if group is not None:
                group_values[group] = value
            if best_state is None or value > best_value:
                best_act, best_state, best_value = act, after, value
        return best_act, best_state, values.count(best_value) > 1

    def _pick(self, state: Any, mover: int, options: list[Action], width: int) -> list[Action]:
        """The actions a step of a line looks at: the game's first `width` ranked, or `width` at random (with
        SPREAD_BY_KIND, at random kind by kind: Somerset's one building card and its pass are looked at beside
        `width` - 2 of its ~300 country-tile placements, where `width` drawn at random would nearly always miss
        them, so the lines Hard checks had the seats build almost no building in a building period)."""
        if self._rank is not None:
            return list(self._rank(self.rules, state, mover, options))[:width]
        if len(options) <= width:
            return options
        if self._spread:
            return spread_by_kind(self.rng.sample(options, len(options)))[:width]
        return self.rng.sample(options, width)

    def _blur(self) -> float:
        return self.rng.gauss(0.0, self.level.noise * self._misjudge) if self.level.noise else 0.0


@dataclass(frozen=True)
class WinChance:
    """A seat's chance to win, as an evaluation: `(rules, state, seat) -> float` from the game's

        standing(rules, state) -> (scores, left, over)   # each seat's projected final score (its final score
                                                         # when over) and the share of the game left, 1 to 0

    Over: 1 for a win (1/k for k tied winners), 0 for a loss. Before that, each other seat's projected lead is
    blurred by what the game left may still change, sigma = s0 + s1 * sqrt(left) points (WIN_SIGMA: about the spread
    of two seats' final difference at the start, less at the end), and the chances of finishing ahead of each are
    multiplied: a normal cumulative of (own - other) / sigma per other seat. A margin stays in as a tie-break
    (a hundredth of a win per s1 points), so between equal chances the larger lead is kept.

    Valued by its margin over the best other seat, a position two points behind one seat and far ahead of another
    is worth what one two behind both is; by its chance to win, the first is far better. Among samples, a sure small
    lead is worth more than a lead that is large in some samples and lost in others, and a seat far behind
    takes the line that may still win. (Three seats, Hard against two Normal: in Realm of Sand a finished game
    counted as a win changed nothing, the chance to win at every position lifted Hard's share, as in Five Tribes;
    in Desert Sons and Somerset it did not: bench/README.md.)"""

    standing: Callable[[Any, Any], tuple[list[float], float, bool]]
    s0: float | None  # None (WIN_SIGMA = None): only the seat counts of `by_seats` play for the win
    s1: float | None
    by_seats: tuple[tuple[int, float, float], ...] = ()  # (seats, s0, s1): the blur with so many seats, where it differs

    def __call__(self, rules: Any, state: Any, seat: int) -> float:
        scores, left, over = self.standing(rules, state)
        s0, s1 = self.s0, self.s1
        for n, b0, b1 in self.by_seats:
            if n == len(scores):
                s0, s1 = b0, b1
        if s0 is None or s1 is None:  # a seat count that does not play for the win: the margin, as evaluate gives it
            return scores[seat] - max((v for x, v in enumerate(scores) if x != seat), default=0.0)
        return win_chance(scores, seat, left, over, s0, s1)


def win_chance(scores: list[float], seat: int, left: float, over: bool, s0: float, s1: float) -> float:
    """`seat`'s chance to finish ahead of every other seat (see WinChance), plus the tie-break of its margin."""
    n = len(scores)
    mine = scores[seat]
    if n == 1:
        return mine
    margin = mine - max(scores[x] for x in range(n) if x != seat)
    tie = 0.01 * margin / s1
    if over:
        best = max(scores)
        return (1.0 / scores.count(best) if mine == best else 0.0) + tie
    scale = 1.0 / ((s0 + s1 * math.sqrt(max(0.0, left))) * math.sqrt(2.0))
    chance = 1.0
    for x in range(n):
        if x != seat:
            chance *= 0.5 * (1.0 + math.erf((mine - scores[x]) * scale))
    return chance + tie


def spread_by_kind(actions: list[Action]) -> list[Action]:
    """The actions kind by kind (one of each kind, then a second of each, ...), each kind in the order given."""
    kinds: dict[type, list[Action]] = {}
    for act in actions:
        kinds.setdefault(type(act), []).append(act)
    queues = list(kinds.values())
    out: list[Action] = []
    for i in range(max(len(q) for q in queues) if queues else 0):
        out.extend(q[i] for q in queues if i < len(q))
    return out


def statistics_mean(values: list[float]) -> float:
    return math.fsum(values) / len(values)


def level_factory(level: str, budget: float | None = None, work: float | None = None):
    """`factory(rules, seat, seed)` making a SearchAgent at this level, with its own budget unless one is given, and
    thinking by the clock unless `work` is given (evaluations per second of budget: an arena's; picklable: a class,
    a name and two numbers)."""
    return _LevelFactory(level, budget, work)


@dataclass(frozen=True)
class _LevelFactory:
    level: str
    budget: float | None = None
    work: float | None = None

    def __call__(self, rules: Any, seat: int, seed: int) -> Any:
        if game_hooks(rules.game_id) is None:
            # A game still being written (a test's tiny game) has no opponent: its seats play at random.
            # Every shipped game has one (tests/test_search.py checks it).
            from engine.core.agents import RandomAgent

            return RandomAgent(rules, seat, seed)
        return SearchAgent(rules, seat, seed, self.level, self.budget, self.work)
