"""Entdecker's computer-opponent hooks: `sample` (fill in what a seat cannot see) and `evaluate`.

Pure Python, used by engine/core/search.py. Rules references are to data/entdecker/rules.md.

What is hidden in Entdecker, and from every seat alike (rules.view): the order and identity of the
tiles in the five face-down piles (only each pile's size and the back of its top tile show), the
chips in the bag (only how many), and the random seed (the spinner's and the bag's future draws).
Everything a seat holds lies face up, so nothing is hidden from one seat only.
"""
from __future__ import annotations

import random
from typing import Any

from engine.core.search import weighted_parts
from games.entdecker.rules import Declare, DrawTile, PlaceShip

# Easy's blur (engine/core/search.py): a point is a chip's or an island's worth: a casual eye is a point or two off.
MISJUDGE = 1.5

# Hard's own settings (engine/core/search.py, LEVELS). Its search is bound by the work it does in its second: the
# same Hard with three times the time won 73 % of 120 three-seat games against two Normal seats, where at 1 s it
# won 53-58 %. Valuing one of each group of alike actions (`alike`) and knowing boards again (_BOARDS) let it do
# about three times the work in its second: twice the samples, three times the candidates. And it thinks again
# where its plan chose among equals (`replan_ties`): a greedy step cannot tell one paid declaration from another
# (paid draws count as the gold paid for them), so a plan made at the start of a turn declared the first listed,
# one draw, and played it without a second thought; now the declaration, and each draw and placement, is
# searched when it comes, each option played on to the turn's end. So set, Hard won 70.8 % of 120 three-seat games
# against two Normal seats (twice its fair share and more) and 81 % of 100 two-seat games (bench/README.md).
LEVELS = {"hard": {"samples": 12, "candidates": 1200, "replan_ties": True}}

# ----------------------------------------------------------------------------- sample
_FACTS: dict[int, tuple[Any, dict[str, Any]]] = {}  # id(rules) -> (rules, its constants); the rules kept alive


def _facts(rules: Any) -> dict[str, Any]:
    """Per-rules constants, computed once: tile backs, chip values, the face-down total, unit costs."""
    entry = _FACTS.get(id(rules))
    if entry is None or entry[0] is not rules:
        cat, cfg = rules.cat, rules.cfg
        chips = {c["id"]: c["value"] for c in cfg["chips"]}
        face_down = sum(1 for k in cat.tiles if k.back != "reserve")
        facts = {
            "backs": tuple(k.back for k in cat.tiles),
            "n_tiles": len(cat.tiles),
            "chips": chips,
            "chip_ids": tuple(c["id"] for c in cfg["chips"]),
            "chip_total": sum(chips.values()),
            "face_down": face_down,  # before the own tiles are dealt (4 per seat)
            "own_tiles": len(cfg["personal_tiles"]),
            "units": {u: spec["cost"] for u, spec in cfg["units"].items()},
            "own_cost": cfg["personal_tile_cost"],
            "draw_cost": cfg["draw_cost"],
            "spaces": cat.columns * cat.rows,
        }
        entry = _FACTS[id(rules)] = (rules, facts)
    return entry[1]


def _visible_tiles(view: Any) -> set[int]:
    """Every tile the view shows somewhere: board, reserve, spares, removed "?" tiles, own tiles, the drawn one."""
    seen = {p.tile for p in view.cells.values()}
    for group in (view.reserve, view.overflow):
        for pile in group:
            seen.update(pile)
    seen.update(view.removed)
    for player in view.players:
        seen.update(player.personal)
    if view.in_hand is not None:
        seen.add(view.in_hand)
    return seen


