"""Realm of the Desert Sons' computer-opponent hooks: `sample` (fill in what a seat cannot see) and `evaluate`.

Pure Python, used by engine/core/search.py. Rules references are to data/desert_sons/rules.md.

What Realm of the Desert Sons hides (rules.view, rules.md "Hidden information and taking back"):
  * the explorer tiles in the five numbered stacks and their order (every seat sees only each stack's
    size; a tile's back number, 1 to 5, is printed on it, so a stack holds only tiles of its number),
    and the tiles of stack 5 left in the box in the short two-player game;
  * the face-down rumor pile (only its size), every rumor tile on the rumor board that this seat has
    not looked at (who placed it and who has seen it show), and the rumor tile another seat has just
    drawn and is placing;
  * the random seed (future rumor draws).
Displays, goods, water, camel cards, explorers and the board are open to all.
"""
from __future__ import annotations

import random
from typing import Any

from engine.core.search import weighted_parts
from games.desert_sons.rules_state import HIDDEN, MoveCamel, Pass, PlaceExplorer

# Easy's blur (engine/core/search.py): a whole game is worth about 15 points: a casual eye is a point or two off.
MISJUDGE = 1.5

# Hard's own settings (engine/core/search.py, LEVELS). Most of its decisions offer a few first actions (five in the
# median one): the level's 400 candidates were screened in half its time and its check finished early, leaving a
# third of its second unused. Every round past the level's samples being played on a fresh sample, more candidates
# are more samples for each first action; the time ends the screening.
LEVELS = {"hard": {"candidates": 3000}}

# ----------------------------------------------------------------------------- per-rules constants
_FACTS: dict[int, tuple[Any, dict[str, Any]]] = {}  # id(rules) -> (rules, its constants); the rules kept alive


def _facts(rules: Any) -> dict[str, Any]:
    """Constants of a rules object, worked out once: tile backs, rumor values, icons of every kind's parts."""
    entry = _FACTS.get(id(rules))
    if entry is None or entry[0] is not rules:
        cat, cfg = rules.cat, rules.cfg
        icons = {}
        for kid, kind in cat.kinds.items():
            icons[kid] = tuple(tuple(cat.icons[i] for i in part.icons) for part in kind.parts)
        # per kind, per rotation: each oasis part's O edges, and which part (or -1) touches each edge
        pedges, touch = {}, {}
        for kid, kind in cat.kinds.items():
            turned = [tuple(tuple(sorted(e)) for e in kind.turned_parts(rot)) for rot in range(4)]
            pedges[kid] = tuple(turned)
            touch[kid] = tuple(tuple(next((i for i, e in enumerate(parts) if d in e), -1) for d in range(4))
                               for parts in turned)
        facts = {
            "pedges": pedges,
            "touch": touch,
            "backs": tuple(cat.tile_stack),
            "n_tiles": len(cat.tiles),
            "rumors": tuple(cfg["rumor_tiles"]),
            "base": cfg["good_base_value"],
            "goods": tuple(cat.goods),
            "slots": cfg["rumor_slots_per_good"],
            "spaces": cfg["caravan_spaces"],
            "card_spaces": cfg["camel_card_spaces"],
            "toll": cfg["costs"]["toll"],
            "icons": icons,  # kind id -> per part -> the Icon specs
            "icon_specs": cat.icons,
        }
        entry = _FACTS[id(rules)] = (rules, facts)
    return entry[1]


