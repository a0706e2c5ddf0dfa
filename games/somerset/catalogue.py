"""Somerset's components read from data/somerset: city and country tiles, spells, buildings, numbers, options.

Pure Python. Every file is loaded with engine.core.yamlfile and checked against a schema, so a broken edit
stops with the file, the line and the problem. Road masks are written in the rules file's side order
(`road_sides` in tiles.yaml) and turned here into the table's clockwise sides of engine/core/hexgrid.py
(pointy-top: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW); a mask is then a 6-bit number, bit d = a stub on side d.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.hexgrid import DIRECTION_NAMES, POINTY
from engine.core.paths import project_root
from engine.core.schema import Any_, Bool, Int, ListOf, Map, MapOf, OneOf, Str, load_checked
from engine.core.words import Words
from engine.core.yamlfile import Where, YamlDoc

BASIC = ("W", "B", "S", "G")
ALL_RESOURCES = ("W", "B", "S", "G", "C")
PAYABLE = ALL_RESOURCES + ("$",)
SIDES = DIRECTION_NAMES[POINTY]  # NE, E, SE, SW, W, NW: the table's side numbering
WORKER_KINDS = ("peasant", "knight", "wizard")
TIMINGS = ("before", "after", "any")
OPTION_IDS = ("spell_buy_currency", "start_player")
# The steps of a tile action, spell or building ("now"), and what each takes.
_COST = MapOf(Str(choices=PAYABLE), Int(min=0))
_RESLIST = ListOf(Str(choices=ALL_RESOURCES), min_len=1)
STEP_SCHEMAS: dict[str, Any] = {
    "gain": MapOf(Str(choices=PAYABLE), Int(min=1)),
    "choose": Int(min=1),
    "government": Str(choices=("normal", "free_advance")),
    "hire": Map({"cost": _COST, "where": Str(choices=("acting", "any", "city"))}),
    "upgrade": Map({}, optional={"discount": Int(min=0), "only": Str(choices=("peasant", "knight")), "cost": _COST}),
    "draw_spells": Map({"draw": Int(min=1), "keep": Int(min=1)}),
    "draw_buildings": Map({"draw": Int(min=1), "keep": Int(min=1)}),
    "build_tile": Map({"discount": Int(min=0)}),
    "build_building": Map({"discount": Int(min=0)}),
    "roads": Int(min=1),
    "trade": Map({"times": Int(min=1), "give": Int(min=1), "from": _RESLIST, "to": _RESLIST}),
    "exchange": Int(min=1),
    "stride": Int(min=1),
    "teleport": Bool(),
    "echo": Bool(),
    "mirror": Bool(),
    "dispel": Bool(),
    "royal_favour": Bool(),
    "time_warp": Bool(),
}
SPELL_ONLY = ("exchange", "stride", "teleport", "echo", "mirror", "dispel", "royal_favour", "time_warp")
ABILITY_SCHEMA = Map({}, optional={
    "worker_cap": Int(min=1), "stables": Bool(), "income": MapOf(Str(choices=PAYABLE), Int(min=1)),
    "road_pieces": Int(min=1), "tile_discount": Int(min=1), "landing_fee": Int(min=0),
    "upgrade_no_grain": Bool(), "spell_discount": Int(min=1), "alchemy": Int(min=1), "market": Bool(),
    "workshop": Int(min=1), "final": Int(min=0), "final_per_country_tile": Map({"each": Int(min=1), "max": Int(min=1)}),
    "gov_fee_discount": Int(min=1), "activate_bonus": MapOf(Str(choices=PAYABLE), Int(min=1)),
})


@dataclass(frozen=True)
class Step:
    """One step of a tile action, a spell or a building's "now": its kind and its value from the data."""

    kind: str
    value: Any


@dataclass(frozen=True)
class TileDef:
    """A city or country tile as printed: `index` is its identity in the game (city tiles first)."""

    index: int
    id: str
    city: bool
    name: str
    short: str
    label: str | None  # "2+", "3+", "4+" for city tiles
    cost: dict[str, int]
    roads: int  # 6-bit mask in the table's side order, unturned
    steps: tuple[Step, ...]

    def turned(self, rotation: int) -> int:
        """The road mask after turning the tile `rotation` sixths clockwise (side d goes to d + rotation)."""
        k = rotation % 6
        return ((self.roads << k) | (self.roads >> (6 - k))) & 0b111111


