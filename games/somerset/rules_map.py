"""Somerset's map: the city layout, public roads, exact-length walks, road pieces and barricades, and where a
country tile may be built. Pure Python; the rules mix it in (it reads `self.cat` and `self.cfg`)."""
from __future__ import annotations

import random
from typing import Any, Iterable

from engine.core import grid
from engine.core.hexgrid import DIRECTIONS, POINTY, Edge, ring, within
from engine.core.words import Words
from games.somerset.catalogue import Catalogue
from games.somerset.rules_state import Board, Edge4, EdgeKey, Hex, Piece, Placed, State, Worker

STEPS = DIRECTIONS[POINTY]  # side d of a hex leads to hex + STEPS[d] (0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW)


def edge_key(a: Hex, b: Hex) -> EdgeKey:
    return (a, b) if a < b else (b, a)


def edge4(key: EdgeKey) -> Edge4:
    (q1, r1), (q2, r2) = key
    return (q1, r1, q2, r2)


def key_of(e: Edge4 | tuple) -> EdgeKey | None:
    """The edge an action names, or None when the four numbers are not two neighbouring hexes."""
    if not isinstance(e, tuple) or len(e) != 4 or not all(isinstance(v, int) and not isinstance(v, bool) for v in e):
        return None
    a, b = (e[0], e[1]), (e[2], e[3])
    if (b[0] - a[0], b[1] - a[1]) not in STEPS:
        return None
    return edge_key(a, b)


def turned(mask: int, rotation: int) -> int:
    k = rotation % 6
    return ((mask << k) | (mask >> (6 - k))) & 0b111111


def connected(cells: Iterable[Hex], links: dict[Hex, list[Hex]]) -> bool:
    """Whether every cell is reached from the first along `links`."""
    cells = list(cells)
    if not cells:
        return True
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for n in links.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def bridges(cells: list[Hex], links: dict[Hex, list[Hex]]) -> set[EdgeKey]:
    """The edges whose loss would split the graph (Tarjan's low-link, iterative)."""
    index: dict[Hex, int] = {}
    low: dict[Hex, int] = {}
    out: set[EdgeKey] = set()
    counter = 0
    for root in cells:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack: list[tuple[Hex, Hex | None, Any]] = [(root, None, iter(links.get(root, ())))]
        while stack:
            v, parent, it = stack[-1]
            advanced = False
            for w in it:
                if w == parent:
                    continue
                if w in index:
                    low[v] = min(low[v], index[w])
                else:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append((w, v, iter(links.get(w, ()))))
                    advanced = True
                    break
            if not advanced:
                stack.pop()
                if parent is not None:
                    low[parent] = min(low[parent], low[v])
                    if low[v] > index[parent]:
                        out.add(edge_key(parent, v))
    return out


