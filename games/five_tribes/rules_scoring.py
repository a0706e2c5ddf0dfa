"""Final scoring (data/five_tribes/rules.md, "Final scoring"): every category for every seat, with its reasons.

Pure Python. `score(cat, state)` returns, per seat, the points of each category and a line of
words explaining them; the rules turn that into the score sheet.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.words import N_, Words, join
from games.five_tribes.catalogue import Catalogue
from games.five_tribes.rules_state import State

CATEGORIES = (
    ("gold", N_("Gold")),
    ("viziers", N_("Viziers")),
    ("vizier_bonus", N_("Vizier majority")),
    ("elders", N_("Elders")),
    ("djinns", N_("Djinns")),
    ("palms", N_("Palm trees")),
    ("palaces", N_("Palaces")),
    ("tiles", N_("Tiles")),
    ("cities", N_("Wondrous Cities")),
    ("merchandise", N_("Merchandise")),
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


def _points(n: int) -> Words:
    return Words("1 point") if n == 1 else Words("{n} points", n=n)


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

    @lru_cache(maxsize=1)
    def row_notes(self) -> dict[str, Words]:
        """What each row of the score sheet counts, with the values of game.yaml and djinns.yaml."""
        cfg = self.cfg
        p = self.params

        def each(n: int, noun: str, djinn_effect: str) -> Words:
            better = Words("{n} with {djinn}", n=p[djinn_effect]["vp_each"], djinn=self._djinn_named(djinn_effect))
            return Words("{points} per {noun} ({better}).", points=_points(n), noun=Words(noun), better=better)
        cities = [v for v in cfg["city_values"][1:]]
        return {
            "gold": Words("1 point per gold coin."),
            "viziers": each(cfg["vizier_vp"], "Vizier", "vizier_value"),
            "vizier_bonus": Words("{points} for each opponent with fewer Viziers.",
                                  points=_points(cfg["vizier_majority_bonus"])),
            "elders": each(cfg["elder_vp"], "Elder", "elder_value"),
            "djinns": Words("The value printed on each Djinn."),
            "palms": Words("{points} per palm on your tiles ({more} with {djinn}); doubled beside the Great Lake.",
                           points=_points(cfg["palm_vp"]), more=p["palm_value"]["vp_each"],
                           djinn=self._djinn_named("palm_value")),
            "palaces": Words("{points} per palace on your tiles; doubled beside the Great Lake.",
                             points=_points(cfg["palace_vp"])),
            "tiles": Words("The value printed on each tile under your camels."),
            "cities": Words("{values} points for 1 to {n} Wondrous Cities.",
                            values=Words("{a} or {b}", a=", ".join(map(str, cities[:-1])), b=cities[-1]), n=len(cities)),
            "merchandise": Words("Each set of different goods: {values} for 1 to {n} kinds.",
                                 values=", ".join(map(str, self.values[1:])), n=len(self.values) - 1),
        }

    def score(self, s: State) -> list[dict[str, Any]]:
        """Per seat: {'points': {category: vp}, 'why': {category: words}, 'brief': {category: words}}.

        'why' explains the points in full; 'brief' says the same in a few words where the full
        reason is long (a list of many Djinns), for a cell of the score sheet.
        """
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
            why["gold"] = Words("hidden until the end") if p.gold_hidden else Words("{n} gold", n=p.gold)
            pts["viziers"], why["viziers"] = self._each(p.viziers, "vizier_value", "vizier_vp", has)
            beaten = sum(1 for o in range(n) if o != seat and viziers[o] < p.viziers)
            bonus = cfg["vizier_majority_bonus"]
            pts["vizier_bonus"] = bonus * beaten
            why["vizier_bonus"] = (Words("more than {n} opponents, {bonus} each", n=beaten, bonus=bonus) if beaten > 1
                                   else Words("more than 1 opponent") if beaten else Words("no opponent has fewer"))
            pts["elders"], why["elders"] = self._each(p.elders, "elder_value", "elder_vp", has)
            pts["djinns"] = sum(cat.djinns[d].vp for d in p.djinns)
            why["djinns"] = join([Words("{name} {vp}", name=cat.djinns[d].name, vp=cat.djinns[d].vp)
                                  for d in p.djinns], ", ") if p.djinns else Words("none")
            brief: dict[str, str] = {}
            if len(p.djinns) > 2:
                brief["djinns"] = Words("{n} Djinns: {values}", n=len(p.djinns),
                                        values=" + ".join(str(cat.djinns[d].vp) for d in p.djinns))
            self._board_rows(s, seat, has, pts, why)
            self._merchandise(p, has, pts, why, brief)
            out.append({"points": pts, "why": why, "brief": {**why, **brief}})
        return out

    def _each(self, count: int, effect: str, usual: str, has: set[str]) -> tuple[int, Words]:
        """Points of meeples kept (Viziers, Elders): the usual value each, or the Djinn's that changes it."""
        if effect in has:
            each = self.params[effect]["vp_each"]
            djinn = next(d.name for d in self.cat.djinns.values() if d.effect == effect)
            return count * each, Words("{n} x {each} ({djinn})", n=count, each=each, djinn=djinn)
        each = self.cfg[usual]
        return count * each, Words("{n} x {each}", n=count, each=each)

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
        each = (Words("{each} ({djinn})", each=palm_each, djinn=self._djinn_named("palm_value")) if haurvatat
                else palm_each)
        why["palms"] = self._placed(palms, each, palms_lake)
        pts["palaces"] = palace_pts
        why["palaces"] = self._placed(palaces, cfg["palace_vp"], palaces_lake)
        pts["tiles"] = vp
        why["tiles"] = Words("1 tile") if len(owned) == 1 else Words("{n} tiles", n=len(owned))
        values = cfg["city_values"]
        pts["cities"] = values[min(cities, len(values) - 1)]
        why["cities"] = Words("1 city") if cities == 1 else Words("{n} cities", n=cities)

    @staticmethod
    def _placed(count: int, each: Any, by_lake: int) -> Words:
        """Palms or palaces on the seat's tiles: how many, at how much each, how many doubled by the lake."""
        if by_lake:
            return Words("{n} x {each}, {lake} by the lake doubled", n=count, each=each, lake=by_lake)
        return Words("{n} x {each}", n=count, each=each)

    def _djinn_named(self, effect: str) -> str:
        return next(d.name for d in self.cat.djinns.values() if d.effect == effect)

    def _merchandise(self, p, has: set[str], pts: dict, why: dict, brief: dict) -> None:
        values = self.values
        counts = tuple(p.goods.values())
        per_wild = self.params["fakirs_wild"]["fakirs_per_wild"]
        wilds = p.fakirs // per_wild if "fakirs_wild" in has else 0
        pts["merchandise"] = best_with_wilds(values, counts, wilds)
        layers = []
        layer = 1
        while any(n >= layer for n in counts):
            layers.append(sum(1 for n in counts if n >= layer))
            layer += 1
        sets = join([Words("a set of {k} ({vp})", k=k, vp=values[k]) for k in layers], " + ") if layers else Words(
            "no merchandise")
        if not wilds:
            why["merchandise"] = sets
            return
        djinn = self._djinn_named("fakirs_wild")
        why["merchandise"] = Words("{sets}; {djinn} turns {fakirs} Fakirs into {n} goods of your choice", sets=sets,
                                   djinn=djinn, fakirs=wilds * per_wild, n=wilds)
        sizes = " + ".join(str(k) for k in layers) or "0"
        brief["merchandise"] = Words("sets of {sizes}; {djinn}: +{n} goods", sizes=sizes, djinn=djinn, n=wilds)
