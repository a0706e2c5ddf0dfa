"""Five Tribes in the tile previewer: tiles, meeples, pieces, resource, Djinn and Whim cards, backs and tracks.

The hook the previewer calls is preview_source(data_dir, art_dir); engine/core/preview.py
describes the contract. The data is read through games/five_tribes/catalogue.py. Its
load_catalogue takes only data_dir: the data names art files relative to art/five_tribes/,
so this hook joins them to art_dir itself. The game has no table screen yet, so every
picture is drawn with the App's Assets (image at the item's box), as the other games'
screens draw theirs. Tiles never turn: all tiles face the same way (the German Whims rulebook).

Neighbours are a sample of the board as set-up lays it: the rules' own shuffle of the tiles
(games/five_tribes/rules.py setup), for the first seed that puts the tile off the border,
with all 8 tiles around it (Builders, Hagis, Lamia and the Great Lake look at those).
Expected counts come from data/five_tribes/rules.md ("Components", "Set-up" and "Whim cards").
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.core.preview import (
    Definition,
    DrawFn,
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
from engine.core.yamlfile import load_yaml
from games.five_tribes.catalogue import Catalogue, TileKind, load_catalogue

CARD_ASPECT = 180 / 256  # cards are 180 x 256 (art/five_tribes/README.md)
TRACKS = {  # file: (viewBox, turn_tracks entry or None for a bid track, what it is)
    "turn_track": ((760, 150), "base", Words("turn-order track, 2 to 4 players")),
    "turn_track_5p": ((1000, 150), "five", Words("turn-order track, 5 players")),
    "bid_track": ((360, 150), None, Words("bid-order track, 4 spots")),
    "bid_track_5p": ((440, 150), None, Words("bid-order track, 5 spots")),
}
# The words of the data's ids a name says: the sets a tile or Djinn comes from, the tribes' and tiles' colours,
# the kinds of resource card (an id the data adds later is said as it is written).
SETS = {"base": N_("base game"), "whims": N_("Whims of the Sultan"), "promo": N_("promo")}
COLOURS = (N_("yellow"), N_("white"), N_("blue"), N_("green"), N_("red"))
CARD_KINDS = (N_("merchandise"), N_("fakir"))
# Tile layout in the 256 viewBox (README "Tile layout").
VALUE_STAR = (42 / 256, 42 / 256, 35 / 256)
ACTION_ROUNDEL = (214 / 256, 40 / 256, 23 / 256)
CALM_AREA = ((40 / 256, 150 / 256), (216 / 256, 150 / 256), (216 / 256, 240 / 256), (40 / 256, 240 / 256))
SAMPLE_SEEDS = 64  # set-up seeds tried to find the tile off the border
AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
PALETTE = {"value": (240, 200, 80), "market": (220, 120, 60), "palm": (90, 190, 90), "palace": (236, 236, 226),
           "djinn": (170, 120, 240), "whim": (230, 90, 90), "pieces": (80, 200, 190)}

# The components as data/five_tribes/rules.md states them, each with the source tag the previewer shows: the
# section of the research notes rules.md was written from (not in the repository; §1.1-§1.6 = "Components",
# §3.2 = "Set-up" and "Whim cards" in rules.md) and the confidence: [V] two or more sources agree, [S] one
# source, mostly the German Whims of the Sultan rulebook.
FACT_BASE_TILES = (30, "§1.1 [V]")
FACT_WHIMS_TILES = (6, "§1.2 [S]")
FACT_TILE_TYPES = {  # (type, value) -> count, [V]
    ("large_market", 4): 4, ("small_market", 6): 8, ("oasis", 8): 6, ("village", 5): 5,
    ("sacred", 6): 4, ("sacred", 10): 1, ("sacred", 12): 1, ("sacred", 15): 1,
}
FACT_BASE_COLOURS = {"blue": 12, "red": 18}  # [V]
FACT_CITIES = {"blue": 3, "red": 2}  # [S]
FACT_LAKE = 1  # [S]
FACT_MEEPLES = (105, "§1.3 [V]")
FACT_MEEPLES_EACH = {"vizier": 19, "elder": 23, "builder": 21, "merchant": 21, "assassin": 21}  # "Components"
FACT_RESOURCES = (54, "§1.4 [V]")
FACT_MERCHANDISE = 36  # [V]
FACT_RESOURCE_EACH = {"ivory": 2, "jewels": 2, "gold": 2, "papyrus": 4, "silk": 4, "spice": 4,
                      "fish": 6, "wheat": 6, "pottery": 6, "fakir": 18}  # [V]
FACT_DJINNS_BASE = (22, "§1.6 [V]")
FACT_DJINNS_WHIMS = (2, "§1.6 [S]")
FACT_WHIMS = (19, "§3.2 [S]")  # 22 in the box, the 3 Artisans cards left out
FACT_PALMS = (12, "§1.6 [V]")
FACT_PALACES = (10, "§1.6 [V]")


def preview_source(data_dir: Path, art_dir: Path) -> PreviewSource:
    """Five Tribes' tiles, backs, pieces, cards and tracks from data_dir and art_dir, read afresh."""
    data_dir, art_dir = Path(data_dir), Path(art_dir)
    load_catalogue.cache_clear()  # the previewer calls again after an edit: read the files anew
    cat = load_catalogue(data_dir)
    docs = {name: load_yaml(data_dir / f"{name}.yaml") for name in ("tiles", "djinns", "resources", "whims", "game")}
    seats_path = seats_file(data_dir)
    docs["seats"] = load_yaml(seats_path)
    texts = {d.path: Path(d.path).read_text(encoding="utf-8-sig") for d in docs.values()}

    def where(doc: str, path: tuple) -> Definition:
        return yaml_definition(docs[doc], path, texts[docs[doc].path])

    game = docs["game"]
    items: list[PreviewItem] = []
    for i, kind in enumerate(cat.tile_kinds):
        path = art_dir / kind.art
        items.append(PreviewItem("tile", kind.id, kind.count, _picture(path), (where("tiles", ("tiles", i)),), (path,),
                                 tile_overlay(kind), name=_tile_name(kind), rotations=1))

    for doc, name in (("resources", Words("resource card back")), ("djinns", Words("Djinn card back")),
                      ("whims", Words("Whim card back"))):
        path = art_dir / docs[doc].data["back"]
        items.append(PreviewItem("back", f"back_{doc}", None, _picture(path), (where(doc, ("back",)),), (path,),
                                 name=name, rotations=1, aspect=CARD_ASPECT))

    for i, tribe in enumerate(cat.tribes):  # the box holds the base game's meeples and those of Whims
        path = art_dir / tribe.art
        count = tribe.base + tribe.whims
        items.append(PreviewItem("piece", f"meeple_{tribe.id}", count, _picture(path), (where("game", ("tribes", i)),),
                                 (path,), name=Words("{tribe} ({colour})", tribe=Words(tribe.name),
                                                     colour=Words(tribe.colour)), rotations=1, native_px=128))
    colours = colour_names(docs["seats"].data)
    seat_pieces = (("camel", "camels", N_("camels ({colour}; how many depends on the seats)")),
                   ("turn_marker", "markers", N_("turn marker ({colour}; how many depends on the seats)")))
    for k, colour in enumerate(colours):
        for piece, key, label in seat_pieces:
            path = art_dir / f"{piece}_{colour}.svg"
            items.append(PreviewItem("piece", f"{piece}_{colour}", None, _picture(path),
                                     (where("game", (key,)), where("seats", ("colours", k))), (path,),
                                     name=Words(label, colour=colours[colour]), rotations=1, native_px=128))
    for piece, count, defs, name in (
        ("palm", game.data["palms"], (where("game", ("palms",)),), Words("palm tree")),
        ("palace", game.data["palaces"], (where("game", ("palaces",)),), Words("palace")),
        ("assassin_marker", None, (), Words("marker of a killed meeple")),
        ("coin", None, (where("game", ("start_gold",)),), Words("gold coin (the bank is unlimited)")),
        ("bag", 1, (where("game", ("meeples_per_tile",)),), Words("meeple bag")),
    ):
        path = art_dir / f"{piece}.svg"
        items.append(PreviewItem("piece", piece, count, _picture(path), defs, (path,), name=name, rotations=1,
                                 native_px=128))

    for i, card in enumerate(cat.resources.values()):
        path = art_dir / card.art
        defs = (where("resources", ("cards", i)),)
        items.append(PreviewItem("card", f"card_{card.id}", card.count, _picture(path), defs, (path,),
                                 name=Words("{card} ({kind})", card=Words(card.name), kind=Words(card.kind)),
                                 rotations=1, aspect=CARD_ASPECT))
    for i, djinn in enumerate(cat.djinns.values()):
        path = art_dir / djinn.art
        items.append(PreviewItem("card", f"djinn_{djinn.id}", 1, _picture(path), (where("djinns", ("djinns", i)),),
                                 (path,), name=Words("{djinn}, {vp} VP ({set})", djinn=Words(djinn.name),
                                                     vp=djinn.vp, set=set_name(djinn.set)),
                                 rotations=1, aspect=CARD_ASPECT))
    for i, whim in enumerate(cat.whims.values()):
        path = art_dir / whim.art
        items.append(PreviewItem("card", whim.id, 1, _picture(path), (where("whims", ("whims", i)),), (path,),
                                 name=whim_name(whim), rotations=1, aspect=CARD_ASPECT))

    for track, ((w, h), entry, name) in TRACKS.items():
        path = art_dir / f"{track}.svg"
        defs = ((where("game", ("turn_tracks", entry)),) if entry in game.data["turn_tracks"] else ()) \
            + (where("game", ("track_by_seats",)),)
        items.append(PreviewItem("board", track, 1, _picture(path), defs, (path,), name=name, rotations=1,
                                 aspect=w / h, native_px=max(w, h)))

    slot = art_dir / "board" / "slot.svg"
    return PreviewSource(
        game_id="five_tribes", data_dir=data_dir, art_dir=art_dir, items=tuple(items),
        watch=tuple(data_dir / f"{n}.yaml" for n in ("tiles", "djinns", "resources", "whims", "game"))
        + (data_dir / "board.tmx", seats_path),
        neighbours=lambda item_id, rotation: sample_neighbours(cat, item_id),
        expected=expected_counts(cat), extra_art={slot: Words("an empty cell of the board ({file} names it)",
                                                              file="board.tmx")},
        empty_cell=_picture(slot), palette=PALETTE,
    )


