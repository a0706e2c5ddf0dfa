"""Boards drawn in Tiled (.tmx), read through pytmx and handed on as plain data the rules can use."""
from __future__ import annotations

import functools
import logging
import math
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple, TypeVar
from xml.etree import ElementTree
from xml.parsers.expat import ErrorString, ExpatError, ParserCreate

from engine.core.errors import DataError
from engine.core.words import Words
from engine.core.hexgrid import Hex, Stagger, neighbours

T = TypeVar("T")
Cell = tuple[int, int]  # (column, row), both from 0 at the top left
# How Tiled turned a placed tile: (flipped horizontally, flipped vertically, flipped diagonally).
# Tiled applies the diagonal flip (swap x and y) first, then the other two; so
# (False, False, False) is as drawn, (True, True, False) half a turn,
# (True, False, True) a quarter turn clockwise, (False, True, True) anticlockwise.
Flips = tuple[bool, bool, bool]

# pytmx mixes its own bookkeeping into each tile's properties; these are not the designer's.
_TILE_BOOKKEEPING = frozenset(
    {"id", "type", "class", "probability", "source", "trans", "width", "height", "frames", "colliders"}
)


@dataclass(frozen=True)
class BoardObject:
    """One object from an object layer: a named area or point with its custom properties."""

    name: str
    type: str
    x: float
    y: float
    width: float
    height: float
    properties: dict[str, Any]
    line: int | None = None  # where the <object> is written in the .tmx, for error messages


