"""Somerset's computer-opponent hooks: `sample` (fill in what a seat cannot see) and `evaluate`.

Pure Python, used by engine/core/search.py. § numbers are ../shared/rules/somerset.md's (data/somerset/*.yaml
holds every value the rules use).

What Somerset hides (rules.view):
  * the other seats' spell hands and building hands (only how many cards each holds);
  * the order and content of the spell deck and the building deck (only their sizes);
  * the cards another seat has just drawn and is choosing from (only how many);
  * the random seed.
The map, workers, road pieces, coins, resources, government markers, spell books, buildings built and the
country-tile supply are open to all.
"""
from __future__ import annotations

import math
import random
from typing import Any

from engine.core import grid
from engine.core.search import weighted_parts
from games.somerset.rules_map import STEPS
from games.somerset.rules_state import HIDDEN

# Easy's blur (engine/core/search.py): a seat ends a game with about 40-70 coins; a casual eye is a few off.
MISJUDGE = 3.0
# A building period offers a country tile on every free hex in every turn (up to ~270 actions) beside one
# building card, the spells and passing: the search tries the first actions kind by kind, so Normal (48
# candidates) and Easy (12) weigh the building and the pass too (engine/core/search.py); each step of a line (the
# replies and turns of Hard's check) looks at them kind by kind too: Hard vs Normal 63.5 % of 100 games, mean
# margin +9.6 (+4.4 when the replies drew their 24 actions at random and nearly never built).
SPREAD_BY_KIND = True
# A tile taken now is one the other seats' standing workers cannot take later in the round, and where a worker
# lies decides its next walk: Hard's best turns are checked over two more of its own turns, each answered by the
# other seats' best replies (engine/core/search.py). Hard vs Normal, 60 games at 1 s (seed 100): 66.7 %, mean
# margin +8.2, where the check to its next turn only won 53 % (+2.5).
CHECK_TURNS = 2
FINALISTS = 8  # ... its 8 best (Hard's own 4 left half its time unused): seeds 160-199, 40 games at 1 s against
#                Normal, 67.5 % and margin +5.6 with 8, 55 % and +1.3 with 4


def screen_share(rules: Any, view: Any) -> float | None:
    """With three seats every step of Hard's check costs half as much again (two seats reply, not one): Hard screens
    its turns on 30 % of its time, not half, and checks them on the rest. Against two Normal seats at 1 s: 58.3 % of
    120 games (seeds 400-519) where the even split won 47.5 % of 100 (bench/README.md). Two seats keep the even split
    (69 % against Normal), and so do four (30 % screening won 34.2 % of seeds 400-459, the even split 43.3 %)."""
    return 0.3 if len(view.players) == 3 else None

