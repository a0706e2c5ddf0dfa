"""Somerset in the tile previewer: city and country tiles, workers, road pieces, markers, icons and cards.

The hook the previewer calls is preview_source(data_dir, art_dir); engine/core/preview.py describes the
contract. The data is read through games/somerset/catalogue.py and every picture is drawn with the calls
SomersetScene makes (scene_art.SomersetArt.tile / worker / road / claim / track_marker / icon / sword /
card, on the App's Assets), so the previewer shows what the table shows. Tiles turn in sixths; their
overlay shows each road stub on its side (art/somerset/README.md: the stubs run from the edge midpoints
to the centre) and the claim marker's place on a country tile.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from engine.core.hexgrid import DIRECTIONS, POINTY
from engine.core.preview import (
    Definition,
    DrawFn,
    Edge,
    ExpectedCount,
    Neighbour,
    Overlay,
    PreviewItem,
    PreviewSource,
    SceneArt,
    Spot,
    colour_names,
    drawn,
    seats_file,
    square_side,
    yaml_definition,
)
from engine.core.words import N_, Words
from engine.core.yamlfile import YamlDoc, load_yaml
from games.somerset.catalogue import WORKER_KINDS, Catalogue, load_catalogue
from games.somerset.scene_art import (
    BARRICADE_BOX, CARD_BOX, CLAIM_BOX, COST_BADGE, ICONS, ROAD_BOX, TILE_BOX, TRACK_MARKER_BOX, WORKER_BOX,
    SomersetArt, timing_tag,
)

HEX_SHAPE = tuple((0.5 + 0.5 * math.cos(math.radians(-90 + 60 * k)), 0.5 + 0.5 * math.sin(math.radians(-90 + 60 * k)))
                  for k in range(6))  # the hex in the 256 box, top corner first, clockwise
PALETTE = {"road": (230, 200, 120), "no road": (110, 110, 110), "claim": (220, 60, 60)}
# Counts the designer's rules give (data/somerset/rules.md; [SEED] in the data files).
FACT_COUNTRY_TILES = (25, "rules 1.0 [SEED]")
FACT_CITY_TILES = (18, Words("rules 1.0 [SEED]: 12/15/18 by seats"))
ANY_RESOURCE = N_("a basic resource of your choice")  # the icon no resource_names entry names
CARD_BACKS = {"spell": N_("spell card back"), "building": N_("building card back")}


def preview_source(data_dir: Path, art_dir: Path) -> PreviewSource:
    """Somerset's tiles, pieces and cards from data_dir and art_dir, read afresh."""
    data_dir, art_dir = Path(data_dir), Path(art_dir)
    load_catalogue.cache_clear()  # the previewer calls again after an edit: read the files anew
    cat = load_catalogue(data_dir)
    docs = {name: load_yaml(data_dir / f"{name}.yaml") for name in ("tiles", "spells", "buildings", "game")}
    seats_path = seats_file(data_dir)
    seats_doc = load_yaml(seats_path)
    texts = {d.path: Path(d.path).read_text(encoding="utf-8-sig") for d in (*docs.values(), seats_doc)}
    art = SceneArt(lambda assets: SomersetArt(assets, art_dir, assets.font))  # the scene's own art

    def where(doc: YamlDoc, path: tuple) -> Definition:
        return yaml_definition(doc, path, texts[doc.path])

    items: list[PreviewItem] = []
    city = [t for t in cat.tiles if t.city]
    country = [t for t in cat.tiles if not t.city]
    for key, tiles in (("city_tiles", city), ("country_tiles", country)):
        for i, tile in enumerate(tiles):
            draw = drawn(art, lambda a, r, rot, t=tile: a.tile(t.id, t.name, square_side(r), rot))
            label = Words("{tile} ({seats})", tile=Words(tile.name), seats=tile.label) if tile.label \
                else Words(tile.name)
            items.append(PreviewItem("tile", tile.id, 1, draw, (where(docs["tiles"], (key, i)),),
                                     (art_dir / "tiles" / f"{tile.id}.svg",), tile_overlay(tile.roads, tile.city),
                                     name=label, rotations=6, native_px=256))

    colours = colour_names(seats_doc.data)
    game = docs["game"]
    for k, colour in enumerate(colours):
        seat_def = where(seats_doc, ("colours", k))
        for kind in WORKER_KINDS:
            for lying in (False, True):
                suffix = "_lying" if lying else ""
                aspect = WORKER_BOX[1] / WORKER_BOX[0] if lying else WORKER_BOX[0] / WORKER_BOX[1]
                draw = drawn(art, lambda a, r, rot, c=colour, kd=kind, ly=lying, asp=aspect:
                              a.worker(c, kd, ly, _width(r, asp)))
                items.append(PreviewItem("piece", f"{kind}_{colour}{suffix}", None, draw,
                                         (where(game, ("workers",)), seat_def),
                                         (art_dir / "pieces" / f"{kind}_{colour}{suffix}.svg",),
                                         name=worker_name(kind, colours[colour], lying), rotations=1,
                                         aspect=aspect, native_px=160))
        for name, box, barricade in (("road", ROAD_BOX, False), ("barricade", BARRICADE_BOX, True)):
            said = Words("barricade ({colour})", colour=colours[colour]) if barricade \
                else Words("road ({colour})", colour=colours[colour])
            draw = drawn(art, lambda a, r, rot, c=colour, b=barricade, bx=box: a.road(c, b, _width(r, bx[0] / bx[1])))
            items.append(PreviewItem("piece", f"{name}_{colour}", cat.config["road_pieces"], draw,
                                     (where(game, ("road_pieces",)), seat_def),
                                     (art_dir / "pieces" / f"{name}_{colour}.svg",), name=said,
                                     rotations=1, aspect=box[0] / box[1], native_px=round(box[0])))
        draw = drawn(art, lambda a, r, rot, c=colour: a.claim(c, square_side(r)))
        items.append(PreviewItem("piece", f"claim_{colour}", cat.config["claim_markers"], draw,
                                 (where(game, ("claim_markers",)), seat_def), (art_dir / "pieces" / f"claim_{colour}.svg",),
                                 name=Words("claim marker ({colour})", colour=colours[colour]), rotations=1,
                                 native_px=round(CLAIM_BOX)))
        aspect = TRACK_MARKER_BOX[0] / TRACK_MARKER_BOX[1]
        draw = drawn(art, lambda a, r, rot, c=colour: a.track_marker(c, _width(r, aspect)))
        items.append(PreviewItem("piece", f"track_marker_{colour}", 1, draw, (where(game, ("government",)), seat_def),
                                 (art_dir / "pieces" / f"track_marker_{colour}.svg",),
                                 name=Words("government track marker ({colour})", colour=colours[colour]),
                                 rotations=1, aspect=aspect, native_px=64))
    resource_names = cat.config["resource_names"]
    for code, file in ICONS.items():
        resource = Words(resource_names.get(code) or ANY_RESOURCE)
        draw = drawn(art, lambda a, r, rot, c=code: a.icon(c, square_side(r)))
        items.append(PreviewItem("piece", f"icon_{file[5:-4]}", None, draw, (where(game, ("resource_names",)),),
                                 (art_dir / file,), name=Words("{resource} (icon)", resource=resource), rotations=1,
                                 native_px=128))
    draw = drawn(art, lambda a, r, rot: a.sword(square_side(r)))
    items.append(PreviewItem("piece", "sword", 1, draw, (where(game, ("start_coins",)),), (art_dir / "sword.svg",),
                             name=Words("the sword in the stone (start player)"), rotations=1, native_px=128))

    card_aspect = CARD_BOX[0] / CARD_BOX[1]
    for i, spell in enumerate(cat.spells):
        draw = drawn(art, lambda a, r, rot, s=spell: a.card("spell", s.id, s.name, _width(r, card_aspect),
                                                                          timing_tag(s.timing)))
        items.append(PreviewItem("card", spell.id, 1, draw, (where(docs["spells"], ("spells", i)),),
                                 (art_dir / "cards" / f"spell_{spell.id}.svg",), name=card_name(spell.name, spell.text),
                                 rotations=1, aspect=card_aspect, native_px=256))
    for i, b in enumerate(cat.buildings):
        draw = drawn(art, lambda a, r, rot, bd=b: a.card("building", bd.id, bd.name, _width(r, card_aspect)))
        key = ("residence",) if i == 0 and "residence" in docs["buildings"].data else ("buildings", i - 1)
        count = len(colours) if i == 0 else 1
        items.append(PreviewItem("card", b.id, count, draw, (where(docs["buildings"], key),),
                                 (art_dir / "cards" / f"building_{b.id}.svg",), name=card_name(b.name, b.text),
                                 rotations=1, aspect=card_aspect, native_px=256))
    for kind in ("spell", "building"):
        draw = drawn(art, lambda a, r, rot, k=kind: a.card(k, "", "", _width(r, card_aspect)))
        items.append(PreviewItem("back", f"{kind}_back", None, draw, (), (art_dir / "cards" / f"{kind}_back.svg",),
                                 name=Words(CARD_BACKS[kind]), rotations=1, aspect=card_aspect, native_px=256))

    extra = {art_dir / "hex_empty.svg": Words("an empty hex of the map"),
             art_dir / "hex_buildable.svg": Words("a hex a country tile may be built on"),
             art_dir / "gov_board.svg": Words("the government track"),
             art_dir / "cards" / "spell_frame.svg": Words("the frame the spell faces are drawn on")}
    return PreviewSource(
        game_id="somerset", data_dir=data_dir, art_dir=art_dir, items=tuple(items),
        watch=(seats_path,), neighbours=lambda item_id, rotation: sample_neighbours(cat, item_id, rotation),
        expected=expected_counts(cat), extra_art=extra, palette=PALETTE,
        empty_cell=drawn(art, lambda a, r, rot: a.empty_hex(square_side(r))),
    )


