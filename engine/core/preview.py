"""What the tile previewer shows of a game, and the checks it runs on it. Pure Python, no pygame.

A game opts in with a hook module ``games/<id>/preview.py`` that defines::

    def preview_source(data_dir: Path, art_dir: Path) -> PreviewSource

``data_dir`` and ``art_dir`` are the game's data and art folders (``data/<id>`` and
``art/<id>`` unless TILETABLE_GAME_DATA_DIR / TILETABLE_ART_DIR point elsewhere, as the
tests do with a temporary copy). The hook must read the files afresh on every call (clear
any loader cache first): the previewer calls it again whenever a watched file changes.
It loads the data through the game's own loader and raises that loader's DataError
(file, line, problem) when the data is broken; the previewer then keeps the last good
source on screen and shows the error. Any other exception is shown the same way.

The source lists every item (tile kinds, tile backs, pieces, cards). Each item carries:

- ``kind``: "tile", "back", "piece" or "card" (the grid's sections, in that order);
- ``id``, an optional readable ``name`` and the ``count`` in the box (None: not counted);
- ``definitions``: where the data writes it (file, line, the YAML text as written),
  made with ``yaml_definition``; the first one is the item's own entry;
- ``art``: the picture files it is drawn from (checked for existence, size and ratio);
- ``draw(surface, rect, rotation, assets)``: draws the item into ``rect`` turned
  ``rotation`` steps clockwise, with the same calls the game's own screen makes
  (``assets`` is the App's engine.ui.assets.Assets, so the image caches are shared);
- ``overlay``: edges with their types, regions with outlines, icon spots and piece spots,
  all at rotation 0 in tile units (0..1 across the item's box, y downwards);
- ``rotations``: how many turning steps make a full turn (4 for squares, 6 for hexes,
  1 for things that never turn); ``aspect`` (width / height) and ``native_px`` (the long
  side at 100 % zoom, also the least size raster art should have).

and the source adds:

- ``watch``: files outside data_dir and art_dir to watch too (both folders are always watched);
- ``neighbours(item_id, rotation)``: sample tiles that could lie beside this one on the
  board, each with its own rotation and its centre offset in tile units ((0, -1) is north);
- ``expected``: the counts the game's facts state (ExpectedCount: a label, the item ids
  that add up to it, the number, "at least" or exactly, and where the fact comes from);
- ``extra_art``: art the game's screen uses outside any item (board spaces, icons), with
  what it is for, so it is checked for existence and not reported as unused;
- ``art_files``: the game's pictures when they are not simply every picture under art_dir;
- ``empty_cell``: draws an empty board space (the "board" background and around neighbours);
- ``palette``: overlay colours by edge, region or icon type (others get a stable colour).

Text a player reads (an item's name, an expected count's label, what an extra picture is for, the
words of the overlay: edge and region types, region ids, spot labels) is `Words` from
engine.core.words, its data names (a tile's, a card's, a seat colour's from seats.yaml) `Words`
fields of it, so the previewer says it in the player's language (engine/ui/i18n.py `t`). Plain
strings are shown as written: ids, file names, source tags. A palette is keyed by the English
text (a `Words` equals its English).

A registered game without the hook is shown with a message; a hook that fails to import or
raises is shown as an error panel, never a crash. games/entdecker/preview.py is a worked example.
"""
from __future__ import annotations

import importlib
import math
import os
import re
import struct
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Mapping, Sequence

from engine.core.words import N_, Words
from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.core.yamlfile import YamlDoc, Where

Point = tuple[float, float]
RGB = tuple[int, int, int]
# draw(surface, rect, rotation, assets): the game's own renderer, called by the previewer.
DrawFn = Callable[[Any, Any, int, Any], None]

KINDS = ("tile", "back", "piece", "card")
ART_SUFFIXES = frozenset({".svg", ".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp", ".tga"})
UNIT_SQUARE: tuple[Point, ...] = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
RATIO_TOLERANCE = 0.02  # art within 2 % of the drawn ratio is fine: SVG viewBoxes round


