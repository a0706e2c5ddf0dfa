"""Realm of Sand's computer-opponent hooks: `sample`, `evaluate` and `rank` (engine/core/search.py).

Pure Python. § numbers are ../shared/rules/realm-of-sand.md's; every number the rules use is in
data/realm_of_sand/game.yaml and the catalogue.

What Realm of Sand hides (rules.view):
  * the tiles dealt to the other seats' hands at the start (only how many each still holds: a tile taken from
    the ring later is seen by all, as at a real table);
  * the other seats' reserved cards (red power: only how many);
  * the order and content of the three decks (only their sizes);
  * the cards another seat has drawn with the red power and is choosing from (only how many);
  * the random seed.
The boards, the ring (its order too), the market, the square stock, the disc supplies, levels, crystals and
claimed cards are open to all.

How a position is valued (evaluate): each seat's claimed points, plus what its board is on the way to: for
each card it may claim (the market's, its own reserve), the fewest cells its board still lacks for the
card's pattern (its deficit, over every embedding the rules allow), turned into a chance of claiming it in
the turns it has left; plus its discs and +1 track while turns are left. The game's length is read from the
hourglasses: the round in which someone reaches ten is the last (solo: 14 turns), so a seat ahead that
hastens the end gains, as a player would.
"""
from __future__ import annotations

import random
from typing import Any

from engine.core.search import weighted_parts
from games.realm_of_sand.rules_board import COLOUR_OF, masks
from games.realm_of_sand.rules_state import (
    EMPTY, HIDDEN, Claim, EndDiscs, EndTurn, MoveDisc, PlaceDisc, PlaceTile,
)

# Easy's blur (engine/core/search.py): a game ends at about 15-25 points; a casual eye misjudges a turn by a
# level I or II card (at 1.5 Normal won only 7 of 10 games against Easy, at 3.0 about 8 in 10).
MISJUDGE = 3.0
# Most of a turn's worth shows only in the seat's next turn (a tile laid now, the pattern completed then): Hard's
# best turns are valued after the other seats' replies and its own next turn (engine/core/search.py).
CHECK_NEXT_TURN = True
FINALISTS = 16  # ... its 16 best (a check is about 2.5 ms here): 40 games at 1 s against Normal, mean margin
#                 +2.3 points with 16, +1.7 with 48, +0.5 with Hard's own 4 (the same seeds)

# ----------------------------------------------------------------------------- estimates (our choices)
CELLS_PER_TURN = 3  # cells a main action can fill: a tile's three squares or three disc steps
GAIN = 0.62  # the chance a missing cell gets filled in time, as the seat's other plans and tiles allow
CLAIM_NOW = 0.97  # a card the seat to move can claim now (a claimed one counts in full, so it claims)
READY = 0.85  # a card the board shows now, claimed at the seat's next turn (another seat may take it first)
DISC_READY = 0.75  # a card the seat's discs complete in one disc action
DISC_GAIN = 0.9  # ... a lacking cell its discs fill, when tiles are needed too
TAKEN = 0.35  # a market card another seat is as close to: the share of the chance it takes it first
# The best cards in reach, weighted: they compete for the same cells and turns, so a seat's second plan is worth
# little beside its first (they share cells, and the first one claimed changes the board for the next). A Normal
# weighting them (1, 0.3, 0.1) won 42.3 % of 600 three-seat games against two Normal weighting them
# (1, 0.55, 0.3, 0.15) as before (33.5 % for the old weights in the same seat; fair share 33.3 %); (1, 0.2) and
# the best plan alone did as well on 150 of those games, (1, 0.4, 0.15, 0.05) half as much (bench/README.md).
PLANS = (1.0, 0.3, 0.1)
NO_DISC = 4  # deficit added per blue or yellow disc a pattern needs beyond those the seat owns
DISC = 0.9  # a green, red or black disc owned (supply or board): it fills a cell again after every claim
SPECIAL = 1.4  # a blue or yellow disc owned: the level III patterns need them
LEVEL = 0.45  # a step on the +1 track: one more dark cell in use
CHARGED = 1.2  # a charged crystal (advanced side): a power to use
FADE = 5.0  # turns: holdings and rewards are worth their full value with this many turns left, less after
PIECE = 0.02  # a piece on the board: the first tie-break (§11)
HOURGLASS_PACE = 0.65  # hourglasses the leading seat gains per round (Normal against Normal)
WANT_EMBEDDINGS = 10  # rank: the promising embeddings of a card it looks at
RANK_KEEP = 1.0  # rank: the share of what covering a matched cell loses that counts against a move

