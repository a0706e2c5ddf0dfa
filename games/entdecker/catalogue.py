"""Entdecker's components read from data/entdecker: tile kinds, game numbers and the board.

Pure Python (the TMX board is read through engine.core.board, which keeps
pygame out). Every file is checked against a schema, so a broken edit stops
with the file, the line and the problem.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.board import load_board
from engine.core.errors import DataError
from engine.core.grid import SquareGrid, rotate_sides
from engine.core.paths import project_root
from engine.core.schema import (
    Bool,
    File,
    FileUse,
    Float,
    Int,
    ListOf,
    Map,
    MapOf,
    Str,
    Tuple,
    check,
    load_checked,
    require_files,
)
from engine.core.words import N_, Words
from engine.core.seats import default_colours
from engine.core.yamlfile import YamlDoc, load_yaml

EDGE_LETTERS = {"N": 0, "E": 1, "S": 2, "W": 3}
EVENT_EFFECTS = ("halve_gold", "storm", "gain_gold", "gain_points", "natives_chip")
# Pictures the table draws whose names no data file spells out (EntdeckerScene, preview.py).
TABLE_ART = {
    "board_sea.svg": N_("an undiscovered space of the board"),
    "board_start.svg": N_("a start circle beside the board"),
    "ship.svg": N_("the ship"),
    "icon_vp.svg": N_("the seat panel: victory points"),
    "icon_gold.svg": N_("the seat panel: gold"),
    "icon_chip.svg": N_("the seat panel: discovery chips"),
}


@dataclass(frozen=True)
class Pattern:
    """One of the six edge patterns (§2.1): edges at rotation 0, land pieces and unit spots."""

    code: str
    name: str
    edges: str
    pieces: tuple[frozenset[int], ...]
    spots: tuple[tuple[float, float], ...]
    art: str

    @property
    def number(self) -> int:
        """The reserve ball number of this pattern (P1 -> 1 ... P6 -> 6)."""
        return int(self.code[1:])


@dataclass(frozen=True)
class TileKind:
    """A kind of physical tile: its pattern, back, reserve number, event and art."""

    id: str
    pattern: Pattern
    back: str
    reserve_number: int | None
    event: str | None
    count: int
    art: str


@dataclass(frozen=True)
class Circle:
    """A start circle beside the board and the border space its white line leads into."""

    cell: tuple[int, int]
    into: tuple[int, int]


@dataclass(frozen=True)
class Catalogue:
    """Everything the rules need to know about Entdecker's components."""

    data_dir: Path
    art_dir: Path
    patterns: dict[str, Pattern]
    kinds: tuple[TileKind, ...]
    tiles: tuple[TileKind, ...]  # one entry per physical tile; the index is the tile's identity
    backs: dict[str, str]
    config: dict[str, Any]
    columns: int
    rows: int
    circles: tuple[Circle, ...]
    art_uses: tuple[FileUse, ...] = ()  # every picture the table draws, with the place naming it

    def check_art(self) -> None:
        """Refuse a missing picture now, naming it and its place, rather than at the first draw."""
        require_files(self.art_uses, self.art_dir)

    def pattern_for(self, edges: str) -> tuple[str, int]:
        """The pattern and rotation that show exactly these four edges."""
        for code, pattern in self.patterns.items():
            for rot in range(4):
                if rotate_sides(pattern.edges, rot) == edges:
                    return code, rot
        raise KeyError(edges)

    @property
    def options(self) -> list[dict[str, Any]]:
        """The setup options of game.yaml: id, label, default, help and choices."""
        return self.config["options"]

    def option_defaults(self) -> dict[str, str]:
        return {o["id"]: o["default"] for o in self.options}

    def chip_value(self, chip: str) -> int:
        return self._chips()[chip]["value"]

    def chip_name(self, chip: str) -> str:
        return self._chips()[chip]["name"]

    def _chips(self) -> dict[str, dict]:
        return {c["id"]: c for c in self.config["chips"]}


