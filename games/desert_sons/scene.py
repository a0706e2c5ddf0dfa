"""The Realm of the Desert Sons table: the 11 x 11 desert, the stacks, the rumor board, the seats, every gesture.

Gestures become actions; the Match (and so the rules) judges every one. This
module lays out the board and translates the mouse; scene_draw.py draws the
board, scene_panels.py lays out and draws the side panel, scene_words.py says
everything in words, and scene_art.py makes the pictures. Everything drawn comes from
`self.visible` (the view of the seat holding the screen), so a rumor tile one
seat peeked at never shows while another seat holds the screen.
"""
from __future__ import annotations

import math
from typing import Any, Hashable

import pygame

from engine.core.match import Match
from engine.ui.drag import DragSpec
from engine.ui.game_scene import GameScene
from engine.ui.i18n import t
from engine.ui.surface_cache import MB, SurfaceCache
from engine.core.words import N_
from games.desert_sons.rules import (
    ChooseIcon,
    DesertSonsRules,
    DiscardTile,
    Draw,
    MoveCamel,
    PlaceCamel,
    PlaceExplorer,
    PlaceRumor,
    PlaceTile,
    PlayDisplay,
    ScoreOasis,
    Scout,
    TakeBack,
    TakeRumor,
)
from games.desert_sons.scene_art import DesertArt
from games.desert_sons.scene_draw import DesertDrawing
from games.desert_sons.scene_panels import DesertPanels
from games.desert_sons.scene_words import DesertWords

MARGIN = 0.45  # cells of frame around the 11 x 11 area
NOTICE_SECONDS = 7.0
OASIS_NOTICE_SECONDS = 10.0
CAMEL_STEP_SECONDS = 0.12  # a computer seat's camel walks this long per square (normal animation speed)
# A state's overlays, panels and faded pieces are under 2 MB even at 4K; a resized window adds sizes in one state.
BOARD_CACHE_BUDGET = 8 * MB