# ------------------------------------------------------------------ the model
@dataclass(frozen=True, slots=True)
class Definition:
    """Where the data writes an item: the file, the first line, and the text exactly as written."""

    file: Path
    line: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Edge:
    """One edge (or part of one) at rotation 0, from a to b in tile units, and its type ("land", "road")."""

    a: Point
    b: Point
    type: str


@dataclass(frozen=True, slots=True)
class Region:
    """A part of a tile (a land piece, a field, an oasis): its type and its outline in tile units."""

    id: str
    type: str
    outline: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Spot:
    """A point of a tile in tile units where an icon is printed or a piece stands; radius in tile units."""

    x: float
    y: float
    label: str = ""
    radius: float = 0.08


@dataclass(frozen=True, slots=True)
class Overlay:
    """What the previewer can draw over an item: all at rotation 0, in tile units."""

    edges: tuple[Edge, ...] = ()
    regions: tuple[Region, ...] = ()
    icon_spots: tuple[Spot, ...] = ()
    piece_spots: tuple[Spot, ...] = ()
    shape: tuple[Point, ...] = UNIT_SQUARE  # the item's outline (a square tile, a hexagon)


@dataclass(frozen=True)
class PreviewItem:
    """One thing of the game the previewer shows: a tile kind, a back, a piece or a card."""

    kind: str
    id: str
    count: int | None
    draw: DrawFn
    definitions: tuple[Definition, ...] = ()
    art: tuple[Path, ...] = ()
    overlay: Overlay = Overlay()
    name: str = ""
    rotations: int = 4
    aspect: float = 1.0
    native_px: int = 256
    flippable: bool = False  # it can be laid face down too (a polyomino): F shows its mirror image

    @property
    def label(self) -> str:
        return self.name or self.id


@dataclass(frozen=True, slots=True)
class Neighbour:
    """A sample item beside another, as it could lie on the board: centre offset in tile units."""

    item_id: str
    rotation: int
    dx: float
    dy: float


@dataclass(frozen=True, slots=True)
class ExpectedCount:
    """A count the game's facts state: these items together should number `count` (or at least it)."""

    label: str
    item_ids: tuple[str, ...]
    count: int
    at_least: bool = False
    source: str = ""


@dataclass(frozen=True)
class PreviewSource:
    """Everything the previewer shows of one game, as read from its data at one moment."""

    game_id: str
    data_dir: Path
    art_dir: Path
    items: tuple[PreviewItem, ...]
    watch: tuple[Path, ...] = ()
    neighbours: Callable[[str, int], Sequence[Neighbour]] | None = None
    expected: tuple[ExpectedCount, ...] = ()
    extra_art: Mapping[Path, str] = field(default_factory=dict)
    empty_cell: DrawFn | None = None
    palette: Mapping[str, RGB] = field(default_factory=dict)
    art_files: frozenset[Path] = frozenset()  # the game's pictures; empty: every picture under art_dir, read now

    def item(self, item_id: str) -> PreviewItem | None:
        return next((i for i in self.items if i.id == item_id), None)

    def of_kind(self, kind: str) -> list[PreviewItem]:
        return [i for i in self.items if i.kind == kind]

    def kinds(self) -> list[str]:
        """The item kinds present, known ones first in their order, then any others."""
        present = {i.kind for i in self.items}
        return [k for k in KINDS if k in present] + sorted(present - set(KINDS))


# ------------------------------------------------------------------ where things are
def game_data_dir(game_id: str) -> Path:
    """data/<id>, or <TILETABLE_GAME_DATA_DIR>/<id> when that is set (tests on a copy of the data)."""
    root = os.environ.get("TILETABLE_GAME_DATA_DIR")
    return (Path(root) if root else project_root() / "data") / game_id


def game_art_dir(game_id: str) -> Path:
    """art/<id>, or <TILETABLE_ART_DIR>/<id> when that is set."""
    root = os.environ.get("TILETABLE_ART_DIR")
    return (Path(root) if root else project_root() / "art") / game_id