def tiles_schema(art_dir: Path) -> Map:
    edges = Str(pattern=r"^[LS]{4}$", pattern_help=Words("four letters N, E, S, W in order, each L (land) or S (sea)"))
    piece = Map({"edges": ListOf(Str(choices=tuple(EDGE_LETTERS)), min_len=1), "spot": Tuple(Float(0, 1), Float(0, 1))})
    pattern = Map({"name": Str(), "edges": edges, "land_pieces": ListOf(piece), "art": File(art_dir)})
    tile = Map(
        {"id": Str(pattern=r"^[a-z0-9_]+$", pattern_help=Words("lower-case letters, digits and _")),
         "pattern": Str(pattern=r"^P[1-6]$", pattern_help=Words("one of P1 to P6")),
         "back": Str(choices=("plain", "question", "reserve")),
         "count": Int(min=0)},
        optional={"reserve_number": Int(min=1, max=6), "event": Str(), "art": File(art_dir)},
    )
    return Map(
        {"total": Int(min=1), "patterns": MapOf(Str(pattern=r"^P[1-6]$", pattern_help=Words("one of P1 to P6")), pattern),
         "backs": Map({"plain": File(art_dir), "question": File(art_dir), "reserve": File(art_dir)}),
         "tiles": ListOf(tile, min_len=1)}
    )


def game_schema() -> Map:
    unit = Map({"count": Int(min=0), "cost": Int(min=0), "name": Str()})
    event = Map({"name": Str(), "effect": Str(choices=EVENT_EFFECTS), "text": Str()}, optional={"amount": Int(min=0)})
    chip = Map({"id": Str(), "name": Str(), "value": Int(min=0)})
    choice = Map({"value": Str(), "label": Str()})
    option = Map({"id": Str(pattern=r"^[a-z_]+$", pattern_help=Words("lower-case letters and _")), "label": Str(),
                  "default": Str(), "choices": ListOf(choice, min_len=2)}, optional={"help": Str()})
    return Map(
        {
            "start_gold": Int(min=0), "gold_cap": Int(min=1), "spinner": ListOf(Int(min=0), min_len=1),
            "draw_cost": Int(min=1), "personal_tile_cost": Int(min=0), "face_down_piles": Int(min=1),
            "personal_tiles": ListOf(Str(pattern=r"^P[1-6]$", pattern_help=Words("one of P1 to P6"))),
            "units": Map({"scout": unit, "fort": unit, "settlement": unit}),
            "first_round_circles_only": Bool(),
            "winner_tie_break": ListOf(Str(choices=("chips", "gold"))),
            "events": MapOf(Str(), event), "chips": ListOf(chip, min_len=1),
            "options": ListOf(option, min_len=1),
        }
    )


# The setup options the rules read, each with the values they know (game.yaml declares and labels them).
OPTION_VALUES = {"unit_chance": ("ship_tile", "next_draw"), "blocked_gaps": ("blocked", "undiscovered")}


def _check_options(doc: YamlDoc) -> None:
    """Every option the rules read is declared once, with exactly the values they know and a default among them."""
    seen = set()
    for i, opt in enumerate(doc.data["options"]):
        known = OPTION_VALUES.get(opt["id"])
        if known is None:
            raise doc.error(("options", i, "id"), Words("unknown option {id} (the rules read: {options})",
                                                        id=repr(opt['id']), options=', '.join(OPTION_VALUES)))
        if opt["id"] in seen:
            raise doc.error(("options", i, "id"), Words("the option {id} is declared twice", id=repr(opt['id'])))
        seen.add(opt["id"])
        values = [c["value"] for c in opt["choices"]]
        if sorted(values) != sorted(known):
            raise doc.error(("options", i, "choices"), Words("{id} offers exactly {known}",
                                                             id=opt['id'], known=', '.join(known)))
        if opt["default"] not in values:
            raise doc.error(("options", i, "default"), Words("the default {default} is not one of the choices",
                                                             default=repr(opt['default'])))
    missing = [o for o in OPTION_VALUES if o not in seen]
    if missing:
        raise doc.error(("options",), Words("declare the option {missing}", missing=repr(missing[0])))


def default_data_dir() -> Path:
    return project_root() / "data" / "entdecker"