def whim_name(whim: Any) -> Words:
    """A Whim card: its English title (the catalogues hold the others) and its reward."""
    title = whim.title.get("en", whim.id)
    return Words("{title} ({gold} gold)", title=Words(title), gold=whim.reward_gold)


def set_name(set_id: str) -> Words:
    """The set a tile or a Djinn comes from, as a player names it."""
    return Words(SETS.get(set_id, set_id))


def _tile_name(kind: TileKind) -> Words:
    name, where = Words(kind.name), set_name(kind.set)
    colour = Words(kind.colour) if kind.colour != "none" else None
    if kind.vp and colour:
        return Words("{tile}, {vp} VP, {colour} ({set})", tile=name, vp=kind.vp, colour=colour, set=where)
    if kind.vp:
        return Words("{tile}, {vp} VP ({set})", tile=name, vp=kind.vp, set=where)
    if colour:
        return Words("{tile}, {colour} ({set})", tile=name, colour=colour, set=where)
    return Words("{tile} ({set})", tile=name, set=where)


# ------------------------------------------------------------------ drawing
def _picture(path: Path) -> DrawFn:
    """Draw the picture filling rect at its own ratio (Assets.image at the item's box; nothing turns)."""

    def draw(surface: Any, rect: Any, rotation: int, assets: Any) -> None:
        img = assets.image(path, (max(1, rect.width), max(1, rect.height)))
        surface.blit(img, img.get_rect(center=rect.center))

    return draw


