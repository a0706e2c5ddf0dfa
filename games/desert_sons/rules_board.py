"""Realm of the Desert Sons: the board's geometry for the rules and the scene. Pure Python.

Camel reach along the brown and white lines, where a tile fits, oases and
their parts, and the points of a part (outline, icons, explorer spot) as a
turned tile shows them.
"""
from __future__ import annotations

from typing import Any, KeysView

from engine.core.words import N_, Words
from games.desert_sons.catalogue import Catalogue, Point
from games.desert_sons.rules_state import BrownNet, Cell, PartKey, Placed, State

EDGE_NAMES = (N_("north"), N_("east"), N_("south"), N_("west"))
BESIDE = (N_("above"), N_("to the right"), N_("below"), N_("to the left"))


def turn_point(point: Point, rotation: int) -> Point:
    """A point of a tile (tile units, rotation 0) after turning the tile clockwise `rotation` quarter turns."""
    x, y = point
    for _ in range(rotation % 4):
        x, y = 1 - y, x
    return (round(x, 4), round(y, 4))


def inside_polygon(point: Point, outline: tuple[Point, ...]) -> bool:
    """Whether a point lies inside a polygon (even-odd rule)."""
    x, y = point
    inside = False
    j = len(outline) - 1
    for i in range(len(outline)):
        xi, yi = outline[i]
        xj, yj = outline[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


class Lines(dict):
    """(square, edges) -> (squares across its brown lines, squares across its white lines), on the board only.

    A pure function of the square and its edges ('D' desert sides are brown lines), filled as asked.
    """

    def __init__(self, nbr: dict[Cell, tuple[Cell | None, ...]]) -> None:
        super().__init__()
        self._nbr = nbr

    def __missing__(self, key: tuple[Cell, str]) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        cell, edges = key
        around = self._nbr[cell]
        hit = self[key] = (tuple(n for e, n in zip(edges, around) if n is not None and e == "D"),
                           tuple(n for e, n in zip(edges, around) if n is not None and e != "D"))
        return hit


class BoardLogic:
    """Geometry shared by the rules and the scene: needs `cat`, `size`, `_nbr` and `_lines` from the rules class."""

    cat: Catalogue
    size: int
    _nbr: dict[Cell, tuple[Cell | None, ...]]
    _lines: Lines
    _fit_cache: dict[tuple[str, str, bool], tuple[int, ...]]
    _kind_turns: dict[str, tuple[tuple[str, frozenset], ...]]
    _turned: dict[tuple[str, int], tuple[frozenset[int], ...]]

    # ------------------------------------------------------------------ squares
    def placed(self, kind: str, rotation: int, tile: int | None) -> Placed:
        """A square of `kind` turned `rotation` quarter turns clockwise (`tile`: physical explorer tile)."""
        return Placed(kind, rotation, self.cat.kinds[kind].turned_edges(rotation), tile)

    def part_edges(self, placed: Placed) -> tuple[frozenset[int], ...]:
        """The O edges of each oasis part of a placed square, after its rotation."""
        key = (placed.kind, placed.rotation)
        hit = self._turned.get(key)
        if hit is None:
            hit = self._turned[key] = self.cat.kinds[placed.kind].turned_parts(placed.rotation)
        return hit

    def frontier(self, s: State, cell: Cell) -> list[Cell]:
        """Undiscovered squares of the area beside `cell`."""
        cells = s.cells
        return [n for n in self._nbr[cell] if n is not None and n not in cells]

    # ------------------------------------------------------------------ camel movement (§5.1)
    def leader_available(self, s: State, seat: int) -> bool:
        """Whether `seat` may pay to move along white lines freely now (caravan leader)."""
        player = s.players[seat]
        if player.water < self.cat.config["costs"]["leader"]:
            return False
        return bool(s.options["leader_per_use"]) or player.used["leader"] == 0

    def _free_tree(self, s: State, seat: int) -> dict[Cell, Cell | None]:
        """Parents of the free reach: brown lines as far as they go, then at most one white line."""
        # Everything the reach depends on: apply changes a state's squares, camels and water as it goes.
        key = ("free", seat, s.players[seat].camel, len(s.cells))
        hit = s.memo.get(key)
        if hit is not None:
            return hit
        start = s.players[seat].camel
        cells, lines = s.cells, self._lines
        free: dict[Cell, Cell | None] = {}
        if start is not None:
            free[start] = None
            order = [start]
            white = []
            for c in order:  # the list grows while it is walked: a breadth-first search
                brown, other = lines[c, cells[c].edges]
                for n in brown:
                    if n in cells and n not in free:
                        free[n] = c
                        order.append(n)
                for n in other:  # a square reached along brown lines meanwhile is skipped below
                    if n in cells:
                        white.append((n, c))
            for n, c in white:  # one white line more, then the move ends
                if n not in free:
                    free[n] = c
        s.memo[key] = free
        return free

    def _free_set(self, s: State, seat: int) -> frozenset[Cell] | KeysView[Cell]:
        """The squares of the free reach (the keys of _free_tree), from the brown-line groups when they hold.

        The free reach is the camel's brown-line group and every placed square one white line from it.
        """
        found = self._net_group(s, seat)
        if found is not None:
            return self._group_reach(*found)
        return self._free_tree(s, seat).keys()

    def _net_group(self, s: State, seat: int) -> tuple[BrownNet, Cell] | None:
        """The state's brown-line groups and the group of the seat's camel, when the groups hold for its board."""
        net = s.net
        if net is not None and net.cells == s.cells:
            g = net.group.get(s.players[seat].camel)  # type: ignore[arg-type]
            if g is not None:
                return net, g
        return None

    @staticmethod
    def _group_reach(net: BrownNet, g: Cell) -> frozenset[Cell]:
        """A group's free reach: its squares and those one white line from them (kept with the groups)."""
        key = ("reach", g)
        hit = net.derived.get(key)
        if hit is None:
            hit = net.derived[key] = net.members[g] | net.whites[g]
        return hit

    def _make_net(self, cells: dict[Cell, Placed]) -> BrownNet | None:
        """The brown-line groups of a board; None when two neighbours' shared edges differ."""
        lines, nbr = self._lines, self._nbr
        for c, placed in cells.items():
            for d, n in enumerate(nbr[c]):
                other = cells.get(n) if n is not None else None
                if other is not None and other.edges[(d + 2) % 4] != placed.edges[d]:
                    return None
        group: dict[Cell, Cell] = {}
        members: dict[Cell, frozenset[Cell]] = {}
        whites: dict[Cell, frozenset[Cell]] = {}
        for c in cells:
            if c in group:
                continue
            group[c] = c
            order = [c]
            for x in order:
                for n in lines[x, cells[x].edges][0]:
                    if n in cells and n not in group:
                        group[n] = c
                        order.append(n)
            members[c] = frozenset(order)
            whites[c] = frozenset(n for x in order for n in lines[x, cells[x].edges][1] if n in cells)
        return BrownNet(dict(cells), group, members, whites)

    def _grow_net(self, net: BrownNet | None, s: State, cell: Cell, placed: Placed) -> BrownNet | None:
        """The groups once `placed` is laid on the empty `cell` (s.cells not yet holding it); None if unknown."""
        cells = s.cells
        if net is None or cell in cells or net.cells != cells:
            return None
        joined: set[Cell] = set()  # groups the new square's brown lines join
        across: list[Cell] = []  # placed squares across its white lines
        for d, n in enumerate(self._nbr[cell]):
            other = cells.get(n) if n is not None else None
            if other is None:
                continue
            if other.edges[(d + 2) % 4] != placed.edges[d]:
                return None  # a mismatched edge: the groups would not say what the walk says
            if placed.edges[d] == "D":
                joined.add(net.group[n])
            else:
                across.append(n)
        group, members, whites = dict(net.group), dict(net.members), dict(net.whites)
        if joined:
            keep = max(joined, key=lambda g: (len(members[g]), g[1], g[0]))  # the largest keeps its name
            others = [g for g in joined if g != keep]
            # one union each, onto the largest group's sets
            new_members = members[keep].union(*[members[g] for g in others], (cell,))
            new_whites = whites[keep].union(*[whites[g] for g in others], across)
            for g in others:
                for c in members.pop(g):
                    group[c] = keep
                del whites[g]
        else:
            keep = cell
            new_members = frozenset((cell,))
            new_whites = frozenset(across)
        group[cell] = keep
        members[keep] = new_members
        whites[keep] = new_whites
        for n in across:  # the new square is one white line from each of these squares' groups
            g = group[n]
            if cell not in whites[g]:
                whites[g] = whites[g] | {cell}
        board = dict(cells)
        board[cell] = placed
        return BrownNet(board, group, members, whites)

    def _can_move(self, s: State, seat: int) -> bool:
        """Whether reach_costs(s, seat) lists any square (without making it)."""
        if s.players[seat].camel is None:
            return False
        free = self._free_set(s, seat)
        blocked = {p.camel for p in s.players}
        if any(c not in blocked for c in free):
            return True
        return self.leader_available(s, seat) and any(c not in free and c not in blocked for c in s.cells)

    def _any_tree(self, s: State, seat: int) -> dict[Cell, Cell | None]:
        """Parents of a breadth-first walk along every line (the caravan leader's reach)."""
        start = s.players[seat].camel
        cells, nbr = s.cells, self._nbr
        tree: dict[Cell, Cell | None] = {start: None}
        order = [start]
        for c in order:
            for n in nbr[c]:
                if n is not None and n not in tree and n in cells:
                    tree[n] = c
                    order.append(n)
        return tree

    def reach_costs(self, s: State, seat: int | None = None) -> dict[Cell, int]:
        """Squares the camel of `seat` (default: the seat whose turn it is) may end a move on -> water to pay."""
        seat = s.current if seat is None else seat
        start = s.players[seat].camel
        if start is None:
            return {}
        free = self._free_tree(s, seat)
        blocked = {p.camel for p in s.players}
        out = {c: 0 for c in free if c not in blocked}
        if self.leader_available(s, seat):
            # every placed square is joined to the others (a tile is only ever laid beside a camel,
            # and neighbours always match), so the leader reaches the whole board
            cost = self.cat.config["costs"]["leader"]
            for c in s.cells:
                if c not in free and c not in blocked:
                    out[c] = cost
        return out

    def route(self, s: State, cell: Cell, seat: int | None = None) -> list[Cell]:
        """The squares the camel passes from its square to `cell` (both included); [] if it cannot end there."""
        seat = s.current if seat is None else seat
        cost = self.reach_costs(s, seat).get(cell)
        if cost is None:
            return []
        return self._path(self._free_tree(s, seat) if cost == 0 else self._any_tree(s, seat), cell)

    @staticmethod
    def _path(parents: dict[Cell, Cell | None], cell: Cell) -> list[Cell]:
        path = [cell]
        while parents[path[-1]] is not None:
            path.append(parents[path[-1]])  # type: ignore[arg-type]
        return path[::-1]

    def camel_reach(self, s: State, seat: int | None = None) -> dict[Cell, tuple[list[Cell], int]]:
        """Every square the camel may move to now -> (the route from its square, water to pay).

        Free squares (cost 0) are reached along brown lines and at most one white line at the end;
        the others need the caravan leader (water) and are only listed while that is available.
        """
        seat = s.current if seat is None else seat
        costs = self.reach_costs(s, seat)
        free = self._free_tree(s, seat)
        paid = self._any_tree(s, seat) if any(costs.values()) else {}
        return {cell: (self._path(free if cost == 0 else paid, cell), cost) for cell, cost in costs.items()}

    def why_not_reach(self, s: State, cell: Cell, pay: bool) -> str | None:
        """Why the camel may not end a move on `cell` (with or without paying), or None."""
        seat = s.current
        player = s.players[seat]
        if not (0 <= cell[0] < self.size and 0 <= cell[1] < self.size):
            return N_("That is outside the 11 x 11 area.")
        if cell not in s.cells:
            return N_("That square is not discovered yet: the camel only walks on laid tiles.")
        if cell == player.camel:
            return N_("The camel already stands there; pass to stay.")
        for i, other in enumerate(s.players):
            if i != seat and other.camel == cell:
                return Words("{who}'s camel stands there; a camel may pass it but not stop there.", who=s.seats[i].name)
        free = self._free_tree(s, seat)
        cost = self.cat.config["costs"]["leader"]
        if cell in free:
            if pay:
                return N_("You can reach that square without paying water.")
            return None
        if not pay:
            return Words("The camel may follow brown lines as far as it likes but cross only one white line, and must "
                         "stop right after it. To move freely along white lines, pay {cost} water (caravan leader).",
                         cost=cost)
        if not s.options["leader_per_use"] and player.used["leader"]:
            return N_("You have already used the caravan leader this game.")
        if player.water < cost:
            return Words("The caravan leader costs {cost} water; you have {water}.", cost=cost, water=player.water)
        return None

    # ------------------------------------------------------------------ tile placement (§5.2)
    def required_edge(self, s: State, cell: Cell, d: int) -> str | None:
        """What a tile at `cell` must show on side d: 'D', 'O', or None (anything)."""
        n = self._nbr[cell][d]
        if n is None:
            return "D" if s.options["desert_border"] else None
        placed = s.cells.get(n)
        return None if placed is None else placed.edges[(d + 2) % 4]

    def fits(self, s: State, kind: str, cell: Cell, all_rotations: bool = False) -> tuple[int, ...]:
        """Rotations for which a tile of `kind` matches every neighbour of `cell` (distinct outcomes only,
        unless `all_rotations`: a tile that looks the same turned is then listed once per turn)."""
        return self._fits_need(kind, self._need(s, cell), all_rotations)

    def _need(self, s: State, cell: Cell) -> str:
        """What a tile at `cell` must show on each side: required_edge's answers, "?" for None."""
        # required_edge of each side ("?" for None), spelt out side by side: the hottest lines of discovery
        get = s.cells.get
        border = "D" if s.options["desert_border"] else "?"
        n0, n1, n2, n3 = self._nbr[cell]
        p = get(n0) if n0 is not None else None
        need = (border if n0 is None else "?") if p is None else p.edges[2]
        p = get(n1) if n1 is not None else None
        need += (border if n1 is None else "?") if p is None else p.edges[3]
        p = get(n2) if n2 is not None else None
        need += (border if n2 is None else "?") if p is None else p.edges[0]
        p = get(n3) if n3 is not None else None
        need += (border if n3 is None else "?") if p is None else p.edges[1]
        return need

    def _fits_need(self, kind: str, need: str, all_rotations: bool) -> tuple[int, ...]:
        """fits for a square that needs `need` (a pure function of the three: kept)."""
        key = (kind, need, all_rotations)
        hit = self._fit_cache.get(key)
        if hit is None:
            turns = self._kind_turns.get(kind)  # the kind's four turns: (edges, frozenset of parts' edges)
            if turns is None:
                k = self.cat.kinds[kind]
                turns = self._kind_turns[kind] = tuple(
                    (k.turned_edges(rot), frozenset(k.turned_parts(rot))) for rot in range(4))
            seen, rots = set(), []
            for rot, outcome in enumerate(turns):
                if not all_rotations and outcome in seen:
                    continue
                seen.add(outcome)
                if all(n == "?" or n == e for n, e in zip(need, outcome[0])):
                    rots.append(rot)
            hit = self._fit_cache[key] = tuple(rots)
        return hit

    def placements(self, s: State, tile: int, all_rotations: bool = False) -> list[tuple[Cell, int]]:
        """Every (square, rotation) where explorer tile `tile` may be laid beside the active camel now.

        Rotations that give the same tile (a desert or heart tile turned) are listed once unless
        `all_rotations`; every fitting rotation is legal either way.
        """
        camel = s.players[s.current].camel
        if camel is None:
            return []
        kind = self.cat.tiles[tile].id
        fit = self._fits_need
        return [(c, r) for c, need in self._frontier_needs(s, camel) for r in fit(kind, need, all_rotations)]

    def _frontier_needs(self, s: State, camel: Cell) -> list[tuple[Cell, str]]:
        """Each undiscovered square beside `camel` with what a tile there must show (kept for this state)."""
        # Everything they depend on: apply changes a state's squares and camels as it goes.
        key = ("needs", camel, len(s.cells))
        hit = s.memo.get(key)
        if hit is None:
            hit = s.memo[key] = [(c, self._need(s, c)) for c in self.frontier(s, camel)]
        return hit

    def why_not_fit(self, s: State, tile: int, cell: Cell, rotation: int) -> str | None:
        """Why explorer tile `tile` may not be laid at `cell` turned `rotation`, or None."""
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation < 4:
            return N_("A tile is turned 0 to 3 quarter turns.")
        if not (0 <= cell[0] < self.size and 0 <= cell[1] < self.size):
            return N_("Tiles are laid inside the 11 x 11 area.")
        if cell in s.cells:
            return N_("That square is already discovered.")
        camel = s.players[s.current].camel
        if camel is None or cell not in self._nbr[camel]:
            return N_("Tiles are laid on a free square right beside your camel.")
        edges = self.cat.tiles[tile].turned_edges(rotation)
        for d in range(4):
            need = self.required_edge(s, cell, d)
            if need is None or need == edges[d]:
                continue
            mine = "desert" if edges[d] == "D" else N_("oasis")
            if self._nbr[cell][d] is None:
                return Words("The {edge} edge shows oasis, but edges facing the border must be desert.",
                             edge=Words(EDGE_NAMES[d]))
            theirs = "desert" if need == "D" else N_("oasis")
            return Words("The {edge} edge is {mine}; the tile {beside} shows {theirs} there.", edge=Words(EDGE_NAMES[d]),
                         mine=Words(mine), beside=Words(BESIDE[d]), theirs=Words(theirs))
        return None

    # ------------------------------------------------------------------ oases (§2.1, §6)
    def oasis_parts(self, s: State, cell: Cell, part: int) -> tuple[tuple[PartKey, ...], bool]:
        """The oasis holding this part: all its parts (sorted) and whether it is complete."""
        seen, complete = self._oasis_walk(s, cell, part)
        return tuple(sorted(seen, key=lambda k: (k[0][1], k[0][0], k[1]))), complete

    def _oasis_walk(self, s: State, cell: Cell, part: int) -> tuple[set[PartKey], bool]:
        """oasis_parts' parts as a set (not sorted yet), and whether the oasis is complete."""
        cells, nbr = s.cells, self._nbr
        start = (cell, part)
        seen = {start}
        stack = [start]
        complete = True
        while stack:
            c, p = stack.pop()
            for d in self.part_edges(cells[c])[p]:
                n = nbr[c][d]
                if n is None:
                    continue  # the border closes an oasis (only possible without the desert border)
                other = cells.get(n)
                if other is None:
                    complete = False
                    continue
                od = (d + 2) % 4
                for j, edges in enumerate(self.part_edges(other)):
                    if od in edges and (n, j) not in seen:
                        seen.add((n, j))
                        stack.append((n, j))
        return seen, complete

    def oases(self, s: State) -> list[dict[str, Any]]:
        """Every oasis on the board: parts, squares, explorers (rank, owner), icons, complete?, scored?"""
        at = {where: rank for rank, where in s.explorers.items()}
        seen: set[PartKey] = set()
        out = []
        for cell in sorted(s.cells, key=lambda c: (c[1], c[0])):
            for p in range(len(self.part_edges(s.cells[cell]))):
                if (cell, p) in seen:
                    continue
                parts, complete = self.oasis_parts(s, cell, p)
                seen.update(parts)
                out.append(self._oasis_record(s, parts, complete, at))
        return out

    def oasis_at(self, s: State, cell: Cell, part: int) -> dict[str, Any]:
        """The oasis holding this part, as `oases` describes it."""
        parts, complete = self.oasis_parts(s, cell, part)
        return self._oasis_record(s, parts, complete, {where: rank for rank, where in s.explorers.items()})

    def _oasis_record(self, s: State, parts: tuple[PartKey, ...], complete: bool, at: dict) -> dict[str, Any]:
        explorers = [(at[k], s.owner[at[k]]) for k in parts if k in at]
        icons = [(c, p, i, icon) for c, p in parts for i, icon in enumerate(self.cat.kinds[s.cells[c].kind].parts[p].icons)]
        return {
            "parts": parts,
            "cells": sorted({c for c, _ in parts}, key=lambda c: (c[1], c[0])),
            "complete": complete,
            "scored": parts[0] in s.scored_parts,
            "explorers": explorers,
            "owners": sorted({o for _, o in explorers}),
            "icons": icons,
        }

    # ------------------------------------------------------------------ drawing help for the scene
    def part_geometry(self, s: State, cell: Cell, part: int) -> dict[str, Any]:
        """Where a part of a placed square lies, in tile units of the turned square: outline, icons, spot."""
        placed = s.cells[cell]
        p = self.cat.kinds[placed.kind].parts[part]
        rot = placed.rotation
        return {
            "outline": tuple(turn_point(pt, rot) for pt in p.outline),
            "icons": [(icon, turn_point(at, rot)) for icon, at in zip(p.icons, p.icon_at)],
            "spot": turn_point(p.spot, rot),
        }

    def part_at(self, s: State, cell: Cell, point: Point) -> int | None:
        """The oasis part of a placed square under a point (tile units, 0..1 across the square), or None."""
        placed = s.cells.get(cell)
        if placed is None:
            return None
        kind = self.cat.kinds[placed.kind]
        back = turn_point(point, -placed.rotation % 4)
        for i, p in enumerate(kind.parts):
            if inside_polygon(back, p.outline):
                return i
        return None

    def explorer_spots(self, s: State) -> list[dict[str, Any]]:
        """The parts of the tile just laid where the seat to move may put an explorer now, with their spots."""
        if s.phase != "explorer" or s.fresh is None:
            return []
        taken = set(s.explorers.values())
        out = []
        for p in range(len(self.part_edges(s.cells[s.fresh]))):
            if (s.fresh, p) not in taken:
                out.append({"cell": s.fresh, "part": p, "spot": self.part_geometry(s, s.fresh, p)["spot"]})
        return out