# ----------------------------------------------------------------------------- estimates (our choices)
# Every value is in coins (the game's points) and most are per round or per building period still to come,
# so they fade as the game runs out (see _Clock for how much of the game is left).
ACTION = 2.0  # a worker's action in a round still to come: a city tile gives about 2 coins' worth, a
#               country tile 3-6, but tiles are used once a round and the other seats take the best ones
KIND_EXTRA = {"peasant": 0.0, "knight": 0.5, "wizard": 0.9}  # per round: a longer walk reaches a better
#               unused tile (knight 2, wizard 3 steps); the wizard's spells are counted with the book
RES = 1.0  # a basic resource while a building period lies ahead: a building or country tile turns 4-8 of
#            them into 5-13 coins (final bonus, the n-th building's n coins, tile bonuses)
RES_LATE = 0.15  # ... after the last building period: only a mid-round build, upgrade or trade uses it
RES_PER_PERIOD = 7  # resources one building period can use (one build: the costliest cost 8)
RES_SLACK = 4  # ... plus what upgrades, government fees and mid-round builds use
TYPE_CAP = 4  # of one kind of basic resource, about what the next builds need (costs take 1-3 of a kind)
RES_OVER = 0.35  # ... each one beyond that: it waits for a trade or a far build
CRYSTAL = 0.9  # a crystal: a cast (1 crystal: 3 resources or a road; 2: 3 coins), or half a wizard
CRYSTAL_NO_WIZARD = 0.6  # ... without a wizard it waits for one (or pays an upgrade)
GOV_USE = 0.35  # government actions a seat takes per round (three tiles of the city offer one)
SPELL_CAST = 0.8  # per round, per spell in the book while the seat has a wizard (about a coin net of crystals)
CASTS_PER_WIZARD = 2  # book spells a wizard makes useful per round (one cast per wizard per turn)
HAND_SPELL = 0.6  # a spell in hand counts this much of a book spell in the book race (it still has to be bought)
BOOK_SIG0, BOOK_SIG1 = 0.3, 0.5  # the book race's blur: SIG0 + SIG1 * building periods left (more buys to come)
BOOK_SIG_END = 0.05  # ... and with none left (no more buys: the places are as they stand)
FEE_RATE = 0.22  # landings per round, per other seat, on one of a seat's country tiles
TILE_HOLD = 0.25  # per round: an owned country tile is a strong action near the owner's workers
NEIGHBOUR_LATER = 0.15  # per building period: an owned tile may still get another seat's tile beside it
HAND_BUILDING = 0.5  # a building card in hand: this share of what building it would gain (bonus, effect, cost)
HAND_BUILDING_MAX = 3.0  # ... at most (few periods to build them all in)
BUILD_SHARE = 0.35  # building periods a seat spends on a building (the rest on tiles, or nothing to pay with):
#                    each building built raises the coin bonus of every later one by a coin (§11.1)
PENDING = 0.8  # a choice waiting to be made (resources to choose, a government action): this share of it
# Building abilities: what each is worth per round (or per building period) still to come.
ABILITY_ROUND = {
    "stables": 0.3,  # a knight or wizard may stop a step short: more tiles in reach
    "workshop": 0.7,  # one more basic resource on most resource actions
    "market": 0.3,  # a swap towards what the next build needs
    "alchemy": 0.2,  # two resources for a crystal: rarely better than keeping them
    "upgrade_no_grain": 0.15,  # a grain saved on the odd upgrade
    "gov_fee_discount": 0.15,  # a resource saved on the odd advance
    "road_pieces": 0.0,  # road pieces are not valued (the search seldom needs them)
    "worker_cap": 0.4,  # room for one more worker (the Residence's peasant counts as a worker)
}
ABILITY_PERIOD = {"tile_discount": 0.7}  # a resource saved per country tile built (about one build in two)
SPELL_DISCOUNT = 0.8  # a coin saved per spell still to buy (Library)
ACTIVATE_BONUS = 0.3  # Great Hall: a coin on the odd Activate, per round
# Where the workers stand (SPOTS): a standing worker is worth, this round, the best unused tile it can reach (not
# a typical one), and every worker, next round, the best tile it will reach from where it stands. So a move that
# takes the tile another seat's standing worker wanted (or leaves one's own worker cornered) shows in the value.
# What a tile's action brings, per step (coins; the holdings it adds are valued by the projection too, so these
# only rank the tiles against each other and against the typical ACTION):
STEP_VALUE = {
    "government": 1.5, "free_advance": 2.0, "hire": 2.5, "upgrade": 1.5, "draw_spells": 1.0,
    "draw_buildings": 1.2, "build_tile": 2.5, "build_building": 2.5, "roads": 0.2, "trade": 0.4,
}
SPOT_NOW = 0.8  # the share of a standing worker's round valued by its best reachable tile (the rest: ACTION)
SPOT_NEXT = 0.5  # ... and of its next round, by the best tile it will reach from where it stands
FEE_GIVEN = 0.7  # a landing fee paid to another seat (by the bank), as a loss in the margin
# How fast the game runs out when no end trigger has fired (§14): country tiles built per round per seat,
# and buildings built per round by the busiest builder.
TILES_PER_SEAT_ROUND = 0.55
BUILDINGS_PER_ROUND = 0.7
TRIGGER_SLACK = 1.0  # rounds: the trigger estimate is rough, so it is trusted only this much more than the cap


# The weight of each part of the projection (_project), fitted to how the games ended: `python -m engine.tune
# somerset` recorded each turn's start in 593 two-seat games of Normal (and Normal against Easy) and fitted the
# weights so that two seats' weighted parts predict the difference of their final scores (least squares drawn
# towards 1, the estimates above as designed; a part the data made count against its holder is fixed at 0). The
# error of the predicted margin (5-fold cross-validation by game): 249 with every weight 1, 162 with these. Hard
# with them against Normal as before won 11 of 16 games where Hard as before had won 2.5 of 12 on the same seeds:
# it had built 2.2 buildings a game to Normal's 3.3 and 8.2 country tiles to 5.5 (the tiles' landing fees and
# nearby action, TILE_HOLD, FEE_RATE, counted for every round left, did not show in the final scores).
WEIGHTS = {
    "book": 0.62,  # the spell-book race's expected prize
    "work": 0.58,  # an action per worker and round still to come (ACTION, KIND_EXTRA)
    "spots": 0.72,  # where the workers stand (SPOT_NOW, SPOT_NEXT)
    "building_bonus": 0.71,  # the coin each building adds to later ones (BUILD_SHARE)
    "abilities": 1.14,  # built buildings' abilities and income still to come
    "resources": 0.68,  # basic resources a building period ahead can use (RES)
    "resources_late": 0.0,  # ... and the rest (RES_LATE)
    "crystals": 0.0,  # crystals held (what a cast brings is counted once cast)
    "tile_income": 0.0,  # an owned country tile's landing fees and nearby action (FEE_RATE, TILE_HOLD)
    "neighbours_later": 1.53,  # ... another seat's tile beside it later (NEIGHBOUR_LATER)
    "government": 1.49,  # the government column's later benefits (GOV_USE)
    "casts": 0.34,  # book spells cast with a wizard (SPELL_CAST)
    "spell_discount": 0.54,  # the Library's discount on spells still to buy (SPELL_DISCOUNT)
    "building_hand": 2.03,  # building cards in hand (HAND_BUILDING, HAND_BUILDING_MAX)
    "pending": 1.0,  # the choice waiting (PENDING; not fitted: no turn starts with one)
}

