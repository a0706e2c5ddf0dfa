"""Five Tribes' components read from data/five_tribes: tiles, Djinns, resource cards, Whim cards,
the game's numbers and options, and the board shapes.

Pure Python (the TMX board is read through engine.core.board, which keeps pygame out). Every file
is checked against a schema, so a broken edit stops with the file, the line and the problem.
Art is named here and required only by check_art (the rules call it when a game is made), so the
previewer can still open a game whose pictures are being drawn.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.board import load_board
from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.core.schema import Any_, Bool, FileUse, Int, ListOf, Map, MapOf, OneOf, Str, load_checked, require_files
from engine.core.seats import default_colours
from engine.core.words import N_, Words
from engine.core.yamlfile import YamlDoc
from games.five_tribes.rules_whims import validate_whims

ID = Str(pattern=r"^[a-z0-9_]+$", pattern_help=Words("lower-case letters, digits and _"))
TILE_TYPES = ("large_market", "small_market", "oasis", "village", "sacred", "city", "great_lake")
TILE_ACTIONS = ("market", "palm", "palace", "djinn", "whim", "none")
DJINN_EFFECTS = (
    "fakirs_wild", "seed_meeples", "djinn_gold", "protect_court", "place_palace", "double_builders",
    "place_palm", "shift_palace", "palm_value", "double_kill", "vizier_value", "assassin_spoils",
    "cheaper_bid", "shift_palm", "claim_empty", "drop_gold", "palace_gold", "kill_gold", "elder_value",
    "draw_djinns", "draw_resource", "claim_meeples", "push_gold", "whim_gold", "vizier_gold",
)
DJINN_TIMINGS = ("end_scoring", "passive", "trigger", "active", "modifier", "bidding")
DJINN_COSTS = ("none", "elder_or_fakir", "elder_and_elder_or_fakir", "fakir", "fakirs")
# Pictures the table draws whose names no data file spells out (scene_art.py, preview.py).
TABLE_ART = {
    "board/slot.svg": N_("an empty cell of the board"),
    "assassin_marker.svg": N_("the marker of a killed meeple"),
    "coin.svg": N_("gold coins"),
    "bag.svg": N_("the meeple bag"),
    "turn_track.svg": N_("the turn-order track, 2 to 4 players"),
    "turn_track_5p.svg": N_("the turn-order track, 5 players"),
    "bid_track.svg": N_("the bid-order track, 4 spots"),
    "bid_track_5p.svg": N_("the bid-order track, 5 spots"),
}
# What each cost lets a player pay: every way of paying it, as the cards it spends.
PAYMENTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "none": ((),),
    "elder_or_fakir": (("elder",), ("fakir",)),
    "elder_and_elder_or_fakir": (("elder", "elder"), ("elder", "fakir")),
    "fakir": (("fakir",),),
    "fakirs": (),  # Kumarbi: any number of Fakirs, chosen with the bid
}


def _art(folder: str) -> Str:
    return Str(pattern=rf"^{folder}/[a-z0-9_]+\.svg$", pattern_help=Words("a file name like {folder}/<id>.svg",
                                                                          folder=folder))


@dataclass(frozen=True)
class TileKind:
    """One picture of board tile and what the rules know of it."""

    id: str
    type: str
    name: str
    vp: int
    colour: str  # blue | red | none
    count: int
    set: str
    action: str
    mandatory: bool
    meeples: bool
    art: str
    text: str

    @property
    def kind(self) -> str:
        """The tile type with both market sizes as one kind (Whim cards count kinds)."""
        return "market" if self.type in ("large_market", "small_market") else self.type

    @property
    def passable(self) -> bool:
        """Whether meeples may ever stand on this tile (not the Great Lake)."""
        return self.meeples


@dataclass(frozen=True)
class Djinn:
    """A Djinn card: its value, power and when the power works."""

    id: str
    name: str
    vp: int
    set: str
    effect: str
    timing: str
    cost: str
    params: dict[str, int]
    power: str
    art: str
    our_choice: tuple[str, ...] = ()  # fields this edition chose where no source gives them (Kali's vp)

    @property
    def costed(self) -> bool:
        return self.cost != "none"


@dataclass(frozen=True)
class ResourceKind:
    """A kind of resource card: a merchandise good or the Fakir."""

    id: str
    name: str
    kind: str  # merchandise | fakir
    count: int
    art: str


@dataclass(frozen=True)
class Whim:
    """A Whim of the Sultan card of this edition: gold paid once when its condition holds."""

    id: str
    difficulty: str
    reward_gold: int
    art: str
    title: dict[str, str]
    text: dict[str, str]
    condition: dict[str, Any]
    artisans_only: bool


@dataclass(frozen=True)
class Tribe:
    """One of the five meeple colours."""

    id: str
    name: str
    plural: str
    colour: str
    kept: bool
    base: int
    whims: int
    art: str


@dataclass(frozen=True)
class BoardShape:
    """A board layout from board.tmx: its size and which tiles it is laid from."""

    id: str
    width: int
    height: int
    tile_set: str  # base | whims: which tiles are shuffled onto it


@dataclass(frozen=True)
class Catalogue:
    """Everything the rules need to know about Five Tribes' components."""

    data_dir: Path
    config: dict[str, Any]
    tile_kinds: tuple[TileKind, ...]
    djinns: dict[str, Djinn]
    resources: dict[str, ResourceKind]
    whims: dict[str, Whim]
    whim_set: dict[str, Any]  # file-level facts of whims.yaml: set, official
    tribes: tuple[Tribe, ...]
    boards: dict[str, BoardShape]
    options: tuple[dict[str, Any], ...]
    art_dir: Path = field(default_factory=lambda: default_art_dir())
    art_uses: tuple[FileUse, ...] = ()  # every picture the table draws, with the place naming it

    def check_art(self) -> None:
        """Refuse a missing picture now, naming it and its place, rather than at the first draw."""
        require_files(self.art_uses, self.art_dir)

    @property
    def goods(self) -> tuple[str, ...]:
        """The merchandise goods in catalogue order."""
        return tuple(r.id for r in self.resources.values() if r.kind == "merchandise")

    def option_defaults(self) -> dict[str, Any]:
        return {o["id"]: o["default"] for o in self.options}

    def tile_kind(self, kind_id: str) -> TileKind:
        return next(k for k in self.tile_kinds if k.id == kind_id)