# ------------------------------------------------------------------ overlays
def tile_overlay(kind: TileKind) -> Overlay:
    """The value star, the action roundel and the calm area where meeples, camels, palms and palaces stand."""
    icons = [Spot(*VALUE_STAR[:2], Words("value"), VALUE_STAR[2])]
    if kind.action != "none":
        icons.append(Spot(*ACTION_ROUNDEL[:2], kind.action, ACTION_ROUNDEL[2]))
    regions = (Region(Words("calm area"), Words("pieces"), CALM_AREA),) if kind.meeples else ()
    return Overlay(regions=regions, icon_spots=tuple(icons))


# ------------------------------------------------------------------ neighbours and facts
def sample_layout(cat: Catalogue, seed: int) -> tuple[int, list[str]]:
    """The board's width and its tiles, row by row, as set-up lays them for this seed (rules.setup's shuffle)."""
    default = next(o["default"] for o in cat.options if o["id"] == "board")
    shape = cat.boards[default]
    whims_tiles = shape.tile_set == "whims"
    kinds = [k.id for k in cat.tile_kinds if k.set == "base" or whims_tiles for _ in range(k.count)]
    random.Random(f"five_tribes-setup:{seed}").shuffle(kinds)
    return shape.width, kinds


def sample_neighbours(cat: Catalogue, item_id: str) -> list[Neighbour]:
    """The 8 tiles around this tile on a set-up board where it lies off the border (or its best place)."""
    best: list[Neighbour] = []
    for seed in range(SAMPLE_SEEDS):
        width, kinds = sample_layout(cat, seed)
        height = len(kinds) // width
        for index, kind in enumerate(kinds):
            if kind != item_id:
                continue
            col, row = index % width, index // width
            found = [Neighbour(kinds[(row + dy) * width + col + dx], 0, float(dx), float(dy)) for dx, dy in AROUND
                     if 0 <= col + dx < width and 0 <= row + dy < height]
            if len(found) > len(best):
                best = found
            if len(best) == len(AROUND):
                return best
    return best


