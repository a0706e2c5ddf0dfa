"""Entdecker in the tile previewer: every tile kind, back, unit, chip and the ship, read through the game's loader.

The hook the previewer calls is preview_source(data_dir, art_dir); engine/core/preview.py
describes the contract. Pictures are drawn with the calls EntdeckerScene makes
(Assets.turned / Assets.image on the same files at a square size), so what the
previewer shows is what the table shows.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from engine.core.grid import rotate_sides
from engine.core.preview import (
    Definition,
    DrawFn,
    Edge,
    ExpectedCount,
    Neighbour,
    Overlay,
    PreviewItem,
    PreviewSource,
    Region,
    Spot,
    colour_names,
    seats_file,
    yaml_definition,
)
from engine.core.words import N_, Words
from engine.core.yamlfile import YamlDoc, load_yaml
from games.entdecker.catalogue import Catalogue, Pattern, TileKind, load_catalogue

UNITS = ("scout", "fort", "settlement")
SIDES = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))  # corners NW, NE, SE, SW: side d runs corner d -> d+1
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # the cell beyond side N, E, S, W
LAND_LO, LAND_HI = 0.2, 0.8  # land crosses a land edge from 20 % to 80 % (art/entdecker/README.md)
CORNER_R = 0.2  # corners are sea: where two land edges meet, the coast is a quarter circle of this radius
# Where make_art.py prints the event roundel on each pattern's "?" face (README: centres in px of 256, r 28).
EVENT_ROUNDEL = {"P1": (192, 192), "P2": (192, 192), "P3": (210, 44), "P4": (64, 192), "P5": (140, 50)}
# The tile backs of tiles.yaml, as a player names them.
BACKS = {"plain": N_("plain back"), "question": N_('"?" back'), "reserve": N_("reserve back")}
PALETTE = {"land": (98, 178, 72), "sea": (64, 156, 236), "land piece": (238, 196, 84),
           "event": (226, 92, 200), "unit": (255, 236, 120), "number": (226, 92, 200)}

# The components as data/entdecker/rules.md states them ("Components", "The "?" events"), each with the source
# tag the previewer shows: the section of the research notes rules.md was written from (not in the repository;
# §1 = components, §2.3 = the tile mix, §3 = the events) and the confidence: [V2] two or more sources, [V1] one
# source, "sourced" a sourced number, [PROP] our proposal ("(our choice)" in rules.md).
FACT_TOTAL = (120, "§1 [V2]")
FACT_QUESTION = (20, "§1 [V1]")
FACT_RESERVE = (26, "§2.3 [PROP]")
FACT_RESERVE_AT_LEAST = {1: (4, Words("§2.3, sourced")), 6: (6, Words("§2.3, sourced"))}
FACT_PATTERN_TOTALS = {"P1": 28, "P2": 24, "P3": 15, "P4": 24, "P5": 23, "P6": 6}  # [PROP], rules.md "Components"
FACT_PATTERN_QUESTION = {"P1": 4, "P2": 4, "P3": 3, "P4": 4, "P5": 5, "P6": 0}  # [PROP], rules.md "Components"
FACT_PER_EVENT = 4  # [PROP], rules.md "The "?" events": 4 of each event
FACT_CHIPS = (20, "§1 [V2]")
FACT_UNITS = {"scout": 3, "fort": 2, "settlement": 1}  # [V2], rules.md "Components": per seat
FACT_SHIP = 1  # [V2], rules.md "Components"


def preview_source(data_dir: Path, art_dir: Path) -> PreviewSource:
    """Entdecker's tiles, backs, units, chips and ship from data_dir and art_dir, read afresh."""
    data_dir, art_dir = Path(data_dir), Path(art_dir)
    load_catalogue.cache_clear()  # the previewer calls again after an edit: read the files anew
    cat = load_catalogue(data_dir, art_dir)
    tiles_doc = load_yaml(data_dir / "tiles.yaml")
    game_doc = load_yaml(data_dir / "game.yaml")
    seats_path = seats_file(data_dir)
    seats_doc = load_yaml(seats_path)
    texts = {d.path: Path(d.path).read_text(encoding="utf-8-sig") for d in (tiles_doc, game_doc, seats_doc)}

    def where(doc: YamlDoc, path: tuple) -> Definition:
        return yaml_definition(doc, path, texts[doc.path])

    colours = colour_names(seats_doc.data)
    items: list[PreviewItem] = []
    for i, kind in enumerate(cat.kinds):
        defs = [where(tiles_doc, ("tiles", i)), where(tiles_doc, ("patterns", kind.pattern.code))]
        if kind.event:
            defs.append(where(game_doc, ("events", kind.event)))
        items.append(_tile_item(kind, art_dir, tuple(defs)))
    for back, art in cat.backs.items():
        centre = (Spot(0.5, 0.5, Words("number"), 0.12),) if back == "reserve" else ()
        items.append(PreviewItem("back", f"back_{back}", None, _picture(art_dir / art, rotations=4),
                                 (where(tiles_doc, ("backs", back)),), (art_dir / art,), Overlay(icon_spots=centre),
                                 name=back_name(back)))
    items.append(PreviewItem("piece", "ship", FACT_SHIP, _picture(art_dir / "ship.svg"), (), (art_dir / "ship.svg",),
                             rotations=1, name=Words("ship")))
    for unit in UNITS:
        unit_name = unit_words(cat, unit)
        for k, colour in enumerate(colours):
            path = art_dir / f"unit_{unit}_{colour}.svg"
            defs = (where(game_doc, ("units", unit)), where(seats_doc, ("colours", k)))
            items.append(PreviewItem("piece", f"{unit}_{colour}", cat.config["units"][unit]["count"], _picture(path),
                                     defs, (path,), rotations=1,
                                     name=Words("{unit} ({colour})", unit=unit_name, colour=colours[colour])))
    for k, chip in enumerate(cat.config["chips"]):
        path = art_dir / f"chip_{chip['id']}.svg"
        chip_name, value = chip["name"], chip["value"]
        items.append(PreviewItem("piece", f"chip_{chip['id']}", 1, _picture(path), (where(game_doc, ("chips", k)),),
                                 (path,), rotations=1,
                                 name=Words("{chip} ({value})", chip=Words(chip_name), value=value)))
    extra = {art_dir / "board_sea.svg": Words("an undiscovered space of the board"),
             art_dir / "board_start.svg": Words("a start circle beside the board"),
             art_dir / "icon_vp.svg": Words("the seat panel: victory points"),
             art_dir / "icon_gold.svg": Words("the seat panel: gold"),
             art_dir / "icon_chip.svg": Words("the seat panel: discovery chips")}
    for event, spec in cat.config["events"].items():
        event_name = spec["name"]
        extra[art_dir / f"event_{event}.svg"] = Words("the icon of the event {event}", event=Words(event_name))
    return PreviewSource(
        game_id="entdecker", data_dir=data_dir, art_dir=art_dir, items=tuple(items),
        watch=(data_dir / "tiles.yaml", data_dir / "game.yaml", data_dir / "board.tmx", seats_path),
        neighbours=lambda item_id, rotation: sample_neighbours(cat, item_id, rotation),
        expected=expected_counts(cat, colours), extra_art=extra, empty_cell=_picture(art_dir / "board_sea.svg"),
        palette=PALETTE,
    )


