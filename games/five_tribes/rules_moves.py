"""Meeple moves (data/five_tribes/rules.md, "1. Move meeples"): which starts, steps and end tiles are legal.

A move picks up every meeple of a tile and drops one on each tile it enters: orthogonal steps,
never straight back, never onto the Great Lake, and the last meeple onto a tile that already
holds its colour (counting meeples dropped there earlier in the same move, A1).

Where a walk can go depends only on the board's shape, so the walks are worked out once per shape
and kept: for a walker in a given spot with m meeples left, a bit mask of the tiles where it can
end, and a mask of those it can end on after passing them earlier in the same walk. Colours then
decide which of those ends are legal, with a few bit operations. Pure Python.
"""
from __future__ import annotations

from functools import lru_cache

from games.five_tribes.rules_state import NO_DIR, State
from engine.core.words import N_

DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W as (row, column) steps
OPPOSITE = (2, 3, 0, 1)


class Geometry:
    """Walks on one board shape: neighbours, and the ends reachable in exactly m steps."""

    def __init__(self, width: int, height: int, lake: int) -> None:
        self.width, self.height, self.lake = width, height, lake
        n = width * height
        self.step: list[list[int]] = [[-1] * 4 for _ in range(n)]  # neighbour in each direction, -1 if none
        for pos in range(n):
            r, c = divmod(pos, width)
            for d, (dr, dc) in enumerate(DIRS):
                nr, nc = r + dr, c + dc
                if 0 <= nr < height and 0 <= nc < width and nr * width + nc != lake:
                    self.step[pos][d] = nr * width + nc
        # A walker is a "spot": tile * 5 + the direction of its last step (4: none yet).
        self.succ: list[tuple[int, ...]] = [()] * (n * 5)
        for pos in range(n):
            if pos == lake:
                continue
            for d in range(5):
                self.succ[pos * 5 + d] = tuple(
                    self.step[pos][e] * 5 + e for e in range(4)
                    if self.step[pos][e] >= 0 and (d == NO_DIR or e != OPPOSITE[d])
                )
        self.around: list[tuple[int, ...]] = []  # the 3 x 3 block: the tile and its 8 neighbours
        self.cross: list[tuple[int, ...]] = []  # the tile and its 4 side neighbours
        for pos in range(n):
            r, c = divmod(pos, width)
            block = [(r + dr) * width + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if 0 <= r + dr < height and 0 <= c + dc < width]
            self.around.append(tuple(block))
            self.cross.append(tuple(t for t in block if abs(t // width - r) + abs(t % width - c) <= 1))
        self._ends: dict[int | tuple[int, int], tuple[int, int]] = {}  # (m << 16 | spot) -> ends(spot, m)
        self._fronts: dict[int, tuple[int, dict[int, int]]] = {}  # spot -> (steps walked, its frontier then)
        self._spot_bit = [1 << (spot // 5) for spot in range(n * 5)]  # a spot's tile as a bit
        # ends already known, by the int key of ends(): for the hottest loops (None: ask ends())
        self.known_ends = self._ends.get if n * 5 <= 65536 else _unknown
        self._starts: dict[tuple[tuple[int, ...], ...], int] = {}  # meeples -> start_mask (see there)

    def distance(self, a: int, b: int) -> int:
        """Orthogonal (Manhattan) distance in tiles, straight across the lake too (A12)."""
        return abs(a // self.width - b // self.width) + abs(a % self.width - b % self.width)

    def direction(self, a: int, b: int) -> int | None:
        """The direction from tile a to an orthogonal neighbour b, or None."""
        for d in range(4):
            if self.step[a][d] == b:
                return d
        return None

    def ends(self, spot: int, m: int) -> tuple[int, int]:
        """(tiles where a walk of exactly m steps from `spot` can end, those also passed on the way)."""
        # one int per (spot, m): spots of boards up to 13,000 tiles stay below 2**16 (others: the pair)
        if 0 <= spot < 65536 and m >= 1:
            key = m << 16 | spot
            hit = self._ends.get(key)
            if hit is None:
                if 0 <= self.lake < self.width * self.height and 0 <= spot < len(self.succ) \
                        and self.distance(spot // 5, self.lake) > m:
                    # A walk of m steps never leaves the tiles within m of its start: one that cannot reach
                    # the lake walks as on the same board without it, whose walks every lake position shares.
                    hit = self._ends[key] = geometry(self.width, self.height, -1).ends(spot, m)
                else:
                    self._walk_on(spot, m)
                    hit = self._ends[key]
            return hit
        other = (spot, m)
        hit = self._ends.get(other)
        if hit is None:
            hit = self._ends[other] = self._walk(spot, m)
        return hit

    def _walk_on(self, spot: int, m: int) -> None:
        """Keep ends(spot, k) for every k up to m, walking on from where the last walk from `spot` stopped.

        The same walk as _walk, step by step: the frontier after k steps does not depend on how far
        the walk goes after it, so it is kept and a longer walk starts from it.
        """
        k0, frontier = self._fronts.get(spot, (0, {spot: 0}))
        succ, bits, table = self.succ, self._spot_bit, self._ends
        for k in range(k0 + 1, m + 1):
            nxt: dict[int, int] = {}
            get = nxt.get
            for here, passed in frontier.items():
                if k > 1:
                    passed |= bits[here]
                for there in succ[here]:
                    nxt[there] = get(there, 0) | passed
            frontier = nxt
            reach = revisit = 0
            for here, passed in frontier.items():
                bit = bits[here]
                reach |= bit
                if passed & bit:
                    revisit |= bit
            table.setdefault(k << 16 | spot, (reach, revisit))
        if m > k0:
            self._fronts[spot] = (m, frontier)

    def _walk(self, spot: int, m: int) -> tuple[int, int]:
        # Each live spot carries the union of the tiles its walks passed at steps 1..k-1. The union
        # is exact per tile: "some walk here passed T" is an OR over walks, bit by bit.
        frontier = {spot: 0}
        succ = self.succ
        for k in range(1, m + 1):
            nxt: dict[int, int] = {}
            for here, passed in frontier.items():
                if k > 1:
                    passed |= 1 << (here // 5)
                for there in succ[here]:
                    nxt[there] = nxt.get(there, 0) | passed
            frontier = nxt
        reach = revisit = 0
        for here, passed in frontier.items():
            bit = 1 << (here // 5)
            reach |= bit
            if passed & bit:
                revisit |= bit
        return reach, revisit



def _unknown(key: int) -> None:
    """known_ends of a board too large for the int keys: ask ends() every time."""
    return None


@lru_cache(maxsize=64)
def geometry(width: int, height: int, lake: int) -> Geometry:
    """The one Geometry of a board shape, shared by every game on it."""
    return Geometry(width, height, lake)


_MASKS_SEEN: list = [None, None]  # the meeples colour_masks last worked on (a copy of the list) and its answer


def colour_masks(meeples: list[tuple[int, ...]]) -> list[int]:
    """For each tribe, a bit mask of the tiles holding at least one meeple of it."""
    # A tile's tuple is replaced whenever its meeples change, so the tiles whose tuples are not the very
    # ones last seen are the only ones whose bits may differ from the answer kept for those.
    seen, masks = _MASKS_SEEN
    if seen is not None and len(seen) == len(meeples):
        changed = [t for t, (now, then) in enumerate(zip(meeples, seen)) if now is not then]
        if len(changed) <= 8:
            out = list(masks)
            for t in changed:
                bit, clear = 1 << t, ~(1 << t)
                a, b, c, d, e = meeples[t]
                out[0] = out[0] | bit if a else out[0] & clear
                out[1] = out[1] | bit if b else out[1] & clear
                out[2] = out[2] | bit if c else out[2] & clear
                out[3] = out[3] | bit if d else out[3] & clear
                out[4] = out[4] | bit if e else out[4] & clear
            _MASKS_SEEN[:] = [list(meeples), tuple(out)]
            return out
    out = _colour_masks(meeples)
    _MASKS_SEEN[:] = [list(meeples), tuple(out)]
    return out


def _colour_masks(meeples: list[tuple[int, ...]]) -> list[int]:
    m0 = m1 = m2 = m3 = m4 = 0
    bit = 1
    for a, b, c, d, e in meeples:
        if a:
            m0 |= bit
        if b:
            m1 |= bit
        if c:
            m2 |= bit
        if d:
            m3 |= bit
        if e:
            m4 |= bit
        bit <<= 1
    return [m0, m1, m2, m3, m4]


def end_mask(geo: Geometry, masks: list[int], spot: int, hand: tuple[int, ...]) -> int:
    """Tiles where a walk from `spot` with these meeples in hand may legally end.

    An end is legal when a colour still in hand is already there, or when the walk passes the
    end earlier and a colour held twice is dropped on both visits.
    """
    m = sum(hand)
    if m == 0:
        return 0
    reach, revisit = geo.ends(spot, m)
    want = 0
    for c in range(5):
        if hand[c]:
            want |= masks[c]
    legal = reach & want
    if revisit and max(hand) >= 2:
        legal |= revisit
    return legal


def bits(mask: int) -> list[int]:
    """The tiles of a bit mask, in increasing order."""
    if mask >= 0:  # read off its binary digits, lowest first: twice as fast as taking bits off one by one
        return [i for i, digit in enumerate(bin(mask)[:1:-1]) if digit == "1"]
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def start_mask(geo: Geometry, s: State) -> int:
    """Tiles from which at least one complete legal move exists now."""
    # A pure function of the meeples on this board shape: kept per shape, keyed by the meeples themselves.
    key = tuple(s.meeples)
    hit = geo._starts.get(key)
    if hit is None:
        if len(geo._starts) >= 20_000:
            geo._starts.clear()
        hit = geo._starts[key] = _start_mask(geo, s.meeples)
    return hit


def _start_mask(geo: Geometry, meeples: list[tuple[int, ...]]) -> int:
    masks = colour_masks(meeples)
    known = geo.known_ends
    out = 0
    bit = 1
    for pos, hand in enumerate(meeples):
        m = sum(hand)
        if m:
            # end_mask with the start tile emptied by the pick-up, spelt out: is any end legal?
            spot = pos * 5 + NO_DIR
            reach, revisit = known(m << 16 | spot) or geo.ends(spot, m)
            if revisit and max(hand) >= 2:
                out |= bit
            else:
                a, b, c, d, e = hand
                want = ((masks[0] if a else 0) | (masks[1] if b else 0) | (masks[2] if c else 0)
                        | (masks[3] if d else 0) | (masks[4] if e else 0))
                if reach & want & ~bit:
                    out |= bit
        bit <<= 1
    return out


def pickup_ends(geo: Geometry, s: State, start: int) -> int:
    """End tiles of a move that would start by picking up `start`."""
    hand = s.meeples[start]
    if not any(hand):
        return 0
    clear = ~(1 << start)
    return end_mask(geo, [m & clear for m in colour_masks(s.meeples)], start * 5 + NO_DIR, hand)


def current_ends(geo: Geometry, s: State) -> int:
    """End tiles still open to the move in progress."""
    return end_mask(geo, colour_masks(s.meeples), s.pos * 5 + s.came, s.hand)


def next_steps(geo: Geometry, s: State) -> list[tuple[int, int]]:
    """Every (tile, tribe) the move in progress may drop next, each leaving a legal way to finish."""
    hand = s.hand
    m = sum(hand)
    if m == 0:
        return []
    held = [c for c in range(5) if hand[c]]
    if m == 1:  # the last meeple: onto a tile beside that holds its colour (no masks needed)
        meeples = s.meeples
        c = held[0]
        return [(there // 5, c) for there in geo.succ[s.pos * 5 + s.came] if meeples[there // 5][c]]
    masks = colour_masks(s.meeples)
    # end_mask after each drop, spelt out: the hand less one meeple of c, and c now on the tile
    top = max(hand)
    doubled = top >= 3 or sum(1 for c in held if hand[c] == 2) >= 2  # max(rest) >= 2 whatever c is dropped
    out = []
    known = geo.known_ends
    for there in geo.succ[s.pos * 5 + s.came]:
        tile = there // 5
        bit = 1 << tile
        reach, revisit = known((m - 1) << 16 | there) or geo.ends(there, m - 1)
        for c in held:
            if revisit and (doubled or (top >= 2 and hand[c] != 2)):
                out.append((tile, c))  # max(rest) >= 2: the revisits are legal ends
                continue
            want = 0
            for c2 in held:
                if c2 != c:
                    want |= masks[c2]
                elif hand[c] >= 2:
                    want |= masks[c] | bit
            if reach & want:
                out.append((tile, c))
    return out


def step_reason(geo: Geometry, s: State, tile: int, c: int) -> str | None:
    """Why dropping a meeple of tribe c on `tile` now is not a legal step, or None if it is."""
    if not 0 <= tile < geo.width * geo.height:
        return N_("That is not a tile of the Sultanate.")
    if tile == geo.lake:
        return N_("No meeple may ever stand on the Great Lake.")
    d = geo.direction(s.pos, tile)
    if d is None:
        return N_("Meeples move one tile at a time to a tile beside the last one, never diagonally.")
    if s.came != NO_DIR and d == OPPOSITE[s.came]:
        return N_("You may not step straight back onto the tile you have just left.")
    if not s.hand[c]:
        return None  # the caller names the colour missing from the hand
    m = sum(s.hand)
    masks = colour_masks(s.meeples)
    if m == 1:
        if not masks[c] >> tile & 1:
            return N_("The last meeple must land on a tile that already holds its colour.")
        return None
    rest = list(s.hand)
    rest[c] -= 1
    after = list(masks)
    after[c] |= 1 << tile
    if not end_mask(geo, after, tile * 5 + d, tuple(rest)):
        return N_("From there the move could not end legally: the last meeple would find no tile with its colour.")
    return None


def completion(geo: Geometry, s: State, end: int) -> list[tuple[int, int]] | None:
    """Drops (tile, tribe) that finish the move in progress on `end`, heading there first; None if it cannot."""
    hand = list(s.hand)
    m = sum(hand)
    if m == 0 or not current_ends(geo, s) >> end & 1:
        return None
    masks = colour_masks(s.meeples)
    direct = [c for c in range(5) if hand[c] and masks[c] >> end & 1]
    need_pass = not direct  # the end holds none of our colours: drop a doubled colour there on the way
    path = _route(geo, s.pos * 5 + s.came, m, end, need_pass)
    if path is None:
        return None
    if direct:
        last = direct[0]
        order = [c for c in range(5) for _ in range(hand[c] - (c == last))] + [last]
        return list(zip(path, order))
    last = next(c for c in range(5) if hand[c] >= 2)
    first_pass = path.index(end)
    others = [c for c in range(5) for _ in range(hand[c] - 2 * (c == last))]
    drops = []
    for k, tile in enumerate(path):
        if k == first_pass or k == m - 1:
            drops.append((tile, last))
        else:
            drops.append((tile, others.pop(0)))
    return drops


def _route(geo: Geometry, spot: int, m: int, end: int, need_pass: bool) -> list[int] | None:
    """A walk of exactly m steps from `spot` to `end` (passing `end` on the way if asked), as tiles."""
    er, ec = divmod(end, geo.width)
    bit = 1 << end

    def closeness(there: int) -> tuple[int, int]:
        r, c = divmod(there // 5, geo.width)
        return (abs(r - er) + abs(c - ec), there)

    def go(here: int, left: int, passed: bool) -> list[int] | None:
        if left == 0:
            return [] if here // 5 == end and passed else None
        for there in sorted(geo.succ[here], key=closeness):
            tile = there // 5
            now_passed = passed or (tile == end and left > 1)
            reach, revisit = geo.ends(there, left - 1)
            if left - 1 == 0:
                if tile != end or not now_passed:
                    continue
            elif not (now_passed and reach & bit) and not (revisit & bit):
                continue
            rest = go(there, left - 1, now_passed)
            if rest is not None:
                return [tile] + rest
        return None

    try:
        return go(spot, m, not need_pass)
    finally:
        del go  # it calls itself through its closure: let go of it, so no reference cycle waits for the collector
