"""Realm of Sand: the crystal powers of the advanced side (§10) and the dark-cell unlock choice. Pure Python;
mixed into the rules class.

A power is used at a free moment of the turn (before or after the main action) when the crystal was
charged as the turn began [SEED]; using it turns the crystal clear, so once a turn. Red and blue leave a
choice waiting (their own phase, `s.resume` says where the turn goes on).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.words import Words
from games.realm_of_sand.catalogue import Catalogue
from games.realm_of_sand.rules_board import DISC_OF, Geometry, masks
from games.realm_of_sand.rules_state import (
    ALL_DISCS, END_SWAP, GAIN_LEVEL, Action, AllDiscs, ExchangeDisc, GainLevel, KeepCard, MoveSquare, Reserve,
    State, SwapTile, Unlock,
)

POWER_OF = {Reserve: "reserve", AllDiscs: "all_discs", ExchangeDisc: "exchange_disc", MoveSquare: "move_square",
            GainLevel: "gain_level", SwapTile: "swap_tiles"}
POWER_NAMES = {"reserve": "the red power", "all_discs": "the purple power", "exchange_disc": "the yellow power",
               "move_square": "the green power", "gain_level": "the orange power", "swap_tiles": "the blue power"}
FREE = ("before", "after")


class PowersLogic:
    """The six crystal powers for the rules class."""

    cat: Catalogue
    cfg: dict[str, Any]
    geo: Geometry

    if TYPE_CHECKING:  # provided by the other parts of the rules class
        def why_dark(self, s: State, p: Any, occupied: int) -> str | None: ...
        def colour_word(self, code: str) -> Words: ...
        def settle(self, s: State) -> None: ...
        def charge(self, s: State, p: Any, mask: int) -> None: ...

    def power(self, s: State, seat: int) -> str:
        """The power of the seat's board (its colour's)."""
        return self.cat.board(s.players[seat].colour).power

    def why_no_power(self, s: State, power: str) -> str | None:
        """Why the seat to move cannot use this power now (side, board, crystal, moment), or None."""
        if s.options["side"] != "advanced":
            return Words("Crystal powers are played on the advanced side of the boards.")
        if self.power(s, s.current) != power:
            return Words("That is not your board's power.")
        if s.phase not in FREE:
            return Words("A crystal power is used before or after the main action.")
        if not s.ready:
            if s.players[s.current].charged:
                return Words("Your crystal was charged this turn: it can be used from your next turn.")
            return Words("Your crystal is not charged.")
        return None

    def powers_now(self, s: State) -> list[str]:
        """For a scene: the powers the seat to move may use now (at most its board's one)."""
        if s.phase not in FREE or not s.ready:
            return []
        power = self.power(s, s.current)
        return [power] if self.power_actions(s) else []

    def power_actions(self, s: State) -> list[Action]:
        """Every legal use of the seat's power now (empty when the crystal is not ready)."""
        if s.phase not in FREE or not s.ready or s.options["side"] != "advanced":
            return []
        power = self.power(s, s.current)
        p = s.players[s.current]
        if power == "reserve":
            limit = self.cfg["reserve_limit"]
            if limit and len(p.reserved) >= limit:
                return []
            return [Reserve(level) for level in (1, 2, 3) if s.decks[level - 1]]
        if power == "all_discs":
            return [ALL_DISCS] if s.phase == "before" and not s.all_discs else []
        if power == "gain_level":
            at_top = p.level >= self.cat.level_max and self.cfg["orange_at_top"] == "refused"
            return [] if at_top else [GAIN_LEVEL]
        if power == "exchange_disc":
            return self._exchanges(s)
        if power == "move_square":
            return self._square_moves(s)
        return [SwapTile(t, r) for t in p.hand for r in s.ring]

    def use_power(self, s: State) -> None:
        s.ready = False
        s.players[s.current].charged = False
        s.notices.append({"type": "power", "seat": s.current, "power": self.power(s, s.current)})

    # ------------------------------------------------------------------ red: reserve a card
    def _why_reserve(self, s: State, a: Reserve) -> str | None:
        problem = self.why_no_power(s, "reserve")
        if problem is not None:
            return problem
        if a.level not in (1, 2, 3):
            return Words("The decks are levels 1, 2 and 3.")
        if not s.decks[a.level - 1]:
            return Words("That deck is empty.")
        limit = self.cfg["reserve_limit"]
        if limit and len(s.players[s.current].reserved) >= limit:
            return Words("Your reserve is full: the limit is {n}.", n=limit)
        return None

    def _do_reserve(self, s: State, a: Reserve) -> None:
        self.use_power(s)
        deck = s.decks[a.level - 1]
        k = self.cfg["reserve_draw"]
        s.drawn, s.drawn_level = deck[:k], a.level
        s.decks = tuple(d[k:] if i == a.level - 1 else d for i, d in enumerate(s.decks))
        s.chance += 1
        s.resume, s.phase = s.phase, "reserve"
        s.notices.append({"type": "drew", "seat": s.current, "level": a.level, "count": len(s.drawn)})

    def _why_keep_card(self, s: State, a: KeepCard) -> str | None:
        if a.card not in s.drawn:
            return Words("Keep one of the cards you drew.")
        return None

    def _do_keep_card(self, s: State, a: KeepCard) -> None:
        p = s.players[s.current]
        p.reserved = p.reserved + (a.card,)
        back = tuple(c for c in s.drawn if c != a.card)
        s.decks = tuple(d + back if i == s.drawn_level - 1 else d for i, d in enumerate(s.decks))
        s.notices.append({"type": "kept", "seat": s.current, "card": a.card, "private": s.current,
                          "level": s.drawn_level})
        s.drawn, s.drawn_level = (), 0
        s.phase, s.resume = s.resume, ""
        self.settle(s)

    # ------------------------------------------------------------------ purple: all discs
    def _why_all_discs(self, s: State, a: AllDiscs) -> str | None:
        problem = self.why_no_power(s, "all_discs")
        if problem is not None:
            return problem
        if s.phase != "before":
            return Words("The purple power is declared before the main action.")
        return None

    def _do_all_discs(self, s: State, a: AllDiscs) -> None:
        self.use_power(s)
        s.all_discs = True

    # ------------------------------------------------------------------ yellow: exchange a disc
    def _exchanges(self, s: State) -> list[Action]:
        p = s.players[s.current]
        wanted = [c for c in self.cfg["disc_colours"] if s.supply[c] > 0]
        out: list[Action] = []
        for give in self.cfg["disc_colours"]:
            if p.discs[give] > 0:
                out += [ExchangeDisc(give, take) for take in wanted if take != give]
        for c, piece in enumerate(p.cells):
            if piece and piece.islower():
                x, y = self.geo.cell(c)
                give = piece.upper()
                out += [ExchangeDisc(give, take, x, y) for take in wanted if take != give]
        return out

    def _why_exchange_disc(self, s: State, a: ExchangeDisc) -> str | None:
        problem = self.why_no_power(s, "exchange_disc")
        if problem is not None:
            return problem
        p = s.players[s.current]
        colours = self.cfg["disc_colours"]
        if a.give not in colours or a.take not in colours:
            return Words("Discs are green, red, black, blue or yellow.")
        if a.give == a.take:
            return Words("Exchange a disc for one of another colour.")
        if (a.x, a.y) == (-1, -1):
            if p.discs[a.give] < 1:
                return Words("You have no {colour} disc in your supply.", colour=self.colour_word(a.give))
        elif not self.geo.inside(a.x, a.y):
            return Words("That is outside your board.")
        elif p.cells[self.geo.index((a.x, a.y))] != DISC_OF[a.give]:
            return Words("There is no {colour} disc of yours on that cell.", colour=self.colour_word(a.give))
        if s.supply[a.take] < 1:
            return Words("The supply has no {colour} disc left.", colour=self.colour_word(a.take))
        return None

    def _do_exchange_disc(self, s: State, a: ExchangeDisc) -> None:
        self.use_power(s)
        p = s.players[s.current]
        s.supply[a.give] += 1
        s.supply[a.take] -= 1
        if (a.x, a.y) == (-1, -1):
            p.discs[a.give] -= 1
            p.discs[a.take] += 1
        else:
            cells = list(p.cells)
            cells[self.geo.index((a.x, a.y))] = DISC_OF[a.take]
            p.cells = tuple(cells)
        self.settle(s)

    # ------------------------------------------------------------------ green: move a square
    def _square_moves(self, s: State) -> list[Action]:
        p = s.players[s.current]
        occupied = masks(p.cells).occupied
        dark = self.geo.dark
        if s.options["dark_cells"] == "unlock":
            anywhere = self.geo.full & ~occupied & ~(dark & ~p.unlocked)
            light_only = anywhere
        else:
            spare = p.level - (occupied & dark).bit_count()
            anywhere = self.geo.full & ~occupied
            light_only = anywhere if spare >= 1 else anywhere & ~dark
        out: list[Action] = []
        for start, piece in enumerate(p.cells):
            if not piece or not piece.isupper():
                continue
            ends = anywhere if dark >> start & 1 else light_only  # a square leaving a dark cell frees it
            (fx, fy) = self.geo.cell(start)
            out += [MoveSquare(fx, fy, *self.geo.cell(end)) for end in range(self.geo.size) if ends >> end & 1]
        return out

    def _why_move_square(self, s: State, a: MoveSquare) -> str | None:
        problem = self.why_no_power(s, "move_square")
        if problem is not None:
            return problem
        if not self.geo.inside(a.from_x, a.from_y) or not self.geo.inside(a.x, a.y):
            return Words("That is outside your board.")
        p = s.players[s.current]
        start, end = self.geo.index((a.from_x, a.from_y)), self.geo.index((a.x, a.y))
        if not p.cells[start] or not p.cells[start].isupper():
            return Words("There is no square on that cell.")
        if p.cells[end]:
            return Words("The green power moves a square to an empty cell.")
        return self.why_dark(s, p, masks(p.cells).occupied & ~(1 << start) | 1 << end)

    def _do_move_square(self, s: State, a: MoveSquare) -> None:
        self.use_power(s)
        p = s.players[s.current]
        cells = list(p.cells)
        start, end = self.geo.index((a.from_x, a.from_y)), self.geo.index((a.x, a.y))
        cells[end], cells[start] = cells[start], ""
        p.cells = tuple(cells)
        if self.cfg["green_move_charges"]:
            self.charge(s, p, 1 << end)
        self.settle(s)

    # ------------------------------------------------------------------ orange: +1
    def _why_gain_level(self, s: State, a: GainLevel) -> str | None:
        problem = self.why_no_power(s, "gain_level")
        if problem is not None:
            return problem
        if s.players[s.current].level >= self.cat.level_max and self.cfg["orange_at_top"] == "refused":
            return Words("Your marker is already at the end of the +1 track.")
        return None

    def _do_gain_level(self, s: State, a: GainLevel) -> None:
        self.use_power(s)
        p = s.players[s.current]
        p.level = min(p.level + 1, self.cat.level_max)  # [P] orange_at_top 'wasted': the +1 is lost
        self.settle(s)

    # ------------------------------------------------------------------ blue: swap tiles with the ring
    def _why_swap_tile(self, s: State, a: SwapTile) -> str | None:
        if s.phase != "swap":
            problem = self.why_no_power(s, "swap_tiles")
            if problem is not None:
                return problem
        p = s.players[s.current]
        if a.tile not in p.hand:
            return Words("That rune tile is not in your hand.")
        if a.ring_tile not in s.ring:
            return Words("That tile is not in the ring.")
        if a.tile in s.swapped[1::2] or a.ring_tile in s.swapped[0::2]:
            return Words("The second swap uses another tile of your hand and of the ring.")
        return None

    def second_swaps(self, s: State) -> list[Action]:
        p = s.players[s.current]
        return [SwapTile(t, r) for t in p.hand if t not in s.swapped[1::2] for r in s.ring
                if r not in s.swapped[0::2]] + [END_SWAP]

    def _do_swap_tile(self, s: State, a: SwapTile) -> None:
        if s.phase != "swap":
            self.use_power(s)
            s.resume, s.phase = s.phase, "swap"
        p = s.players[s.current]
        p.hand = tuple(a.ring_tile if t == a.tile else t for t in p.hand)
        p.shown = tuple(t for t in p.shown if t != a.tile) + (a.ring_tile,)  # the ring's tile, seen taken
        s.ring = tuple(a.tile if t == a.ring_tile else t for t in s.ring)
        s.swapped = s.swapped + (a.tile, a.ring_tile)
        s.notices.append({"type": "swapped", "seat": s.current, "tile": a.tile, "ring_tile": a.ring_tile})
        if len(s.swapped) >= 2 * self.cfg["blue_swaps"]:
            self._end_swap(s)

    def _do_end_swap(self, s: State, a: Action) -> None:
        self._end_swap(s)

    def _end_swap(self, s: State) -> None:
        s.swapped = ()
        s.phase, s.resume = s.resume, ""
        self.settle(s)

    # ------------------------------------------------------------------ dark-cell rule 'unlock'
    def unlock_due(self, s: State) -> bool:
        p = s.players[s.current]
        return (s.options["dark_cells"] == "unlock" and p.unlocked.bit_count() < p.level
                and bool(self.geo.dark & ~p.unlocked))

    def unlocks(self, s: State) -> list[Action]:
        closed = self.geo.dark & ~s.players[s.current].unlocked
        return [Unlock(*self.geo.cell(c)) for c in range(self.geo.size) if closed >> c & 1]

    def _why_unlock(self, s: State, a: Unlock) -> str | None:
        if not self.geo.inside(a.x, a.y):
            return Words("That is outside your board.")
        bit = 1 << self.geo.index((a.x, a.y))
        if not bit & self.geo.dark:
            return Words("Light cells are always open: choose a dark cell.")
        if bit & s.players[s.current].unlocked:
            return Words("That dark cell is already open.")
        return None

    def _do_unlock(self, s: State, a: Unlock) -> None:
        p = s.players[s.current]
        p.unlocked |= 1 << self.geo.index((a.x, a.y))
        if not self.unlock_due(s):
            s.phase, s.resume = s.resume, ""
        self.settle(s)