@dataclass(frozen=True)
class SpellDef:
    """A spell card: buy price, crystal cost, when it may be cast and what it does."""

    index: int
    id: str
    name: str
    buy: int
    cast: int
    timing: str
    text: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class BuildingDef:
    """A building card (index 0 is the Residence): cost, lasting ability and what it does when built."""

    index: int
    id: str
    name: str
    cost: dict[str, int]
    text: str
    ability: dict[str, Any]
    now: tuple[Step, ...]


@dataclass(frozen=True)
class Catalogue:
    """Everything the rules need to know about Somerset's components and numbers."""

    data_dir: Path
    tiles: tuple[TileDef, ...]  # city tiles, then country tiles
    spells: tuple[SpellDef, ...]
    buildings: tuple[BuildingDef, ...]  # the Residence first, then the building deck
    config: dict[str, Any]
    options: tuple[dict[str, Any], ...]

    @property
    def city(self) -> tuple[TileDef, ...]:
        return tuple(t for t in self.tiles if t.city)

    @property
    def country(self) -> tuple[TileDef, ...]:
        return tuple(t for t in self.tiles if not t.city)

    def resource_name(self, code: str) -> str:
        return self.config["resource_names"][code]

    def option_defaults(self) -> dict[str, Any]:
        return {o["id"]: o["default"] for o in self.options}

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option's value: given ones checked against their choices, missing ones defaulted."""
        out = self.option_defaults()
        for spec in self.options:
            if options and spec["id"] in options:
                value = options[spec["id"]]
                allowed = [c["value"] for c in spec["choices"]]
                if value not in allowed:
                    shown = ", ".join(repr(v) for v in allowed)
                    raise ValueError(f"option {spec['id']!r} cannot be {value!r} (choices: {shown})")
                out[spec["id"]] = value
        return out


# --------------------------------------------------------------------------- schemas
_ID = Str(pattern=r"^[A-Z][0-9]{0,2}$", pattern_help=Words("a capital letter and up to two digits, e.g. K07"))
_STEPS = ListOf(MapOf(Str(choices=tuple(STEP_SCHEMAS)), Any_()), min_len=1)
_MASK = Str(pattern=r"^[01]{6}$", pattern_help=Words("six characters 0 or 1, one per side in road_sides order"))


def tiles_schema() -> Map:
    city = Map({"id": _ID, "label": Str(choices=("2+", "3+", "4+")), "name": Str(), "short": Str(), "roads": _MASK,
                "action": _STEPS})
    country = Map({"id": _ID, "name": Str(), "cost": _COST, "short": Str(), "roads": _MASK, "action": _STEPS})
    return Map({"road_sides": ListOf(Str(choices=SIDES), min_len=6, max_len=6),
                "city_tiles": ListOf(city, min_len=1), "country_tiles": ListOf(country, min_len=1)})


def spells_schema() -> Map:
    spell = Map({"id": _ID, "name": Str(), "buy": Int(min=0), "cast": Int(min=0), "timing": Str(choices=TIMINGS),
                 "text": Str(), "effect": _STEPS})
    return Map({"spells": ListOf(spell, min_len=1)})


def buildings_schema() -> Map:
    card = Map({"id": _ID, "name": Str(), "cost": _COST, "text": Str(), "ability": ABILITY_SCHEMA},
               optional={"now": _STEPS})
    return Map({"residence": card, "buildings": ListOf(card, min_len=1)})


