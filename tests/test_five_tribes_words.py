"""Player-facing text of the Five Tribes rules is `Words` (issue 12): a refusal, a log line or a score
reason made from values keeps its template and fields, so the screen's t() can translate it."""
from __future__ import annotations

import random
import re

from engine.core.match import Match
from engine.core.words import Words
from games.five_tribes.rules_state import Bid, Build, BuyCard, Drop, Kill, PickUp, Sell, TakeDjinn, UseDjinn
from tests.five_tribes_helpers import rules, seats

VALUES = re.compile(r"\d|Ann|Bob|Cid")  # a number or a seat's name: text made from values


def _near_misses(s, legal):
    """Actions a player might try that are mostly illegal here: each kind with other fields."""
    yield from (PickUp(t) for t in range(s.layout.cells))
    yield from (Drop(t, c) for t in range(0, s.layout.cells, 5) for c in ("vizier", "elder", "assassin"))
    yield from (Bid(spot, f) for spot in range(sum(n for _c, n in s.levels)) for f in (0, 2))
    yield from (Build(f) for f in (0, 3, 9))
    yield from (BuyCard(slot) for slot in range(9))
    yield from (Sell((g,)) for g in ("fish", "ivory", "silk", "spice"))
    yield from (TakeDjinn(d, pay) for d in s.djinn_row if d for pay in (("elder", "elder"), ("elder", "fakir")))
    for a in legal:
        if isinstance(a, Kill):
            yield Kill(a.colours, a.tile, a.seat, a.fakirs + 1)
        if isinstance(a, UseDjinn):
            yield UseDjinn(a.djinn, ("fakir", "fakir", "fakir"), a.tile)
    for d in s.player.djinns:
        yield UseDjinn(d, ("elder",))


def test_refusals_log_lines_and_score_reasons_made_from_values_are_words():
    """Every refusal and log line that holds a number or a name keeps its template; so does every score reason."""
    R = rules()
    seen_refusals = seen_lines = 0
    for seed in (3, 4):
        match = Match(R, seats(3), seed)
        rng = random.Random(seed)
        for _ in range(260):
            if match.finished:
                break
            s = match.state
            legal = match.legal_actions()
            for act in _near_misses(s, legal):
                reason = R.why_illegal(s, act)
                if reason and VALUES.search(reason):
                    assert isinstance(reason, Words), f"{act}: {reason!r}"
                    seen_refusals += 1
            for act in rng.sample(legal, min(3, len(legal))):
                line = R.describe(s, act)
                assert isinstance(line, Words) and "name" in line.fields, f"{act}: {line!r}"
                seen_lines += 1
            match.play(rng.choice(legal), autosave=False)
        for result in R.scorer.score(match.state):
            for key, why in result["why"].items():
                assert isinstance(why, Words), f"{key}: {why!r}"
        for line in R.score_sheet(match.state).details:
            assert isinstance(line, Words) and line.fields, line
    assert seen_refusals > 50 and seen_lines > 100
