"""Realm of the Desert Sons: scoring completed oases (§5.4, §6) and the score sheet (§8). Pure Python.

A mixin of DesertSonsRules: the toll, the icon claims in height order with
their owners' choices (full caravan, rumor placement), explorers going home,
the turban moving on, and the final value of the goods.
"""
from __future__ import annotations

from typing import Any

from engine.core.rules import ScoreRow, ScoreSheet
from engine.core.words import N_, Words, join, nwords
from games.desert_sons.rules_state import (
    HIDDEN,
    ChooseGood,
    ChooseIcon,
    PayToll,
    PlaceRumor,
    Scoring,
    ScoreOasis,
    State,
    TakeRumor,
)


# The data's names said inside a sentence, in lower case ("took incense", "a camel card"): marked here so the
# extraction finds them (data/desert_sons/tiles.yaml has them capitalised, as labels).
SAID_LOWER = (N_("incense"), N_("myrrh"), N_("salt"), N_("gems"), N_("one water stone"), N_("two water stones"),
              N_("camel card"), N_("rumor"))


class ScoringLogic:
    """Oasis scoring and the score sheet; needs the rules' `cat`, `cfg`, random events and turn end."""

    cat: Any
    cfg: dict[str, Any]
    _rumor_values: tuple[int, ...]

    def good_word(self, good: str) -> Words:
        """A kind of good inside a sentence, a plain noun: 'gems', 'salt'."""
        return Words(self.cat.good_name(good).lower())

    # ---- scoring completed oases (§5.4, §6)
    def _begin_scoring(self, s: State) -> None:
        """End of the turn: every oasis completed by this turn's tiles scores, in an order the player picks."""
        found: list[tuple] = []
        seen: set = set()
        for cell in s.laid:
            for p in range(len(self.part_edges(s.cells[cell]))):
                if (cell, p) in seen or (cell, p) in s.scored_parts:
                    continue
                parts, complete = self._oasis_walk(s, cell, p)  # oasis_parts, sorted only when it scores
                seen.update(parts)
                if complete:
                    found.append(tuple(sorted(parts, key=lambda k: (k[0][1], k[0][0], k[1]))))
        s.pending = found
        self._next_pending(s)

    def _next_pending(self, s: State) -> None:
        if len(s.pending) > 1:
            s.phase = "order"
            s.decider = s.current
        elif s.pending:
            self._start_oasis(s, s.pending.pop())
        else:
            self._turn_end(s)

    def _do_score_oasis(self, s: State, a: ScoreOasis) -> None:
        key = ((a.col, a.row), a.part)
        parts = next(p for p in s.pending if key in p)
        s.pending.remove(parts)
        self._start_oasis(s, parts)

    def _start_oasis(self, s: State, parts: tuple) -> None:
        at = {where: rank for rank, where in s.explorers.items()}
        ranks = [at[k] for k in parts if k in at]
        order = tuple(self.tallest_first(s, ranks))
        icons = [(c, p, i, icon) for c, p in parts for i, icon in enumerate(self.cat.kinds[s.cells[c].kind].parts[p].icons)]
        s.scoring = Scoring(parts, order, list(order), icons, [])
        if len(order) >= 2:  # §6.2: the tallest pays the water toll, or takes no action
            owner = s.owner[order[0]]
            if s.players[owner].water >= self.cfg["costs"]["toll"]:
                s.phase = "toll"
                s.decider = owner
                return
            s.scoring.toll = {"rank": order[0], "seat": owner, "paid": False, "why": Words("had no water")}
            s.scoring.queue.pop(0)
        self._next_claim(s)

    def _do_pay_toll(self, s: State, a: PayToll) -> None:
        sc = s.scoring
        rank = sc.queue[0]  # type: ignore[union-attr]
        owner = s.owner[rank]
        if a.pay:
            cost = self.cfg["costs"]["toll"]
            s.players[owner].water -= cost
            s.water += cost
            sc.toll = {"rank": rank, "seat": owner, "paid": True, "why": ""}  # type: ignore[union-attr]
        else:
            sc.toll = {"rank": rank, "seat": owner, "paid": False, "why": Words("would not pay")}  # type: ignore[union-attr]
            sc.queue.pop(0)  # type: ignore[union-attr]
        self._next_claim(s)

    def _next_claim(self, s: State) -> None:
        """§6.3: in height order each explorer claims a free icon; its owner chooses unless all are alike."""
        sc = s.scoring
        assert sc is not None
        while sc.queue:
            rank = sc.queue[0]
            owner = s.owner[rank]
            if not sc.icons:
                sc.claims.append({"rank": rank, "seat": owner, "icon": None, "result": Words("found no icon left")})
                sc.queue.pop(0)
                continue
            if len({icon for *_, icon in sc.icons}) > 1:
                s.phase = "icon"
                s.decider = owner
                return
            self._claim(s, sc.icons[0])
            if s.phase in ("good", "rumor", "rumor_take"):
                return
        self._finish_oasis(s)

    def _do_choose_icon(self, s: State, a: ChooseIcon) -> None:
        sc = s.scoring
        entry = next(e for e in sc.icons if e[:3] == ((a.col, a.row), a.part, a.index))  # type: ignore[union-attr]
        self._claim(s, entry)
        if s.phase not in ("good", "rumor", "rumor_take"):
            self._next_claim(s)

    def _claim(self, s: State, entry: tuple) -> None:
        """The explorer at the head of the queue takes this icon and its owner carries it out (§6.1)."""
        sc = s.scoring
        assert sc is not None
        sc.icons.remove(entry)
        rank = sc.queue.pop(0)
        seat = s.owner[rank]
        player = s.players[seat]
        icon = self.cat.icons[entry[3]]
        claim = {"rank": rank, "seat": seat, "icon": icon.id, "result": ""}
        sc.claims.append(claim)
        s.phase = "claiming"
        s.decider = seat
        if icon.action == "water":
            got = min(icon.amount, s.water)
            s.water -= got
            player.water += got
            claim["result"] = (Words("took {stones}", stones=nwords("{n} water stone", "{n} water stones", got)) if got
                               else Words("found the water supply empty"))
        elif icon.action == "camel":
            if s.camel_cards:
                s.camel_cards -= 1
                player.camel_cards += 1
                claim["result"] = Words("took a camel card (+{n} load spaces)", n=self.cfg["camel_card_spaces"])
            else:
                claim["result"] = Words("found no camel card left")
        elif icon.action == "good":
            good = icon.good
            name = self.good_word(good)  # type: ignore[arg-type]
            if not s.goods[good]:
                claim["result"] = Words("found no {good} left", good=name)
            elif len(player.goods) < self.capacity(s, seat):
                s.goods[good] -= 1
                player.goods.append(good)  # type: ignore[arg-type]
                claim["result"] = Words("loaded {good}", good=name)
            else:
                s.good_wait = good
                if len(self._good_drops(s)) == 1:  # only goods of this kind aboard: nothing to swap
                    s.good_wait = None
                    claim["result"] = Words("had no room and left the {good}", good=name)
                else:
                    s.phase = "good"
        elif icon.action == "rumor":
            if s.rumor_pile:
                tile = s.rumor_pile.pop(self._rng(s).randrange(len(s.rumor_pile)))
                s.rumor_hand = tile
                s.notices.append({"type": "rumor_drawn", "seat": seat, "private": seat, "tile": tile,
                                  "value": self._rumor_values[tile]})
                free = self._rumor_free(s)
                if len(free) == 1:
                    self._put_rumor(s, free[0])
                else:
                    s.phase = N_("rumor")
            elif any(s.rumor_slots.values()):
                s.phase = "rumor_take"
            else:
                claim["result"] = Words("found no rumor tile")

    def _do_choose_good(self, s: State, a: ChooseGood) -> None:
        player = s.players[s.decider]
        good = s.good_wait
        name = self.good_word(good)  # type: ignore[arg-type]
        if a.drop == "new":
            self._result(s, Words("had no room and left the {good}", good=name))
        else:
            player.goods.remove(a.drop)
            s.goods[a.drop] += 1
            s.goods[good] -= 1  # type: ignore[index]
            player.goods.append(good)  # type: ignore[arg-type]
            self._result(s, Words("threw away {old} and loaded {good}", old=self.good_word(a.drop), good=name))
        s.good_wait = None
        self._next_claim(s)

    @staticmethod
    def _result(s: State, text: Words) -> None:
        """Say how the last claim of the oasis being scored turned out (a new dict: states share the old one)."""
        claims = s.scoring.claims  # type: ignore[union-attr]
        claims[-1] = {**claims[-1], "result": text}

    def _do_place_rumor(self, s: State, a: PlaceRumor) -> None:
        self._put_rumor(s, a.good)
        self._next_claim(s)

    def _put_rumor(self, s: State, good: str) -> None:
        seat = s.decider
        s.rumor_slots[good].append((s.rumor_hand, seat, frozenset({seat})))  # type: ignore[arg-type]
        s.rumor_hand = None
        self._result(s, Words("placed a rumor on {good}", good=self.good_word(good)))
        s.notices.append({"type": "rumor_placed", "seat": seat, "good": good})
        s.phase = "claiming"

    def _do_take_rumor(self, s: State, a: TakeRumor) -> None:
        tile, _placer, _seen = s.rumor_slots[a.good].pop(a.slot)
        s.rumor_pile.append(tile)  # the pile is face down and drawn at random: it is shuffled
        s.chance += 1  # the taker may look at it: undo stops here
        s.notices.append({"type": "rumor_taken", "seat": s.decider, "private": s.decider, "good": a.good,
                          "tile": tile, "value": self._rumor_values[tile]})
        self._result(s, Words("took a rumor off {good}", good=self.good_word(a.good)))
        self._next_claim(s)

    def _finish_oasis(self, s: State) -> None:
        """§6.4-6.5: explorers go home; the turban moves on if its wearer took part."""
        sc = s.scoring
        assert sc is not None
        n = len(s.seats)
        for rank in sc.explorers:
            del s.explorers[rank]
            s.players[s.owner[rank]].supply.append(rank)
        turban = None
        if s.turban in sc.explorers:
            old = s.owner[s.turban]
            new = (old + 1) % n
            player = s.players[new]
            pool = player.supply or [r for r in player.ranks if r in s.explorers]
            s.turban = max(pool)
            turban = {"from": old, "to": new, "rank": s.turban}
        account = {
            "type": "oasis",
            "parts": sc.parts,
            "cells": sorted({c for c, _ in sc.parts}, key=lambda c: (c[1], c[0])),
            "explorers": [(r, s.owner[r]) for r in sc.explorers],
            "toll": sc.toll,
            "claims": sc.claims,
            "turban": turban,
            "turn": s.turn,
        }
        s.accounts.append(account)
        s.notices.append(account)
        s.scored_parts = s.scored_parts | frozenset(sc.parts)
        s.scoring = None
        s.decider = s.current
        self._next_pending(s)

    # ------------------------------------------------------------------ score sheet (§8)
    def score_sheet(self, s: State, details: bool = True) -> ScoreSheet:
        """Goods times their value per kind. Call it on a seat's view during the game: rumors it has not
        seen then count 0 and are named in the details (`details=False`: rows and totals only)."""
        names = [seat.name for seat in s.seats]
        rows, lines = [], []
        totals = [0] * len(s.seats)
        for good in self.cat.goods:
            value, unknown = self.good_value(s, good)
            points = [p.goods.count(good) * value for p in s.players]
            for i, v in enumerate(points):
                totals[i] += v
            name = Words(self.cat.good_name(good))
            if unknown:  # issue 13: the rumor board's "=4?" keeps its "?" on the sheet
                note = Words("{value} each, or another value: {rumors} face down", value=value,
                             rumors=nwords("{n} rumor", "{n} rumors", unknown))
                label = Words("{good} ({value}? each)", good=name, value=value)
            else:
                note = Words("{value} each", value=value)
                label = Words("{good} ({value} each)", good=name, value=value)
            rows.append(ScoreRow(label, points, note))
            if details:
                lines.append(self._value_line(s, good, value, unknown))
        if details:
            for i, p in enumerate(s.players):
                carried = [Words("{good} ×{n}", n=p.goods.count(g), good=self.good_word(g))
                           for g in self.cat.goods if g in p.goods]
                lines.append(Words("{who}: {goods} = {points}; {water}.", who=names[i],
                                   goods=join(carried, ", ") if carried else Words("no goods"), points=totals[i],
                                   water=nwords("{n} water stone", "{n} water stones", p.water)))
            for acc in s.accounts:
                lines.append(self.describe_oasis(s, acc))
        key = {i: (totals[i], s.players[i].water) for i in range(len(s.seats))}
        ranking = sorted(range(len(s.seats)), key=lambda i: key[i], reverse=True)
        return ScoreSheet(
            seats=names,
            rows=rows,
            totals=totals,
            ranking=ranking,
            tie_break=Words("Ties go to more water stones; still equal, the win is shared."),
            details=lines,
            final=s.phase == "over",
        )

    def _value_line(self, s: State, good: str, value: int, unknown: int) -> Words:
        """'Myrrh is worth 4 - 2 = 2 (rumors: -2 placed by Ann).' as far as the state shows the rumors."""
        base = self.cfg["good_base_value"]
        name = Words(self.cat.good_name(good))
        sums = [str(base)]
        why = []
        for tile, placer, _seen in s.rumor_slots[good]:
            who = s.seats[placer].name
            if tile == HIDDEN:
                why.append(Words("a face-down rumor placed by {who}", who=who))
                continue
            v = self._rumor_values[tile]
            sums.append(("+ " if v >= 0 else "- ") + str(abs(v)))
            why.append(Words("{v:+d} placed by {who}", v=v, who=who))
        if not why:
            return Words("{good} is worth {value} (no rumors).", good=name, value=value)
        if len(sums) == 1:
            return Words("{good} is worth {value} (rumors: {why}).", good=name, value=value, why=join(why, ", "))
        return Words("{good} is worth {sum} = {value} (rumors: {why}).", good=name, sum=" ".join(sums), value=value,
                     why=join(why, ", "))

    def winners(self, s: State) -> list[int]:
        sheet = self.score_sheet(s)
        key = lambda i: (sheet.totals[i], s.players[i].water)  # noqa: E731
        best = key(sheet.ranking[0])
        return [i for i in sheet.ranking if key(i) == best]

    def icon_phrase(self, icon: str) -> Words:
        """An icon as a log line names it: 'incense', 'one water stone', 'a camel card', 'a rumor'."""
        spec = self.cat.icons[icon]
        name = Words(spec.name.lower())
        return Words("a {icon}", icon=name) if spec.action in ("camel", "rumor") else name

    def describe_oasis(self, s: State, acc: dict) -> Words:
        """An oasis account in words."""
        names = [seat.name for seat in s.seats]
        head = Words("Oasis of {tiles}", tiles=nwords("{n} tile", "{n} tiles", len(acc["cells"])))
        if not acc["explorers"]:
            return Words("{oasis}: no explorers, its icons are lost.", oasis=head)
        bits = []
        toll = acc["toll"]
        if toll:
            if toll["paid"]:
                bits.append(Words("{who} paid the toll for the explorer of rank {rank}", who=names[toll["seat"]],
                                  rank=toll["rank"]))
            else:
                bits.append(Words("{who}'s explorer of rank {rank} {why} and took no action", who=names[toll["seat"]],
                                  rank=toll["rank"], why=toll["why"]))
        for c in acc["claims"]:
            who, rank = names[c["seat"]], c["rank"]
            if c["icon"]:
                bits.append(Words("{who} (rank {rank}) claimed {icon} and {result}", who=who, rank=rank,
                                  icon=self.icon_phrase(c["icon"]), result=c["result"]))
            else:
                bits.append(Words("{who} (rank {rank}) {result}", who=who, rank=rank, result=c["result"]))
        if acc["turban"]:
            t = acc["turban"]
            bits.append(Words("the turban passed to {who} (rank {rank})", who=names[t["to"]], rank=t["rank"]))
        return Words("{oasis}: {bits}.", oasis=head, bits=join(bits, "; "))