Info = tuple[int, tuple[tuple[int, ...], ...]]  # a card's shortfall on a board (see shortfall)

_CACHE_MAX = 3000  # entries kept per cache (then it starts anew): clearing a larger one took milliseconds
_WANTS_MAX = 400


# ----------------------------------------------------------------------------- per-rules constants
class _Facts:
    """Constants of a rules object, worked out once."""

    def __init__(self, rules: Any) -> None:
        cat, cfg = rules.cat, rules.cfg
        self.rules = rules
        self.cards = cat.cards
        self.n_cards = len(cat.cards)
        self.n_tiles = len(cat.tiles)
        self.levels = tuple(c.level for c in cat.cards)
        self.points = tuple(c.points for c in cat.cards)
        self.hourglasses = tuple(c.hourglasses for c in cat.cards)
        self.reward_discs = tuple(c.reward_discs for c in cat.cards)
        self.reward_levels = tuple(c.reward_levels for c in cat.cards)
        self.rewards = tuple(sum(SPECIAL if colour in ("B", "Y") else DISC for colour in c.reward_discs)
                             + LEVEL * c.reward_levels for c in cat.cards)
        self.level_max = cat.level_max
        self.tile_colours = tuple(t.colours for t in cat.tiles)
        self.tile_cells = tuple(tuple(place.cells for place in rules.geo.placements[t.index]) for t in cat.tiles)
        self.hourglass_end = cfg["hourglass_end"]
        self.solo_turns = cfg["solo"]["turns"]
        self.round_cap = cfg["round_cap"]
        self.geo = rules.geo
        self.deficits: dict[tuple, dict[int, Info]] = {}  # (patterns, board, light only) -> card -> shortfall
        self.market_deficits: dict[tuple, tuple] = {}  # (patterns, board, market) -> each card's shortfall
        self.chances: dict[tuple, tuple] = {}  # (shortfalls' id, discs, turns, ready) -> (shortfalls, chances)
        self.wants: dict[tuple, tuple] = {}  # rank's per-board analysis
        self._light: dict[str, tuple[tuple[int, ...], ...]] = {}

    def light_anchors(self, patterns: str) -> tuple[tuple[int, ...], ...]:
        """Per card, per lay: the anchors at which the pattern lies on light cells only."""
        known = self._light.get(patterns)
        if known is None:
            light = self.geo.light
            known = self._light[patterns] = tuple(
                tuple(sum(1 << a for a, cells in lay.cells.items() if all(light >> c & 1 for c in cells)) for lay in lays)
                for lays in self.geo.lays(patterns))
        return known


_FACTS: dict[int, _Facts] = {}


def _facts(rules: Any) -> _Facts:
    f = _FACTS.get(id(rules))
    if f is None or f.rules is not rules:
        f = _FACTS[id(rules)] = _Facts(rules)
    return f