def load_hook(game_id: str) -> ModuleType | None:
    """The game's games/<id>/preview.py, or None when it has none; a broken one raises its error."""
    name = f"games.{game_id}.preview"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name in (name, f"games.{game_id}"):
            return None
        raise
    if not callable(getattr(module, "preview_source", None)):
        raise AttributeError(f"{name} has no preview_source(data_dir, art_dir) function")
    return module


def seats_file(data_dir: Path) -> Path:
    """The seats.yaml beside a game's data folder (a designer's copy), else the project's."""
    beside = data_dir.parent / "seats.yaml"
    return beside if beside.is_file() else project_root() / "data" / "seats.yaml"


def colour_names(seats: Mapping[str, Any]) -> dict[str, Words]:
    """Each seat colour of a seats.yaml (its data) by id, named as a player reads it ("Red"), to be translated."""
    names: dict[str, Words] = {}
    for colour in seats.get("colours", []):
        name = colour.get("name") or colour["id"]
        names[colour["id"]] = Words(name)
    return names


class SceneArt:
    """A game scene's art object for the Assets the previewer passes in: made by `make(assets)`, once per Assets
    (as each scene has one), so the previewer draws an item exactly as the table does."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        self.make = make
        self._assets: Any = None
        self._art: Any = None

    def __call__(self, assets: Any) -> Any:
        if self._art is None or self._assets is not assets:
            self._art = self.make(assets)
            self._assets = assets
        return self._art


def drawn(art: SceneArt, make: Callable[[Any, Any, int], Any]) -> DrawFn:
    """Draw the picture `make(scene art, item rect, rotation)` returns, centred in the item's rect."""

    def draw(surface: Any, rect: Any, rotation: int, assets: Any) -> None:
        img = make(art(assets), rect, rotation)
        surface.blit(img, img.get_rect(center=rect.center))

    return draw


def square_side(rect: Any) -> int:
    """The size of a square picture that fits the item's rect."""
    return max(1, min(rect.width, rect.height))


def list_art(folder: Path) -> frozenset[Path]:
    """Every picture file under `folder` (svg, png, jpg, ...)."""
    found: set[Path] = set()
    if not folder.is_dir():
        return frozenset()
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            if Path(name).suffix.lower() in ART_SUFFIXES:
                found.add(Path(dirpath) / name)
    return frozenset(found)


# ------------------------------------------------------------------ YAML text
def yaml_block(text: str, line: int) -> str:
    """The lines of the YAML entry that starts on `line` (1-based): it and everything indented under it."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    first = lines[line - 1]
    base = _indent(first)
    head = _strip_comment(first).rstrip()
    # "key:" may be followed by list items at the key's own indent ("tiles:\n- a").
    dash_ok = head.endswith(":")
    out = [first]
    for raw in lines[line:]:
        if not raw.strip():
            out.append(raw)
            continue
        ind = _indent(raw)
        if ind > base or (dash_ok and ind == base and raw.lstrip().startswith("- ")):
            out.append(raw)
            continue
        break
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _strip_comment(line: str) -> str:
    # Good enough for deciding whether a line ends with "key:": quotes rarely hold " #".
    return re.sub(r"\s+#.*$", "", line)


def yaml_definition(doc: YamlDoc, where: Where, text: str | None = None) -> Definition:
    """The Definition of the value at `where` in a loaded YAML file (its text read from disk once)."""
    line = doc.line_of(where)
    if text is None:
        try:
            text = Path(doc.path).read_text(encoding="utf-8-sig")
        except OSError:
            text = ""
    return Definition(Path(doc.path), line, yaml_block(text, line) if line else "")


# ------------------------------------------------------------------ errors
@dataclass(frozen=True, slots=True)
class LoadError:
    """Why the data could not be loaded: file, line (either may be unknown) and the problem."""

    file: str | None
    line: int | None
    problem: str


def describe_error(exc: BaseException) -> LoadError:
    """File, line and problem of a loader's exception: a DataError says them; others point at the code."""
    if isinstance(exc, DataError):
        return LoadError(exc.path, exc.line, exc.problem)
    if isinstance(exc, SyntaxError) and exc.filename:
        return LoadError(exc.filename, exc.lineno, f"SyntaxError: {exc.msg}")
    frames = traceback.extract_tb(exc.__traceback__)
    root = str(project_root())
    ours = [f for f in frames if f.filename.startswith(root)] or frames
    where = ours[-1] if ours else None
    problem = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return LoadError(where.filename if where else None, where.lineno if where else None, problem)