@dataclass(frozen=True, slots=True)
class HexMap:
    """How a hexagonal Tiled map lays out its hexes: the stagger, and the sizes drawn in Tiled's pixels."""

    stagger: Stagger
    side_length: int  # Tiled's hexsidelength: the straight side along the staggered axis
    tile_width: int
    tile_height: int

    @property
    def orientation(self) -> str:
        """'pointy' (rows staggered) or 'flat' (columns staggered)."""
        return self.stagger.orientation

    def to_axial(self, cell: Cell) -> Hex:
        """The axial (q, r) of Tiled's (column, row)."""
        return self.stagger.to_axial(*cell)

    def to_offset(self, cell: Hex) -> Cell:
        """Tiled's (column, row) of an axial cell."""
        return self.stagger.to_offset(cell)

    def centre_px(self, cell: Hex) -> tuple[float, float]:
        """Centre of an axial cell in the map's pixels, exactly where Tiled draws it."""
        # Tiled's HexagonalRenderer drops odd tile sizes to even ones and steps rows (columns)
        # by half the tile plus half the side; the shifted lines move by half a tile.
        w, h = self.tile_width & ~1, self.tile_height & ~1
        col, row = self.to_offset(cell)
        if self.stagger.axis == "y":
            x = col * w + (w // 2 if self.stagger.shifted(row) else 0)
            y = row * ((h - self.side_length) // 2 + self.side_length)
        else:
            x = col * ((w - self.side_length) // 2 + self.side_length)
            y = row * h + (h // 2 if self.stagger.shifted(col) else 0)
        return (x + w / 2, y + h / 2)

    def hex_at_px(self, x: float, y: float) -> Hex:
        """The axial cell under a point in the map's pixels (an object's position): the nearest centre."""
        w, h = self.tile_width & ~1, self.tile_height & ~1
        # Guess the row (column) from the stride, then settle among the guess and its neighbours,
        # which is how Tiled itself picks a hex under the mouse.
        if self.stagger.axis == "y":
            row = round((y - h / 2) / ((h - self.side_length) // 2 + self.side_length))
            shift = w // 2 if self.stagger.shifted(row) else 0
            guess = self.to_axial((round((x - w / 2 - shift) / w), row))
        else:
            col = round((x - w / 2) / ((w - self.side_length) // 2 + self.side_length))
            shift = h // 2 if self.stagger.shifted(col) else 0
            guess = self.to_axial((col, round((y - h / 2 - shift) / h)))

        def far(cell: Hex) -> tuple[float, Hex]:
            cx, cy = self.centre_px(cell)
            return ((cx - x) ** 2 + (cy - y) ** 2, cell)

        return min(far(c) for c in (guess, *neighbours(guess)))[1]


@dataclass(frozen=True)
class BoardMap:
    """A Tiled board as plain data: map facts, each tile layer's cell properties, and objects."""

    path: str
    width: int  # in cells
    height: int
    tile_width: int  # in pixels, as drawn in Tiled
    tile_height: int
    orientation: str  # 'orthogonal', 'hexagonal', ...
    properties: dict[str, Any]
    layers: dict[str, dict[Cell, dict[str, Any]]]  # empty cells are left out
    objects: list[BoardObject]
    # Per tile layer, the cells whose tile Tiled turned or mirrored; all others are as drawn.
    # pytmx ignores these for image-collection tiles, so a renderer must apply them itself.
    flips: dict[str, dict[Cell, Flips]] = field(default_factory=dict)
    # The hex layout of an orientation="hexagonal" map; None for every other map.
    hex: HexMap | None = None

    def require_layer(self, name: str) -> dict[Cell, dict[str, Any]]:
        """The tile layer called `name`, or a DataError naming the layers the map does have."""
        try:
            return self.layers[name]
        except KeyError:
            have = ", ".join(self.layers) or Words("none")
            raise DataError(self.path, None, Words("no tile layer named {name} (layers: {have})", name=repr(name),
                                                   have=have)) from None

    def object_value(self, obj: BoardObject, name: str, kind: type[T], default: T) -> T:
        """Property `name` of an object as a `kind` (bool, int, float, str), or `default` when unset."""
        owner = Words("object {name}", name=repr(obj.name)) if obj.name else Words("an unnamed object")
        return typed_value(self.path, obj.line, owner, obj.properties, name, kind, default)

    def cell_value(self, layer: str, cell: Cell, name: str, kind: type[T], default: T) -> T:
        """Property `name` of a cell's tile as a `kind` (bool, int, float, str), or `default` when unset."""
        props = self.require_layer(layer).get(cell, {})
        owner = Words("the tile at column {column}, row {row} of layer {layer}", column=cell[0], row=cell[1],
                      layer=repr(layer))
        return typed_value(self.path, None, owner, props, name, kind, default)

    def cells_where(self, layer: str, key: str, value: Any) -> list[Cell]:
        """Cells of `layer` whose tile has property `key` == `value`, row by row."""
        cells = self.require_layer(layer)
        found = [cell for cell, props in cells.items() if props.get(key) == value]
        return sorted(found, key=lambda cell: (cell[1], cell[0]))

    def require_hex(self) -> HexMap:
        """The hex layout, or a DataError when the map is not hexagonal."""
        if self.hex is None:
            raise DataError(
                self.path, None,
                Words("this board must be a hexagonal map, not {orientation} "
                      "(in Tiled: Map > Map Properties > Orientation: Hexagonal)", orientation=self.orientation),
            )
        return self.hex

    def hex_layer(self, name: str) -> dict[Hex, dict[str, Any]]:
        """Tile layer `name` of a hexagonal map, its non-empty cells keyed by axial (q, r)."""
        hexes = self.require_hex()
        return {hexes.to_axial(cell): props for cell, props in self.require_layer(name).items()}

    def hex_value(self, layer: str, cell: Hex, name: str, kind: type[T], default: T) -> T:
        """Property `name` of the tile at axial `cell` as a `kind`, or `default` when unset."""
        offset = self.require_hex().to_offset(cell)
        props = self.require_layer(layer).get(offset, {})
        owner = Words("the tile at column {column}, row {row} (hex {q}, {r}) of layer {layer}", column=offset[0],
                      row=offset[1], q=cell[0], r=cell[1], layer=repr(layer))
        return typed_value(self.path, None, owner, props, name, kind, default)

    def hex_cells_where(self, layer: str, key: str, value: Any) -> list[Hex]:
        """Axial cells of `layer` whose tile has property `key` == `value`, row (r) by row."""
        found = [cell for cell, props in self.hex_layer(layer).items() if props.get(key) == value]
        return sorted(found, key=lambda cell: (cell[1], cell[0]))

    def object_hex(self, obj: BoardObject) -> Hex:
        """The axial cell under an object: a point, or the middle of a rectangle or ellipse."""
        return self.require_hex().hex_at_px(obj.x + obj.width / 2, obj.y + obj.height / 2)


# How each Python kind is asked for in messages, and the Tiled type and a value that give it.
_KINDS: dict[type, tuple[str, str, str]] = {
    bool: (Words("true or false"), "bool", "true"),
    int: (Words("a whole number"), "int", "3"),
    float: (Words("a number"), "float", "1.5"),
    str: (Words("text"), "string", "north"),
}


def typed_value(
    path: str, line: int | None, owner: str, props: dict[str, Any], name: str, kind: type[T], default: T
) -> T:
    """props[name] as a `kind`, also when the designer left Tiled's type at string; else a DataError."""
    if name not in props:
        return default
    value = props[name]
    # bool is an int in Python, so test it first: True is no answer to "how many".
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        ok = kind is bool and isinstance(value, bool)
    else:
        ok = isinstance(value, kind) or (kind is float and isinstance(value, int))
    if ok:
        return kind(value)  # type: ignore[call-arg]
    if isinstance(value, str):
        parsed = _from_text(value, kind)
        if parsed is not None:
            return parsed  # type: ignore[return-value]
    what, tiled, example = _KINDS[kind]
    raise DataError(
        path, line,
        Words("property {name} of {owner} must be {what}, not {value} (in Tiled: type {tiled}, a value such as "
              "{example})", name=repr(name), owner=owner, what=what, value=repr(value), tiled=tiled, example=example),
    )


def _from_text(text: str, kind: type) -> Any:
    """A string property read as `kind`, or None when it does not say one."""
    text = text.strip()
    if kind is bool:
        return _BOOL_WORDS.get(text.lower())
    if kind is int:
        return int(text) if re.fullmatch(r"[+-]?\d+", text) else None
    if kind is float:
        try:
            number = float(text)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def load_board(path: str | os.PathLike[str]) -> BoardMap:
    """Read a Tiled .tmx map into a BoardMap, or raise DataError saying what is wrong with it."""
    shown = os.fspath(path)
    if not Path(path).is_file():
        raise DataError(shown, None, Words("file not found"))
    files = _read_xml(shown)
    pytmx = _import_pytmx()
    _check_property_names(pytmx, files)
    _check_property_values(pytmx, files)
    _check_layer_data(files[0])
    hexes = _hex_map(files[0])
    tmx = _read_tiled_map(pytmx, shown)
    layers, flips = _tile_layers(pytmx, tmx, files[0])
    object_lines = _object_lines(files[0])
    return BoardMap(
        path=shown,
        width=int(tmx.width),
        height=int(tmx.height),
        tile_width=int(tmx.tilewidth),
        tile_height=int(tmx.tileheight),
        orientation=str(tmx.orientation),
        properties=dict(tmx.properties),
        layers=layers,
        objects=[_board_object(obj, object_lines) for obj in tmx.objects],
        flips=flips,
        hex=hexes,
    )


def _hex_map(xml: _XmlFile) -> HexMap | None:
    """The hex layout a hexagonal map declares, None for other maps; a DataError naming a missing fact."""
    root = xml.root
    if root.get("orientation") != "hexagonal":
        return None
    axis, index, side = root.get("staggeraxis"), root.get("staggerindex"), root.get("hexsidelength")
    if axis not in ("x", "y"):
        raise xml.error(root, Words("a hexagonal map needs staggeraxis=\"x\" or \"y\", not {value} (Tiled writes it)",
                                     value=repr(axis)))
    if index not in ("odd", "even"):
        raise xml.error(root, Words("a hexagonal map needs staggerindex=\"odd\" or \"even\", not {value}",
                                     value=repr(index)))
    if side is None or not side.strip().isdigit():
        raise xml.error(root, Words("a hexagonal map needs hexsidelength, a whole number of pixels, not {value}",
                                     value=repr(side)))
    sizes = [root.get("tilewidth", ""), root.get("tileheight", "")]
    if not all(size.strip().isdigit() and int(size) > 0 for size in sizes):
        raise xml.error(root, Words("a hexagonal map needs tilewidth and tileheight in whole pixels, not {value}",
                                     value=str(sizes)))
    return HexMap(Stagger(axis, index), int(side), int(sizes[0]), int(sizes[1]))


def _tile_layers(
    pytmx: ModuleType, tmx: Any, xml: _XmlFile
) -> tuple[dict[str, dict[Cell, dict[str, Any]]], dict[str, dict[Cell, Flips]]]:
    """Every tile layer by name: custom properties of its non-empty cells, and its turned cells."""
    # pytmx does not say where a layer was written; the XML elements do, in the same order.
    elements = list(xml.root.iter("layer"))
    tile_layers = [(i, lay) for i, lay in enumerate(tmx.layers) if isinstance(lay, pytmx.TiledTileLayer)]
    # pytmx gives each turned variant of a tile its own gid; gidmap remembers the flags.
    flags_of = {gid: flags for variants in tmx.gidmap.values() for gid, flags in variants}
    layers: dict[str, dict[Cell, dict[str, Any]]] = {}
    flips: dict[str, dict[Cell, Flips]] = {}
    for (index, layer), element in zip(tile_layers, elements):
        if layer.name in layers:
            raise xml.error(element, Words("two tile layers are named {name}; names must differ",
                                              name=repr(layer.name)))
        if len(layer.data) != layer.height or any(len(row) != layer.width for row in layer.data):
            count = sum(len(row) for row in layer.data)
            raise xml.error(element, Words("tile layer {name} holds {n} cells, expected {width} x {height}",
                                           name=repr(layer.name), n=count, width=layer.width, height=layer.height))
        cells: dict[Cell, dict[str, Any]] = {}
        turned: dict[Cell, Flips] = {}
        for col, row, gid in layer.iter_data():
            if gid:
                # pytmx renumbers gids, so ask it for the properties rather than trusting numbers.
                props = tmx.get_tile_properties(col, row, index) or {}
                cells[(col, row)] = {k: v for k, v in props.items() if k not in _TILE_BOOKKEEPING}
                h, v, d = flags_of.get(gid, (False, False, False))
                if h or v or d:
                    turned[(col, row)] = (bool(h), bool(v), bool(d))
        layers[layer.name] = cells
        flips[layer.name] = turned
    return layers, flips


def _object_lines(xml: _XmlFile) -> dict[int, int]:
    """The line of each object of the map's object layers, by its id (unique within a map)."""
    lines: dict[int, int] = {}
    for child in xml.root:
        # A tileset's objects are collision shapes, numbered per tile: not the map's objects.
        if child.tag == "tileset":
            continue
        for element in child.iter("object"):
            if element.get("id", "").isdigit():
                lines.setdefault(int(element.get("id", "")), xml.lines[element])
    return lines


def _board_object(obj: Any, lines: dict[int, int]) -> BoardObject:
    """A pytmx TiledObject as plain data."""
    return BoardObject(
        name=obj.name or "",
        # Tiled 1.9 wrote an object's type as "class"; other versions write "type".
        type=obj.type or obj.__dict__.get("class") or "",
        x=float(obj.x),
        y=float(obj.y),
        width=float(obj.width),
        height=float(obj.height),
        properties=dict(obj.properties),
        line=lines.get(obj.id),
    )


class _XmlFile(NamedTuple):
    """A parsed XML file with the line each element starts on, for error messages."""

    path: str
    root: ElementTree.Element
    lines: dict[ElementTree.Element, int]

    def error(self, element: ElementTree.Element, problem: str) -> DataError:
        return DataError(self.path, self.lines.get(element), problem)


def _read_xml(path: str) -> list[_XmlFile]:
    """The map's XML and its external tilesets', after catching what pytmx would report badly."""
    tmx = _parse_xml(path)
    root = tmx.root
    if root.tag != "map":
        raise tmx.error(root, Words("not a Tiled map: the file starts with <{tag}>, not <map>", tag=root.tag))
    if root.get("infinite") == "1":
        raise tmx.error(root, Words("infinite maps are not supported: untick 'Infinite' in Tiled's map properties"))
    files = [tmx]
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        if source is None:
            continue
        tsx = os.path.join(os.path.dirname(path), source)
        if not os.path.isfile(tsx):
            raise tmx.error(tileset, Words("tileset file {file} not found next to the map", file=repr(source)))
        files.append(_parse_xml(tsx))
    return files


def _parse_xml(path: str) -> _XmlFile:
    """Parse an XML file, noting each element's line; broken XML is reported with its line."""
    # ElementTree keeps no line numbers, so drive expat ourselves and note them as we build.
    expat = ParserCreate()
    builder = ElementTree.TreeBuilder()
    lines: dict[ElementTree.Element, int] = {}

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[builder.start(tag, attrs)] = expat.CurrentLineNumber

    expat.StartElementHandler = start
    expat.EndElementHandler = builder.end
    expat.CharacterDataHandler = builder.data
    try:
        with open(path, "rb") as file:
            expat.ParseFile(file)
    except ExpatError as exc:
        problem = Words("broken XML at column {column}: {reason}", column=exc.offset + 1, reason=ErrorString(exc.code))
        raise DataError(path, exc.lineno, problem) from None
    return _XmlFile(path, builder.close(), lines)


def _import_pytmx() -> ModuleType:
    """Import pytmx without letting it pull in pygame, which the headless rules must not load."""
    blocked = "pygame" not in sys.modules
    quiet = logging.getLogger("pytmx.util_pygame")
    was_disabled = quiet.disabled
    if blocked:
        # pytmx/__init__ tries `from pytmx.util_pygame import load_pygame` and swallows
        # ImportError; a None entry makes `import pygame` raise exactly that.
        sys.modules["pygame"] = None  # type: ignore[assignment]
        quiet.disabled = True  # its "cannot import pygame" error is expected here
    try:
        import pytmx
    finally:
        if blocked:
            del sys.modules["pygame"]
            quiet.disabled = was_disabled
    return pytmx


def _read_tiled_map(pytmx: ModuleType, path: str) -> Any:
    """pytmx.TiledMap(path), with pytmx's own exceptions turned into a DataError naming the file."""
    try:
        # The default image loader only notes file names, so missing art does not stop a load.
        return pytmx.TiledMap(path)
    except Exception as exc:  # noqa: BLE001 - pytmx raises bare Exception, ValueError, KeyError...
        reason = f"{exc}" or type(exc).__name__
        raise DataError(path, None, Words("cannot read this Tiled map: {reason}", reason=reason)) from exc


def _check_property_names(pytmx: ModuleType, files: list[_XmlFile]) -> None:
    """Refuse custom properties pytmx would refuse, naming the property and line (pytmx does not)."""
    reserved = _reserved_names(pytmx)
    for xml in files:
        for element in xml.root.iter():
            if element.tag in reserved:
                _check_element(xml, element, reserved[element.tag])


def _check_element(xml: _XmlFile, element: ElementTree.Element, reserved: frozenset[str]) -> None:
    for prop in element.findall("properties/property"):
        name = prop.get("name", "")
        # pytmx sets each XML attribute on its object too, so those names clash as well.
        if name in reserved or name in element.attrib:
            owner = f"{element.tag} {element.get('name')!r}" if element.get("name") else element.tag
            raise xml.error(
                prop,
                Words("custom property {name} on {owner} clashes with a name pytmx uses itself: give it a prefix, "
                      "e.g. '{suggestion}'", name=repr(name), owner=owner, suggestion=f"my_{name}"),
            )


# The Tiled property types pytmx converts (int(), float(), its bool parser), and what each holds.
_CONVERTED_TYPES = {"int": Words("a whole number"), "object": Words("an object id (a whole number)"),
                    "float": Words("a number"), "bool": Words("true or false")}

# The words a bool property may hold. pytmx reads any word starting with t, y, 1, f, n or 0
# ('nope' is False); Tiled writes true or false, so accept only words that cannot be misread.
_BOOL_WORDS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _check_property_values(pytmx: ModuleType, files: list[_XmlFile]) -> None:
    """Refuse typed properties pytmx cannot convert (an int of 'abc'), naming the property and line."""
    converters = pytmx.pytmx.prop_type
    for xml in files:
        for element in xml.root.iter():
            for prop in element.findall("properties/property"):
                _check_value(xml, element, prop, converters)


def _check_value(
    xml: _XmlFile, element: ElementTree.Element, prop: ElementTree.Element, converters: dict[str, Any]
) -> None:
    """Refuse one property whose type pytmx does not know or whose value it cannot convert."""
    kind = prop.get("type")
    if kind is None:
        return
    name = prop.get("name", "")
    where = Words("property {name} of {owner}", name=repr(name), owner=_owner(element))
    if kind not in converters:
        known = ", ".join(sorted(converters))
        raise xml.error(prop, Words("{where} has the type {kind}, which Tiled does not write (types: {known})",
                                     where=where, kind=repr(kind), known=known))
    if kind not in _CONVERTED_TYPES:
        return  # text of any kind (string, file, color...) cannot be wrong here
    value = prop.get("value")
    if value is None:
        raise xml.error(prop, Words("{where} has type {kind} but no value=\"...\"", where=where, kind=kind))
    try:
        if kind == "bool" and value.strip().lower() not in _BOOL_WORDS:
            raise ValueError(value)
        converters[kind](value)
    except ValueError:
        what = _CONVERTED_TYPES[kind]
        raise xml.error(prop, Words("{where} has type {kind}, so its value must be {what}, not {value}", where=where,
                                        kind=kind, what=what, value=repr(value))) from None


def _owner(element: ElementTree.Element) -> str:
    """An element as the designer finds it in Tiled: 'object 'north end'', 'tile 3', 'map'."""
    if element.get("name"):
        return f"{element.tag} {element.get('name')!r}"
    if element.get("id") is not None:
        return f"{element.tag} {element.get('id')}"
    return element.tag


def _check_layer_data(xml: _XmlFile) -> None:
    """Refuse a CSV tile layer holding something other than tile numbers, naming the layer and line."""
    for layer in xml.root.iter("layer"):
        data = layer.find("data")
        if data is None or data.get("encoding") != "csv" or not data.text:
            continue
        text = data.text
        for found in re.finditer(r"[^,\s]+", text):
            if not found.group().isdigit():
                # The text starts on the <data> line, so count the line breaks before the value.
                line = xml.lines[data] + text.count("\n", 0, found.start())
                raise DataError(
                    xml.path, line,
                    Words("tile layer {name} holds {value} where a tile number belongs", name=repr(layer.get("name")),
                          value=repr(found.group())),
                )


@functools.cache
def _reserved_names(pytmx: ModuleType) -> dict[str, frozenset[str]]:
    """Attribute names of each kind of pytmx object, by the TMX element it is read from."""
    tiled_map = pytmx.TiledMap()
    xml = ElementTree.fromstring
    layer = '<layer width="1" height="1"><data encoding="csv">0</data></layer>'
    samples = {
        "map": tiled_map,
        "tileset": pytmx.TiledTileset(tiled_map, xml("<tileset/>")),
        "layer": pytmx.TiledTileLayer(tiled_map, xml(layer)),
        "group": pytmx.pytmx.TiledGroupLayer(tiled_map, xml("<group/>")),
        "imagelayer": pytmx.TiledImageLayer(tiled_map, xml("<imagelayer><image/></imagelayer>")),
        "objectgroup": pytmx.TiledObjectGroup(tiled_map, xml("<objectgroup/>"), None),
        "object": pytmx.TiledObject(tiled_map, xml("<object/>"), None),
    }
    names = {tag: frozenset(dir(sample)) for tag, sample in samples.items()}
    # A tile's own properties are not refused by pytmx but silently overwritten: refuse them here.
    names["tile"] = _TILE_BOOKKEEPING
    return names
