"""Boards drawn in Tiled (.tmx), read through pytmx and handed on as plain data the rules can use."""
from __future__ import annotations

import functools
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple
from xml.etree import ElementTree
from xml.parsers.expat import ErrorString, ExpatError, ParserCreate

from engine.core.errors import DataError

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

    def require_layer(self, name: str) -> dict[Cell, dict[str, Any]]:
        """The tile layer called `name`, or a DataError naming the layers the map does have."""
        try:
            return self.layers[name]
        except KeyError:
            have = ", ".join(self.layers) or "none"
            raise DataError(self.path, None, f"no tile layer named {name!r} (layers: {have})") from None

    def cells_where(self, layer: str, key: str, value: Any) -> list[Cell]:
        """Cells of `layer` whose tile has property `key` == `value`, row by row."""
        cells = self.require_layer(layer)
        found = [cell for cell, props in cells.items() if props.get(key) == value]
        return sorted(found, key=lambda cell: (cell[1], cell[0]))


def load_board(path: str | os.PathLike[str]) -> BoardMap:
    """Read a Tiled .tmx map into a BoardMap, or raise DataError saying what is wrong with it."""
    shown = os.fspath(path)
    if not Path(path).is_file():
        raise DataError(shown, None, "file not found")
    files = _read_xml(shown)
    pytmx = _import_pytmx()
    _check_property_names(pytmx, files)
    tmx = _read_tiled_map(pytmx, shown)
    layers, flips = _tile_layers(pytmx, tmx, files[0])
    return BoardMap(
        path=shown,
        width=int(tmx.width),
        height=int(tmx.height),
        tile_width=int(tmx.tilewidth),
        tile_height=int(tmx.tileheight),
        orientation=str(tmx.orientation),
        properties=dict(tmx.properties),
        layers=layers,
        objects=[_board_object(obj) for obj in tmx.objects],
        flips=flips,
    )


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
            raise xml.error(element, f"two tile layers are named {layer.name!r}; names must differ")
        if len(layer.data) != layer.height or any(len(row) != layer.width for row in layer.data):
            count = sum(len(row) for row in layer.data)
            expected = f"expected {layer.width} x {layer.height}"
            raise xml.error(element, f"tile layer {layer.name!r} holds {count} cells, {expected}")
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


def _board_object(obj: Any) -> BoardObject:
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
        raise tmx.error(root, f"not a Tiled map: the file starts with <{root.tag}>, not <map>")
    if root.get("infinite") == "1":
        raise tmx.error(root, "infinite maps are not supported: untick 'Infinite' in Tiled's map properties")
    files = [tmx]
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        if source is None:
            continue
        tsx = os.path.join(os.path.dirname(path), source)
        if not os.path.isfile(tsx):
            raise tmx.error(tileset, f"tileset file {source!r} not found next to the map")
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
        problem = f"broken XML at column {exc.offset + 1}: {ErrorString(exc.code)}"
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
        raise DataError(path, None, f"cannot read this Tiled map: {reason}") from exc


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
                f"custom property {name!r} on {owner} clashes with a name pytmx uses itself: "
                f"give it a prefix, e.g. 'my_{name}'",
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
