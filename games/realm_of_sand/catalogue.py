"""Realm of Sand's components read from data/realm_of_sand: boards, rune tiles, kingdom cards, numbers, options.

Pure Python. Every file is loaded with engine.core.yamlfile and checked against a schema (engine.core.schema),
so a broken edit stops with the file, the line and the problem. Cells are (x, y) = (column, row), y growing
downwards, as engine/core/orientation.py turns them; on a board a cell is also numbered y * width + x.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.paths import project_root
from engine.core.schema import Any_, Bool, Int, ListOf, Map, MapOf, OneOf, Str, Tuple, load_checked
from engine.core.words import Words
from engine.core.yamlfile import YamlDoc

SQUARE_COLOURS = ("G", "R", "K")
DISC_COLOURS = ("G", "R", "K", "B", "Y")
POWERS = ("reserve", "all_discs", "exchange_disc", "move_square", "gain_level", "swap_tiles")
BOARD_COLOURS = ("red", "purple", "yellow", "green", "orange", "blue")
OPTION_IDS = ("side", "patterns", "dark_cells")
Cell = tuple[int, int]


@dataclass(frozen=True)
class BoardDef:
    """One player board's advanced side: its colour, its power and its three crystal cells."""

    colour: str
    power: str
    crystals: tuple[Cell, ...]


@dataclass(frozen=True)
class TileDef:
    """A rune tile as printed: three cells (x, y) before any turn, and the colour of each."""

    index: int
    id: str
    shape: str
    cells: tuple[Cell, ...]
    colours: str  # one letter per cell, in the order of `cells`


@dataclass(frozen=True)
class CardDef:
    """A kingdom card: level 1-3, pattern cells (x, y, colour letter), points, hourglasses and reward."""

    index: int
    id: str
    level: int
    pattern: str
    cells: tuple[tuple[int, int, str], ...]
    points: int
    hourglasses: int
    reward_discs: tuple[str, ...]
    reward_levels: int


@dataclass(frozen=True)
class Catalogue:
    """Everything the rules need to know about Realm of Sand's components and numbers."""

    data_dir: Path
    width: int
    height: int
    light: frozenset[Cell]
    level_start: int
    level_max: int
    boards: tuple[BoardDef, ...]
    tiles: tuple[TileDef, ...]
    cards: tuple[CardDef, ...]
    config: dict[str, Any]
    options: tuple[dict[str, Any], ...]

    def board(self, colour: str) -> BoardDef:
        return next(b for b in self.boards if b.colour == colour)

    def colour_name(self, code: str) -> str:
        return self.config["colour_names"].get(code, code)

    def option_defaults(self) -> dict[str, Any]:
        return {o["id"]: o["default"] for o in self.options}

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option's value: given ones checked against their choices, missing ones defaulted."""
        out = self.option_defaults()
        for spec in self.options:
            if options and spec["id"] in options:
                value = options[spec["id"]]
                allowed = [c["value"] for c in spec["choices"]]
                if value not in allowed:
                    shown = ", ".join(repr(v) for v in allowed)
                    raise ValueError(f"option {spec['id']!r} cannot be {value!r} (choices: {shown})")
                out[spec["id"]] = value
        return out


# --------------------------------------------------------------------------- schemas
_CELL = Tuple(Int(min=0), Int(min=0))
_ROW = Str(pattern=r"^[LD]+$", pattern_help=Words("letters L (light) and D (dark), one per cell"))


def boards_schema() -> Map:
    advanced = Map({"power": Str(choices=POWERS), "crystals": ListOf(_CELL, min_len=1)})
    board = Map({"colour": Str(choices=BOARD_COLOURS), "advanced": advanced})
    return Map({"cells": ListOf(_ROW, min_len=3), "level_track": Map({"start": Int(min=0), "max": Int(min=1)}),
                "boards": ListOf(board, min_len=1)})


def tiles_schema() -> Map:
    shape = ListOf(_CELL, min_len=1)
    tile = Map({"id": Str(pattern=r"^T[0-9]{2}$", pattern_help=Words("T and two digits, e.g. T07")), "shape": Str(),
                "colours": Str(pattern=r"^[GRK]+$", pattern_help=Words("letters G, R or K, one per cell"))})
    return Map({"shapes": MapOf(Str(), shape), "tiles": ListOf(tile, min_len=1)})


def cards_schema() -> Map:
    reward = Map({}, optional={"discs": ListOf(Str(choices=DISC_COLOURS)), "levels": Int(min=1)})
    card = Map({"id": Str(pattern=r"^(I|II|III)-[0-9]{2}$",
                          pattern_help=Words("the level in Roman numerals, a dash and two digits, e.g. II-07")),
                "level": Int(min=1, max=3),
                "pattern": Str(pattern=r"^[GRKBY.]+(/[GRKBY.]+)*$",
                               pattern_help=Words("rows of G, R, K, B, Y or '.' separated by '/'")),
                "points": Int(min=0), "hourglasses": Int(min=0), "reward": reward})
    return Map({"cards": ListOf(card, min_len=3)})


