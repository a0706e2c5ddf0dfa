"""Realm of the Desert Sons' components read from data/desert_sons: tiles, numbers, options, board.

Pure Python (the TMX board is read through engine.core.board, which keeps
pygame out). Every file is checked against a schema, so a broken edit stops
with the file, the line and the problem.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from engine.core.board import load_board
from engine.core.errors import DataError
from engine.core.grid import rotate_sides
from engine.core.paths import project_root
from engine.core.schema import (
    Any_,
    Bool,
    FileUse,
    Float,
    Int,
    ListOf,
    Map,
    MapOf,
    OneOf,
    Str,
    Tuple,
    load_checked,
    require_files,
)
from engine.core.words import Words
from engine.core.yamlfile import YamlDoc

Cell = tuple[int, int]
Point = tuple[float, float]
EDGE_LETTERS = {"N": 0, "E": 1, "S": 2, "W": 3}
SHAPES = ("D", "C", "E", "L", "I", "T", "X", "cross")
ICON_ACTIONS = ("good", "water", "camel", "rumor")
OPTION_IDS = ("desert_border", "two_player_setup", "leader_per_use", "centre_exchange", "display_limit", "start_player")
BARS = ("north", "east", "south", "west")
# Tiled's flip flags (horizontal, vertical, diagonal) for each clockwise quarter turn (engine.core.board).
_TURNS = {(False, False, False): 0, (True, False, True): 1, (True, True, False): 2, (False, True, True): 3}


@dataclass(frozen=True)
class Part:
    """One oasis part of a tile at rotation 0: its O edges, outline, icons and explorer spot."""

    edges: frozenset[int]
    area: str
    outline: tuple[Point, ...]
    icons: tuple[str, ...]
    icon_at: tuple[Point, ...]
    spot: Point


@dataclass(frozen=True)
class TileKind:
    """A kind of square: an explorer tile kind or a start-cross square, at rotation 0."""

    id: str
    name: str
    shape: str
    edges: str  # N, E, S, W: D desert, O oasis
    parts: tuple[Part, ...]
    count: int
    art: str
    cross: bool
    stacks: tuple[int, ...] | None = None  # one back number per copy, when the kind lists them

    @property
    def desert(self) -> bool:
        """Pure desert (no oasis at all): after laying it the camel may move and discover again."""
        return not self.parts

    def turned_edges(self, rotation: int) -> str:
        return rotate_sides(self.edges, rotation)

    def turned_parts(self, rotation: int) -> tuple[frozenset[int], ...]:
        """Each part's O edges after turning the tile `rotation` quarter turns clockwise."""
        return tuple(frozenset((d + rotation) % 4 for d in p.edges) for p in self.parts)


@dataclass(frozen=True)
class Icon:
    """An action icon: what an explorer that claims it does."""

    id: str
    name: str
    code: str
    action: str  # good | water | camel | rumor
    good: str | None = None
    amount: int = 1


@dataclass(frozen=True)
class CrossSquare:
    """A square of the start cross on the board: where, which kind and how it is turned."""

    cell: Cell
    kind: str
    rotation: int


@dataclass(frozen=True)
class CamelStart:
    """An end square of the start cross where a camel may start."""

    cell: Cell
    bar: str
    two_player: bool


@dataclass(frozen=True)
class Catalogue:
    """Everything the rules need to know about the game's components and options."""

    data_dir: Path
    art_dir: Path
    kinds: dict[str, TileKind]  # every kind by id, explorer tiles and cross squares
    explorer_kinds: tuple[TileKind, ...]
    tiles: tuple[TileKind, ...]  # one entry per physical explorer tile; the index is its identity
    tile_stack: tuple[int, ...]  # the back number (1..stacks) of each physical tile
    stacks: int
    icons: dict[str, Icon]
    areas: dict[str, tuple[Point, ...]]
    icon_radius: float
    config: dict[str, Any]
    options: tuple[dict[str, Any], ...]
    size: int
    cross: tuple[CrossSquare, ...]
    camel_starts: tuple[CamelStart, ...]
    exchange: Cell
    # The pictures the table cannot do without, with the place naming each: the tiles. Every other
    # picture has a drawn stand-in (scene_art.py) until its file exists.
    art_uses: tuple[FileUse, ...] = ()

    @cached_property
    def goods(self) -> tuple[str, ...]:
        return tuple(g["id"] for g in self.config["goods"])

    @cached_property
    def _good_names(self) -> dict[str, str]:
        return {g["id"]: g["name"] for g in self.config["goods"]}

    def good_name(self, good: str) -> str:
        return self._good_names[good]

    def option_defaults(self) -> dict[str, Any]:
        return {o["id"]: o["default"] for o in self.options}

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option's value: given ones checked against their choices, missing ones defaulted."""
        out = self.option_defaults()
        for spec in self.options:
            if options and spec["id"] in options:
                value = options[spec["id"]]
                allowed = [c["value"] for c in spec["choices"]]
                if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
                    shown = ", ".join(repr(v) for v in allowed)
                    raise ValueError(f"option {spec['id']!r} cannot be {value!r} (choices: {shown})")
                out[spec["id"]] = value
        return out

    def missing_art(self) -> list[str]:
        """Art files named by tiles.yaml that do not exist yet under art/desert_sons/."""
        return [use.name for use in self.art_uses if not (self.art_dir / use.name).is_file()]

    def check_art(self) -> None:
        """Refuse a missing tile picture now, naming it and its line, rather than at its first draw."""
        require_files(self.art_uses, self.art_dir)