# ----------------------------------------------------------------------------- sample
def sample(rules: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """A full state that `seat` cannot tell from the real one (the module docstring says what is hidden).

    * Tiles: another seat's tiles taken from the ring in sight of all stay where the view shows them; those
      seen nowhere (not in the ring nor in any hand shown) are shuffled and dealt to the other seats' hidden
      slots, the ones dealt at the start (the ring and the hands hold every tile once).
    * Cards: those seen nowhere (market, claimed, this seat's reserve and drawn cards) are split by level;
      each deck takes its size of its level's unseen cards, cards another seat has drawn take theirs from the
      level drawn, and what is left (the levels are then fixed) is shuffled into the other seats' reserves.
    * The seed: fresh from `rng`.
    Reads only the view: two real states this seat cannot tell apart give the same sample.
    """
    if not getattr(view, "hidden", False):
        view = rules.view(view, seat)  # a full state given by mistake: sample from what the seat sees
    f = _facts(rules)
    s = view.copy()
    s.notices = list(view.notices)  # a copy starts its notices anew; the view shows the last action's

    # -- rune tiles
    shown = set(view.ring)
    for p in view.players:
        shown.update(t for t in p.hand if t != HIDDEN)
    pool = [t for t in range(f.n_tiles) if t not in shown]
    need = sum(p.hand.count(HIDDEN) for p in view.players)
    if need != len(pool):
        raise ValueError(f"the view hides {need} tiles in hands but {len(pool)} are unaccounted for")
    rng.shuffle(pool)
    for p in s.players:
        if HIDDEN in p.hand:
            p.hand = tuple(pool.pop() if t == HIDDEN else t for t in p.hand)

    # -- cards
    seen = {c for row in view.market for c in row if c != EMPTY}
    for p in view.players:
        seen.update(p.claimed)
        seen.update(c for c in p.reserved if c != HIDDEN)
    seen.update(c for c in view.drawn if c != HIDDEN)
    by_level: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for c in range(f.n_cards):
        if c not in seen:
            by_level[f.levels[c]].append(c)
    for level in by_level:
        rng.shuffle(by_level[level])
    decks = []
    for level, deck in enumerate(view.decks, start=1):
        pool = by_level[level]
        if len(pool) < len(deck):
            raise ValueError(f"deck {level} holds {len(deck)} cards but only {len(pool)} are unaccounted for")
        decks.append(tuple(pool[:len(deck)]))
        del pool[:len(deck)]
    s.decks = tuple(decks)
    if HIDDEN in view.drawn:
        pool = by_level[view.drawn_level]
        if len(pool) < len(view.drawn):
            raise ValueError("another seat drew more cards than are unaccounted for")
        s.drawn = tuple(pool[:len(view.drawn)])
        del pool[:len(view.drawn)]
    rest = [c for level in (1, 2, 3) for c in by_level[level]]
    rng.shuffle(rest)
    need = sum(p.reserved.count(HIDDEN) for p in view.players)
    if need != len(rest):
        raise ValueError(f"the view hides {need} reserved cards but {len(rest)} are unaccounted for")
    for p in s.players:
        if HIDDEN in p.reserved:
            p.reserved = tuple(rest.pop() if c == HIDDEN else c for c in p.reserved)

    s.seed = rng.getrandbits(62)
    s.hidden = False
    return s


# ----------------------------------------------------------------------------- patterns on a board
LETTERS = ("G", "R", "K", "B", "Y")
TOP = 3  # embeddings kept per card and board (of those lacking fewest cells), for matching discs to them


def _planes(lay: Any, sat: dict[str, int], anchors: int) -> tuple[int, int, int, int]:
    """How many pattern cells match at each of these anchors, bit-sliced: bit a of plane k is bit k of the count
    at anchor a (a pattern has at most 9 cells)."""
    c0 = c1 = c2 = c3 = 0
    for shift, letter in lay.shifts:
        m = (sat[letter] >> shift) & anchors  # the anchors whose cell at this pattern cell matches
        k0 = c0 & m
        c0 ^= m
        k1 = c1 & k0
        c1 ^= k0
        c3 |= c2 & k1
        c2 ^= k1
    return c0, c1, c2, c3


def _most(anchors: int, planes: tuple[int, int, int, int]) -> tuple[int, int]:
    """The highest count among these anchors and the anchors that reach it."""
    top, count = anchors, 0
    for bit, plane in ((8, planes[3]), (4, planes[2]), (2, planes[1]), (1, planes[0])):
        hit = top & plane
        if hit:
            top, count = hit, count + bit
    return count, top


def _exactly(anchors: int, planes: tuple[int, int, int, int], count: int) -> int:
    """The anchors where exactly `count` pattern cells match."""
    for k, plane in enumerate(planes):
        anchors &= plane if count >> k & 1 else ~plane
    return anchors


def _lacking(lay: Any, sat: dict[str, int], anchor: int) -> list[tuple[int, str]]:
    """The cells (and letters) the pattern laid at this anchor lacks."""
    return [(anchor + shift, letter) for shift, letter in lay.shifts if not sat[letter] >> (anchor + shift) & 1]


def shortfall(lays: tuple, sat: dict[str, int], light: tuple[int, ...] | None = None
              ) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The fewest pattern cells not matched by the piece on them (the deficit), over every lay and anchor of a
    pattern (only the anchors in `light`, one mask per lay, when given: a board with no dark cell to use), and
    for up to TOP embeddings lacking that few, how many cells of each letter (G, R, K, B, Y) they lack."""
    best = 99
    tops: list[tuple[Any, int]] = []
    for i, lay in enumerate(lays):
        anchors = lay.anchors if light is None else light[i]
        if not anchors:
            continue
        count, top = _most(anchors, _planes(lay, sat, anchors))
        d = len(lay.shifts) - count
        if d < best:
            best, tops = d, [(lay, top)]
        elif d == best:
            tops.append((lay, top))
    lacking: list[tuple[int, ...]] = []
    for lay, top in tops:
        while top and len(lacking) < TOP:
            low = top & -top
            top ^= low
            need = dict.fromkeys(LETTERS, 0)
            for _cell, letter in _lacking(lay, sat, low.bit_length() - 1):
                need[letter] += 1
            counts = tuple(need.values())
            if counts not in lacking:
                lacking.append(counts)
    return best, tuple(lacking)


def deficit(lays: tuple, sat: dict[str, int]) -> int:
    """The fewest pattern cells not matched by the piece on them, over every lay and anchor of a pattern."""
    return shortfall(lays, sat)[0]


def card_info(f: _Facts, patterns: str, cells: tuple[str, ...], card: int, light: bool = False) -> Info:
    """The board's shortfall for a card (see shortfall), kept per board; `light`: only embeddings on light cells
    (a seat with no +1 cannot use a dark cell)."""
    key = (patterns, cells, light)
    known = f.deficits.get(key)
    if known is None:
        if len(f.deficits) > _CACHE_MAX:
            f.deficits.clear()
        known = f.deficits[key] = {}
    info = known.get(card)
    if info is None:
        info = known[card] = shortfall(f.geo.lays(patterns)[card], masks(cells).satisfies,
                                       f.light_anchors(patterns)[card] if light else None)
    return info


def card_deficit(f: _Facts, patterns: str, cells: tuple[str, ...], card: int, light: bool = False) -> int:
    return card_info(f, patterns, cells, card, light)[0]


def market_infos(f: _Facts, patterns: str, cells: tuple[str, ...], market: tuple[int, ...],
                 light: bool = False) -> tuple[Info, ...]:
    """The board's shortfall for each market card, kept per board and market."""
    key = (patterns, cells, market, light)
    known = f.market_deficits.get(key)
    if known is None:
        if len(f.market_deficits) > _CACHE_MAX:
            f.market_deficits.clear()
        known = f.market_deficits[key] = tuple(card_info(f, patterns, cells, c, light) for c in market)
    return known


# ----------------------------------------------------------------------------- the game's length
def main_actions_left(f: _Facts, s: Any) -> list[float]:
    """Per seat: the main actions it still has (the current seat's one under way counted by what is left).

    Solo: 14 turns. Declared end: the round finishes. Otherwise the leading seat's hourglasses at
    HOURGLASS_PACE a round tell how many rounds are left (never past the round cap)."""
    n = len(s.players)
    cur = s.current
    phase = s.phase if s.phase not in ("reserve", "swap", "unlock") else (s.resume or "after")
    now = 1.0 if phase in ("before", "start") else s.steps / 3.0 if phase == "discs" else 0.0
    if n == 1:
        return [max(0, f.solo_turns - s.turn) + now]
    start = s.start_player
    pos_cur = (cur - start) % n
    if s.end_declared:
        more = 0.0
    else:
        lead = max(sum(f.hourglasses[c] for c in p.claimed) for p in s.players)
        more = max(0.0, (f.hourglass_end - lead) / HOURGLASS_PACE - 0.5)
        more = min(more, float(max(0, f.round_cap - s.round)))
    out = []
    for x in range(n):
        later = 1.0 if (x - start) % n > pos_cur else 0.0
        out.append(more + later + (now if x == cur else 0.0))
    return out


# ----------------------------------------------------------------------------- evaluate
def card_chance(info: Info, supply: tuple[int, ...], turns: float, ready: float) -> float:
    """The chance of claiming a card with `turns` main actions left, from the board's shortfall for it (`info`)
    and the discs the seat can bring: `supply` per letter G, R, K its discs in supply, B, Y every blue and
    yellow disc it owns (one on the board can move). `ready`: the chance for a card the board shows now.

    Of the cells an embedding lacks, those the seat's discs fill are sure (a disc action of three steps); the
    rest wait for fitting tiles, each with the chance GAIN; a blue or yellow cell with no disc to fill it
    counts NO_DISC cells (a level II card must bring the disc first). Needing more main actions than are left
    (three cells each) loses the chance; the best embedding counts."""
    d, lacking = info
    if d == 0:
        return ready
    if turns <= 0:
        return 0.0
    best = 0.0
    gain, sure = _powers(GAIN), _powers(DISC_GAIN)
    for counts in lacking:
        fill = tiles = 0
        for i in range(5):
            k, have = counts[i], supply[i]
            if k <= have:
                fill += k
            elif i < 3:
                fill += have
                tiles += k - have
            else:
                fill += have
                tiles += NO_DISC * (k - have)
        if tiles == 0 and fill <= CELLS_PER_TURN:
            chance = DISC_READY
        else:
            chance = gain[tiles] * sure[fill]
        if chance > best:
            best = chance
    short = -(-d // CELLS_PER_TURN) - turns
    if short > 0:
        if short >= 1:
            return 0.0
        best *= 1.0 - short  # a part of a turn short: a part of the chance
    return best


# Each part's weight in the projection (engine/tune.py fits them to how recorded games ended). The first seven are
# multipliers of the estimates above (1.0: as designed); the last two are not in the design (0.0) and let a fit
# weigh the game's pace: the hourglasses a seat has claimed (it ends the game) and the main actions it has left.
WEIGHTS = {
    "discs": 1.0,  # green, red and black discs owned (DISC each, by the game left)
    "special": 1.0,  # blue and yellow discs owned (SPECIAL each, by the game left)
    "level": 1.0,  # steps on the +1 track (LEVEL each, by the game left)
    "charged": 1.0,  # a charged crystal (CHARGED, by the game left)
    "pieces": 1.0,  # pieces on the board (PIECE each: the first tie-break)
    "best_plan": 1.0,  # the best card in reach: its chance times its points and reward
    "more_plans": 1.0,  # the next ones, by PLANS
    "hourglasses": 0.0,  # hourglasses on the cards claimed
    "turns": 0.0,  # main actions left (main_actions_left)
}


def parts(rules: Any, state: Any) -> list[dict[str, float]]:
    """Per seat, each part of the projection at weight 1 and "base" (the points claimed, never weighted): for
    engine/tune.py."""
    f = _facts(rules)
    return weighted_parts(lambda wt: _project(f, state, wt), WEIGHTS)


def _project(f: _Facts, s: Any, wt: dict[str, float] | None = None) -> list[float]:
    """Each seat's projected final points (see evaluate), its parts weighted by `wt` (None: WEIGHTS)."""
    w = WEIGHTS if wt is None else wt
    w_disc, w_special, w_level, w_charged = DISC * w["discs"], SPECIAL * w["special"], LEVEL * w["level"], CHARGED * w["charged"]
    w_piece, w_best, w_more = PIECE * w["pieces"], w["best_plan"], w["more_plans"]
    w_hourglass, w_turns = w["hourglasses"], w["turns"]
    hourglasses = f.hourglasses
    players = s.players
    n = len(players)
    patterns = s.options["patterns"]
    left = main_actions_left(f, s)
    market = tuple(c for row in s.market for c in row if c != EMPTY)
    free_now = s.phase in ("before", "after")
    infos = [market_infos(f, patterns, p.cells, market, _light_only(s, p)) for p in players]
    # per seat, per market card: the fewest cells another seat lacks for it (99: no other seat)
    if n == 2:
        rivals = [[info[0] for info in infos[1]], [info[0] for info in infos[0]]]
    else:
        rivals = [[min((infos[y][i][0] for y in range(n) if y != x), default=99) for i in range(len(market))]
                  for x in range(n)]
    points, rewards = f.points, f.rewards
    out = []
    for x, p in enumerate(players):
        turns = left[x]
        fade = min(1.0, turns / FADE)
        discs = p.discs
        board = masks(p.cells)
        blue, yellow = discs["B"], discs["Y"]
        on_board = 0
        if board.discs:
            for piece in p.cells:
                if piece and piece.islower():
                    on_board += 1
                    if piece == "b":
                        blue += 1
                    elif piece == "y":
                        yellow += 1
        basic = discs["G"] + discs["R"] + discs["K"] + on_board - (blue - discs["B"]) - (yellow - discs["Y"])
        supply = (discs["G"], discs["R"], discs["K"], blue, yellow)
        v = float(sum(points[c] for c in p.claimed if c != HIDDEN))
        v += fade * (w_disc * basic + w_special * (blue + yellow) + w_level * p.level + (w_charged if p.charged else 0.0))
        v += w_piece * board.occupied.bit_count()
        if w_hourglass:
            v += w_hourglass * sum(hourglasses[c] for c in p.claimed if c != HIDDEN)
        if w_turns:
            v += w_turns * turns
        now = x == s.current and free_now
        ready = CLAIM_NOW if now else READY if turns > 0 else 0.0
        mine = infos[x]
        key = (id(mine), supply, turns, ready)  # `mine` is kept by market_infos' cache, and with the entry
        got = f.chances.get(key)
        if got is not None and got[0] is mine:
            chances = got[1]
        else:
            if len(f.chances) > _CACHE_MAX:
                f.chances.clear()
            chances = tuple(card_chance(info, supply, turns, ready) for info in mine)
            f.chances[key] = (mine, chances)
        plans = []
        rival = rivals[x]
        for i, c in enumerate(market):
            chance = chances[i]
            if chance:
                if rival[i] <= mine[i][0]:
                    chance *= 1.0 - TAKEN
                plans.append(chance * (points[c] + rewards[c] * fade))
        for c in p.reserved:
            if c == HIDDEN:
                continue
            chance = card_chance(card_info(f, patterns, p.cells, c, _light_only(s, p)), supply, turns, ready)
            if chance:
                plans.append(chance * (points[c] + rewards[c] * fade))
        if plans:
            plans.sort(reverse=True)
            v += w_best * PLANS[0] * plans[0] + w_more * sum(k * pv for k, pv in zip(PLANS[1:], plans[1:]))
        out.append(v)
    return out


def _light_only(s: Any, p: Any) -> bool:
    """Whether the seat can use no dark cell (dark-cell rule 'capacity' at level 0, or 'unlock' with none open)."""
    return p.level == 0 if s.options["dark_cells"] == "capacity" else not p.unlocked


_POWERS: dict[float, list[float]] = {}


def _powers(base: float) -> list[float]:
    """base ** k for every count of cells a pattern can lack (kept per base)."""
    table = _POWERS.get(base)
    if table is None:
        table = _POWERS[base] = [base ** k for k in range(64)]
    return table


# Hard plays for the win (engine/core/search.py WinChance): another seat's projected lead is blurred by
# 0.7 + 6.0 * sqrt(share of the game left) points (6.7 at the start, where two seats' final difference has a spread
# of 6.8 points in three-seat arenas; 0.7 at the end). Three seats, Hard vs 2 Normal: 58.3 % of 240 games where the
# margin gave 52.0 %; two seats vs Normal 70.0 % (bench/README.md "Hard plays for the win").
WIN_SIGMA = (0.7, 6.0)
# Fitted to who won 800 three-seat games of Normal seats (engine/tune.py --win, seeds 9700-10499; log-loss 1.188 with
# the blur above, 1.046 with the blur fitted, 0.961 with the weights too: discs -0.56, level -2.84, turns 4.13, blur
# 2.59 + 9.01 sqrt(left)), Hard won 34.1 % of seeds 400-639 where it wins 60.0 %: not shipped (bench/README.md).
WIN_WEIGHTS: dict[int, dict[str, float]] = {}
SEAT_WIN_SIGMA: dict[int, tuple[float, float]] = {}


def standing(rules: Any, state: Any) -> tuple[list[float], float, bool]:
    """Each seat's projected final points as evaluate counts them (the final sheet's when over), the share of the
    game left (the seats' main actions left, main_actions_left, over those at the start) and whether it is over."""
    f = _facts(rules)
    if state.phase == "over":
        return _final_points(f, state), 0.0, True
    left = main_actions_left(f, state)
    start = f.hourglass_end / HOURGLASS_PACE + 0.5
    return _project(f, state, WIN_WEIGHTS.get(len(state.players))), min(1.0, sum(left) / len(left) / start), False


def _final_points(f: _Facts, state: Any) -> list[float]:
    """The final sheet: each seat's points, with the first tie-break (pieces left on the board) as a fraction."""
    return [sum(f.points[c] for c in p.claimed) + PIECE * masks(p.cells).occupied.bit_count() for p in state.players]


def evaluate(rules: Any, state: Any, seat: int) -> float:
    """`seat`'s projected final points minus the best other seat's (alone: its projected points).

    Over: the final sheet's margin (the first tie-break, pieces left on the board, as a fraction of a point).
    Before that each seat's projection is its claimed points, its discs, +1 track and charged crystal while
    turns are left (fading over the last FADE turns), and its plans: for each card it may claim (the market's,
    its reserve), the chance to complete the pattern in the main actions it has left (card_chance: the cells
    its discs can fill nearly sure, the others GAIN each; a market card another seat is as close to is shared,
    TAKEN) times the card's points and reward; its best cards weighted by PLANS (they compete for cells)."""
    f = _facts(rules)
    players = state.players
    n = len(players)
    if state.phase == "over":
        totals = _final_points(f, state)
    else:
        totals = _project(f, state)
    if n == 1:
        return totals[0]
    return totals[seat] - max(totals[x] for x in range(n) if x != seat)


# ----------------------------------------------------------------------------- rank
def _wants(f: _Facts, s: Any, seat: int) -> tuple[dict[int, dict[str, float]], list[float]]:
    """For the seat's board: what a piece of each letter on each cell would add (cell -> letter -> points) to
    the promising embeddings of the cards it may claim (those lacking at most one cell more than the card's best,
    at most WANT_EMBEDDINGS of them): per card the most it adds to one of them (one cell more of an embedding
    lacking d raises its chance from GAIN**d to GAIN**(d-1)), summed over the cards; and what covering each
    cell would lose, alike."""
    p = s.players[seat]
    patterns = s.options["patterns"]
    cards = tuple(c for row in s.market for c in row if c != EMPTY) + tuple(c for c in p.reserved if c != HIDDEN)
    light = _light_only(s, p)
    key = (patterns, p.cells, cards, light)
    known = f.wants.get(key)
    if known is not None:
        return known
    sat = masks(p.cells).satisfies
    lays = f.geo.lays(patterns)
    lights = f.light_anchors(patterns)
    want: dict[int, dict[str, float]] = {}
    keep = [0.0] * f.geo.size
    gain = _powers(GAIN)
    for c in cards:
        worth = f.points[c] + f.rewards[c]
        counted = []
        for i, lay in enumerate(lays[c]):
            anchors = lights[c][i] if light else lay.anchors
            if anchors:
                planes = _planes(lay, sat, anchors)
                counted.append((lay, anchors, planes, _most(anchors, planes)[0]))
        if not counted:
            continue
        most = max(x[3] for x in counted)
        taken = 0
        fill: dict[tuple[int, str], float] = {}  # this card's: the most a cell's letter adds to one embedding
        hold: dict[int, float] = {}
        for lay, anchors, planes, _ in counted:
            for count in (most, most - 1):
                if count < 0 or taken >= WANT_EMBEDDINGS:
                    continue
                at = _exactly(anchors, planes, count)
                d = len(lay.shifts) - count
                add = worth * (gain[d - 1] - gain[d]) if d else 0.0  # one cell more of this embedding
                lose = worth * (gain[d] - gain[d + 1])  # one cell less
                while at and taken < WANT_EMBEDDINGS:
                    low = at & -at
                    at ^= low
                    taken += 1
                    anchor = low.bit_length() - 1
                    lacking = _lacking(lay, sat, anchor)
                    for cell_letter in lacking:
                        if fill.get(cell_letter, 0.0) < add:
                            fill[cell_letter] = add
                    got = {cell for cell, _ in lacking}
                    for shift, _ in lay.shifts:
                        cell = anchor + shift
                        if cell not in got and hold.get(cell, 0.0) < lose:
                            hold[cell] = lose
        for (cell, letter), add in fill.items():
            slot = want.setdefault(cell, {})
            slot[letter] = slot.get(letter, 0.0) + add
        for cell, lose in hold.items():
            keep[cell] += lose
    if len(f.wants) > _WANTS_MAX:
        f.wants.clear()
    known = f.wants[key] = (want, keep)
    return known


def rank(rules: Any, state: Any, seat: int, actions: list) -> list:
    """The actions worth trying, most promising first: claims (best card first); then the main action's
    choices by how much of the promising card patterns they fill, less what they cover, tile placements and
    disc steps taking turns (with the pass second); everything else as listed."""
    f = _facts(rules)
    if state.phase == "take" and len(actions) > 1:
        want, keep = _wants(f, state, seat)
        cells = state.players[seat].cells
        dense = _dense_wants(cells, want, keep)
        return sorted(actions, key=lambda a: -_tile_fit(f, a.tile, dense))
    if state.phase not in ("before", "discs", "after") or len(actions) <= 4:
        return list(actions)
    claims = [a for a in actions if type(a) is Claim]
    tiles = [a for a in actions if type(a) is PlaceTile]
    steps = [a for a in actions if type(a) in (PlaceDisc, MoveDisc)]
    ends = [a for a in actions if type(a) in (EndDiscs, EndTurn)]
    rest = [a for a in actions if type(a) not in (Claim, PlaceTile, PlaceDisc, MoveDisc, EndDiscs, EndTurn)]
    claims.sort(key=lambda a: -f.points[a.card])
    if tiles or steps:
        want, keep = _wants(f, state, seat)
        cells = state.players[seat].cells
        geo = f.geo

        def lose(cell: int, colour: str) -> float:
            piece = cells[cell]
            return keep[cell] * RANK_KEEP if piece and COLOUR_OF[piece] != colour else 0.0

        def tile_score(a: PlaceTile) -> float:
            place = geo.by_action[a]
            v = 0.0
            for cell, colour in zip(place.cells, place.colours):
                v += want.get(cell, {}).get(colour, 0.0) - lose(cell, colour)
            return v

        def step_score(a: Any) -> float:
            end = a.y * geo.width + a.x
            if type(a) is PlaceDisc:
                colour = a.colour
                v = 0.0
            else:
                start = a.from_y * geo.width + a.from_x
                colour = COLOUR_OF[cells[start]]
                v = -keep[start] * RANK_KEEP
            return v + want.get(end, {}).get(colour, 0.0) - lose(end, colour)

        tiles = sorted(tiles, key=tile_score, reverse=True)
        steps = sorted(steps, key=step_score, reverse=True)
    main: list = []
    for i in range(max(len(tiles), len(steps))):
        if i < len(tiles):
            main.append(tiles[i])
        if i < len(steps):
            main.append(steps[i])
        if i == 0:
            main += ends  # the pass (or the end of the disc action) is always looked at
    if not main:
        main = ends
    return claims + rest + main


def _dense_wants(cells: tuple[str, ...], want: dict[int, dict[str, float]], keep: list[float]) -> dict[str, list[float]]:
    """Per square colour, per cell: what a square of that colour there would serve, less what it would cover."""
    dense = {}
    for colour in ("G", "R", "K"):
        row = [0.0] * len(cells)
        for cell, slot in want.items():
            row[cell] = slot.get(colour, 0.0)
        for cell, piece in enumerate(cells):
            if piece and keep[cell] and COLOUR_OF[piece] != colour:
                row[cell] -= keep[cell] * RANK_KEEP
        dense[colour] = row
    return dense


def _tile_fit(f: _Facts, tile: int, dense: dict[str, list[float]]) -> float:
    """How well a tile would serve the board's promising patterns at its best placement (for taking a tile)."""
    first, second, third = (dense[c] for c in f.tile_colours[tile])
    return max(0.0, max(first[a] + second[b] + third[c] for a, b, c in f.tile_cells[tile]))
