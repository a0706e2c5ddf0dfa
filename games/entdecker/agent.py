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

# Easy's blur (engine/core/search.py): a point is a chip's or an island's worth: a casual eye is a point or two off.
MISJUDGE = 1.5

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


def _island(cells: dict, blocked: frozenset, nbr: dict, cell: Any, piece: int) -> tuple[set, int]:
    """The land pieces of the island through (cell, piece), and how many undiscovered spaces its land faces."""
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
    return seen, len(open_spaces)


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
    chips_value = facts["chips"]
    cells, blocked = state.cells, state.blocked
    face_down = sum(len(p) for p in state.piles)
    undiscovered = facts["spaces"] - len(cells) - len(blocked)
    left = min(face_down, undiscovered)
    share = face_down / max(1, facts["face_down"] - facts["own_tiles"] * n)  # the part of the game still to come
    p_complete = min(COMPLETE_MAX, left / COMPLETE_HORIZON)

    proj = [float(sum(p.points.values())) for p in players]
    chips = [float(len(p.chips)) for p in players]
    held = [c for p in players for c, _ in p.chips]
    in_bag = len(facts["chip_ids"]) - len(held)
    mean_chip = (facts["chip_total"] - sum(chips_value[c] for c in held)) / in_bag if in_bag else 0.0

    # islands with units on them
    units_at = [(c, p.unit) for c, p in cells.items() if p.unit is not None]
    if units_at:
        nbr = rules._nbr
        done: set = set()
        for cell, (_owner, _kind, piece) in units_at:
            if (cell, piece) in done:
                continue
            pieces, k = _island(cells, blocked, nbr, cell, piece)
            done |= pieces
            tiles = len({c for c, _ in pieces})
            counts: dict[int, list[int]] = {}
            for c, i in pieces:
                unit = cells[c].unit
                if unit is not None and unit[2] == i:
                    key = counts.setdefault(unit[0], [0, 0, 0])
                    key[0 if unit[1] == "settlement" else 1 if unit[1] == "fort" else 2] += 1
            chance = 1.0 if k == 0 else p_complete  # complete: scored at the end of this turn
            ranked = sorted(counts, key=lambda x: counts[x], reverse=True)
            best = counts[ranked[0]]
            leaders = [x for x in ranked if counts[x] == best]
            chip = 0.0
            if (best[0] or best[1]) and in_bag >= len(leaders):
                chip = chance
                for x in leaders:
                    chips[x] += chance
            points = wt["islands"] * tiles + wt["island_chips"] * chip * mean_chip
            last = None
            for x in ranked:
                if last is not None and counts[x] != last:
                    points /= 2
                last = counts[x]
                proj[x] += points

    most = max(chips)
    if most > 0:
        w_bonus = wt["chip_bonus"]
        for x in range(n):
            if chips[x] >= most - 1e-9:
                proj[x] += w_bonus * chips[x]

    # holdings still to be used
    units = facts["units"]
    w_gold, w_own = GOLD * wt["gold"], OWN_TILE * wt["own_tiles"]
    w_unit = {unit: UNIT[unit] * wt[unit] for unit in units}
    for x, p in enumerate(players):
        gold = p.gold
        if x == state.current and state.phase in ("explore", "place"):
            gold += facts["draw_cost"] * (state.draws_left + (state.in_hand is not None))
            if state.personal_declared and not state.personal_used:
                gold += facts["own_cost"]
        value = w_gold * gold + w_own * len(p.personal)
        supply = p.supply
        for unit in units:
            value += w_unit[unit] * supply[unit]
        proj[x] += share * value
    return proj
