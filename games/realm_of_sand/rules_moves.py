"""Realm of Sand: the board moves (a rune tile, disc steps), claiming cards, and the queries a scene asks
about them (anchors, embeddings, disc moves, why a spot is refused). Pure Python; mixed into the rules class.

§ numbers are ../shared/rules/realm-of-sand.md's; [SEED] the seed rules, [P] this project's choice (a value
in data/realm_of_sand/game.yaml).
"""
from __future__ import annotations

from typing import Any

from engine.core.orientation import Orientation
from engine.core.words import Words
from games.realm_of_sand.catalogue import Catalogue
from games.realm_of_sand.rules_board import DISC_OF, Embedding, Geometry, Placement, masks, matches, matching_cells
from games.realm_of_sand.rules_state import EMPTY, Claim, MoveDisc, PlaceDisc, PlaceTile, Player, State

Cell = tuple[int, int]


class MovesLogic:
    """Tiles, discs and claims for the rules class."""

    cat: Catalogue
    cfg: dict[str, Any]
    geo: Geometry
    _claims: dict[tuple[int, tuple[int, ...]], Claim]
    _claim_lists: dict[tuple[tuple[str, ...], tuple[int, ...], str], list[Claim]]  # a board's claims, kept
    _place_discs: dict[tuple[str, int], PlaceDisc]
    _move_discs: dict[tuple[int, int], MoveDisc]

    def colour_word(self, code: str) -> Words:
        return Words(self.cat.colour_name(code.upper()))

    def card_word(self, card: int) -> str:
        """A card by its id (an id is said as written, in every language)."""
        return self.cat.cards[card].id if 0 <= card < len(self.cat.cards) else Words("a card")

    # ------------------------------------------------------------------ the dark cells (§3.1)
    def dark_in_use(self, p: Player, occupied: int) -> int:
        return (occupied & self.geo.dark).bit_count()

    def why_dark(self, s: State, p: Player, occupied: int) -> str | None:
        """Why a board occupying `occupied` breaks the dark-cell rule for its owner (None: it does not)."""
        if s.options["dark_cells"] == "unlock":
            if occupied & self.geo.dark & ~p.unlocked:
                return Words("That dark cell is not open: each +1 on your track opens one dark cell.")
            return None
        used = self.dark_in_use(p, occupied)
        if used > p.level:
            return Words("That would use {n} dark cells; your +1 track allows {level}.", n=used, level=p.level)
        return None

    def _dark_filter(self, s: State, p: Player, occupied: int) -> tuple[bool, int]:
        """(unlock rule?, spare): under 'capacity' how many more dark cells may be taken; under 'unlock' the
        mask of dark cells still closed."""
        if s.options["dark_cells"] == "unlock":
            return True, self.geo.dark & ~p.unlocked
        return False, p.level - self.dark_in_use(p, occupied)

    # ------------------------------------------------------------------ main action A: a rune tile (§9.1)
    def placement(self, a: PlaceTile) -> Placement | None:
        """The listed placement an accepted PlaceTile lays (its orientation named the listed way)."""
        if not 0 <= a.tile < len(self.cat.tiles) or not 0 <= a.turns <= 3:
            return None
        lie = self.geo.same_as[a.tile][Orientation(a.turns, a.flipped)]
        return self.geo.by_action.get(PlaceTile(a.tile, lie.turns, lie.flipped, a.x, a.y))

    def why_not_tile(self, s: State, a: PlaceTile) -> str | None:
        """Why this tile cannot lie there now (not in hand, off the board, a dark cell, the stock), or None."""
        p = s.players[s.current]
        if a.tile not in p.hand:
            return Words("That rune tile is not in your hand.")
        if not 0 <= a.turns <= 3:
            return Words("A tile is turned 0 to 3 quarter turns.")
        place = self.placement(a)
        if place is None:
            return Words("The tile would reach outside your board.")
        board = masks(p.cells)
        problem = self.why_dark(s, p, board.occupied | place.mask)
        if problem is not None:
            return problem
        return self.why_stock(s, p, place)

    def why_stock(self, s: State, p: Player, place: Placement) -> str | None:
        """[P] a tile whose colour the stock lacks cannot be placed (squares it overlaps go back first)."""
        back = {c: 0 for c in s.squares}
        for c in place.cells:
            piece = p.cells[c]
            if piece and piece.isupper():
                back[piece] += 1
        for colour in set(place.colours):
            if place.colours.count(colour) > s.squares[colour] + back[colour]:
                return Words("The stock has too few {colour} squares for this tile.", colour=self.colour_word(colour))
        return None

    def tile_placements(self, s: State) -> list[PlaceTile]:
        """Every legal PlaceTile for the seat to move, each outcome once (the listed orientation)."""
        out: list[PlaceTile] = []
        for tile in s.players[s.current].hand:
            out += [pl.action for pl in self._fitting(s, tile)]
        return out

    def _fitting(self, s: State, tile: int) -> list[Placement]:
        """The listed placements of one hand tile that the dark-cell rule and the stock allow."""
        p = s.players[s.current]
        board = masks(p.cells)
        unlock, spare = self._dark_filter(s, p, board.occupied)
        places = self.geo.placements[tile]
        if unlock:
            fits = [pl for pl in places if not pl.dark & spare]
        elif spare >= 3:
            fits = list(places)  # a tile has three cells: any of them may be dark
        elif spare == 0:
            free = ~board.occupied
            fits = [pl for pl in places if not pl.dark & free]
        else:
            free = ~board.occupied
            fits = [pl for pl in places if (pl.dark & free).bit_count() <= spare]
        if not all(v >= 3 for v in s.squares.values()):
            fits = [pl for pl in fits if self.why_stock(s, p, pl) is None]
        return fits

    def anchors(self, s: State, tile: int, lie: Orientation) -> dict[Cell, tuple[Cell, ...]]:
        """For a scene: every legal anchor of this hand tile laid `lie` (the top-left corner of the turned
        tile's box), with the cells whose pieces it would cover."""
        p = s.players[s.current]
        if tile not in p.hand or not 0 <= tile < len(self.cat.tiles):
            return {}
        listed = self.geo.same_as[tile][lie]
        out: dict[Cell, tuple[Cell, ...]] = {}
        for place in self._fitting(s, tile):
            a = place.action
            if a.turns == listed.turns and a.flipped == listed.flipped:
                out[(a.x, a.y)] = tuple(self.geo.cell(c) for c in place.cells if p.cells[c])
        return out

    def tile_cells(self, tile: int, lie: Orientation, x: int, y: int) -> tuple[tuple[Cell, str], ...]:
        """For a scene: the cells (and their colours) a tile laid `lie` with its corner on (x, y) covers."""
        t = self.cat.tiles[tile]
        return tuple(((x + dx, y + dy), colour) for (dx, dy), colour in zip(lie.apply(t.cells), t.colours))

    def lay_tile(self, s: State, a: PlaceTile) -> None:
        """The tile becomes three squares (covered pieces go back), goes behind the queen; the take follows."""
        place = self.placement(a)
        assert place is not None
        seat = s.current
        p = s.players[seat]
        cells = list(p.cells)
        covered = [self.geo.cell(c) for c in place.cells if cells[c]]
        for c, colour in zip(place.cells, place.colours):
            self._remove(s, p, cells, c)
            s.squares[colour] -= 1
            cells[c] = colour
        p.cells = tuple(cells)
        p.hand = tuple(t for t in p.hand if t != a.tile)
        p.shown = tuple(t for t in p.shown if t != a.tile)
        s.ring = s.ring + (a.tile,)
        s.notices.append({"type": "tile", "seat": seat, "tile": a.tile,
                          "cells": [self.geo.cell(c) for c in place.cells],
                          "covered": covered})
        self.charge(s, p, place.mask)

    def _remove(self, s: State, p: Player, cells: list[str], c: int) -> None:
        """Take the piece off cell c: a square goes to the stock, a disc to its owner's supply [SEED]."""
        piece = cells[c]
        if not piece:
            return
        if piece.isupper():
            s.squares[piece] += 1
        else:
            p.discs[piece.upper()] += 1
        cells[c] = ""

    def charge(self, s: State, p: Player, mask: int) -> None:
        """Advanced side: a piece just placed on a crystal cell charges the crystal [SEED]."""
        if s.options["side"] == "advanced" and mask & self.geo.crystals[p.colour] and not p.charged:
            p.charged = True
            s.notices.append({"type": "charged", "seat": s.current})

    # ------------------------------------------------------------------ main action B: discs (§9.2)
    def disc_cell(self, x: int, y: int) -> int | None:
        return self.geo.index((x, y)) if self.geo.inside(x, y) else None

    def why_not_place_disc(self, s: State, a: PlaceDisc) -> str | None:
        p = s.players[s.current]
        if a.colour not in p.discs:
            return Words("There are no {colour} discs.", colour=Words(a.colour))
        if p.discs[a.colour] < 1:
            return Words("You have no {colour} disc in your supply.", colour=self.colour_word(a.colour))
        c = self.disc_cell(a.x, a.y)
        if c is None:
            return Words("That is outside your board.")
        return self.why_dark(s, p, masks(p.cells).occupied | 1 << c)

    def why_not_move_disc(self, s: State, a: MoveDisc) -> str | None:
        p = s.players[s.current]
        start, end = self.disc_cell(a.from_x, a.from_y), self.disc_cell(a.x, a.y)
        if start is None or end is None:
            return Words("That is outside your board.")
        piece = p.cells[start]
        if not piece or piece.isupper():
            return Words("There is no disc of yours on that cell.")
        if start == end:
            return Words("A disc moves to another cell.")
        occupied = masks(p.cells).occupied
        return self.why_dark(s, p, occupied & ~(1 << start) | 1 << end)

    def disc_steps(self, s: State) -> list[PlaceDisc | MoveDisc]:
        """Every legal disc step for the seat to move (placements from the supply, then moves)."""
        p = s.players[s.current]
        board = masks(p.cells)
        occupied = board.occupied
        unlock, spare = self._dark_filter(s, p, occupied)
        dark = self.geo.dark
        size = self.geo.size
        if unlock:
            open_cells = [c for c in range(size) if not spare >> c & 1]
        elif spare >= 1:
            open_cells = list(range(size))
        else:
            open_cells = [c for c in range(size) if not (dark & ~occupied) >> c & 1]
        out: list[PlaceDisc | MoveDisc] = []
        for colour in self.cfg["disc_colours"]:
            if p.discs[colour] > 0:
                out += [self._place_disc(colour, c) for c in open_cells]
        if board.discs:
            for start in range(size):
                if not board.discs >> start & 1:
                    continue
                if unlock or spare >= 1 or not dark >> start & 1:
                    ends = open_cells
                else:  # leaving a dark cell frees one: any cell will do
                    ends = list(range(size))
                out += [self._move_disc(start, end) for end in ends if end != start]
        return out

    def _place_disc(self, colour: str, c: int) -> PlaceDisc:
        key = (colour, c)
        act = self._place_discs.get(key)
        if act is None:
            x, y = self.geo.cell(c)
            act = self._place_discs[key] = PlaceDisc(colour, x, y)
        return act

    def _move_disc(self, start: int, end: int) -> MoveDisc:
        key = (start, end)
        act = self._move_discs.get(key)
        if act is None:
            (fx, fy), (x, y) = self.geo.cell(start), self.geo.cell(end)
            act = self._move_discs[key] = MoveDisc(fx, fy, x, y)
        return act

    def disc_moves(self, s: State) -> dict[Any, list[Cell]]:
        """For a scene: where each disc may go now: by colour from the supply, by (x, y) from the board."""
        out: dict[Any, list[Cell]] = {}
        for step in self.disc_steps(s):
            key: Any = step.colour if isinstance(step, PlaceDisc) else (step.from_x, step.from_y)
            out.setdefault(key, []).append((step.x, step.y))
        return out

    def step_disc(self, s: State, c: int, piece: str, start: int | None) -> None:
        """Put a disc on cell c (taking it off `start` when moved), covering what was there [SEED]."""
        p = s.players[s.current]
        cells = list(p.cells)
        if start is not None:
            cells[start] = ""
        else:
            p.discs[piece.upper()] -= 1
        s.notices.append({"type": "disc", "seat": s.current, "disc": piece.upper(), "cell": self.geo.cell(c),
                          "from": None if start is None else self.geo.cell(start), "covered": cells[c]})
        self._remove(s, p, cells, c)
        cells[c] = piece
        p.cells = tuple(cells)
        if start is None or self.cfg["moved_disc_charges"]:
            self.charge(s, p, 1 << c)

    def disc_steps_left(self, s: State) -> int:
        """For a scene's step counter: the steps the disc action has left (before it starts: all it would have)."""
        if s.phase == "discs":
            return s.steps
        base = self.cfg["disc_steps"]
        if s.phase == "before" and s.all_discs:
            return max(base, self.discs_owned(s.players[s.current]))
        return base if s.phase == "before" else 0

    def discs_owned(self, p: Player) -> int:
        return sum(p.discs.values()) + masks(p.cells).discs.bit_count()

    # ------------------------------------------------------------------ claiming a card (§9.3)
    def card_place(self, s: State, card: int) -> str | None:
        """Where the seat to move may claim `card` from: 'market', 'reserve', or None."""
        if any(card in row for row in s.market):
            return "market"
        if card in s.players[s.current].reserved:
            return "reserve"
        return None

    def claimable_cards(self, s: State) -> list[int]:
        """The market's cards (rows I, II, III) and the seat's reserved cards."""
        cards = [c for row in s.market for c in row if c != EMPTY]
        return cards + list(s.players[s.current].reserved)

    def embeddings_on(self, s: State, seat: int, card: int) -> list[tuple[int, ...]]:
        """Every embedding of the card's pattern the seat's board shows now, as sorted cell numbers, each once."""
        sat = masks(s.players[seat].cells).satisfies
        return sorted(matching_cells(self.geo.lays(s.options["patterns"])[card], sat))

    def card_embeddings(self, s: State) -> tuple[tuple[Embedding, ...], ...]:
        return self.geo.embeddings(s.options["patterns"])

    def embeddings(self, s: State, card: int, seat: int | None = None) -> list[tuple[Cell, ...]]:
        """For a scene: every embedding of this card's pattern on the seat's board, as (x, y) cells."""
        seat = s.current if seat is None else seat
        return [tuple(self.geo.cell(c) for c in cells) for cells in self.embeddings_on(s, seat, card)]

    def claims(self, s: State) -> list[Claim]:
        """Every legal claim for the seat to move: each card and embedding (as a set of cells) once."""
        board = s.players[s.current].cells
        cards = tuple(self.claimable_cards(s))
        key = (board, cards, s.options["patterns"])
        known = self._claim_lists.get(key)
        if known is None:
            sat = masks(board).satisfies
            every = self.geo.lays(s.options["patterns"])
            known = []
            for card in cards:
                known += [self._claim(card, cells) for cells in sorted(matching_cells(every[card], sat))]
            if len(self._claim_lists) > 4096:
                self._claim_lists.clear()
            self._claim_lists[key] = known
        return list(known)

    def _claim(self, card: int, cells: tuple[int, ...]) -> Claim:
        key = (card, cells)
        act = self._claims.get(key)
        if act is None:
            act = self._claims[key] = Claim(card, tuple(self.geo.cell(c) for c in cells))
        return act

    def why_not_claim(self, s: State, a: Claim) -> str | None:
        if not 0 <= a.card < len(self.cat.cards):
            return Words("There is no such card.")
        if self.card_place(s, a.card) is None:
            return Words("{card} is not in the market or your reserve.", card=self.card_word(a.card))
        cells = []
        for cell in a.cells:
            if len(cell) != 2 or not self.geo.inside(*cell):
                return Words("That is outside your board.")
            cells.append(self.geo.index(cell))
        key = tuple(sorted(cells))
        if len(set(key)) != len(key):
            return Words("Each cell counts once in a pattern.")
        shaped = [e for e in self.card_embeddings(s)[a.card] if e.cells == key]
        if not shaped:
            return Words("Those cells are not the shape of {card}'s pattern.", card=self.card_word(a.card))
        sat = masks(s.players[s.current].cells).satisfies
        if not any(matches(e, sat) for e in shaped):
            return Words("The pieces on those cells do not show {card}'s pattern.", card=self.card_word(a.card))
        return None

    def claim_card(self, s: State, a: Claim) -> None:
        """Remove the matched pieces, take the card and its reward; 10+ hourglasses declare the end [SEED]."""
        seat = s.current
        p = s.players[seat]
        card = self.cat.cards[a.card]
        if self.card_place(s, a.card) == "market":
            s.market = tuple(tuple(EMPTY if c == a.card else c for c in row) for row in s.market)
        else:
            p.reserved = tuple(c for c in p.reserved if c != a.card)
        cells = list(p.cells)
        for cell in a.cells:
            self._remove(s, p, cells, self.geo.index(cell))
        p.cells = tuple(cells)
        p.claimed = p.claimed + (a.card,)
        got = []
        for colour in card.reward_discs:
            if s.supply[colour] > 0:
                s.supply[colour] -= 1
                p.discs[colour] += 1
                got.append(colour)
        levels = min(card.reward_levels, self.cat.level_max - p.level)
        p.level += levels
        s.notices.append({"type": "claimed", "seat": seat, "card": a.card, "cells": list(a.cells), "discs": got,
                          "levels": levels})
        if len(s.seats) > 1 and not s.end_declared and self.hourglasses(s, seat) >= self.cfg["hourglass_end"]:
            s.end_declared, s.end_reason = True, "hourglasses"
            s.notices.append({"type": "end_declared", "seat": seat})

    def hourglasses(self, s: State, seat: int) -> int:
        return sum(self.cat.cards[c].hourglasses for c in s.players[seat].claimed)

    def disc_of(self, colour: str) -> str:
        return DISC_OF[colour]