# --------------------------------------------------------------------------- schemas
_ID = Str(pattern=r"^[A-Za-z0-9_]+$", pattern_help=Words("letters, digits and _ only (it names the art file)"))
_POINT = Tuple(Float(0, 1), Float(0, 1))


def tiles_schema() -> Map:
    part = Map(
        {
            "edges": ListOf(Str(choices=tuple(EDGE_LETTERS)), max_len=4),
            "area": Str(),
            "icons": ListOf(Str(), max_len=4),
            "icon_at": ListOf(_POINT, max_len=4),
            "spot": _POINT,
        }
    )
    kind = Map(
        {
            "id": _ID,
            "name": Str(),
            "shape": Str(choices=SHAPES),
            "edges": Str(pattern=r"^[DO]{4}$", pattern_help=Words("four letters N, E, S, W in order, each D (desert) or O (oasis)")),
            "parts": ListOf(part),
            "count": Int(min=0),
            "art": Str(pattern=r"^tiles/[A-Za-z0-9_]+\.svg$", pattern_help=Words("tiles/<id>.svg")),
        },
        optional={"stacks": ListOf(Int(min=1))},
    )
    icon = Map(
        {"name": Str(), "code": Str(pattern=r"^[A-Z][A-Z0-9]?$", pattern_help=Words("one capital letter and an optional digit")),
         "action": Str(choices=ICON_ACTIONS)},
        optional={"good": Str(), "amount": Int(min=1)},
    )
    return Map(
        {
            "total_explorer_tiles": Int(min=1),
            "total_cross_squares": Int(min=1),
            "lines": Map({d: _POINT for d in ("hub", "N", "E", "S", "W")}),
            "mouth": Tuple(Float(0, 1), Float(0, 1)),
            "icon_radius": Float(0.01, 0.5),
            "stacks": Map({"count": Int(min=1, max=9), "rule": Str(choices=("cycle",))}),
            "icons": MapOf(_ID, icon),
            "areas": MapOf(_ID, ListOf(_POINT, min_len=3)),
            "explorer_tiles": ListOf(kind, min_len=1),
            "cross_squares": ListOf(kind, min_len=1),
        }
    )


def game_schema() -> Map:
    good = Map({"id": _ID, "name": Str(), "count": Int(min=0)})
    choice = Map({"value": OneOf(Bool(), Int(), Str()), "label": Str()})
    option = Map(
        {"id": _ID, "label": Str(), "default": Any_(), "choices": ListOf(choice, min_len=2)},
        optional={"help": Str()},
    )
    costs = Map({k: Int(min=0) for k in ("leader", "scout", "driver", "toll", "exchange")})
    return Map(
        {
            "area": Int(min=3, max=31),
            "goods": ListOf(good, min_len=1),
            "water_stones": Int(min=0),
            "start_water": Int(min=0),
            "camel_cards": Int(min=0),
            "camel_card_spaces": Int(min=0),
            "caravan_spaces": Int(min=0),
            "start_display": Int(min=0),
            "good_base_value": Int(),
            "rumor_slots_per_good": Int(min=0),
            "rumor_tiles": ListOf(Int(min=-9, max=9)),
            "costs": costs,
            "explorer_sets": MapOf(Str(pattern=r"^[A-Z]$", pattern_help=Words("one capital letter")), ListOf(Int(min=1), min_len=1)),
            "sets_for_seats": MapOf(Int(min=1), ListOf(Str())),
            "two_player_setup_off_sets": ListOf(Str(), min_len=2, max_len=2),
            "explorer_height_px": Map({"base": Int(min=0), "per_rank": Int(min=0)}),
            "idle_rounds_end": Int(min=0),
            "options": ListOf(option, min_len=1),
        }
    )


