"""Whim of the Sultan cards: the condition language of data/five_tribes/whims.yaml.

A condition is plain data from whims.yaml. `validate_whims` checks a whole file at load time
(§2.8 rules 2-7, with the line of each problem); `holds` decides whether one player's holdings
meet a condition (§2.9's reference semantics). Pure Python.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from engine.core.yamlfile import YamlDoc

FORMS = ("all", "any", "count", "pattern")
COLLECTIONS = ("owned_tiles", "palms", "palaces", "viziers", "elders", "djinns", "merchandise", "fakirs")
TILE_COLLECTIONS = ("owned_tiles", "palms", "palaces")
N4 = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass
class Holdings:
    """What one player holds, as the conditions see it (never gold, Whim cards or opponents)."""

    tiles: list[dict[str, Any]]  # attributes of each owned tile (§2.4)
    viziers: int
    elders: int
    fakirs: int
    djinns: list[dict[str, Any]]  # {name, vp, costed}
    goods: dict[str, int]  # merchandise in hand by good
    _cache: dict[str, list] = field(default_factory=dict, repr=False)

    def items(self, collection: str) -> list[dict[str, Any]]:
        hit = self._cache.get(collection)
        if hit is None:
            hit = self._cache[collection] = self._items(collection)
        return hit

    def _items(self, collection: str) -> list[dict[str, Any]]:
        if collection == "owned_tiles":
            return self.tiles
        if collection == "palms":
            return [t for t in self.tiles for _ in range(t["palms"])]
        if collection == "palaces":
            return [t for t in self.tiles for _ in range(t["palaces"])]
        if collection in ("viziers", "elders", "fakirs"):
            return [{}] * getattr(self, collection)
        if collection == "djinns":
            return self.djinns
        if collection == "merchandise":
            return [{"good": g} for g, n in self.goods.items() for _ in range(n)]
        raise ValueError(f"unknown collection {collection!r}")


def matches(item: dict[str, Any], flt: dict[str, Any] | None) -> bool:
    """Whether an item passes every test of a filter (§2.5)."""
    for key, want in (flt or {}).items():
        have = item[key]
        if isinstance(want, dict):
            if have < want["at_least"]:
                return False
        elif isinstance(want, list):
            if have not in want:
                return False
        elif have != want:
            return False
    return True


def holds(h: Holdings, cond: dict[str, Any]) -> bool:
    """Whether the holdings meet the condition (§2.6-2.7)."""
    if "all" in cond:
        return all(holds(h, c) for c in cond["all"])
    if "any" in cond:
        return any(holds(h, c) for c in cond["any"])
    if "count" in cond:
        return count_measure(h, cond) >= cond["at_least"]
    return _pattern(h, cond)


def count_measure(h: Holdings, cond: dict[str, Any]) -> int:
    """What a "count" condition measures of the holdings: how many items match, how many distinct values, or a sum."""
    xs = [a for a in h.items(cond["count"]) if matches(a, cond.get("where"))]
    if "distinct" in cond:
        return len({a[cond["distinct"]] for a in xs})
    if "sum" in cond:
        return sum(a[cond["sum"]] for a in xs)
    return len(xs)


def _cells(h: Holdings, flt: dict[str, Any] | None) -> set[tuple[int, int]]:
    return {(a["row"], a["col"]) for a in h.tiles if matches(a, flt)}


def _pattern(h: Holdings, cond: dict[str, Any]) -> bool:
    kind = cond["pattern"]
    if kind == "line":
        cells, length = _cells(h, cond.get("where")), cond["length"]
        dirs = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if cond.get("diagonal") else [])
        return any(all((r + k * dr, c + k * dc) in cells for k in range(length)) for (r, c) in cells for dr, dc in dirs)
    if kind == "group":
        return largest_group(_cells(h, cond.get("where"))) >= cond["size"]
    if kind == "pair":
        first, second = _cells(h, cond["first"]), _cells(h, cond["second"])
        return any((r + dr, c + dc) in second for (r, c) in first for dr, dc in N4)
    raise ValueError(f"unknown pattern {kind!r}")


def largest_group(cells: set[tuple[int, int]]) -> int:
    """Size of the largest set of cells joined through shared sides."""
    seen: set[tuple[int, int]] = set()
    best = 0
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            r, c = stack.pop()
            size += 1
            for dr, dc in N4:
                nb = (r + dr, c + dc)
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        best = max(best, size)
    return best


# --------------------------------------------------------------------------- load-time checks
@dataclass(frozen=True)
class _Attr:
    """One attribute a filter may test: its kind and, for names, the allowed values."""

    kind: str  # enum | int | bool
    values: tuple = ()


def attributes(tiles: Iterable, djinns: dict, resources: dict) -> dict[str, dict[str, _Attr]]:
    """The attributes each collection's items carry (§2.3-2.4), with their allowed values."""
    types = tuple(sorted({k.type for k in tiles if k.type != "great_lake"}))
    kinds = tuple(sorted({k.kind for k in tiles if k.type != "great_lake"}))
    tile = {
        "type": _Attr("enum", types), "kind": _Attr("enum", kinds), "colour": _Attr("enum", ("blue", "red")),
        "vp": _Attr("int"), "row": _Attr("int"), "col": _Attr("int"), "ring": _Attr("int"),
        "quadrant": _Attr("enum", ("NW", "NE", "SW", "SE")), "near_lake": _Attr("bool"),
        "palms": _Attr("int"), "palaces": _Attr("int"),
    }
    goods = tuple(r.id for r in resources.values() if r.kind == "merchandise")
    names = tuple(d.name for d in djinns.values())
    return {
        "owned_tiles": tile, "palms": tile, "palaces": tile, "viziers": {}, "elders": {}, "fakirs": {},
        "djinns": {"name": _Attr("enum", names), "vp": _Attr("int"), "costed": _Attr("bool")},
        "merchandise": {"good": _Attr("enum", goods)},
    }