def expected_counts(cat: Catalogue) -> tuple[ExpectedCount, ...]:
    """The counts data/five_tribes/rules.md states, over the item ids of this catalogue."""
    tiles = cat.tile_kinds
    ids = lambda pred: tuple(k.id for k in tiles if pred(k))  # noqa: E731
    out = [
        ExpectedCount(Words("base-game tiles"), ids(lambda k: k.set == "base"), FACT_BASE_TILES[0],
                      source=FACT_BASE_TILES[1]),
        ExpectedCount(Words("Whims of the Sultan tiles"), ids(lambda k: k.set == "whims"), FACT_WHIMS_TILES[0],
                      source=FACT_WHIMS_TILES[1]),
    ]
    for (kind, vp), n in FACT_TILE_TYPES.items():
        label = Words("{kind} tiles of {vp} VP", kind=kind, vp=vp) if kind == "sacred" \
            else Words("{kind} tiles", kind=kind)
        out.append(ExpectedCount(label, ids(lambda k, t=kind, v=vp: k.type == t and k.vp == v), n, source="§1.1 [V]"))
    for colour, n in FACT_BASE_COLOURS.items():
        base = ids(lambda k, c=colour: k.set == "base" and k.colour == c)
        out.append(ExpectedCount(Words("{colour} base-game tiles", colour=Words(colour)), base, n, source="§1.1 [V]"))
    for colour, n in FACT_CITIES.items():
        cities = ids(lambda k, c=colour: k.type == "city" and k.colour == c)
        out.append(ExpectedCount(Words("{colour} Wondrous Cities", colour=Words(colour)), cities, n,
                                 source="§1.2 [S]"))
    out.append(ExpectedCount(Words("Great Lake"), ids(lambda k: k.type == "great_lake"), FACT_LAKE,
                             source="§1.2 [S]"))
    out.append(ExpectedCount(Words("meeples"), tuple(f"meeple_{t}" for t in FACT_MEEPLES_EACH), FACT_MEEPLES[0],
                             source=FACT_MEEPLES[1]))
    for tribe, n in FACT_MEEPLES_EACH.items():
        out.append(ExpectedCount(Words("{tribe} meeples", tribe=tribe), (f"meeple_{tribe}",), n, source="§1.3 [V]"))
    out.append(ExpectedCount(Words("resource cards"), tuple(f"card_{r}" for r in cat.resources), FACT_RESOURCES[0],
                             source=FACT_RESOURCES[1]))
    merchandise = tuple(f"card_{r.id}" for r in cat.resources.values() if r.kind == "merchandise")
    out.append(ExpectedCount(Words("merchandise cards"), merchandise, FACT_MERCHANDISE, source="§1.4 [V]"))
    for card, n in FACT_RESOURCE_EACH.items():
        out.append(ExpectedCount(Words("{card} cards", card=card), (f"card_{card}",), n, source="§1.4 [V]"))
    djinns = cat.djinns.values()
    out.append(ExpectedCount(Words("base-game Djinns"), tuple(f"djinn_{d.id}" for d in djinns if d.set == "base"),
                             FACT_DJINNS_BASE[0], source=FACT_DJINNS_BASE[1]))
    out.append(ExpectedCount(Words("Whims of the Sultan Djinns"),
                             tuple(f"djinn_{d.id}" for d in djinns if d.set == "whims"),
                             FACT_DJINNS_WHIMS[0], source=FACT_DJINNS_WHIMS[1]))
    out.append(ExpectedCount(Words("Whim of the Sultan cards"), tuple(cat.whims), FACT_WHIMS[0], source=FACT_WHIMS[1]))
    out.append(ExpectedCount(Words("palm trees"), ("palm",), FACT_PALMS[0], source=FACT_PALMS[1]))
    out.append(ExpectedCount(Words("palaces"), ("palace",), FACT_PALACES[0], source=FACT_PALACES[1]))
    return tuple(out)