def default_data_dir() -> Path:
    return project_root() / "data" / "desert_sons"


def default_art_dir() -> Path:
    return project_root() / "art" / "desert_sons"


@lru_cache(maxsize=8)
def load_catalogue(data_dir: Path | None = None, art_dir: Path | None = None) -> Catalogue:
    """Read and check game.yaml, tiles.yaml and board.tmx; raises DataError naming file, line, problem."""
    data_dir = Path(data_dir or default_data_dir())
    art_dir = Path(art_dir or default_art_dir())
    game_doc = load_checked(data_dir / "game.yaml", game_schema())
    config = game_doc.data
    _check_game(game_doc)
    tiles_doc = load_checked(data_dir / "tiles.yaml", tiles_schema())
    icons = _load_icons(tiles_doc, config)
    areas = {k: tuple(tuple(p) for p in v) for k, v in tiles_doc.data["areas"].items()}
    explorer = _load_kinds(tiles_doc, "explorer_tiles", icons, areas, cross=False)
    cross_kinds = _load_kinds(tiles_doc, "cross_squares", icons, areas, cross=True)
    kinds: dict[str, TileKind] = {}
    for group, name in ((explorer, "explorer_tiles"), (cross_kinds, "cross_squares")):
        for i, k in enumerate(group):
            if k.id in kinds:
                raise tiles_doc.error((name, i, "id"), Words("the id {id} is used twice", id=repr(k.id)))
            kinds[k.id] = k
    data = tiles_doc.data
    for key, group in (("total_explorer_tiles", explorer), ("total_cross_squares", cross_kinds)):
        total = sum(k.count for k in group)
        if total != data[key]:
            raise tiles_doc.error((key,), Words("the counts add up to {total}, not {given}",
                                                total=total, given=data[key]))
    n_stacks = data["stacks"]["count"]
    tiles = tuple(k for k in explorer for _ in range(k.count))
    tile_stack = _stack_numbers(tiles_doc, explorer, n_stacks)
    size = config["area"]
    cross, starts, exchange = _load_board(data_dir / "board.tmx", cross_kinds, size)
    return Catalogue(
        data_dir=data_dir,
        art_dir=art_dir,
        kinds=kinds,
        explorer_kinds=tuple(explorer),
        tiles=tiles,
        tile_stack=tile_stack,
        stacks=n_stacks,
        icons=icons,
        areas=areas,
        icon_radius=float(data["icon_radius"]),
        config=config,
        options=tuple(config["options"]),
        size=size,
        cross=cross,
        camel_starts=starts,
        exchange=exchange,
        art_uses=tuple(
            FileUse.named(tiles_doc, (key, i, "art"), kind["art"])
            for key in ("explorer_tiles", "cross_squares")
            for i, kind in enumerate(data[key])
        ),
    )


def _check_game(doc: YamlDoc) -> None:
    """Cross-field checks of game.yaml the schema cannot express."""
    config = doc.data
    goods = [g["id"] for g in config["goods"]]
    if len(set(goods)) != len(goods):
        raise doc.error(("goods",), Words("each merchandise kind must be listed once"))
    if config["start_water"] * 4 > config["water_stones"]:
        raise doc.error(("start_water",), Words("4 players need {n} water stones; the box has {water_stones}",
                                                n=config['start_water'] * 4, water_stones=config['water_stones']))
    if len(config["rumor_tiles"]) > len(goods) * config["rumor_slots_per_good"]:
        raise doc.error(("rumor_tiles",), Words("there are more rumor tiles than slots on the rumor board"))
    ranks = [r for s in config["explorer_sets"].values() for r in s]
    if len(set(ranks)) != len(ranks):
        raise doc.error(("explorer_sets",), Words("every explorer needs its own height: a rank appears twice"))
    sizes = {len(s) for s in config["explorer_sets"].values()}
    if len(sizes) != 1:
        raise doc.error(("explorer_sets",), Words("every colour set needs the same number of explorers"))
    for n in (2, 3, 4):
        sets = config["sets_for_seats"].get(n)
        if sets is None:
            raise doc.error(("sets_for_seats",), Words("missing the colour sets for {n} players", n=n))
        if len(sets) != n or len(set(sets)) != n:
            raise doc.error(("sets_for_seats", n), Words("{n} players need {n} different colour sets", n=n))
        for name in sets:
            if name not in config["explorer_sets"]:
                raise doc.error(("sets_for_seats", n), Words("unknown colour set {name}", name=repr(name)))
    for name in config["two_player_setup_off_sets"]:
        if name not in config["explorer_sets"]:
            raise doc.error(("two_player_setup_off_sets",), Words("unknown colour set {name}", name=repr(name)))
    seen: set[str] = set()
    for i, option in enumerate(config["options"]):
        where = ("options", i)
        if option["id"] in seen:
            raise doc.error(where + ("id",), Words("the option {id} is listed twice", id=repr(option['id'])))
        seen.add(option["id"])
        values = [c["value"] for c in option["choices"]]
        if option["default"] not in values or any(type(v) is not type(values[0]) for v in values):
            raise doc.error(where + ("default",), Words("the default {default} must be one of the choices' values, all of one kind",
                                                        default=repr(option['default'])))
    missing = [o for o in OPTION_IDS if o not in seen]
    if missing:
        raise doc.error(("options",), Words("the rules need these options: {missing}", missing=', '.join(missing)))