# --------------------------------------------------------------------------- schemas
def tiles_schema() -> Map:
    tile = Map({
        "id": ID, "type": Str(choices=TILE_TYPES), "name": Str(), "vp": Int(min=0),
        "colour": Str(choices=("blue", "red", "none")), "count": Int(min=1),
        "set": Str(choices=("base", "whims")), "action": Str(choices=TILE_ACTIONS),
        "mandatory": Bool(), "meeples": Bool(), "art": _art("tiles"), "text": Str(),
    })
    return Map({"format": Int(min=1, max=1), "tiles": ListOf(tile, min_len=1)})


def djinns_schema() -> Map:
    djinn = Map({
        "id": ID, "name": Str(), "vp": Int(min=0), "set": Str(choices=("base", "whims", "promo")),
        "effect": Str(choices=DJINN_EFFECTS), "timing": Str(choices=DJINN_TIMINGS),
        "cost": Str(choices=DJINN_COSTS), "params": MapOf(ID, Int(min=0)), "power": Str(),
        "art": _art("djinns"),
    }, optional={"our_choice": ListOf(Str(choices=("vp",)), min_len=1)})
    return Map({"format": Int(min=1, max=1), "back": _art("djinns"), "djinns": ListOf(djinn, min_len=1)})


def resources_schema() -> Map:
    card = Map(
        {"id": ID, "name": Str(), "kind": Str(choices=("merchandise", "fakir")), "count": Int(min=1),
         "art": _art("cards")},
        optional={"rarity": Str(choices=("rare", "middle", "common"))},
    )
    return Map({"format": Int(min=1, max=1), "total": Int(min=1), "back": _art("cards"),
                "cards": ListOf(card, min_len=1)})


