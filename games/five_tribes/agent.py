"""Five Tribes' computer-opponent hooks: `sample` (fill in what a seat cannot see) and `evaluate`.

Pure Python, used by engine/core/search.py. Rules references are to data/five_tribes/rules.md.

What Five Tribes hides (rules.view):
  * the resource deck's order (its content is known: every card not in the row, the discards or
    someone's hand, all of them open);
  * the Djinn deck's order (likewise: the Djinns not face up, discarded, drawn or held);
  * the Whim deck (content and order): with the option "Whim cards in hand: hidden" the other
    seats' Whim cards in hand are hidden too, and those and the deck are one unknown pool;
  * the random seed (future reshuffles and meeples drawn from the bag).
The other seats' gold, with the option "Gold: hidden" (on by default), is face down at the table but not secret:
every coin paid or taken is in the log, so the view carries each total and a seat counts it, as a careful player
does. The board, the meeples (the bag's content follows from them), rows, discards, Viziers, Elders,
goods, Fakirs, Djinns and fulfilled Whim cards are open to all.
"""
from __future__ import annotations

import math
import random
from typing import Any

from engine.core.search import weighted_parts
from games.five_tribes.rules_moves import bits, geometry
from games.five_tribes.rules_scoring import best_with_wilds, near_lake, set_value
from games.five_tribes.rules_state import HIDDEN, NO_DIR, NOBODY
from games.five_tribes.rules_whims import count_measure, largest_group, matches

# Easy's blur (engine/core/search.py): a game is worth about 150 points: a casual eye is a few points off.
MISJUDGE = 6.0

VIZ, ELD, BLD, MER, ASN = range(5)
# Tile actions as small numbers (TileKind.action)
A_NONE, A_PALM, A_PALACE, A_MARKET, A_DJINN, A_WHIM = range(6)
_ACTIONS = {"none": A_NONE, "palm": A_PALM, "palace": A_PALACE, "market": A_MARKET, "djinn": A_DJINN, "whim": A_WHIM}

# ----------------------------------------------------------------------------- estimates (our choices)
# What a Djinn's power is still worth over a whole game (scaled by the share of the game left); its
# printed value counts apart, as the final scoring does. Active powers: a use every round or two, each
# worth a palace (Bouraq), a palm (Enki), a tile (Leta, Utug), a card (Sloar) less its cost; triggers:
# the gold they pay in a typical game; end-scoring Djinns: the Viziers, Elders or palms still to come.
POWER = {
    "fakirs_wild": 2.0, "seed_meeples": 3.0, "djinn_gold": 3.0, "protect_court": 3.0, "place_palace": 5.0,
    "double_builders": 3.0, "place_palm": 4.0, "shift_palace": 2.0, "palm_value": 4.0, "double_kill": 2.0,
    "vizier_value": 5.0, "assassin_spoils": 2.0, "cheaper_bid": 3.0, "shift_palm": 2.0, "claim_empty": 5.0,
    "drop_gold": 6.0, "palace_gold": 4.0, "kill_gold": 3.0, "elder_value": 5.0, "draw_djinns": 4.0,
    "draw_resource": 4.0, "claim_meeples": 6.0, "push_gold": 2.0, "whim_gold": 2.0, "vizier_gold": 3.0,
}
FAKIR = 2.0  # a Fakir pays for a Djinn or a power, reaches one tile further, counts as a Builder
# What holdings are still worth (a camel, a kind of goods, an Assassin's kill of a Vizier) was counted too high: a
# Normal valuing them CAMEL 0.8, MERCH_HOLD 0.4, KILL_COURT 1.5 (1.5, 0.8, 3.0 before) won 42.6 % of 450 three-seat
# games against two Normal as they were (seeds 2000, 3000, 4000: 41.7, 42.3, 43.7 %; the same seat with the old
# values 31.8 %; fair share 33.3 %); each alone did part of it (38.7, 38.7, 36.8 % on seeds 2000), the other way
# lost (29.0, 27.7, 29.0 %). bench/README.md "Desert Sons and Five Tribes: the same loop".
CAMEL = 0.8  # a camel still in supply: a tile still to take (the game may end first)
MERCH_HOLD = 0.4  # per kind of goods held: later cards join bigger sets (the table rises steeply)
SIG0, SIG1 = 0.35, 0.45  # the Vizier majority's blur: SIG0 + SIG1 * sqrt(Viziers on the board * game left)
BOARD_FLOOR = 15  # meeples left on the board when moves typically run out
WHIM_P0, WHIM_P1 = 0.3, 0.6  # chance to fulfil an unmet Whim card: progress^2 * (P0 + P1 * game left)
KILL_COURT = 1.5  # an Assassin's kill of an opponent's Vizier, besides its point (the majority it may swing)
KILL_NOTHING = 0.5  # an Assassin's kill that only thins a tile
# A place in the turn order: the best moves on the board now, one distinct tile per earlier marker, drawn
# this much towards their mean (every move opens new ones; a stronger pull lost gold in self-play).
PLACE_SHRINK = 0.4
# With three or more seats the round's markers after the one playing now count their moves to come
# (later_markers). Hard against two Normal seats (60 games, 0.25 s, seed 400) won 29 % without it, 50 % with it;
# with two seats (each seat two markers) Hard against Normal won 60 % of 100 games with it, 67 % without (the same
# margin, +17 and +19): kept off there.
LATER_MARKERS_SEATS = 3
# Hard's finalists are checked against the other seats' replies (engine/core/search.py); with three or more seats
# the replies stop at the end of the round's moves (replies_end).


# Each part's weight in the projection (engine/tune.py fits them to how recorded games ended; 1.0: as designed).
WEIGHTS = {
    "fakirs": 1.0,  # Fakirs held (FAKIR, by the game left)
    "camels": 1.0,  # camels still in supply (CAMEL, by the game left)
    "powers": 1.0,  # the held Djinns' powers (POWER, by the game left)
    "goods": 1.0,  # kinds of goods held (MERCH_HOLD, by the game left)
    "whims": 1.0,  # Whim cards in hand, by how near their condition is
    "next_move": 1.0,  # at the start of a turn, the mover's best move on the board
    "later": 1.0,  # with three or more seats, the round's markers after the mover (later_markers)
    "bidding": 1.0,  # while bidding, each marker's place in the turn order
    "majority": 1.0,  # the Vizier majority, soft
}
SEAT_WEIGHTS: dict[int, dict[str, float]] = {}  # none: a three-seat fit helped Normal as much as Hard (bench/README.md)


def weights_for(seats: int) -> dict[str, float]:
    """The weights the projection uses with `seats` seats: SEAT_WEIGHTS' for that count, else WEIGHTS."""
    return SEAT_WEIGHTS.get(seats, WEIGHTS)


