"""Five Tribes' invariants: what the rules must never allow, checked after every action in tests
and by `python -m engine.simulate` (meeples, cards, Djinns, Whim cards, camels, palms and
palaces conserved; no negative counts; nothing on the Great Lake; markers on one track each).

Pure Python; used by FiveTribesRules.check_invariants.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.five_tribes.rules_state import ELDER, NOBODY, VIZIER, State

if TYPE_CHECKING:
    from games.five_tribes.rules import FiveTribesRules


def invariant_problems(rules: "FiveTribesRules", s: State) -> list[str]:
    """Problems with a state; empty when all is well."""
    problems = []
    whims_tiles = rules.cat.boards[s.layout.board].tile_set == "whims"
    expected = [t.base + (t.whims if whims_tiles else 0) for t in rules.cat.tribes]
    found = [sum(col) for col in zip(s.bag, s.hand, *s.meeples)]
    for p in s.players:
        found[VIZIER] += p.viziers
        found[ELDER] += p.elders
    if found != expected:
        problems.append(f"meeples not conserved: {found} instead of {expected}")
    if min(map(min, s.meeples)) < 0 or min(s.bag) < 0 or min(s.hand) < 0:
        problems.append("a negative meeple count")
    lake = s.layout.lake
    if lake >= 0 and (any(s.meeples[lake]) or s.owner[lake] != NOBODY or s.palms[lake] or s.palaces[lake]):
        problems.append("something stands on the Great Lake")
    cards: dict[str, int] = {}
    for c in s.deck + [c for c in s.row if c is not None] + s.discard:
        cards[c] = cards.get(c, 0) + 1
    for p in s.players:
        cards["fakir"] = cards.get("fakir", 0) + p.fakirs
        for g, n in p.goods.items():
            cards[g] = cards.get(g, 0) + n
    want = {r.id: r.count for r in rules.cat.resources.values()}
    if not s.hidden and {k: v for k, v in cards.items() if v} != want:
        problems.append(f"resource cards not conserved: {sum(cards.values())} of {sum(want.values())}")
    djinns = s.djinn_deck + [d for d in s.djinn_row if d is not None] + s.djinn_discard + s.drawn
    for p in s.players:
        djinns += p.djinns
    if len(djinns) != len(set(djinns)) and not s.hidden:
        problems.append("a Djinn is in two places")
    whims = s.whim_deck + [w for w in s.whim_on if w is not None]
    for p in s.players:
        whims += p.whims + p.whims_done
    if not s.hidden and (len(whims) != len(set(whims)) or len(whims) != (sum(1 for w in rules.cat.whims.values() if not w.artisans_only) if whims_tiles else 0)):
        problems.append(f"Whim cards not conserved: {len(whims)}")
    n = len(s.seats)
    for seat, p in enumerate(s.players):
        if p.gold < 0:
            problems.append(f"seat {seat} has {p.gold} gold")
        if p.fakirs < 0 or p.viziers < 0 or p.elders < 0 or min(p.goods.values(), default=0) < 0:
            problems.append(f"seat {seat} holds a negative count")
        owned = s.owner.count(seat)
        if owned + p.camels != rules.cfg["camels"][n]:
            problems.append(f"seat {seat}'s camels not conserved: {owned} placed, {p.camels} left")
    if sum(s.palms) + s.palms_left != rules.cfg["palms"] or sum(s.palaces) + s.palaces_left != rules.cfg["palaces"]:
        problems.append("palms or palaces not conserved")
    markers = [m for m in s.bid_track if m is not None] + [m for q in s.track for m in q]
    if sorted(markers) != list(range(len(s.marker_seat))):
        problems.append(f"turn markers not each on one track: {markers}")
    for level, queue in enumerate(s.track):
        if len(queue) > s.levels[level][1]:
            problems.append(f"too many markers at price {s.levels[level][0]}")
    if s.phase == "move" and sum(s.hand) == 0:
        problems.append("a move in progress with no meeples in hand")
    sheet = rules.score_sheet(s)
    if not sheet.check_totals():
        problems.append("score sheet totals do not add up")
    if any(v < 0 for row in sheet.rows for v in row.values):
        problems.append("a negative score")
    return problems