def _load_icons(doc: YamlDoc, config: dict) -> dict[str, Icon]:
    goods = {g["id"] for g in config["goods"]}
    icons: dict[str, Icon] = {}
    codes: set[str] = set()
    for name, spec in doc.data["icons"].items():
        where = ("icons", name)
        if spec["code"] in codes:
            raise doc.error(where + ("code",), Words("the code {code} is used twice", code=repr(spec['code'])))
        codes.add(spec["code"])
        if spec["action"] == "good":
            if spec.get("good") not in goods:
                raise doc.error(where, Words("a good icon names one of the goods of game.yaml ({goods})",
                                             goods=', '.join(sorted(goods))))
        elif "good" in spec:
            raise doc.error(where + ("good",), Words("only good icons name a good"))
        if "amount" in spec and spec["action"] != "water":
            raise doc.error(where + ("amount",), Words("only water icons have an amount"))
        icons[name] = Icon(name, spec["name"], spec["code"], spec["action"], spec.get("good"), spec.get("amount", 1))
    return icons


def _load_kinds(doc: YamlDoc, key: str, icons: dict[str, Icon], areas: dict, cross: bool) -> list[TileKind]:
    kinds = []
    for i, k in enumerate(doc.data[key]):
        where = (key, i)
        if (k["shape"] == "cross") != cross:
            raise doc.error(where + ("shape",), Words("cross squares have shape 'cross'; explorer tiles never do"))
        if k["art"] != f"tiles/{k['id']}.svg":
            raise doc.error(where + ("art",), Words("the art of {id} is {art}",
                                                    id=repr(k['id']), art=f"tiles/{k['id']}.svg"))
        parts = []
        covered: list[int] = []
        for j, p in enumerate(k["parts"]):
            pw = where + ("parts", j)
            for letter in p["edges"]:
                if k["edges"][EDGE_LETTERS[letter]] != "O":
                    raise doc.error(pw + ("edges",), Words("the part touches {letter}, but that edge is desert in {edges}",
                                                           letter=letter, edges=repr(k['edges'])))
                covered.append(EDGE_LETTERS[letter])
            if p["area"] not in areas:
                raise doc.error(pw + ("area",), Words("unknown area {area} (areas: {areas})",
                                                      area=repr(p['area']), areas=', '.join(areas)))
            for name in p["icons"]:
                if name not in icons:
                    raise doc.error(pw + ("icons",), Words("unknown icon {name} (icons: {icons})",
                                                           name=repr(name), icons=', '.join(icons)))
            if len(p["icon_at"]) != len(p["icons"]):
                raise doc.error(pw + ("icon_at",), Words("give one position per icon: {icons} icons, {positions} positions",
                                                         icons=len(p['icons']), positions=len(p['icon_at'])))
            parts.append(Part(frozenset(EDGE_LETTERS[x] for x in p["edges"]), p["area"], areas[p["area"]],
                              tuple(p["icons"]), tuple(tuple(x) for x in p["icon_at"]), tuple(p["spot"])))  # type: ignore[arg-type]
        oasis = [d for d in range(4) if k["edges"][d] == "O"]
        if sorted(covered) != oasis:
            raise doc.error(where + ("parts",), Words("every oasis edge of {edges} must belong to exactly one part",
                                                      edges=repr(k['edges'])))
        stacks = None
        if "stacks" in k:
            if len(k["stacks"]) != k["count"]:
                raise doc.error(where + ("stacks",), Words("give one stack number per copy: count {count}, {numbers} numbers",
                                                           count=k['count'], numbers=len(k['stacks'])))
            stacks = tuple(k["stacks"])
        kinds.append(TileKind(k["id"], k["name"], k["shape"], k["edges"], tuple(parts), k["count"], k["art"], cross, stacks))
    return kinds