def whims_schema() -> Map:
    lang = Map({"en": Str()}, optional={"de": Str()})
    card = Map(
        {"id": ID, "difficulty": Str(choices=("easy", "medium", "hard")), "reward_gold": Int(min=5),
         "art": _art("whims"), "title": lang, "text": lang, "condition": Any_()},
        optional={"artisans_only": Bool()},
    )
    return Map({"format": Int(min=1, max=1), "set": Str(), "official": Bool(), "back": _art("whims"),
                "whims": ListOf(card, min_len=1)})


def game_schema() -> Map:
    per_seats = MapOf(Int(min=2, max=5), Int(min=1))
    tribe = Map({"id": ID, "name": Str(), "plural": Str(), "colour": Str(), "kept": Bool(),
                 "base": Int(min=0), "whims": Int(min=0), "art": _art("meeples")})
    market = Map({"price": Int(min=0), "window": Int(min=1), "cards": Int(min=1)})
    spot = Map({"cost": Int(min=0), "spots": Int(min=1)}, optional={"our_choice": Bool()})
    value = OneOf(Bool(), Str(), Int())
    choice = Map({"value": value, "label": Str()})
    option = Map({"id": ID, "label": Str(), "default": value, "choices": ListOf(choice, min_len=2)})
    return Map({
        "format": Int(min=1, max=1), "start_gold": Int(min=0), "camels": per_seats, "markers": per_seats,
        "meeples_per_tile": Int(min=1), "face_up_resources": Int(min=1), "face_up_djinns": Int(min=1),
        "palms": Int(min=0), "palaces": Int(min=0), "tribes": ListOf(tribe, min_len=5, max_len=5),
        "markets": Map({"small_market": market, "large_market": market}),
        "sacred_payments": ListOf(ListOf(Str(choices=("elder", "fakir")), min_len=1), min_len=1),
        "set_values": ListOf(Int(min=0), min_len=2), "city_values": ListOf(Int(min=0), min_len=6),
        "vizier_vp": Int(min=0), "vizier_majority_bonus": Int(min=0), "elder_vp": Int(min=0),
        "palm_vp": Int(min=0), "palace_vp": Int(min=0), "lake_multiplier": Int(min=1),
        "turn_tracks": MapOf(ID, ListOf(spot, min_len=1)),
        "track_by_seats": MapOf(Int(min=2, max=5), ID),
        "options": ListOf(option, min_len=1),
    })


# --------------------------------------------------------------------------- loading
def default_data_dir() -> Path:
    return project_root() / "data" / "five_tribes"


def default_art_dir() -> Path:
    return project_root() / "art" / "five_tribes"


@lru_cache(maxsize=8)
def load_catalogue(data_dir: Path | None = None, art_dir: Path | None = None) -> Catalogue:
    """Read and check every data file of the game; raises DataError naming file, line and problem."""
    data_dir = Path(data_dir or default_data_dir())
    game = load_checked(data_dir / "game.yaml", game_schema())
    _check_game(game)
    tiles_doc = load_checked(data_dir / "tiles.yaml", tiles_schema())
    tiles = _load_tiles(tiles_doc)
    djinns_doc = load_checked(data_dir / "djinns.yaml", djinns_schema())
    djinns = _load_djinns(djinns_doc)
    resources_doc = load_checked(data_dir / "resources.yaml", resources_schema())
    resources = _load_resources(resources_doc)
    whims_doc = load_checked(data_dir / "whims.yaml", whims_schema())
    tribes = tuple(Tribe(**t) for t in game.data["tribes"])
    whims = _load_whims(whims_doc, tiles, djinns, resources)
    boards = _load_boards(data_dir / "board.tmx", tiles, game)
    return Catalogue(
        data_dir=data_dir, config=game.data, tile_kinds=tiles, djinns=djinns, resources=resources,
        whims=whims, whim_set={"set": whims_doc.data["set"], "official": whims_doc.data["official"]},
        tribes=tribes, boards=boards, options=tuple(game.data["options"]),
        art_dir=Path(art_dir or default_art_dir()),
        art_uses=_art_uses(game, tiles_doc, djinns_doc, resources_doc, whims_doc),
    )