def default_art_dir() -> Path:
    return project_root() / "art" / "entdecker"


@lru_cache(maxsize=8)
def load_catalogue(data_dir: Path | None = None, art_dir: Path | None = None) -> Catalogue:
    """Read and check tiles.yaml, game.yaml and board.tmx; raises DataError naming file, line, problem."""
    data_dir = Path(data_dir or default_data_dir())
    art_dir = Path(art_dir or default_art_dir())
    game_doc = load_checked(data_dir / "game.yaml", game_schema())
    _check_options(game_doc)
    config = game_doc.data
    tiles_doc = load_yaml(data_dir / "tiles.yaml")
    patterns, kinds, backs = _load_tiles(tiles_doc, art_dir, config)
    tiles = tuple(kind for kind in kinds for _ in range(kind.count))
    columns, rows, circles = _load_board(data_dir / "board.tmx")
    art = _art_uses(tiles_doc, game_doc)
    return Catalogue(data_dir, art_dir, patterns, tuple(kinds), tiles, backs, config, columns, rows, circles, art)


def _art_uses(tiles_doc: YamlDoc, game_doc: YamlDoc) -> tuple[FileUse, ...]:
    """Every picture the table may draw, each with the YAML place that names it."""
    uses = [FileUse.named(tiles_doc, ("patterns", code, "art"), p["art"]) for code, p in tiles_doc.data["patterns"].items()]
    uses += [FileUse.named(tiles_doc, ("tiles", i, "art"), t["art"]) for i, t in enumerate(tiles_doc.data["tiles"]) if "art" in t]
    uses += [FileUse.named(tiles_doc, ("backs", back), art) for back, art in tiles_doc.data["backs"].items()]
    config = game_doc.data
    # Any seat may take any colour of data/seats.yaml, so every unit needs every colour.
    uses += [FileUse.named(game_doc, ("units", unit), f"unit_{unit}_{colour}.svg", Words("the {unit} of seat colour {colour}",
                                                                                         unit=unit, colour=colour))
             for unit in config["units"] for colour in default_colours()]
    uses += [FileUse.named(game_doc, ("events", event), f"event_{event}.svg", Words("the icon of the event {name}",
                                                                                    name=spec['name']))
             for event, spec in config["events"].items()]
    uses += [FileUse(name, why=Words(why)) for name, why in TABLE_ART.items()]
    return tuple(uses)