# Three seats ask for other weights: fitted the same way on 400 three-seat games of Normal (`python -m engine.tune
# somerset --seats 3 --agents normal,normal,normal --games 400 --seed 6500`, 330624 rows), the predicted margin's
# error on games left out is 99.8 with the two-seat weights and 80.8 with these. With a third seat the government
# column, a tile's later neighbours and building cards in hand count for less than with two, the book race for
# more. Four and five seats keep the two-seat weights (not fitted yet).
SEAT_WEIGHTS: dict[int, dict[str, float]] = {
    3: {
        "book": 0.87, "work": 0.43, "spots": 0.57, "building_bonus": 0.0, "abilities": 0.63, "resources": 0.52,
        "resources_late": 0.0, "crystals": 0.0, "tile_income": 0.18, "neighbours_later": 0.21, "government": 0.33,
        "casts": 0.0, "spell_discount": 0.41, "building_hand": 0.61, "pending": 1.0,
    },
}


def weights_for(seats: int) -> dict[str, float]:
    """The weights the projection uses with `seats` seats: SEAT_WEIGHTS' for that count, else WEIGHTS."""
    return SEAT_WEIGHTS.get(seats, WEIGHTS)


_MEMO_MAX = 5000  # entries the rules-wide memos keep (then they start anew): small, so clearing one costs no hitch

# ----------------------------------------------------------------------------- per-rules constants
class _Facts:
    """Constants of a rules object, worked out once."""

    def __init__(self, rules: Any) -> None:
        cat, cfg = rules.cat, rules.cfg
        self.rules = rules
        self.n_spells = len(cat.spells)
        self.n_buildings = len(cat.buildings)  # index 0 is the Residence
        self.spell_buy = [sp.buy for sp in cat.spells]
        self.prizes = list(cfg["spell_book_prizes"])
        self.empty_scores = bool(cfg["empty_book_scores"])
        self.camelot = cfg["camelot_bonus"]
        self.neighbour = cfg["neighbour_bonus"]
        self.fee = cfg["landing_fee"]
        self.cap = cfg["round_cap"]
        self.trig_tiles = cfg["end_triggers"]["country_tiles"]
        self.trig_buildings = cfg["end_triggers"]["buildings"]
        self.res_counts = bool(cfg["residence_counts_as_building"])
        self.bonus_first = cfg["building_bonus"]["first"]
        self.bonus_step = cfg["building_bonus"]["step"]
        self.start_residence = cfg["start_hand"]["residence"]
        self.money = [col["money"] for col in cfg["government"]]
        self.coins_for_spells = None  # set per state (an option)
        self.races: dict[tuple, list[float]] = {}  # _book_race by (books, blur)
        self.hands: dict[tuple, float] = {}  # _hand_buildings by what it reads
        self.is_city = [t.city for t in cat.tiles]
        self.tile_value = [_tile_value(t.steps) for t in cat.tiles]
        self.moves = {kind: spec["moves"] for kind, spec in cfg["workers"].items()}
        # walk lengths as rules.distances gives them (no Stride), without and with Stables
        self.stables = frozenset(i for i, b in enumerate(cat.buildings) if b.ability.get("stables"))
        self.walks = {kind: (d,) for kind, d in self.moves.items()}
        self.walks_short = {kind: (d,) if kind == "peasant" else tuple(sorted({max(1, d - 1), d}))
                            for kind, d in self.moves.items()}
        # per building: final points, value per round and per period of its lasting ability, its cost
        self.b_final: list[int] = []
        self.b_per_tile: list[tuple[int, int]] = []
        self.b_round: list[float] = []
        self.b_period: list[float] = []
        self.b_income: list[dict[str, int]] = []
        self.b_fee: list[int] = []
        self.b_cost: list[int] = []
        self.b_discount: list[int] = []
        for b in cat.buildings:
            ab = b.ability
            self.b_final.append(ab.get("final", 0))
            per = ab.get("final_per_country_tile")
            self.b_per_tile.append((per["each"], per["max"]) if per else (0, 0))
            rnd = sum(v for k, v in ABILITY_ROUND.items() if ab.get(k))
            if ab.get("activate_bonus"):
                rnd += ACTIVATE_BONUS
            self.b_round.append(rnd)
            self.b_period.append(sum(v * ab[k] for k, v in ABILITY_PERIOD.items() if ab.get(k)))
            self.b_income.append(dict(ab.get("income", {})))
            self.b_fee.append(ab.get("landing_fee", 0))
            self.b_cost.append(sum(n for r, n in b.cost.items() if r != "$"))
            self.b_discount.append(ab.get("spell_discount", 0))