class MapLogic:
    """The map's geometry for the rules class."""

    cat: Catalogue
    cfg: dict[str, Any]

    # ------------------------------------------------------------------ the city (§18.1)
    def lay_city(self, tiles: list[int], rng: random.Random) -> Board:
        """The city tiles at random: the centre, its ring, and random hexes of the next ring, re-rolled until
        the public roads join every tile."""
        layout = self.cfg["city_layout"]
        inner = within((0, 0), layout["inner_rings"])
        outer = ring((0, 0), layout["outer_ring"])
        for _ in range(layout["max_tries"]):
            extra = max(0, len(tiles) - len(inner))
            cells = inner[:len(tiles)] + rng.sample(outer, min(extra, len(outer)))
            order = list(tiles)
            rng.shuffle(order)
            placed = {}
            for cell, tile in zip(cells, order):
                rot = rng.randrange(6)
                placed[cell] = Placed(tile, rot, self.cat.tiles[tile].turned(rot))
            board = Board(placed)
            if connected(list(placed), self.public_links(board)):
                return board
        raise RuntimeError(f"no connected city layout in {layout['max_tries']} tries")

    # ------------------------------------------------------------------ public roads (§3)
    def public_links(self, board: Board) -> dict[Hex, list[Hex]]:
        """Each tile's neighbours joined to it by a public road (both stubs meet)."""
        got = board.derived.get("public")
        if got is None:
            cells = board.cells
            got = board.derived["public"] = {c: _public_from(cells, c) for c in cells}
        return got

    def public_edges(self, board: Board) -> frozenset[EdgeKey]:
        got = board.derived.get("public_edges")
        if got is None:
            got = board.derived["public_edges"] = frozenset(
                edge_key(a, b) for a, ns in self.public_links(board).items() for b in ns)
        return got

    def map_links(self, board: Board) -> dict[Hex, tuple[Hex, ...]]:
        """Each tile's placed neighbours, whatever the roads."""
        got = board.derived.get("links")
        if got is None:
            cells = board.cells
            got = board.derived["links"] = {c: _placed_around(cells, c) for c in cells}
        return got

    def map_edges(self, board: Board) -> tuple[EdgeKey, ...]:
        """Every edge between two placed tiles, in a fixed order."""
        got = board.derived.get("edges")
        if got is None:
            got = board.derived["edges"] = tuple(sorted(
                {edge_key(a, b) for a, ns in self.map_links(board).items() for b in ns}))
        return got

    # ------------------------------------------------------------------ road pieces (§8)
    def net(self, s: State) -> tuple[dict[EdgeKey, int], dict[EdgeKey, frozenset[int]]]:
        """(barricade owner by edge, owners of roads by edge) for this state."""
        got = s.memo.get("net")
        if got is None:
            barr: dict[EdgeKey, int] = {}
            roads: dict[EdgeKey, set[int]] = {}
            for p in s.pieces:
                if p.barricade:
                    barr[p.edge] = p.owner
                else:
                    roads.setdefault(p.edge, set()).add(p.owner)
            got = s.memo["net"] = (barr, {e: frozenset(o) for e, o in roads.items()})
        return got

    def pieces_total(self, s: State, seat: int) -> int:
        extra = sum(self.cat.buildings[b].ability.get("road_pieces", 0) for b in s.players[seat].buildings)
        return self.cfg["road_pieces"] + extra

    def pool(self, s: State, seat: int) -> int:
        """Road pieces `seat` still has beside the map."""
        return self.pieces_total(s, seat) - sum(1 for p in s.pieces if p.owner == seat)

    def open_links(self, s: State, seat: int) -> dict[Hex, list[Hex]]:
        """Each tile's neighbours `seat` may step into: a public road or its own road, no other's barricade.
        Read it as `links[tile]` (every tile of the map is a key): with road pieces on the map a tile's entry is
        worked out when first asked, since a walk asks for a few tiles, not the whole map."""
        key = ("open", seat)
        got = s.memo.get(key)
        if got is None:
            barr, roads = self.net(s)
            public = self.public_links(s.board)
            got = public if not barr and not roads else _OpenLinks(seat, barr, roads, public, self.map_links(s.board))
            s.memo[key] = got
        return got

    def closed_public(self, s: State, extra_barricades: Iterable[EdgeKey] = (),
                      lifted: EdgeKey | None = None) -> dict[Hex, list[Hex]]:
        """The public roads with every barricaded edge closed (the connectivity guard's network)."""
        barr, _roads = self.net(s)
        shut = set(barr) | set(extra_barricades)
        if lifted is not None:
            shut.discard(lifted)
        public = self.public_links(s.board)
        if not shut:
            return public
        return {c: [n for n in ns if edge_key(c, n) not in shut] for c, ns in public.items()}

    def cut_edges(self, s: State, lifted: EdgeKey | None = None) -> set[EdgeKey]:
        """Public edges a new barricade may not close (bridges of the open public network)."""
        key = ("bridges", lifted)
        got = s.memo.get(key)
        if got is None:
            got = s.memo[key] = bridges(list(s.board.cells), self.closed_public(s, lifted=lifted))
        return got

    def why_not_piece(self, s: State, seat: int, key: EdgeKey | None, barricade: bool,
                      moved: EdgeKey | None) -> str | None:
        """Why this road or barricade may not go there now (None: it may)."""
        if key is None:
            return Words("A road piece goes on an edge between two neighbouring tiles.")
        cells = s.board.cells
        if key[0] not in cells or key[1] not in cells:
            return Words("A road piece goes between two tiles on the map.")
        mine = {p.edge: p for p in s.pieces if p.owner == seat}
        if moved is not None and moved not in mine:
            return Words("You have no road piece on that edge to pick up.")
        if self.pool(s, seat) > 0:
            if moved is not None and self.cfg["move_pieces"] == "when_pool_empty":
                return Words("You still have road pieces beside the map: place one of those.")
        else:
            if moved is None:
                return Words("All your road pieces are out: pick one up from the map to move it.")
            if moved not in mine:
                return Words("You have no road piece on that edge to pick up.")
        if key in mine and key != moved:
            return Words("You already have a road piece on that edge.")
        barr, roads = self.net(s)
        owner = barr.get(key)
        if owner is not None and not (moved == key and mine[key].barricade):
            return Words("A barricade already closes that edge.")
        public = key in self.public_edges(s.board)
        if not barricade:
            if public:
                return Words("These tiles are already joined by a public road.")
            return None
        others = roads.get(key, frozenset())
        if moved == key and not mine[key].barricade:
            others = others - {seat}
        if not public and not others:
            return Words("A barricade goes where a road joins the two tiles.")
        if public:
            lifted = moved if moved is not None and mine[moved].barricade else None
            if key in self.cut_edges(s, lifted):
                return Words("A barricade there would cut Camelot in two.")
        return None

    def legal_pieces(self, s: State, seat: int) -> list[tuple[EdgeKey, bool, EdgeKey | None]]:
        """Every (edge, barricade, moved piece's edge) the seat may play now (what why_not_piece accepts)."""
        sources: list[Piece | None] = []
        if self.pool(s, seat) > 0:
            sources.append(None)
        if not sources or self.cfg["move_pieces"] == "always":
            sources += [p for p in s.pieces if p.owner == seat]
        public = self.public_edges(s.board)
        out = []
        for moved in sources:
            barr: set[EdgeKey] = set()
            roads: set[EdgeKey] = set()
            mine: set[EdgeKey] = set()
            for p in s.pieces:
                if p is moved:
                    continue
                if p.owner == seat:
                    mine.add(p.edge)
                if p.barricade:
                    barr.add(p.edge)
                else:
                    roads.add(p.edge)
            lifted = moved.edge if moved is not None and moved.barricade else None
            cut = self.cut_edges(s, lifted)
            source = None if moved is None else moved.edge
            for key in self.map_edges(s.board):
                if key in mine or key in barr:
                    continue
                if key in public:
                    if key not in cut:
                        out.append((key, True, source))
                else:
                    out.append((key, False, source))
                    if key in roads:
                        out.append((key, True, source))
        return out

    def legal_edges(self, s: State, seat: int, barricade: bool,
                    moved: EdgeKey | None = None) -> dict[Edge, str | None]:
        """For a scene: every edge between two tiles and why a road (barricade) may not go there (None: it may)."""
        return {Edge(a, b): self.why_not_piece(s, seat, (a, b), barricade, moved) for a, b in self.map_edges(s.board)}

    # ------------------------------------------------------------------ walks (§7.2, §18.3)
    def distances(self, s: State, w: Worker) -> tuple[int, ...]:
        """The exact lengths this worker may move: its kind's, with Stables and Stride."""
        base = self.cfg["workers"][w.kind]["moves"]
        player = s.players[w.owner]
        if w.kind != "peasant" and any(self.cat.buildings[b].ability.get("stables") for b in player.buildings):
            opts = [base - 1, base]
        else:
            opts = [base]
        return tuple(sorted({max(1, d + s.stride) for d in opts}))

    def reach(self, s: State, worker: int) -> dict[Hex, tuple[Hex, ...]]:
        """Every tile this standing worker may move to now, each with a path (start first)."""
        key = ("reach", worker)
        got = s.memo.get(key)
        if got is not None:
            return got
        w = s.workers[worker]
        got = {}
        if w.pos is not None and w.standing:
            own = {x.pos for x in s.workers if x.owner == w.owner and x.pos is not None}
            if s.teleport:
                got = {c: (w.pos, c) for c in s.board.cells if c not in own}
            else:
                links = self.open_links(s, w.owner)

                def onward(cell: Hex) -> list[Hex]:
                    return [n for n in links[cell] if n not in own]

                for d in self.distances(s, w):
                    for end, path in grid.walks(w.pos, d, onward).items():
                        got.setdefault(end, path)
        s.memo[key] = got
        return got

    def why_not_reach(self, s: State, worker: int, cell: Hex) -> str | None:
        """Why this worker may not move to `cell` (None: it may), in words a player understands."""
        w = s.workers[worker]
        if cell in self.reach(s, worker):
            return None
        if cell not in s.board.cells:
            return Words("Workers move only onto tiles of the map.")
        if cell == w.pos:
            return Words("A worker must move; it cannot stay where it stands.")
        if any(x.owner == w.owner and x.pos == cell for x in s.workers):
            return Words("Another of your workers is on that tile.")
        dists = self.distances(s, w)
        if w.pos is not None and w.standing and not s.teleport:
            public = self.public_links(s.board)
            own = {x.pos for x in s.workers if x.owner == w.owner and x.pos is not None}
            links = self.open_links(s, w.owner)
            if any(cell in grid.walks(w.pos, d, lambda c: [n for n in links[c] if n != w.pos])
                   for d in dists):
                return Words("Your own worker stands in the way: a path may not pass a tile holding another "
                             "of your workers.")
            barr, roads = self.net(s)
            free = {c: sorted(set(ns) | {n for n in self.map_links(s.board)[c] if w.owner in roads.get(
                (c, n) if c < n else (n, c), ())}) for c, ns in public.items()}
            if any(cell in grid.walks(w.pos, d, lambda c: [n for n in free.get(c, ()) if n not in own])
                   for d in dists):
                return Words("Another player's barricade closes the way there.")
        kind = Words(w.kind)
        if len(dists) == 1:
            return Words("Your {kind} must move exactly {n} tiles along roads, never through your own workers "
                         "or another player's barricade, nor twice over one tile.", kind=kind, n=dists[0])
        return Words("Your {kind} must move {a} or {b} tiles along roads, never through your own workers "
                     "or another player's barricade, nor twice over one tile.", kind=kind, a=dists[0], b=dists[-1])

    # ------------------------------------------------------------------ country tiles (§5.1, §18.2)
    def spots(self, board: Board) -> tuple[Hex, ...]:
        """Empty hexes touching at least two tiles of the map."""
        got = board.derived.get("spots")
        if got is None:
            need = self.cfg["tile_min_neighbours"]
            cells = board.cells
            count: dict[Hex, int] = {}
            for q, r in cells:
                for dq, dr in STEPS:
                    n = (q + dq, r + dr)
                    if n not in cells:
                        count[n] = count.get(n, 0) + 1
            got = board.derived["spots"] = tuple(sorted(c for c, k in count.items() if k >= need))
        return got

    def needs(self, board: Board) -> dict[Hex, int]:
        """For each spot, the sides (bits) where a neighbour's road stub faces it: a tile fits when one of
        its turned stubs lies on one of them."""
        got = board.derived.get("needs")
        if got is None:
            cells = board.cells
            got = {}
            for q, r in self.spots(board):
                bits = 0
                for d, (dq, dr) in enumerate(STEPS):
                    other = cells.get((q + dq, r + dr))
                    if other is not None and other.mask >> ((d + 3) % 6) & 1:
                        bits |= 1 << d
                got[(q, r)] = bits
            board.derived["needs"] = got
        return got

    def fits(self, board: Board, mask: int, cell: Hex, rotation: int) -> bool:
        """Whether a tile with this road mask, turned so, meets a neighbour's road stub at `cell`."""
        m = turned(mask, rotation)
        q, r = cell
        cells = board.cells
        for d, (dq, dr) in enumerate(STEPS):
            if m >> d & 1:
                other = cells.get((q + dq, r + dr))
                if other is not None and other.mask >> ((d + 3) % 6) & 1:
                    return True
        return False

    def placements(self, board: Board, tile: int) -> tuple[tuple[Hex, int], ...]:
        """Every legal (hex, rotation) for a country tile, each looking different (the first rotation of a
        symmetric tile's equal turns)."""
        mask = self.cat.tiles[tile].roads
        key = ("placements", mask)
        got = board.derived.get(key)
        if got is None:
            looks = []
            seen = set()
            for rot in range(6):
                m = turned(mask, rot)
                if m not in seen:
                    seen.add(m)
                    looks.append((rot, m))
            got = board.derived[key] = tuple(
                (cell, rot) for cell, need in self.needs(board).items() for rot, m in looks if m & need)
        return got

    def why_not_spot(self, board: Board, tile: int, cell: Hex, rotation: int) -> str | None:
        """Why the country tile may not go there so turned (None: it may)."""
        if cell in board.cells:
            return Words("That hex already holds a tile.")
        if cell not in self.spots(board):
            return Words("A country tile must touch at least {n} tiles already on the map.",
                         n=self.cfg["tile_min_neighbours"])
        if not 0 <= rotation < 6:
            return Words("A tile turns 0 to 5 sixths.")
        if not self.fits(board, self.cat.tiles[tile].roads, cell, rotation):
            return Words("Turn it so one of its road stubs meets a neighbour's road.")
        return None

    def with_tile(self, board: Board, tile: int, cell: Hex, rotation: int, owner: int) -> Board:
        cells = dict(board.cells)
        cells[cell] = Placed(tile, rotation, self.cat.tiles[tile].turned(rotation), owner)
        made = Board(cells)
        # A build changes the public roads and neighbours of the new tile and the tiles around it only: carry the
        # rest over from the old board when it has them (the computer seats value many builds of one board, and
        # working out the whole map again for each was a tenth of their thinking). Worked out as public_links and
        # map_links would, in the same order.
        old, derived = board.derived, made.derived
        touched = (cell, *_placed_around(cells, cell))
        public = old.get("public")
        if public is not None:
            public = derived["public"] = dict(public)
            for c in touched:
                public[c] = _public_from(cells, c)
        links = old.get("links")
        if links is not None:
            links = derived["links"] = dict(links)
            for c in touched:
                links[c] = _placed_around(cells, c)
        return made

    def piece(self, owner: int, key: EdgeKey, barricade: bool) -> Piece:
        return Piece(owner, key, barricade)


