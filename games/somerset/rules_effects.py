"""Somerset's action steps: gains, choices, hiring, upgrades, drawing, government, trades and the rest,
run one at a time from the state's queue; a step that needs the seat's choice waits in `s.task` with its
own phase until the choice is played. Pure Python; mixed into the rules class."""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Callable

from engine.core.words import Words
from games.somerset.catalogue import ALL_RESOURCES, BASIC, Catalogue, Step
from games.somerset.rules_state import Hex, State, Task, Worker

# the phase a waiting step is decided in (the step's kind, except where several kinds share a choice)
TASK_PHASES = {
    "choose": "choose", "government": "government", "hire": "hire", "upgrade": "upgrade", "keep": "keep",
    "build_tile": "build_tile", "build_building": "build_building", "roads": "roads", "trade": "trade",
    "stride": "stride", "mirror": "mirror", "dispel": "dispel", "time_warp": "time_warp", "free_cast": "free_cast",
    "waive": "waive", "pay": "pay", "workshop": "workshop",
}


def shortfall(cost: dict[str, int], have: dict[str, int]) -> int:
    """How many resources short of `cost` a seat holding `have` is (coins not counted)."""
    return sum(max(0, n - have.get(r, 0)) for r, n in cost.items() if r != "$")


class EffectsLogic:
    """The steps of actions, spells and buildings for the rules class."""

    cat: Catalogue
    cfg: dict[str, Any]
    tasks_done: Callable[[State], None]  # the rules class says what follows (the after-move step)
    _next_turn: Callable[[State], None]  # the rules class passes the turn on

    # ------------------------------------------------------------------ abilities of buildings
    def ability(self, s: State, seat: int, name: str) -> Any:
        """The summed (or first true) value of a building ability the seat owns, or 0."""
        total: Any = 0
        for b in s.players[seat].buildings:
            v = self.cat.buildings[b].ability.get(name)
            if v is None:
                continue
            if isinstance(v, bool):
                return v
            if isinstance(v, dict):
                return v
            total += v
        return total

    def cap(self, s: State, seat: int) -> int:
        return self.cfg["worker_cap"] + self.ability(s, seat, "worker_cap")

    def workers_of(self, s: State, seat: int) -> list[int]:
        return [i for i, w in enumerate(s.workers) if w.owner == seat]

    def wizards(self, s: State, seat: int) -> int:
        return sum(1 for w in s.workers if w.owner == seat and w.kind == "wizard" and w.pos is not None)

    # ------------------------------------------------------------------ paying and gaining
    @staticmethod
    def can_pay(s: State, seat: int, cost: dict[str, int]) -> bool:
        p = s.players[seat]
        for r, n in cost.items():
            if (p.coins if r == "$" else p.res[r]) < n:
                return False
        return True

    def pay(self, s: State, seat: int, cost: dict[str, int]) -> None:
        p = s.players[seat]
        for r, n in cost.items():
            if r == "$":
                p.coins -= n
            else:
                p.res[r] -= n

    def gain(self, s: State, seat: int, what: dict[str, int]) -> None:
        p = s.players[seat]
        got = set()
        for r, n in what.items():
            if r == "$":
                p.coins += n
            else:
                p.res[r] += n
                if r in BASIC:
                    got.add(r)
        if got:
            s.received = s.received | got

    def affordable(self, s: State, seat: int, cost: dict[str, int], discount: int) -> bool:
        """Whether the seat can pay `cost` when `discount` resources of its choice need not be paid."""
        p = s.players[seat]
        if p.coins < cost.get("$", 0):
            return False
        return shortfall(cost, p.res) <= discount

    def upgrade_cost(self, s: State, seat: int, w: Worker, spec: dict) -> dict[str, int] | None:
        """What upgrading this worker costs with this step's terms (None: the step cannot upgrade it)."""
        if w.kind not in self.cfg["upgrades"] or w.pos is None:
            return None
        if "only" in spec and spec["only"] != w.kind:
            return None
        cost = dict(spec["cost"]) if "cost" in spec else dict(self.cfg["upgrades"][w.kind]["cost"])
        if "cost" not in spec and self.ability(s, seat, "upgrade_no_grain"):
            cost.pop("G", None)
        return cost

    def upgradable(self, s: State, seat: int, spec: dict) -> list[int]:
        out = []
        for i in self.workers_of(s, seat):
            cost = self.upgrade_cost(s, seat, s.workers[i], spec)
            if cost is not None and self.affordable(s, seat, cost, spec.get("discount", 0)):
                out.append(i)
        return out

    def pay_discounted(self, s: State, seat: int, cost: dict[str, int], discount: int) -> None:
        """Pay `cost` less `discount` resources of the seat's choice: paid at once when the choice is
        forced, else a 'waive' step waits for it."""
        left = {r: n for r, n in cost.items() if n > 0}
        coins = left.pop("$", 0)
        if coins:
            self.pay(s, seat, {"$": coins})
        self._waive_on(s, seat, left, discount)

    def waive_options(self, s: State, seat: int) -> list[str]:
        """Resources the seat may leave unpaid next (keeping the rest payable)."""
        left = s.paying or {}
        task = s.task
        k = task.left if task is not None else 0
        have = s.players[seat].res
        out = []
        for r in ALL_RESOURCES:
            if left.get(r, 0) > 0:
                rest = dict(left)
                rest[r] -= 1
                if shortfall(rest, have) <= k - 1:
                    out.append(r)
        return out

    def _waive_on(self, s: State, seat: int, left: dict[str, int], k: int) -> None:
        have = s.players[seat].res
        while k > 0 and any(left.values()):
            options = []
            for r in ALL_RESOURCES:
                if left.get(r, 0) > 0:
                    rest = dict(left)
                    rest[r] -= 1
                    if shortfall(rest, have) <= k - 1:
                        options.append(r)
            if len(options) > 1:
                s.paying = left
                s.task = Task("waive", None, k)
                s.phase = "waive"
                return
            left[options[0]] -= 1
            k -= 1
        self.pay(s, seat, {r: n for r, n in left.items() if n})
        s.paying = None

    # ------------------------------------------------------------------ running the steps
    def push_steps(self, s: State, steps: tuple[Step, ...], acting: int = -1, workshop: bool = True) -> None:
        """Put an action's (spell's, building's) steps at the front of the queue; Workshop checks at its end.

        Each action or spell is its own source for the Workshop: a spell cast inside an action (a free cast)
        counts its own resources, and the action's, received before and after it, still count for the action
        (the queued check keeps them as its value and gives them back when the spell's check is done)."""
        tasks = tuple(Task(st.kind, st.value, self._times(st), acting) for st in steps)
        if workshop:
            tasks += (Task("workshop", tuple(sorted(s.received, key=BASIC.index))),)
            s.received = frozenset()
        s.queue = tasks + s.queue

    @staticmethod
    def _times(st: Step) -> int:
        if st.kind in ("choose", "roads", "exchange"):
            return int(st.value)
        if st.kind == "trade":
            return int(st.value["times"])
        return 1

    def run(self, s: State) -> None:
        """Do queued steps until one waits for a choice or the queue is empty (then back to `resume`)."""
        while s.task is None and s.phase != "over":
            if not s.queue:
                s.phase = s.resume
                self.tasks_done(s)
                return
            task, s.queue = s.queue[0], s.queue[1:]
            getattr(self, "_task_" + task.kind)(s, task)

    def wait(self, s: State, task: Task) -> None:
        s.task = task
        s.phase = TASK_PHASES[task.kind]

    def step_done(self, s: State) -> None:
        """The waiting step is finished: go on with the queue."""
        s.task = None
        self.run(s)

    def use_one(self, s: State) -> None:
        """One use of a repeated step (trades, roads, choices, waives) is played: wait for the next or go on."""
        task = s.task
        assert task is not None
        left = task.left - 1
        if left > 0 and self.task_possible(s, task):
            s.task = Task(task.kind, task.value, left, task.acting)
        else:
            self.step_done(s)

    def _worker(self, s: State, worker: int) -> str | None:
        if not 0 <= worker < len(s.workers):
            return Words("There is no such worker.")
        if s.workers[worker].owner != s.current:
            return Words("That worker is not yours.")
        return None

    def task_possible(self, s: State, task: Task) -> bool:
        """Whether a waiting repeated step still has anything to offer."""
        seat = s.current
        kind = task.kind
        if kind == "roads":
            return bool(self.legal_pieces(s, seat))  # type: ignore[attr-defined]
        if kind == "trade":
            return bool(self.trades(s, seat, task.value))
        return True

    # ------------------------------------------------------------------ the steps
    def _task_gain(self, s: State, task: Task) -> None:
        self.gain(s, s.current, task.value)

    def _task_choose(self, s: State, task: Task) -> None:
        self.wait(s, task)

    def _task_government(self, s: State, task: Task) -> None:
        self.wait(s, task)

    def _task_workshop(self, s: State, task: Task) -> None:
        got = sorted(s.received, key=BASIC.index)
        outer = frozenset(task.value or ())  # what an enclosing action had received before this one began
        s.received = outer
        if not got or not self.ability(s, s.current, "workshop"):
            return
        if len(got) == 1:
            self.gain(s, s.current, {got[0]: self.ability(s, s.current, "workshop")})
            s.received = outer
            s.notices.append({"type": "workshop", "seat": s.current, "resource": got[0]})
            return
        if outer:
            s.queue = (Task("received", tuple(sorted(outer, key=BASIC.index))),) + s.queue
        self.wait(s, Task("workshop", tuple(got), 1))

    def _task_received(self, s: State, task: Task) -> None:
        """After a Workshop choice inside an enclosing action: the action's own resources count again."""
        s.received = frozenset(task.value)

    def hire_spots(self, s: State, seat: int, task: Task) -> list[Hex]:
        where = task.value["where"]
        if where == "acting":
            w = s.workers[task.acting] if task.acting >= 0 else None
            return [w.pos] if w is not None and w.pos is not None else []
        mine = {w.pos for w in s.workers if w.owner == seat and w.pos is not None}
        if where == "any":
            return sorted(mine)
        return sorted(c for c, p in s.board.cells.items() if p.owner < 0 and self.cat.tiles[p.tile].city
                      and c not in mine)

    def can_hire(self, s: State, seat: int, task: Task) -> bool:
        return (len(self.workers_of(s, seat)) < self.cap(s, seat) and self.can_pay(s, seat, task.value["cost"])
                and bool(self.hire_spots(s, seat, task)))

    def _task_hire(self, s: State, task: Task) -> None:
        seat = s.current
        if not self.can_hire(s, seat, task):
            s.notices.append({"type": "no_hire", "seat": seat})
            return
        spots = self.hire_spots(s, seat, task)
        if len(spots) == 1:
            self.hire_at(s, seat, task, spots[0])
            return
        self.wait(s, task)

    def hire_at(self, s: State, seat: int, task: Task, cell: Hex) -> None:
        self.pay(s, seat, task.value["cost"])
        s.workers = s.workers + (Worker(seat, "peasant", cell, False),)
        s.memo.clear()
        s.notices.append({"type": "hired", "seat": seat, "cell": cell, "worker": len(s.workers) - 1})

    def _task_upgrade(self, s: State, task: Task) -> None:
        if self.upgradable(s, s.current, task.value):
            self.wait(s, task)
        else:
            s.notices.append({"type": "no_upgrade", "seat": s.current})

    def draw(self, s: State, spells: bool, n: int) -> tuple[int, ...]:
        deck = s.spell_deck if spells else s.building_deck
        got, rest = deck[:n], deck[n:]
        if spells:
            s.spell_deck = rest
        else:
            s.building_deck = rest
        if got:
            s.chance += 1
        return got

    def _task_draw_spells(self, s: State, task: Task) -> None:
        self._draw_keep(s, task, True)

    def _task_draw_buildings(self, s: State, task: Task) -> None:
        self._draw_keep(s, task, False)

    def _draw_keep(self, s: State, task: Task, spells: bool) -> None:
        got = self.draw(s, spells, task.value["draw"])
        keep = task.value["keep"]
        if not got:
            s.notices.append({"type": "deck_empty", "seat": s.current, "spells": spells})
            return
        if keep >= len(got):
            self.keep(s, spells, got)
            return
        s.drawn = got
        self.wait(s, Task("keep", spells, keep))

    def keep(self, s: State, spells: bool, cards: tuple[int, ...]) -> None:
        p = s.players[s.current]
        if spells:
            p.spell_hand = p.spell_hand + cards
        else:
            p.building_hand = p.building_hand + cards
        s.notices.append({"type": "kept", "seat": s.current, "spells": spells, "cards": cards, "private": s.current})

    def _task_build_tile(self, s: State, task: Task) -> None:
        if self.tile_builds(s, s.current, task.value["discount"], first_only=True):  # type: ignore[attr-defined]
            self.wait(s, task)

    def _task_build_building(self, s: State, task: Task) -> None:
        if self.building_builds(s, s.current, task.value["discount"]):  # type: ignore[attr-defined]
            self.wait(s, task)

    def _task_roads(self, s: State, task: Task) -> None:
        if self.legal_pieces(s, s.current):  # type: ignore[attr-defined]
            self.wait(s, task)

    def _task_trade(self, s: State, task: Task) -> None:
        if self.trades(s, s.current, task.value):
            self.wait(s, task)

    def _task_exchange(self, s: State, task: Task) -> None:
        spec = {"times": task.left, "give": 1, "from": list(BASIC), "to": list(BASIC)}
        self._task_trade(s, Task("trade", spec, task.left, task.acting))

    def trades(self, s: State, seat: int, spec: dict) -> list[tuple[tuple[str, ...], str]]:
        """Every (give, take) one trade of this kind allows the seat now (never taking what it gives)."""
        have = s.players[seat].res
        out = []
        for give in combinations_with_replacement([r for r in ALL_RESOURCES if r in spec["from"]], spec["give"]):
            need: dict[str, int] = {}
            for r in give:
                need[r] = need.get(r, 0) + 1
            if any(have[r] < n for r, n in need.items()):
                continue
            for take in ALL_RESOURCES:
                if take in spec["to"] and take not in give:
                    out.append((give, take))
        return out

    def _task_stride(self, s: State, task: Task) -> None:
        self.wait(s, task)

    def _task_teleport(self, s: State, task: Task) -> None:
        s.teleport = True
        s.memo.clear()

    def _task_echo(self, s: State, task: Task) -> None:
        if s.landed is not None and s.landed in s.board.cells:
            if s.landed not in s.used:  # an unused tile's action is simply taken (and used)
                s.used = s.used | {s.landed}
                s.taken = s.taken + (s.landed,)
            tile = self.cat.tiles[s.board.cells[s.landed].tile]
            self.push_steps(s, tile.steps, s.moved)

    def mirror_spots(self, s: State) -> list[Hex]:
        if s.landed is None:
            return []
        q, r = s.landed
        from games.somerset.rules_map import STEPS
        return [(q + dq, r + dr) for dq, dr in STEPS
                if (q + dq, r + dr) in s.board.cells and (q + dq, r + dr) not in s.used]

    def _task_mirror(self, s: State, task: Task) -> None:
        if self.mirror_spots(s):
            self.wait(s, task)

    def _task_dispel(self, s: State, task: Task) -> None:
        if any(p.barricade for p in s.pieces):
            self.wait(s, task)

    def _task_royal_favour(self, s: State, task: Task) -> None:
        p = s.players[s.current]
        if p.gov < len(self.cfg["government"]):
            p.gov += 1
            s.notices.append({"type": "royal_favour", "seat": s.current, "column": p.gov})

    def warpable(self, s: State, seat: int) -> list[int]:
        return [i for i, w in enumerate(s.workers)
                if w.owner == seat and not w.standing and w.pos is not None and i != s.moved]

    def _task_time_warp(self, s: State, task: Task) -> None:
        if self.warpable(s, s.current):
            self.wait(s, task)

    def _task_free_cast(self, s: State, task: Task) -> None:
        if self.castable(s, s.current, free=True):  # type: ignore[attr-defined]
            self.wait(s, task)

    def _task_pay(self, s: State, task: Task) -> None:
        self.wait(s, task)

    def gov_choices(self, s: State, seat: int, mode: str) -> list[tuple[int, str]]:
        """Every (column, benefit) of a government action: column = yours + 1 advances, lower activates."""
        p = s.players[seat]
        track = self.cfg["government"]
        g = p.gov
        # [P] the free cast instead of the crystals is offered only with a spell it could cast now: a cast
        # that does nothing would throw the benefit away (spells.yaml: a spell is cast only when it does something)
        wizard = self.wizards(s, seat) > 0 and bool(self.castable(s, seat, free=True))  # type: ignore[attr-defined]
        columns: list[int] = []
        if g < len(track):
            fee = track[g]["fee"]
            if mode == "free_advance" or self.affordable(s, seat, fee, self.ability(s, seat, "gov_fee_discount")):
                columns.append(g + 1)
        if mode != "free_advance" or g == len(track):
            columns += list(range(1, g + 1))
        out = []
        for c in sorted(columns):
            col = track[c - 1]
            out += [(c, "money"), (c, "resources"), (c, "magic")]
            if col["free_cast"] == "or" and wizard:
                out.append((c, "cast"))
        return out

    def take_government(self, s: State, seat: int, column: int, benefit: str, mode: str) -> None:
        p = s.players[seat]
        track = self.cfg["government"]
        col = track[column - 1]
        tasks: list[Task] = []
        if column == p.gov + 1:
            p.gov = column
            s.notices.append({"type": "advanced", "seat": seat, "column": column})
            fee = {} if mode == "free_advance" else col["fee"]
        else:
            fee = {}
            bonus = self.ability(s, seat, "activate_bonus")
            if bonus:
                self.gain(s, seat, bonus)
        if benefit == "money":
            self.gain(s, seat, {"$": col["money"]})
        elif benefit == "resources":
            if col.get("resource_crystals"):
                self.gain(s, seat, {"C": col["resource_crystals"]})
            if col["resources"]:
                tasks.append(Task("choose", None, col["resources"]))
        elif benefit == "magic":
            self.gain(s, seat, {"C": col["crystals"]})
            if col["free_cast"] == "and":
                tasks.append(Task("free_cast"))
        elif benefit == "cast":
            tasks.append(Task("free_cast"))
        s.task = None
        s.queue = tuple(tasks) + s.queue
        if fee:
            self.pay_discounted(s, seat, fee, self.ability(s, seat, "gov_fee_discount"))
            if s.task is not None:
                return
        self.run(s)