def _stack_numbers(doc: YamlDoc, kinds: list[TileKind], n_stacks: int) -> tuple[int, ...]:
    """The back number of every physical tile (§2.3: tile i of the file's order gets (i mod n) + 1)."""
    out = []
    i = 0
    for index, kind in enumerate(kinds):
        for copy in range(kind.count):
            if kind.stacks is not None:
                number = kind.stacks[copy]
                if number > n_stacks:
                    raise doc.error(("explorer_tiles", index, "stacks"), Words("stack {number} does not exist (there are {stacks})",
                                                                               number=number, stacks=n_stacks))
            else:
                number = i % n_stacks + 1
            out.append(number)
            i += 1
    return tuple(out)


def _load_board(path: Path, cross_kinds: list[TileKind], size: int) -> tuple[tuple[CrossSquare, ...], tuple[CamelStart, ...], Cell]:
    board = load_board(path)
    area = board.require_layer("area")
    if (board.width, board.height) != (size, size) or len(area) != size * size:
        raise DataError(path, None, Words("the 'area' layer must cover all {size} x {size} squares (game.yaml area: {size})",
                                          size=size))
    odd = [c for c, p in area.items() if p.get("cell") != "sand"]
    if odd:
        raise DataError(path, None, Words("square {cell} of layer 'area' has no 'cell' property 'sand'", cell=odd[0]))
    layer = board.require_layer("cross")
    known = {k.id: k for k in cross_kinds}
    flips = board.flips.get("cross", {})
    squares = []
    counts: dict[str, int] = {}
    for cell, props in sorted(layer.items(), key=lambda x: (x[0][1], x[0][0])):
        kind = props.get("kind")
        if kind not in known:
            raise DataError(path, None, Words("cross square {cell} has kind {kind}, which is not a cross square of tiles.yaml",
                                              cell=cell, kind=repr(kind)))
        turn = _TURNS.get(flips.get(cell, (False, False, False)))
        if turn is None:
            raise DataError(path, None, Words("cross square {cell} is mirrored in Tiled; squares may only be turned",
                                              cell=cell))
        counts[kind] = counts.get(kind, 0) + 1
        squares.append(CrossSquare(cell, kind, turn))
    for kind in cross_kinds:
        if counts.get(kind.id, 0) != kind.count:
            raise DataError(path, None, Words("tiles.yaml counts {count} of {id}, the board has {board}",
                                              count=kind.count, id=kind.id, board=counts.get(kind.id, 0)))
    cells = {sq.cell for sq in squares}
    tw, th = board.tile_width, board.tile_height
    starts = []
    exchange = None
    for obj in board.objects:
        cell = (int(round(obj.x / tw)), int(round(obj.y / th)))
        if obj.type == "camel_start":
            if cell not in cells:
                raise DataError(path, obj.line, Words("camel start {name} at {cell} is not on the start cross",
                                                      name=repr(obj.name), cell=cell))
            bar = board.object_value(obj, "ds_bar", str, "")
            if bar not in BARS:
                raise DataError(path, obj.line, Words("camel start {name} needs ds_bar: one of {bars}",
                                                      name=repr(obj.name), bars=', '.join(BARS)))
            # Read strictly: bool() of the text 'false' would be True.
            starts.append(CamelStart(cell, bar, board.object_value(obj, "ds_two_player", bool, False)))
        elif obj.type == "exchange":
            exchange = cell
    if len(starts) < 4:
        raise DataError(path, None, Words("the board needs 4 camel starts for 4 players; it has {n}", n=len(starts)))
    if sum(1 for s in starts if s.two_player) != 2:
        raise DataError(path, None, Words("exactly two camel starts must be marked ds_two_player"))
    if exchange is None or exchange not in cells:
        raise DataError(path, None, Words("the board needs an 'exchange' object on a square of the start cross"))
    starts.sort(key=lambda s: BARS.index(s.bar))
    return tuple(squares), tuple(starts), exchange
