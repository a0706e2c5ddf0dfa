"""Realm of Sand in the tile previewer: rune tiles (turned and flipped), squares, discs, the queen, markers, icons,
the 54 cards and the player boards.

The hook the previewer calls is preview_source(data_dir, art_dir); engine/core/preview.py describes the
contract. The data is read through games/realm_of_sand/catalogue.py and every picture is drawn with the calls
RealmOfSandScene makes (scene_art.RealmArt.tile / square / disc / queen / crystal / level_marker / icon /
card / card_back / tile_back / board, on the App's Assets), so the previewer shows what the table shows.
A rune tile turns in quarters and flips (F): mirrored first, then turned, as engine.core.orientation lays it
and the table draws it; its overlay marks each square's colour on its cell.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from engine.core.orientation import Orientation
from engine.core.preview import (
    Definition, ExpectedCount, Overlay, PreviewItem, PreviewSource, SceneArt, Spot, drawn, square_side,
    yaml_definition,
)
from engine.core.words import N_, Words, join, nwords
from engine.core.yamlfile import YamlDoc, load_yaml
from games.realm_of_sand.catalogue import DISC_COLOURS, SQUARE_COLOURS, TileDef, load_catalogue
from games.realm_of_sand.scene_art import (
    BOARD_BOX, CARD_BOX, CRYSTAL_BOX, ICONS, LEVEL_BOX, LEVEL_NAMES, QUEEN_BOX, RealmArt, tile_box,
)

PALETTE = {"green": (70, 190, 80), "red": (226, 70, 52), "black": (30, 30, 30)}  # by the squares' colour names
# The colour names of the data (game.yaml colour_names, boards.yaml colours), marked here so the extraction
# finds them: the previewer, the table, the log and the refusals say them as Words fields through t().
COLOURS = (N_("green"), N_("red"), N_("black"), N_("blue"), N_("yellow"), N_("purple"), N_("orange"))
# Counts the sources give (../shared/rules/realm-of-sand.md §2: S[5] and S[9]).
FACT_TILES = (28, Words("S[5][9]: 28 rune tiles"))
FACT_SQUARES = (84, Words("S[5]: 84 rune squares"))
FACT_CARDS = (54, Words("S[5]: 54 kingdom cards"))
FACT_BOARDS = (6, Words("S[5][6]: 6 double-sided boards"))
POWER_NAMES = {"reserve": N_("reserve a card"), "all_discs": N_("all discs"), "exchange_disc": N_("exchange a disc"),
               "move_square": N_("move a square"), "gain_level": N_("+1"), "swap_tiles": N_("swap tiles")}
ICON_NAMES = {"hourglass": N_("hourglass"), "points": N_("points"), "plus1": N_("+1 on the track"),
              **{f"power_{k}": v for k, v in POWER_NAMES.items()}}
L_SHAPE = ((0.0, 0.0), (1.0, 0.0), (1.0, 0.5), (0.5, 0.5), (0.5, 1.0), (0.0, 1.0))


def preview_source(data_dir: Path, art_dir: Path) -> PreviewSource:
    """Realm of Sand's tiles, pieces, cards and boards from data_dir and art_dir, read afresh."""
    data_dir, art_dir = Path(data_dir), Path(art_dir)
    load_catalogue.cache_clear()  # the previewer calls again after an edit: read the files anew
    cat = load_catalogue(data_dir)
    docs = {name: load_yaml(data_dir / f"{name}.yaml") for name in ("tiles", "cards", "boards", "game")}
    texts = {d.path: Path(d.path).read_text(encoding="utf-8-sig") for d in docs.values()}
    art = SceneArt(lambda assets: RealmArt(assets, art_dir, assets.font))  # the scene's own art

    def where(doc: YamlDoc, path: tuple) -> Definition:
        return yaml_definition(doc, path, texts[doc.path])

    game = docs["game"]
    items: list[PreviewItem] = []
    for i, tile in enumerate(cat.tiles):
        w, h = tile_box(tile)
        draw = drawn(art, lambda a, r, rot, td=tile: a.tile(td, _cell(td, r, rot), Orientation(rot % 4)))
        items.append(PreviewItem("tile", tile.id, 1, draw, (where(docs["tiles"], ("tiles", i)),),
                                 (art_dir / "tiles" / f"{tile.id}.svg",), tile_overlay(tile, cat.colour_name),
                                 name=Words("rune tile {tile} ({shape}: {colours})", tile=tile.id, shape=tile.shape,
                                            colours=tile.colours), rotations=4, aspect=w / h,
                                 native_px=96 * max(w, h), flippable=True))
    draw = drawn(art, lambda a, r, rot: a.tile_back(square_side(r)))
    items.append(PreviewItem("back", "tile_back", None, draw, (where(docs["tiles"], ("tiles",)),),
                             (art_dir / "tiles" / "back.svg",), name=Words("rune tile back"), rotations=1,
                             native_px=96))
    card_aspect = CARD_BOX[0] / CARD_BOX[1]
    for level in (1, 2, 3):
        name = LEVEL_NAMES[level]
        draw = drawn(art, lambda a, r, rot, lv=level: a.card_back(lv, _width(r, card_aspect)))
        first = next(i for i, c in enumerate(cat.cards) if c.level == level)
        items.append(PreviewItem("back", f"back_{name}", None, draw, (where(docs["cards"], ("cards", first)),),
                                 (art_dir / "cards" / f"back_{name}.svg",),
                                 name=Words("level {level} card back", level=name),
                                 rotations=1, aspect=card_aspect, native_px=280))

    for colour in SQUARE_COLOURS:
        draw = drawn(art, lambda a, r, rot, c=colour: a.square(c, square_side(r)))
        items.append(PreviewItem("piece", f"square_{colour}", cat.config["squares_per_colour"], draw,
                                 (where(game, ("squares_per_colour",)),),
                                 (art_dir / "pieces" / f"square_{colour}.svg",),
                                 name=Words("rune square ({colour})", colour=Words(cat.colour_name(colour))),
                                 rotations=1, native_px=96))
    for colour in DISC_COLOURS:
        draw = drawn(art, lambda a, r, rot, c=colour: a.disc(c, square_side(r)))
        items.append(PreviewItem("piece", f"disc_{colour}", cat.config["discs_per_colour"], draw,
                                 (where(game, ("discs_per_colour",)),), (art_dir / "pieces" / f"disc_{colour}.svg",),
                                 name=Words("spirit disc ({colour})", colour=Words(cat.colour_name(colour))),
                                 rotations=1, native_px=96))
    queen_aspect = QUEEN_BOX[0] / QUEEN_BOX[1]
    draw = drawn(art, lambda a, r, rot: a.queen(_width(r, queen_aspect)))
    items.append(PreviewItem("piece", "queen", 1, draw, (where(game, ("hand_size",)),),
                             (art_dir / "pieces" / "queen.svg",),
                             name=Words("the queen"), rotations=1, aspect=queen_aspect, native_px=128))
    for charged in (False, True):
        side = "charged" if charged else "clear"
        draw = drawn(art, lambda a, r, rot, ch=charged: a.crystal(ch, square_side(r)))
        items.append(PreviewItem("piece", f"crystal_{side}", len(cat.boards) if not charged else None, draw,
                                 (where(docs["boards"], ("boards",)),), (art_dir / "pieces" / f"crystal_{side}.svg",),
                                 name=Words("crystal marker (charged side)") if charged else
                                 Words("crystal marker (clear side)"), rotations=1, native_px=round(CRYSTAL_BOX)))
    draw = drawn(art, lambda a, r, rot: a.level_marker(square_side(r)))
    items.append(PreviewItem("piece", "level_marker", cat.config["seats"]["max"], draw,
                             (where(docs["boards"], ("level_track",)),), (art_dir / "pieces" / "level_marker.svg",),
                             name=Words("+1 track marker"), rotations=1, native_px=round(LEVEL_BOX)))
    for icon in ICONS:  # listed with the pieces (as Somerset's icons): the previewer names the kinds it knows
        draw = drawn(art, lambda a, r, rot, n=icon: a.icon(n, square_side(r)))
        items.append(PreviewItem("piece", icon, None, draw, (), (art_dir / "icons" / f"{icon}.svg",),
                                 name=Words("icon: {what}", what=Words(ICON_NAMES[icon])), rotations=1, native_px=96))

    for i, card in enumerate(cat.cards):
        draw = drawn(art, lambda a, r, rot, cd=card: a.card(cd, _width(r, card_aspect)))
        items.append(PreviewItem("card", card.id, 1, draw, (where(docs["cards"], ("cards", i)),),
                                 (art_dir / "cards" / f"{card.id}.svg",), name=card_name(cat, card),
                                 rotations=1, aspect=card_aspect, native_px=280))

    board_aspect = BOARD_BOX[0] / BOARD_BOX[1]
    for i, board in enumerate(cat.boards):
        for side in ("basic", "advanced"):
            draw = drawn(art, lambda a, r, rot, b=board, sd=side: a.board(b.colour, sd, _board_cell(r, board_aspect),
                                                                         b.crystals))
            what = Words("{colour} board, basic side", colour=Words(board.colour)) if side == "basic" else \
                Words("{colour} board, advanced side ({power})", colour=Words(board.colour),
                      power=Words(POWER_NAMES[board.power]))
            items.append(PreviewItem("board", f"{board.colour}_{side}", 1 if side == "basic" else None, draw,
                                     (where(docs["boards"], ("boards", i)),),
                                     (art_dir / "boards" / f"{board.colour}_{side}.svg",), name=what, rotations=1,
                                     aspect=board_aspect, native_px=768))

    return PreviewSource(
        game_id="realm_of_sand", data_dir=data_dir, art_dir=art_dir, items=tuple(items),
        expected=expected_counts(items), palette=PALETTE,
    )


