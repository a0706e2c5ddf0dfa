"""The side panel and the supply of the Somerset table (a mixin of SomersetScene): where things lie and how they look.

The header (round, phase, the sword's holder), the government track with every seat's marker, one panel
per seat (coins, resources, workers, road pieces and claim markers left, buildings, spell book, the spell
and building hands: the holder's face up, the others' as counts), the action area, and the country-tile
supply under the map. Geometry and drawing sit together so a change of layout is one file. Everything
drawn comes from `self.s`, the view of the seat holding the screen.
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_panel, draw_text, draw_wrapped, elide, stacked_rects
from games.somerset.catalogue import ALL_RESOURCES
from games.somerset.rules_state import HIDDEN
from games.somerset.scene_art import BUILDING_FACE, SPELL_FACE, hex_points

CHIP_COLOURS = {"building": BUILDING_FACE, "book": SPELL_FACE, "spell_hand": (206, 196, 236),
                "building_hand": (228, 212, 176)}
KIND_ORDER = {"peasant": 0, "knight": 1, "wizard": 2}


class SomersetPanels:
    """The side panel's and the supply's geometry and drawing; needs the scene's state, art and fonts."""

    # ------------------------------------------------------------------ geometry
    def seat_rects(self) -> list[pygame.Rect]:
        return stacked_rects(self.seats_area, len(self.match.seats), self.app.px(4), self.app.px(132))

    def seat_rows(self, seat: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """A seat panel's rows: name and coins, resources and pieces left, workers and cards."""
        rect = self.seat_rects()[seat]
        px = self.app.px
        inner = rect.inflate(-px(12), -px(6))
        top = pygame.Rect(inner.left, inner.top, inner.width, px(20))
        mid = pygame.Rect(inner.left, top.bottom + px(2), inner.width, px(20))
        low = pygame.Rect(inner.left, mid.bottom + px(3), inner.width, max(px(20), inner.bottom - mid.bottom - px(3)))
        return top, mid, low

    def panel_worker_rects(self, seat: int) -> list[tuple[int, pygame.Rect]]:
        """The seat's workers in its panel (not yet placed ones first): the figures to drag in the first round."""
        s = self.s
        _top, _mid, low = self.seat_rows(seat)
        px = self.app.px
        mine = [i for i, w in enumerate(s.workers) if w.owner == seat]
        mine.sort(key=lambda i: (s.workers[i].pos is not None, KIND_ORDER.get(s.workers[i].kind, 3)))
        h = min(px(30), low.height)
        w = round(h * 0.8)
        return [(i, pygame.Rect(low.left + k * (w + px(2)), low.top, w, h)) for k, i in enumerate(mine)]

    def road_pile_rect(self, seat: int) -> pygame.Rect:
        """The seat's road pieces beside the map (the pile a road piece is dragged from)."""
        _top, mid, _low = self.seat_rows(seat)
        px = self.app.px
        x = mid.left + px(5 * 44 + 6)
        return pygame.Rect(x, mid.top, px(70), mid.height)

    def claims_rect(self, seat: int) -> pygame.Rect:
        pile = self.road_pile_rect(seat)
        return pygame.Rect(pile.right + self.app.px(6), pile.top, self.app.px(52), pile.height)

    def chip_rects(self) -> list[tuple[pygame.Rect, str, int, int]]:
        """(rect, kind, card, seat) of every card chip drawn in the seat panels, as of the last frame drawn."""
        return getattr(self, "_chips", [])

    def supply_rects(self) -> list[tuple[int, pygame.Rect]]:
        """Each country tile of the supply and the rect around its hex, in two staggered rows under the map."""
        key = ("supply", self.s.supply, self.app.size)
        hit = self._board_cache.get(key)
        if hit is not None:
            return hit
        area = self.supply_area
        px = self.app.px
        n = max(1, len(self.s.supply))
        per_row = math.ceil(n / 2)
        # two staggered rows of pointy hexes stand 2r + 1.5r tall: both inside the panel, never cut by its edge
        r = min((area.height - px(6)) / 3.5, (area.width - px(110)) / ((per_row + 0.5) * math.sqrt(3)))
        r = max(8.0, r)
        w = r * math.sqrt(3)
        left = area.left + px(100)
        top = area.top + (area.height - (3.5 * r if n > per_row else 2 * r)) / 2
        out = []
        for k, tile in enumerate(self.s.supply):
            row, col = divmod(k, per_row)
            cx = left + w / 2 + col * w + (w / 2 if row else 0)
            cy = top + r + row * 1.5 * r
            out.append((tile, pygame.Rect(round(cx - w / 2), round(cy - r), round(w), round(2 * r))))
        self._board_cache[key] = out
        return out

    def gov_columns(self) -> list[pygame.Rect]:
        px = self.app.px
        area = self.track
        n = len(self.rules.cfg["government"])
        left = area.left + px(6)
        col_w = (area.width - px(12)) // n
        return [pygame.Rect(left + i * col_w, area.top + px(18), col_w - px(3), area.height - px(22)) for i in range(n)]

    # ------------------------------------------------------------------ header
    def _draw_header(self, surface: pygame.Surface) -> None:
        px = self.app.px
        s = self.s
        font = self.app.font(px(20), bold=True)
        draw_text(surface, t("Somerset"), (self.header.left + px(4), self.header.top + px(8)), font, theme.BRASS)
        small = self.app.font(px(13))
        line = self.round_words()
        y = self.header.top + px(40)
        sword = self.art.sword(px(20))
        surface.blit(sword, (self.header.left, y - px(2)))
        draw_text(surface, elide(line, small, self.header.width - px(26)), (self.header.left + px(24), y), small,
                  theme.TEXT)
        del s

    # ------------------------------------------------------------------ government track
    def _draw_track(self, surface: pygame.Surface) -> None:
        px = self.app.px
        draw_panel(surface, self.track, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius=px(8), width=1, shadow=False)
        small = self.app.font(px(11))
        bold = self.app.font(px(11), bold=True)
        draw_text(surface, t("Government track"), (self.track.left + px(8), self.track.top + px(3)), bold,
                  theme.BRASS)
        draw_text(surface, t("fee  |  coins · resources · crystals"), (self.track.right - px(8), self.track.top + px(3)),
                  small, theme.TEXT_DIM, "topright")
        cfg = self.rules.cfg["government"]
        s = self.s
        icon = px(12)
        for col, rect in zip(cfg, self.gov_columns()):
            pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=px(4))
            x = rect.left + px(3)
            for code, n in col["fee"].items():
                x = self._icon_count(surface, code, n, (x, rect.top + px(2)), icon, small) + px(1)
            if not col["fee"]:
                draw_text(surface, t("free"), (x, rect.top + px(2)), small, theme.TEXT_DIM)
            y = rect.top + px(19)
            x = rect.left + px(3)
            for code, n in (("$", col["money"]), ("any", col["resources"]), ("C", col["crystals"])):
                x = self._icon_count(surface, code, n, (x, y), icon, small) + px(3)
            num = draw_text(surface, str(col["column"]), (rect.left + px(4), rect.bottom - px(2)), bold, theme.HIGHLIGHT,
                            "bottomleft")
            markers = [seat for seat, p in enumerate(s.players) if p.gov == col["column"]]
            mw = min(px(13), (rect.right - num.right - px(16)) // max(1, len(markers)))
            for k, seat in enumerate(markers):
                img = self.art.track_marker(self.match.seats[seat].colour, mw)
                surface.blit(img, (num.right + px(3) + k * mw, rect.bottom - img.get_height() - px(1)))
            if col.get("free_cast", "none") != "none":
                draw_text(surface, "✦", (rect.right - px(3), rect.bottom - px(2)), small, (200, 180, 250), "bottomright")

    def _icon_count(self, surface, code: str, n: int, pos, icon: int, font) -> int:
        """An icon and its number; returns the x where the next one may start."""
        surface.blit(self.art.icon(code, icon), (pos[0], pos[1] + max(0, (font.get_height() - icon) // 2)))
        rect = draw_text(surface, str(n), (pos[0] + icon + 1, pos[1]), font, theme.TEXT)
        return rect.right

    # ------------------------------------------------------------------ seats
    def _draw_seats(self, surface: pygame.Surface) -> None:
        self._chips: list[tuple[pygame.Rect, str, int, int]] = []
        for seat, rect in enumerate(self.seat_rects()):
            self._draw_seat(surface, seat, rect)

    def _draw_seat(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s = self.s
        px = self.app.px
        p = s.players[seat]
        info = self.match.seats[seat]
        active = s.current == seat and s.phase != "over"
        self.draw_seat_frame(surface, rect, active)
        top, mid, low = self.seat_rows(seat)
        badge = pygame.Rect(top.left, top.top + px(1), px(18), px(18))
        theme.draw_seat_badge(surface, info.colour, badge)
        name_font = self.app.font(px(14), bold=True)
        who = info.name + ("  " + t("(computer)") if info.is_computer else "")
        if self.computer.thinking == seat:
            who += "  ..."
        name_rect = draw_text(surface, elide(who, name_font, top.width - px(150)), (badge.right + px(6), top.top + px(1)),
                              name_font, theme.TEXT)
        if s.start_player == seat:
            surface.blit(self.art.sword(px(18)), (name_rect.right + px(4), top.top))
        font = self.app.font(px(13))
        x = top.right - px(60)
        self._icon_count(surface, "$", p.coins, (x, top.top + px(2)), px(16), self.app.font(px(14), bold=True))
        x = mid.left
        for code in ALL_RESOURCES:
            x = self._icon_count(surface, code, p.res[code], (x, mid.top + px(2)), px(16), font)
            x = max(x + px(6), mid.left + px(44) * (ALL_RESOURCES.index(code) + 1))
        pile = self.road_pile_rect(seat)
        left = self.rules.pool(s, seat)
        road = self.art.road(info.colour, False, px(26))
        surface.blit(road, road.get_rect(midleft=(pile.left, pile.centery)))
        draw_text(surface, f"×{left}", (pile.left + px(28), pile.top + px(2)), font, theme.TEXT)
        claims = self.claims_rect(seat)
        surface.blit(self.art.claim(info.colour, px(16)), (claims.left, claims.top + px(2)))
        draw_text(surface, f"×{self.rules.claims_left(s, seat)}", (claims.left + px(18), claims.top + px(2)), font,
                  theme.TEXT)
        self._draw_panel_workers(surface, seat)
        self._draw_chips(surface, seat, low)

    def _draw_panel_workers(self, surface: pygame.Surface, seat: int) -> None:
        s = self.s
        colour = self.match.seats[seat].colour
        placing = s.phase == "place" and s.current == seat and self.holder == seat
        for i, rect in self.panel_worker_rects(seat):
            w = s.workers[i]
            img = self.art.worker(colour, w.kind, not w.standing and w.pos is not None, rect.width)
            surface.blit(img, img.get_rect(center=rect.center))
            if w.pos is not None:
                pygame.draw.line(surface, theme.TEXT_DIM, (rect.left + 2, rect.bottom - 1), (rect.right - 2,
                                                                                               rect.bottom - 1), 1)
            elif placing:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(2, 2), 2, border_radius=4)

    def _draw_chips(self, surface: pygame.Surface, seat: int, row: pygame.Rect) -> None:
        """The seat's buildings, spell book and hands as small named cards (others' hands as counts)."""
        s = self.s
        p = s.players[seat]
        px = self.app.px
        workers = self.panel_worker_rects(seat)
        x0 = (workers[-1][1].right if workers else row.left) + px(8)
        font = self.app.font(px(11))
        h = px(17)
        lines = max(1, row.height // (h + px(2)))
        x, y, line = x0, row.top, 0
        items: list[tuple[str, int, str]] = []
        items += [("building", b, t(self.cat.buildings[b].name)) for b in p.buildings]
        items += [("book", sp, t(self.cat.spells[sp].name)) for sp in p.book]
        hidden_spells = sum(1 for sp in p.spell_hand if sp == HIDDEN)
        hidden_buildings = sum(1 for b in p.building_hand if b == HIDDEN)
        items += [("spell_hand", sp, t(self.cat.spells[sp].name)) for sp in p.spell_hand if sp != HIDDEN]
        items += [("building_hand", b, t(self.cat.buildings[b].name)) for b in p.building_hand if b != HIDDEN]
        if hidden_spells:
            items.append(("count", -1, t("{n} spells in hand", n=hidden_spells)))
        if hidden_buildings:
            items.append(("count", -1, t("{n} buildings in hand", n=hidden_buildings)))
        for k, (kind, index, label) in enumerate(items):
            width = min(px(118), font.size(label)[0] + px(10))
            if x + width > row.right:
                line += 1
                if line >= lines:
                    draw_text(surface, t("+{n}", n=len(items) - k), (row.right, y), font, theme.TEXT_DIM, "topright")
                    break
                x, y = row.left if line and row.left < x0 - px(100) else x0, y + h + px(2)
            rect = pygame.Rect(x, y, width, h)
            fill = CHIP_COLOURS.get(kind, theme.PANEL_LIGHT)
            ink = theme.INK if kind != "count" else theme.TEXT_DIM
            if kind != "count":
                pygame.draw.rect(surface, fill, rect, border_radius=px(3))
                edge = theme.BRASS_DARK if kind in ("building", "building_hand") else (120, 96, 170)
                pygame.draw.rect(surface, edge, rect, 1 if kind in ("building", "book") else 2, border_radius=px(3))
                if kind in ("spell_hand", "building_hand"):  # in hand: a dashed look, the card not yet in play
                    pygame.draw.line(surface, edge, (rect.left + 3, rect.bottom - 3), (rect.right - 3, rect.bottom - 3))
                if kind == "book" and index in p.spent:
                    ink = theme.INK_DIM
            draw_text(surface, elide(label, font, width - px(8)), (rect.left + px(4), rect.centery), font, ink,
                      "midleft")
            if kind != "count":
                self._chips.append((rect, kind, index, seat))
            x += width + px(3)

    # ------------------------------------------------------------------ supply
    def _draw_supply(self, surface: pygame.Surface) -> None:
        px = self.app.px
        area = self.supply_area
        draw_panel(surface, area, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius=px(8), width=1, shadow=False)
        bold = self.app.font(px(12), bold=True)
        small = self.app.font(px(11))
        draw_text(surface, t("Country tiles"), (area.left + px(8), area.top + px(8)), bold, theme.BRASS)
        draw_wrapped(surface, t("{n} left", n=len(self.s.supply)), pygame.Rect(area.left + px(8), area.top + px(26),
                                                                               px(72), px(40)), small, theme.TEXT)
        held = self.drag.spec.piece if self.drag.holding else None
        buildable = self._buildable_tiles()
        for tile, rect in self.supply_rects():
            if held == ("tile", tile):
                pygame.draw.polygon(surface, (0, 0, 0), hex_points(rect.centerx, rect.centery, rect.height / 2), 1)
                continue
            img = self.art.tile(self.cat.tiles[tile].id, self.cat.tiles[tile].name, rect.height, 0)
            surface.blit(img, img.get_rect(center=rect.center))
            if buildable is not None and tile not in buildable:  # too dear, or fits nowhere: dimmed
                shade = self._board_cache.get(("shade", rect.height))
                if shade is None:
                    shade = pygame.Surface((rect.height, rect.height), pygame.SRCALPHA)
                    pygame.draw.polygon(shade, (20, 12, 6, 150), hex_points(rect.height / 2, rect.height / 2,
                                                                            rect.height / 2))
                    self._board_cache[("shade", rect.height)] = shade
                surface.blit(shade, shade.get_rect(center=rect.center))
        if self.rules.cfg["end_triggers"].get("country_tiles"):
            built = sum(1 for c in self.s.board.cells.values() if c.owner >= 0)
            draw_wrapped(surface, t("built {n}/{end}", n=built, end=self.rules.cfg["end_triggers"]["country_tiles"]),
                         pygame.Rect(area.left + px(8), area.bottom - px(22), px(76), px(20)), small, theme.TEXT_DIM)

    def _buildable_tiles(self) -> set[int] | None:
        """The country tiles the seat holding the screen may build now (None: nobody builds now)."""
        s = self.match.state
        if s.phase not in ("build", "build_tile") or not self._my_turn() or s.current != self.holder:
            return None
        return {a.tile for a in self._legal() if a.kind == "build_tile"}

    # ------------------------------------------------------------------ action area
    def _draw_action_area(self, surface: pygame.Surface) -> None:
        px = self.app.px
        a = self.action_area
        draw_panel(surface, a, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius=px(8), width=1, shadow=False)
        font = self.app.font(px(13))
        draw_wrapped(surface, self.instruction(), pygame.Rect(a.left + px(8), a.top + px(5), a.width - px(16), px(34)),
                     font, theme.TEXT, max_lines=2)