def replies_end(rules: Any, start: Any, state: Any) -> bool:
    """Where the replies in Hard's check stop, with three or more seats: at the end of the round's moves, before the
    next round's bids (a check begun among this round's bids goes on through them and the round's moves).

    Replied on through the next round's bids, played greedily by the evaluation's estimate of a place in the turn
    order, the check misled Hard at its default 1 s: against two Normal seats it won 3 of 30 games with that check,
    18 of 60 without any; stopped at the round's end, 69.5 of 150 (seeds 400-549, mean margin -1.1), the place in the
    next round's order valued by the evaluation's estimate for every seat alike (at 0.25 s 26 of 60, level with the
    whole check there). Two seats keep the whole check (Hard against Normal 67 % of 100 games with it)."""
    if len(state.players) < 3:
        return False
    if state.round != start.round:
        return True
    return state.phase == "bid" and not (start.phase == "bid" and rules.turn_id(start)[2] > 0)


# ----------------------------------------------------------------------------- per-rules constants
class _Facts:
    """Constants of a rules object, worked out once, and per board layout the tile facts."""

    def __init__(self, rules: Any) -> None:
        cat, cfg = rules.cat, rules.cfg
        self.rules = rules
        self.values = tuple(cfg["set_values"])
        self.city_values = tuple(cfg["city_values"])
        self.vizier_vp = cfg["vizier_vp"]
        self.elder_vp = cfg["elder_vp"]
        self.palm_vp = cfg["palm_vp"]
        self.palace_vp = cfg["palace_vp"]
        self.lake_mult = cfg["lake_multiplier"]
        self.bonus = cfg["vizier_majority_bonus"]
        self.markets = cfg["markets"]
        self.camels = cfg["camels"]
        self.per_tile = cfg["meeples_per_tile"]
        self.cards = {r.id: r.count for r in cat.resources.values()}
        self.djinn_vp = {d.id: d.vp for d in cat.djinns.values()}
        self.djinn_power = {d.id: POWER.get(d.effect, 0.0) for d in cat.djinns.values()}
        self.djinn_set = {d.id: d.set for d in cat.djinns.values()}
        by_effect = {d.effect: d for d in cat.djinns.values()}
        self.jafaar = by_effect["vizier_value"].id
        self.jafaar_each = by_effect["vizier_value"].params["vp_each"]
        self.shamhat = by_effect["elder_value"].id
        self.shamhat_each = by_effect["elder_value"].params["vp_each"]
        self.haurvatat = by_effect["palm_value"].id
        self.haurvatat_each = by_effect["palm_value"].params["vp_each"]
        self.al_amin = by_effect["fakirs_wild"].id
        self.per_wild = by_effect["fakirs_wild"].params["fakirs_per_wild"]
        self.boaz = by_effect["protect_court"].id
        self.whims = [w.id for w in cat.whims.values() if not w.artisans_only]
        self.whim_reward = {w.id: w.reward_gold for w in cat.whims.values()}
        self.whim_cond = {w.id: w.condition for w in cat.whims.values()}
        self.kinds = {k.id: k for k in cat.tile_kinds}
        self.sacred_payments = [tuple(p) for p in cfg["sacred_payments"]]
        self.boards: dict[tuple, _Board] = {}

    def board(self, s: Any) -> "_Board":
        key = (s.layout, s.options.get("builders_reach", "around"))
        b = self.boards.get(key)
        if b is None:
            if len(self.boards) >= 64:
                self.boards.clear()  # one entry per board layout; games come and go
            b = self.boards[key] = _Board(self, s)
        return b


class _Board:
    """Fixed facts of one board layout: per tile its value, action, Builders' blue count, lake factor."""

    def __init__(self, f: _Facts, s: Any) -> None:
        lay = s.layout
        self.geo = geo = geometry(lay.width, lay.height, lay.lake)
        n = lay.cells
        kinds = [f.kinds[k] for k in lay.kinds]
        self.vp = [k.vp for k in kinds]
        self.city = [1 if k.type == "city" else 0 for k in kinds]
        self.action = [_ACTIONS[k.action] for k in kinds]
        self.market = [f.markets[k.type] if k.action == "market" else None for k in kinds]
        around = s.options.get("builders_reach", "around") == "around"
        self.blue = [sum(1 for u in (geo.around[t] if around else geo.cross[t]) if kinds[u].colour == "blue")
                     for t in range(n)]
        self.lake = [near_lake(s, t) for t in range(n)]
        self.mult = [f.lake_mult if self.lake[t] else 1 for t in range(n)]
        self.rc = [divmod(t, lay.width) for t in range(n)]
        self.meeple_slots = f.per_tile * sum(1 for k in kinds if k.meeples)  # meeples on the board at set-up


_FACTS: dict[int, _Facts] = {}


def _facts(rules: Any) -> _Facts:
    f = _FACTS.get(id(rules))
    if f is None or f.rules is not rules:
        f = _FACTS[id(rules)] = _Facts(rules)
    return f