def game_schema() -> Map:
    column = Map({"column": Int(min=1), "fee": _COST, "money": Int(min=0), "resources": Int(min=0),
                  "crystals": Int(min=0), "free_cast": Str(choices=("none", "or", "and"))},
                 optional={"resource_crystals": Int(min=0)})
    choice = Map({"value": OneOf(Bool(), Int(), Str()), "label": Str()})
    option = Map({"id": Str(), "label": Str(), "default": Any_(), "choices": ListOf(choice, min_len=2)},
                 optional={"help": Str()})
    seats_map = MapOf(Int(min=2, max=5), Any_())
    return Map({
        "seats": Map({"min": Int(min=1), "max": Int(min=1)}),
        "resources": ListOf(Str(choices=BASIC), min_len=4, max_len=4),
        "resource_names": MapOf(Str(choices=PAYABLE), Str()),
        "city_labels_by_seats": seats_map,
        "country_tiles_by_seats": MapOf(Int(min=2, max=5), Int(min=1)),
        "city_layout": Map({"inner_rings": Int(min=0, max=3), "outer_ring": Int(min=1, max=4), "max_tries": Int(min=1)}),
        "start_workers": ListOf(Str(choices=WORKER_KINDS), min_len=1),
        "workers": Map({k: Map({"moves": Int(min=1, max=5)}) for k in WORKER_KINDS}),
        "upgrades": Map({"peasant": Map({"to": Str(choices=WORKER_KINDS), "cost": _COST}),
                         "knight": Map({"to": Str(choices=WORKER_KINDS), "cost": _COST})}),
        "worker_cap": Int(min=2),
        "road_pieces": Int(min=0),
        "claim_markers": Int(min=1),
        "start_coins": Map({"first": Int(min=0), "step": Int(min=0)}),
        "start_resources": MapOf(Str(choices=ALL_RESOURCES), Int(min=0)),
        "start_hand": Map({"residence": Int(min=0, max=1), "spells": Int(min=0)}),
        "landing_fee": Int(min=0),
        "landing_fee_when_declined": Bool(),
        "decline_uses_tile": Bool(),
        "first_round_decline": Bool(),
        "move_pieces": Str(choices=("when_pool_empty", "always")),
        "round_cap": Int(min=2),
        "end_triggers": Map({"country_tiles": Int(min=1), "buildings": Int(min=1)}),
        "residence_counts_as_building": Bool(),
        "building_bonus": Map({"first": Int(min=0), "step": Int(min=0)}),
        "spell_book_prizes": ListOf(Int(min=0), min_len=1),
        "empty_book_scores": Bool(),
        "camelot_bonus": Int(min=0),
        "neighbour_bonus": Int(min=0),
        "tile_min_neighbours": Int(min=1, max=6),
        "spells_per_turn": OneOf(Str(choices=("wizards",)), Int(min=1)),
        "government": ListOf(column, min_len=2),
        "options": ListOf(option, min_len=1),
    })


def default_data_dir() -> Path:
    return project_root() / "data" / "somerset"


@lru_cache(maxsize=8)
def load_catalogue(data_dir: Path | None = None) -> Catalogue:
    """Read and check tiles.yaml, spells.yaml, buildings.yaml and game.yaml; DataError names file, line, problem."""
    data_dir = Path(data_dir or default_data_dir())
    game = load_checked(data_dir / "game.yaml", game_schema())
    _check_game(game)
    tiles_doc = load_checked(data_dir / "tiles.yaml", tiles_schema())
    spells_doc = load_checked(data_dir / "spells.yaml", spells_schema())
    buildings_doc = load_checked(data_dir / "buildings.yaml", buildings_schema())
    tiles = _load_tiles(tiles_doc)
    spells = tuple(
        SpellDef(i, sp["id"], sp["name"], sp["buy"], sp["cast"], sp["timing"], sp["text"],
                 _steps(spells_doc, ("spells", i, "effect"), spell=True))
        for i, sp in enumerate(spells_doc.data["spells"])
    )
    _unique(spells_doc, "spells", [s.id for s in spells])
    cards = [buildings_doc.data["residence"]] + list(buildings_doc.data["buildings"])
    places: list[Where] = [("residence",)] + [("buildings", i) for i in range(len(cards) - 1)]
    buildings = tuple(
        BuildingDef(i, c["id"], c["name"], dict(c["cost"]), c["text"], dict(c["ability"]),
                    _steps(buildings_doc, places[i] + ("now",)) if "now" in c else ())
        for i, c in enumerate(cards)
    )
    _unique(buildings_doc, "buildings", [b.id for b in buildings])
    return Catalogue(data_dir, tiles, spells, buildings, game.data, tuple(game.data["options"]))