def game_schema() -> Map:
    choice = Map({"value": OneOf(Bool(), Int(), Str()), "label": Str()})
    option = Map({"id": Str(), "label": Str(), "default": Any_(), "choices": ListOf(choice, min_len=2)},
                 optional={"help": Str()})
    band = Map({"min": Int(min=0), "name": Str()})
    return Map({
        "seats": Map({"min": Int(min=1), "max": Int(min=1)}),
        "square_colours": ListOf(Str(choices=SQUARE_COLOURS), min_len=1),
        "disc_colours": ListOf(Str(choices=DISC_COLOURS), min_len=1),
        "colour_names": MapOf(Str(choices=DISC_COLOURS), Str()),
        "squares_per_colour": Int(min=1),
        "discs_per_colour": Int(min=1),
        "supply_by_seats": MapOf(Int(min=1, max=4), Int(min=0)),
        "hand_size": Int(min=1),
        "market_slots": Int(min=1),
        "disc_steps": Int(min=0),
        "purple_steps": Str(choices=("owned",)),
        "hourglass_end": Int(min=1),
        "solo": Map({"turns": Int(min=1), "ratings": ListOf(band, min_len=1)}),
        "start_hands": Str(choices=("ring_front",)),
        "purple_start_disc": ListOf(Str(choices=DISC_COLOURS)),
        "stock_lacks_colour": Str(choices=("refused",)),
        "disc_off_board": Bool(),
        "moved_disc_charges": Bool(),
        "green_move_charges": Bool(),
        "orange_at_top": Str(choices=("refused", "wasted")),
        "reserve_draw": Int(min=1),
        "reserve_limit": Int(min=0),
        "blue_swaps": Int(min=1),
        "exhaustion_end": Bool(),
        "round_cap": Int(min=2),
        "pattern_transforms": Str(choices=("mirror", "all8")),
        "dark_rule": Str(choices=("capacity", "unlock")),
        "options": ListOf(option, min_len=1),
    })


def default_data_dir() -> Path:
    return project_root() / "data" / "realm_of_sand"


@lru_cache(maxsize=8)
def load_catalogue(data_dir: Path | None = None) -> Catalogue:
    """Read and check boards.yaml, tiles.yaml, cards.yaml and game.yaml; DataError names file, line, problem."""
    data_dir = Path(data_dir or default_data_dir())
    game = load_checked(data_dir / "game.yaml", game_schema())
    _check_game(game)
    boards_doc = load_checked(data_dir / "boards.yaml", boards_schema())
    tiles_doc = load_checked(data_dir / "tiles.yaml", tiles_schema())
    cards_doc = load_checked(data_dir / "cards.yaml", cards_schema())
    width, height, light = _grid(boards_doc)
    track = boards_doc.data["level_track"]
    if track["start"] > track["max"]:
        raise boards_doc.error(("level_track", "start"), Words("the track starts beyond its end"))
    return Catalogue(data_dir, width, height, light, track["start"], track["max"],
                     _boards(boards_doc, width, height), _tiles(tiles_doc), _cards(cards_doc, width, height),
                     game.data, tuple(game.data["options"]))