# ------------------------------------------------------------------ art files
@dataclass(frozen=True, slots=True)
class ArtInfo:
    """What the previewer knows of one art file without drawing it."""

    exists: bool
    size: tuple[float, float] | None = None  # width, height (SVG: user units)
    vector: bool = False
    problem: str | None = None  # the file exists but its size cannot be read


def art_info(path: Path) -> ArtInfo:
    """Read the size of an art file from its header (SVG, PNG, GIF, BMP, JPEG)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(65536)
    except FileNotFoundError:
        return ArtInfo(False)
    except OSError as exc:
        return ArtInfo(True, problem=Words("cannot be read ({reason})", reason=exc.strerror or str(exc)))
    suffix = path.suffix.lower()
    try:
        if suffix == ".svg":
            return _svg_info(head)
        size = _raster_size(head)
    except (ValueError, struct.error) as exc:
        # Our own reasons are Words (args[0]); a struct error's text is Python's.
        return ArtInfo(True, problem=exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc))
    if size is None:
        return ArtInfo(True)
    if size[0] <= 0 or size[1] <= 0:
        return ArtInfo(True, size, problem=Words("has no pixels ({w}x{h})", w=size[0], h=size[1]))
    return ArtInfo(True, size)


_SVG_TAG = re.compile(rb"<svg\b([^>]*)>", re.S)
_NUMBER = re.compile(r"^\s*([0-9.]+(?:[eE][-+]?\d+)?)\s*(px)?\s*$")


def _svg_info(head: bytes) -> ArtInfo:
    m = _SVG_TAG.search(head)
    if m is None:
        return ArtInfo(True, vector=True, problem=Words("is not an SVG picture (no <svg> element)"))
    attrs = {k.decode(): v.decode("utf-8", "replace") for k, v in re.findall(rb'([\w:-]+)\s*=\s*"([^"]*)"', m.group(1))}
    attrs.update({k.decode(): v.decode("utf-8", "replace") for k, v in re.findall(rb"([\w:-]+)\s*=\s*'([^']*)'", m.group(1))})
    box = attrs.get("viewBox")
    if box:
        parts = box.replace(",", " ").split()
        try:
            w, h = float(parts[2]), float(parts[3])
        except (IndexError, ValueError):
            return ArtInfo(True, vector=True, problem=Words("has a viewBox that cannot be read ({box})", box=repr(box)))
        if w <= 0 or h <= 0:
            return ArtInfo(True, (w, h), True, problem=Words("has an empty viewBox ({box})", box=repr(box)))
        return ArtInfo(True, (w, h), True)
    width, height = (_NUMBER.match(attrs.get(k, "")) for k in ("width", "height"))
    if width and height:
        w, h = float(width.group(1)), float(height.group(1))
        if w <= 0 or h <= 0:
            return ArtInfo(True, (w, h), True, problem=Words("is {w}x{h}: it has no area", w=f"{w:g}", h=f"{h:g}"))
        return ArtInfo(True, (w, h), True)
    return ArtInfo(True, vector=True, problem=Words("has neither a viewBox nor a width and height in pixels"))


def _raster_size(head: bytes) -> tuple[int, int] | None:
    if head[:8] == b"\x89PNG\r\n\x1a\n":
        if head[12:16] != b"IHDR":
            raise ValueError(Words("is a damaged PNG (no IHDR header)"))
        return struct.unpack(">II", head[16:24])
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return struct.unpack("<HH", head[6:10])
    if head[:2] == b"BM":
        w, h = struct.unpack("<ii", head[18:26])
        return (w, abs(h))
    if head[:2] == b"\xff\xd8":
        return _jpeg_size(head)
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            raise ValueError(Words("is a damaged JPEG"))
        marker = data[i + 1]
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return (w, h)
        i += 2 + length
    return None


# ------------------------------------------------------------------ problems
@dataclass(frozen=True)
class Problem:
    """Something the previewer reports: a kind, an English template with its values, and what it concerns.

    kind is one of: missing_art, no_art, unused_art, art_size, art_ratio, art_unreadable, count.
    """

    kind: str
    template: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    item_id: str | None = None
    path: Path | None = None

    @property
    def text(self) -> str:
        return self.template.format(**self.params)


def survey_art(source: PreviewSource) -> dict[Path, ArtInfo]:
    """ArtInfo of every art file in the folder now and of every file an item or the screen names."""
    paths = set(source.art_files or list_art(source.art_dir)) | set(source.extra_art)
    for item in source.items:
        paths.update(item.art)
    return {p: art_info(p) for p in paths}


def _shown(path: Path, base: Path) -> str:
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return str(path)


def find_problems(source: PreviewSource, art: Mapping[Path, ArtInfo] | None = None) -> list[Problem]:
    """Tiles without art, art no definition uses, art the renderer cannot use, counts that disagree with the facts.

    `art` is what survey_art() found on disk (read now when not given); files missing
    from it count as absent.
    """
    if art is None:
        art = survey_art(source)
    problems: list[Problem] = []
    base = source.art_dir
    used: set[Path] = set(source.extra_art)
    for item in source.items:
        used.update(item.art)
        if not item.art and item.kind in ("tile", "back", "card"):
            problems.append(Problem("no_art", "{id}: no art file is named for it", {"id": item.id}, item.id))
        for path in item.art:
            problems.extend(_art_problems(item, path, art.get(path, ArtInfo(False)), base))
    for path, what in sorted(source.extra_art.items()):
        if not art.get(path, ArtInfo(False)).exists:
            problems.append(Problem("missing_art", "{file} is missing ({what})",
                                    {"file": _shown(path, base), "what": what}, None, path))
    for path in sorted(p for p, info in art.items() if info.exists and p not in used):
        if path.suffix.lower() in ART_SUFFIXES:
            problems.append(Problem("unused_art", "{file}: no definition uses this art file",
                                    {"file": _shown(path, base)}, None, path))
    problems.extend(count_problems(source))
    return problems


def _art_problems(item: PreviewItem, path: Path, info: ArtInfo, base: Path) -> list[Problem]:
    shown = _shown(path, base)
    if not info.exists:
        return [Problem("missing_art", "{id}: the art file {file} is missing", {"id": item.id, "file": shown},
                        item.id, path)]
    if info.problem:
        return [Problem("art_unreadable", "{id}: {file} {why}", {"id": item.id, "file": shown, "why": info.problem},
                        item.id, path)]
    if info.size is None:
        return []
    w, h = info.size
    out = []
    if abs((w / h) / item.aspect - 1) > RATIO_TOLERANCE:
        out.append(Problem("art_ratio", "{id}: {file} is {w}x{h}, but the game draws it at a {want} ratio",
                           {"id": item.id, "file": shown, "w": f"{w:g}", "h": f"{h:g}", "want": ratio_text(item.aspect)},
                           item.id, path))
    if not info.vector and max(w, h) < item.native_px:
        out.append(Problem("art_size", "{id}: {file} is {w}x{h} px; the game draws it up to {need} px, so it blurs",
                           {"id": item.id, "file": shown, "w": f"{w:g}", "h": f"{h:g}", "need": item.native_px},
                           item.id, path))
    return out


def ratio_text(aspect: float) -> str:
    """1.0 -> "1:1", 1.5 -> "3:2"."""
    for d in range(1, 13):
        n = aspect * d
        if abs(n - round(n)) < 0.01:
            return f"{round(n)}:{d}"
    return f"{aspect:.2f}:1"


# count_problems' templates, as it puts them together, marked for the translations
COUNT_TEMPLATES = (N_("{label}: the definitions give {actual}; the game's facts say at least {expected}"),
                   N_("{label}: the definitions give {actual}; the game's facts say {expected}"),
                   N_("{label}: the definitions give {actual}; the game's facts say at least {expected} ({source})"),
                   N_("{label}: the definitions give {actual}; the game's facts say {expected} ({source})"))


def count_problems(source: PreviewSource) -> list[Problem]:
    """The expected counts of the game's facts that the definitions do not add up to."""
    counts = {i.id: i.count or 0 for i in source.items}
    out = []
    for exp in source.expected:
        missing = [i for i in exp.item_ids if i not in counts]
        actual = sum(counts.get(i, 0) for i in exp.item_ids)
        bad = actual < exp.count if exp.at_least else actual != exp.count
        if bad:
            template = ("{label}: the definitions give {actual}; the game's facts say at least {expected}"
                        if exp.at_least else "{label}: the definitions give {actual}; the game's facts say {expected}")
            if exp.source:
                template += " ({source})"
            first = exp.item_ids[0] if len(exp.item_ids) == 1 and not missing else None
            out.append(Problem("count", template, {"label": exp.label, "actual": actual, "expected": exp.count,
                                                    "source": exp.source}, first))
    return out


