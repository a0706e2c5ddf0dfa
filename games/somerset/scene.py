"""The Somerset table: the map of Camelot, the country-tile supply, the government track, the seats, every gesture.

Gestures become actions; the Match (and so the rules) judges every one. This module lays the table out
and translates the mouse; scene_draw.py draws the map and the piece in hand, scene_panels.py the side
panel and the supply, scene_words.py says everything in words (instructions, buttons, tooltips), and
scene_art.py makes the pictures. Everything drawn comes from `self.visible` (the view of the seat holding
the screen), so one seat's spell hand never shows while another seat holds the screen.

Pieces in hand: ("place", worker) and ("move", worker) go onto a hex; ("road", moved edge or None) onto
an edge (R, the wheel or a right click turn it from a road, laid across the edge, to a barricade, laid
along it); ("tile", tile) onto an empty hex (R turns it a sixth).
"""
from __future__ import annotations

import math
from typing import Any, Hashable

import pygame

from engine.core.hexgrid import POINTY, Edge
from engine.core.match import Match
from engine.ui.drag import DragSpec
from engine.ui.game_scene import GameScene
from engine.ui.hexview import HexView
from engine.ui.surface_cache import MB, SurfaceCache
from games.somerset.rules import (
    BuildBuilding, BuildTile, BuySpell, CastSpell, Hire, Mirror, MoveWorker, PlaceRoad, PlaceWorker, SomersetRules,
    TimeWarp, Upgrade,
)
from games.somerset.rules_map import edge4, key_of
from games.somerset.scene_art import SomersetArt, default_art_dir
from games.somerset.scene_draw import SomersetDrawing
from games.somerset.scene_panels import SomersetPanels
from games.somerset.scene_words import SomersetWords

MARGIN = 0.35  # hex sizes of frame around the map and the hexes a tile may be built on
NOTICE_SECONDS = 6.0
WALK_STEP_SECONDS = 0.15  # a computer seat's worker walks this long per tile (normal animation speed)
BOARD_CACHE_BUDGET = 8 * MB  # per state: answers of the rules and faded pictures
BARRICADE = 1  # the road piece's turn that makes it a barricade
BUILD_PHASES = ("build", "build_tile")  # a country tile may be built: the empty hexes beside the map show