def worker_name(kind: str, colour: Words, lying: bool) -> Words:
    """A worker piece as a player names it: "knight (Red, lying down)"."""
    if lying:
        return Words("{kind} ({colour}, lying down)", kind=Words(kind), colour=colour)
    return Words("{kind} ({colour})", kind=Words(kind), colour=colour)


def card_name(name: str, text: str) -> Words:
    """A spell or building card: its name and what it does, both from the data."""
    return Words("{card}: {text}", card=Words(name), text=Words(text))


# ------------------------------------------------------------------ drawing
def _width(rect: Any, aspect: float) -> int:
    """The width of a picture of this aspect (width / height) that fits rect."""
    return max(1, min(rect.width, round(rect.height * aspect)))


# ------------------------------------------------------------------ overlays and neighbours
def tile_overlay(roads: int, city: bool) -> Overlay:
    """Each side with a road stub or none (sides in the table's order: NE, E, SE, SW, W, NW) and, on a country
    tile, the claim marker's place over the cost badge."""
    edges = []
    for d in range(6):  # side d runs from corner d to corner d + 1 (top corner first, clockwise)
        a, b = HEX_SHAPE[d], HEX_SHAPE[(d + 1) % 6]
        edges.append(Edge(a, b, Words("road") if roads >> d & 1 else Words("no road")))
    spots = () if city else (Spot(COST_BADGE[0] / TILE_BOX, COST_BADGE[1] / TILE_BOX, Words("claim"),
                                  CLAIM_BOX / 2 / TILE_BOX),)
    return Overlay(tuple(edges), (), (), spots, shape=HEX_SHAPE)