# ----------------------------------------------------------------------------- sample
def sample(rules: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """A full state that `seat` cannot tell from the real one (the module docstring says what is hidden).

    * Resource and Djinn decks: their content is every card of the game (resources.yaml; the Djinns
      of the sets the options put in) not seen anywhere else, shuffled. Given the view every order is
      equally likely (decks are shuffled and drawn from the top), so this is the true posterior.
    * Whim cards: the cards of the game not lying on a city, fulfilled, or in a hand the seat sees, are
      shuffled; hidden hands get theirs first, each a card its holder does not meet now when cards pay
      the moment they are met (a met card in hand would have been paid: rules.md "Whim cards"), the
      rest is the deck.
    * Gold: as the view counts it (face down at the table with the option on, but every coin moved is in
      the log). A guess from this seat's own gold, the Whim cards paid and the bids on the track was off by
      a mean 16 gold, and with the count a Normal seat won 37 % of 150 three-seat games against two that
      guessed (bench/README.md, "Where Hard's second goes").
    * The seed: fresh from `rng`.
    Reads only the view: two real states this seat cannot tell apart give the same sample.
    """
    if not getattr(view, "hidden", False):
        view = rules.view(view, seat)  # a full state given by mistake: sample from what the seat sees
    f = _facts(rules)
    s = view.copy()
    s.notices = list(view.notices)  # a copy starts its notices anew; the view shows the last action's

    # -- resource deck: the cards seen nowhere else
    left = dict(f.cards)
    for c in view.row:
        if c is not None:
            left[c] -= 1
    for c in view.discard:
        left[c] -= 1
    for p in view.players:
        left["fakir"] -= p.fakirs
        for g, k in p.goods.items():
            left[g] -= k
    deck = [c for c in f.cards for _ in range(left[c])]
    if len(deck) != len(view.deck) or min(left.values()) < 0:
        raise ValueError(f"the view hides {len(view.deck)} resource cards but {len(deck)} are unaccounted for")
    rng.shuffle(deck)
    s.deck = deck

    # -- Djinn deck
    opts = view.options
    sets = {"base"} | ({"whims"} if opts.get("expansion_djinns") else set()) | ({"promo"} if opts.get("dhenim") else set())
    seen = {d for d in view.djinn_row if d is not None}
    seen.update(view.djinn_discard)
    seen.update(view.drawn)
    for p in view.players:
        seen.update(p.djinns)
    djinns = [d for d in f.djinn_set if f.djinn_set[d] in sets and d not in seen]
    if len(djinns) != len(view.djinn_deck):
        raise ValueError(f"the view hides {len(view.djinn_deck)} Djinns but {len(djinns)} are unaccounted for")
    rng.shuffle(djinns)
    s.djinn_deck = djinns

    # -- Whim cards: the deck and other seats' hidden hands
    in_game = f.whims if rules.cat.boards[view.layout.board].tile_set == "whims" else []
    shown = {w for w in view.whim_on if w is not None}
    for p in view.players:
        shown.update(w for w in p.whims if w != HIDDEN)
        shown.update(p.whims_done)
    pool = [w for w in in_game if w not in shown]
    hidden_slots = sum(p.whims.count(HIDDEN) for p in view.players)
    if len(pool) != len(view.whim_deck) + hidden_slots:
        raise ValueError(f"the view hides {len(view.whim_deck) + hidden_slots} Whim cards but {len(pool)} are "
                         "unaccounted for")
    rng.shuffle(pool)
    if hidden_slots:
        any_time = view.options.get("whim_payout", "any_time") != "own_turn"
        for other, p in enumerate(s.players):
            if HIDDEN not in p.whims:
                continue
            p.whims = list(p.whims)
            for i, w in enumerate(p.whims):
                if w != HIDDEN:
                    continue
                pick = 0
                if any_time:  # a card its holder meets now would have been paid already
                    pick = next((j for j, card in enumerate(pool) if not rules.whim_met(s, other, card)), 0)
                p.whims[i] = pool.pop(pick)
    s.whim_deck = pool

    # -- gold: counted, as the view carries it
    for p in s.players:
        p.gold_hidden = False

    s.seed = rng.getrandbits(62)
    s.hidden = False
    return s


# ----------------------------------------------------------------------------- the score as it stands
def current_scores(rules: Any, s: Any) -> tuple[list[float], list[int]]:
    """(each seat's final-scoring points as the state stands without the Vizier majority, its Viziers).

    The categories of rules.md "Final scoring", computed as rules_scoring.Scorer does, only faster.
    """
    f = _facts(rules)
    b = f.board(s)
    scores, viz, _cities = _scores(f, b, s)
    return scores, viz


def _scores(f: _Facts, b: _Board, s: Any) -> tuple[list[float], list[int], list[int]]:
    players = s.players
    n = len(players)
    tiles = [0] * n
    cities = [0] * n
    palm_plain = [0] * n
    palm_lake = [0] * n
    palace_pts = [0] * n
    vp, city, lake = b.vp, b.city, b.lake
    palms, palaces = s.palms, s.palaces
    pv, mult = f.palace_vp, f.lake_mult
    for t, o in enumerate(s.owner):
        if o < 0:
            continue
        tiles[o] += vp[t]
        cities[o] += city[t]
        k = palms[t]
        if k:
            if lake[t]:
                palm_lake[o] += k
            else:
                palm_plain[o] += k
        k = palaces[t]
        if k:
            palace_pts[o] += k * pv * (mult if lake[t] else 1)
    base_only = s.options.get("haurvatat_lake") == "double_base"
    cv = f.city_values
    top = len(cv) - 1
    out = []
    viz = []
    for x, p in enumerate(players):
        dj = p.djinns
        total = 0 if p.gold_hidden else p.gold
        total += p.viziers * (f.jafaar_each if f.jafaar in dj else f.vizier_vp)
        total += p.elders * (f.shamhat_each if f.shamhat in dj else f.elder_vp)
        for d in dj:
            total += f.djinn_vp[d]
        if f.haurvatat in dj:
            each = f.haurvatat_each
            lake_each = each + f.palm_vp * (mult - 1) if base_only else each * mult
        else:
            each = f.palm_vp
            lake_each = each * mult
        total += palm_plain[x] * each + palm_lake[x] * lake_each + palace_pts[x] + tiles[x]
        total += cv[cities[x] if cities[x] < top else top]
        wilds = p.fakirs // f.per_wild if f.al_amin in dj else 0
        total += best_with_wilds(f.values, tuple(p.goods.values()), wilds)
        out.append(total)
        viz.append(p.viziers)
    return out, viz, cities


# ----------------------------------------------------------------------------- evaluate
def evaluate(rules: Any, state: Any, seat: int) -> float:
    """`seat`'s projected final score minus the best other seat's, in victory points.

    Over: exactly the final score sheet's margin (rules.md "Final scoring": gold, Viziers with the
    Vizier majority, Elders, Djinns, palms and palaces on one's tiles, doubled beside the Great Lake,
    tiles, Wondrous Cities, merchandise sets, Jafaar, Shamhat, Haurvatat, Al-Amin). Before that, each
    seat's projection is that score as it stands, with
      * the Vizier majority (10 per opponent with strictly fewer) as the chance of being ahead of each
        opponent at the end, blurred by the Viziers still on the board and the game left;
      * the turn in progress: the best end the move in hand can still reach (what its last meeple's
        tribe collects there, the tile taken when it empties, the tile's action), then the steps not yet
        done: the camel on an emptied tile, the tribe action (Viziers, Elders, Merchants' cards, Builders'
        gold, the Assassins' best kill), the tile action (a palm or palace for the tile's owner, a card
        bought, a Djinn taken, a Whim card);
      * at the start of a turn, the mover's best move on the board (valued as above);
      * with three or more seats, each marker still to play this round after the mover: the best move left
        for its seat once those before it took theirs, drawn towards the mean (PLACE_SHRINK);
      * while bidding, each marker's place in the turn order (rules.md "Bidding": who moves first takes
        the best tile): the best moves on the board, one distinct end tile per marker before it, drawn
        towards their mean (PLACE_SHRINK); a marker's place is estimated from the open spots weighted by
        cheapness, and a marker still to bid gets its best spot less its price;
      * what holdings will still be worth, scaled by the share of the game left: Fakirs, the Djinns'
        powers, camels still to place, kinds of goods held (later cards join bigger sets), and each Whim
        card in hand by how near its holder is to its condition.
    """
    f, b, scores, viz, cities = _scored(rules, state)
    n = len(state.players)
    if state.phase == "over":
        totals = _final_totals(f, scores, viz)
        best = max(totals[x] for x in range(n) if x != seat)
        return float(totals[seat] - best)
    p = _Projection(f, b, state, scores, viz, cities)
    margin = p.margin(seat)
    p.release()
    return margin


# Hard plays for the win (engine/core/search.py WinChance): another seat's projected lead is blurred by
# 3 + 23 * sqrt(share of the game left) points (26 at the start, where two seats' final difference has a spread of
# 30 points in three-seat arenas; 3 at the end). Three seats, Hard vs 2 Normal, seeds 400-519: 60.8 % of 120 games
# where the margin gave 52.9 % (bench/README.md "Hard plays for the win").
WIN_SIGMA = (3.0, 23.0)
# With three seats Hard's chance to win is the one fitted to who won 1 200 three-seat games of Normal seats
# (`python -m engine.tune five_tribes --win --seats 3 --agents normal,normal,normal --games 1200 --seed 9100`): the
# projection's parts weighted, and the blur, as best predict the winner from every turn's start (log-loss on games
# left out 0.864 where the weights as designed, their blur fitted too, give 0.890 and the blur above 0.913). It weighs
# camels still in supply and kinds of goods held against their holder: the seats that won had taken tiles and sold
# goods sooner than their points yet showed (a tile's owner gains the palms and palaces put on it; the game ends when
# a seat places its last camel). Hard vs 2 Normal, seeds 400-639: 80.6 % of 240 games (2.42x its fair share)
# where the designed weights won 58.3 %; fresh seeds 640-759: 72.9 % of 120 (78.1 % of 360, 2.34x) (bench/README.md "A chance to win fitted to who won"). With four seats, fitted
# the same way to 497 four-seat games of Normal seats (seeds 9300-9797; log-loss 1.079 where the designed weights give
# 1.103 with their blur fitted and 1.160 with the blur above): Hard vs 3 Normal, seeds 400-519, 68.3 % of 120 games
# (2.73x) where the designed weights won 42.1 %. Normal seats, and the replies in Hard's
# check, value the margin with the weights as designed (WEIGHTS); two seats keep them for Hard too (69.5 % against
# Normal, the target met).
WIN_WEIGHTS: dict[int, dict[str, float]] = {
    3: {"fakirs": 0.91, "camels": -7.52, "powers": 0.92, "goods": -3.47, "whims": 2.52, "next_move": 1.22,
        "later": 1.35, "bidding": -0.44, "majority": 0.82},
    4: {"fakirs": 2.51, "camels": -7.89, "powers": 1.36, "goods": -8.16, "whims": 1.75, "next_move": 1.14,
        "later": 1.32, "bidding": 0.47, "majority": 0.95},
}
SEAT_WIN_SIGMA: dict[int, tuple[float, float]] = {3: (7.50, 34.77), 4: (6.78, 45.51)}


def standing(rules: Any, state: Any) -> tuple[list[float], float, bool]:
    """Each seat's projected final score as Hard's chance to win counts it (the final sheet's when over): the
    projection evaluate makes, its parts weighted as WIN_WEIGHTS has them for the seat count (else as evaluate
    weighs them); the share of the game left (of the camels or of the meeples above the floor, whichever runs out
    first, as the projection scales holdings by) and whether it is over."""
    f, b, scores, viz, cities = _scored(rules, state)
    if state.phase == "over":
        return _final_totals(f, scores, viz), 0.0, True
    p = _Projection(f, b, state, scores, viz, cities, WIN_WEIGHTS.get(len(state.players)))
    proj, left = p.proj, p.left
    p.release()
    return proj, left, False


def _scored(rules: Any, state: Any) -> tuple[_Facts, _Board, list[float], list[int], list[int]]:
    """The rules' facts, the board's, and the final-scoring points as the state stands (_scores)."""
    f = _FACTS.get(id(rules))
    if f is None or f.rules is not rules:
        f = _facts(rules)
    b = f.board(state)
    scores, viz, cities = _scores(f, b, state)
    return f, b, scores, viz, cities


def _final_totals(f: _Facts, scores: list[float], viz: list[int]) -> list[float]:
    """The final sheet: each seat's score with the Vizier majority (the bonus per opponent with strictly fewer)."""
    n = len(scores)
    return [scores[x] + f.bonus * sum(1 for o in range(n) if viz[o] < viz[x]) for x in range(n)]


def parts(rules: Any, state: Any) -> list[dict[str, float]]:
    """Per seat, each part of the projection at weight 1 and "base" (the final-scoring points as the state stands,
    without the Vizier majority, and the turn in progress, never weighted): for engine/tune.py."""
    return weighted_parts(lambda wt: _project(rules, state, wt), WEIGHTS)


def _project(rules: Any, state: Any, weights: dict[str, float]) -> list[float]:
    """Each seat's projected final score (see evaluate), its parts weighted by `weights`."""
    f = _facts(rules)
    b = f.board(state)
    scores, viz, cities = _scores(f, b, state)
    p = _Projection(f, b, state, scores, viz, cities, weights)
    proj = p.proj
    p.release()
    return proj


def _toward_mean(values: list[float]) -> list[float]:
    """The best moves for a run of markers, each drawn towards their mean (PLACE_SHRINK): every move changes the board."""
    mean = sum(values) / len(values)
    return [mean + PLACE_SHRINK * (v - mean) for v in values]


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x))


