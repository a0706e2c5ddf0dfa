"""Final scoring (data/five_tribes/rules.md, "Final scoring"): every category for every seat, with its reasons.

Pure Python. `score(cat, state)` returns, per seat, the points of each category and a line of
words explaining them; the rules turn that into the score sheet.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.five_tribes.catalogue import Catalogue
from games.five_tribes.rules_state import State

CATEGORIES = (
    ("gold", "Gold"),
    ("viziers", "Viziers"),
    ("vizier_bonus", "Vizier majority"),
    ("elders", "Elders"),
    ("djinns", "Djinns"),
    ("palms", "Palm trees"),
    ("palaces", "Palaces"),
    ("tiles", "Tiles"),
    ("cities", "Wondrous Cities"),
    ("merchandise", "Merchandise"),
)


def set_value(values: tuple[int, ...], counts: tuple[int, ...]) -> int:
    """Value of merchandise split into sets of different goods, layer by layer (§1.5)."""
    total = 0
    layer = 1
    while True:
        size = sum(1 for n in counts if n >= layer)
        if size == 0:
            return total
        total += values[size]
        layer += 1


@lru_cache(maxsize=4096)
def best_with_wilds(values: tuple[int, ...], counts: tuple[int, ...], wilds: int) -> int:
    """Best set value when `wilds` extra cards may each be any good (Al-Amin)."""
    counts = tuple(sorted(counts, reverse=True))
    if wilds == 0:
        return set_value(values, counts)
    best = 0
    for i in range(len(counts)):
        if i and counts[i] == counts[i - 1]:
            continue  # the same good count gives the same result
        more = list(counts)
        more[i] += 1
        best = max(best, best_with_wilds(values, tuple(more), wilds - 1))
    return best


def near_lake(state: State, tile: int) -> bool:
    """Whether a tile is one of the (up to) 8 tiles around the Great Lake."""
    lake = state.layout.lake
    if lake < 0:
        return False
    w = state.layout.width
    return max(abs(tile // w - lake // w), abs(tile % w - lake % w)) == 1


class Scorer:
    """Final scoring of §6 for one catalogue: every category for every seat, with its reasons."""

    def __init__(self, cat: Catalogue) -> None:
        self.cat = cat
        self.cfg = cat.config
        self.kinds = {k.id: k for k in cat.tile_kinds}
        self.effect_of = {d.id: d.effect for d in cat.djinns.values()}
        self.params = {d.effect: d.params for d in cat.djinns.values()}
        self.values = tuple(self.cfg["set_values"])

    def score(self, s: State) -> list[dict[str, Any]]:
        """Per seat: {'points': {category: vp}, 'why': {category: words}}."""
        cfg = self.cfg
        cat = self.cat
        n = len(s.players)
        viziers = [p.viziers for p in s.players]
        out = []
        for seat, p in enumerate(s.players):
            has = {self.effect_of[d] for d in p.djinns}
            pts: dict[str, int] = {}
            why: dict[str, str] = {}
            pts["gold"] = 0 if p.gold_hidden else p.gold
            why["gold"] = "hidden from you until the end" if p.gold_hidden else f"{p.gold} gold, 1 point each"
            each = self.params["vizier_value"]["vp_each"] if "vizier_value" in has else cfg["vizier_vp"]
            pts["viziers"] = p.viziers * each
            why["viziers"] = f"{p.viziers} x {each}" + (" (Jafaar)" if "vizier_value" in has else "")
            beaten = sum(1 for o in range(n) if o != seat and viziers[o] < p.viziers)
            pts["vizier_bonus"] = cfg["vizier_majority_bonus"] * beaten
            why["vizier_bonus"] = (f"more Viziers than {beaten} opponent(s), {cfg['vizier_majority_bonus']} each"
                                   if beaten else "no opponent has fewer Viziers")
            each = self.params["elder_value"]["vp_each"] if "elder_value" in has else cfg["elder_vp"]
            pts["elders"] = p.elders * each
            why["elders"] = f"{p.elders} x {each}" + (" (Shamhat)" if "elder_value" in has else "")
            pts["djinns"] = sum(cat.djinns[d].vp for d in p.djinns)
            why["djinns"] = ", ".join(f"{cat.djinns[d].name} {cat.djinns[d].vp}" for d in p.djinns) or "none"
            self._board_rows(s, seat, has, pts, why)
            self._merchandise(p, has, pts, why)
            out.append({"points": pts, "why": why})
        return out

    def _board_rows(self, s: State, seat: int, has: set[str], pts: dict, why: dict) -> None:
        cfg = self.cfg
        mult = cfg["lake_multiplier"]
        haurvatat = "palm_value" in has
        palm_each = self.params["palm_value"]["vp_each"] if haurvatat else cfg["palm_vp"]
        base_only = haurvatat and s.options.get("haurvatat_lake") == "double_base"
        owned = [t for t, o in enumerate(s.owner) if o == seat]
        palms = palaces = palms_lake = palaces_lake = 0
        palm_pts = palace_pts = 0
        vp = cities = 0
        for t in owned:
            kind = self.kinds[s.layout.kinds[t]]
            vp += kind.vp
            cities += kind.type == "city"
            np, nq = s.palms[t], s.palaces[t]
            if not (np or nq):
                continue
            lake = near_lake(s, t)
            palms += np
            palaces += nq
            if lake:
                palms_lake += np
                palaces_lake += nq
                # A9: the lake doubles a palm's whole value; the option doubles only the usual 3
                palm_pts += np * (palm_each + cfg["palm_vp"] * (mult - 1) if base_only else palm_each * mult)
                palace_pts += nq * cfg["palace_vp"] * mult
            else:
                palm_pts += np * palm_each
                palace_pts += nq * cfg["palace_vp"]
        pts["palms"] = palm_pts
        why["palms"] = f"{palms} on your tiles x {palm_each}" + (" (Haurvatat)" if haurvatat else "") + (
            f", {palms_lake} beside the Great Lake count double" if palms_lake else "")
        pts["palaces"] = palace_pts
        why["palaces"] = f"{palaces} on your tiles x {cfg['palace_vp']}" + (
            f", {palaces_lake} beside the Great Lake count double" if palaces_lake else "")
        pts["tiles"] = vp
        why["tiles"] = f"{len(owned)} tiles under your camels, printed values added"
        values = cfg["city_values"]
        pts["cities"] = values[min(cities, len(values) - 1)]
        why["cities"] = f"{cities} Wondrous Cit{'y' if cities == 1 else 'ies'} owned"

    def _merchandise(self, p, has: set[str], pts: dict, why: dict) -> None:
        values = self.values
        counts = tuple(p.goods.values())
        wilds = p.fakirs // self.params["fakirs_wild"]["fakirs_per_wild"] if "fakirs_wild" in has else 0
        pts["merchandise"] = best_with_wilds(values, counts, wilds)
        layers = []
        layer = 1
        while any(n >= layer for n in counts):
            layers.append(sum(1 for n in counts if n >= layer))
            layer += 1
        text = " + ".join(f"a set of {k} ({values[k]})" for k in layers) or "no merchandise"
        if wilds:
            text += f"; Al-Amin turns {wilds * 2} Fakirs into {wilds} goods of your choice"
        why["merchandise"] = text
