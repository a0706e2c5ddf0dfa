"""What the Realm of the Desert Sons table says (a mixin of DesertSonsScene): instructions, buttons, notices, tooltips.

Every sentence a player reads on the table, other than the rules' own refusals
and log lines: the instruction for the seat to move, the main button and the
choice buttons, what a notice says, and what lies under the pointer. All of it
comes from `self.s` (the holder's view) or the Match, and goes through `t()`.
"""
from __future__ import annotations

import pygame

from engine.core.words import N_
from engine.ui.choices import Choice, MainAction
from engine.ui.i18n import t
from engine.ui.widgets import draw_tooltip
from games.desert_sons.rules_state import (
    HIDDEN,
    ChooseGood,
    ChooseIcon,
    DiscardTile,
    Draw,
    Exchange,
    Pass,
    PayToll,
    ScoreOasis,
    TakeBack,
    TakeRumor,
)

ABILITY_TEXT = {
    "leader": N_("Caravan leader, once per game: pay {n} water to move along white lines freely."),
    "scout": N_("Scout, once per game: pay {n} water to lay a tile from another player's display."),
    "driver": N_("Camel driver, once per game: pay {n} water at the end of your turn for one more turn."),
}


class DesertWords:
    """The table's words; needs the scene's state helpers and geometry."""

    # ------------------------------------------------------------------ notices and names
    # Notes that say again what the action that made them says: the log leaves them out (engine/ui/game_scene.py)
    ECHOES = {"scout": ("scout",), "exchange": ("exchange",), "rumor_placed": ("place_rumor",),
              "discarded": ("discard_tile",)}

    def caused(self, state, action=None) -> list[str]:
        """What the action that made `state` caused, as the screen's holder may read it (the log lists it)."""
        return [text for n in state.notices if self.notice_kind_shown(n) and not self.echoes(action, n)
                and (text := self._notice_text(n))]

    def notice_kind_shown(self, note: dict) -> bool:
        return note.get("type") in ("no_fit", "scout", "refill", "discarded", "oasis", "rumor_drawn", "rumor_placed",
                                    "rumor_taken", "exchange", "last_tile", "game_over", "turn")  and not (
            note.get("type") == "turn" and not note.get("extra"))

    def _seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def _good_name(self, good: str) -> str:
        """A good's name as a label or at the start of a sentence: "Gems"."""
        return t(self.cat.good_name(good))

    def _good_word(self, good: str) -> str:
        """A good inside a sentence, a plain noun: "the new gems" (issue 13: "the new Gems")."""
        return t(self.cat.good_name(good).lower())

    def _icon_name(self, icon: str) -> str:
        return t(self.cat.icons[icon].name)

    def over_words(self) -> str:
        why = t(self.match.state.end_reason)
        return t("The game is over ({why}). The score sheet shows every good's value.", why=why)

    def turn_words(self, seat: int, who: str) -> str:
        s = self.match.state
        phase = s.phase
        if phase == "camels":
            return t("{who}: drag your camel onto a free end of the start cross.", who=who)
        if phase == "move":
            text = t("{who}: drag the camel along brown lines, across at most one white line (then it stops), "
                     "or stay.", who=who)
            if self.rules.leader_available(s, seat) and self.show_highlights:
                text += " " + t("Amber squares cost {n} water (caravan leader).", n=self.cat.config["costs"]["leader"])
            return text
        if phase == "exchange":
            return t("{who}: on the exchange square you may swap a good for {n} water, or go on.", who=who,
                     n=self.cat.config["costs"]["exchange"])
        if phase == "discover":
            parts = []
            low = s.lowest_stack()
            if low is not None:
                parts.append(t("press stack {n} to draw a tile", n=low + 1))
            if any(self.rules.placements(s, tl) for tl in s.players[seat].display):
                parts.append(t("drag a tile from your display"))
            if self.rules.ability_available(s, seat, "scout") and any(
                    p.display for i, p in enumerate(s.players) if i != seat):
                parts.append(t("pay {n} water to take one from another display (scout)", n=self.cat.config["costs"]["scout"]))
            if not parts:
                return t("{who}: no tile can be laid beside the camel: discover nothing.", who=who)
            return t("{who}: discover: {how}.", who=who, how=t(", or ").join(parts))
        if phase == "place":
            return t("{who}: drag the drawn tile onto a free square beside the camel. R, right click or the wheel "
                     "turns it.", who=who)
        if phase == "discard":
            return t("{who}: your display is over its limit: click one of its tiles to remove it from the game.", who=who)
        if phase == "explorer":
            if not self.rules.explorer_spots(s):  # a discovery that ended on an all-desert tile
                return t("{who}: you may drag one of your explorers on the board back to your panel.", who=who)
            return t("{who}: drag an explorer onto an oasis part of the new tile, drag one of yours on the board back "
                     "to your panel, or place none.", who=who)
        if phase == "order":
            return t("{who}: several oases are complete: click the one to score first.", who=who)
        sc = s.scoring
        rank = sc.queue[0] if sc and sc.queue else 0
        if phase == "toll":
            return t("{who}: your explorer (rank {r}) is the tallest in the oasis: pay {n} water toll, or it takes no "
                     "action.", who=who, r=rank, n=self.cat.config["costs"]["toll"])
        if phase == "icon":
            return t("{who}: your explorer (rank {r}) claims an action icon: click one in the outlined oasis.", who=who,
                     r=rank)
        if phase == "good":
            return t("{who}: your caravan is full: leave the new {good} behind or throw a carried good away.", who=who,
                     good=self._good_word(s.good_wait) if s.good_wait else "")
        if phase == "rumor":
            return t("{who}: put the rumor tile you looked at face down on a kind of merchandise.", who=who)
        if phase == "rumor_take":
            return t("{who}: all rumor tiles are out: take one off the board back into the pile, or leave them.", who=who)
        return who

    def main_action(self) -> MainAction | None:
        """What the main button does now, or None when it has nothing to do."""
        s = self.match.state
        phase = s.phase
        if phase == "over":
            return MainAction(t("Final scores"), self.push_final_sheet, t("Show the final score sheet"))
        if phase == "move":
            return MainAction(t("Stay here"), Pass(), t("Leave the camel where it stands and go on to discover"))
        if phase == "exchange":
            return MainAction(t("No exchange"), Pass(), t("Keep your goods as they are"))
        if phase == "discover":
            low = s.lowest_stack()
            if low is not None:
                return MainAction(t("Draw from stack {n}", n=low + 1), Draw(low + 1),
                        t("Turn up the top tile of stack {n}, then drag it beside the camel", n=low + 1))
            return MainAction(t("Discover nothing"), Pass(), t("Lay no tile this turn"))
        if phase == "explorer":
            if not self.rules.explorer_spots(s):
                return MainAction(t("Take none back"), Pass(), t("Leave your explorers where they stand"))
            return MainAction(t("No explorer"), Pass(), t("Place no explorer this turn"))
        if phase == "toll":
            return MainAction(t("Pay {n} water", n=self.cat.config["costs"]["toll"]), PayToll(True),
                    t("Pay the toll: your tallest explorer then claims an icon first"))
        if phase == "good":
            new = self._good_word(s.good_wait) if s.good_wait else ""
            return MainAction(t("Leave the new {good}", good=new), ChooseGood("new"), t("Keep your caravan as it is"))
        if phase == "rumor_take":
            return MainAction(t("Leave the board"), Pass(), t("Take no rumor tile off the board"))
        return None

    def main_label(self) -> str:
        seat = self._decider()
        if seat is not None and not self._my_turn():
            return t("{who} to play", who=self._seat_name(seat))
        return super().main_label()

    def idle_label(self) -> str:
        return {"camels": t("Place your camel"), "place": t("Lay the tile"), "discard": t("Remove a tile"),
                "order": t("Choose an oasis"), "icon": t("Choose an icon"), "rumor": t("Place the rumor")}.get(
            self._phase(), t("Go on"))

    def after_main(self, action) -> None:
        if isinstance(action, Draw):
            self._pick_drawn(self.hand_rect().center)  # the drawn tile comes into the hand

    def choices(self) -> list[Choice]:
        """The choices the rules offer now that are buttons (the table pages them when they do not fit)."""
        s = self.match.state
        if not self._my_turn():
            return []
        phase = s.phase
        seat = s.decider
        out: list[Choice] = []
        if phase == "exchange":
            for a in self.rules.legal_actions(s):
                if isinstance(a, Exchange):
                    out.append(Choice("", self._pair_icon(a.give, a.take), a,
                                      t("Pay {n} water: swap one {give} for one {take}",
                                        n=self.cat.config["costs"]["exchange"], give=self._good_word(a.give),
                                        take=self._good_word(a.take)), width=64))
        elif phase == "discard":
            for tile in s.players[seat].display:
                out.append(Choice(t("Remove"), self._tile_icon(tile), DiscardTile(tile),
                            t("Remove the {name} from the game", name=t(self.cat.tiles[tile].name))))
        elif phase == "explorer":
            for rank in s.players[seat].ranks:
                if rank in s.explorers:
                    out.append(Choice(t("Take back {r}", r=rank), None, TakeBack(rank),
                                t("Take your explorer of rank {r} back into your supply", r=rank)))
        elif phase == "order":
            for parts in s.pending:
                (cell, part) = parts[0]
                n = len({c for c, _ in parts})
                out.append(Choice(t("Oasis of {n} tiles", n=n) if n != 1 else t("Oasis of 1 tile"), None,
                            ScoreOasis(cell[0], cell[1], part), t("Score this oasis next")))
        elif phase == "toll":
            out.append(Choice(t("Do not pay"), None, PayToll(False), t("Your tallest explorer goes home and takes no action")))
        elif phase == "icon" and s.scoring is not None:
            seen = set()
            for cell, part, index, icon in s.scoring.icons:
                if icon in seen:
                    continue  # icons alike are one choice
                seen.add(icon)
                out.append(Choice("", self._icon_drawer(icon), ChooseIcon(cell[0], cell[1], part, index),
                                  t("Claim: {icon}", icon=self._icon_name(icon)), width=44))
        elif phase == "good":
            for good in self.cat.goods:
                act = self.match.find("choose_good", drop=good)
                if act is not None:
                    out.append(Choice(t("Throw away"), self._good_drawer(good), act,
                                t("Throw away one {good} and load the new {new}", good=self._good_word(good),
                                  new=self._good_word(s.good_wait) if s.good_wait else "")))
        elif phase == "rumor":
            for good in self.cat.goods:
                act = self.match.find("place_rumor", good=good)
                if act is not None:
                    out.append(Choice(self._good_name(good), self._good_drawer(good), act,
                                t("Put the rumor on {good}: it changes what {good} is worth at the end",
                                  good=self._good_word(good))))
        elif phase == "rumor_take":
            for good in self.cat.goods:
                for i in range(len(s.rumor_slots[good])):
                    out.append(Choice(str(i + 1), self._good_drawer(good), TakeRumor(good, i),
                                t("Take rumor {i} off {good} back into the pile (you may look at it)", i=i + 1,
                                  good=self._good_word(good))))
        return out + self._driver_choice()

    def _driver_choice(self) -> list[Choice]:
        """The camel driver during the steps of your turn: pay now, and one more turn follows this one."""
        s = self.match.state
        if s.extra and s.decider == s.current and s.phase != "over":
            return [Choice(t("Extra turn paid"), None, lambda: None,
                           t("The camel driver is paid: one more turn follows this one (Undo takes it back)."),
                           chosen=True)]
        act = self.match.find("extra_turn")
        if act is None:
            return []
        return [Choice(t("Extra turn ({n} water)", n=self.cat.config["costs"]["driver"]), None, act,
                       t("Camel driver, once per game: pay now, and one more whole turn follows this one"))]

    def _icon_drawer(self, icon: str):
        """An action icon filling an icon-only choice button."""
        size = self.app.px(28)

        def draw(surface, rect, ink):
            img = self.art.icon(icon, size)
            surface.blit(img, img.get_rect(center=rect.center))
        return draw

    def _good_drawer(self, good: str):
        return lambda surface, rect, ink: surface.blit(self.art.good(good, rect.height), rect)

    def _tile_icon(self, tile: int):
        return lambda surface, rect, ink: surface.blit(self.art.tile(self.cat.tiles[tile].art, rect.height, 0), rect)

    def _pair_icon(self, give: str, take: str):
        def draw(surface, rect, ink):
            size = rect.height
            surface.blit(self.art.good(give, size), (rect.left - size, rect.top))
            pygame.draw.line(surface, ink, (rect.left + 2, rect.centery), (rect.right - 2, rect.centery), 2)
            pygame.draw.polygon(surface, ink, [(rect.right, rect.centery), (rect.right - 6, rect.centery - 4),
                                               (rect.right - 6, rect.centery + 4)])
            surface.blit(self.art.good(take, size), (rect.right + 2, rect.top))
        return draw

    # ------------------------------------------------------------------ hints, notices, tooltips
    def _idle_hint(self) -> str:
        phase = self.match.state.phase
        if not self._my_turn():
            who = self._decider()
            return t("Waiting for {who}.", who=self._seat_name(who)) if who is not None else ""
        return {"camels": t("Drag your camel from your panel to a green end square."),
                "place": t("Drag the tile from 'Drawn' onto a green square; turn it with R."),
                "discard": t("Click a tile of your display to remove it."),
                "order": t("Click a green oasis on the board."),
                "icon": t("Click an icon in the outlined oasis."),
                "rumor": t("Click a column of the rumor board.")}.get(phase, "")

    def _notice_text(self, note: dict) -> str:
        """A notice in words, as the seat holding the screen may read it."""
        kind = note.get("type")
        viewer = self.holder
        private = note.get("private")
        mine = private is None or private == viewer or self.reveal_all
        who = self._seat_name(note["seat"]) if "seat" in note else ""
        if kind == "turn":
            return t("{who} takes an extra turn (camel driver).", who=who)
        if kind == "no_fit":
            name = t(self.cat.tiles[note["tile"]].name)
            return t("The drawn tile ({name}) fits nowhere beside {who}'s camel: it goes to the display and the turn ends.",
                     name=name, who=who)
        if kind == "scout":
            return t("{who} paid water (scout) and took a tile from {other}'s display.", who=who,
                     other=self._seat_name(note["from"]))
        if kind == "refill":
            return t("{who} refills the display from the stack.", who=who)
        if kind == "discarded":
            return t("{who} removed a tile ({name}) from the game: the display was full.", who=who,
                     name=t(self.cat.tiles[note["tile"]].name))
        if kind == "oasis":
            return t(self.rules.describe_oasis(self.s, note))
        if kind == "rumor_drawn":
            if mine and "value" in note:
                return t("{who} looked at the rumor tile: {v:+d}. Only {who} knows it.", who=who, v=note["value"])
            return t("{who} looked at a rumor tile in secret.", who=who)
        if kind == "rumor_placed":
            return t("{who} put a rumor tile face down on {good}.", who=who, good=self._good_word(note["good"]))
        if kind == "rumor_taken":
            if mine and "value" in note:
                return t("{who} took the rumor {v:+d} off {good}; it goes back into the pile.", who=who, v=note["value"],
                         good=self._good_word(note["good"]))
            return t("{who} took a rumor tile off {good}; it goes back into the pile.", who=who,
                     good=self._good_word(note["good"]))
        if kind == "exchange":
            return t("{who} swapped {give} for {take}.", who=who, give=self._good_word(note["give"]),
                     take=self._good_word(note["take"]))
        if kind == "last_tile":
            return t("The last tile has been drawn: everyone has one more turn.")
        if kind == "game_over":
            return t("The game is over: {why}.", why=t(note.get("reason", "")))
        return ""

    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        text = self.hover_text(pos)
        if text:
            draw_tooltip(surface, text, pos, font)

    def drop_words(self, piece, target) -> str | None:
        """What a legal drop there costs: the caravan leader's water, a scout's water."""
        if piece[0] == "camel" and self._reach().get(target, 0) > 0:
            return t("Pay {n} water (caravan leader, once per game) to end the move here.",
                     n=self.cat.config["costs"]["leader"])
        if piece[0] == "display" and piece[1] != self.match.state.current:
            return t("Scout: pay {n} water to lay {who}'s tile here.", n=self.cat.config["costs"]["scout"],
                     who=self._seat_name(piece[1]))
        return None

    def hover_text(self, pos) -> str | None:
        """What lies under the pointer, in words."""
        s = self.s
        if self.board_view.collidepoint(pos):
            for rank, rect in reversed(self._board_explorer_rects()):
                if rect.collidepoint(pos):
                    return self._explorer_text(rank, on_board=True)
            for seat, rect in getattr(self, "_camel_rects", []):
                if rect.collidepoint(pos):
                    return t("{who}'s camel (caravan).", who=self._seat_name(seat))
            cell = self.cell_at(pos)
            if cell is None:
                return None
            key = ("info", cell, self.holder)
            text = self._board_cache.get(key)
            if text is None:
                text = self._board_cache[key] = t(self.rules.square_info(s, cell))
            return text
        for i, rect in enumerate(self.stack_rects()):
            if rect.collidepoint(pos):
                n = len(s.stacks[i])
                return t("Stack {i}: {n} tiles. Tiles are always drawn from the lowest stack that has tiles.", i=i + 1, n=n)
        if self.hand_rect().collidepoint(pos) and s.in_hand is not None:
            return t("The drawn tile: {name}. Drag it beside the camel.", name=t(self.cat.tiles[s.in_hand].name))
        if self.supply_rect().collidepoint(pos):
            goods = ", ".join(f"{s.goods[g]} {self._good_word(g)}" for g in self.cat.goods)
            return t("The supply: {w} water stones, {c} camel cards, {goods}.", w=s.water, c=s.camel_cards, goods=goods)
        for (good, i), rect in self.rumor_slot_rects().items():
            if rect.collidepoint(pos) and i < len(s.rumor_slots[good]):
                tile, placer, _seen = s.rumor_slots[good][i]
                if tile == HIDDEN:
                    return t("A face-down rumor on {good}, placed by {who}.", good=self._good_word(good),
                             who=self._seat_name(placer))
                return t("Rumor {v:+d} on {good}, placed by {who}.", v=self.rules.rumor_value(tile),
                         good=self._good_word(good), who=self._seat_name(placer))
        for good, col in self.rumor_columns().items():
            if col.collidepoint(pos):
                value, unknown = self.rules.good_value(s, good)
                text = t("{good} is worth {v} at the end (4 plus the rumors on it)", good=self._good_name(good), v=value)
                if unknown:
                    text += t(", and {n} face-down rumors you have not seen", n=unknown)
                return text + "."
        if self.rumor_pile_rect().collidepoint(pos):
            return t("Rumor tiles still face down beside the board: {n}.", n=len(s.rumor_pile))
        for seat in range(len(s.players)):
            text = self._seat_hover(seat, pos)
            if text:
                return text
        return None

    def _explorer_text(self, rank: int, on_board: bool) -> str:
        s = self.s
        owner = s.owner[rank]
        text = t("{who}'s explorer, rank {r} of {top} (taller explorers claim icons first).", who=self._seat_name(owner),
                 r=rank, top=self.max_rank)
        if rank == s.turban:
            text += " " + t("It wears the turban and counts as the tallest.")
        if not on_board and rank in s.explorers:
            text += " " + t("It stands on the board.")
        return text

    def _seat_hover(self, seat: int, pos) -> str | None:
        s = self.s
        player = s.players[seat]
        if not self.seat_rects()[seat].collidepoint(pos):
            return None
        for rank in self.explorer_slots(seat):
            if self.explorer_hit(seat, rank).inflate(self.app.px(6), self.app.px(4)).collidepoint(pos):
                return self._explorer_text(rank, on_board=False)
        for which, rect in self.ability_rects(seat).items():
            if rect.collidepoint(pos):
                text = t(ABILITY_TEXT[which], n=self.cat.config["costs"][which])
                used = player.used[which] and not (which == "leader" and s.options["leader_per_use"])
                return text + " " + (t("Used.") if used else t("Not used yet."))
        if self.camel_slot(seat).collidepoint(pos):
            return t("{who}'s camel: on the board.", who=self._seat_name(seat)) if player.camel else t(
                "{who}'s camel: drag it to an end of the start cross.", who=self._seat_name(seat))
        if self.water_rect(seat).collidepoint(pos):
            return t("{who} has {n} water stones (toll, caravan leader, scout, camel driver; ties).",
                     who=self._seat_name(seat), n=player.water)
        frame, _slots, _hidden = self.caravan_slots(seat)
        if frame.collidepoint(pos):
            goods = ", ".join(f"{player.goods.count(g)} {self._good_word(g)}" for g in self.cat.goods
                              if g in player.goods) or t("nothing")
            return t("Caravan: {goods}; {n} of {cap} load spaces (4, plus 2 per camel card: {k}).", goods=goods,
                     n=len(player.goods), cap=self.rules.capacity(s, seat), k=player.camel_cards)
        for tile, rect in self.display_rects(seat):
            if rect.collidepoint(pos):
                if tile is None:
                    return t("A free place in {who}'s display.", who=self._seat_name(seat))
                return t("{who}'s display: {name} (stack {n}).", who=self._seat_name(seat),
                         name=t(self.cat.tiles[tile].name), n=self.cat.tile_stack[tile])
        return None