class _Projection:
    """One evaluation's working: every seat's projected final score."""

    def __init__(self, f: _Facts, b: _Board, s: Any, scores: list, viz: list, cities: list,
                 weights: dict[str, float] | None = None) -> None:
        self.f, self.b, self.s = f, b, s
        self.cities = cities
        players = s.players
        self.n = n = len(players)
        self.wt = wt = weights_for(n) if weights is None else weights
        self.deny = 1.0 / (n - 1)  # an opponent's loss, as a share of the margin over the best other seat
        phase = s.phase
        meeples = s.meeples
        on_board = 0
        viz_board = 0
        for m in meeples:
            on_board += m[0] + m[1] + m[2] + m[3] + m[4]
            viz_board += m[0]
        on_board += sum(s.hand)
        viz_board += s.hand[VIZ] if phase == "move" else 0
        start = f.camels[n]
        if s.ending or s.stalled:
            left = 0.0
        else:
            camel_share = min(p.camels for p in players) / start
            board_share = max(0.0, (on_board - BOARD_FLOOR) / (b.meeple_slots - BOARD_FLOOR))
            left = camel_share if camel_share < board_share else board_share
        self.left = left
        self.sigma = (SIG0 + SIG1 * math.sqrt(viz_board * left)) * math.sqrt(2.0)
        self.vadd = [0] * n
        self.extra = [0.0] * n
        self.viz = viz
        self.mover = -1 if phase == "bid" else s.marker_seat[s.marker]
        if s.final >= 0 and not s.tribe_done and s.collected[0] == VIZ and phase not in ("start", "finish"):
            self.vadd[self.mover] += s.collected[1]  # collected, kept when the tribe action runs
            viz = [v + a for v, a in zip(viz, self.vadd)]
        self.viz_total = viz  # the Viziers the majority counts; fixed before any seat's memos read it
        self.owner = s.owner
        self.seat_memo: dict[int, _Seat] = {}
        self._context: tuple | None = None
        # what a Fakir and a camel are worth when a move spends one (the seat memos read these: never weighted, so the
        # memos kept across evaluations hold whatever the weights, and the projection is linear in them)
        self.fakir_v = FAKIR * left
        self.camel_v = CAMEL * left
        self.boost_builders = "double_builders" in s.boosts
        self.lone: list[int] | None = None
        # the future worth of holdings
        extra = self.extra
        w_fakirs, w_camels, w_powers, w_goods = wt["fakirs"], wt["camels"], wt["powers"], wt["goods"]
        for x, p in enumerate(players):
            v = w_fakirs * p.fakirs * self.fakir_v + w_camels * p.camels * self.camel_v
            for d in p.djinns:
                v += w_powers * f.djinn_power[d] * left
            kinds = 0
            for k in p.goods.values():
                if k:
                    kinds += 1
            v += w_goods * MERCH_HOLD * left * kinds
            if p.whims:
                v += wt["whims"] * self.whims_in_hand(x, p.whims)
            extra[x] += v
        self.pending()
        self.turns_to_come()
        # the Vizier majority, soft
        sig = self.sigma
        tot = self.viz_total
        bonus = f.bonus * wt["majority"]
        self.proj = proj = []
        for x in range(n):
            soft = 0.0
            vx = tot[x]
            for o in range(n):
                if o != x:
                    soft += _phi((vx - tot[o] - 0.5) / sig)
            proj.append(scores[x] + extra[x] + bonus * soft)

    def margin(self, seat: int) -> float:
        proj = self.proj
        return proj[seat] - max(proj[x] for x in range(self.n) if x != seat)

    # -------------------------------------------------------------- per seat
    def context(self) -> tuple:
        """Everything a seat's memos read besides the seat's own holdings (not the meeples)."""
        if self._context is None:
            s = self.s
            self._context = (
                s.layout, tuple(s.owner), tuple(s.palms), tuple(s.palaces), tuple(s.whim_on), tuple(s.row),
                tuple(s.djinn_row), s.palms_left, s.palaces_left, tuple(self.viz_total), self.sigma, self.left,
                tuple((q.viziers, q.elders, tuple(q.djinns)) for q in s.players), s.options.get("haurvatat_lake"))
        return self._context

    def release(self) -> None:
        """Let go of the seats' values once the projection is read: each refers back to it, a reference cycle that
        would keep the projection and its state alive until the cyclic collector runs, and the search pauses
        that collector while it thinks (engine/core/search.py)."""
        self.seat_memo.clear()

    def seat(self, x: int) -> "_Seat":
        st = self.seat_memo.get(x)
        if st is None:
            st = self.seat_memo[x] = _Seat(self, x)
        return st

    def whims_in_hand(self, x: int, whims: list) -> float:
        f = self.f
        st = self.seat(x)
        v = 0.0
        for w in whims:
            if w != HIDDEN:  # only a view has these; a sample fills them in
                v += f.whim_reward[w] * self.whim_chance(st.progress(w))
        return v

    def whim_chance(self, prog: float) -> float:
        if prog >= 1.0:
            return 1.0
        return prog * prog * (WHIM_P0 + WHIM_P1 * self.left)

    # -------------------------------------------------------------- the turn in progress
    def pending(self) -> None:
        s, f, b = self.s, self.f, self.b
        phase = s.phase
        if phase in ("bid", "start", "finish"):
            return
        m = self.mover
        st = self.seat(m)
        extra = self.extra
        if phase == "move":
            extra[m] += self.best_end(st)
            return
        if phase == "choose_djinn":  # Sibittis: the best Djinn drawn, then the rest of the turn
            extra[m] += max((f.djinn_vp[d] + f.djinn_power[d] * self.left for d in s.drawn), default=0.0)
            if s.resume == "start":
                extra[m] += self.move_values(m, 1)[0]
            if s.resume in ("start", "finish"):
                return
        final = s.final
        owner_after = s.owner[final]
        camels = st.camels
        cities = st.cities
        for t in s.claims:  # the camel to put on an emptied tile
            if camels <= 0:
                break
            extra[m] += st.capture(t, cities)
            cities += b.city[t]
            camels -= 1
            if t == final:
                owner_after = m
        if not s.tribe_done:
            c, k = s.collected
            if c == VIZ:
                extra[m] += k * st.ve  # the majority counts them already (vadd)
            elif c == ELD:
                extra[m] += k * st.ee
            elif c == MER:
                extra[m] += st.merchants(k)
            elif c == BLD:
                extra[m] += k * b.blue[final] * (2 if self.boost_builders else 1)
            elif c == ASN:
                extra[m] += st.assassins(final, k, camels)
        if not s.tile_done:
            if phase == "market":
                extra[m] += st.best_cards(s.window, s.to_take)
            else:
                act = b.action[final]
                if act == A_WHIM and phase != "tile":
                    w = s.whim_on[final]
                    if w is not None:
                        extra[m] += st.whim_value(w)
                elif act != A_WHIM:
                    extra[m] += st.tile_action(final, owner_after)

    def best_end(self, st: "_Seat") -> float:
        """The best end the move in progress can still reach, valued for the mover (st)."""
        s, b = self.s, self.b
        hand = s.hand
        m = hand[0] + hand[1] + hand[2] + hand[3] + hand[4]
        reach, revisit = b.geo.ends(s.pos * 5 + s.came, m)
        meeples = s.meeples
        best = None
        for e in bits(reach):
            here = meeples[e]
            total = here[0] + here[1] + here[2] + here[3] + here[4]
            for c in range(5):
                if hand[c] and here[c]:
                    g = st.option(e, c, here[c] + 1, total == here[c])
                    if best is None or g > best:
                        best = g
        if best is None and revisit and max(hand) >= 2:
            for e in bits(revisit):  # an end passed on the way, a doubled colour dropped on both visits
                here = meeples[e]
                for c in range(5):
                    if hand[c] >= 2:
                        g = st.option(e, c, here[c] + 2, not any(here))
                        if best is None or g > best:
                            best = g
        return best if best is not None else 0.0

    # -------------------------------------------------------------- the round's turns still to come
    def turns_to_come(self) -> None:
        """While bidding: what each marker's place in the turn order is worth. At the start of a turn: the
        mover's best move (the turn in progress, not begun)."""
        s = self.s
        if s.phase == "bid":
            self.bidding()
            return
        if s.phase == "start":
            self.extra[self.mover] += self.wt["next_move"] * self.move_values(self.mover, 1)[0]
        if self.n >= LATER_MARKERS_SEATS:
            self.later_markers()

    def later_markers(self) -> None:
        """The markers still to play this round after the one playing now: each gets the best move left for its
        seat after those before it took theirs (one distinct end tile per marker before it), drawn towards the
        mean as a place in the turn order is (every move changes the board). Without it a turn was valued as
        if only the next marker would move before the round's end: with three or more seats a turn that left
        a rich move to the seat after next looked as good as one that did not."""
        s = self.s
        rest = s.order[s.turn + 1:]
        if not rest:
            return
        count = len(rest) + 1
        known: dict[int, list[float]] = {}
        extra = self.extra
        w = self.wt["later"]
        for i, m in enumerate(rest, start=1):
            y = s.marker_seat[m]
            values = known.get(y)
            if values is None:
                values = known[y] = _toward_mean(self.move_values(y, count))
            extra[y] += w * values[i]

    def bidding(self) -> None:
        """Markers on the track: their move by their expected place; markers still to bid: best spot less price."""
        s = self.s
        levels = s.levels
        unbid = [m for m in s.bid_track if m is not None]
        placed = [(level, len(queue) - 1 - i, m) for level, queue in enumerate(s.track) for i, m in enumerate(queue)]
        total = len(unbid) + len(placed)
        values = _toward_mean(self.move_values(s.marker_seat[unbid[0]] if unbid else s.seat, total))
        # how likely a marker still to bid lands ahead of each level: open spots weighted by cheapness
        weight = []
        for level, (price, spots) in enumerate(levels):
            weight.append((spots - len(s.track[level])) / (1.0 + price / 5.0))
        open_total = sum(weight) or 1.0
        ahead_share = []
        acc = 0.0
        for w in weight:
            acc += w
            ahead_share.append(acc / open_total)  # a later bid on the same level plays before
        extra = self.extra
        w = self.wt["bidding"]

        def value_at(pos: float) -> float:
            i = int(pos)
            if i >= len(values) - 1:
                return values[-1]
            frac = pos - i
            return values[i] * (1.0 - frac) + values[i + 1] * frac

        for level, place, m in placed:
            before = sum(1 for lv, _pl, _m in placed if lv < level) + place
            extra[s.marker_seat[m]] += w * value_at(before + len(unbid) * ahead_share[level])
        if unbid:
            best = None
            others = len(unbid) - 1
            for level, (price, spots) in enumerate(levels):
                if len(s.track[level]) >= spots:
                    continue
                before = sum(1 for lv, _pl, _m in placed if lv < level)
                v = w * value_at(before + others * ahead_share[level]) - price
                if best is None or v > best:
                    best = v
            for m in unbid:
                extra[s.marker_seat[m]] += best if best is not None else 0.0

    def move_values(self, x: int, count: int) -> list[float]:
        """The best move on the board for each of the next `count` markers (distinct end tiles, best first),
        valued for seat x; padded with zeros. This is _Seat.option unrolled: it runs for every reachable end
        of every evaluation, so it is kept lean."""
        s = self.s
        meeples = s.meeples
        r0, r1, r2, r3, r4 = _reachable(self.b, s.layout, meeples)
        st = self.seat(x)
        owner = s.owner
        action = self.b.action
        blue = self.b.blue
        camels = st.camels
        ee = st.ee
        build = st.build_mult
        viz_memo = st.viz_memo
        palms_left = s.palms_left > 0
        palaces_left = s.palaces_left > 0
        palace_vp = self.f.palace_vp
        mult = self.b.mult
        deny = self.deny
        market = st.market
        sacred = st.djinn_value()
        values = []
        mask = r0 | r1 | r2 | r3 | r4
        while mask:
            low = mask & -mask
            e = low.bit_length() - 1
            mask ^= low
            here = meeples[e]
            own = owner[e]
            act = action[e]
            # the tile's action, for the owner it keeps (a_own) or for x taking it now (a_x)
            if act == A_MARKET:
                a_own = a_x = market(e)
            elif act == A_PALM:
                if palms_left:
                    a_x = st.palm_value(e)
                    a_own = a_x if own == x else (-self.seat(own).palm_value(e) * deny if own >= 0 else 0.0)
                else:
                    a_own = a_x = 0.0
            elif act == A_PALACE:
                if palaces_left:
                    a_x = palace_vp * mult[e]
                    a_own = a_x if own == x else (-a_x * deny if own >= 0 else 0.0)
                else:
                    a_own = a_x = 0.0
            elif act == A_DJINN:
                a_own = a_x = sacred
            elif act == A_WHIM:
                w = s.whim_on[e]
                a_own = a_x = st.whim_value(w) if w is not None else 0.0
            else:
                a_own = a_x = 0.0
            total = here[0] + here[1] + here[2] + here[3] + here[4]
            takes = own < 0 and camels > 0
            best = -1e9
            if r0 & low:
                k = here[0] + 1
                g = viz_memo.get(k)
                if g is None:
                    g = st.vizier_gain(k)
                g += st.capture(e) + a_x if takes and total == here[0] else a_own
                if g > best:
                    best = g
            if r1 & low:
                g = (here[1] + 1) * ee + (st.capture(e) + a_x if takes and total == here[1] else a_own)
                if g > best:
                    best = g
            if r2 & low:
                g = (here[2] + 1) * blue[e] * build + (st.capture(e) + a_x if takes and total == here[2] else a_own)
                if g > best:
                    best = g
            if r3 & low:
                g = st.merchants(here[3] + 1) + (st.capture(e) + a_x if takes and total == here[3] else a_own)
                if g > best:
                    best = g
            if r4 & low:
                if takes and total == here[4]:
                    g = st.capture(e) + a_x + st.assassins(e, here[4] + 1, camels - 1)
                else:
                    g = a_own + st.assassins(e, here[4] + 1, camels)
                if g > best:
                    best = g
            values.append(best)
        values.sort(reverse=True)
        del values[count:]
        values += [0.0] * (count - len(values))
        return values

    def lone_tiles(self) -> list[int]:
        """Tiles nobody owns with a single meeple on them: an Assassin's kill empties them."""
        if self.lone is None:
            owner = self.s.owner
            self.lone = [t for t, m in enumerate(self.s.meeples)
                         if owner[t] == NOBODY and m[0] + m[1] + m[2] + m[3] + m[4] == 1]
        return self.lone