def _tile_value(steps: Any) -> float:
    """What a tile's action is worth to the seat taking it, roughly, in coins (STEP_VALUE)."""
    v = 0.0
    for step in steps:
        kind, arg = step.kind, step.value
        if kind == "gain":
            for r, k in arg.items():
                v += k * (1.0 if r == "$" else CRYSTAL if r == "C" else RES)
        elif kind == "choose":
            v += RES * arg
        elif kind == "government":
            v += STEP_VALUE["free_advance" if arg == "free_advance" else "government"]
        elif kind == "upgrade":
            v += STEP_VALUE["upgrade"] + 0.5 * arg.get("discount", 0)
        elif kind in ("draw_spells", "draw_buildings"):
            v += STEP_VALUE[kind] * arg.get("keep", 1)
        elif kind == "build_building":
            v += STEP_VALUE[kind] + arg.get("discount", 0)
        elif kind == "roads":
            v += STEP_VALUE[kind] * arg
        elif kind == "trade":
            v += STEP_VALUE[kind] * arg.get("times", 1)
        else:
            v += STEP_VALUE.get(kind, 1.0)
    return v


_FACTS: dict[int, _Facts] = {}


def _facts(rules: Any) -> _Facts:
    f = _FACTS.get(id(rules))
    if f is None or f.rules is not rules:
        f = _FACTS[id(rules)] = _Facts(rules)
    return f


