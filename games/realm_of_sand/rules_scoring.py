"""Realm of Sand: the final score sheet (§11, solo rating §12), what each seat may see, and the invariants the
simulator checks. Pure Python; mixed into the rules class."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.rules import ScoreRow, ScoreSheet
from engine.core.words import Words, join, nwords
from games.realm_of_sand.catalogue import Catalogue
from games.realm_of_sand.rules_board import Geometry, masks
from games.realm_of_sand.rules_state import EMPTY, HIDDEN, State

LEVEL_NAMES = {1: "I", 2: "II", 3: "III"}


class ScoringLogic:
    """Score sheet, views and invariants for the rules class."""

    cat: Catalogue
    cfg: dict[str, Any]
    geo: Geometry

    if TYPE_CHECKING:
        def hourglasses(self, s: State, seat: int) -> int: ...

    def points(self, s: State, seat: int) -> int:
        return sum(self.cat.cards[c].points for c in s.players[seat].claimed if c != HIDDEN)

    def pieces_on_board(self, s: State, seat: int) -> int:
        return masks(s.players[seat].cells).occupied.bit_count()

    def rating(self, points: int) -> str:
        """The solo rating band of a final score (game.yaml's solo.ratings)."""
        name = ""
        for band in self.cfg["solo"]["ratings"]:
            if points >= band["min"]:
                name = band["name"]
        return name

    def ranking(self, s: State) -> list[int]:
        """Best first: points, then most pieces left on the board, then later in the round's order [SEED]."""
        n = len(s.seats)
        return sorted(range(n), key=lambda i: (self.points(s, i), self.pieces_on_board(s, i),
                                               (i - s.start_player) % n), reverse=True)

    def score_sheet(self, s: State) -> ScoreSheet:
        """Points of the claimed cards by level; ties go to pieces left on the board, then the later seat."""
        names = [seat.name for seat in s.seats]
        n = len(names)
        rows = []
        for level in (1, 2, 3):
            values = [sum(self.cat.cards[c].points for c in s.players[i].claimed
                          if self.cat.cards[c].level == level) for i in range(n)]
            rows.append(ScoreRow(Words("Level {level} cards", level=LEVEL_NAMES[level]), values))
        totals = [sum(row.values[i] for row in rows) for i in range(n)]
        details: list[str] = []
        for i in range(n):
            cards = [Words("{card} ({points})", card=self.cat.cards[c].id, points=self.cat.cards[c].points)
                     for c in s.players[i].claimed]
            details.append(Words("{who}: {cards}; {hourglasses}, {pieces}.",
                                 who=names[i], cards=join(cards, ", ") if cards else Words("no cards"),
                                 hourglasses=nwords("{n} hourglass", "{n} hourglasses", self.hourglasses(s, i)),
                                 pieces=nwords("{n} piece left on the board", "{n} pieces left on the board",
                                               self.pieces_on_board(s, i))))
        verdict = ""
        if n == 1:
            verdict = Words("Solo rating: {rating} ({points} points).", rating=Words(self.rating(totals[0])),
                            points=totals[0])
            bands = [Words("{rating} from {points}", rating=Words(self.rating(b["min"])), points=b["min"])
                     for b in self.cfg["solo"]["ratings"]]
            details.append(Words("The ratings: {bands}.", bands=join(bands, ", ")))
        return ScoreSheet(seats=names, rows=rows, totals=totals, ranking=self.ranking(s),
                          tie_break=Words("Ties go to the most pieces left on the board, then to the player later "
                                          "in the round's order."),
                          details=details, final=s.phase == "over", verdict=verdict)

    # ------------------------------------------------------------------ views (pass-and-play)
    def view(self, s: State, seat: int) -> State:
        """What `seat` may see: of other seats' hands the tiles they took from the ring in sight of all (those
        dealt at the start only by number), their reserved cards only by number, the decks only by size, the red
        power's cards only by the seat that drew them."""
        v = s.copy()
        for i, p in enumerate(v.players):
            if i != seat:
                p.hand = tuple(t if t in p.shown else HIDDEN for t in p.hand)
                p.reserved = (HIDDEN,) * len(p.reserved)
        v.decks = tuple((HIDDEN,) * len(d) for d in s.decks)
        if s.current != seat:
            v.drawn = (HIDDEN,) * len(s.drawn)
        v.notices = [x if x.get("private", seat) == seat else {k: y for k, y in x.items() if k != "card"}
                     for x in s.notices]
        v.seed = 0
        v.hidden = True
        return v

    # ------------------------------------------------------------------ invariants
    def check_invariants(self, s: State) -> list[str]:
        problems: list[str] = []
        n = len(s.seats)
        per = self.cfg["squares_per_colour"]
        for colour in self.cfg["square_colours"]:
            on_boards = sum(p.cells.count(colour) for p in s.players)
            if s.squares[colour] + on_boards != per:
                problems.append(f"{colour} squares not conserved: stock {s.squares[colour]} + boards {on_boards} "
                                f"!= {per}")
        given = self.cfg["supply_by_seats"][n]
        for colour in self.cfg["disc_colours"]:
            disc = colour.lower()
            held = sum(p.discs[colour] + p.cells.count(disc) for p in s.players)
            if s.supply[colour] + held != given:
                problems.append(f"{colour} discs not conserved: supply {s.supply[colour]} + seats {held} != {given}")
        if any(v < 0 for v in s.squares.values()) or any(v < 0 for v in s.supply.values()):
            problems.append("a negative stock or supply")
        for i, p in enumerate(s.players):
            problems += self._invariant_seat(s, i)
        if not s.hidden:
            problems += self._invariant_hidden(s)
        sheet = self.score_sheet(s)
        if not sheet.check_totals() or sheet.totals != [self.points(s, i) for i in range(n)]:
            problems.append("score sheet totals do not add up")
        return problems

    def _invariant_seat(self, s: State, i: int) -> list[str]:
        p = s.players[i]
        problems = []
        if any(v < 0 for v in p.discs.values()):
            problems.append(f"seat {i} holds a negative number of discs")
        if not 0 <= p.level <= self.cat.level_max:
            problems.append(f"seat {i}'s level {p.level} is off the track")
        occupied = masks(p.cells).occupied
        dark = (occupied & self.geo.dark).bit_count()
        if s.options["dark_cells"] == "unlock":
            if occupied & self.geo.dark & ~p.unlocked or p.unlocked.bit_count() > p.level:
                problems.append(f"seat {i} uses a dark cell it has not opened")
        elif dark > p.level:
            problems.append(f"seat {i} uses {dark} dark cells with level {p.level}")
        size = self.cfg["hand_size"] - (1 if s.phase == "take" and i == s.current else 0)
        if len(p.hand) != size:
            problems.append(f"seat {i} holds {len(p.hand)} tiles, not {size}")
        if len(set(p.shown)) != len(p.shown) or any(t not in p.hand for t in p.shown):
            problems.append(f"seat {i}'s tiles taken in sight are not all in its hand")
        if p.charged and s.options["side"] != "advanced":
            problems.append(f"seat {i}'s crystal is charged on the basic side")
        return problems

    def _invariant_hidden(self, s: State) -> list[str]:
        problems = []
        tiles = list(s.ring) + [t for p in s.players for t in p.hand]
        if sorted(tiles) != list(range(len(self.cat.tiles))):
            problems.append("the ring and the hands do not hold every tile exactly once")
        cards = [c for row in s.market for c in row if c != EMPTY] + [c for d in s.decks for c in d]
        cards += list(s.drawn) + [c for p in s.players for c in p.claimed + p.reserved]
        if sorted(cards) != list(range(len(self.cat.cards))):
            problems.append("cards not conserved")
        for level, row in enumerate(s.market, start=1):
            if any(c != EMPTY and self.cat.cards[c].level != level for c in row):
                problems.append(f"a card of another level in row {level}")
        return problems
