"""Bidding for turn order (data/five_tribes/rules.md, "Bidding for turn order"): the turn-order track and its queues.

The track is a list of price levels, dearest first. A level with more than one spot is a queue:
the newest bid lands on its front spot and pushes the markers already there one spot back, so
within a level the last to bid plays first (base 0s; Whims' pairs on 1, 3 and 5). Spots are
numbered in play order, 0 = plays first. Pure Python; mixed into FiveTribesRules.
"""
from __future__ import annotations

from engine.core.words import N_, Words
from games.five_tribes.rules_state import Bid, State
from games.five_tribes.rules_words import counted

_BIDS: dict[tuple[int, int], Bid] = {}  # bids are immutable values: each (spot, fakirs) made once


class Bidding:
    """Turn-order track queries and the Bid action."""

    # ------------------------------------------------------------------ the track
    @staticmethod
    def level_starts(s: State) -> list[int]:
        """The spot number of each level's front spot."""
        starts, at = [], 0
        for _cost, spots in s.levels:
            starts.append(at)
            at += spots
        return starts

    def spot_level(self, s: State, spot: int) -> tuple[int, int] | None:
        """(level, place within the level from the front) of a spot, or None if no such spot."""
        for level, start in enumerate(self.level_starts(s)):
            if start <= spot < start + s.levels[level][1]:
                return level, spot - start
        return None

    def track_spots(self, s: State) -> list[tuple[int, int | None]]:
        """Every spot of the turn-order track in play order: (price, marker on it or None)."""
        out: list[tuple[int, int | None]] = []
        for level, (cost, spots) in enumerate(s.levels):
            queue = s.track[level]
            for place in range(spots):
                out.append((cost, queue[len(queue) - 1 - place] if place < len(queue) else None))
        return out

    def spot_is_our_choice(self, s: State, spot: int) -> bool:
        """Whether this edition chose the spot's price (game.yaml marks it our_choice): the rulebook does not show it."""
        found = self.spot_level(s, spot)
        if found is None:
            return False
        for track in self.cfg["turn_tracks"].values():
            if tuple((level["cost"], level["spots"]) for level in track) == tuple(s.levels):
                return bool(track[found[0]].get("our_choice", False))
        return False

    def landing_spot(self, s: State, spot: int) -> int | None:
        """Where a marker dropped on `spot` lands: the front spot of that spot's level, if it has room."""
        found = self.spot_level(s, spot)
        if found is None:
            return None
        level, _ = found
        if len(s.track[level]) >= s.levels[level][1]:
            return None
        return self.level_starts(s)[level]

    @staticmethod
    def play_order(s: State) -> list[int]:
        """Markers in the order they play: dearest level first, within a level the last bid first."""
        return [m for queue in s.track for m in reversed(queue)]

    def price(self, s: State, level: int, fakirs: int) -> int:
        """What a bid on `level` costs after Kumarbi lowers it by `fakirs` price steps (A7)."""
        return s.levels[min(level + fakirs, len(s.levels) - 1)][0]

    def _kumarbi_fakirs(self, s: State) -> int:
        """How many Fakirs the bidder could discard through Kumarbi now (0 without it)."""
        seat = s.seat
        if not self.can_use_effect(s, seat, "cheaper_bid"):
            return 0
        return s.players[seat].fakirs

    def bids(self, s: State) -> list[Bid]:
        """Every legal bid of the marker bidding now."""
        gold = s.player.gold
        most = self._kumarbi_fakirs(s)
        starts = self.level_starts(s)
        last = len(s.levels) - 1
        out = []
        for level, (_cost, spots) in enumerate(s.levels):
            if len(s.track[level]) >= spots:
                continue
            for fakirs in range(0, min(most, last - level) + 1):
                if self.price(s, level, fakirs) <= gold:
                    key = (starts[level], fakirs)
                    bid = _BIDS.get(key)
                    if bid is None:
                        bid = _BIDS[key] = Bid(*key)
                    out.append(bid)
        if not out:
            out.append(Bid(starts[self._cheapest_open(s)], 0))  # A13: all you have, on the cheapest open spot
        return out

    def _cheapest_open(self, s: State) -> int:
        return max(level for level, (_c, spots) in enumerate(s.levels) if len(s.track[level]) < spots)

    def _affordable(self, s: State) -> bool:
        """Whether the bidder can pay for at least one open spot (else A13's rule applies)."""
        gold = s.player.gold
        most = self._kumarbi_fakirs(s)
        for level, (_c, spots) in enumerate(s.levels):
            if len(s.track[level]) < spots and self.price(s, level, min(most, len(s.levels) - 1 - level)) <= gold:
                return True
        return False

    def _why_bid(self, s: State, a: Bid) -> str | None:
        found = self.spot_level(s, a.spot) if isinstance(a.spot, int) else None
        if found is None:
            return N_("That is not a spot of the turn-order track.")
        level, place = found
        cost, spots = s.levels[level]
        queue = s.track[level]
        if len(queue) >= spots:
            if spots == 1:
                return N_("That spot is taken.")
            return Words("All {n} spots at {cost} gold are taken.", n=spots, cost=cost)
        if place != 0:
            if not queue:
                return Words("A bid of {cost} goes on the front {cost} spot.", cost=cost)
            return counted(len(queue), "A bid of {cost} goes on the front {cost} spot; the marker already there moves "
                           "one spot back.", "A bid of {cost} goes on the front {cost} spot; the markers already there "
                           "move one spot back.", cost=cost)
        player = s.player
        if not isinstance(a.fakirs, int) or a.fakirs < 0:
            return N_("The number of Fakirs must be zero or more.")
        if a.fakirs:
            if not self.has_effect(s, s.seat, "cheaper_bid"):
                return Words("Only {djinn} lets you pay for a bid with Fakirs.",
                             djinn=self.cat.djinns[self.djinn_with("cheaper_bid")].name)
            if not self.can_use_effect(s, s.seat, "cheaper_bid"):
                return Words("You have already used {djinn} this round.",
                             djinn=self.cat.djinns[self.djinn_with("cheaper_bid")].name)
            if a.fakirs > player.fakirs:
                return counted(player.fakirs, "You have only 1 Fakir.", "You have only {n} Fakirs.")
            if level + a.fakirs > len(s.levels) - 1:
                return N_("That many Fakirs would lower the price below nothing.")
        price = self.price(s, level, a.fakirs)
        if price > player.gold:
            if not self._affordable(s) and level == self._cheapest_open(s) and a.fakirs == 0:
                return None  # A13: nothing is affordable, so the cheapest open spot takes all your gold
            return Words("That spot costs {cost} gold; you have {gold}.", cost=price, gold=player.gold)
        return None

    def _do_bid(self, s: State, a: Bid) -> None:
        level, _ = self.spot_level(s, a.spot)
        seat = s.seat
        player = s.players[seat]
        price = min(self.price(s, level, a.fakirs), player.gold)
        if a.fakirs:
            self._spend(s, seat, ("fakir",) * a.fakirs)
            player.used.append(self.djinn_with("cheaper_bid"))
        player.gold -= price
        pushed = list(s.track[level])
        s.track[level].append(s.marker)
        s.bid_track[s.bid_track.index(s.marker)] = None
        s.notices.append({"type": "bid", "seat": seat, "marker": s.marker, "cost": s.levels[level][0], "paid": price})
        for other in pushed:
            if s.marker_seat[other] != seat:
                self._trigger(s, "push_gold", seat, only=(seat,))
                self._trigger(s, "push_gold", seat, only=(s.marker_seat[other],))
        waiting = [m for m in s.bid_track if m is not None]
        if waiting:
            s.marker = waiting[0]
        else:
            self._start_play(s)