def validate_whims(doc: YamlDoc, tiles, djinns, resources) -> None:
    """Refuse a whims.yaml whose cards break §2.8's load-time rules; the error names the line."""
    attrs = attributes(tiles, djinns, resources)
    for i, card in enumerate(doc.data["whims"]):
        if card["reward_gold"] % 5:
            raise doc.error(("whims", i, "reward_gold"), f"{card['reward_gold']} is not a multiple of 5 (rewards are paid in 5-coins)")
        _Checker(doc, attrs).node(card["condition"], ("whims", i, "condition"))


class _Checker:
    """Walks one condition tree and raises at the first node that breaks the grammar (§2.2)."""

    def __init__(self, doc: YamlDoc, attrs: dict[str, dict[str, _Attr]]) -> None:
        self.doc = doc
        self.attrs = attrs

    def fail(self, where: tuple, problem: str):
        return self.doc.error(where, problem)

    def node(self, cond: Any, where: tuple) -> None:
        if not isinstance(cond, dict):
            raise self.fail(where, "a condition is a mapping with one of the keys all, any, count, pattern")
        forms = [k for k in FORMS if k in cond]
        if len(forms) != 1:
            raise self.fail(where, f"a condition has exactly one of all, any, count, pattern (found {', '.join(forms) or 'none'})")
        getattr(self, f"_{forms[0]}")(cond, where)

    def _keys(self, cond: dict, where: tuple, allowed: set[str]) -> None:
        for key in cond:
            if key not in allowed:
                raise self.fail(where, f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})")

    def _all(self, cond: dict, where: tuple) -> None:
        self._list(cond, where, "all")

    def _any(self, cond: dict, where: tuple) -> None:
        self._list(cond, where, "any")

    def _list(self, cond: dict, where: tuple, key: str) -> None:
        self._keys(cond, where, {key})
        items = cond[key]
        if not isinstance(items, list) or not items:
            raise self.fail(where + (key,), f"'{key}' needs a non-empty list of conditions")
        for j, sub in enumerate(items):
            self.node(sub, where + (key, j))

    def _count(self, cond: dict, where: tuple) -> None:
        self._keys(cond, where, {"count", "where", "distinct", "sum", "at_least"})
        coll = cond["count"]
        if coll not in COLLECTIONS:
            raise self.fail(where + ("count",), f"unknown collection {coll!r} (known: {', '.join(COLLECTIONS)})")
        self._positive(cond, where, "at_least", 1)
        if "distinct" in cond and "sum" in cond:
            raise self.fail(where, "give 'distinct' or 'sum', not both")
        known = self.attrs[coll]
        for key in ("distinct", "sum"):
            if key in cond and cond[key] not in known:
                raise self.fail(where + (key,), f"{coll} have no attribute {cond[key]!r}")
        if "sum" in cond and known[cond["sum"]].kind != "int":
            raise self.fail(where + ("sum",), f"'sum' needs a number attribute; {cond['sum']!r} is not one")
        if "where" in cond:
            self.filter(cond["where"], where + ("where",), known, coll)

    def _pattern(self, cond: dict, where: tuple) -> None:
        kind = cond["pattern"]
        tile = self.attrs["owned_tiles"]
        if kind == "line":
            self._keys(cond, where, {"pattern", "length", "diagonal", "where"})
            self._positive(cond, where, "length", 2)
            if "diagonal" in cond and not isinstance(cond["diagonal"], bool):
                raise self.fail(where + ("diagonal",), "'diagonal' is true or false")
        elif kind == "group":
            self._keys(cond, where, {"pattern", "size", "where"})
            self._positive(cond, where, "size", 2)
        elif kind == "pair":
            self._keys(cond, where, {"pattern", "first", "second"})
            for key in ("first", "second"):
                if key not in cond:
                    raise self.fail(where, f"a pair pattern needs '{key}'")
                self.filter(cond[key], where + (key,), tile, "owned_tiles")
            return
        else:
            raise self.fail(where + ("pattern",), f"unknown pattern {kind!r} (known: line, group, pair)")
        if "where" in cond:
            self.filter(cond["where"], where + ("where",), tile, "owned_tiles")

    def _positive(self, cond: dict, where: tuple, key: str, least: int) -> None:
        value = cond.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise self.fail(where + ((key,) if key in cond else ()), f"'{key}' must be a whole number of at least {least}")

    def filter(self, flt: Any, where: tuple, known: dict[str, _Attr], coll: str) -> None:
        if not isinstance(flt, dict) or not flt:
            raise self.fail(where, "a filter is a mapping of attribute: test")
        for key, want in flt.items():
            if key not in known:
                raise self.fail(where, f"{coll} have no attribute {key!r} (they have: {', '.join(known) or 'none'})")
            self._test(known[key], want, where + (key,))

    def _test(self, attr: _Attr, want: Any, where: tuple) -> None:
        if isinstance(want, dict):
            if attr.kind != "int" or set(want) != {"at_least"} or not _is_int(want["at_least"]):
                raise self.fail(where, "{at_least: n} works only on number attributes, with a whole number")
            return
        values = want if isinstance(want, list) else [want]
        if not values:
            raise self.fail(where, "an empty list matches nothing")
        for v in values:
            ok = {"enum": lambda x: x in attr.values, "int": _is_int, "bool": lambda x: isinstance(x, bool)}[attr.kind](v)
            if not ok:
                allowed = ", ".join(map(str, attr.values)) if attr.kind == "enum" else ("a whole number" if attr.kind == "int" else "true or false")
                raise self.fail(where, f"{v!r} is not a valid value here (allowed: {allowed})")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)