# ------------------------------------------------------------------ drawing
def _picture(path: Path, rotations: int = 1) -> DrawFn:
    """Draw the picture square in rect, as the table does (Assets.turned at (size, size))."""

    def draw(surface: Any, rect: Any, rotation: int, assets: Any) -> None:
        size = max(1, min(rect.width, rect.height))
        img = assets.turned(path, (size, size), rotation % max(1, rotations) if rotations > 1 else 0)
        surface.blit(img, img.get_rect(center=rect.center))

    return draw


def unit_words(cat: Catalogue, unit: str) -> Words:
    """A unit as game.yaml names it ("scout")."""
    name = cat.config["units"].get(unit, {}).get("name") or unit
    return Words(name)


def back_name(back: str) -> Words:
    """A tile back as a player names it (a back tiles.yaml adds later: its id)."""
    return Words(BACKS.get(back, back))


def _tile_item(kind: TileKind, art_dir: Path, defs: tuple[Definition, ...]) -> PreviewItem:
    path = art_dir / kind.art
    name = Words("{pattern}, {back}", pattern=Words(kind.pattern.name), back=back_name(kind.back))
    return PreviewItem("tile", kind.id, kind.count, _picture(path, rotations=4), defs, (path,),
                       tile_overlay(kind.pattern, kind.event), name=name)