class DesertSonsScene(DesertWords, DesertPanels, DesertDrawing, GameScene):
    """Plays one match of Realm of the Desert Sons with the mouse."""

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.rules: DesertSonsRules = match.rules
        self.cat = self.rules.cat
        self.size = self.rules.size
        self.max_rank = max(r for ranks in self.cat.config["explorer_sets"].values() for r in ranks)
        self.art = DesertArt(app.assets, self.cat.art_dir, app.font)
        self.camel_slide: list[Any] | None = None  # [seat, route, seconds done, seconds in all]
        self.hover_choice: Any = None  # the choice button under the pointer (outlines what it means)
        self.drawn_rumors: list[tuple[str, int, int | None]] = []  # (good, slot, value shown or None): last frame's rumor board
        self._anywhere: tuple[tuple, dict] | None = None
        # Per state (emptied when the game changes): overlays, panels, faded pieces and rules answers.
        self._board_cache: SurfaceCache[Any, Any] = SurfaceCache(BOARD_CACHE_BUDGET, "desert sons board")
        self.layout()

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        w, h = self.table_size
        px = self.app.px
        side_w = min(px(590), w - px(300))
        self.side = pygame.Rect(w - side_w, 0, side_w, h)
        self.board_view = pygame.Rect(0, 0, self.side.left, h)
        inner = self.side.inflate(-px(16), 0)
        self.header = pygame.Rect(inner.left, px(6), inner.width, px(92))
        self.strip = pygame.Rect(inner.left, self.header.bottom + px(4), inner.width, px(112))
        self.action_area = pygame.Rect(inner.left, h - px(100) - px(6), inner.width, px(100))
        self.seats_area = pygame.Rect(inner.left, self.strip.bottom + px(6), inner.width,
                                      self.action_area.top - px(6) - self.strip.bottom - px(6))
        world = self.size + 2 * MARGIN
        self.camera.fit(self.board_view.inflate(-px(12), -px(12)), world, world)
        self._static_for = None
        self._build_widgets()

    def _build_widgets(self) -> None:
        px = self.app.px
        a = self.action_area
        self.build_table_widgets(self.header, px(32), (px(58), px(72), px(34), px(70)),
                                 pygame.Rect(a.right - px(196), a.bottom - px(46), px(190), px(40)),
                                 sheet_tip=N_("Show or hide the score sheet (as far as you know the rumors)"))

    # ------------------------------------------------------------------ geometry
    @property
    def s(self):
        """What this screen may show: the holder's view of the game."""
        return self.visible

    def cell_rect(self, cell: tuple[int, int]) -> pygame.Rect:
        return self.camera.cell_rect(cell[0] + MARGIN, cell[1] + MARGIN)

    def cell_at(self, pos) -> tuple[int, int] | None:
        """The square of the 11 x 11 area under a screen point, or None."""
        if not self.board_view.collidepoint(pos):
            return None
        wx, wy = self.camera.to_world(pos)
        c, r = math.floor(wx - MARGIN), math.floor(wy - MARGIN)
        return (c, r) if 0 <= c < self.size and 0 <= r < self.size else None

    def tile_point(self, cell: tuple[int, int], point: tuple[float, float]) -> tuple[int, int]:
        """A point of a square in tile units (0..1) on the screen."""
        rect = self.cell_rect(cell)
        return (round(rect.left + point[0] * rect.width), round(rect.top + point[1] * rect.height))

    def spot_point(self, cell: tuple[int, int], part: int) -> tuple[int, int]:
        """Where an explorer on this oasis part stands (the centre of its base), on the screen."""
        return self.tile_point(cell, self.rules.part_geometry(self.s, cell, part)["spot"])

    def part_under(self, pos) -> tuple[tuple[int, int], int | None] | None:
        """(square, oasis part or None) under a screen point, or None off the area."""
        cell = self.cell_at(pos)
        if cell is None:
            return None
        rect = self.cell_rect(cell)
        point = ((pos[0] - rect.left) / rect.width, (pos[1] - rect.top) / rect.height)
        return cell, self.rules.part_at(self.s, cell, point)

    def board_box_width(self) -> int:
        return max(8, round(self.camera.cell_px * 0.42))

    # ------------------------------------------------------------------ state helpers
    def _decider(self) -> int | None:
        return self.match.to_move()

    def _my_turn(self) -> bool:
        return self.human_turn()

    def _phase(self) -> str:
        return self.match.state.phase

    def take_notices(self, state) -> None:
        """Keep what the newest action caused (drawn per holder: private parts only for their seat)."""
        match = self.match
        for note in state.notices:
            if note.get("type") == "camel_moved" and len(match.states) > 1:
                self._slide_camel(match, note)
            if self.notice_shown(note):
                oasis = note.get("type") == "oasis"
                self.notices.add(lambda note=note: self._notice_text(note),
                                 OASIS_NOTICE_SECONDS if oasis else NOTICE_SECONDS, "good" if oasis else "plain",
                                 note=note)

    def _slide_camel(self, match: Match, note: dict) -> None:
        """A computer seat's camel walks its route square by square, so the others see where it went."""
        seat = note["seat"]
        if not match.seats[seat].is_computer:
            return  # a human dragged it there already
        before = match.states[-2]
        reach = self.rules.camel_reach(before, seat).get(tuple(note["cell"]))
        if reach is None or len(reach[0]) < 2:
            return
        total = self.anim(CAMEL_STEP_SECONDS * (len(reach[0]) - 1))
        if total > 0:
            self.camel_slide = [seat, reach[0], 0.0, total]

    def camel_slide_pos(self) -> tuple[int, tuple[float, float]] | None:
        """(seat, screen point) of a camel walking its route now, or None."""
        if self.camel_slide is None:
            return None
        seat, route, done, total = self.camel_slide
        k = min(1.0, done / total) * (len(route) - 1)
        i = min(int(k), len(route) - 2)
        a, b = self.cell_rect(route[i]).center, self.cell_rect(route[i + 1]).center
        f = k - i
        return seat, (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)

    def hint_rects(self, action) -> list[pygame.Rect]:
        """Where the hinted action is made: its space on the board, the stack, the display tile, the rumor slot."""
        rects = super().hint_rects(action)
        col, row = getattr(action, "col", None), getattr(action, "row", None)  # the actions that name a space
        if col is not None and row is not None:
            rects.append(self.cell_rect((col, row)))
        if isinstance(action, Draw) and 0 <= action.stack < len(self.stack_rects()):
            rects.append(self.stack_rects()[action.stack])
        elif isinstance(action, PlaceTile):
            rects.append(self.hand_rect())
        elif isinstance(action, (PlayDisplay, Scout)):
            owner = action.seat if isinstance(action, Scout) else self.match.to_move()
            if owner is not None:
                rects += [rect for tile, rect in self.display_rects(owner) if tile == action.tile]
        elif isinstance(action, (PlaceRumor, TakeRumor)):
            slots = self.rumor_slot_rects()
            rects += [rect for (good, slot), rect in slots.items()
                      if good == action.good and (isinstance(action, PlaceRumor) or slot == action.slot)][:1]
        return rects

    def on_match_change(self, match: Match) -> None:
        self._anywhere = None
        self._board_cache.clear()
        self._sync_widgets()

    def _layout_choices(self) -> None:
        px = self.app.px
        a = self.action_area
        self.widen_main(self.app.font(px(14)), a.left + px(150))  # a long label whole; the lower row keeps room
        rows = [pygame.Rect(a.left + px(8), a.top + px(8), a.width - px(16), px(38)),
                pygame.Rect(a.left + px(8), a.bottom - px(46), self.btn_main.rect.left - px(8) - a.left - px(8), px(38))]
        lead = px(52) if self._phase() == "rumor" and self._my_turn() else 0  # room for the peeked rumor tile
        self.lay_choices(self.choices(), rows, self.app.font(px(14)), lead)

    # ------------------------------------------------------------------ widgets
    def _sync_widgets(self) -> None:
        self.sync_table_widgets()
        self._layout_choices()


    def take_screen(self, seat: int) -> None:
        super().take_screen(seat)
        self._static_for = None
        self._anywhere = None
        self._board_cache.clear()
        self._sync_widgets()

    # ------------------------------------------------------------------ drag specs
    def target_at(self, piece, pos) -> Hashable | None:
        kind = piece[0]
        if kind == "explorer":
            return self.part_under(pos)
        if kind == "home":
            return "home" if self.seat_rects()[piece[2]].collidepoint(pos) else None
        return self.cell_at(pos)

    def _reach(self) -> dict[tuple[int, int], int]:
        """Squares the camel of the seat to move may end on -> water to pay (cached per state)."""
        hit = self._board_cache.get("reach")
        if hit is None:
            s = self.match.state
            hit = self._board_cache["reach"] = self.rules.reach_costs(s) if s.phase == "move" else {}
        return hit

    def _spec_for(self, piece, origin) -> DragSpec:
        kind = piece[0]
        s = self.match.state
        if kind == "camel":
            def move_to(cell, rot):
                return MoveCamel(cell[0], cell[1], self._reach().get(cell, 0) > 0)
            return DragSpec(piece, origin, move_to, lambda: list(self.match.state.cells))
        if kind == "camel_start":
            return DragSpec(piece, origin, lambda c, r: PlaceCamel(c[0], c[1]),
                            lambda: [e.cell for e in self.cat.camel_starts])
        if kind in ("hand", "display"):
            tile = s.in_hand if kind == "hand" else piece[2]
            if kind == "hand":
                def act(cell, rot):
                    return PlaceTile(cell[0], cell[1], rot)
            elif piece[1] == s.current:
                def act(cell, rot):
                    return PlayDisplay(tile, cell[0], cell[1], rot)
            else:
                def act(cell, rot):
                    return Scout(piece[1], tile, cell[0], cell[1], rot)
            camel = s.players[s.current].camel
            return DragSpec(piece, origin, act, lambda: self.rules.frontier(self.match.state, camel) if camel else [],
                            rotatable=True, rotation=self._best_rotation(tile))
        if kind == "explorer":
            rank = piece[1]

            def place(target, rot):
                cell, part = target
                if part is None:
                    return None
                return PlaceExplorer(rank, cell[0], cell[1], part)
            fresh = s.fresh
            parts = len(self.rules.part_edges(s.cells[fresh])) if fresh in s.cells else 0
            return DragSpec(piece, origin, place, lambda: [(fresh, p) for p in range(parts)])
        if kind == "home":
            return DragSpec(piece, origin, lambda target, rot: TakeBack(piece[1]) if target == "home" else None,
                            lambda: ["home"])
        raise ValueError(piece)

    def _best_rotation(self, tile: int | None) -> int:
        """Start a picked-up tile turned the way that fits the most free squares, so a plain drop usually works."""
        if tile is None:
            return 0
        counts = [0, 0, 0, 0]
        for _cell, rot in self.rules.placements(self.match.state, tile, all_rotations=True):
            counts[rot] += 1
        return max(range(4), key=lambda r: (counts[r], -r))

    def explain(self, piece, target) -> str | None:
        """Why a spot that makes no action at all is refused."""
        if piece[0] == "explorer" and target is not None:
            cell, part = target
            if cell != self.match.state.fresh:
                return t("Explorers go only onto the tile you have just laid.")
            if part is None:
                return t("Explorers stand on oasis, beside its icons, not in the desert.")
        return None

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        self._sync_hover_choice()

    def _sync_hover_choice(self) -> None:
        self.hover_choice = self.hovered_choice()

    def on_release(self, piece, target) -> bool:
        if target is None and piece[0] == "home":
            self.drag.cancel()  # dropped back onto the board: it stays where it stands
            return True
        return False

    def pick(self, pos) -> bool:
        """Mouse pressed at pos: pick up, press or click whatever the seat to move may use there."""
        if not self._my_turn():
            return False
        s = self.match.state
        phase = s.phase
        seat = s.decider
        piece, origin = None, None
        if phase == "camels":
            slot = self.camel_slot(seat)
            cell = self.cell_at(pos)
            if slot.collidepoint(pos):
                piece, origin = ("camel_start", seat), slot.center
            elif cell is not None and any(e.cell == cell for e in self.cat.camel_starts):
                self._try(PlaceCamel(*cell))
                return True
        elif phase == "move":
            camel = s.players[seat].camel
            if camel is not None and self._camel_hit(camel, pos):
                piece, origin = ("camel", seat), self.cell_rect(camel).center
        elif phase == "discover":
            for i, rect in enumerate(self.stack_rects()):
                if rect.collidepoint(pos):
                    if self._try(Draw(i + 1)):
                        self._pick_drawn(pos)
                    return True
            for owner in range(len(s.players)):
                for tile, rect in self.display_rects(owner):
                    if tile is not None and rect.collidepoint(pos):
                        return self._pick_display(owner, tile, rect, pos)
        elif phase == "place" and self.hand_rect().collidepoint(pos):
            piece, origin = ("hand",), self.hand_rect().center
        elif phase == "discard":
            for tile, rect in self.display_rects(seat):
                if tile is not None and rect.collidepoint(pos):
                    self._try(DiscardTile(tile))
                    return True
        elif phase == "explorer":
            for rank in self.explorer_slots(seat):
                rect = self.explorer_hit(seat, rank)
                if rect.inflate(self.app.px(6), self.app.px(6)).collidepoint(pos) and rank in s.players[seat].supply:
                    piece, origin = ("explorer", rank), rect.midbottom
            for rank, rect in self._board_explorer_rects():
                if rect.collidepoint(pos) and s.owner[rank] == seat:
                    piece, origin = ("home", rank, seat), rect.center
        elif phase == "order":
            hit = self.part_under(pos)
            if hit is not None and hit[1] is not None:
                key = (hit[0], hit[1])
                if any(key in parts for parts in s.pending):
                    self._try(ScoreOasis(hit[0][0], hit[0][1], hit[1]))
                    return True
        elif phase == "icon":
            icon = self.icon_at(pos)
            if icon is not None:
                self._try(ChooseIcon(icon[0][0], icon[0][1], icon[1], icon[2]))
                return True
        elif phase == "rumor":
            for good, col in self.rumor_columns().items():
                if col.collidepoint(pos):
                    self._try(PlaceRumor(good))
                    return True
        elif phase == "rumor_take":
            for (good, i), rect in self.rumor_slot_rects().items():
                if rect.collidepoint(pos) and i < len(s.rumor_slots[good]):
                    self._try(TakeRumor(good, i))
                    return True
        if piece is None:
            return False
        self.hold(self._spec_for(piece, origin), pos)
        self._static_for = None
        return True

    def _pick_drawn(self, pos) -> None:
        """After a draw: the tile is in hand when it fits; a misfit went to the display (the notice says so)."""
        if self.match.state.phase == "place":
            self.hold(self._spec_for(("hand",), self.hand_rect().center), pos)

    def _pick_display(self, owner: int, tile: int, rect: pygame.Rect, pos) -> bool:
        s = self.match.state
        seat = s.current
        if owner != seat:
            if not self.rules.ability_available(s, seat, "scout"):
                cost = self.cat.config["costs"]["scout"]
                if s.players[seat].used["scout"]:
                    self._refused(t("You have already used the scout this game."))
                else:
                    self._refused(t("The scout costs {n} water; you have {w}.", n=cost, w=s.players[seat].water))
                return True
        if not self.rules.placements(s, tile):
            self._refused(t("That tile fits nowhere beside your camel."))
            return True
        self.hold(self._spec_for(("display", owner, tile), rect.center), pos)
        self._static_for = None
        return True

    def _camel_hit(self, camel: tuple[int, int], pos) -> bool:
        rect = self.cell_rect(camel)
        return rect.collidepoint(pos)

    def icon_at(self, pos) -> tuple[tuple[int, int], int, int, str] | None:
        """The free icon of the oasis being scored under a screen point: (square, part, index, icon)."""
        sc = self.match.state.scoring
        if sc is None:
            return None
        radius = self.cat.icon_radius * self.camera.cell_px * 1.3
        for cell, part, index, icon in sc.icons:
            centre = self.tile_point(cell, self.rules.part_geometry(self.match.state, cell, part)["icons"][index][1])
            if math.dist(centre, pos) <= radius:
                return cell, part, index, icon
        return None

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        super().update(dt)
        self.drag.update(dt)
        if self.camel_slide is not None:
            self.camel_slide[2] += dt
            if self.camel_slide[2] >= self.camel_slide[3]:
                self.camel_slide = None
        if self.wants_final_sheet(busy=self.notices.any(lambda n: n.note.get("type") == "oasis")):
            self.push_final_sheet()

    def push_final_sheet(self) -> None:
        """The final sheet: each good's value beside its row, then the values' make-up, what each seat carries and
        the account of every oasis scored (rules.md promises them all; issue 13: the accounts were cut off)."""
        from engine.ui.scenes.scoresheet import ScoreSheetScene

        self.final_pushed = True
        sheet = self.rules.score_sheet(self.match.state)
        shown = type(sheet)(
            seats=sheet.seats,
            rows=[type(r)(t(r.label), r.values, r.note) for r in sheet.rows],
            totals=sheet.totals,
            ranking=sheet.ranking,
            tie_break=t(sheet.tie_break),
            details=[t(d) for d in sheet.details],
            final=sheet.final,
        )
        self.app.push(ScoreSheetScene(self.app, self.match, shown))