def _load_tiles(doc: YamlDoc, art_dir: Path, config: dict) -> tuple[dict[str, Pattern], list[TileKind], dict[str, str]]:
    check(doc, tiles_schema(art_dir))
    data = doc.data
    patterns: dict[str, Pattern] = {}
    for code, p in data["patterns"].items():
        pieces = []
        for i, piece in enumerate(p["land_pieces"]):
            for letter in piece["edges"]:
                if p["edges"][EDGE_LETTERS[letter]] != "L":
                    raise doc.error(("patterns", code, "land_pieces", i, "edges"),
                                    Words("land piece touches {letter}, but that edge is sea in {edges}",
                                          letter=letter, edges=repr(p['edges'])))
            pieces.append(frozenset(EDGE_LETTERS[x] for x in piece["edges"]))
        covered = [d for piece in pieces for d in piece]
        land = [d for d in range(4) if p["edges"][d] == "L"]
        if sorted(covered) != land:
            raise doc.error(("patterns", code, "land_pieces"),
                            Words("every land edge of {edges} must belong to exactly one land piece",
                                  edges=repr(p['edges'])))
        spots = tuple(tuple(piece["spot"]) for piece in p["land_pieces"])
        patterns[code] = Pattern(code, p["name"], p["edges"], tuple(pieces), spots, p["art"])  # type: ignore[arg-type]
    need = {f"P{i}" for i in range(1, 7)}
    if set(patterns) != need:
        raise doc.error(("patterns",), Words("the six patterns P1 to P6 must all be given (missing: {missing})",
                                             missing=', '.join(sorted(need - set(patterns)))))
    for a in patterns.values():
        for b in patterns.values():
            if a is not b and any(rotate_sides(a.edges, r) == b.edges for r in range(4)):
                raise doc.error(("patterns", b.code, "edges"), Words("{code} is {other} turned: each pattern must differ",
                                                                     code=b.code, other=a.code))
    kinds: list[TileKind] = []
    ids: set[str] = set()
    for i, t in enumerate(data["tiles"]):
        where = ("tiles", i)
        if t["id"] in ids:
            raise doc.error(where + ("id",), Words("the id {id} is used twice", id=repr(t['id'])))
        ids.add(t["id"])
        if t["pattern"] not in patterns:
            raise doc.error(where + ("pattern",), Words("unknown pattern {pattern}", pattern=repr(t['pattern'])))
        if t["back"] == "reserve":
            if t.get("reserve_number") != int(t["pattern"][1:]):
                raise doc.error(where, Words("a reserve tile of {pattern} lies on pile {pile}: set reserve_number: {pile}",
                                             pattern=t['pattern'], pile=t['pattern'][1:]))
        elif "reserve_number" in t:
            raise doc.error(where + ("reserve_number",), Words("only reserve tiles have a reserve number"))
        if t["back"] == "question":
            if "event" not in t:
                raise doc.error(where, Words("a \"?\" tile needs an event"))
            if t["event"] not in config["events"]:
                raise doc.error(where + ("event",), Words("unknown event {event} (game.yaml has: {events})",
                                                          event=repr(t['event']), events=', '.join(config['events'])))
        elif "event" in t:
            raise doc.error(where + ("event",), Words("only \"?\" tiles have an event"))
        art = t.get("art", patterns[t["pattern"]].art)
        kinds.append(TileKind(t["id"], patterns[t["pattern"]], t["back"], t.get("reserve_number"), t.get("event"), t["count"], art))
    total = sum(k.count for k in kinds)
    if total != data["total"]:
        raise doc.error(("total",), Words("the tile counts add up to {total}, not {given}",
                                          total=total, given=data['total']))
    plain_needed = {}
    for code in config["personal_tiles"]:
        plain_needed[code] = plain_needed.get(code, 0) + 1
    for code, per_seat in plain_needed.items():
        plain = sum(k.count for k in kinds if k.back == "plain" and k.pattern.code == code)
        if plain < per_seat * 4:
            raise doc.error(("tiles",), Words("4 seats need {n} plain {code} tiles as own tiles; there are {plain}",
                                              n=per_seat * 4, code=code, plain=plain))
    return patterns, kinds, dict(data["backs"])


def _load_board(path: Path) -> tuple[int, int, tuple[Circle, ...]]:
    board = load_board(path)
    cells = board.require_layer("cells")
    sea = [c for c, p in cells.items() if p.get("cell") == "sea"]
    start = [c for c, p in cells.items() if p.get("cell") == "start"]
    odd = [c for c, p in cells.items() if p.get("cell") not in ("sea", "start")]
    if odd:
        raise DataError(path, None, Words("cell {cell} of layer 'cells' has no 'cell' property of sea or start",
                                          cell=odd[0]))
    if not sea:
        raise DataError(path, None, Words("the 'cells' layer has no sea spaces"))
    c0, r0 = min(c for c, _ in sea), min(r for _, r in sea)
    c1, r1 = max(c for c, _ in sea), max(r for _, r in sea)
    columns, rows = c1 - c0 + 1, r1 - r0 + 1
    if len(sea) != columns * rows:
        raise DataError(path, None, Words("the sea spaces must form a rectangle ({columns} x {rows}); {found} found",
                                          columns=columns, rows=rows, found=len(sea)))
    grid = SquareGrid(columns, rows)
    circles = []
    for c, r in start:
        cell = (c - c0, r - r0)
        into = [n for n in (SquareGrid.step(cell, d) for d in range(4)) if grid.inside(n)]
        if grid.inside(cell) or len(into) != 1:
            raise DataError(path, None, Words("start circle at column {c}, row {r} must lie beside exactly one border space",
                                              c=c, r=r))
        circles.append(Circle(cell, into[0]))
    circles.sort(key=lambda x: (x.cell[1], x.cell[0]))
    return columns, rows, tuple(circles)