# ------------------------------------------------------------------ watching files
Stamp = tuple[int, int]  # st_mtime_ns, st_size: two saves within one timestamp tick still differ in size


def stamp(path: Path) -> Stamp | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def snapshot(files: Iterable[Path], folders: Iterable[Path] = (), stat: Callable[[Path], Stamp | None] = stamp
             ) -> dict[Path, Stamp | None]:
    """Stamps of these files and of every file under these folders (new files appear, removed ones read None)."""
    out: dict[Path, Stamp | None] = {}
    for folder in folders:
        if folder.is_dir():
            for dirpath, dirs, names in os.walk(folder):
                dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
                for name in names:
                    if not name.startswith("."):
                        p = Path(dirpath) / name
                        out[p] = stat(p)
    for f in files:
        out[Path(f)] = stat(Path(f))
    return out


def changed(before: Mapping[Path, Stamp | None], after: Mapping[Path, Stamp | None]) -> set[Path]:
    """Files whose stamp differs, that appeared, or that went away."""
    keys = set(before) | set(after)
    return {k for k in keys if before.get(k) != after.get(k)}


# ------------------------------------------------------------------ geometry
def orient_point(p: Point, rotation: int, steps: int = 4, flipped: bool = False) -> Point:
    """A point in tile units on an item lying `rotation` steps clockwise, after a left-right mirror if `flipped`.

    As engine.core.orientation has it: mirror first, then turn. The same look is had by
    turning the other way and mirroring last, which is how the previewer draws it.
    """
    if not flipped:
        return turn_point(p, rotation, steps)
    x, y = turn_point(p, -rotation, steps)
    return (1 - x, y)


def turn_point(p: Point, rotation: int, steps: int = 4) -> Point:
    """A point in tile units after turning the item clockwise `rotation` of `steps` steps about its centre."""
    x, y = p
    if steps == 4:
        for _ in range(rotation % 4):
            x, y = 1 - y, x
        return (x, y)
    a = 2 * math.pi * (rotation % steps) / steps
    dx, dy = x - 0.5, y - 0.5
    return (0.5 + dx * math.cos(a) - dy * math.sin(a), 0.5 + dx * math.sin(a) + dy * math.cos(a))


ZOOM_STEPS = (25, 33, 50, 67, 75, 100, 125, 150, 200, 250, 300, 400)


def zoom_step(zoom: int, direction: int) -> int:
    """The next zoom percentage in ZOOM_STEPS from `zoom` (25 % to 400 %)."""
    if direction > 0:
        return next((z for z in ZOOM_STEPS if z > zoom), ZOOM_STEPS[-1])
    return next((z for z in reversed(ZOOM_STEPS) if z < zoom), ZOOM_STEPS[0])
