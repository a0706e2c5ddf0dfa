"""Somerset's end and final score sheet (§14), and the invariants the simulator checks. Pure Python."""
from __future__ import annotations

from typing import Any

from engine.core.rules import ScoreRow, ScoreSheet
from engine.core.words import Words, nwords
from games.somerset.catalogue import ALL_RESOURCES, Catalogue
from games.somerset.rules_map import STEPS, connected
from games.somerset.rules_state import State


def book_prizes(sizes: list[int], prizes: list[int], empty_scores: bool = False) -> list[int]:
    """Spell-book prizes by book size: places in order of size, tied seats share the prizes of the places
    they fill, rounded down; an empty book takes no place (unless `empty_scores`)."""
    out = [0] * len(sizes)
    ranked = sorted((i for i in range(len(sizes)) if sizes[i] > 0 or empty_scores), key=lambda i: -sizes[i])
    place = 0
    k = 0
    while k < len(ranked):
        group = [i for i in ranked[k:] if sizes[i] == sizes[ranked[k]]]
        pot = sum(prizes[place + j] for j in range(len(group)) if place + j < len(prizes))
        for i in group:
            out[i] = pot // len(group)
        place += len(group)
        k += len(group)
    return out


class ScoringLogic:
    """The final score sheet and the state's invariants for the rules class."""

    cat: Catalogue
    cfg: dict[str, Any]

    def tile_bonuses(self, s: State) -> tuple[list[int], list[int]]:
        """Per seat: (+1 for each owned country tile touching a city tile, +1 per touching country tile of
        another seat, counted for each owned tile)."""
        n = len(s.seats)
        camelot, neighbours = [0] * n, [0] * n
        cells = s.board.cells
        for (q, r), placed in cells.items():
            if placed.owner < 0:
                continue
            touches_city = False
            for dq, dr in STEPS:
                other = cells.get((q + dq, r + dr))
                if other is None:
                    continue
                if other.owner < 0:
                    touches_city = True
                elif other.owner != placed.owner:
                    neighbours[placed.owner] += self.cfg["neighbour_bonus"]
            if touches_city:
                camelot[placed.owner] += self.cfg["camelot_bonus"]
        return camelot, neighbours

    def building_scores(self, s: State) -> list[int]:
        out = []
        for seat, p in enumerate(s.players):
            total = 0
            owned = sum(1 for c in s.board.cells.values() if c.owner == seat)
            for b in p.buildings:
                ab = self.cat.buildings[b].ability
                total += ab.get("final", 0)
                per = ab.get("final_per_country_tile")
                if per:
                    total += min(per["max"], owned * per["each"])
            out.append(total)
        return out

    def resources_left(self, s: State, seat: int) -> int:
        return sum(s.players[seat].res[r] for r in ALL_RESOURCES)

    def score_sheet(self, s: State) -> ScoreSheet:
        """Coins, country-tile bonuses, spell-book prizes and building bonuses; ties go to resources left."""
        names = [seat.name for seat in s.seats]
        coins = [p.coins for p in s.players]
        camelot, neighbours = self.tile_bonuses(s)
        sizes = [len(p.book) for p in s.players]
        books = book_prizes(sizes, self.cfg["spell_book_prizes"], self.cfg["empty_book_scores"])
        buildings = self.building_scores(s)
        rows = [
            ScoreRow(Words("Coins"), coins),
            ScoreRow(Words("Country tiles touching Camelot"), camelot),
            ScoreRow(Words("Neighbouring country tiles of others"), neighbours),
            ScoreRow(Words("Spell book"), books, Words("{prizes} by book size, ties split",
                                                         prizes="/".join(str(x) for x in self.cfg["spell_book_prizes"]))),
            ScoreRow(Words("Buildings"), buildings),
        ]
        totals = [sum(row.values[i] for row in rows) for i in range(len(names))]
        key = {i: (totals[i], self.resources_left(s, i)) for i in range(len(names))}
        ranking = sorted(range(len(names)), key=lambda i: key[i], reverse=True)
        details: list[str] = [Words("{who}: {books} in the spell book, {res} left.", who=names[i],
                         books=nwords("{n} spell", "{n} spells", sizes[i]),
                         res=nwords("{n} resource", "{n} resources", self.resources_left(s, i)))
                   for i in range(len(names))]
        return ScoreSheet(seats=names, rows=rows, totals=totals, ranking=ranking,
                          tie_break=Words("Ties go to the most resources left (wood, brick, stone, grain, "
                                          "crystals); still equal, the victory is shared."),
                          details=details, final=s.phase == "over")

    def winners(self, s: State) -> list[int]:
        """The seats sharing the victory."""
        sheet = self.score_sheet(s)
        best = sheet.ranking[0]
        key = (sheet.totals[best], self.resources_left(s, best))
        return [i for i in sheet.ranking if (sheet.totals[i], self.resources_left(s, i)) == key]

    # ------------------------------------------------------------------ invariants
    def check_invariants(self, s: State) -> list[str]:
        problems: list[str] = []
        for seat, p in enumerate(s.players):
            if p.coins < 0 or any(v < 0 for v in p.res.values()):
                problems.append(f"seat {seat} holds a negative amount: {p.coins} coins, {p.res}")
            placed = sum(1 for x in s.pieces if x.owner == seat)
            total = self.pieces_total(s, seat)  # type: ignore[attr-defined]
            if placed > total:
                problems.append(f"seat {seat} has {placed} road pieces out of {total}")
            mine = [w for w in s.workers if w.owner == seat]
            if len(mine) > self.cap(s, seat):  # type: ignore[attr-defined]
                problems.append(f"seat {seat} has {len(mine)} workers, over its cap")
            if not 1 <= p.gov <= len(self.cfg["government"]):
                problems.append(f"seat {seat}'s government marker is off the track")
            owned = sum(1 for c in s.board.cells.values() if c.owner == seat)
            if owned + 1 > self.cfg["claim_markers"]:
                problems.append(f"seat {seat} used more claim markers than it has")
        links = self.closed_public(s)  # type: ignore[attr-defined]
        if not connected(list(s.board.cells), links):
            problems.append("the public roads (barricades closed) do not join every tile")
        edges = [(x.owner, x.edge) for x in s.pieces]
        if len(set(edges)) != len(edges):
            problems.append("a seat has two road pieces on one edge")
        barricaded = [x.edge for x in s.pieces if x.barricade]
        if len(set(barricaded)) != len(barricaded):
            problems.append("two barricades on one edge")
        if any(x.edge[0] not in s.board.cells or x.edge[1] not in s.board.cells for x in s.pieces):
            problems.append("a road piece lies beside an empty hex")
        if len(set(s.taken)) != len(s.taken):
            problems.append("a tile's action was taken twice in one round")
        if not set(s.taken) <= s.used:
            problems.append("a taken action is not marked used")
        if not s.hidden:
            cards = sorted(list(s.spell_deck) + list(s.drawn if s.task is not None and s.task.value is True else ())
                           + [c for p in s.players for c in p.spell_hand + p.book])
            if cards != list(range(len(self.cat.spells))):
                problems.append("spell cards not conserved")
            deck = list(s.building_deck) + list(s.drawn if s.task is not None and s.task.value is False else ())
            deck += [c for p in s.players for c in p.building_hand + p.buildings if c != 0]
            if sorted(deck) != list(range(1, len(self.cat.buildings))):
                problems.append("building cards not conserved")
        built = [c.tile for c in s.board.cells.values() if c.owner >= 0]
        if set(built) & set(s.supply) or len(set(built)) != len(built):
            problems.append("a country tile is both built and in the supply, or built twice")
        positions = {w.pos for w in s.workers if w.pos is not None}
        if not positions <= set(s.board.cells):
            problems.append("a worker stands off the map")
        sheet = self.score_sheet(s)
        if not sheet.check_totals():
            problems.append("score sheet totals do not add up")
        return problems