_REACH: dict[tuple, list[int]] = {}


def _reachable(b: _Board, layout: Any, meeples: list) -> list[int]:
    """Per tribe, the tiles where some move starting now can end with that tribe's last meeple (a tile
    holding the tribe, reached in exactly as many steps as the start tile holds meeples)."""
    key = (layout, tuple(meeples))
    hit = _REACH.get(key)
    if hit is not None:
        return hit
    ends = b.geo.ends
    m0 = m1 = m2 = m3 = m4 = 0
    r0 = r1 = r2 = r3 = r4 = 0
    for t, h in enumerate(meeples):
        m = h[0] + h[1] + h[2] + h[3] + h[4]
        if not m:
            continue
        bit = 1 << t
        reach = ends(t * 5 + NO_DIR, m)[0] & ~bit
        if h[0]:
            m0 |= bit
            r0 |= reach
        if h[1]:
            m1 |= bit
            r1 |= reach
        if h[2]:
            m2 |= bit
            r2 |= reach
        if h[3]:
            m3 |= bit
            r3 |= reach
        if h[4]:
            m4 |= bit
            r4 |= reach
    hit = [r0 & m0, r1 & m1, r2 & m2, r3 & m3, r4 & m4]
    if len(_REACH) >= 4096:
        _REACH.clear()
    _REACH[key] = hit
    return hit


