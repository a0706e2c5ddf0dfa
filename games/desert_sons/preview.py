"""Realm of the Desert Sons in the tile previewer: explorer tiles, start-cross squares, backs, pieces and cards.

The hook the previewer calls is preview_source(data_dir, art_dir); engine/core/preview.py
describes the contract. The data is read through games/desert_sons/catalogue.py (its
load_catalogue takes data_dir and art_dir), and every picture is drawn with the calls
DesertSonsScene makes: scene_art.DesertArt.tile / stack_back / camel / explorer / turban /
water / good / camel_card / rumor_back / rumor_face, built on the App's Assets, so the
previewer shows what the table shows. Only the rumor board and the caravan board, which
the table does not draw from their files, are drawn straight from their art.

Expected counts come from data/desert_sons/rules.md. Icon totals are counted with
ExpectedCount's item ids: a tile kind is listed once per icon of that action it carries
(X_R_R twice for rumors), so the sum of the listed counts is the number of icons.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

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
    SceneArt,
    Spot,
    colour_names,
    drawn,
    seats_file,
    square_side,
    yaml_definition,
)
from engine.core.words import Words
from engine.core.yamlfile import YamlDoc, load_yaml
from games.desert_sons.catalogue import Catalogue, TileKind, load_catalogue
from games.desert_sons.scene_art import RUMOR_CODES, DesertArt

SIDES = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))  # corners NW, NE, SE, SW: side d runs corner d -> d+1
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # the square beyond side N, E, S, W
EDGE_TYPES = {"D": Words("desert (D)"), "O": Words("oasis (O)")}
SPOT_RADIUS = 18 / 256  # the dashed explorer ring of the tile art (art/desert_sons/README.md)
EXPLORER_RANKS = 16  # explorer_<colour>_<rank>.svg exists for ranks 1..16 (README)
EXPLORER_ASPECT = 128 / 256  # explorer boxes are 128 x 256
TURBAN_ASPECT = 128 / 64
CAMEL_CARD_ASPECT = 180 / 256
BOARDS = {"rumor_board": ((320, 460), Words("rumor board")), "caravan_board": ((512, 360), Words("caravan board"))}
PALETTE = {
    "desert (D)": (196, 120, 52), "oasis (O)": (244, 244, 236), "oasis part": (86, 196, 120),
    "incense": (228, 178, 72), "myrrh": (214, 70, 64), "salt": (210, 220, 236), "gems": (60, 200, 120),
    "water1": (80, 170, 240), "water2": (40, 120, 230), "camel": (214, 150, 90), "rumor": (170, 120, 240),
}

# The components as data/desert_sons/rules.md states them, each with the source tag the previewer shows: the
# section of the research notes rules.md was written from (not in the repository; §1 = "Components", §2.2 =
# "The start cross", §2.3 = "The explorer tiles" in rules.md) and the confidence: [V2] two or more sources,
# [V1] one source, [PROP] our proposal ("(our choice)" in rules.md).
FACT_EXPLORER_TILES = (85, "§1 [V2]")
FACT_STACKS = 5  # [V2], rules.md "Components": five numbered stacks
FACT_PER_STACK = (17, "§2.3 [PROP]")  # the cycle rule gives 85 / 5 = 17 tiles per stack
FACT_CROSS = (21, "§1 [V2]")
FACT_CROSS_KINDS = {  # [PROP], "The start cross": d = 0 centre, 1 and 3 desert, 2 water, 4 the bar's good, 5 the end
    "cross_centre": 1, "cross_desert": 8, "cross_water": 4, "cross_end": 4,
    "cross_incense": 1, "cross_myrrh": 1, "cross_salt": 1, "cross_gems": 1,
}
FACT_TILE_ICONS = {"incense": 9, "myrrh": 9, "salt": 9, "gems": 9, "water1": 8, "water2": 4, "camel": 10,
                   "rumor": 7}  # [PROP], "The explorer tiles": totals on explorer tiles
FACT_BARE_TILES = (6, "§2.3 [PROP]")  # "The explorer tiles": oasis tiles without icons (issue 13)
FACT_CROSS_ICONS = {"incense": 1, "myrrh": 1, "salt": 1, "gems": 1, "water1": 4}  # [PROP]: on the cross
FACT_GOODS = (40, "§1 [V2]")
FACT_GOODS_EACH = (10, "§1 [PROP]")
FACT_WATER = (20, "§1 [V2]")
FACT_CAMEL_CARDS = (10, "§1 [V2]")
FACT_RUMORS = (6, "§1 [V2]")
# Components the data does not count: their number in the box, shown beside them (rules.md, "Components").
FACT_TURBAN = 1  # [V2]
FACT_RUMOR_BOARD = 1  # [V2]
FACT_CARAVAN_BOARDS = 4  # [V1]


def preview_source(data_dir: Path, art_dir: Path) -> PreviewSource:
    """Desert Sons' tiles, backs, pieces, cards and boards from data_dir and art_dir, read afresh."""
    data_dir, art_dir = Path(data_dir), Path(art_dir)
    load_catalogue.cache_clear()  # the previewer calls again after an edit: read the files anew
    cat = load_catalogue(data_dir, art_dir)
    tiles_doc = load_yaml(data_dir / "tiles.yaml")
    game_doc = load_yaml(data_dir / "game.yaml")
    seats_path = seats_file(data_dir)
    seats_doc = load_yaml(seats_path)
    texts = {d.path: Path(d.path).read_text(encoding="utf-8-sig") for d in (tiles_doc, game_doc, seats_doc)}
    art = SceneArt(lambda assets: DesertArt(assets, art_dir, assets.font))  # the scene's own art

    def where(doc: YamlDoc, path: tuple) -> Definition:
        return yaml_definition(doc, path, texts[doc.path])

    colours = colour_names(seats_doc.data)
    items: list[PreviewItem] = []
    cross = [k for k in cat.kinds.values() if k.cross]
    for key, kinds in (("explorer_tiles", cat.explorer_kinds), ("cross_squares", cross)):
        for i, kind in enumerate(kinds):
            icons = dict.fromkeys(icon for part in kind.parts for icon in part.icons)
            defs = [where(tiles_doc, (key, i))] + [where(tiles_doc, ("areas", p.area)) for p in kind.parts]
            defs += [where(tiles_doc, ("icons", icon)) for icon in icons]
            draw = drawn(art, lambda a, r, rot, k=kind: a.tile(k.art, square_side(r), rot))
            items.append(PreviewItem("tile", kind.id, kind.count, draw, tuple(defs), (art_dir / kind.art,),
                                     tile_overlay(kind, cat.icon_radius), name=Words(kind.name), rotations=4))

    for n in range(1, cat.stacks + 1):
        draw = drawn(art, lambda a, r, rot, n=n: a.stack_back(n, square_side(r)))
        items.append(PreviewItem("back", f"back_{n}", cat.tile_stack.count(n), draw, (where(tiles_doc, ("stacks",)),),
                                 (art_dir / f"back_{n}.svg",), name=Words("back of stack {n}", n=n), rotations=1))
    draw = drawn(art, lambda a, r, rot: a.rumor_back(square_side(r)))
    defs = (where(game_doc, ("rumor_tiles",)), where(game_doc, ("rumor_slots_per_good",)))
    items.append(PreviewItem("back", "rumor_back", len(cat.config["rumor_tiles"]), draw, defs,
                             (art_dir / "rumor_back.svg",), name=Words("rumor tile, face down"), rotations=1))

    for k, colour in enumerate(colours):
        draw = drawn(art, lambda a, r, rot, c=colour: a.camel(c, square_side(r)))
        items.append(PreviewItem("piece", f"camel_{colour}", 1, draw, (where(seats_doc, ("colours", k)),),
                                 (art_dir / f"camel_{colour}.svg",),
                                 name=Words("caravan ({colour})", colour=colours[colour]), rotations=1,
                                 native_px=128))
    sets = {r: name for name, ranks in cat.config["explorer_sets"].items() for r in ranks}
    for k, colour in enumerate(colours):
        defs = (where(game_doc, ("explorer_sets",)), where(game_doc, ("explorer_height_px",)),
                where(seats_doc, ("colours", k)))
        for rank in range(1, EXPLORER_RANKS + 1):
            draw = drawn(art, lambda a, r, rot, c=colour, n=rank: a.explorer(c, n, _box_width(r)))
            label = (Words("explorer rank {rank} ({colour}), set {set}", rank=rank, colour=colours[colour],
                           set=sets[rank]) if rank in sets
                     else Words("explorer rank {rank} ({colour})", rank=rank, colour=colours[colour]))
            items.append(PreviewItem("piece", f"explorer_{colour}_{rank}", None, draw, defs,
                                     (art_dir / f"explorer_{colour}_{rank}.svg",), name=label, rotations=1,
                                     aspect=EXPLORER_ASPECT, native_px=256))
    draw = drawn(art, lambda a, r, rot: a.turban(max(2, min(r.width, r.height * 2))))
    items.append(PreviewItem("piece", "turban", FACT_TURBAN, draw, (), (art_dir / "turban.svg",), name=Words("turban"),
                             rotations=1, aspect=TURBAN_ASPECT, native_px=128))
    draw = drawn(art, lambda a, r, rot: a.water(square_side(r)))
    items.append(PreviewItem("piece", "water_stone", cat.config["water_stones"], draw,
                             (where(game_doc, ("water_stones",)),), (art_dir / "water_stone.svg",),
                             name=Words("water stone"),
                             rotations=1, native_px=128))
    for k, good in enumerate(cat.config["goods"]):
        good_name = good["name"]
        draw = drawn(art, lambda a, r, rot, g=good["id"]: a.good(g, square_side(r)))
        items.append(PreviewItem("piece", f"good_{good['id']}", good["count"], draw, (where(game_doc, ("goods", k)),),
                                 (art_dir / f"good_{good['id']}.svg",),
                                 name=Words("{good} (merchandise)", good=Words(good_name)),
                                 rotations=1, native_px=128))

    draw = drawn(art, lambda a, r, rot: a.camel_card(max(1, r.height)))  # the card stands centred in a square
    defs = (where(game_doc, ("camel_cards",)), where(game_doc, ("camel_card_spaces",)))
    items.append(PreviewItem("card", "camel_card", cat.config["camel_cards"], draw, defs, (art_dir / "camel_card.svg",),
                             name=Words("Camel card"), rotations=1, aspect=CAMEL_CARD_ASPECT, native_px=256))
    for good in cat.goods:
        for value, code in sorted(RUMOR_CODES.items()):
            draw = drawn(art, lambda a, r, rot, v=value, g=good: a.rumor_face(v, g, square_side(r)))
            items.append(PreviewItem("card", f"rumor_{good}_{code}", None, draw, (where(game_doc, ("rumor_tiles",)),),
                                     (art_dir / f"rumor_{good}_{code}.svg",),
                                     name=Words("rumor {value:+d} on the {good} slot", value=value,
                                                good=Words(cat.good_name(good))), rotations=1,
                                     native_px=128))

    board_counts = {"rumor_board": FACT_RUMOR_BOARD, "caravan_board": FACT_CARAVAN_BOARDS}
    board_defs = {"rumor_board": (where(game_doc, ("rumor_slots_per_good",)),),
                  "caravan_board": (where(game_doc, ("caravan_spaces",)), where(game_doc, ("costs",)))}
    for board, ((w, h), name) in BOARDS.items():
        path = art_dir / f"{board}.svg"
        items.append(PreviewItem("board", board, board_counts[board], _image(path), board_defs[board], (path,),
                                 name=name, rotations=1, aspect=w / h, native_px=max(w, h)))

    extra = {art_dir / "board_empty.svg": Words("an undiscovered square of the 11 x 11 area"),
             art_dir / "board_sand.svg": Words("the sand square {file} names", file="data/desert_sons/board.tmx"),
             art_dir / "icon_turban.svg": Words("the turban badge beside the seat that wears it")}
    for icon in cat.icons.values():
        name = "camel_card" if icon.id == "camel" else icon.id
        extra[art_dir / f"icon_{name}.svg"] = Words("the action icon {icon}", icon=Words(icon.name))
    return PreviewSource(
        game_id="desert_sons", data_dir=data_dir, art_dir=art_dir, items=tuple(items),
        watch=(data_dir / "tiles.yaml", data_dir / "game.yaml", data_dir / "board.tmx", seats_path),
        neighbours=lambda item_id, rotation: sample_neighbours(cat, item_id, rotation),
        expected=expected_counts(cat), extra_art=extra, palette=PALETTE,
        empty_cell=drawn(art, lambda a, r, rot: a.empty_square(square_side(r))),
    )