def sample(rules: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """A full state that `seat` cannot tell from the real one (see the module's docstring for what is hidden).

    The face-down piles get the tiles shown nowhere else, at random, each pile keeping its size and
    the back ("?" or plain) of its top tile; the bag gets the chips no seat holds, in a random order;
    the seed is fresh from `rng`. Given the view, every such filling is equally likely (the deal is a
    uniform shuffle, and only the tops' backs were ever shown of the tiles still face down), so this
    draws from the true posterior. Reads only the view.
    """
    if not getattr(view, "hidden", False):
        view = rules.view(view, seat)  # a full state given by mistake: sample from what the seat sees
    facts = _facts(rules)
    backs = facts["backs"]
    seen = _visible_tiles(view)
    pool = [t for t in range(facts["n_tiles"]) if t not in seen]
    rng.shuffle(pool)
    by_back: dict[str, list[int]] = {}
    for t in pool:
        by_back.setdefault(backs[t], []).append(t)
    sizes = [len(p) for p in view.piles]
    if sum(sizes) != len(pool):
        raise ValueError(f"the view's piles hold {sum(sizes)} tiles but {len(pool)} are unaccounted for")
    tops: list[int | None] = []
    for size, back in zip(sizes, view.top_backs):
        if size == 0:
            tops.append(None)
            continue
        candidates = by_back.get(back)
        if not candidates:
            raise ValueError(f"no hidden tile with a {back!r} back is left for a pile's top")
        tops.append(candidates.pop())
    used = {t for t in tops if t is not None}
    rest = [t for t in pool if t not in used]  # still in the shuffled order
    piles: list[list[int]] = []
    at = 0
    for size, top in zip(sizes, tops):
        if size == 0:
            piles.append([])
            continue
        piles.append(rest[at:at + size - 1] + [top])  # top = last
        at += size - 1
    held = [c for p in view.players for c, _ in p.chips]
    bag = list(facts["chip_ids"])
    for chip in held:
        bag.remove(chip)
    rng.shuffle(bag)
    if len(bag) != len(view.bag):
        raise ValueError(f"the view's bag holds {len(view.bag)} chips but {len(bag)} are held by nobody")
    s = view.copy()
    s.notices = list(view.notices)  # a copy starts its notices anew; the view shows the last action's
    s.piles = piles
    s.bag = bag
    s.seed = rng.getrandbits(62)
    s.hidden = False
    s.top_backs = None
    return s


# ----------------------------------------------------------------------------- alike
def alike(rules: Any, state: Any, actions: list) -> list:
    """A group key per action: actions with the same key lead to results `evaluate` values alike, from every seat
    (None: valued on its own). engine/core/search.py then values one of each group, where the others could only tie.

    * Every start space with the same toll: the ship's place is not valued, only the gold it cost.
    * Every declaration after which the voyage goes on (a paid draw with a free white line from the ship and tiles
      left, or an own tile that fits): paid draws and a paid own tile count as the gold paid for them. One after
      which the voyage ends at once (nothing to explore) is valued on its own: its gold is then spent for nothing.
    * Every draw of a tile that fits beside the ship: the tile in hand counts as the gold paid for its draw, whatever
      it is. A tile that fits nowhere is valued on its own (it goes aside, and the voyage may end).
    Full states only (a seat's view hides the piles): there, every action is valued on its own.
    """
    if state.hidden:
        return [None] * len(actions)
    if state.phase == "start":
        return [("ship", rules.toll(state, (a.col, a.row), state.current)) if isinstance(a, PlaceShip) else None
                for a in actions]
    if state.phase == "declare":
        can_sail = state.face_down_left > 0 and bool(rules.free_lines(state, state.ship))
        own_fits = any(rules.placements(state, t) for t in state.players[state.current].personal)
        return ["declared" if isinstance(a, Declare) and ((a.draws > 0 and can_sail) or (a.personal and own_fits))
                else None for a in actions]
    if state.phase == "explore":
        return ["fits" if isinstance(a, DrawTile) and rules.placements(state, state.piles[a.pile][-1]) else None
                for a in actions]
    return [None] * len(actions)


# ----------------------------------------------------------------------------- evaluate
# An island with units counts at its present size, as unfinished islands score at the end (rules.md,
# "End of the game", 2). In random play such an island still grows by about 10 tiles (islands merge
# through the gaps), but an evaluation that counted that growth lost to this one at the Normal level:
# it won 30 of 80 two-seat games (mean margin -5.4), and a seat without it won 20 of 45 three-seat
# games against two with it. An open island's lead is contested, and the search sees one turn ahead.
COMPLETE_MAX = 0.92  # chance an island with units is completed (so its leaders draw a chip), many tiles left
COMPLETE_HORIZON = 14  # ... shrinking with fewer tiles left: 0.07 with 1 left, 0.36 with 5 (random play)
# What holdings will still be worth, as a share of the game left (fraction of face-down tiles left):
GOLD = 0.35  # a gold piece: buys draws and units (rules: "Declare your gold", "Place a unit")
UNIT = {"scout": 3.0, "fort": 4.0, "settlement": 5.0}  # a unit in supply: a future claim on an island
OWN_TILE = 0.5  # an own tile in hand: a sure fit later


def _island(cells: dict, blocked: frozenset, nbr: dict, cell: Any, piece: int) -> tuple[frozenset, int, int]:
    """The island through (cell, piece): its land pieces, its tiles, and how many undiscovered spaces its land faces."""
    seen = {(cell, piece)}
    stack = [(cell, piece)]
    open_spaces = set()
    while stack:
        c, i = stack.pop()
        around = nbr[c]
        for d in cells[c].pieces[i]:
            n = around[d]
            if n is None:
                continue
            other = cells.get(n)
            if other is not None:
                od = (d + 2) % 4
                for j, op in enumerate(other.pieces):
                    if od in op and (n, j) not in seen:
                        seen.add((n, j))
                        stack.append((n, j))
            elif n not in blocked:
                open_spaces.add(n)
    return frozenset(seen), len({c for c, _ in seen}), len(open_spaces)


# What a board's islands hold, per board. A search values thousands of positions of a few hundred boards (the same
# tiles and units, other gold or draws left: 134372 evaluations of 1493 tile layouts in ten Hard decisions), so the
# islands holding units are found once per board and units, and each island is walked once per tile layout (its
# walk depends only on the tiles, how they are turned, and the blocked gaps). Both are exact keys, no hash standing
# in for a board: a layout is its spaces in the order tiles were laid, each tile's edges (which give its land
# pieces) and the blocked gaps; a board with units is its spaces and the very tiles on them (`Placed` values are
# immutable and each is made for one space, so the same objects at the same spaces are the same board; the key
# holds their identities and the entry holds the tiles, so no identity is reused while its entry lives). Kept per
# rules, each table emptied when it passes BOARDS_KEPT entries.
BOARDS_KEPT = 4096


class _Boards:
    """One rules' tables: layout -> {(space, piece): island} (see _island), board -> its islands with units."""

    __slots__ = ("rules", "walks", "units")

    def __init__(self, rules: Any) -> None:
        self.rules = rules  # kept alive, so its id is not reused while this table is
        self.walks: dict[tuple, dict] = {}
        self.units: dict[tuple, tuple] = {}


_BOARDS: dict[int, _Boards] = {}


def _unit_islands(rules: Any, cells: dict, blocked: frozenset) -> tuple:
    """The islands holding units, in the order of their first unit on the board, each as (tiles, undiscovered spaces
    its land faces, the leading seats, whether a leader has a settlement or a fort, ((seat, share of the island's
    points), ...) by rank: 1 for the leaders, halved at each lower rank, ties sharing a rank)."""
    boards = _BOARDS.get(id(rules))
    if boards is None or boards.rules is not rules:
        boards = _BOARDS[id(rules)] = _Boards(rules)
    placed = tuple(cells.values())
    key = (tuple(cells), tuple(map(id, placed)), blocked)
    hit = boards.units.get(key)
    if hit is not None:
        return hit[1]
    units_at = [(c, p.unit) for c, p in cells.items() if p.unit is not None]
    found: dict[int, tuple[tuple, dict[int, list[int]]]] = {}  # id(island) -> (island, owner -> unit counts)
    if units_at:
        layout = (key[0], tuple([p.edges for p in placed]), blocked)
        table = boards.walks.get(layout)
        if table is None:
            if len(boards.walks) >= BOARDS_KEPT:
                boards.walks.clear()
            table = boards.walks[layout] = {}
        nbr = rules._nbr
        for cell, (owner, kind, piece) in units_at:
            island = table.get((cell, piece))
            if island is None:
                island = _island(cells, blocked, nbr, cell, piece)
                for at in island[0]:
                    table[at] = island
            entry = found.get(id(island))
            if entry is None:
                entry = found[id(island)] = (island, {})
            counts = entry[1].get(owner)
            if counts is None:
                counts = entry[1][owner] = [0, 0, 0]
            counts[0 if kind == "settlement" else 1 if kind == "fort" else 2] += 1  # UNIT_ORDER
    out = []
    for (_pieces, tiles, k), counts in found.values():
        ranked = sorted(counts, key=counts.__getitem__, reverse=True)
        best = counts[ranked[0]]
        pay, share, last = [], 1.0, None
        for x in ranked:
            if last is not None and counts[x] != last:
                share /= 2
            last = counts[x]
            pay.append((x, share))
        out.append((tiles, k, tuple(x for x in ranked if counts[x] == best), bool(best[0] or best[1]), tuple(pay)))
    if len(boards.units) >= BOARDS_KEPT:
        boards.units.clear()
    islands = tuple(out)
    boards.units[key] = (placed, islands)
    return islands


# Each part's weight in the projection (engine/tune.py fits them to how recorded games ended; 1.0: as designed).
WEIGHTS = {
    "islands": 1.0,  # the tiles of islands holding units, paid out by rank
    "island_chips": 1.0,  # the chip an island's leaders are expected to draw, in points
    "chip_bonus": 1.0,  # the chip bonus as if the game ended now
    "gold": 1.0,  # gold (and paid draws not yet used) times GOLD and the share of the game left
    "own_tiles": 1.0,  # own tiles in hand times OWN_TILE and the share left
    "scout": 1.0,  # units in supply times UNIT and the share left
    "fort": 1.0,
    "settlement": 1.0,
}


def evaluate(rules: Any, state: Any, seat: int) -> float:
    """`seat`'s projected final score minus the best other seat's, in victory points.

    Over: exactly the final score sheet's margin. Before that, each seat's projection is
      * its victory points so far (islands scored, old ruins: rules.md "Scoring a discovered island",
        "The '?' events");
      * for every island holding units: its value (its tiles now, + for an island with a fort or a
        settlement the expected chip, weighed by the chance it is completed), paid out by rank with
        halving as in "Scoring a discovered island" (settlements, then forts, then scouts; ties share);
        an unfinished island is scored at its present size at the end ("End of the game", 2);
      * the chip bonus ("End of the game", 3) as if the game ended now, on chips held plus chips
        expected from islands being led;
      * what gold, units in supply, own tiles in hand, and paid draws not yet used will still be
        worth, scaled by the share of the face-down tiles left;
    each part but the points so far times its weight (WEIGHTS).
    """
    players = state.players
    n = len(players)
    if state.phase == "over":
        totals = [sum(p.points.values()) for p in players]
        return float(totals[seat] - max(totals[x] for x in range(n) if x != seat))
    proj = _project(rules, state, WEIGHTS)
    return proj[seat] - max(proj[x] for x in range(n) if x != seat)


def parts(rules: Any, state: Any) -> list[dict[str, float]]:
    """Per seat, each part of the projection at weight 1 and "base" (the points so far, never weighted): the
    projection is base plus each part times its weight (for engine/tune.py)."""
    return weighted_parts(lambda wt: _project(rules, state, wt), WEIGHTS)


def _project(rules: Any, state: Any, wt: dict[str, float]) -> list[float]:
    """Each seat's projected final score (see evaluate), its parts weighted by `wt`."""
    players = state.players
    n = len(players)
    facts = _facts(rules)
    cells, blocked = state.cells, state.blocked
    face_down = sum(map(len, state.piles))
    undiscovered = facts["spaces"] - len(cells) - len(blocked)
    left = min(face_down, undiscovered)
    share = face_down / max(1, facts["face_down"] - facts["own_tiles"] * n)  # the part of the game still to come
    p_complete = min(COMPLETE_MAX, left / COMPLETE_HORIZON)

    proj = [float(sum(p.points.values())) for p in players]
    chips = [float(len(p.chips)) for p in players]
    held = [c for p in players for c, _ in p.chips]
    in_bag = len(facts["chip_ids"]) - len(held)
    mean_chip = (facts["chip_total"] - sum(map(facts["chips"].__getitem__, held))) / in_bag if in_bag else 0.0

    # islands with units on them
    w_islands, w_chips = wt["islands"], wt["island_chips"]
    for tiles, k, leaders, chip_at_stake, pay in _unit_islands(rules, cells, blocked):
        chance = 1.0 if k == 0 else p_complete  # complete: scored at the end of this turn
        chip = 0.0
        if chip_at_stake and in_bag >= len(leaders):
            chip = chance
            for x in leaders:
                chips[x] += chance
        points = w_islands * tiles + w_chips * chip * mean_chip
        for x, part in pay:
            proj[x] += points * part  # a power of two: exactly the rules' halving

    most = max(chips)
    if most > 0:
        w_bonus = wt["chip_bonus"]
        for x in range(n):
            if chips[x] >= most - 1e-9:
                proj[x] += w_bonus * chips[x]

    # holdings still to be used
    w_gold, w_own = GOLD * wt["gold"], OWN_TILE * wt["own_tiles"]
    w_units = [(unit, UNIT[unit] * wt[unit]) for unit in facts["units"]]
    for x, p in enumerate(players):
        gold = p.gold
        if x == state.current and state.phase in ("explore", "place"):
            gold += facts["draw_cost"] * (state.draws_left + (state.in_hand is not None))
            if state.personal_declared and not state.personal_used:
                gold += facts["own_cost"]
        value = w_gold * gold + w_own * len(p.personal)
        supply = p.supply
        for unit, w_unit in w_units:
            value += w_unit * supply[unit]
        proj[x] += share * value
    return proj