# ----------------------------------------------------------------------------- sample
def sample(rules: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """A full state that `seat` cannot tell from the real one (the module docstring says what is hidden).

    The spell cards seen nowhere (this seat's hand, every book, cards this seat is choosing from) are
    shuffled and dealt: first to the other seats' hidden hand slots, then to hidden drawn cards, the rest
    is the spell deck. Building cards likewise; a seat that has not built its Residence still holds it
    (§12: each hand starts with one, and a card leaves the hand only when built), the rest of its hand
    comes from the shuffled unseen cards. The seed is fresh from `rng`. Reads only the view: two real
    states this seat cannot tell apart give the same sample.
    """
    if not getattr(view, "hidden", False):
        view = rules.view(view, seat)  # a full state given by mistake: sample from what the seat sees
    f = _facts(rules)
    s = view.copy()
    s.notices = list(view.notices)  # a copy starts its notices anew; the view shows the last action's
    drawn_spells = s.task is not None and s.task.kind == "keep" and s.task.value is True
    hidden_drawn = bool(s.drawn) and HIDDEN in s.drawn

    # -- spells
    seen = set()
    for p in view.players:
        seen.update(p.book)
        seen.update(c for c in p.spell_hand if c != HIDDEN)
    if drawn_spells and not hidden_drawn:
        seen.update(s.drawn)
    pool = [c for c in range(f.n_spells) if c not in seen]
    rng.shuffle(pool)
    need = sum(p.spell_hand.count(HIDDEN) for p in view.players) + len(view.spell_deck)
    if drawn_spells and hidden_drawn:
        need += len(s.drawn)
    if need != len(pool):
        raise ValueError(f"the view hides {need} spell cards but {len(pool)} are unaccounted for")
    for p in s.players:
        if HIDDEN in p.spell_hand:
            p.spell_hand = tuple(pool.pop() if c == HIDDEN else c for c in p.spell_hand)
    if drawn_spells and hidden_drawn:
        s.drawn = tuple(pool.pop() for _ in s.drawn)
    s.spell_deck = tuple(pool)

    # -- buildings (index 0, the Residence, is one card per seat, never in the deck)
    seen = set()
    for p in view.players:
        seen.update(b for b in p.buildings if b)
        seen.update(b for b in p.building_hand if b != HIDDEN and b)
    if not drawn_spells and s.drawn and not hidden_drawn:
        seen.update(s.drawn)
    pool = [c for c in range(1, f.n_buildings) if c not in seen]
    rng.shuffle(pool)
    residences = []
    hidden_slots = 0
    for p in view.players:
        k = p.building_hand.count(HIDDEN)
        r = min(k, max(0, f.start_residence - p.buildings.count(0))) if k else 0
        residences.append(r)
        hidden_slots += k - r
    need = hidden_slots + len(view.building_deck) + (len(s.drawn) if s.drawn and hidden_drawn and not drawn_spells
                                                     else 0)
    if need != len(pool):
        raise ValueError(f"the view hides {need} building cards but {len(pool)} are unaccounted for")
    for p, r in zip(s.players, residences):
        if HIDDEN in p.building_hand:
            k = len(p.building_hand) - r
            p.building_hand = (0,) * r + tuple(pool.pop() for _ in range(k))
    if s.drawn and hidden_drawn and not drawn_spells:
        s.drawn = tuple(pool.pop() for _ in s.drawn)
    s.building_deck = tuple(pool)

    s.seed = rng.getrandbits(62)
    s.hidden = False
    return s


# ----------------------------------------------------------------------------- the final score
def final_scores(rules: Any, s: Any) -> list[int]:
    """Each seat's score-sheet total (§14.1), as rules.score_sheet adds it up, only faster."""
    f = _facts(rules)
    n = len(s.players)
    tiles, owned = _board_facts(f, s.board, n)
    sizes = [len(p.book) for p in s.players]
    books = _prizes(f, sizes)
    out = []
    for x, p in enumerate(s.players):
        total = p.coins + tiles[x] + books[x]
        for b in p.buildings:
            total += f.b_final[b]
            each, most = f.b_per_tile[b]
            if each:
                total += min(most, owned[x] * each)
        out.append(total)
    return out


def _prizes(f: _Facts, sizes: list[int]) -> list[int]:
    out = [0] * len(sizes)
    ranked = sorted((i for i in range(len(sizes)) if sizes[i] > 0 or f.empty_scores), key=lambda i: -sizes[i])
    place = k = 0
    prizes = f.prizes
    while k < len(ranked):
        size = sizes[ranked[k]]
        group = [i for i in ranked[k:] if sizes[i] == size]
        pot = sum(prizes[place + j] for j in range(len(group)) if place + j < len(prizes))
        for i in group:
            out[i] = pot // len(group)
        place += len(group)
        k += len(group)
    return out


def _board_facts(f: _Facts, board: Any, n: int) -> tuple[list[int], list[int]]:
    """Per seat: its country tiles' end bonuses now (Camelot and other seats' neighbours, §14.1 2), and how
    many country tiles it owns. Kept with the board (a board never changes once made)."""
    key = ("agent_tiles", n)
    got = board.derived.get(key)
    if got is None:
        bonus, owned = [0] * n, [0] * n
        cells = board.cells
        for (q, r), placed in cells.items():
            o = placed.owner
            if o < 0:
                continue
            owned[o] += 1
            city = False
            for dq, dr in STEPS:
                other = cells.get((q + dq, r + dr))
                if other is None:
                    continue
                if other.owner < 0:
                    city = True
                elif other.owner != o:
                    bonus[o] += f.neighbour
            if city:
                bonus[o] += f.camelot
        got = board.derived[key] = (bonus, owned)
    return got


# ----------------------------------------------------------------------------- evaluate
def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class _Clock:
    """How much of the game is left, as the projection needs it.

    rounds: regular rounds still to start (after the current one; in a building period, every round ahead);
    periods: building periods still to come after the current one (none after the last round, §13.3);
    in_period: a building period is under way (seats still to build in it count it as theirs).
    With no trigger fired the last round is estimated from the triggers' pace (§14), never past the cap.
    """

    __slots__ = ("rounds", "periods", "in_period", "last")

    def __init__(self, f: _Facts, s: Any) -> None:
        rnd = s.round
        if s.end_round:
            last = float(s.end_round)
        else:
            n = len(s.players)
            est = len(s.supply) / (TILES_PER_SEAT_ROUND * n)
            _bonus, owned = _board_facts(f, s.board, n)
            most_tiles = max(owned)
            est = min(est, (f.trig_tiles - most_tiles) / TILES_PER_SEAT_ROUND)
            most_b = max(len(p.buildings) for p in s.players)
            est = min(est, (f.trig_buildings - most_b) / BUILDINGS_PER_ROUND)
            last = min(float(f.cap), rnd + est + TRIGGER_SLACK)
            last = max(last, float(rnd))
        self.last = last
        self.in_period = s.phase == "build" or bool(s.period)
        self.rounds = max(0.0, last - rnd)
        # In a round: periods after this round and every later one but the last. In a period: the later ones.
        self.periods = max(0.0, self.rounds - 1.0) if self.in_period else self.rounds


def evaluate(rules: Any, state: Any, seat: int, spots: bool = True) -> float:
    """`seat`'s projected final coins minus the best other seat's (§14.1).

    Over: exactly the final score sheet's margin. Before that, each seat's projection is
      * its coins, its country tiles' Camelot and neighbour bonuses as they stand, and its buildings'
        final-scoring bonuses (Manor House, Keep, Cathedral) as they stand;
      * the spell-book prize (12/8/4/2, ties split) by book size, spells in hand counting part of a book
        spell, blurred by the building periods left (every seat may still buy);
      * what its holdings are still worth, scaled by the rounds and building periods left: resources and
        crystals at a market rate (little once no building period is ahead), workers (an action each per
        round, more for knights and wizards; with `spots`, this round's by the best unused tile a standing
        worker reaches and next round's by what a moved worker will reach, _spots), the government column (better benefits on later government
        actions), spells in the book (casts with a wizard), landing fees its country tiles will collect,
        building income and abilities, building cards in hand (part of what building them would gain);
      * for the seat choosing now, part of the choice waiting (resources to pick, a government action).
    """
    f = _facts(rules)
    players = state.players
    n = len(players)
    if state.phase == "over":
        totals = final_scores(rules, state)
        return float(totals[seat] - max(totals[x] for x in range(n) if x != seat))
    if spots:
        proj = _projection(state, f)
    else:
        proj = state.memo.get("agent_proj_flat")
        if proj is None:
            proj = state.memo["agent_proj_flat"] = _project(f, state, False)
    mine = proj[seat]
    return mine - max(proj[x] for x in range(n) if x != seat)


# Hard plays for the win (engine/core/search.py WinChance) only with a seat count whose chance to win was fitted to who
# won (engine/tune.py --win: SEAT_WIN_SIGMA and WIN_WEIGHTS); with any other it values the margin, as it always did.
WIN_SIGMA = None
# Fitted to who won 400 three-seat games of Normal seats (engine/tune.py --win, seeds 9900-10299; log-loss 0.804 as the
# margin's weights with a blur of 3 + 23 sqrt(left), 0.789 fitted), Hard won 52.1 % of seeds 400-519 where valuing the
# margin wins 58.3 %: not shipped (bench/README.md).
SEAT_WIN_SIGMA: dict[int, tuple[float, float]] = {}
WIN_WEIGHTS: dict[int, dict[str, float]] = {}
TIE_BREAK = 0.001  # a resource left, in coins: it only splits a tie (fewer than 1000 resources in any game)


def standing(rules: Any, state: Any) -> tuple[list[float], float, bool]:
    """Each seat's projected final coins as Hard's chance to win counts them (the final sheet's when over, §14.1):
    the projection evaluate makes, its parts weighted as WIN_WEIGHTS has them for the seat count (else as evaluate
    weighs them); the share of the game left (the rounds left, the current one whole while its workers move and half
    in its building period, over the rounds the game is expected to last: _Clock) and whether it is over."""
    if state.phase == "over":  # ties go to resources left (§14.1), a fraction of a coin here
        return [v + TIE_BREAK * rules.resources_left(state, x) for x, v in enumerate(final_scores(rules, state))], 0.0, True
    f = _facts(rules)
    clock = _Clock(f, state)
    left = (clock.rounds + (0.5 if clock.in_period else 1.0)) / max(1.0, clock.last)
    weights = WIN_WEIGHTS.get(len(state.players))
    proj = _project(f, state, True, weights) if weights is not None else _projection(state, f)
    return proj, min(1.0, left), False


def _projection(state: Any, f: _Facts) -> list[float]:
    """evaluate's projection, kept in the state's memo (one per state, whichever of them asks first)."""
    proj = state.memo.get("agent_proj")
    if proj is None:
        proj = state.memo["agent_proj"] = _project(f, state, True)
    return proj


def parts(rules: Any, state: Any) -> list[dict[str, float]]:
    """Per seat, each part of the projection at weight 1 and "base" (coins and what scores as it stands, never
    weighted): the projection is base plus each part times its weight (for engine/tune.py)."""
    f = _facts(rules)
    return weighted_parts(lambda wt: _project(f, state, True, wt), WEIGHTS)


def _project(f: _Facts, s: Any, spots_on: bool = True, weights: dict[str, float] | None = None) -> list[float]:
    """Each seat's projected final score: its coins and what scores as it stands, plus each part of what its
    holdings are still worth times the part's weight (weights_for the seat count unless given)."""
    wt = weights_for(len(s.players)) if weights is None else weights
    w_work, w_spots, w_book = wt["work"], wt["spots"], wt["book"]
    players = s.players
    n = len(players)
    clock = _Clock(f, s)
    rounds, periods = clock.rounds, clock.periods
    tile_bonus, owned = _board_facts(f, s.board, n)
    in_round = 0.0 if clock.in_period else 1.0  # the current round's rest (its standing workers count apart)

    # workers: per seat, (value of its workers, wizards)
    work = [0.0] * n
    wizards = [0] * n
    spots = _spots(f, s, n, rounds) if spots_on else None
    for i, w in enumerate(s.workers):
        o = w.owner
        per = ACTION + KIND_EXTRA[w.kind]
        work[o] += w_work * per * (rounds + (1.0 if w.standing else 0.0))
        if spots is not None:
            work[o] += w_spots * spots[i]
        if w.kind == "wizard":
            wizards[o] += 1

    # the book race, each seat's own periods to buy in
    eff = []
    own_periods = []
    for x, p in enumerate(players):
        mine = periods + (1.0 if clock.in_period and (x == s.current and not s.built or x in s.period) else 0.0)
        own_periods.append(mine)
        hand = len(p.spell_hand)
        eff.append(len(p.book) + (HAND_SPELL * hand * min(1.0, mine) if hand else 0.0))
    chances = periods + (1.0 if clock.in_period else 0.0)  # building periods left to buy spells in
    sig = BOOK_SIG_END + BOOK_SIG0 * min(1.0, chances) + BOOK_SIG1 * chances
    race = (tuple(eff), sig)  # the books change seldom along a line: the race is worked out once per standing
    book = f.races.get(race)
    if book is None:
        if len(f.races) > _MEMO_MAX:
            f.races.clear()
        book = f.races[race] = _book_race(f, eff, sig)

    coins_buy = s.options.get("spell_buy_currency", "coins") == "coins"
    out = []
    for x, p in enumerate(players):
        mine_periods = own_periods[x]
        v = float(p.coins) + tile_bonus[x] + w_book * book[x] + work[x]
        # buildings built: final bonuses now, abilities still to come
        fee = f.fee
        discount = 0
        if p.buildings:
            v += wt["building_bonus"] * f.bonus_step * len(p.buildings) * BUILD_SHARE * periods
        for b in p.buildings:
            v += f.b_final[b]
            each, most = f.b_per_tile[b]
            if each:
                v += min(most, owned[x] * each)
            v += wt["abilities"] * (f.b_round[b] * (rounds + in_round) + f.b_period[b] * periods)
            inc = f.b_income[b]
            if inc:
                for r, k in inc.items():
                    v += wt["abilities"] * k * periods * (1.0 if r == "$" else CRYSTAL if r == "C" else RES)
            if f.b_fee[b]:
                fee = f.b_fee[b]
            discount += f.b_discount[b]
        # resources: useful while building periods are ahead (one build each), little after
        res = p.res
        w, b_, st, g = res["W"], res["B"], res["S"], res["G"]
        basic = w + b_ + st + g
        # of each kind, up to TYPE_CAP count fully (a balanced stock builds; a pile of one kind waits)
        fit = (min(w, TYPE_CAP) + min(b_, TYPE_CAP) + min(st, TYPE_CAP) + min(g, TYPE_CAP))
        fit += RES_OVER * (basic - fit)
        useful = min(fit, RES_PER_PERIOD * mine_periods + RES_SLACK * min(1.0, mine_periods))
        v += wt["resources"] * RES * useful + wt["resources_late"] * RES_LATE * (basic - useful)
        if res["C"]:
            v += wt["crystals"] * res["C"] * (CRYSTAL if wizards[x] else CRYSTAL_NO_WIZARD) * min(1.0, rounds + in_round + 0.5)
        # country tiles: landing fees and a strong action nearby, more neighbours later
        if owned[x]:
            v += owned[x] * (wt["tile_income"] * (FEE_RATE * (n - 1) * fee + TILE_HOLD) * (rounds + 0.5 * in_round)
                             + wt["neighbours_later"] * NEIGHBOUR_LATER * periods)
        # government column: better benefits on later government actions
        v += wt["government"] * GOV_USE * f.money[p.gov - 1] * (rounds + 0.5 * in_round)
        # spells in the book, cast with a wizard
        if wizards[x] and p.book:
            v += wt["casts"] * SPELL_CAST * min(len(p.book), CASTS_PER_WIZARD * wizards[x]) * (rounds + in_round)
        if discount and p.spell_hand and mine_periods > 0:
            v += wt["spell_discount"] * SPELL_DISCOUNT * min(discount, 1) * len(p.spell_hand) if coins_buy else 0.0
        # building cards in hand: part of what building them would gain (the next building's bonus coins,
        # its final points, its ability over the game left, less its cost)
        if p.building_hand and mine_periods > 0:
            hand = (p.building_hand, p.buildings, owned[x], rounds, periods, mine_periods)
            worth = f.hands.get(hand)
            if worth is None:
                if len(f.hands) > _MEMO_MAX:
                    f.hands.clear()
                worth = f.hands[hand] = _hand_buildings(f, p, x, owned[x], rounds, periods, mine_periods, s)
            v += wt["building_hand"] * worth
        out.append(v)
    # the choice waiting for the seat to move (its value is not in the holdings yet)
    if s.task is not None and 0 <= s.current < n:
        out[s.current] += wt["pending"] * PENDING * _pending(f, s, s.current, clock)
    return out


def _spots(f: _Facts, s: Any, n: int, rounds: float) -> list[float] | None:
    """Per worker: what where it stands adds to (or takes from) the typical ACTION (SPOTS above). A standing
    worker: this round, the best unused tile it can reach (its seat's standing workers take the best ones in turn,
    none twice); a worker that has moved: next round, the best tile it will reach from where it stands. None in the
    first round's placing (workers not on the map yet) and in a spell's changed walk (Stride, teleport)."""
    workers = s.workers
    if s.stride or s.teleport or any(w.pos is None for w in workers):
        return None
    later = rounds > 0
    # What the spots depend on, kept with the board: a line of the search changes the workers, roads and used
    # tiles only now and then (most of its steps are resources, cards and choices), so most evaluations find
    # their spots already worked out (a third of Hard's thinking went here before).
    dists = _walk_lengths(f, s)
    key = (workers, s.pieces, s.used, s.round > 1, later, dists)
    cache = s.board.derived.get("agent_spots")
    if cache is None:
        cache = s.board.derived["agent_spots"] = {}
    got = cache.get(key)
    if got is not None:
        return got
    if len(cache) > 20000:
        cache.clear()
    got = cache[key] = _work_spots(f, s, n, later, dists)
    return got


def _walk_lengths(f: _Facts, s: Any) -> tuple[tuple[int, ...], ...]:
    """Each worker's walk lengths, as rules.distances gives them with no Stride (a knight or wizard of a seat with
    Stables may stop a step short), without its per-worker lookups."""
    short = [not f.stables.isdisjoint(p.buildings) for p in s.players]
    return tuple(f.walks_short[w.kind] if short[w.owner] else f.walks[w.kind] for w in s.workers)


def _work_spots(f: _Facts, s: Any, n: int, later: bool, dists: tuple) -> list[float]:
    cells = s.board.cells
    values = f.tile_value
    out = [0.0] * len(s.workers)
    taken: dict[int, set] = {}
    own_at = [frozenset(w.pos for w in s.workers if w.owner == x) for x in range(n)]
    order = sorted(range(len(s.workers)), key=lambda i: -f.moves[s.workers[i].kind])
    known_ends = _ends_cache(s)
    for i in order:
        w = s.workers[i]
        o = w.owner
        if not w.standing and not later:
            continue
        ends = _walk_ends(f, s, known_ends, o, w.pos, dists[i], own_at[o])
        per = ACTION + KIND_EXTRA[w.kind]
        if w.standing:
            mine = taken.setdefault(o, set())
            best, at = 0.0, None
            for c in ends:
                if c in s.used or c in mine:
                    continue
                placed = cells[c]
                v = values[placed.tile]
                if 0 <= placed.owner != o and s.round > 1:
                    v -= FEE_GIVEN * f.fee
                if v > best:
                    best, at = v, c
            if at is not None:
                mine.add(at)
            out[i] += SPOT_NOW * (best - per)
        elif later:  # it has moved this round: next round it walks on from here
            best = 0.0
            for c in ends:
                placed = cells[c]
                v = values[placed.tile]
                if 0 <= placed.owner != o:
                    v -= FEE_GIVEN * f.fee
                if v > best:
                    best = v
            out[i] += SPOT_NEXT * (best - per)
    return out


def _ends(f: _Facts, s: Any, seat: int, start: Any, dists: tuple[int, ...], own: frozenset) -> frozenset:
    """The tiles a walk of exactly one of these lengths from `start` ends on (along the seat's open roads, never
    through its own workers nor twice over a tile), kept with the board per road pieces and positions."""
    return _walk_ends(f, s, _ends_cache(s), seat, start, dists, own)


def _ends_cache(s: Any) -> dict:
    """The walks' ends known for this board and these road pieces (one lookup of the pieces per evaluation)."""
    cache = s.board.derived.get("agent_ends")
    if cache is None:
        cache = s.board.derived["agent_ends"] = {}
    inner = cache.get(s.pieces)
    if inner is None:
        if len(cache) > 2000:
            cache.clear()
        inner = cache[s.pieces] = {}
    return inner


def _walk_ends(f: _Facts, s: Any, cache: dict, seat: int, start: Any, dists: tuple[int, ...],
               own: frozenset) -> frozenset:
    key = (seat, start, dists, own)
    got = cache.get(key)
    if got is None:
        if len(cache) > 20000:
            cache.clear()
        links = f.rules.open_links(s, seat)

        def onward(cell: Any) -> list:
            return [n for n in links[cell] if n not in own]

        got = cache[key] = frozenset(end for d in dists for end in grid.walks(start, d, onward))
    return got


def _hand_buildings(f: _Facts, p: Any, x: int, owned: int, rounds: float, periods: float, mine: float,
                    s: Any) -> float:
    hand = p.building_hand
    if HIDDEN in hand:
        return HAND_BUILDING * 2.0 * len(hand)  # a view: a typical card's worth
    built = len(p.buildings) - (0 if f.res_counts else p.buildings.count(0))
    gains = []
    for b in hand:
        if b < 0:
            continue
        gain = f.bonus_first + f.bonus_step * built + f.b_final[b] - RES * f.b_cost[b]
        each, most = f.b_per_tile[b]
        if each:
            gain += min(most, owned * each + 2)
        gain += f.b_round[b] * rounds + f.b_period[b] * periods
        for r, k in f.b_income[b].items():
            gain += k * periods * (1.0 if r == "$" else CRYSTAL if r == "C" else RES)
        if b == 0:
            gain += ACTION * rounds  # the Residence's peasant
        gains.append(gain)
    gains.sort(reverse=True)
    k = max(1, int(mine + 0.5))
    return sum(min(HAND_BUILDING_MAX, HAND_BUILDING * g) for g in gains[:k] if g > 0)


def _pending(f: _Facts, s: Any, x: int, clock: _Clock) -> float:
    """What the choice waiting now will bring the seat (a rough value: its part in the search's greedy steps)."""
    task = s.task
    kind = task.kind
    if kind == "choose":
        return RES * task.left
    if kind == "government":
        return float(f.money[min(len(f.money), s.players[x].gov + 1) - 1])
    if kind == "keep":
        return 2.0 if task.value else 1.5
    if kind == "upgrade":
        return 0.5 * clock.rounds
    return 0.0


def _book_race(f: _Facts, eff: list[float], sig: float) -> list[float]:
    """Each seat's expected spell-book prize: its place (0 = first) counts the seats likely ahead of it and
    half of those likely level, and the prizes are read at that place between whole places (two level at the
    top share the first two prizes, §14.1 3); an empty book takes no prize."""
    prizes = f.prizes
    n = len(eff)
    out = []
    for x in range(n):
        e = eff[x]
        if e <= 0 and not f.empty_scores:
            out.append(0.0)
            continue
        place = 0.0
        for y in range(n):
            if y == x:
                continue
            d = eff[y] - e
            hi = _phi((d + 0.5) / sig)
            lo = _phi((d - 0.5) / sig)
            place += lo + 0.5 * (hi - lo)
        k = int(place)
        frac = place - k
        a = prizes[k] if k < len(prizes) else 0
        b = prizes[k + 1] if k + 1 < len(prizes) else 0
        value = a + (b - a) * frac
        if not f.empty_scores and e < 1.0:
            value *= e
        out.append(value)
    return out