_PROGRESS: dict[tuple, float] = {}
_SEATS: dict[tuple, tuple] = {}
_DELTA: dict[tuple, float] = {}


def _card_delta(values: tuple, goods: tuple, card: str) -> float:
    """What one more `card` adds to the set value of goods ((good, count), ...) (rules.md "Final scoring")."""
    key = (goods, card)
    v = _DELTA.get(key)
    if v is None:
        if len(_DELTA) >= 8192:
            _DELTA.clear()
        before = tuple(k for _g, k in goods)
        after = tuple(k + 1 if g == card else k for g, k in goods)
        if card not in dict(goods):
            after += (1,)
        v = _DELTA[key] = float(set_value(values, after) - set_value(values, before))
    return v


class _Seat:
    """One seat's values of the things a move may bring it, worked out lazily within one evaluation."""

    def __init__(self, pr: _Projection, x: int) -> None:
        f, s = pr.f, pr.s
        self.pr, self.f, self.x = pr, f, x
        p = s.players[x]
        self.p = p
        dj = p.djinns
        self.ve = f.jafaar_each if f.jafaar in dj else f.vizier_vp
        self.ee = f.shamhat_each if f.shamhat in dj else f.elder_vp
        self.haurvatat = f.haurvatat in dj
        self.camels = p.camels
        self.cities = pr.cities[x]
        self.build_mult = 2 if pr.boost_builders and x == pr.mover else 1
        self.court: float | None = None
        self.lone: list | None = None  # (capture value, (row, column)) of lone-meeple tiles, best first
        # The other memos read only what pr.context() and this key hold, never the meeples; the search
        # meets the same context many times (every drop of a move), so they are kept across evaluations.
        key = (pr.context(), x, p.gold, p.camels, p.fakirs, tuple(p.goods.items()), self.build_mult)
        memo = _SEATS.get(key)
        if memo is None:
            if len(_SEATS) >= 4096:
                _SEATS.clear()
            memo = _SEATS[key] = ({}, {}, {}, {}, {}, {}, {}, [None, None, None])
        (self.viz_memo, self.card_memo, self.merch_memo, self.market_memo, self.tile_memo, self.cap_memo,
         self.whim_memo, self.once) = memo

    # ---- pieces
    def palm_value(self, t: int) -> float:
        f = self.f
        if self.haurvatat:
            each = f.haurvatat_each
            if self.pr.b.lake[t]:
                if self.pr.s.options.get("haurvatat_lake") == "double_base":
                    return each + f.palm_vp * (f.lake_mult - 1)
                return each * f.lake_mult
            return each
        return f.palm_vp * self.pr.b.mult[t]

    def capture(self, t: int, cities: int | None = None) -> float:
        """Putting a camel on tile t: its value, palms and palaces on it, the next city step, less the camel.

        `cities`: the Wondrous Cities the seat will own by then, when another claim comes first."""
        if cities is not None and cities != self.cities:
            return self._capture(t, cities)
        v = self.cap_memo.get(t)
        if v is None:
            v = self.cap_memo[t] = self._capture(t, self.cities)
        return v

    def _capture(self, t: int, cities: int) -> float:
        pr, f = self.pr, self.f
        s, b = pr.s, pr.b
        v = b.vp[t] - pr.camel_v
        if s.palms[t]:
            v += s.palms[t] * self.palm_value(t)
        if s.palaces[t]:
            v += s.palaces[t] * f.palace_vp * b.mult[t]
        if b.city[t]:
            cv = f.city_values
            v += cv[min(cities + 1, len(cv) - 1)] - cv[min(cities, len(cv) - 1)]
        return v

    def vizier_gain(self, k: int) -> float:
        """k more Viziers: k points each and the majority's chances against every opponent (theirs fall)."""
        v = self.viz_memo.get(k)
        if v is None:
            pr = self.pr
            sig = pr.sigma
            tot = pr.viz_total
            me = tot[self.x]
            mine = theirs = 0.0
            for o in range(pr.n):
                if o == self.x:
                    continue
                d = me - tot[o]
                mine += _phi((d + k - 0.5) / sig) - _phi((d - 0.5) / sig)
                theirs += _phi((-d - 0.5) / sig) - _phi((-d - k - 0.5) / sig)
            v = k * self.ve + self.f.bonus * (mine + theirs * pr.deny)
            self.viz_memo[k] = v
        return v

    def card_value(self, card: str) -> float:
        """One more resource card: what it adds to the sets (Fakir: its uses to come)."""
        v = self.card_memo.get(card)
        if v is None:
            if card == "fakir":
                v = self.pr.fakir_v
            else:
                goods = self.p.goods
                v = _card_delta(self.f.values, tuple(goods.items()), card)
                if not goods.get(card):
                    v += MERCH_HOLD * self.pr.left
            self.card_memo[card] = v
        return v

    def merchants(self, k: int) -> float:
        """k Merchants: the first k cards of the row, added one after the other."""
        v = self.merch_memo.get(k)
        if v is None:
            goods = dict(self.p.goods)
            values = self.f.values
            before = set_value(values, tuple(goods.values()))
            fakirs = 0
            kinds = sum(1 for g in goods.values() if g)
            todo = k
            for card in self.pr.s.row:
                if todo <= 0:
                    break
                if card is None:
                    continue
                todo -= 1
                if card == "fakir":
                    fakirs += 1
                else:
                    goods[card] = goods.get(card, 0) + 1
            after_kinds = sum(1 for g in goods.values() if g)
            v = (set_value(values, tuple(goods.values())) - before + fakirs * self.pr.fakir_v
                 + MERCH_HOLD * self.pr.left * (after_kinds - kinds))
            self.merch_memo[k] = v
        return v

    def best_cards(self, window: tuple, take: int) -> float:
        """The `take` best cards among the row slots of `window` (their sum)."""
        row = self.pr.s.row
        vals = sorted((self.card_value(row[i]) for i in window if row[i] is not None), reverse=True)
        return sum(vals[:take])

    def market(self, t: int) -> float:
        """Ending on a market: pay its price for the best cards of its window, if that gains anything."""
        spec = self.pr.b.market[t]
        price = spec["price"]
        v = self.market_memo.get(price)
        if v is None:
            v = 0.0
            if self.p.gold >= price:
                row = self.pr.s.row
                window = tuple(i for i, c in enumerate(row) if c is not None)[: spec["window"]]
                if window:
                    v = max(0.0, self.best_cards(window, spec["cards"]) - price)
            self.market_memo[price] = v
        return v

    def djinn_value(self) -> float:
        """Ending on a Sacred Place: the best face-up Djinn less the cheaper payment, if that gains anything."""
        if self.once[1] is None:
            f, p, pr = self.f, self.p, self.pr
            costs = []
            for pay in f.sacred_payments:
                e, k = pay.count("elder"), pay.count("fakir")
                if e <= p.elders and k <= p.fakirs:
                    costs.append(e * self.ee + k * pr.fakir_v)
            best = max((f.djinn_vp[d] + f.djinn_power[d] * pr.left for d in pr.s.djinn_row if d is not None),
                       default=None)
            self.once[1] = max(0.0, best - min(costs)) if costs and best is not None else 0.0
        return self.once[1]

    def whim_value(self, w: str) -> float:
        """A Whim card taken: its gold, times the chance this seat meets its condition (1 if it does now)."""
        v = self.whim_memo.get(w)
        if v is None:
            v = self.f.whim_reward[w] * self.pr.whim_chance(self.progress(w))
            self.whim_memo[w] = v
        return v

    def progress(self, w: str) -> float:
        """How near this seat is to Whim card w's condition (0 to 1), cached by what the conditions see."""
        if self.once[2] is None:
            s, x = self.pr.s, self.x
            owner, palms, palaces = s.owner, s.palms, s.palaces
            p = self.p
            tiles = tuple((t, palms[t], palaces[t]) for t, o in enumerate(owner) if o == x)
            self.once[2] = (s.layout, tiles, p.viziers, p.elders, p.fakirs, tuple(p.djinns), tuple(p.goods.items()))
        key = (w, self.once[2])
        v = _PROGRESS.get(key)
        if v is None:
            if len(_PROGRESS) >= 8192:
                _PROGRESS.clear()
            v = _PROGRESS[key] = _progress(self.f.rules.holdings(self.pr.s, self.x), self.f.whim_cond[w])
        return v

    def tile_action(self, t: int, owner: int) -> float:
        """The action of tile t for this seat, the tile's owner after the move being `owner`."""
        key = t * 8 + owner + 1
        v = self.tile_memo.get(key)
        if v is not None:
            return v
        pr = self.pr
        s, b = pr.s, pr.b
        act = b.action[t]
        v = 0.0
        if act == A_PALM:
            if s.palms_left > 0 and owner >= 0:
                v = self.palm_value(t) if owner == self.x else -pr.seat(owner).palm_value(t) * pr.deny
        elif act == A_PALACE:
            if s.palaces_left > 0 and owner >= 0:
                v = self.f.palace_vp * b.mult[t] * (1.0 if owner == self.x else -pr.deny)
        elif act == A_MARKET:
            v = self.market(t)
        elif act == A_DJINN:
            v = self.djinn_value()
        elif act == A_WHIM:
            w = s.whim_on[t]
            if w is not None:
                v = self.whim_value(w)
        self.tile_memo[key] = v
        return v

    def court_kill(self) -> float:
        """The best kill of an opponent's Vizier or Elder (none behind Boaz), as a share of the margin."""
        if self.once[0] is None:
            pr, f = self.pr, self.f
            best = 0.0
            for o, q in enumerate(pr.s.players):
                if o == self.x or f.boaz in q.djinns:
                    continue
                if q.viziers:
                    v = ((f.jafaar_each if f.jafaar in q.djinns else f.vizier_vp) + KILL_COURT) * pr.deny
                    if v > best:
                        best = v
                if q.elders:
                    v = (f.shamhat_each if f.shamhat in q.djinns else f.elder_vp) * pr.deny
                    if v > best:
                        best = v
            self.once[0] = best
        return self.once[0]

    def assassins(self, e: int, k: int, camels: int) -> float:
        """The best kill of k Assassins collected on tile e: a lone meeple whose tile the seat then takes
        (rules.md "Assassins": a kill that empties a tile gives it a camel), or an opponent's Vizier or Elder."""
        v = self.court
        if v is None:
            v = self.court = max(KILL_NOTHING, self.court_kill())
        if camels > 0:
            lone = self.lone
            if lone is None:
                rc = self.pr.b.rc
                lone = self.lone = sorted(((self.capture(t), rc[t]) for t in self.pr.lone_tiles()), reverse=True)
            reach = k + self.p.fakirs
            r0, c0 = self.pr.b.rc[e]
            for cap, (r, c) in lone:
                if cap <= v:
                    break
                if abs(r - r0) + abs(c - c0) <= reach:
                    return cap
        return v

    def option(self, e: int, c: int, k: int, empties: bool) -> float:
        """A move ending on tile e with tribe c collected k times (emptying the tile or not)."""
        pr = self.pr
        owner = pr.owner[e]
        camels = self.camels
        if empties and owner < 0 and camels > 0:
            g = self.capture(e)
            owner = self.x
            camels -= 1
        else:
            g = 0.0
        if c == VIZ:
            g += self.vizier_gain(k)
        elif c == ELD:
            g += k * self.ee
        elif c == BLD:
            g += k * pr.b.blue[e] * self.build_mult
        elif c == MER:
            g += self.merchants(k)
        else:
            g += self.assassins(e, k, camels)
        if pr.b.action[e]:
            g += self.tile_action(e, owner)
        return g


