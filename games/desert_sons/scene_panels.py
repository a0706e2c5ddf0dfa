"""The side panel of the Realm of the Desert Sons table (a mixin of DesertSonsScene): where things lie and how they look.

The header, the strip (stacks, the drawn tile, the supply, the rumor board),
one panel per seat (explorers, camel, water, caravan, display, abilities), the
action area, and the card that follows an oasis being scored. Geometry and
drawing sit together so a change of layout is one file. Everything drawn comes
from `self.s`, the view of the seat holding the screen.
"""
from __future__ import annotations

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_panel, draw_text, draw_wrapped, stacked_rects, wrap_text
from games.desert_sons.rules_state import HIDDEN
from games.desert_sons.scene_art import PLINTH_FOOT, figure_rect, figure_top


class DesertPanels:
    """The side panel's geometry and drawing; needs the scene's state, art and fonts."""

    # ------------------------------------------------------------------ geometry
    def stack_rects(self) -> list[pygame.Rect]:
        px = self.app.px
        size = px(36)
        x = self.strip.left + px(12)
        y = self.strip.top + px(24)
        return [pygame.Rect(x + i * (size + px(6)), y, size, size) for i in range(self.cat.stacks)]

    def hand_rect(self) -> pygame.Rect:
        """Where the tile just drawn lies until it is dragged to the board."""
        last = self.stack_rects()[-1]
        px = self.app.px
        return pygame.Rect(last.right + px(16), last.top - px(4), px(44), px(44))

    def supply_rect(self) -> pygame.Rect:
        px = self.app.px
        first = self.stack_rects()[0]
        return pygame.Rect(first.left, self.strip.bottom - px(28), self.hand_rect().right - first.left, px(22))

    def rumor_board_rect(self) -> pygame.Rect:
        px = self.app.px
        left = self.hand_rect().right + px(18)
        return pygame.Rect(left, self.strip.top + px(6), self.strip.right - px(8) - left, self.strip.height - px(12))

    def rumor_pile_rect(self) -> pygame.Rect:
        """The face-down rumor tiles beside the board (its count is written under it)."""
        board = self.rumor_board_rect()
        px = self.app.px
        return pygame.Rect(board.right - px(36), board.top + px(30), px(28), px(28))

    def rumor_columns(self) -> dict[str, pygame.Rect]:
        """One column per kind of merchandise on the rumor board (its icon and value above its slots)."""
        board = self.rumor_board_rect()
        px = self.app.px
        left, right = board.left + px(6), self.rumor_pile_rect().left - px(8)
        n = len(self.cat.goods)
        col_w = (right - left) // n
        return {g: pygame.Rect(left + i * col_w, board.top + px(22), col_w - px(4), board.height - px(26))
                for i, g in enumerate(self.cat.goods)}

    def rumor_slot_rects(self) -> dict[tuple[str, int], pygame.Rect]:
        px = self.app.px
        per = self.cat.config["rumor_slots_per_good"]
        out = {}
        for good, col in self.rumor_columns().items():
            size = min(px(30), (col.width - px(3) * (per + 1)) // max(1, per))
            y = col.bottom - size - px(4)
            x0 = col.centerx - (per * size + (per - 1) * px(3)) // 2
            for i in range(per):
                out[(good, i)] = pygame.Rect(x0 + i * (size + px(3)), y, size, size)
        return out

    def seat_rects(self) -> list[pygame.Rect]:
        return stacked_rects(self.seats_area, len(self.match.seats), self.app.px(6), self.app.px(150))

    def seat_body(self, seat: int) -> pygame.Rect:
        rect = self.seat_rects()[seat]
        px = self.app.px
        return pygame.Rect(rect.left + px(10), rect.top + px(34), rect.width - px(20), rect.height - px(40))

    def rank_font(self) -> pygame.font.Font:
        """The explorers' rank numbers under the figures in the seat panels (issue 13: the plinths' were 7 px)."""
        return self.app.font(self.app.px(12), bold=True)

    def panel_box_width(self, seat: int) -> int:
        """Width of the explorer boxes in a seat's panel: the tallest explorer and its rank fill the panel's body."""
        body = self.seat_body(seat)
        reach = (PLINTH_FOOT - figure_top(self.max_rank)) / 256  # share of a box the tallest figure covers
        room = body.height - self.rank_font().get_height()
        return max(8, min(self.app.px(38), round(room / reach / 2)))

    def explorer_slots(self, seat: int) -> dict[int, pygame.Rect]:
        """The box of each explorer of a seat in its panel, by rank: all stand on one line, their ranks below it."""
        body = self.seat_body(seat)
        w = self.panel_box_width(seat)
        step = self.explorer_step(seat)
        foot = body.bottom - self.rank_font().get_height()
        out = {}
        for i, rank in enumerate(self.s.players[seat].ranks):
            box = pygame.Rect(0, 0, w, 2 * w)
            box.bottom = foot + round(2 * w * (256 - PLINTH_FOOT) / 256)
            box.centerx = body.left + step // 2 + i * step
            out[rank] = box
        return out

    def explorer_step(self, seat: int) -> int:
        return max(self.app.px(22), round(self.panel_box_width(seat) * 0.72))

    def explorer_hit(self, seat: int, rank: int) -> pygame.Rect:
        """The figure (not its whole box) of an explorer in its seat's panel."""
        return figure_rect(self.explorer_slots(seat)[rank], rank)

    def camel_slot(self, seat: int) -> pygame.Rect:
        body = self.seat_body(seat)
        px = self.app.px
        size = min(px(44), body.height)
        left = body.left + self.explorer_step(seat) * len(self.s.players[seat].ranks) + px(6)
        return pygame.Rect(left, body.bottom - size, size, size)

    def display_rects(self, seat: int) -> list[tuple[int | None, pygame.Rect]]:
        """A seat's display: (tile or None for a free place, rect), right-aligned in its panel."""
        body = self.seat_body(seat)
        px = self.app.px
        tiles = list(self.s.players[seat].display)
        limit = self.s.options["display_limit"] or len(tiles)
        places = max(limit, len(tiles), 1)
        size = min(px(40), body.height)
        out = []
        for i in range(places):
            x = body.right - (places - i) * (size + px(5)) + px(5)
            out.append((tiles[i] if i < len(tiles) else None, pygame.Rect(x, body.bottom - size, size, size)))
        return out

    def ability_rects(self, seat: int) -> dict[str, pygame.Rect]:
        rect = self.seat_rects()[seat]
        px = self.app.px
        size = px(22)
        right = rect.right - px(74)
        return {name: pygame.Rect(right - (3 - i) * (size + px(4)), rect.top + px(6), size, size)
                for i, name in enumerate(("leader", "scout", "driver"))}

    def holdings_rect(self, seat: int) -> pygame.Rect:
        """The middle of a seat's panel: water stones above, caravan (camel cards and load spaces) below."""
        body = self.seat_body(seat)
        left = self.camel_slot(seat).right + self.app.px(12)
        right = self.display_rects(seat)[0][1].left - self.app.px(10)
        return pygame.Rect(left, body.top, max(10, right - left), body.height)

    def water_rect(self, seat: int) -> pygame.Rect:
        h = self.holdings_rect(seat)
        return pygame.Rect(h.left, h.top, h.width, min(self.app.px(20), h.height // 2))

    def caravan_slots(self, seat: int) -> tuple[pygame.Rect, list[pygame.Rect], int]:
        """The caravan: its frame, the load spaces that fit, and how many spaces did not fit."""
        h = self.holdings_rect(seat)
        px = self.app.px
        cards = self.s.players[seat].camel_cards
        cap = self.rules.capacity(self.s, seat)
        room = h.width - px(4) - (px(28) if cards else 0) - px(34)  # the card count and the "n/cap" text
        size = min(px(22), max(8, h.height - px(24)), max(px(12), room // max(1, cap) - px(3)))
        frame = pygame.Rect(h.left, h.bottom - size - px(6), h.width, size + px(6))
        x = frame.left + px(4) + (px(28) if cards else 0)
        fit = max(0, (frame.right - px(30) - x) // (size + px(3)))
        shown = min(cap, fit)
        slots = [pygame.Rect(x + i * (size + px(3)), frame.top + px(3), size, size) for i in range(shown)]
        return frame, slots, cap - shown

    # ------------------------------------------------------------------ header and strip
    def _draw_header(self, surface: pygame.Surface) -> None:
        px = self.app.px
        s = self.s
        hd = self.header
        draw_panel(surface, hd, radius=px(10))
        title = t("Round {r}", r=max(1, s.round)) if s.phase != "over" else t("Game over")
        if s.final is not None and s.phase != "over":
            title += "  -  " + t("last turns")
        self.draw_title(surface, title, (hd.left + px(14), hd.top + px(10)), px(19))
        draw_wrapped(surface, self.instruction(), pygame.Rect(hd.left + px(14), hd.top + px(44), hd.width - px(28), px(44)),
                     self.app.font(px(13)), theme.TEXT, max_lines=2)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        draw_panel(surface, self.strip, radius=px(10))
        small = self.app.font(px(12))
        label = self.app.font(px(12), bold=True)
        rects = self.stack_rects()
        draw_text(surface, t("Stacks"), (rects[0].left, self.strip.top + px(6)), label, theme.TEXT_DIM)
        low = s.lowest_stack()
        for i, rect in enumerate(rects):
            n = len(s.stacks[i])
            if n:
                for k in range(min(n, 5) // 2, 0, -1):
                    pygame.draw.rect(surface, (30, 22, 16), rect.move(k * 2, k * 2), border_radius=4)
                surface.blit(self.art.stack_back(i + 1, rect.width), rect)
                if i != low:
                    pygame.draw.rect(surface, (0, 0, 0), rect, 1, border_radius=4)
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 1, border_radius=4)
                draw_text(surface, str(i + 1), rect.center, small, theme.TEXT_DIM, "center")
            draw_text(surface, str(n), (rect.centerx, rect.bottom + px(3)), small, theme.TEXT, "midtop")
        hand = self.hand_rect()
        draw_text(surface, t("Drawn"), (hand.centerx, self.strip.top + px(6)), label, theme.TEXT_DIM, "midtop")
        pygame.draw.rect(surface, theme.PANEL_LIGHT, hand, 1, border_radius=5)
        holding_hand = self.drag.holding and self.drag.spec.piece[0] == "hand"
        if s.in_hand is not None and not holding_hand:
            surface.blit(self.art.tile(self.cat.tiles[s.in_hand].art, hand.width, 0), hand)
        self._draw_supply(surface)
        self._draw_rumor_board(surface)

    def _draw_supply(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        rect = self.supply_rect()
        font = self.app.font(px(12))
        size = px(17)
        x = rect.left
        items = [(self.art.water(size), s.water), (self.art.camel_card(size), s.camel_cards)]
        items += [(self.art.good(g, size), s.goods[g]) for g in self.cat.goods]
        for img, n in items:
            surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
            x += size + px(1)
            x = draw_text(surface, str(n), (x, rect.centery), font, theme.TEXT, "midleft").right + px(7)

    def _draw_rumor_board(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        board = self.rumor_board_rect()
        pygame.draw.rect(surface, (64, 48, 78), board, border_radius=px(8))
        pygame.draw.rect(surface, (120, 96, 150), board, 1, border_radius=px(8))
        draw_text(surface, t("Rumor board"), (board.left + px(8), board.top + px(4)), self.app.font(px(12), bold=True),
                  (214, 200, 236))
        self.drawn_rumors = []
        value_font = self.app.font(px(12), bold=True)
        slots = self.rumor_slot_rects()
        for good, col in self.rumor_columns().items():
            icon_size = px(22)
            icon = self.art.good(good, icon_size)
            surface.blit(icon, (col.left + px(2), col.top))
            value, unknown = self.rules.good_value(s, good)
            text = f"={value}" + ("?" if unknown else "")
            draw_text(surface, text, (col.left + icon_size + px(4), col.top + icon_size // 2), value_font, theme.TEXT,
                      "midleft")
            placed = s.rumor_slots[good]
            for i in range(self.cat.config["rumor_slots_per_good"]):
                rect = slots[(good, i)]
                if i >= len(placed):
                    pygame.draw.rect(surface, (84, 66, 104), rect, border_radius=4)
                    pygame.draw.rect(surface, (150, 128, 180), rect, 1, border_radius=4)
                    continue
                tile, placer, _seen = placed[i]
                if tile == HIDDEN:
                    surface.blit(self.art.rumor_back(rect.width), rect)
                    self.drawn_rumors.append((good, i, None))
                else:
                    val = self.rules.rumor_value(tile)
                    surface.blit(self.art.rumor_face(val, good, rect.width), rect)
                    self.drawn_rumors.append((good, i, val))
                    if s.phase != "over":  # face up only for this seat: an eye says "only you know"
                        pygame.draw.circle(surface, (250, 246, 236), (rect.right - 2, rect.top + 2), max(3, px(4)))
                        pygame.draw.circle(surface, (40, 30, 60), (rect.right - 2, rect.top + 2), max(1, px(2)))
                pygame.draw.rect(surface, theme.seat_rgb(self.match.seats[placer].colour),
                                 pygame.Rect(rect.left, rect.bottom + 1, rect.width, max(2, px(3))))
        pile = self.rumor_pile_rect()
        n = len(s.rumor_pile)
        if n:
            for k in range(min(n, 4), 0, -1):
                pygame.draw.rect(surface, (30, 20, 40), pile.move(k * 2, -k * 2), border_radius=4)
            surface.blit(self.art.rumor_back(pile.width), pile)
        else:
            pygame.draw.rect(surface, (96, 78, 118), pile, 1, border_radius=4)
        draw_text(surface, str(n), (pile.centerx, pile.bottom + px(4)), self.app.font(px(11), bold=True), theme.TEXT,
                  "midtop")

    def _draw_seat(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s = self.s
        px = self.app.px
        info = self.match.seats[seat]
        player = s.players[seat]
        current = s.phase != "over" and seat == s.current
        deciding = s.phase != "over" and seat == s.decider
        draw_panel(surface, rect, fill=theme.PANEL_LIGHT if current else theme.PANEL, radius=px(8),
                   edge=theme.HIGHLIGHT if deciding else (theme.BRASS if current else theme.PANEL_EDGE),
                   width=3 if deciding else 1, shadow=False)
        badge = pygame.Rect(rect.left + px(10), rect.top + px(7), px(20), px(20))
        theme.draw_seat_badge(surface, info.colour, badge)
        name = info.name + ("  " + t("(computer)") if info.is_computer else "")
        if self.computer.thinking == seat:
            name += "  ..."
        nrect = draw_text(surface, name, (badge.right + px(8), badge.centery), self.app.font(px(15), bold=True), theme.TEXT,
                          "midleft")
        if s.owner[s.turban] == seat:
            tb = self.art.turban_icon(px(24))
            surface.blit(tb, tb.get_rect(midleft=(nrect.right + px(6), badge.centery)))
        for which, arect in self.ability_rects(seat).items():
            used = bool(player.used[which]) and not (which == "leader" and s.options["leader_per_use"])
            surface.blit(self.art.ability(which, arect.width, used), arect)
        if self._shown_totals is not None and (self.show_projected_scores or s.phase == "over"):
            unsure = s.phase != "over" and any(self.rules.good_value(s, g)[1] for g in set(player.goods))
            points = t("{n}? pts", n=self._shown_totals[seat]) if unsure else t("{n} pts", n=self._shown_totals[seat])
            draw_text(surface, points, (rect.right - px(10), badge.centery),
                      self.app.font(px(15), bold=True), theme.BRASS, "midright")
        self._draw_seat_explorers(surface, seat)
        self._draw_seat_camel(surface, seat)
        self._draw_water(surface, seat)
        self._draw_caravan(surface, seat)
        self._draw_display(surface, seat)

    def _faded(self, img: pygame.Surface, alpha: int) -> pygame.Surface:
        key = ("faded", id(img), alpha)
        hit = self._board_cache.get(key)
        if hit is None or hit[0] is not img:
            copy = img.copy()
            copy.set_alpha(alpha)
            hit = self._board_cache[key] = (img, copy)
        return hit[1]

    def _draw_seat_explorers(self, surface, seat: int) -> None:
        s = self.s
        colour = self.match.seats[seat].colour
        held = self.drag.spec.piece if self.drag.holding else None
        font = self.rank_font()
        for rank, box in self.explorer_slots(seat).items():
            img = self.art.explorer(colour, rank, box.width)
            home = rank in s.players[seat].supply and not (held is not None and held[0] == "explorer" and held[1] == rank)
            surface.blit(img if home else self._faded(img, 55), box)
            if rank == s.turban:
                self._draw_turban(surface, box, rank, 255 if home else 70)
            foot = box.top + round(PLINTH_FOOT * box.height / 256)
            draw_text(surface, str(rank), (box.centerx, foot), font, theme.TEXT if home else theme.TEXT_DIM, "midtop")

    def _draw_seat_camel(self, surface, seat: int) -> None:
        slot = self.camel_slot(seat)
        img = self.art.camel(self.match.seats[seat].colour, slot.width)
        held = self.drag.holding and self.drag.spec.piece[0] == "camel_start" and self.drag.spec.piece[1] == seat
        placed = self.s.players[seat].camel is not None
        if held:
            pygame.draw.rect(surface, theme.PANEL_EDGE, slot, 1, border_radius=4)
            return
        surface.blit(self._faded(img, 90) if placed else img, slot)

    def _draw_water(self, surface, seat: int) -> None:
        rect = self.water_rect(seat)
        px = self.app.px
        n = self.s.players[seat].water
        size = rect.height
        font = self.app.font(px(12), bold=True)
        text_w = font.size("x99")[0] + px(4)
        room = max(1, rect.width - text_w)
        step = min(size - px(3), (room - size) / max(1, n - 1)) if n > 1 else size
        drop = self.art.water(size)
        for i in range(n):
            surface.blit(drop, (rect.left + round(i * step), rect.top))
        x = rect.left + (round((n - 1) * step) + size if n else 0) + px(4)
        draw_text(surface, f"x{n}", (x, rect.centery), font, (170, 210, 240) if n else theme.TEXT_DIM, "midleft")

    def _draw_caravan(self, surface, seat: int) -> None:
        px = self.app.px
        player = self.s.players[seat]
        frame, slots, hidden = self.caravan_slots(seat)
        pygame.draw.rect(surface, (96, 70, 44), frame, border_radius=px(5))
        pygame.draw.rect(surface, (150, 112, 70), frame, 1, border_radius=px(5))
        font = self.app.font(px(11), bold=True)
        if player.camel_cards:
            card = self.art.camel_card(frame.height - px(4))
            surface.blit(card, card.get_rect(midleft=(frame.left + px(2), frame.centery)))
            draw_text(surface, str(player.camel_cards), (frame.left + px(24), frame.bottom - px(1)), font, theme.TEXT,
                      "bottomright")
        for i, slot in enumerate(slots):
            pygame.draw.rect(surface, (74, 52, 32), slot, border_radius=3)
            if i < len(player.goods):
                surface.blit(self.art.good(player.goods[i], slot.width), slot)
            elif i >= 4:  # spaces a camel card added
                pygame.draw.rect(surface, (200, 160, 100), slot, 1, border_radius=3)
        carried = len(player.goods)
        cap = self.rules.capacity(self.s, seat)
        tail = f"{carried}/{cap}" + (f" +{hidden}" if hidden else "")
        draw_text(surface, tail, (frame.right - px(4), frame.centery), font, theme.TEXT, "midright")

    def _draw_display(self, surface, seat: int) -> None:
        held = self.drag.spec.piece if self.drag.holding else None
        for tile, rect in self.display_rects(seat):
            if tile is None or (held is not None and held[0] == "display" and held[2] == tile):
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
                continue
            surface.blit(self.art.tile(self.cat.tiles[tile].art, rect.width, 0), rect)

    def _draw_action_area(self, surface: pygame.Surface) -> None:
        px = self.app.px
        a = self.action_area
        draw_panel(surface, a, radius=px(10))
        s = self.s
        if s.phase == "rumor" and s.rumor_hand is not None and s.rumor_hand != HIDDEN and self.holder == s.decider:
            rect = pygame.Rect(a.left + px(8), a.top + px(6), px(42), px(42))
            surface.blit(self.art.rumor_face(self.rules.rumor_value(s.rumor_hand), None, rect.width), rect)
            self.drawn_rumors.append(("hand", 0, self.rules.rumor_value(s.rumor_hand)))
        if not self.choices() and self.main_action() is None and s.phase != "over":
            draw_wrapped(surface, self._idle_hint(), pygame.Rect(a.left + px(12), a.top + px(10), a.width - px(24), px(44)),
                         self.app.font(px(13)), theme.TEXT_DIM, max_lines=2)

    def _scoring_card_lines(self, width: int) -> list[tuple[int, str, bool]]:
        """(owner, line, first line of its explorer?) of the scoring card: each explorer in claiming order, what it
        did or is doing now."""
        s = self.s
        sc = s.scoring
        font = self.app.font(self.app.px(13))
        claims = {c["rank"]: c for c in sc.claims}
        toll = sc.toll
        out = []
        for rank in sc.explorers:
            owner = s.owner[rank]
            text = t("{who}, rank {r}", who=self._seat_name(owner), r=rank)
            if rank == s.turban:
                text += " " + t("(turban)")
            if toll and toll["rank"] == rank:
                text += ": " + (t("paid the toll") if toll["paid"] else t("no toll paid, no action"))
            if rank in claims:
                claim = claims[rank]
                if claim["result"]:
                    text += ": " + t(claim["result"])
                elif claim["icon"]:
                    text += ": " + t("claimed {icon}, deciding", icon=t(self.cat.icons[claim["icon"]].name.lower()))
            elif sc.queue and sc.queue[0] == rank and s.phase == "icon":
                text += ": " + t("chooses an icon now")
            elif sc.queue and sc.queue[0] == rank and s.phase == "toll":
                text += ": " + t("decides on the toll")
            elif rank in sc.queue:
                text += ": " + t("waits its turn")  # issue 13: not "chooses now" while another still decides
            out += [(owner, line, i == 0) for i, line in enumerate(wrap_text(text, font, width - self.app.px(34)))]
        return out

    def _scoring_card_rect(self) -> pygame.Rect | None:
        """Where the card of the oasis being scored goes: a corner of the board that hides the least (issue 13:
        it covered the bottom row). Undiscovered sand may be covered; the oasis being scored never if avoidable."""
        sc = self.s.scoring
        if sc is None:
            return None
        px = self.app.px
        area = self._area_rect()
        quarter = (self.size // 2) * self.camera.cell_px - px(12)
        width = max(px(240), min(px(430), quarter, self.board_view.width - px(40)))
        font = self.app.font(px(13))
        height = px(34) + len(self._scoring_card_lines(width)) * font.get_linesize() + px(8)
        inner = area.inflate(-px(8), -px(8))
        spots = [(inner.left, inner.bottom - height), (inner.right - width, inner.bottom - height),
                 (inner.left, inner.top), (inner.right - width, inner.top),
                 (inner.centerx - width // 2, inner.bottom - height), (inner.centerx - width // 2, inner.top)]
        scoring = {c for c, _ in sc.parts}
        pieces = {p.camel for p in self.s.players} | {c for c, _ in self.s.explorers.values()}

        def hides(rect: pygame.Rect) -> int:
            cost = 0
            for r in range(self.size):
                for c in range(self.size):
                    if self.cell_rect((c, r)).colliderect(rect):
                        cell = (c, r)
                        cost += 1000 if cell in scoring else 50 if cell in pieces else 10 if cell in self.s.cells else 0
            return cost
        rects = [pygame.Rect(x, y, width, height) for x, y in spots]
        return min(rects, key=hides)  # the first of equals: bottom left, where it always was

    def _draw_scoring_card(self, surface: pygame.Surface) -> None:
        """While an oasis scores: its explorers in claiming order, the toll and what each claimed.

        It fades while the pointer is over it, so what lies beneath can be seen.
        """
        rect = self._scoring_card_rect()
        if rect is None:
            return
        px = self.app.px
        font = self.app.font(px(13))
        bold = self.app.font(px(14), bold=True)
        n = len({c for c, _ in self.s.scoring.parts})
        title = t("Scoring an oasis of {n} tiles", n=n) if n != 1 else t("Scoring an oasis of 1 tile")
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = card.get_rect()
        draw_panel(card, local, fill=(44, 62, 48), edge=theme.BRASS, radius=px(8), width=2)
        draw_text(card, title, (px(12), px(8)), bold, theme.PARCHMENT)
        y = px(32)
        for owner, line, first in self._scoring_card_lines(rect.width):
            if first:  # the owner's colour beside the first line of each explorer
                pygame.draw.rect(card, theme.seat_rgb(self.match.seats[owner].colour),
                                 (px(10), y + px(3), px(5), font.get_linesize() - px(6)))
            draw_text(card, line, (px(22), y), font, theme.TEXT)
            y += font.get_linesize()
        if rect.collidepoint(self.mouse):
            card.set_alpha(60)
        surface.blit(card, rect)