# ------------------------------------------------------------------ overlays
def tile_overlay(pattern: Pattern, event: str | None = None) -> Overlay:
    """Edges with their types, the land pieces as regions, unit spots and the event roundel, at rotation 0."""
    edges = tuple(Edge(SIDES[d], SIDES[(d + 1) % 4], Words("land") if pattern.edges[d] == "L" else Words("sea"))
                  for d in range(4))
    regions = tuple(Region(Words("land {n}", n=i + 1), Words("land piece"), land_outline(piece, spot))
                    for i, (piece, spot) in enumerate(zip(pattern.pieces, pattern.spots)))
    spots = tuple(Spot(x, y, Words("unit {n}", n=i + 1), 30 / 256) for i, (x, y) in enumerate(pattern.spots))
    icons = ()
    if event and pattern.code in EVENT_ROUNDEL:
        cx, cy = EVENT_ROUNDEL[pattern.code]
        icons = (Spot(cx / 256, cy / 256, event, 28 / 256),)
    return Overlay(edges, regions, icons, spots)


def _span(d: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The land crossing of side d, in clockwise order."""
    (x0, y0), (x1, y1) = SIDES[d], SIDES[(d + 1) % 4]
    lerp = lambda t: (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)  # noqa: E731
    return lerp(LAND_LO), lerp(LAND_HI)


def land_outline(piece: frozenset[int], spot: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """The land piece as the rules see it: its edges' land crossings, sea corners, and a coast around its unit spot."""
    sides = sorted(piece)
    start = next((d for d in sides if (d - 1) % 4 not in piece), sides[0])
    order = [(start + k) % 4 for k in range(4) if (start + k) % 4 in piece]
    pts: list[tuple[float, float]] = []
    for k, d in enumerate(order):
        a, b = _span(d)
        pts += [a, b]
        nxt = (d + 1) % 4
        if nxt in piece and (k + 1 < len(order) or len(order) == 4):
            pts += _corner_arc(SIDES[nxt], b, _span(nxt)[0])
    if len(order) < 4:
        pts += _coast(pts[-1], pts[0], spot)
    return tuple(pts)


def _corner_arc(corner, a, b, n: int = 6) -> list[tuple[float, float]]:
    """Points strictly between a and b on the quarter circle around a sea corner."""
    a0 = math.atan2(a[1] - corner[1], a[0] - corner[0])
    a1 = math.atan2(b[1] - corner[1], b[0] - corner[0])
    if a1 - a0 > math.pi:
        a1 -= 2 * math.pi
    elif a0 - a1 > math.pi:
        a1 += 2 * math.pi
    return [(corner[0] + CORNER_R * math.cos(a0 + (a1 - a0) * i / n), corner[1] + CORNER_R * math.sin(a0 + (a1 - a0) * i / n))
            for i in range(1, n)]


def _coast(a, b, spot, n: int = 12) -> list[tuple[float, float]]:
    """An inland coast from a to b: it leaves each edge at right angles and bends round the unit spot,
    reaching halfway from the spot to the centre (where the sea lines meet)."""
    q = (spot[0] + (0.5 - spot[0]) * 0.5, spot[1] + (0.5 - spot[1]) * 0.5)
    na, nb = _inward(a), _inward(b)
    c1 = [a[0] + na[0] * 0.25, a[1] + na[1] * 0.25]
    c2 = [b[0] + nb[0] * 0.25, b[1] + nb[1] * 0.25]
    # Shift both control points so the curve's middle lands on q (a cubic's middle moves 3/4 as far).
    mid = [0.125 * (a[i] + b[i]) + 0.375 * (c1[i] + c2[i]) for i in range(2)]
    for i in range(2):
        c1[i] += (q[i] - mid[i]) / 0.75
        c2[i] += (q[i] - mid[i]) / 0.75
    out = []
    for k in range(1, n):
        t = k / n
        u = 1 - t
        out.append(tuple(u ** 3 * a[i] + 3 * u * u * t * c1[i] + 3 * u * t * t * c2[i] + t ** 3 * b[i] for i in range(2)))
    return out  # type: ignore[return-value]


def _inward(p: tuple[float, float]) -> tuple[float, float]:
    """The inward normal of the side a border point lies on."""
    x, y = p
    if y <= 1e-9:
        return (0.0, 1.0)
    if x >= 1 - 1e-9:
        return (-1.0, 0.0)
    if y >= 1 - 1e-9:
        return (0.0, -1.0)
    return (1.0, 0.0)


# ------------------------------------------------------------------ neighbours and facts
def sample_neighbours(cat: Catalogue, item_id: str, rotation: int) -> list[Neighbour]:
    """A plain tile beside each side whose facing edge matches, turned to fit, as on the board."""
    kind = next((k for k in cat.kinds if k.id == item_id), None)
    if kind is None:
        return []
    edges = rotate_sides(kind.pattern.edges, rotation)
    pool = [k for k in cat.kinds if k.back == "plain"] + [k for k in cat.kinds if k.back == "reserve" and k.pattern.code == "P6"]
    out = []
    for d in range(4):
        want = edges[d]
        for j in range(len(pool)):
            other = pool[(j + d * 2 + cat.kinds.index(kind)) % len(pool)]
            rot = next((r for r in range(4) if rotate_sides(other.pattern.edges, r)[(d + 2) % 4] == want), None)
            if rot is not None:
                out.append(Neighbour(other.id, rot, float(STEP[d][0]), float(STEP[d][1])))
                break
    return out


def expected_counts(cat: Catalogue, colours: dict[str, Words]) -> tuple[ExpectedCount, ...]:
    """The counts data/entdecker/rules.md states, over the item ids of this catalogue (colours: seat colour id ->
    its name)."""
    kinds = cat.kinds
    ids = lambda pred: tuple(k.id for k in kinds if pred(k))  # noqa: E731
    out = [
        ExpectedCount(Words("discovery tiles"), ids(lambda k: True), FACT_TOTAL[0], source=FACT_TOTAL[1]),
        ExpectedCount(Words('"?" tiles'), ids(lambda k: k.back == "question"), FACT_QUESTION[0],
                      source=FACT_QUESTION[1]),
        ExpectedCount(Words("reserve tiles"), ids(lambda k: k.back == "reserve"), FACT_RESERVE[0],
                      source=FACT_RESERVE[1]),
    ]
    for number, (least, src) in FACT_RESERVE_AT_LEAST.items():
        out.append(ExpectedCount(Words("reserve tiles numbered {number}", number=number),
                                 ids(lambda k, n=number: k.reserve_number == n), least, at_least=True, source=src))
    for code, total in FACT_PATTERN_TOTALS.items():
        out.append(ExpectedCount(Words("{code} tiles", code=code), ids(lambda k, c=code: k.pattern.code == c), total,
                                 source="§2.3 [PROP]"))
    for code, total in FACT_PATTERN_QUESTION.items():
        out.append(ExpectedCount(Words('"?" {code} tiles', code=code),
                                 ids(lambda k, c=code: k.pattern.code == c and k.back == "question"), total,
                                 source="§2.3 [PROP]"))
    for event in cat.config["events"]:
        out.append(ExpectedCount(Words('"?" tiles with {event}', event=event), ids(lambda k, e=event: k.event == e),
                                 FACT_PER_EVENT, source="§3 [PROP]"))
    out.append(ExpectedCount(Words("discovery chips"), tuple(f"chip_{c['id']}" for c in cat.config["chips"]),
                             FACT_CHIPS[0], source=FACT_CHIPS[1]))
    for unit, n in FACT_UNITS.items():
        unit_name = unit_words(cat, unit)
        for colour, colour_name in colours.items():
            out.append(ExpectedCount(Words("{unit} pieces of {colour}", unit=unit_name, colour=colour_name),
                                     (f"{unit}_{colour}",), n, source="§1 [V2]"))
    out.append(ExpectedCount(Words("ship"), ("ship",), FACT_SHIP, source="§1 [V2]"))
    return tuple(out)
