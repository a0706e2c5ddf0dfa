"""What the Five Tribes table says under the pointer (a mixin of FiveTribesScene): tooltips and cards.

A card under the pointer (a Djinn, a Whim card, a resource card, on the table or in a seat's
panel) shows large beside it with its words; anything else answers with a tooltip: a spot of
the tracks, the supply, a seat's counters, a tile of the Sultanate. Everything comes from
`self.s`, the view of the seat holding the screen.
"""
from __future__ import annotations

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_panel, draw_text, draw_tooltip, wrap_text
from games.five_tribes.rules_state import HIDDEN, NOBODY, TRIBES, Bid, PickUp


class FiveTribesHover:
    """Tooltips and card pop-ups of the table."""

    # ------------------------------------------------------------------ hover: tooltips and cards
    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        card = self._card_at(pos)
        if card is not None:
            self._draw_card_popup(surface, *card)
            return
        text = self._hover_text(pos)
        if text:
            draw_tooltip(surface, text, pos, font, max_width=self.app.px(340))

    def _card_at(self, pos) -> tuple[str, str, bool] | None:
        """(kind, id, in hand) of the card under the pointer: a Djinn, a Whim card or a resource card."""
        s = self.s
        for i, rect in enumerate(self.djinn_rects):
            if rect.collidepoint(pos) and i < len(s.djinn_row) and s.djinn_row[i] is not None:
                return ("djinn", s.djinn_row[i], False)
        for slot, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos) and slot < len(s.row) and s.row[slot] is not None:
                return ("resource", s.row[slot], False)
        if self.side.collidepoint(pos):
            for seat in range(len(s.players)):
                parts = self.seat_parts(seat)
                for djinn, r in parts["djinns"]:
                    if r.collidepoint(pos):
                        return ("djinn", djinn, True)
                for whim, _done, r in parts["whims"]:
                    if r.collidepoint(pos) and whim != HIDDEN:
                        return ("whim", whim, True)
                for good, r in parts["goods"]:
                    if r.collidepoint(pos):
                        return ("resource", good, True)
        tile = self.tile_at(pos)
        if tile is not None and s.whim_on[tile] not in (None, HIDDEN):
            fx = (pos[0] - self.cell_rect(tile).left) / self.camera.cell_px
            fy = (pos[1] - self.cell_rect(tile).top) / self.camera.cell_px
            if fx > 0.68 and fy < 0.42:
                return ("whim", s.whim_on[tile], False)
        return None

    def _draw_card_popup(self, surface: pygame.Surface, kind: str, card: str, _held: bool) -> None:
        """The card large beside the pointer; a Djinn with its power, a Whim card with its condition and reward."""
        px = self.app.px
        h = px(230)
        if kind == "djinn":
            img = self.art.djinn(card, h)
            d = self.cat.djinns[card]
            cost = "" if d.cost == "none" else " " + t("Costs {pay}.", pay=self._cost_words(d.cost))
            text = t("{name}, {vp} VP. {power}", name=d.name, vp=d.vp, power=t(d.power)) + cost
        elif kind == "whim":
            img = self.art.whim(card, h)
            w = self.cat.whims[card]
            text = t("Whim of the Sultan: {gold} gold, paid once, the moment the condition holds.", gold=w.reward_gold)
        else:
            img = self.art.resource(card, round(h * 0.7))
            res = self.cat.resources[card]
            text = t("Fakir: spent to reach further, build more, or pay Djinns; never sold.") if res.kind == "fakir" else t(
                "{name}: merchandise. Sets of different goods sell for 1, 3, 7, 13, 21, 30, 40, 50, 60 gold.",
                name=t(res.name))
        font = self.app.font(px(13))
        text_w = px(230)
        lines = wrap_text(text, font, text_w)
        box = pygame.Rect(0, 0, img.get_width() + text_w + px(30), max(img.get_height(), len(lines) * font.get_linesize()) + px(20))
        box.topleft = (self.mouse[0] + px(16), self.mouse[1] - box.height // 2)
        if box.right > surface.get_width() - px(4):
            box.right = self.mouse[0] - px(16)
        box.clamp_ip(surface.get_rect().inflate(-px(8), -px(8)))
        draw_panel(surface, box, fill=(34, 26, 20), edge=theme.BRASS_DARK, radius=px(8), width=1)
        surface.blit(img, (box.left + px(10), box.top + px(10)))
        y = box.top + px(12)
        for line in lines:
            draw_text(surface, line, (box.left + img.get_width() + px(20), y), font, theme.TEXT)
            y += font.get_linesize()

    def _cost_words(self, cost: str) -> str:
        return {"elder_or_fakir": t("1 Elder or 1 Fakir"), "elder_and_elder_or_fakir": t("1 Elder, and 1 Elder or 1 Fakir"),
                "fakir": t("1 Fakir"), "fakirs": t("any number of Fakirs")}.get(cost, "")

    def _hover_text(self, pos) -> str | None:
        s = self.s
        m = self.m
        if self.turn_track_rect.collidepoint(pos):
            spot = self.spot_at(pos)
            if spot is not None:
                cost, marker = self.rules.track_spots(m)[spot]
                if m.phase == "bid" and self._my_turn():
                    landing = self.rules.landing_spot(m, spot)
                    reason = self.match.why_illegal(Bid(spot if landing is None else landing, self.kumarbi))
                    if reason:
                        return t(reason)
                    return t("Bid {n} gold here (drag your marker, or click).", n=cost)
                if marker is not None:
                    return t("{who} paid {n} for this spot.", who=self.seat_name(m.marker_seat[marker]), n=cost)
                return t("A free spot at {n} gold.", n=cost)
            return t("Turn order: the dearest spot plays first; among equal prices the last to bid plays first.")
        if self.bid_track_rect.collidepoint(pos):
            return t("Bid order: markers bid from spot 1; a marker moves here when its turn starts.")
        for rect, tip, n in getattr(self, "_supply_rects", []):
            if rect.collidepoint(pos):
                return t("{n} {what}", n=n, what=tip)
        if self.deck_rect.collidepoint(pos):
            return t("{n} resource cards in the draw pile.", n=len(s.deck))
        for seat in range(len(s.players)):
            parts = self.seat_parts(seat)
            p = s.players[seat]
            words = {"gold": t("Gold: hidden") if p.gold_hidden else t("{n} gold", n=p.gold),
                     "camels": t("{n} camels left to place", n=p.camels),
                     "vizier": t("{n} Viziers: 1 point each, 10 for each player with fewer", n=p.viziers),
                     "elder": t("{n} Elders: 2 points each; they pay for Djinns", n=p.elders),
                     "fakir": t("{n} Fakirs", n=p.fakirs)}
            for key, text in words.items():
                if parts[key].inflate(self.app.px(30), 0).move(self.app.px(15), 0).collidepoint(pos):
                    return text
            if parts["vp"].collidepoint(pos) and self.show_projected_scores:
                if p.gold_hidden:
                    return t("Points if the game ended now, without {who}'s gold: it is hidden until the end "
                             "and counts 1 point a coin.", who=self.seat_name(seat))
                return t("Points if the game ended now.")
            for whim, _done, r in parts["whims"]:
                if r.collidepoint(pos) and whim == HIDDEN:
                    return t("A Whim card in {who}'s hand.", who=self.seat_name(seat))
        tile = self.tile_at(pos)
        if tile is not None:
            return self._tile_text(tile)
        return None

    def _tile_text(self, tile: int) -> str:
        s = self.s
        m = self.m
        mine = self._my_turn()
        if mine and m.phase == "move":
            if tile == m.pos:
                return t("Your hand is here: drag into a neighbouring tile to drop a meeple.")
            reason = self.step_reason_at(tile)
            ends = self.end_tiles()
            if tile in ends:
                return t("Click to end the move here ({n} meeples still to drop).", n=sum(m.hand))
            if reason:
                return reason
            return t("Drag into this tile to drop a {tribe} here.", tribe=self.tribe_name(self.colour))
        kind = self.rules.tile_at(s, tile)
        name = t("{name}, {vp} VP", name=t(kind.name), vp=kind.vp) if kind.vp else t(kind.name)
        parts = [t("{name} ({colour})", name=name, colour=t(kind.colour)) if kind.colour != "none" else name]
        if kind.text:
            parts.append(t(kind.text))
        if s.owner[tile] != NOBODY:
            parts.append(t("Owned by {who}.", who=self.seat_name(s.owner[tile])))
        held = ", ".join(f"{n} {self.tribe_name(TRIBES[c], n)}" for c, n in enumerate(s.meeples[tile]) if n)
        if held:
            parts.append(t("Meeples: {list}.", list=held))
        if s.palms[tile] or s.palaces[tile]:
            parts.append(t("{p} palm trees, {q} palaces.", p=s.palms[tile], q=s.palaces[tile]))
        if mine and m.phase == "start":
            reason = self.match.why_illegal(PickUp(tile))
            parts.append(t(reason) if reason else t("Press here to pick up its meeples; the grey dots mark where the move can end."))
        return " ".join(parts)