# ----------------------------------------------------------------------------- sample
def sample(rules: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """A full state that `seat` cannot tell from the real one (the module docstring says what is hidden).

    * Stacks (and the boxed stack 5): the tiles shown nowhere (board, displays, removed, in hand),
      split by their back number, shuffled; each stack keeps its size. Given the view every order is
      equally likely (the stacks are shuffled at set-up and only ever drawn from the top), so this is
      the true posterior.
    * Rumors: the rumor tiles the view does not show (face up to this seat on the board, or in its own
      hand) are shuffled onto the face-down places: this seat's unseen board slots, another seat's
      hand, and the pile, each keeping its size. A rumor this seat has just taken back (the last
      action's notices show it) stays in the pile.
    * The seed: fresh from `rng`.
    Reads only the view: two real states this seat cannot tell apart give the same sample.
    """
    if not getattr(view, "hidden", False):
        view = rules.view(view, seat)  # a full state given by mistake: sample from what the seat sees
    facts = _facts(rules)
    backs = facts["backs"]

    # -- explorer tiles
    seen = {p.tile for p in view.cells.values() if p.tile is not None}
    seen.update(view.removed)
    for player in view.players:
        seen.update(player.display)
    if view.in_hand is not None:
        seen.add(view.in_hand)
    by_back: dict[int, list[int]] = {}
    for t in range(facts["n_tiles"]):
        if t not in seen:
            by_back.setdefault(backs[t], []).append(t)
    stacks: list[list[int]] = []
    for number, shown in enumerate(view.stacks, start=1):
        pool = by_back.get(number, [])
        if len(pool) < len(shown):
            raise ValueError(f"stack {number} shows {len(shown)} tiles but only {len(pool)} are unaccounted for")
        rng.shuffle(pool)
        stacks.append(pool[len(pool) - len(shown):])
        del pool[len(pool) - len(shown):]
    boxed = [t for number in sorted(by_back) for t in by_back[number]]
    if len(boxed) != len(view.boxed):
        raise ValueError(f"the view has {len(view.boxed)} tiles in the box but {len(boxed)} are unaccounted for")
    rng.shuffle(boxed)

    # -- rumor tiles
    shown_rumors = [t for slots in view.rumor_slots.values() for t, _p, _s in slots if t != HIDDEN]
    if view.rumor_hand is not None and view.rumor_hand != HIDDEN:
        shown_rumors.append(view.rumor_hand)
    unseen = [t for t in range(len(facts["rumors"])) if t not in shown_rumors]
    rng.shuffle(unseen)
    # The last action's notices may show this seat a rumor it has just taken off the board: that one
    # lies in the pile (unless a draw it did not see may have taken it out again).
    in_pile = []
    for notice in view.notices:
        kind = notice.get("type")
        if kind == "rumor_taken" and "tile" in notice:
            in_pile.append(notice["tile"])
        elif kind == "rumor_drawn":
            in_pile = [t for t in in_pile if t != notice["tile"]] if "tile" in notice else []
    in_pile = [t for t in in_pile if t in unseen][:len(view.rumor_pile)]
    for t in in_pile:
        unseen.remove(t)
    need = sum(1 for slots in view.rumor_slots.values() for t, _p, _s in slots if t == HIDDEN)
    need += len(view.rumor_pile) + (1 if view.rumor_hand == HIDDEN else 0)
    if need != len(unseen) + len(in_pile):
        raise ValueError(f"the view hides {need} rumor tiles but {len(unseen)} are unaccounted for")
    rumor_slots = {}
    for good in view.rumor_slots:  # the dict's order: the same for every sample of this view
        rumor_slots[good] = [((unseen.pop() if t == HIDDEN else t), placer, saw)
                             for t, placer, saw in view.rumor_slots[good]]
    rumor_hand = unseen.pop() if view.rumor_hand == HIDDEN else view.rumor_hand
    rumor_pile = unseen + in_pile  # what is left; drawn at random by the rules anyway

    s = view.copy()
    s.notices = list(view.notices)  # a copy starts its notices anew; the view shows the last action's
    s.stacks = stacks
    s.boxed = boxed
    s.rumor_slots = rumor_slots
    s.rumor_hand = rumor_hand
    s.rumor_pile = rumor_pile
    s.seed = rng.getrandbits(62)
    s.hidden = False
    return s


# ----------------------------------------------------------------------------- alike
def alike(rules: Any, state: Any, actions: list) -> list:
    """A group key per action: actions with the same key lead to results `evaluate` values alike, from every seat
    (None: valued on its own). engine/core/search.py then values one of each group, where the others could only tie.

    While a stack has tiles, camel moves (rules.md 5.1) at the same cost (free, or paid as the caravan leader) lead to
    results that differ only in the camel's square, which the evaluation does not value:
      * a move to a square beside an undiscovered one, or staying on such a square: the discovery step follows
        (5.2: discovery is a must there), the same for every such square;
      * a move to a square with no undiscovered square beside it, or staying on one: no discovery; the explorer
        step and the end of the turn follow alike, except where the camel's square decides whether a seat whose
        turn may come next can move at all (it may not end on a camel): such a square is told apart by whether it
        takes a seat's last free square. With an extra turn paid the seat's own next move starts from the square,
        and where another seat has nowhere to move the turns could pass on by themselves back to this seat's
        camel: each is valued on its own then, as is a move onto the exchange square with that option on.
    Three in four of Hard's evaluations were of these moves, all but one in twenty of them ties.
    In the explorer step (5.3), an explorer put alone into its oasis (no explorer in any of its parts) is valued
    alike whatever its height, unless it wears the turban (which passes on when its oasis is scored): its height
    orders it only among others in the oasis, and the supply counts explorers, not their heights.
    Full states only (a seat's view hides the stacks): there, every action is valued on its own.
    """
    if state.hidden:
        return [None] * len(actions)
    if state.phase == "explorer":
        return _alone(rules, state, actions)
    if state.phase != "move" or state.lowest_stack() is None:
        return [None] * len(actions)
    cells = state.cells
    nbr = rules._nbr
    exchange = rules.cat.exchange if state.options["centre_exchange"] else None
    out: list = []
    last: list | None = None  # whether every other seat can move, then its squares whose taking leaves it none
    for a in actions:
        if isinstance(a, MoveCamel):
            cell, pay = (a.col, a.row), a.pay
        elif isinstance(a, Pass):
            cell, pay = state.players[state.current].camel, False
        else:
            out.append(None)
            continue
        if cell is None or cell == exchange:
            out.append(None)
        elif any(n is not None and n not in cells for n in nbr[cell]):
            out.append(("discover", pay))
        elif state.extra:
            out.append(None)
        else:
            if last is None:
                last = _last_free(rules, state)
            out.append(None if not last[0] else ("still", pay, tuple(cell in squares for squares in last[1:])))
    return out


def _alone(rules: Any, state: Any, actions: list) -> list:
    """The explorer step's group keys (see alike): ("alone", (square, part)) for an explorer without the turban put
    into an oasis no explorer stands in."""
    taken = set(state.explorers.values())
    empty: dict = {}  # (square, part) -> whether its oasis holds no explorer
    out: list = []
    for a in actions:
        if not isinstance(a, PlaceExplorer) or a.rank == state.turban:
            out.append(None)
            continue
        where = ((a.col, a.row), a.part)
        free = empty.get(where)
        if free is None:
            parts, _complete = rules._oasis_walk(state, where[0], where[1])
            free = empty[where] = taken.isdisjoint(parts)
        out.append(("alone", where) if free else None)
    return out


def _last_free(rules: Any, state: Any) -> list:
    """Whether every other seat has a square to move to wherever the moving camel ends (else its turn could pass on
    by itself, and the turns after it, back to this seat's camel), then for each other seat the squares where the
    moving camel would leave it no move (rules.md 5.1: a camel may not end its move on another's square), or none:
    its free reach, less the other camels' squares, when one square is left; when none is, and it may pay to move
    freely, the other laid squares, when one is left."""
    players, current = state.players, state.current
    others = {p.camel for i, p in enumerate(players) if i != current}
    out: list = [True]
    for x, player in enumerate(players):
        if x == current:
            continue
        if player.camel is None:
            out[0] = False
            continue
        free = rules._free_set(state, x)
        left = [c for c in free if c not in others]
        if not left and rules.leader_available(state, x):
            left = [c for c in state.cells if c not in free and c not in others]
        if not left:
            out[0] = False
        out.append(frozenset(left) if len(left) == 1 else frozenset())
    return out


# ----------------------------------------------------------------------------- evaluate
# Chance that an oasis is completed before the game ends, by k = undiscovered squares its oasis edges
# face: A[k] + B[k] * (share of the stack tiles still to come). Measured from random legal play (60
# games, about 25 000 oasis observations: k=1 from 0.08 at the end to 0.48 at the start, k=2 0.01 to
# 0.33, k=3 0 to 0.16) and raised somewhat, since a player with an explorer in an oasis steers to close it.
P_OPEN_A = (1.0, 0.15, 0.04, 0.01, 0.0)
P_OPEN_B = (0.0, 0.50, 0.38, 0.20, 0.08)
P_CAP = 0.9
ICONS_PER_OPEN = 1.1  # a square facing an oasis edge gets an oasis tile: 74 icons on 65 oasis tiles
# What an icon still to come is, by share (the tiles' icons: 36 goods, 10 camel, 7 rumor, 8 one water, 4 two water)
GEN_GOODS, GEN_CAMEL, GEN_RUMOR, GEN_WATER = 36 / 74, 10 / 74, 7 / 74, 16 / 74
FUTURE_GOODS = 3.0  # goods still to come that press on a seat's caravan space, over a whole game
WATER_LATE, WATER_EARLY = 0.4, 0.8  # a water stone: toll, caravan leader, scout, camel driver, tie-break
EXPLORER = 2.5  # an explorer in supply: claims still to come, times the share of the game left
STUCK = 0.5  # ... the part of that an explorer keeps on an oasis that may never close (it can be taken back)
EXTRA_TURN = 2.0  # the camel driver paid: a whole turn more (rules.md "Extra turn")


def _p_complete(k: int, share: float, stacks_left: bool) -> float:
    k = min(k, 4)
    if not stacks_left:
        return P_OPEN_A[k] * 0.3  # tiles only from displays now
    return min(P_CAP, P_OPEN_A[k] + P_OPEN_B[k] * share)


def _oasis(cells: dict, pedges: dict, touch: dict, nbr: dict, cell: Any, part: int) -> tuple[list, int]:
    """The parts of the oasis through (cell, part) and how many undiscovered squares its oasis edges face."""
    start = (cell, part)
    seen = {start}
    stack = [start]
    open_squares = set()
    while stack:
        c, p = stack.pop()
        placed = cells[c]
        around = nbr[c]
        for d in pedges[placed.kind][placed.rotation][p]:
            n = around[d]
            if n is None:
                continue
            other = cells.get(n)
            if other is None:
                open_squares.add(n)
                continue
            j = touch[other.kind][other.rotation][(d + 2) % 4]
            if j >= 0 and (n, j) not in seen:
                seen.add((n, j))
                stack.append((n, j))
    return list(seen), len(open_squares)


# Each part's weight in the projection (engine/tune.py fits them to how recorded games ended; 1.0: as designed).
WEIGHTS = {
    "claims": 1.0,  # goods the seat's explorers are expected to claim from oases (at their present values)
    "icons": 1.0,  # the other icons they are expected to claim (water, rumors, camel cards), less the toll
    "home": 1.0,  # explorers expected home after their oasis is scored (claims to come)
    "decisions": 1.0,  # a good waiting for a full caravan's choice, a rumor tile in hand, a paid extra turn
    "room": 1.0,  # room in the caravan for goods still to come
    "water": 1.0,  # water stones held
    "explorers": 1.0,  # explorers in supply
}


def evaluate(rules: Any, state: Any, seat: int) -> float:
    """`seat`'s projected final score minus the best other seat's, in points (the goods' values).

    Over: exactly the final score sheet's margin ("End of the game and scoring": a good is worth 4
    plus the rumors on its kind; score = goods times their values). Before that, each seat's projection is
      * its goods at their present values (every rumor of the state counted, as at the end);
      * for each explorer on an oasis: the icon it will claim ("Score completed oases": tallest first,
        the turban before all, the tallest of two or more pays 1 water or claims nothing; each claims
        the free icon worth most to its owner), weighed by the chance the oasis is completed (1 once it
        is), with the icons the oasis' open squares will still bring; an oasis being scored counts its
        queue and free icons for sure; a good the seat cannot hold ("Caravan capacity" = 4 + 2 per camel
        card) is worth only what it gains over the cheapest good thrown out;
      * a good waiting for a full caravan's choice, a rumor tile in hand (its best slot), a paid extra turn;
      * what its holdings will still be worth, scaled by the share of the stack tiles left: water,
        explorers in supply (claims to come), and room in the caravan for goods still to come (so a
        camel card is worth most to a full caravan);
    each part but the goods carried now times its weight (WEIGHTS).
    """
    players = state.players
    if state.phase == "over":
        score = _scores(rules, state)
        return float(score[seat] - max(score[x] for x in range(len(players)) if x != seat))
    proj = _project(rules, state, WEIGHTS)
    return proj[seat] - max(proj[x] for x in range(len(players)) if x != seat)


# Hard plays for the win (engine/core/search.py WinChance) only with a seat count whose chance to win was fitted to who
# won (engine/tune.py --win: SEAT_WIN_SIGMA and WIN_WEIGHTS); with any other it values the margin, as it always did
# here (playing for the win with a blur chosen by hand did not lift its three-seat share: bench/README.md). None is
# fitted: with three seats the fit to 326 games of Normal seats (the blur 0.99 + 11.14 sqrt(left), goods to claim
# 0.34, other icons -0.56, explorers home 1.95) predicted the winners little better than the designed weights with
# that blur (log-loss 0.811 against 0.814), and its Hard won 45.3 % of seeds 400-519 against Normal, where the margin
# wins 56.7 % (bench/README.md "A chance to win fitted to who won").
WIN_SIGMA = None
SEAT_WIN_SIGMA: dict[int, tuple[float, float]] = {}
WIN_WEIGHTS: dict[int, dict[str, float]] = {}


def standing(rules: Any, state: Any) -> tuple[list[float], float, bool]:
    """Each seat's projected final score as Hard's chance to win counts it (the final sheet's when over): the
    projection evaluate makes, its parts weighted as WIN_WEIGHTS has them for the seat count (else as evaluate weighs
    them); the share of the stack tiles left (as the projection scales holdings by) and whether it is over."""
    if state.phase == "over":
        return [float(v) for v in _scores(rules, state)], 0.0, True
    total = _facts(rules)["n_tiles"] - len(state.boxed)
    left = sum(map(len, state.stacks)) / total if total else 0.0
    return _project(rules, state, WIN_WEIGHTS.get(len(state.players), WEIGHTS)), left, False


def parts(rules: Any, state: Any) -> list[dict[str, float]]:
    """Per seat, each part of the projection at weight 1 and "base" (the goods carried now at their present
    values, never weighted): the projection is base plus each part times its weight (for engine/tune.py)."""
    return weighted_parts(lambda wt: _project(rules, state, wt), WEIGHTS)


def _values(rules: Any, state: Any) -> tuple[dict[str, Any], dict[str, float]]:
    """The rules' constants and each good's present value (its base plus every rumor of the state, as at the end)."""
    entry = _FACTS.get(id(rules))
    f = entry[1] if entry is not None and entry[0] is rules else _facts(rules)
    rv = f["rumors"]
    base = f["base"]
    vals = {}
    for g, slots in state.rumor_slots.items():
        v = base
        for t, _placer, _seen in slots:
            if t >= 0:
                v += rv[t]
        vals[g] = v
    return f, vals


def _scores(rules: Any, state: Any) -> list[float]:
    """Each seat's goods at their present values."""
    _f, vals = _values(rules, state)
    return [sum([vals[g] for g in p.goods]) for p in state.players]


def _project(rules: Any, state: Any, wt: dict[str, float]) -> list[float]:
    """Each seat's projected final score (see evaluate), its parts weighted by `wt`."""
    players = state.players
    n = len(players)
    f, vals = _values(rules, state)
    rv = f["rumors"]
    score = [sum([vals[g] for g in p.goods]) for p in players]

    goods_order = f["goods"]
    card_spaces = f["card_spaces"]
    stacks_left = any(state.stacks)
    total_tiles = f["n_tiles"] - len(state.boxed)
    share = sum(map(len, state.stacks)) / total_tiles if total_tiles else 0.0
    water_v = WATER_LATE + WATER_EARLY * share
    explorer_v = EXPLORER * share
    avg = sum(vals.values()) / len(vals)
    fut = FUTURE_GOODS * share
    supply_goods = state.goods
    cards_left = state.camel_cards > 0

    room0 = [0] * n
    cheapest = [0] * n
    camel_v = [0.0] * n
    for x, p in enumerate(players):
        room = f["spaces"] + card_spaces * p.camel_cards - len(p.goods)
        room0[x] = room
        if p.goods:
            cheapest[x] = min([vals[g] for g in p.goods])
        if cards_left:
            # room for goods still to come is worth avg * fut * room / (fut + room) (a soft min); a full
            # caravan's card also lets in the next good claimed
            gain = avg if room <= 0 else 0.0
            if fut > 0:
                r = room if room > 0 else 0
                gain += avg * fut * ((r + card_spaces) / (fut + r + card_spaces) - r / (fut + r))
            camel_v[x] = gain

    free_goods = [g for g in goods_order if len(state.rumor_slots[g]) < f["slots"]]
    rumor_v = [0.0] * n
    most = least = None
    if free_goods and (state.rumor_pile or state.phase == "rumor"):
        # how many more goods of a kind a seat carries than the best other seat: a rumor's lever
        most, least = [-99] * n, [99] * n
        for g in free_goods:
            column = [p.goods.count(g) for p in players]
            top = max(column)
            second = top if column.count(top) > 1 else max([c for c in column if c != top], default=0)
            for x in range(n):
                lead = column[x] - (second if column[x] == top else top)
                if lead > most[x]:
                    most[x] = lead
                if lead < least[x]:
                    least[x] = lead
        if state.rumor_pile:
            pile = [rv[t] for t in state.rumor_pile]
            up = sum(v for v in pile if v > 0) / len(pile)
            down = sum(v for v in pile if v < 0) / len(pile)
            rumor_v = [up * most[x] + down * least[x] for x in range(n)]
    gen_v = [GEN_GOODS * avg + GEN_CAMEL * camel_v[x] + GEN_RUMOR * rumor_v[x] + GEN_WATER * 1.33 * water_v
             for x in range(n)]
    gen_rest = [g - GEN_GOODS * avg for g in gen_v]

    # expected intake, per seat
    w_goods = [0.0] * n  # goods expected to come (weight)
    v_goods = [0.0] * n  # ... and their value
    w_camel = [0.0] * n
    other = [0.0] * n  # water and rumors claimed, less the toll
    home_v = [0.0] * n  # explorers coming home
    decide = [0.0] * n  # decisions in hand
    owner = state.owner
    toll = f["toll"]
    toll_v = toll * water_v

    def claims(order: list, icons: list, generic: float, p: float, tolled: bool) -> None:
        """Explorers in claiming order take the free icon worth most to their owners (weight p)."""
        if tolled and len(order) >= 2:
            first = owner[order[0]]
            if players[first].water >= toll:
                other[first] -= p * toll_v
            else:
                order = order[1:]
        for rank in order:
            x = owner[rank]
            best, pick = -1.0, -1
            full = room0[x] - w_goods[x] < 1
            for i, spec in enumerate(icons):
                action = spec.action
                if action == "good":
                    if not supply_goods[spec.good]:
                        v = 0.0
                    else:
                        v = vals[spec.good]
                        if full:
                            v = v - cheapest[x] if v > cheapest[x] else 0.0
                elif action == "water":
                    v = spec.amount * water_v
                elif action == "camel":
                    v = camel_v[x]
                else:
                    v = rumor_v[x]
                if v > best:
                    best, pick = v, i
            if generic > 0 and gen_v[x] > best:
                weight = (generic if generic < 1.0 else 1.0) * p
                generic -= 1.0
                w_goods[x] += GEN_GOODS * weight
                v_goods[x] += GEN_GOODS * avg * weight
                other[x] += gen_rest[x] * weight
                continue
            if pick < 0:
                if generic <= 0:
                    return
                continue
            spec = icons.pop(pick)
            action = spec.action
            if action == "good":
                if supply_goods[spec.good]:
                    w_goods[x] += p
                    v_goods[x] += p * vals[spec.good]
            elif action == "camel":
                if cards_left:
                    w_camel[x] += p
            else:
                other[x] += p * best

    # the oasis being scored now: its queue claims its free icons for sure
    sc = state.scoring
    done: set = set()
    if sc is not None:
        specs = f["icon_specs"]
        done.update(sc.parts)
        claims(list(sc.queue), [specs[icon] for *_w, icon in sc.icons], 0.0, 1.0, state.phase == "toll")
        for rank in sc.explorers:
            home_v[owner[rank]] += explorer_v  # home after the scoring
    if state.explorers:
        cells = state.cells
        pedges, touch = f["pedges"], f["touch"]
        nbr = rules._nbr
        kind_icons = f["icons"]
        turban = state.turban
        at = {where: rank for rank, where in state.explorers.items()}
        # An oasis is the board's alone: walked once per board, kept with its brown-line groups (rules_state.BrownNet,
        # shared by the board's copies and samples), its parts in board order whichever part the walk began at.
        net = state.net
        kept = net.derived if net is not None and net.cells == cells else None
        for where in at:
            if where in done:
                continue
            oasis = kept.get(("oasis", where)) if kept is not None else None
            if oasis is None:
                walked, k_open = _oasis(cells, pedges, touch, nbr, where[0], where[1])
                walked.sort()
                oasis = (walked, k_open, tuple(spec for c, pi in walked for spec in kind_icons[cells[c].kind][pi]))
                if kept is not None:
                    for key in walked:
                        kept["oasis", key] = oasis
            parts, k, specs = oasis
            done.update(parts)
            ranks = [at[key] for key in parts if key in at]
            if len(ranks) > 1:
                ranks.sort(key=lambda r: (r != turban, -r))
            p = 1.0 if k == 0 else _p_complete(k, share, stacks_left)
            claims(ranks, list(specs), k * ICONS_PER_OPEN, p, True)
            home = explorer_v * (p + (1.0 - p) * STUCK)
            for r in ranks:
                home_v[owner[r]] += home

    # decisions in hand
    phase = state.phase
    if phase == "good" and state.good_wait is not None:
        x = state.decider
        keep = [vals[g] for g in players[x].goods if g != state.good_wait]
        if keep:
            gain = vals[state.good_wait] - min(keep)
            decide[x] += gain if gain > 0 else 0.0
    elif phase == "rumor" and state.rumor_hand is not None and state.rumor_hand >= 0 and most is not None:
        x = state.decider
        v = rv[state.rumor_hand]
        decide[x] += v * most[x] if v > 0 else v * least[x]
    if state.extra:
        decide[state.current] += EXTRA_TURN

    w_claims, w_icons, w_home, w_decide = wt["claims"], wt["icons"], wt["home"], wt["decisions"]
    w_room, w_water, w_expl = wt["room"], wt["water"], wt["explorers"]
    proj = [0.0] * n
    for x, p in enumerate(players):
        room = room0[x] + card_spaces * w_camel[x]
        w = w_goods[x]
        if w <= room:
            goods = v_goods[x]
        else:
            # goods beyond the room only replace the cheapest carried good (rules.md: full caravan)
            fits = room if room > 0 else 0.0
            each = v_goods[x] / w
            swap = each - cheapest[x] if p.goods and each > cheapest[x] else 0.0
            goods = each * fits + swap * (w - fits)
        rest = room - w
        later = avg * fut * rest / (fut + rest) if rest > 0 and fut > 0 else 0.0
        proj[x] = (score[x] + w_claims * goods + w_icons * other[x] + w_home * home_v[x] + w_decide * decide[x]
                   + w_room * later + w_water * water_v * p.water + w_expl * explorer_v * len(p.supply))
    return proj