def sample_neighbours(cat: Catalogue, item_id: str, rotation: int) -> list[Neighbour]:
    """A city tile beside each side with a road stub, turned so one of its stubs meets it."""
    tile = next((t for t in cat.tiles if t.id == item_id), None)
    if tile is None:
        return []
    mask = tile.turned(rotation)
    out = []
    others = [t for t in cat.tiles if t.city]
    for d, (dq, dr) in enumerate(DIRECTIONS[POINTY]):
        if not mask >> d & 1:
            continue
        facing = (d + 3) % 6
        other = others[d % len(others)]
        rot = next((r for r in range(6) if other.turned(r) >> facing & 1), 0)
        x, y = math.sqrt(3) * (dq + dr / 2), 1.5 * dr  # centre offset in hex sizes
        out.append(Neighbour(other.id, rot, x / 2, y / 2))  # a tile's box is two hex sizes across
    return out


def expected_counts(cat: Catalogue) -> tuple[ExpectedCount, ...]:
    return (
        ExpectedCount(Words("country tiles"), tuple(t.id for t in cat.tiles if not t.city), FACT_COUNTRY_TILES[0],
                      source=FACT_COUNTRY_TILES[1]),
        ExpectedCount(Words("city tiles"), tuple(t.id for t in cat.tiles if t.city), FACT_CITY_TILES[0],
                      source=FACT_CITY_TILES[1]),
    )