def _grid(doc: YamlDoc) -> tuple[int, int, frozenset[Cell]]:
    rows = doc.data["cells"]
    width = len(rows[0])
    for y, row in enumerate(rows):
        if len(row) != width:
            raise doc.error(("cells", y), Words("every row needs {width} cells like the first, this one has {found}",
                                                width=width, found=len(row)))
    light = frozenset((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "L")
    if len(light) < 4:
        raise doc.error(("cells",), Words("the board needs light cells to place tiles on"))
    return width, len(rows), light


def _boards(doc: YamlDoc, width: int, height: int) -> tuple[BoardDef, ...]:
    out: list[BoardDef] = []
    for i, b in enumerate(doc.data["boards"]):
        side = b["advanced"]
        cells = tuple((x, y) for x, y in side["crystals"])
        for k, (x, y) in enumerate(cells):
            if x >= width or y >= height:
                raise doc.error(("boards", i, "advanced", "crystals", k),
                                Words("({x}, {y}) is off the {width} x {height} board",
                                      x=x, y=y, width=width, height=height))
        if len(set(cells)) != len(cells):
            raise doc.error(("boards", i, "advanced", "crystals"), Words("a crystal cell is listed twice"))
        if b["colour"] in (o.colour for o in out):
            raise doc.error(("boards", i, "colour"), Words("there is already a {colour} board", colour=b['colour']))
        out.append(BoardDef(b["colour"], side["power"], cells))
    return tuple(out)


def _tiles(doc: YamlDoc) -> tuple[TileDef, ...]:
    shapes = doc.data["shapes"]
    out: list[TileDef] = []
    for i, t in enumerate(doc.data["tiles"]):
        if t["shape"] not in shapes:
            raise doc.error(("tiles", i, "shape"), Words("{shape} is not one of the shapes {shapes}",
                                                         shape=repr(t['shape']), shapes=', '.join(shapes)))
        cells = tuple((x, y) for x, y in shapes[t["shape"]])
        if len(t["colours"]) != len(cells):
            raise doc.error(("tiles", i, "colours"), Words("the {shape} shape has {cells} cells: give {cells} colours, not {colours}",
                                                           shape=t['shape'], cells=len(cells), colours=len(t['colours'])))
        if t["id"] in (o.id for o in out):
            raise doc.error(("tiles", i, "id"), Words("the id {id} is used twice", id=repr(t['id'])))
        out.append(TileDef(i, t["id"], t["shape"], cells, t["colours"]))
    return tuple(out)


def pattern_cells(pattern: str) -> tuple[tuple[int, int, str], ...]:
    """A card pattern's cells (x, y, colour letter), rows top to bottom: 'G./RK' -> (0,0,G), (0,1,R), (1,1,K)."""
    return tuple((x, y, ch) for y, row in enumerate(pattern.split("/")) for x, ch in enumerate(row) if ch != ".")


def _connected(cells: set[Cell]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def _cards(doc: YamlDoc, width: int, height: int) -> tuple[CardDef, ...]:
    out: list[CardDef] = []
    levels = {1: "I", 2: "II", 3: "III"}
    for i, c in enumerate(doc.data["cards"]):
        cells = pattern_cells(c["pattern"])
        if not cells:
            raise doc.error(("cards", i, "pattern"), Words("the pattern has no cells"))
        xs, ys = [x for x, _, _ in cells], [y for _, y, _ in cells]
        if max(xs) >= width or max(ys) >= height:
            raise doc.error(("cards", i, "pattern"), Words("the pattern does not fit a {width} x {height} board",
                                                           width=width, height=height))
        if not _connected({(x, y) for x, y, _ in cells}):
            raise doc.error(("cards", i, "pattern"), Words("the pattern's cells must join side to side"))
        if c["id"].split("-")[0] != levels[c["level"]]:
            raise doc.error(("cards", i, "id"), Words("a level {level} card's id starts with {prefix}-",
                                                      level=c['level'], prefix=levels[c['level']]))
        if c["id"] in (o.id for o in out):
            raise doc.error(("cards", i, "id"), Words("the id {id} is used twice", id=repr(c['id'])))
        reward = c["reward"]
        out.append(CardDef(i, c["id"], c["level"], c["pattern"], cells, c["points"], c["hourglasses"],
                           tuple(reward.get("discs", ())), reward.get("levels", 0)))
    for level in (1, 2, 3):
        if not any(c.level == level for c in out):
            raise doc.error(("cards",), Words("there are no level {level} cards", level=levels[level]))
    return tuple(out)


def _check_game(doc: YamlDoc) -> None:
    """Cross-field checks of game.yaml the schema cannot express."""
    cfg = doc.data
    for n in range(cfg["seats"]["min"], cfg["seats"]["max"] + 1):
        if n not in cfg["supply_by_seats"]:
            raise doc.error(("supply_by_seats",), Words("missing the discs of each colour for {n} players", n=n))
    for n, count in cfg["supply_by_seats"].items():
        if count > cfg["discs_per_colour"]:
            raise doc.error(("supply_by_seats", n), Words("{count} discs of each colour, but the game has only {most}",
                                                          count=count, most=cfg['discs_per_colour']))
    if cfg["disc_off_board"]:
        raise doc.error(("disc_off_board",), Words("the rules know only false: a disc step always ends on a board cell"))
    bands = [b["min"] for b in cfg["solo"]["ratings"]]
    if bands[0] != 0 or bands != sorted(set(bands)):
        raise doc.error(("solo", "ratings"), Words("the bands start at 0 and rise"))
    for i, option in enumerate(cfg["options"]):
        values = [c["value"] for c in option["choices"]]
        if option["default"] not in values:
            raise doc.error(("options", i, "default"), Words("the default {default} is not one of the choices",
                                                             default=repr(option['default'])))
    ids = [o["id"] for o in cfg["options"]]
    missing = [o for o in OPTION_IDS if o not in ids]
    if missing:
        raise doc.error(("options",), Words("the rules need these options: {missing}", missing=', '.join(missing)))
    for key, option_id in (("pattern_transforms", "patterns"), ("dark_rule", "dark_cells")):
        i = ids.index(option_id)
        if cfg["options"][i]["default"] != cfg[key]:
            raise doc.error(("options", i, "default"), Words("the default of {option} is the switch {key} ({value})",
                                                             option=repr(option_id), key=key, value=repr(cfg[key])))