# ----------------------------------------------------------------------------- Whim progress
def _progress(h: Any, cond: dict) -> float:
    """How near holdings are to a Whim condition, 0 to 1 (1: met), in the condition language of whims.yaml."""
    if "all" in cond:
        parts = [_progress(h, c) for c in cond["all"]]
        return sum(parts) / len(parts)
    if "any" in cond:
        return max(_progress(h, c) for c in cond["any"])
    if "count" in cond:
        return min(1.0, count_measure(h, cond) / cond["at_least"])
    kind = cond["pattern"]
    cells = {(a["row"], a["col"]) for a in h.tiles if matches(a, cond.get("where"))}
    if kind == "group":
        return min(1.0, largest_group(cells) / cond["size"])
    if kind == "line":
        dirs = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if cond.get("diagonal") else [])
        longest = 0
        for r, c in cells:
            for dr, dc in dirs:
                k = 1
                while (r + k * dr, c + k * dc) in cells:
                    k += 1
                longest = max(longest, k)
        return min(1.0, longest / cond["length"])
    if kind == "pair":
        first = {(a["row"], a["col"]) for a in h.tiles if matches(a, cond["first"])}
        second = {(a["row"], a["col"]) for a in h.tiles if matches(a, cond["second"])}
        if any((r + dr, c + dc) in second for (r, c) in first for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))):
            return 1.0
        return 0.5 if first or second else 0.0
    return 0.0