# ------------------------------------------------------------------ drawing
def _box_width(rect: Any) -> int:
    """The width of the 1:2 explorer box that fits rect (DesertArt.explorer draws width x 2 width)."""
    return max(1, min(rect.width, rect.height // 2))


def _image(path: Path) -> DrawFn:
    """A picture the table does not draw: straight from its file at the item's box (Assets.image)."""

    def draw(surface: Any, rect: Any, rotation: int, assets: Any) -> None:
        img = assets.image(path, (max(1, rect.width), max(1, rect.height)))
        surface.blit(img, img.get_rect(center=rect.center))

    return draw


# ------------------------------------------------------------------ overlays
def tile_overlay(kind: TileKind, icon_radius: float) -> Overlay:
    """Each side with its line (desert or oasis), the oasis parts, their icons and their explorer spots."""
    edges = tuple(Edge(SIDES[d], SIDES[(d + 1) % 4], EDGE_TYPES[kind.edges[d]]) for d in range(4))
    regions = tuple(Region(Words("part {n} ({area})", n=j + 1, area=p.area) if len(kind.parts) > 1 else p.area,
                           Words("oasis part"), p.outline)
                    for j, p in enumerate(kind.parts))
    icons = tuple(Spot(x, y, icon, icon_radius) for p in kind.parts for icon, (x, y) in zip(p.icons, p.icon_at))
    spots = tuple(Spot(p.spot[0], p.spot[1], Words("explorer {n}", n=j + 1) if len(kind.parts) > 1
                       else Words("explorer"), SPOT_RADIUS)
                  for j, p in enumerate(kind.parts))
    return Overlay(edges, regions, icons, spots)


# ------------------------------------------------------------------ neighbours and facts
def sample_neighbours(cat: Catalogue, item_id: str, rotation: int) -> list[Neighbour]:
    """What could lie beside each side, turned to fit: the line colours always match across the seam.

    A start-cross square turned as board.tmx lays one shows the board around it: the other cross
    squares along its bar, nothing beyond the border, and explorer tiles elsewhere. Every other
    tile (and a cross square turned otherwise) gets an explorer tile on each side.
    """
    kind = cat.kinds.get(item_id)
    if kind is None:
        return []
    edges = kind.turned_edges(rotation)
    square = next((sq for sq in cat.cross if sq.kind == item_id and sq.rotation == rotation), None)
    lying = {sq.cell: sq for sq in cat.cross}
    desert_border = bool(cat.option_defaults().get("desert_border", True))
    start = list(cat.kinds).index(kind.id)
    out = []
    for d in range(4):
        dx, dy = STEP[d]
        if square is not None:
            cell = (square.cell[0] + dx, square.cell[1] + dy)
            if not (0 <= cell[0] < cat.size and 0 <= cell[1] < cat.size):
                continue  # the border of the 11 x 11 area
            if cell in lying:
                out.append(Neighbour(lying[cell].kind, lying[cell].rotation, float(dx), float(dy)))
                continue
        need = {(d + 2) % 4: edges[d]}  # its side facing this tile carries the same line
        if square is not None and desert_border:
            for side, (sx, sy) in enumerate(STEP):  # and on the board, desert towards the border
                if not (0 <= cell[0] + sx < cat.size and 0 <= cell[1] + sy < cat.size):
                    need[side] = "D"
        other, rot = _fitting(cat, need, 3 * d + start)
        if other is not None:
            out.append(Neighbour(other.id, rot, float(dx), float(dy)))
    return out


def _fitting(cat: Catalogue, need: dict[int, str], offset: int) -> tuple[TileKind | None, int]:
    """An explorer tile in the box, and its turn, carrying the line `need` asks for on each of those sides."""
    pool = [k for k in cat.explorer_kinds if k.count > 0]
    wanted = set(need.values())
    candidates = [k for k in pool if wanted <= set(k.edges)] or pool
    for j in range(len(candidates)):
        other = candidates[(j + offset) % len(candidates)]
        fits = (r for r in range(4) if all(other.turned_edges(r)[side] == c for side, c in need.items()))
        rot = next(fits, None)
        if rot is not None:
            return other, rot
    return None, 0


def icon_ids(kinds: list[TileKind], icon: str) -> tuple[str, ...]:
    """The kinds carrying this icon, each listed once per copy of the icon on it (so counts add up to icons)."""
    return tuple(k.id for k in kinds for p in k.parts for i in p.icons if i == icon)


def expected_counts(cat: Catalogue) -> tuple[ExpectedCount, ...]:
    """The counts data/desert_sons/rules.md states, over the item ids of this catalogue."""
    explorer = list(cat.explorer_kinds)
    cross = [k for k in cat.kinds.values() if k.cross]
    out = [ExpectedCount(Words("explorer tiles"), tuple(k.id for k in explorer), FACT_EXPLORER_TILES[0],
                         source=FACT_EXPLORER_TILES[1])]
    for n in range(1, FACT_STACKS + 1):
        out.append(ExpectedCount(Words("explorer tiles with back {n}", n=n), (f"back_{n}",), FACT_PER_STACK[0],
                                 source=FACT_PER_STACK[1]))
    out.append(ExpectedCount(Words("start-cross squares"), tuple(k.id for k in cross), FACT_CROSS[0],
                             source=FACT_CROSS[1]))
    for kind_id, n in FACT_CROSS_KINDS.items():
        out.append(ExpectedCount(Words("start-cross squares {kind}", kind=kind_id), (kind_id,), n,
                                 source="§2.2 [PROP]"))
    for icon, n in FACT_TILE_ICONS.items():
        out.append(ExpectedCount(Words("{icon} icons on explorer tiles", icon=icon), icon_ids(explorer, icon), n,
                                 source="§2.3 [PROP]"))
    bare = tuple(k.id for k in explorer if k.parts and not any(p.icons for p in k.parts))
    out.append(ExpectedCount(Words("oasis tiles without icons"), bare, FACT_BARE_TILES[0], source=FACT_BARE_TILES[1]))
    for icon, n in FACT_CROSS_ICONS.items():
        out.append(ExpectedCount(Words("{icon} icons on the start cross", icon=icon), icon_ids(cross, icon), n,
                                 source="§2.3 [PROP]"))
    goods = tuple(f"good_{g}" for g in cat.goods)
    out.append(ExpectedCount(Words("merchandise tiles"), goods, FACT_GOODS[0], source=FACT_GOODS[1]))
    for good in goods:
        out.append(ExpectedCount(Words("{good} tiles", good=good), (good,), FACT_GOODS_EACH[0],
                                 source=FACT_GOODS_EACH[1]))
    out += [
        ExpectedCount(Words("water stones"), ("water_stone",), FACT_WATER[0], source=FACT_WATER[1]),
        ExpectedCount(Words("camel cards"), ("camel_card",), FACT_CAMEL_CARDS[0], source=FACT_CAMEL_CARDS[1]),
        ExpectedCount(Words("rumor tiles"), ("rumor_back",), FACT_RUMORS[0], source=FACT_RUMORS[1]),
    ]
    return tuple(out)
