"""What the Five Tribes table says under the pointer (a mixin of FiveTribesScene): tooltips and cards.

A card under the pointer (a Djinn, a Whim card, a resource card, on the table or in a seat's
panel) shows large beside it with its words; anything else answers with a tooltip: a spot of
the tracks, the supply, a seat's counters, a tile of the Sultanate. Everything comes from
`self.s`, the view of the seat holding the screen.
"""
from __future__ import annotations

import pygame

from engine.core.words import N_
from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_panel, draw_text, draw_tooltip, wrap_text
from games.five_tribes.rules_state import ASSASSIN, HIDDEN, NOBODY, TRIBES, Bid, PickUp

TILE_COLOURS = {"red": N_("red"), "blue": N_("blue")}  # a tile's colour said in its hover text


class FiveTribesHover:
    """Tooltips and card pop-ups of the table."""

    # ------------------------------------------------------------------ what the pointer points at
    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        card = self._card_at(pos)
        if card is not None:
            self._draw_card_popup(surface, *card)
            return
        text = self._hover_text(pos)
        if text:
            draw_tooltip(surface, text, pos, font, max_width=self.app.px(340))

    def _card_at(self, pos) -> tuple[str, str, int | None] | None:
        """(kind, id, city) of the card under the pointer: a Djinn, a Whim card or a resource card; city is the
        tile of the Wondrous City the card lies on (None elsewhere)."""
        s = self.s
        for i, rect in enumerate(self.djinn_rects):
            if rect.collidepoint(pos) and i < len(s.djinn_row) and s.djinn_row[i] is not None:
                return ("djinn", s.djinn_row[i], None)
        for slot, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos) and slot < len(s.row) and s.row[slot] is not None:
                return ("resource", s.row[slot], None)
        if self.side.collidepoint(pos):
            for seat in range(len(s.players)):
                parts = self.seat_parts(seat)
                for djinn, r in parts["djinns"]:
                    if r.collidepoint(pos):
                        return ("djinn", djinn, None)
                for whim, _done, r in parts["whims"]:
                    if r.collidepoint(pos) and whim != HIDDEN:
                        return ("whim", whim, None)
                for good, r in parts["goods"]:
                    if r.collidepoint(pos):
                        return ("resource", good, None)
        tile = self.tile_at(pos)
        if tile is not None and s.whim_on[tile] not in (None, HIDDEN):
            # The card is too small on the tile to read: the whole city shows it large, but during the
            # mover's move only the card itself does (the tile's tooltip then says where the move may go).
            if not (self._my_turn() and self.m.phase == "move") or self.whim_rect(tile).collidepoint(pos):
                return ("whim", s.whim_on[tile], tile)
        return None

    def card_words(self, kind: str, card: str) -> str:
        """What a card's pop-up says: a Djinn's value, power and cost, a Whim card's condition and reward, a good's use."""
        if kind == "djinn":
            d = self.cat.djinns[card]
            cost = "" if d.cost == "none" else " " + t("Costs {pay}.", pay=self._cost_words(d.cost))
            if "vp" in d.our_choice:
                return t("{name}, {vp} VP (our choice: no source gives its value). {power}", name=d.name, vp=d.vp,
                         power=t(d.power)) + cost
            return t("{name}, {vp} VP. {power}", name=d.name, vp=d.vp, power=t(d.power)) + cost
        if kind == "whim":
            return t("Whim of the Sultan \u201c{title}\u201d: {condition} Pays {gold} gold once, the moment this holds.",
                     title=self.whim_title(card), condition=self.whim_condition(card),
                     gold=self.cat.whims[card].reward_gold) + self._own_card_note()
        res = self.cat.resources[card]
        if res.kind == "fakir":
            return t("Fakir: spent to reach further, build more, or pay Djinns; never sold.")
        return t("{name}: merchandise. Sets of different goods sell for {values} gold.", name=t(res.name),
                 values=", ".join(str(v) for v in self.cfg["set_values"][1:]))

    def _own_card_note(self) -> str:
        """Whim cards of this edition's own design (whims.yaml: official false) say so."""
        if self.cat.whim_set.get("official", False):
            return ""
        return " " + t("This edition's own card: the texts of the printed cards could not be found.")

    def _draw_card_popup(self, surface: pygame.Surface, kind: str, card: str, city: int | None) -> None:
        """The card large beside the pointer with its words (on a city, the city's words too)."""
        px = self.app.px
        h = px(230)
        if kind == "djinn":
            img = self.art.djinn(card, h)
        elif kind == "whim":
            img = self.art.whim(card, h)
        else:
            img = self.art.resource(card, round(h * 0.7))
        text = self.card_words(kind, card) if city is None else self._tile_text(city) + self._own_card_note()
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
        if self.turn_track_rect.collidepoint(pos):
            return self._track_text(pos)
        if self.bid_track_rect.collidepoint(pos):
            return t("Bid order: markers bid from spot 1; a marker moves here when its turn starts.")
        for rect, tip in getattr(self, "_supply_rects", []):
            if rect.collidepoint(pos):
                return tip
        if self.deck_rect.collidepoint(pos):
            return self.counted(len(s.deck), "1 resource card in the draw pile.", "{n} resource cards in the draw pile.")
        for seat in range(len(s.players)):
            text = self._seat_text(seat, pos)
            if text:
                return text
        tile = self.tile_at(pos)
        if tile is not None:
            return self._tile_text(tile)
        return None

    def _track_text(self, pos) -> str:
        """A spot of the turn-order track: its price, who paid it or whether the mover may bid there."""
        m = self.m
        spot = self.spot_at(pos)
        if spot is None:
            return t("Turn order: the dearest spot plays first; among equal prices the last to bid plays first.")
        cost, marker = self.rules.track_spots(m)[spot]
        ours = " " + t("This price is our choice: the rulebook does not show this spot.") \
            if self.rules.spot_is_our_choice(m, spot) else ""
        if m.phase == "bid" and self._my_turn():
            landing = self.rules.landing_spot(m, spot)
            reason = self.match.why_illegal(Bid(spot if landing is None else landing, self.kumarbi))
            if reason:
                return t(reason) + ours
            return t("Bid {n} gold here (drag your marker, or click).", n=cost) + ours
        if marker is not None:
            return t("{who} paid {n} for this spot.", who=self.seat_name(m.marker_seat[marker]), n=cost) + ours
        return t("A free spot at {n} gold.", n=cost) + ours

    def _seat_text(self, seat: int, pos) -> str | None:
        """A counter, the points or a hidden Whim card of a seat's panel."""
        p = self.s.players[seat]
        parts = self.seat_parts(seat)
        words = {"gold": t("Gold: hidden") if p.gold_hidden else t("{n} gold", n=p.gold),
                 "camels": self.counted(p.camels, "1 camel left to place", "{n} camels left to place"),
                 "vizier": self.counted(p.viziers, "1 Vizier: 1 point each, 10 for each player with fewer",
                                        "{n} Viziers: 1 point each, 10 for each player with fewer"),
                 "elder": self.counted(p.elders, "1 Elder: 2 points each; Elders pay for Djinns",
                                       "{n} Elders: 2 points each; they pay for Djinns"),
                 "fakir": self.counted(p.fakirs, "1 Fakir", "{n} Fakirs")}
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
        return None

    def _tile_text(self, tile: int) -> str:
        s = self.s
        m = self.m
        mine = self._my_turn()
        if mine and m.phase == "move":
            if tile == m.pos:
                return t("Your hand is here: drag into a neighbouring tile to drop a meeple.")
            reason = self.step_reason_at(tile)
            if tile in self.end_tiles():
                return self.counted(sum(m.hand), "Click to end the move here (1 meeple still to drop).",
                                    "Click to end the move here ({n} meeples still to drop).")
            if reason:
                return reason
            return t("Drag into this tile to drop a {tribe} here.", tribe=self.tribe_name(self.colour))
        kind = self.rules.tile_at(s, tile)
        name = t("{name}, {vp} VP", name=t(kind.name), vp=kind.vp) if kind.vp else t(kind.name)
        parts = [t("{name} ({colour}).", name=name, colour=t(TILE_COLOURS.get(kind.colour, kind.colour))) if kind.colour != "none" else name + "."]
        if kind.text:
            parts.append(t(kind.text))
        whim = s.whim_on[tile]
        if whim not in (None, HIDDEN):
            parts.append(t("The card here: \u201c{title}\u201d, {gold} gold: {condition}", title=self.whim_title(whim),
                           gold=self.cat.whims[whim].reward_gold, condition=self.whim_condition(whim)))
        if s.owner[tile] != NOBODY:
            parts.append(t("Owned by {who}.", who=self.seat_name(s.owner[tile])))
        held = ", ".join(f"{n} {self.tribe_name(TRIBES[c], n)}" for c, n in enumerate(s.meeples[tile]) if n)
        if held:
            parts.append(t("Meeples: {list}.", list=held))
        built = [self.counted(n, one, many) for n, one, many in ((s.palms[tile], N_("1 palm tree"), N_("{n} palm trees")),
                                                                  (s.palaces[tile], N_("1 palace"), N_("{n} palaces"))) if n]
        if built:
            parts.append(t(" and ").join(built) + ".")
        if mine and m.phase == "tribe" and m.collected[0] == ASSASSIN and any(m.meeples[tile]):
            need = self.rules.assassins_need(m, tile)
            if 0 < need <= m.player.fakirs:
                parts.append(self.counted(need, "Your Assassins reach this tile if you discard 1 Fakir.",
                                          "Your Assassins reach this tile if you discard {n} Fakirs."))
        if mine and m.phase == "start":
            reason = self.match.why_illegal(PickUp(tile))
            parts.append(t(reason) if reason else t("Press here to pick up its meeples; the grey dots mark where the move can end."))
        return " ".join(parts)