def _art_uses(game: YamlDoc, tiles: YamlDoc, djinns: YamlDoc, resources: YamlDoc, whims: YamlDoc) -> tuple[FileUse, ...]:
    """Every picture the table may draw, each with the YAML place that names it."""
    uses = [FileUse.named(doc, (key, i, "art"), item["art"])
            for doc, key in ((tiles, "tiles"), (djinns, "djinns"), (resources, "cards"), (whims, "whims"))
            for i, item in enumerate(doc.data[key])]
    uses += [FileUse.named(doc, ("back",), doc.data["back"]) for doc in (resources, djinns, whims)]
    uses += [FileUse.named(game, ("tribes", i, "art"), tribe["art"]) for i, tribe in enumerate(game.data["tribes"])]
    # Any seat may take any colour of data/seats.yaml, so camels and markers need every colour.
    for key, piece, what in (("camels", "camel", "camels"), ("markers", "turn_marker", "turn marker")):
        uses += [FileUse.named(game, (key,), f"{piece}_{colour}.svg", Words("the {what} of seat colour {colour}",
                                                                            what=what, colour=colour))
                 for colour in default_colours()]
    uses += [FileUse.named(game, (key,), f"{piece}.svg") for key, piece in (("palms", "palm"), ("palaces", "palace"))]
    uses += [FileUse(name, why=Words(why)) for name, why in TABLE_ART.items()]
    return tuple(uses)


def _unique(doc: YamlDoc, key: str, items: list[dict]) -> None:
    seen: set[str] = set()
    for i, item in enumerate(items):
        if item["id"] in seen:
            raise doc.error((key, i, "id"), Words("the id {id} is used twice", id=repr(item['id'])))
        seen.add(item["id"])


def _check_game(doc: YamlDoc) -> None:
    data = doc.data
    tribes = [t["id"] for t in data["tribes"]]
    if tribes != ["vizier", "elder", "builder", "merchant", "assassin"]:
        raise doc.error(("tribes",), Words("the tribes must be vizier, elder, builder, merchant, assassin, in that order"))
    for seats in range(2, 6):
        for key in ("camels", "markers", "track_by_seats"):
            if seats not in data[key]:
                raise doc.error((key,), Words("no value for {seats} seats", seats=seats))
    for seats, track in data["track_by_seats"].items():
        if track not in data["turn_tracks"]:
            raise doc.error(("track_by_seats", seats), Words("unknown track {track} (turn_tracks has: {turn_tracks})",
                                                             track=repr(track), turn_tracks=', '.join(data['turn_tracks'])))
    for name, track in data["turn_tracks"].items():
        costs = [s["cost"] for s in track]
        if costs != sorted(costs, reverse=True) or len(set(costs)) != len(costs):
            raise doc.error(("turn_tracks", name), Words("list each price once, dearest first"))
        room = sum(s["spots"] for s in track)
        most = max(data["markers"][n] * n for n in data["track_by_seats"] if data["track_by_seats"][n] == name)
        if room < most:
            raise doc.error(("turn_tracks", name), Words("{room} spots cannot hold {most} turn markers",
                                                         room=room, most=most))
    _unique(doc, "options", data["options"])
    for i, opt in enumerate(data["options"]):
        values = [c["value"] for c in opt["choices"]]
        if opt["default"] not in values:
            raise doc.error(("options", i, "default"), Words("the default {default} is not one of the choices",
                                                             default=repr(opt['default'])))
    if len(data["set_values"]) < 10:
        raise doc.error(("set_values",), Words("give a value for sets of 0 to 9 different goods"))


def _load_tiles(doc: YamlDoc) -> tuple[TileKind, ...]:
    items = doc.data["tiles"]
    _unique(doc, "tiles", items)
    kinds = tuple(TileKind(**t) for t in items)
    for i, k in enumerate(kinds):
        if k.type == "great_lake" and k.meeples:
            raise doc.error(("tiles", i, "meeples"), Words("no meeple may ever stand on the Great Lake"))
        if k.type == "city" and k.action != "whim":
            raise doc.error(("tiles", i, "action"), Words("a Wondrous City's action is 'whim'"))
    if sum(k.count for k in kinds if k.type == "great_lake") > 1:
        raise doc.error(("tiles",), Words("there is only one Great Lake"))
    return kinds


