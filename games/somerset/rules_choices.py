"""Somerset: the choices inside an action (government, resources, upgrades, hiring, cards kept, road pieces,
trades and the spells' own choices): what is offered, why a choice is refused, what it does. Pure Python;
mixed into the rules class, with the steps of rules_effects.py."""
from __future__ import annotations

from engine.core.rules import Action
from engine.core.words import Words
from games.somerset.catalogue import BASIC
from games.somerset.rules_effects import EffectsLogic
from games.somerset.rules_map import MapLogic, edge4, key_of
from games.somerset.rules_state import (
    DONE,
    ChooseResource, Dispel, Government, Hire, KeepCard, Mirror, Piece, PlaceRoad, State, Stride, Task, TimeWarp,
    Trade, Upgrade, Worker,
)


class ChoicesLogic(MapLogic, EffectsLogic):
    """The pending choices of the rules class (it gives `cat`, `cfg` and the map and step helpers)."""

    def _legal_choose(self, s: State) -> list[Action]:
        return [ChooseResource(r) for r in BASIC]

    def _legal_waive(self, s: State) -> list[Action]:
        return [ChooseResource(r) for r in self.waive_options(s, s.current)]

    def _legal_pay(self, s: State) -> list[Action]:
        return [ChooseResource(r) for r in BASIC if s.players[s.current].res[r] > 0]

    def _legal_workshop(self, s: State) -> list[Action]:
        return [ChooseResource(r) for r in s.task.value]  # type: ignore[union-attr]

    def _legal_government(self, s: State) -> list[Action]:
        return [Government(c, b) for c, b in self.gov_choices(s, s.current, s.task.value)]  # type: ignore[union-attr]

    def _legal_upgrade(self, s: State) -> list[Action]:
        return [Upgrade(i) for i in self.upgradable(s, s.current, s.task.value)] + [DONE]  # type: ignore[union-attr]

    def _legal_hire(self, s: State) -> list[Action]:
        return [Hire(c[0], c[1]) for c in self.hire_spots(s, s.current, s.task)]  # type: ignore[arg-type]

    def _legal_keep(self, s: State) -> list[Action]:
        return [KeepCard(c) for c in sorted(set(s.drawn))]

    def _legal_roads(self, s: State) -> list[Action]:
        out: list[Action] = [PlaceRoad(edge4(k), b, None if m is None else edge4(m))
                             for k, b, m in self.legal_pieces(s, s.current)]
        return out + [DONE]

    def _legal_trade(self, s: State) -> list[Action]:
        acts: list[Action] = [Trade(g, t) for g, t in self.trades(s, s.current, s.task.value)]  # type: ignore[union-attr]
        return acts + [DONE]

    def _legal_stride(self, s: State) -> list[Action]:
        return [Stride(-1), Stride(1)]

    def _legal_mirror(self, s: State) -> list[Action]:
        return [Mirror(c[0], c[1]) for c in self.mirror_spots(s)] + [DONE]

    def _legal_dispel(self, s: State) -> list[Action]:
        return [Dispel(edge4(x.edge)) for x in s.pieces if x.barricade]

    def _legal_time_warp(self, s: State) -> list[Action]:
        return [TimeWarp(i) for i in self.warpable(s, s.current)]

    def _why_government(self, s: State, a: Government) -> str | None:
        if (a.column, a.benefit) in self.gov_choices(s, s.current, s.task.value):  # type: ignore[union-attr]
            return None
        g = s.players[s.current].gov
        if a.column == g + 1 and s.task.value == "normal":  # type: ignore[union-attr]
            return Words("You cannot pay the fee to advance.")
        if a.column > g + 1 or a.column < 1:
            return Words("Advance one column at a time, or activate a column you have reached.")
        if s.task.value == "free_advance":  # type: ignore[union-attr]
            return Words("The Sheriff's Keep advances your marker one column.")
        if a.benefit == "cast" and self.cfg["government"][a.column - 1]["free_cast"] == "or":
            if self.wizards(s, s.current) == 0:
                return Words("You need a wizard to cast spells.")
            return Words("No spell of your book could be cast now.")
        return Words("That column offers no such benefit.")

    def _why_choose_resource(self, s: State, a: ChooseResource) -> str | None:
        if ChooseResource(a.resource) in getattr(self, "_legal_" + s.phase)(s):
            return None
        known = a.resource in self.cfg["resource_names"]
        return Words("You cannot choose {res} here.",
                     res=Words(self.cat.resource_name(a.resource)) if known else Words(a.resource))

    def _why_upgrade(self, s: State, a: Upgrade) -> str | None:
        bad = self._worker(s, a.worker)
        if bad:
            return bad
        if a.worker not in self.upgradable(s, s.current, s.task.value):  # type: ignore[union-attr]
            if s.workers[a.worker].kind == "wizard":
                return Words("A wizard cannot be upgraded further.")
            return Words("You cannot pay for that upgrade here.")
        return None

    def _why_hire(self, s: State, a: Hire) -> str | None:
        if (a.q, a.r) not in self.hire_spots(s, s.current, s.task):  # type: ignore[arg-type]
            return Words("The new peasant cannot go there.")
        return None

    def _why_keep_card(self, s: State, a: KeepCard) -> str | None:
        if a.card not in s.drawn:
            return Words("Keep one of the cards you have drawn.")
        return None

    def _why_place_road(self, s: State, a: PlaceRoad) -> str | None:
        moved = None
        if a.moved is not None:
            moved = key_of(a.moved)
            if moved is None:
                return Words("You have no road piece on that edge to pick up.")
        return self.why_not_piece(s, s.current, key_of(a.edge), a.barricade, moved)

    def _why_trade(self, s: State, a: Trade) -> str | None:
        if (a.give, a.take) in self.trades(s, s.current, s.task.value):  # type: ignore[union-attr]
            return None
        return Words("That trade is not possible here.")

    def _why_dispel(self, s: State, a: Dispel) -> str | None:
        key = key_of(a.edge)
        if key is None or not any(x.barricade and x.edge == key for x in s.pieces):
            return Words("There is no barricade on that edge.")
        return None

    def _why_stride(self, s: State, a: Stride) -> str | None:
        return None if a.delta in (-1, 1) else Words("Stride adds or takes away one step.")

    def _why_mirror(self, s: State, a: Mirror) -> str | None:
        if (a.q, a.r) not in self.mirror_spots(s):
            return Words("Choose a tile beside your worker whose action is unused this round.")
        return None

    def _why_time_warp(self, s: State, a: TimeWarp) -> str | None:
        if a.worker not in self.warpable(s, s.current):
            return Words("Choose another of your workers that is lying down.")
        return None

    def _do_government(self, s: State, a: Government) -> None:
        self.take_government(s, s.current, a.column, a.benefit, s.task.value)  # type: ignore[union-attr]

    def _do_choose_resource(self, s: State, a: ChooseResource) -> None:
        seat = s.current
        if s.phase == "choose":
            self.gain(s, seat, {a.resource: 1})
            self.use_one(s)
        elif s.phase == "workshop":
            self.gain(s, seat, {a.resource: self.ability(s, seat, "workshop")})
            s.received = frozenset()
            self.step_done(s)
        elif s.phase == "pay":
            self.pay(s, seat, {a.resource: 1})
            self.use_one(s)
        else:  # waive: this resource is not paid
            left = dict(s.paying or {})
            left[a.resource] -= 1
            k = s.task.left - 1  # type: ignore[union-attr]
            s.task = None
            self._waive_on(s, seat, left, k)
            if s.task is None:
                self.run(s)

    def _do_upgrade(self, s: State, a: Upgrade) -> None:
        seat = s.current
        spec = s.task.value  # type: ignore[union-attr]
        w = s.workers[a.worker]
        cost = self.upgrade_cost(s, seat, w, spec)
        new = self.cfg["upgrades"][w.kind]["to"]
        s.workers = s.workers[:a.worker] + (Worker(w.owner, new, w.pos, w.standing),) + s.workers[a.worker + 1:]
        s.memo.clear()
        s.notices.append({"type": "upgraded", "seat": seat, "worker": a.worker, "kind": new})
        s.task = None
        self.pay_discounted(s, seat, cost or {}, spec.get("discount", 0))
        if s.task is None:
            self.run(s)

    def _do_hire(self, s: State, a: Hire) -> None:
        self.hire_at(s, s.current, s.task, (a.q, a.r))  # type: ignore[arg-type]
        self.step_done(s)

    def _do_keep_card(self, s: State, a: KeepCard) -> None:
        task = s.task
        assert task is not None
        drawn = list(s.drawn)
        drawn.remove(a.card)
        self.keep(s, task.value, (a.card,))
        s.drawn = tuple(drawn)
        if task.left > 1 and drawn:
            s.task = Task("keep", task.value, task.left - 1)
            return
        if task.value:
            s.spell_deck = s.spell_deck + s.drawn
        else:
            s.building_deck = s.building_deck + s.drawn
        s.drawn = ()
        self.step_done(s)

    def _do_place_road(self, s: State, a: PlaceRoad) -> None:
        seat = s.current
        key = key_of(a.edge)
        assert key is not None
        pieces = s.pieces
        if a.moved is not None:
            moved = key_of(a.moved)
            pieces = tuple(x for x in pieces if not (x.owner == seat and x.edge == moved))
        s.pieces = pieces + (Piece(seat, key, a.barricade),)
        s.memo.clear()
        s.notices.append({"type": "road", "seat": seat, "edge": a.edge, "barricade": a.barricade, "moved": a.moved})
        self.use_one(s)

    def _do_trade(self, s: State, a: Trade) -> None:
        seat = s.current
        p = s.players[seat]
        for r in a.give:
            p.res[r] -= 1
        p.res[a.take] += 1
        s.notices.append({"type": "trade", "seat": seat, "give": a.give, "take": a.take})
        self.use_one(s)

    def _do_dispel(self, s: State, a: Dispel) -> None:
        key = key_of(a.edge)
        s.pieces = tuple(x for x in s.pieces if not (x.barricade and x.edge == key))
        s.memo.clear()
        s.notices.append({"type": "dispelled", "seat": s.current, "edge": a.edge})
        self.step_done(s)

    def _do_stride(self, s: State, a: Stride) -> None:
        s.stride = a.delta
        s.memo.clear()
        self.step_done(s)

    def _do_mirror(self, s: State, a: Mirror) -> None:
        cell = (a.q, a.r)
        s.used = s.used | {cell}
        s.taken = s.taken + (cell,)
        s.task = None
        self.push_steps(s, self.cat.tiles[s.board.cells[cell].tile].steps, s.moved)
        self.run(s)

    def _do_time_warp(self, s: State, a: TimeWarp) -> None:
        w = s.workers[a.worker]
        s.workers = s.workers[:a.worker] + (Worker(w.owner, w.kind, w.pos, True),) + s.workers[a.worker + 1:]
        s.memo.clear()
        self.step_done(s)
