"""Everything the Realm of Sand table says (a mixin of RealmOfSandScene): instructions, buttons, notices, tooltips.

Every string a player reads goes through t(); what the rules word themselves (refusals, log lines, colour
names) comes as Words and is translated the same way. Everything comes from `self.s`, the view of the seat
holding the screen: of another seat's hand only the tiles it took in sight of all show here.
"""
from __future__ import annotations

from typing import Any

import pygame

from engine.core.words import N_
from engine.ui.choices import Choice, MainAction
from engine.ui.i18n import and_list, t, tn
from engine.ui.widgets import draw_tooltip
from games.realm_of_sand.rules import (
    EMPTY, HIDDEN, AllDiscs, ChooseStartDisc, Claim, EndDiscs, EndSwap, EndTurn, GainLevel, KeepCard, Reserve,
)

LEVELS = {1: "I", 2: "II", 3: "III"}
# notices that say again what the action's own log line says: told over the board only when another seat acted
ECHO_NOTES = ("tile", "took", "disc", "swapped", "start_disc", "power")
SHOWN = ECHO_NOTES + ("claimed", "end_declared", "charged", "drew", "kept", "refill", "game_over")
POWER_TEXTS = {
    "reserve": N_("Red power: look at the top three cards of one deck and keep one face down for yourself."),
    "all_discs": N_("Purple power: this turn's disc action may place or move all your discs."),
    "exchange_disc": N_("Yellow power: exchange one of your discs for one of another colour from the central "
                        "supply."),
    "move_square": N_("Green power: move one of your squares to an empty cell."),
    "gain_level": N_("Orange power: +1 on your track."),
    "swap_tiles": N_("Blue power: swap one or two tiles of your hand with tiles of the ring."),
}
POWER_GESTURES = {
    "reserve": N_("Crystal: click a deck to look at three cards."),
    "all_discs": N_("Crystal: a button below declares all discs."),
    "exchange_disc": N_("Crystal: drag a disc of yours onto a supply disc to exchange it."),
    "move_square": N_("Crystal: drag a square of yours to an empty cell."),
    "gain_level": N_("Crystal: a button below gives +1."),
    "swap_tiles": N_("Crystal: drag a hand tile onto a ring tile to swap them."),
}