def card_name(cat, card) -> Words:
    """A card as the previewer names it: its pattern, points, hourglasses and reward."""
    reward = [Words("{colour} disc", colour=Words(cat.colour_name(c))) for c in card.reward_discs]
    if card.reward_levels:
        reward.append(Words("+{n} on the track", n=card.reward_levels))
    said = join(reward, ", ") if reward else Words("none")
    return Words("{card}: pattern {pattern}, {points}, {glasses}, reward: {reward}", card=card.id, pattern=card.pattern,
                 points=nwords("{n} point", "{n} points", card.points),
                 glasses=nwords("{n} hourglass", "{n} hourglasses", card.hourglasses), reward=said)


# ------------------------------------------------------------------ sizes
def _width(rect: Any, aspect: float) -> int:
    """The width of a picture of this aspect (width / height) that fits rect."""
    return max(1, min(rect.width, round(rect.height * aspect)))


def _cell(tile: TileDef, rect: Any, rotation: int) -> int:
    """The cell size at which the tile, turned `rotation` quarters, fits rect."""
    w, h = tile_box(tile)
    if rotation % 2:
        w, h = h, w
    return max(1, min(rect.width // w, rect.height // h))


def _board_cell(rect: Any, aspect: float) -> int:
    return max(1, round(_width(rect, aspect) * 96 / BOARD_BOX[0]))


# ------------------------------------------------------------------ overlays and counts
def tile_overlay(tile: TileDef, colour_name: Callable[[str], str]) -> Overlay:
    """Each square's colour named on its cell (as printed; the previewer turns and flips it with the picture)."""
    w, h = tile_box(tile)
    spots = tuple(Spot((x + 0.5) / w, (y + 0.5) / h, Words(colour_name(colour)), 0.3 / max(w, h))
                  for (x, y), colour in zip(tile.cells, tile.colours))
    shape = L_SHAPE if tile.shape == "L" else ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    return Overlay((), (), spots, (), shape=shape)


def expected_counts(items: list[PreviewItem]) -> tuple[ExpectedCount, ...]:
    def ids(kind: str, prefix: str = "", suffix: str = "") -> tuple[str, ...]:
        return tuple(i.id for i in items if i.kind == kind and i.id.startswith(prefix) and i.id.endswith(suffix))

    return (
        ExpectedCount(Words("rune tiles"), ids("tile"), FACT_TILES[0], source=FACT_TILES[1]),
        ExpectedCount(Words("rune squares"), ids("piece", "square_"), FACT_SQUARES[0], source=FACT_SQUARES[1]),
        ExpectedCount(Words("kingdom cards"), ids("card"), FACT_CARDS[0], source=FACT_CARDS[1]),
        ExpectedCount(Words("player boards"), ids("board", suffix="_basic"), FACT_BOARDS[0], source=FACT_BOARDS[1]),
    )