class SomersetScene(SomersetWords, SomersetPanels, SomersetDrawing, GameScene):
    """Plays one match of Somerset with the mouse."""

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.rules: SomersetRules = match.rules
        self.cat = self.rules.cat
        self.art = SomersetArt(app.assets, default_art_dir(), app.font)
        self.hexes: HexView | None = None
        self._area: tuple = ()
        self._world: tuple[float, float] = (1.0, 1.0)
        self.hover_choice: Any = None
        self.walking: list[Any] | None = None  # [worker, path, seconds done, seconds in all]: a computer's move
        self._board_cache: SurfaceCache[Any, Any] = SurfaceCache(BOARD_CACHE_BUDGET, "somerset board")
        self.layout()

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        w, h = self.table_size
        px = self.app.px
        side_w = min(px(470), w - px(360))
        self.side = pygame.Rect(w - side_w, 0, side_w, h)
        inner = self.side.inflate(-px(14), 0)
        self.header = pygame.Rect(inner.left, px(4), inner.width, px(62))
        self.track = pygame.Rect(inner.left, self.header.bottom + px(2), inner.width, px(84))
        self.action_area = pygame.Rect(inner.left, h - px(154) - px(6), inner.width, px(154))
        self.seats_area = pygame.Rect(inner.left, self.track.bottom + px(6), inner.width,
                                      self.action_area.top - px(6) - self.track.bottom - px(6))
        self.supply_area = pygame.Rect(px(8), h - px(116), self.side.left - px(16), px(112))
        self.board_view = pygame.Rect(0, 0, self.side.left, self.supply_area.top - px(4))
        self._fit(force=True)
        self._static_for = None
        self._build_widgets()

    def _build_widgets(self) -> None:
        px = self.app.px
        a = self.action_area
        self.build_table_widgets(self.header, px(30), (px(56), px(72), px(32), px(62)),
                                 pygame.Rect(a.right - px(170), a.bottom - px(44), px(166), px(40)))

    def _fit(self, force: bool = False) -> None:
        """Fit the map into the board, with the hexes a tile may be built on while tiles are built (again when
        either changes: the map grows, or a building period begins or ends)."""
        board = self.visible_board()
        building = self.match.state.phase in BUILD_PHASES
        area = tuple(sorted(set(board.cells) | (set(self.rules.spots(board)) if building else set())))
        if not force and area == self._area:
            return
        self._area = area
        self.hexes, self._world = HexView.fitted(area, POINTY, MARGIN)
        px = self.app.px
        room = pygame.Rect(self.board_view.left + px(4), self.board_view.top + px(36), self.board_view.width - px(8),
                           self.board_view.height - px(40))  # the notices' first line stays clear of the map
        self.camera.fit(room, *self._world)
        self._static_for = None

    def visible_board(self):
        """The map as the screen may show it (the map is public; before anyone holds the screen, the true one)."""
        return self.match.state.board

    # ------------------------------------------------------------------ geometry
    @property
    def s(self):
        """What this screen may show: the holder's view of the game."""
        return self.visible

    @property
    def hex_r(self) -> int:
        """A hex's corner radius on the screen (the camera's pixels per hex size)."""
        return self.camera.cell_px

    def centre(self, cell) -> tuple[float, float]:
        assert self.hexes is not None
        return self.hexes.centre(self.camera, cell)

    def cell_rect(self, cell) -> pygame.Rect:
        cx, cy = self.centre(cell)
        r = self.hex_r
        return pygame.Rect(round(cx - r * 0.866), round(cy - r), round(r * 1.732), 2 * r)

    def cell_at(self, pos) -> tuple[int, int] | None:
        """The hex under a screen point inside the board, or None."""
        if self.hexes is None or not self.board_view.collidepoint(pos):
            return None
        return self.hexes.cell_at(self.camera, pos)

    def map_edges(self) -> list[Edge]:
        hit = self._board_cache.get("edges")
        if hit is None:
            hit = self._board_cache["edges"] = [Edge(a, b) for a, b in self.rules.map_edges(self.match.state.board)]
        return hit

    def edge_at(self, pos) -> Edge | None:
        if self.hexes is None or not self.board_view.collidepoint(pos):
            return None
        edges = self._board_cache.get("edge_set")
        if edges is None:
            edges = self._board_cache["edge_set"] = frozenset(self.map_edges())
        return self.hexes.edge_at(self.camera, pos, self.hex_r * 0.5, edges)

    def edge_mid(self, edge) -> tuple[float, float]:
        a, b = self.centre(edge[0] if isinstance(edge, tuple) else edge.a), \
            self.centre(edge[1] if isinstance(edge, tuple) else edge.b)
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def edge_angle(self, edge) -> float:
        """The angle (degrees anticlockwise from east) of the line from one tile's centre to the other's."""
        a, b = self.centre(edge[0] if isinstance(edge, tuple) else edge.a), \
            self.centre(edge[1] if isinstance(edge, tuple) else edge.b)
        return math.degrees(math.atan2(a[1] - b[1], b[0] - a[0]))

    def worker_spots(self) -> list[tuple[int, pygame.Rect]]:
        """Each worker on the map and the rect its figure covers (standing or lying), as the frame draws it."""
        key = ("spots", self.camera.cell_px, tuple(self.camera.offset))
        hit = self._board_cache.get(key)
        if hit is not None:
            return hit
        s = self.s
        by_cell: dict[Any, list[int]] = {}
        for i, w in enumerate(s.workers):
            if w.pos is not None:
                by_cell.setdefault(w.pos, []).append(i)
        out = []
        r = self.hex_r
        for cell, ids in by_cell.items():
            cx, cy = self.centre(cell)
            step = r * 0.46
            for k, i in enumerate(ids):
                x = cx + (k - (len(ids) - 1) / 2) * step
                w = s.workers[i]
                # Below the tile's action plate, so its icon stays readable.
                if w.standing:
                    width = round(r * 0.5)
                    rect = pygame.Rect(0, 0, width, round(width * 1.25))
                    rect.midbottom = (round(x), round(cy + r * 0.84))
                else:
                    width = round(r * 0.62)
                    rect = pygame.Rect(0, 0, width, round(width * 0.8))
                    rect.center = (round(x), round(cy + r * 0.6))
                out.append((i, rect))
        self._board_cache[key] = out
        return out

    def piece_spots(self) -> list[tuple[Any, pygame.Rect]]:
        """Each road piece on the map and a rect around it (for picking it up and for hints)."""
        out = []
        r = self.hex_r
        for p in self.s.pieces:
            mx, my = self.edge_mid(p.edge)
            out.append((p, pygame.Rect(round(mx - r * 0.3), round(my - r * 0.3), round(r * 0.6), round(r * 0.6))))
        return out

    # ------------------------------------------------------------------ state helpers
    def _my_turn(self) -> bool:
        return self.human_turn()

    def take_notices(self, state) -> None:
        for note in state.notices:
            if note.get("type") == "moved" and note.get("from") is not None:
                self._slide_worker(note)
            if self.notice_shown(note):
                self.notices.add(lambda note=note: self.notice_text(note), NOTICE_SECONDS, self.notice_style(note),
                                 note=note)

    def _slide_worker(self, note: dict) -> None:
        """A computer seat's worker walks its path tile by tile, so the others see where it went."""
        seat = note["seat"]
        if not self.match.seats[seat].is_computer or len(self.match.states) < 2:
            return  # a human dragged it there already
        path = self.rules.reach(self.match.states[-2], note["worker"]).get(tuple(note["cell"]))
        if path is None or len(path) < 2:
            return
        total = self.anim(WALK_STEP_SECONDS * (len(path) - 1))
        if total > 0:
            self.walking = [note["worker"], path, 0.0, total]

    def walking_pos(self) -> tuple[int, tuple[float, float]] | None:
        """(worker, screen point) of a worker walking its path now, or None."""
        if self.walking is None:
            return None
        worker, path, done, total = self.walking
        k = min(1.0, done / total) * (len(path) - 1)
        i = min(int(k), len(path) - 2)
        a, b = self.centre(path[i]), self.centre(path[i + 1])
        f = k - i
        return worker, (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)

    def on_match_change(self, match: Match) -> None:
        self._board_cache.clear()
        self._fit()
        self._sync_widgets()

    def take_screen(self, seat: int) -> None:
        super().take_screen(seat)
        self._static_for = None
        self._board_cache.clear()
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        if not hasattr(self, "btn_main"):
            return
        self.sync_table_widgets()
        px = self.app.px
        a = self.action_area
        self.widen_main(self.app.font(px(13)), a.left + px(140))  # a third row of choices keeps room
        self.lay_choice_rows(a, (40, 74), 30, 6, 43, self.app.font(px(13)))

    def hint_rects(self, action) -> list[pygame.Rect]:
        rects = super().hint_rects(action)
        if isinstance(action, (PlaceWorker, MoveWorker, Hire, Mirror, BuildTile)):
            rects.append(self.cell_rect((action.q, action.r)))
        if isinstance(action, (MoveWorker, Upgrade, TimeWarp)):
            rects += [rect for i, rect in self.worker_spots() if i == action.worker]
        if isinstance(action, PlaceRoad):
            key = key_of(action.edge)
            if key is not None:
                mx, my = self.edge_mid(key)
                r = self.hex_r
                rects.append(pygame.Rect(round(mx - r * 0.4), round(my - r * 0.4), round(r * 0.8), round(r * 0.8)))
        if isinstance(action, BuildTile):
            rects += [rect for tile, rect in self.supply_rects() if tile == action.tile]
        if isinstance(action, (BuildBuilding, BuySpell, CastSpell)):
            index = action.card if isinstance(action, BuildBuilding) else action.spell
            kind = "building_hand" if isinstance(action, BuildBuilding) else \
                "spell_hand" if isinstance(action, BuySpell) else "book"
            rects += [rect for rect, k, i, _seat in self.chip_rects() if k == kind and i == index]
        return rects

    # ------------------------------------------------------------------ drag specs
    def target_at(self, piece, pos) -> Hashable | None:
        if piece[0] == "road":
            return self.edge_at(pos)
        return self.cell_at(pos)

    def _spec_for(self, piece, origin) -> DragSpec:
        kind = piece[0]
        board = lambda: list(self.match.state.board.cells)  # noqa: E731 - every tile may be judged (why not)
        if kind == "place":
            return DragSpec(piece, origin, lambda c, r: PlaceWorker(piece[1], c[0], c[1]), board)
        if kind == "move":
            return DragSpec(piece, origin, lambda c, r: MoveWorker(piece[1], c[0], c[1]), board)
        if kind == "road":
            moved = piece[1]

            def road(edge, turn):
                return PlaceRoad(edge4((edge.a, edge.b)), turn % 2 == BARRICADE,
                                 None if moved is None else edge4(moved))
            return DragSpec(piece, origin, road, self.map_edges, rotatable=True, sides=2, auto_orient=True)
        if kind == "tile":
            tile = piece[1]
            spots = lambda: list(self.rules.spots(self.match.state.board))  # noqa: E731
            return DragSpec(piece, origin, lambda c, r: BuildTile(tile, c[0], c[1], r), spots, rotatable=True,
                            sides=6, auto_orient=True)
        raise ValueError(piece)

    def explain(self, piece, target) -> str | None:
        return None

    def on_release(self, piece, target) -> bool:
        return False

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        self.hover_choice = self.hovered_choice()

    def idle_event(self, event: pygame.event.Event) -> bool:
        return False

    def pick(self, pos) -> bool:
        """Mouse pressed at pos: pick up, or click, whatever the seat to move may use there."""
        if not self._my_turn():
            return False
        s = self.match.state
        seat = s.current
        phase = s.phase
        piece, origin = None, None
        if phase == "place":
            for i, rect in self.panel_worker_rects(seat):
                if rect.collidepoint(pos) and s.workers[i].pos is None:
                    piece, origin = ("place", i), rect.center
        elif phase == "move":
            for i, rect in reversed(self.worker_spots()):
                w = s.workers[i]
                if rect.collidepoint(pos) and w.owner == seat:
                    if not w.standing:
                        self.refused(self.lying_words())
                        return True
                    piece, origin = ("move", i), rect.center
                    break
        elif phase == "roads":
            pile = self.road_pile_rect(seat)
            if pile.collidepoint(pos):
                if self.rules.pool(s, seat) == 0:
                    self.refused(self.empty_pool_words())
                    return True
                piece, origin = ("road", None), pile.center
            else:
                for p, rect in self.piece_spots():
                    if p.owner == seat and rect.collidepoint(pos):
                        if self.rules.pool(s, seat) > 0 and self.cfg_move_pieces() != "always":
                            self.refused(self.pool_first_words())
                            return True
                        piece, origin = ("road", p.edge), rect.center
                        break
        elif phase in ("build", "build_tile"):
            for tile, rect in self.supply_rects():
                if rect.collidepoint(pos):
                    piece, origin = ("tile", tile), rect.center
                    break
        if piece is None:
            return self._click(pos)
        self.hold(self._spec_for(piece, origin), pos)
        self._static_for = None
        return True

    def cfg_move_pieces(self) -> str:
        return str(self.rules.cfg["move_pieces"])

    def _click(self, pos) -> bool:
        """A click on the map or a card that plays the choice it names (a hex to hire on, a worker to upgrade, a
        card to build, buy or cast)."""
        s = self.match.state
        legal = [a for a in self.rules.legal_actions(s) if not isinstance(a, (MoveWorker, PlaceRoad, BuildTile))]
        cell = self.cell_at(pos)
        for a in legal:
            if isinstance(a, (Hire, Mirror, PlaceWorker)) and cell == (a.q, a.r):
                return self._try(a)
        for i, rect in self.worker_spots():
            if rect.collidepoint(pos):
                for a in legal:
                    if isinstance(a, (Upgrade, TimeWarp)) and a.worker == i:
                        return self._try(a)
        for rect, kind, index, seat in self.chip_rects():
            if rect.collidepoint(pos) and seat == s.current:
                for a in legal:
                    if (kind == "building_hand" and isinstance(a, BuildBuilding) and a.card == index) or \
                            (kind == "spell_hand" and isinstance(a, BuySpell) and a.spell == index) or \
                            (kind == "book" and isinstance(a, CastSpell) and a.spell == index):
                        return self._try(a)
        return False

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        super().update(dt)
        self.drag.update(dt)
        if self.walking is not None:
            self.walking[2] += dt
            if self.walking[2] >= self.walking[3]:
                self.walking = None
        if self.wants_final_sheet():
            self.push_final_sheet()