class RealmWords:
    """Instructions, choices, notices and tooltips of the scene."""

    ECHOES = dict.fromkeys(ECHO_NOTES)  # notes that say again what the action that made them says (the log leaves them)
    NOTICE_KINDS = frozenset(SHOWN)

    # ------------------------------------------------------------------ names
    def colour_name(self, code: str) -> str:
        return t(self.rules.colour_word(code))

    def card_id(self, card: int) -> str:
        return self.cat.cards[card].id if 0 <= card < len(self.cat.cards) else "?"

    def tile_id(self, tile: int) -> str:
        return self.cat.tiles[tile].id if 0 <= tile < len(self.cat.tiles) else "?"

    def figures_words(self, seat: int) -> str:
        s = self.s
        return " · ".join((tn("{n} point", "{n} points", self.rules.points(s, seat)),
                           tn("{n} hourglass", "{n} hourglasses", self.rules.hourglasses(s, seat)),
                           t("+1 track: {level}", level=s.players[seat].level)))

    def round_words(self) -> str:
        s = self.s
        if len(s.seats) == 1:
            turns = self.rules.cfg["solo"]["turns"]
            return t("Solo · turn {n} of {total}", n=min(max(s.turn, 1), turns), total=turns)
        words = t("Round {n} · start player: {who}", n=s.round, who=self.seat_name(s.start_player))
        if s.end_declared and s.phase != "over":
            words += " · " + t("last round")
        return words

    def no_pattern_words(self, card: int) -> str:
        return t("{card}'s pattern is not on your board (it may be mirrored).", card=self.card_id(card))

    def power_words(self, power: str) -> str:
        return t(POWER_TEXTS.get(power, ""))

    # ------------------------------------------------------------------ instructions
    def turn_words(self, seat: int, who: str) -> str:
        s = self.s
        phase = s.phase
        if self.claiming is not None:
            return t("{who}: click the way {card}'s pattern lies on your board that you give up (Esc: cancel).",
                     who=who, card=self.card_id(self.claiming))
        if not self.my_turn():
            return t("{who} is to play.", who=who)
        if phase == "start":
            return t("{who}: the purple board takes a blue or a yellow disc: click one in the disc supply.", who=who)
        if phase == "take":
            return t("{who}: take one of the two tiles in front of the queen (click it).", who=who)
        if phase == "reserve":
            return t("{who}: keep one of the drawn cards face down (click it).", who=who)
        if phase == "swap":
            return t("{who}: drag another tile of your hand onto a ring tile to swap it, or stop.", who=who)
        if phase == "unlock":
            return t("{who}: click the dark cell your +1 opens for good.", who=who)
        if phase == "discs":
            text = tn("{who}: place or move discs ({n} step left), then end the disc action.",
                      "{who}: place or move discs ({n} steps left), then end the disc action.",
                      self.rules.disc_steps_left(s), who=who)
        elif phase == "after":
            text = t("{who}: claim lit cards with a click, or end your turn.", who=who)
        else:
            text = t("{who}: drag a rune tile onto your board (R turns, F flips) or place or move up to {n} discs; "
                     "click a lit card to claim it.", who=who, n=self.rules.disc_steps_left(s))
        powers = self.powers()
        if powers:
            text += " " + t(POWER_GESTURES[powers[0]])
        return text

    def over_words(self) -> str:
        return t("The game is over. The score sheet shows how it ended.")

    def idle_label(self) -> str:
        return t("Your move") if self.my_turn() else t("Wait")

    def main_action(self) -> MainAction | None:
        if not self.my_turn():
            return None
        if self.claiming is not None:
            return MainAction(t("Cancel claim"), self.cancel_claim, t("Claim no card now (Esc)."))
        phase = self.match.state.phase
        if phase == "before":
            return MainAction(t("Pass"), EndDiscs(), t("Take no main action this turn (a disc action of no steps)."))
        if phase == "discs":
            return MainAction(t("End disc action"), EndDiscs(), t("Stop placing and moving discs."))
        if phase == "after":
            return MainAction(t("End turn"), EndTurn(), t("End your turn; the market is refilled."))
        if phase == "swap":
            return MainAction(t("Stop swapping"), EndSwap(), t("Swap no second tile."))
        return None

    # ------------------------------------------------------------------ choices
    def choices(self) -> list[Choice]:
        if not self.my_turn():
            return []
        if self.claiming is not None:
            ways = self.embeddings_of(self.claiming)
            return [Choice(t("Way {n}", n=k + 1), None, Claim(self.claiming, way),
                           t("Claim {card} with the pieces on these cells.", card=self.card_id(self.claiming)))
                    for k, way in enumerate(ways)]
        out = []
        for a in self.legal():
            if isinstance(a, ChooseStartDisc):
                out.append(Choice(t("Take a {colour} disc", colour=self.colour_name(a.colour)),
                                  self._disc_icon(a.colour), a))
            elif isinstance(a, KeepCard):
                card = self.cat.cards[a.card]
                out.append(Choice(t("Keep {card}", card=card.id), None, a, self.card_words(a.card)))
            elif isinstance(a, Reserve):
                out.append(Choice(t("Red power: deck {level}", level=LEVELS[a.level]), None, a,
                                  self.power_words("reserve")))
            elif isinstance(a, AllDiscs):
                out.append(Choice(t("Purple power: all discs"), None, a, self.power_words("all_discs")))
            elif isinstance(a, GainLevel):
                out.append(Choice(t("Orange power: +1"), None, a, self.power_words("gain_level")))
        return out

    def _disc_icon(self, colour: str) -> Any:
        def draw(surface: pygame.Surface, rect: pygame.Rect, ink) -> None:
            img = self.art.disc(colour, min(rect.width, rect.height))
            surface.blit(img, img.get_rect(center=rect.center))
        return draw

    # ------------------------------------------------------------------ notices
    def caused(self, state, action=None) -> list[str]:
        """What an action caused, for the log (which says the action itself, so never its echo)."""
        return [text for n in state.notices if self.notice_kind_shown(n) and not self.echoes(action, n)
                and (text := self.notice_text(n))] + [text for n in state.notices
                                                      if n.get("type") in ("tile", "disc") and n.get("covered")
                                                      and (text := self.covered_words(n))]

    def covered_words(self, note: dict) -> str:
        covered = note.get("covered")
        if note.get("type") == "tile":
            return tn("It covered {n} piece (a square goes back to the stock, a disc to its owner's supply).",
                      "It covered {n} pieces (squares back to the stock, discs to their owner's supply).",
                      len(covered)) if covered else ""
        if isinstance(covered, str) and covered:
            what = t("a square") if covered.isupper() else t("a disc")
            return t("It covered {what}.", what=what)
        return ""

    @staticmethod
    def notice_style(note: dict) -> str:
        return "good" if note.get("type") in ("claimed", "end_declared", "game_over") else "plain"

    def notice_text(self, note: dict) -> str:
        kind = note.get("type")
        seat = note.get("seat")
        who = self.seat_name(seat) if isinstance(seat, int) else ""
        if kind == "claimed":
            card = self.cat.cards[note["card"]]
            gains = [t("a {colour} disc", colour=self.colour_name(c)) for c in note.get("discs", [])]
            if note.get("levels"):
                gains.append(t("+{n} on the track", n=note["levels"]))
            text = tn("{who} claimed {card}: {n} point.", "{who} claimed {card}: {n} points.", card.points, who=who,
                      card=card.id)
            if gains:
                text += " " + t("Reward: {gains}.", gains=and_list(gains))
            return text
        if kind == "end_declared":
            if seat is None:
                return t("Every deck and the market are empty: this round is the last.")
            return t("{who} has 10 hourglasses or more: this round is the last.", who=who)
        if kind == "charged":
            return t("{who}'s crystal is charged.", who=who)
        if kind == "power":
            return t("{who} used the crystal: {power}", who=who, power=self.power_words(note.get("power", "")))
        if kind == "drew":
            return tn("{who} looks at the top card of deck {level}.",
                      "{who} looks at the top {n} cards of deck {level}.", note.get("count", 0), who=who,
                      level=LEVELS.get(note.get("level", 0), "?"))
        if kind == "kept":
            card = note.get("card")
            if card is not None and card != HIDDEN and self.holder == seat:
                return t("You kept {card} face down.", card=self.card_id(card))
            return t("{who} kept a card face down.", who=who)
        if kind == "refill":
            return t("New in the market: {cards}.", cards=", ".join(self.card_id(c) for c in note.get("cards", [])))
        if kind == "game_over":
            return t("The game is over.")
        if kind == "tile":
            return t("{who} laid rune tile {tile}.", who=who, tile=self.tile_id(note["tile"]))
        if kind == "took":
            return t("{who} took rune tile {tile} from in front of the queen.", who=who,
                     tile=self.tile_id(note["tile"]))
        if kind == "disc":
            return t("{who} placed a {colour} disc.", who=who, colour=self.colour_name(note["disc"])) \
                if note.get("from") is None else t("{who} moved a disc.", who=who)
        if kind == "swapped":
            return t("{who} swapped a tile of the hand with {tile} of the ring.", who=who,
                     tile=self.tile_id(note["ring_tile"]))
        if kind == "start_disc":
            return t("{who} took a {colour} disc for the purple board.", who=who,
                     colour=self.colour_name(note["colour"]))
        return ""

    # ------------------------------------------------------------------ tooltips
    def card_words(self, card: int) -> str:
        d = self.cat.cards[card]
        reward = [t("a {colour} disc", colour=self.colour_name(c)) for c in d.reward_discs]
        if d.reward_levels:
            reward.append(t("+{n} on the track", n=d.reward_levels))
        return t("{card}: {points}, {glasses}; reward: {reward}.", card=d.id,
                 points=tn("{n} point", "{n} points", d.points),
                 glasses=tn("{n} hourglass", "{n} hourglasses", d.hourglasses),
                 reward=and_list(reward) if reward else t("none"))

    def drop_words(self, piece, target) -> str | None:
        kind = piece[0]
        if isinstance(target, tuple) and target and target[0] == "ring":
            return t("Swap it with {tile} of the ring (blue power).", tile=self.tile_id(target[1]))
        if isinstance(target, tuple) and target and target[0] == "supply":
            return t("Exchange it for a {colour} disc (yellow power).", colour=self.colour_name(target[1]))
        if kind == "tile":
            lie = self.drag.spec.turn
            covers = self.anchors_for(piece[1], lie).get(target, ())
            if covers:
                return tn("Lay {tile} here; it covers {n} piece. (R turns it, F flips it.)",
                          "Lay {tile} here; it covers {n} pieces. (R turns it, F flips it.)", len(covers),
                          tile=self.tile_id(piece[1]))
            return t("Lay {tile} here. (R turns it, F flips it.)", tile=self.tile_id(piece[1]))
        if kind == "disc":
            return t("Place the {colour} disc here.", colour=self.colour_name(piece[1]))
        if kind == "board_disc":
            return t("Move the disc here.")
        if kind == "square":
            return t("Move the square here (green power).")
        return None

    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        text = self.hover_text(pos)
        if text:
            draw_tooltip(surface, text, pos, font, max_width=self.app.px(360))

    def hover_text(self, pos) -> str | None:
        s = self.s
        if self.claiming is not None:
            if self.embedding_at(pos) is not None:
                return t("Claim {card} with the pieces on these cells.", card=self.card_id(self.claiming))
            return None
        hit = self.card_at(pos)
        if hit is not None:
            card, where = hit
            text = self.card_words(card)
            if where in ("market", "reserve") and self.shown_seat() == self.holder:
                ways = len(self.embeddings_of(card))
                text += "\n" + (tn("Its pattern lies on your board {n} way: click to claim it.",
                                   "Its pattern lies on your board {n} ways: click to claim it.", ways) if ways
                                else t("Its pattern is not on your board."))
            return text
        for level in (1, 2, 3):
            if self.deck_rect(level).collidepoint(pos):
                return t("Deck {level}: {n} cards left.", level=LEVELS[level], n=len(s.decks[level - 1]))
        for tile, rect in self.ring_spots():
            if rect.collidepoint(pos):
                if tile < 0:
                    return t("The queen: the two tiles clockwise after her may be taken.")
                return self.tile_words(tile)
        for tile, rect in self.offer_rects() + self.hand_rects():
            if rect.collidepoint(pos):
                return self.tile_words(tile) if tile >= 0 else t("A rune tile dealt at the start (hidden).")
        for what, colour, rect in self.supply_rects():
            if rect.collidepoint(pos):
                if what == "square":
                    return t("Square stock, {colour}: {n}", colour=self.colour_name(colour), n=s.squares[colour])
                return t("Central disc supply, {colour}: {n}", colour=self.colour_name(colour), n=s.supply[colour])
        for colour, rect in self.disc_rects():
            if rect.collidepoint(pos):
                n = s.players[self.shown_seat()].discs.get(colour, 0)
                return t("{who}'s discs, {colour}: {n}", who=self.seat_name(self.shown_seat()),
                         colour=self.colour_name(colour), n=n)
        if s.options["side"] == "advanced" and self.crystal_rect().collidepoint(pos):
            p = s.players[self.shown_seat()]
            state = t("charged") if p.charged else t("clear")
            return self.power_words(self.cat.board(p.colour).power) + "\n" + t("The crystal is {state}.", state=state)
        cell = self.cell_at(pos)
        if cell is not None:
            return self.cell_words(cell)
        return None

    def tile_words(self, tile: int) -> str:
        d = self.cat.tiles[tile]
        return t("Rune tile {tile}: {colours}", tile=d.id, colours=", ".join(self.colour_name(c) for c in d.colours))

    def cell_words(self, cell) -> str | None:
        s = self.s
        seat = self.shown_seat()
        p = s.players[seat]
        entry = p.cells[cell[1] * self.cat.width + cell[0]]
        light = cell in self.cat.light
        where = t("light cell") if light else t("dark cell")
        if entry:
            what = t("a {colour} square", colour=self.colour_name(entry)) if entry.isupper() else \
                t("a {colour} disc", colour=self.colour_name(entry.upper()))
            text = t("Column {x}, row {y} ({where}): {what}", x=cell[0] + 1, y=cell[1] + 1, where=where, what=what)
        else:
            text = t("Column {x}, row {y} ({where})", x=cell[0] + 1, y=cell[1] + 1, where=where)
        if not light:
            used = self.rules.dark_in_use(p, sum(1 << i for i, e in enumerate(p.cells) if e))
            text += "\n" + t("Dark cells in use: {used} of {level} (your +1 track).", used=used, level=p.level)
        return text

    def hint_rects(self, action) -> list[pygame.Rect]:
        rects = super().hint_rects(action)
        kind = getattr(action, "kind", "")
        if kind == "place_tile":
            rects += [r for tile, r in self.hand_rects() if tile == action.tile]
            from engine.core.orientation import Orientation
            rects.append(self.tile_screen_rect(action.tile, Orientation(action.turns, action.flipped),
                                               (action.x, action.y)))
        elif kind == "take_tile":
            rects += [r for tile, r in self.offer_rects() if tile == action.tile]
        elif kind == "place_disc":
            rects += [r for c, r in self.disc_rects() if c == action.colour]
            rects.append(self.cell_rect((action.x, action.y)))
        elif kind in ("move_disc", "move_square"):
            rects += [self.cell_rect((action.from_x, action.from_y)), self.cell_rect((action.x, action.y))]
        elif kind == "claim":
            rects += [r for _lv, _k, card, r in self.slot_rects() if card == action.card and card != EMPTY]
            rects += [self.cell_rect(c) for c in action.cells]
        elif kind == "keep_card":
            rects += [r for card, r in self.drawn_rects() if card == action.card]
        elif kind == "unlock":
            rects.append(self.cell_rect((action.x, action.y)))
        return rects