def _load_djinns(doc: YamlDoc) -> dict[str, Djinn]:
    items = doc.data["djinns"]
    _unique(doc, "djinns", items)
    out = {}
    for i, d in enumerate(items):
        djinn = Djinn(**{**d, "our_choice": tuple(d.get("our_choice", ()))})
        costed_timing = djinn.timing in ("active", "modifier", "bidding")
        if costed_timing != djinn.costed:
            raise doc.error(("djinns", i, "cost"), (Words("a {timing} power needs a cost",
                                                          timing=djinn.timing) if costed_timing
                                                    else Words("a {timing} power has no cost", timing=djinn.timing)))
        out[djinn.id] = djinn
    effects = [d.effect for d in out.values()]
    for i, d in enumerate(items):
        if effects.count(d["effect"]) > 1:
            raise doc.error(("djinns", i, "effect"), Words("two Djinns have the effect {effect}",
                                                           effect=repr(d['effect'])))
    return out


def _load_resources(doc: YamlDoc) -> dict[str, ResourceKind]:
    items = doc.data["cards"]
    _unique(doc, "cards", items)
    out = {r["id"]: ResourceKind(r["id"], r["name"], r["kind"], r["count"], r["art"]) for r in items}
    total = sum(r.count for r in out.values())
    if total != doc.data["total"]:
        raise doc.error(("total",), Words("the card counts add up to {total}, not {given}",
                                          total=total, given=doc.data['total']))
    fakirs = [r for r in out.values() if r.kind == "fakir"]
    if len(fakirs) != 1 or fakirs[0].id != "fakir":
        raise doc.error(("cards",), Words("exactly one card kind is the Fakir, with the id 'fakir'"))
    return out


def _load_whims(doc: YamlDoc, tiles, djinns, resources) -> dict[str, Whim]:
    items = doc.data["whims"]
    _unique(doc, "whims", items)
    validate_whims(doc, tiles, djinns, resources)
    return {
        w["id"]: Whim(w["id"], w["difficulty"], w["reward_gold"], w["art"], dict(w["title"]), dict(w["text"]),
                      w["condition"], bool(w.get("artisans_only", False)))
        for w in items
    }


def _load_boards(path: Path, tiles: tuple[TileKind, ...], game: YamlDoc) -> dict[str, BoardShape]:
    board = load_board(path)
    shapes = {}
    for name, cells in board.layers.items():
        odd = [c for c, p in cells.items() if p.get("cell") != "tile"]
        if odd:
            raise DataError(path, None, Words("cell {cell} of layer {name} has no 'cell' property 'tile'",
                                              cell=odd[0], name=repr(name)))
        if not cells:
            raise DataError(path, None, Words("layer {name} has no tile cells", name=repr(name)))
        width = max(c for c, _ in cells) + 1
        height = max(r for _, r in cells) + 1
        if len(cells) != width * height:
            raise DataError(path, None, Words("the cells of layer {name} must fill a rectangle from the top left ({width} x {height})",
                                              name=repr(name), width=width, height=height))
        # A layout with a cell for every tile takes them all; one with a cell per base tile, the base tiles.
        every = sum(k.count for k in tiles)
        base = sum(k.count for k in tiles if k.set == "base")
        if width * height not in (every, base):
            raise DataError(path, None, Words("layer {name} has {n} cells: lay out either all {every} tiles or the {base} base tiles",
                                              name=repr(name), n=width * height, every=every, base=base))
        shapes[name] = BoardShape(name, width, height, "whims" if width * height == every else "base")
    choices = next(o for o in game.data["options"] if o["id"] == "board")["choices"]
    for c in choices:
        if c["value"] not in shapes:
            raise DataError(path, None, Words("the board option {value} has no layer of that name (layers: {layers})",
                                              value=repr(c['value']), layers=', '.join(shapes)))
    return shapes
