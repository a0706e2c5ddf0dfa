"""The seat colours of data/seats.yaml, as plain data (the screen adds the drawing)."""
from __future__ import annotations

from functools import lru_cache

from engine.core.paths import project_root
from engine.core.schema import ListOf, Map, Str, check
from engine.core.yamlfile import load_yaml

_SCHEMA = Map({"colours": ListOf(Map({"id": Str(), "name": Str(), "rgb": Str(pattern=r"^#[0-9a-fA-F]{6}$", pattern_help="#rrggbb"),
                                      "mark": Str(choices=("dot", "stripes", "cross", "ring", "diamond"))}), min_len=2)})


@lru_cache(maxsize=1)
def seat_colours() -> tuple[dict, ...]:
    doc = load_yaml(project_root() / "data" / "seats.yaml")
    check(doc, _SCHEMA)
    return tuple(doc.data["colours"])


def default_colours() -> list[str]:
    return [c["id"] for c in seat_colours()]