def _public_from(cells: dict[Hex, Placed], c: Hex) -> list[Hex]:
    """The tiles joined to tile `c` by a public road (both stubs meet), side by side in STEPS order."""
    q, r = c
    mask = cells[c].mask
    out = []
    for d, (dq, dr) in enumerate(STEPS):
        n = (q + dq, r + dr)
        other = cells.get(n)
        if other is not None and mask >> d & 1 and other.mask >> ((d + 3) % 6) & 1:
            out.append(n)
    return out


def _placed_around(cells: dict[Hex, Placed], c: Hex) -> tuple[Hex, ...]:
    """The placed tiles next to `c`, in STEPS order."""
    q, r = c
    return tuple((q + dq, r + dr) for dq, dr in STEPS if (q + dq, r + dr) in cells)


class _OpenLinks(dict):
    """A seat's open neighbours of each tile (MapLogic.open_links) with road pieces on the map, each tile's worked out
    when first asked: Somerset's computer seats walk every worker's reach in each position they value, and
    working out the whole map for each position was a third of their thinking."""

    __slots__ = ("seat", "barr", "roads", "public", "links")

    def __init__(self, seat: int, barr: dict[EdgeKey, int], roads: dict[EdgeKey, frozenset[int]],
                 public: dict[Hex, list[Hex]], links: dict[Hex, tuple[Hex, ...]]) -> None:
        super().__init__()
        self.seat, self.barr, self.roads, self.public, self.links = seat, barr, roads, public, links

    def __missing__(self, c: Hex) -> list[Hex]:
        seat, barr, roads = self.seat, self.barr, self.roads
        pub = self.public.get(c, ())
        out = []
        for n in self.links.get(c, ()):
            e = edge_key(c, n)
            if barr.get(e, seat) != seat:
                continue
            if n in pub or seat in roads.get(e, ()):
                out.append(n)
        self[c] = out
        return out