def _unique(doc: YamlDoc, key: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            raise doc.error((key, i, "id"), Words("the id {id} is used twice", id=repr(ident)))
        seen.add(ident)


def _load_tiles(doc: YamlDoc) -> tuple[TileDef, ...]:
    order = doc.data["road_sides"]
    if sorted(order) != sorted(SIDES):
        raise doc.error(("road_sides",), Words("name each side once: {sides}", sides=', '.join(SIDES)))
    side_of = [SIDES.index(name) for name in order]
    out: list[TileDef] = []
    ids: list[str] = []
    for key, city in (("city_tiles", True), ("country_tiles", False)):
        for i, t in enumerate(doc.data[key]):
            mask = sum(1 << side_of[k] for k, ch in enumerate(t["roads"]) if ch == "1")
            if mask == 0:
                raise doc.error((key, i, "roads"), Words("a tile needs at least one road stub"))
            out.append(TileDef(len(out), t["id"], city, t["name"], t["short"], t.get("label"),
                               dict(t.get("cost", {})), mask, _steps(doc, (key, i, "action"))))
            ids.append(t["id"])
    seen: set[str] = set()
    for tile in out:
        if tile.id in seen:
            key = "city_tiles" if tile.city else "country_tiles"
            index = [t.id for t in out if t.city == tile.city].index(tile.id, 1 if tile.city else 0)
            raise doc.error((key, index, "id"), Words("the id {id} is used twice", id=repr(tile.id)))
        seen.add(tile.id)
    return tuple(out)


def _steps(doc: YamlDoc, where: Where, spell: bool = False) -> tuple[Step, ...]:
    """The steps of an action list, each a one-key mapping checked against its kind's schema."""
    node: Any = doc.data
    for part in where:
        node = node[part]
    steps = []
    for i, item in enumerate(node):
        if len(item) != 1:
            raise doc.error(where + (i,), Words("each step is one 'kind: value' pair"))
        (kind, value), = item.items()
        if kind in SPELL_ONLY and not spell:
            raise doc.error(where + (i, kind), Words("{kind} is a spell's step; tiles and buildings cannot use it",
                                                     kind=repr(kind)))
        STEP_SCHEMAS[kind].check(doc, value, where + (i, kind))
        if kind in ("draw_spells", "draw_buildings") and value["keep"] > value["draw"]:
            raise doc.error(where + (i, kind, "keep"), Words("cannot keep more cards than are drawn"))
        steps.append(Step(kind, value))
    return tuple(steps)


def _check_game(doc: YamlDoc) -> None:
    """Cross-field checks of game.yaml the schema cannot express."""
    cfg = doc.data
    for i, col in enumerate(cfg["government"]):
        if col["column"] != i + 1:
            raise doc.error(("government", i, "column"), Words("columns are numbered 1, 2, ... in order: expected {n}",
                                                               n=i + 1))
    for n in range(cfg["seats"]["min"], cfg["seats"]["max"] + 1):
        if n not in cfg["city_labels_by_seats"]:
            raise doc.error(("city_labels_by_seats",), Words("missing the city tiles for {n} players", n=n))
        if n not in cfg["country_tiles_by_seats"]:
            raise doc.error(("country_tiles_by_seats",), Words("missing the number of country tiles for {n} players",
                                                               n=n))
    ids = [o["id"] for o in cfg["options"]]
    for i, option in enumerate(cfg["options"]):
        values = [c["value"] for c in option["choices"]]
        if option["default"] not in values:
            raise doc.error(("options", i, "default"), Words("the default {default} is not one of the choices",
                                                             default=repr(option['default'])))
    missing = [o for o in OPTION_IDS if o not in ids]
    if missing:
        raise doc.error(("options",), Words("the rules need these options: {missing}", missing=', '.join(missing)))
