"""The gestures of the Five Tribes table (a mixin of FiveTribesScene): presses, drags and the move.

A press picks up what the seat to move may use there: its turn marker, a start tile's meeples,
a camel, the palm or palace, the assassin marker, a card of the row or a Djinn. Pieces other
than the meeples travel with the engine's drag controller; the meeples of a move are held the
same way (piece "hand"), and each tile the held pointer enters receives one of them.
"""
from __future__ import annotations

import math
from typing import Hashable

import pygame

from engine.ui.drag import DragSpec
from engine.ui.i18n import t
from games.five_tribes.rules_state import (
    ASSASSIN,
    TRIBES,
    Bid,
    BuyCard,
    Drop,
    KeepDjinn,
    Kill,
    PickUp,
    PlaceCamel,
    PlacePalace,
    PlacePalm,
    TakeDjinn,
    UseDjinn,
)


class FiveTribesInput:
    """Every gesture of the table, turned into actions for the Match."""

    # ------------------------------------------------------------------ drag specs (marker, camel, palm, palace, assassin)
    def target_at(self, piece, pos) -> Hashable | None:
        kind = piece[0]
        if kind == "marker":
            return self.spot_at(pos)
        if kind == "assassin":
            for seat in range(len(self.match.seats)):
                parts = self.seat_parts(seat)
                for tribe in ("vizier", "elder"):
                    if parts[tribe].inflate(self.app.px(16), self.app.px(8)).collidepoint(pos):
                        return ("court", seat, tribe)
            hit = self.meeple_hit(pos)
            if hit is not None:
                return ("tile", hit[0], hit[1])
            tile = self.tile_at(pos)
            return ("tile", tile, None) if tile is not None else None
        tile = self.tile_at(pos)
        if kind == "hand" and tile == self.m.pos:
            return None  # the tile the hand stands on is no step
        return tile

    def _kill_for(self, target) -> Kill | None:
        """The kill a drop of the assassin marker on `target` makes (the first one the rules accept there)."""
        if target is None:
            return None
        where, place, tribe = target
        if tribe is None:
            return None
        m = self.m
        if where == "court":
            kills = [k for k in self.kill_targets() if k.seat == place and tribe in k.colours]
            return kills[0] if kills else Kill((tribe,), seat=place)
        need = self.rules.assassins_need(m, place)
        kills = [k for k in self.kill_targets() if k.tile == place and tribe in k.colours]
        return kills[0] if kills else Kill((tribe,), tile=place, fakirs=need)

    def _spec_for(self, piece, origin) -> DragSpec:
        kind = piece[0]
        if kind == "marker":
            def bid(spot, rot):
                landing = self.rules.landing_spot(self.m, spot)
                return Bid(spot if landing is None else landing, self.kumarbi)
            return DragSpec(piece, origin, bid, lambda: list(range(sum(n for _c, n in self.m.levels))))
        if kind == "camel":
            return DragSpec(piece, origin, lambda tile, rot: PlaceCamel(tile), lambda: list(self.m.claims[:1]))
        if kind in ("palm", "palace"):
            make = PlacePalm if kind == "palm" else PlacePalace

            def place(tile, rot):
                mm = self.m
                if tile == mm.final:
                    return make(tile)
                pays = [a.pay for a in self.legal_now() if isinstance(a, make) and a.tile == tile and a.pay]
                pay = self.pay_for(pays)
                return make(tile, pay) if pay else make(tile, ("fakir",))
            return DragSpec(piece, origin, place, lambda: list(self.rules.geo(self.m).around[self.m.final]))
        if kind == "assassin":
            def candidates():
                out = []
                for k in self.kill_targets():
                    for tribe in k.colours:
                        out.append(("tile", k.tile, tribe) if k.tile >= 0 else ("court", k.seat, tribe))
                return list(dict.fromkeys(out))
            return DragSpec(piece, origin, lambda target, rot: self._kill_for(target), candidates)
        raise ValueError(piece)

    def drop_words(self, piece, target) -> str | None:
        """What dropping the held piece on a legal target does, for its tooltip."""
        act = self.drag.spec.action_for(target, 0) if self.drag.holding else None
        if act is None:
            return None
        m = self.m
        if isinstance(act, Bid):
            level = self.rules.spot_level(m, act.spot)[0]
            price = self.rules.price(m, level, act.fakirs)
            return t("Bid {n} gold for this place in the turn order.", n=min(price, m.player.gold))
        if isinstance(act, Kill):
            what = t(" and ").join(self.tribe_name(c) for c in act.colours)
            if act.fakirs:
                return self.counted(act.fakirs, "Kill the {what} here, discarding 1 Fakir to reach it.",
                                    "Kill the {what} here, discarding {n} Fakirs to reach it.", what=what)
            return t("Kill the {what} here.", what=what)
        if isinstance(act, (PlacePalm, PlacePalace)):
            thing = t("palm tree") if isinstance(act, PlacePalm) else t("palace")
            if act.pay:
                return t("Put the {thing} here, paying {pay} to the Djinn.", thing=thing, pay=self.pay_words(act.pay))
            return t("Put the {thing} here.", thing=thing)
        if isinstance(act, PlaceCamel):
            return t("Your camel takes this tile.")
        if isinstance(act, Drop):
            return t("Drop a {tribe} here.", tribe=self.tribe_name(act.colour))
        return None

    def explain(self, piece, target) -> str | None:
        """Why a spot that makes no action at all is refused."""
        if piece[0] == "assassin" and target is not None and target[0] == "tile" and target[2] is None:
            return t("Drop the marker on a meeple of that tile.") if any(self.m.meeples[target[1]]) else t(
                "There is no meeple on that tile.")
        return None

    # ------------------------------------------------------------------ input (the table routes; these are the hooks)
    def game_key(self, event: pygame.event.Event) -> bool:
        """Esc first cancels a Djinn's target or a choice of kills under way."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.targeting or self.kill_choice):
            self.targeting = None
            self.kill_choice = []
            self._sync_widgets()
            return True
        return False

    def game_gesture(self, event: pygame.event.Event) -> bool:
        """The meeples of a move carried with the button down, or a press on a marked end tile."""
        if self.walking:
            self._handle_walk(event)
            return True
        if self.pending_end is not None and not self.drag.holding:
            self._handle_pending(event)
            return True
        return False

    def idle_event(self, event: pygame.event.Event) -> bool:
        """The wheel chooses the colour to drop during a move; a right click cancels a Djinn's target."""
        if event.type == pygame.MOUSEWHEEL and self.m.phase == "move" and self._my_turn():
            self._cycle_colour(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.targeting:
            self.targeting = None
            self._sync_widgets()
            return True
        return False

    def _colour_changed(self) -> None:
        self.step_refusal = None
        if self.walking:
            self.drag.spec.piece = ("hand", self.colour)  # a new piece: the legal tiles are asked again
            self.drag._refresh_hover()
        self._sync_widgets()

    def _cycle_colour(self, step: int) -> None:
        held = [TRIBES[c] for c in range(5) if self.m.hand[c]]
        if not held:
            return
        i = held.index(self.colour) if self.colour in held else 0
        self.colour = held[(i + step) % len(held)]
        self._colour_changed()

    def on_release(self, piece, target) -> bool:
        """The assassin dropped where Iblis' double kill leaves a choice: the choice comes first."""
        if piece[0] == "assassin" and target is not None and "double_kill" in self.m.boosts:
            kills = self._kills_at(target)
            if len(kills) > 1:
                self.drag.cancel()
                self.kill_choice = kills
                self._sync_widgets()
                return True
        return False

    def _kills_at(self, target) -> list[Kill]:
        where, place, tribe = target
        if tribe is None:
            return []
        key = "tile" if where == "tile" else "seat"
        return [k for k in self.kill_targets() if getattr(k, key) == place and tribe in k.colours]

    def pick(self, pos) -> bool:
        """Mouse pressed at pos: pick up, press or click whatever the seat to move may use there."""
        if not self._my_turn():
            return False
        m = self.m
        phase = m.phase
        piece, origin = None, None
        if phase == "bid":
            rect = self.marker_rect(m.marker)
            spot = self.spot_at(pos)
            if rect is not None and rect.inflate(self.app.px(8), self.app.px(8)).collidepoint(pos):
                piece, origin = ("marker", m.marker), rect.center
            elif spot is not None:
                landing = self.rules.landing_spot(m, spot)
                self._try(Bid(spot if landing is None else landing, self.kumarbi))
                return True
        elif self.targeting is not None:
            tile = self.tile_at(pos)
            if tile is not None:
                self._use_on(tile)
                return True
        elif phase == "start":
            tile = self.tile_at(pos)
            if tile is not None:
                if self._try(PickUp(tile)):
                    self.hold_hand(pos)
                return True
        elif phase == "move":
            return self._press_in_move(pos)
        elif phase == "control":
            parts = self.seat_parts(m.seat)
            tile = self.tile_at(pos)
            if parts["camels"].inflate(self.app.px(12), self.app.px(8)).collidepoint(pos):
                piece, origin = ("camel",), parts["camels"].center
            elif tile is not None:
                self._try(PlaceCamel(tile))
                return True
        elif phase == "tribe" and m.collected[0] == ASSASSIN:
            if self.marker_source().collidepoint(pos):
                piece, origin = ("assassin",), self.marker_source().center
            else:
                return self._click_kill(pos)
        elif phase == "tile":
            action = self.rules.tile_at(m, m.final).action
            if action in ("palm", "palace"):
                tile = self.tile_at(pos)
                if self.palm_source().collidepoint(pos):
                    piece, origin = (action,), self.palm_source().center
                elif tile is not None:
                    spec = self._spec_for((action,), pos)
                    self._try(spec.action_for(tile, 0))
                    return True
            elif action == "market":
                return self._click_card(pos)
            elif action == "djinn":
                return self._click_djinn(pos)
        elif phase == "market":
            return self._click_card(pos)
        elif phase == "choose_djinn":
            for djinn, rect in self.drawn_rects():
                if rect.collidepoint(pos):
                    self._try(KeepDjinn(djinn))
                    return True
        if piece is None:
            return False
        self.hold(self._spec_for(piece, origin), pos)
        return True

    def _click_kill(self, pos) -> bool:
        """A click on a meeple (or an opponent's Vizier or Elder) kills it, as a drop of the marker would."""
        target = self.target_at(("assassin",), pos)
        if target is None:
            return False
        if target[2] is None:
            why = self.explain(("assassin",), target)
            if why:
                self._refused(why)
            return True
        if "double_kill" in self.m.boosts:
            kills = self._kills_at(target)
            if len(kills) > 1:
                self.kill_choice = kills
                self._sync_widgets()
                return True
        act = self._kill_for(target)
        if act is not None:
            self._try(act)
        return True

    def _click_card(self, pos) -> bool:
        for slot, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos):
                self._try(BuyCard(slot))
                return True
        return False

    def _click_djinn(self, pos) -> bool:
        m = self.m
        for i, rect in enumerate(self.djinn_rects):
            if rect.collidepoint(pos) and i < len(m.djinn_row) and m.djinn_row[i] is not None:
                d = m.djinn_row[i]
                pays = [a.pay for a in self.legal_now() if isinstance(a, TakeDjinn) and a.djinn == d]
                self._try(TakeDjinn(d, self.pay_for(pays) or tuple(self.cfg["sacred_payments"][0])))
                return True
        return False

    def _use_on(self, tile: int) -> None:
        djinn = self.targeting
        uses = [a for a in self.legal_now() if isinstance(a, UseDjinn) and a.djinn == djinn and a.tile == tile]
        if uses:
            pay = self.pay_for([u.pay for u in uses])
            self.targeting = None
            self._try(UseDjinn(djinn, pay, tile))
            return
        pays = [a.pay for a in self.legal_now() if isinstance(a, UseDjinn) and a.djinn == djinn]
        self._refused(self.match.why_illegal(UseDjinn(djinn, self.pay_for(pays) or (), tile)) or t("Not there."))

    # ------------------------------------------------------------------ the move
    @property
    def walking(self) -> bool:
        """The meeples in hand are held with the button down: each tile entered receives one."""
        return self.drag.holding and self.drag.spec.piece[0] == "hand"

    def hold_hand(self, pos) -> None:
        """Take the meeples of the move in progress in hand at pos (the drag controller holds them)."""
        spec = DragSpec(("hand", self.colour), self.cell_rect(self.m.pos).center, self._hand_action, self._hand_targets)
        self.drag.pick(spec, pos)
        self._walk_pos = pos
        self.last_tile = self.tile_at(pos)

    def release_hand(self) -> None:
        """The button is up (or the move is over): the meeples wait on the tile the move has reached."""
        if self.walking:
            self.drag.spec = None
            self.drag.hover = None
            self.drag.hover_reason = None

    def _hand_action(self, tile, rot):
        return Drop(tile, self.colour) if tile is not None and self.colour else None

    def _hand_targets(self) -> list[int]:
        return [tl for tl, tr in self.next_steps() if tr == self.colour]

    def _press_in_move(self, pos) -> bool:
        m = self.m
        tile = self.tile_at(pos)
        if tile is None:
            return False
        self.last_tile = tile
        self._walk_pos = pos
        if tile == m.pos:
            self.hold_hand(pos)
            return True
        if tile in self.end_tiles():
            self.pending_end = tile  # released here: finish the move; dragged on: a step
            return True
        if self._step(tile, quiet=False) and self.m.phase == "move":
            self.hold_hand(pos)
        return True

    def _handle_pending(self, event: pygame.event.Event) -> None:
        """The button went down on a marked end tile: a release there finishes, leaving it is a step."""
        end = self.pending_end
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pending_end = None
            if self.tile_at(event.pos) == end:
                self.finish_move(end)
            return
        if event.type == pygame.MOUSEMOTION and self.tile_at(event.pos) != end:
            self.pending_end = None
            if self._step(end, quiet=True) and self.m.phase == "move":
                self.hold_hand(self._walk_pos or event.pos)
                self.last_tile = end
                self._handle_walk(event)

    def _handle_walk(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            # Follow the pointer's whole way since the last event, so a quick sweep misses no tile; a tile
            # counts as entered only once the pointer is well inside it (a clipped corner drops nothing).
            start = self._walk_pos or event.pos
            self._walk_pos = event.pos
            n = max(1, int(math.dist(start, event.pos) / max(4, self.camera.cell_px / 6)))
            for k in range(1, n + 1):
                point = (start[0] + (event.pos[0] - start[0]) * k / n, start[1] + (event.pos[1] - start[1]) * k / n)
                self._enter(self.tile_core_at(point))
                if not self.walking:
                    return
            self.drag.handle(event)  # the hand follows; the tile under it says why it is refused
            return
        if event.type == pygame.MOUSEWHEEL:
            self._cycle_colour(-1 if event.y > 0 else 1)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release_hand()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.release_hand()

    def _enter(self, tile: int | None) -> None:
        """The held pointer has entered `tile`: a neighbour of the hand takes a meeple of the chosen colour."""
        if tile == self.last_tile:
            return
        self.last_tile = tile
        if tile is not None and self.m.phase == "move" and tile != self.m.pos:
            self._step(tile, quiet=True)

    def _step(self, tile: int, quiet: bool) -> bool:
        """Drop one meeple of the chosen colour on `tile` (a neighbour of the hand); False with the reason kept."""
        if self.colour is None:
            return False
        act = Drop(tile, self.colour)
        reason = self.match.why_illegal(act)
        if reason is None:
            self.match.play(act)
            self.app.sound.play("drop")
            self._played(act)
            return True
        self.step_refusal = (tile, t(reason))
        if not quiet:
            self._refused(reason)
        return False

    def finish_move(self, end: int) -> bool:
        """Play the drops that end the move on `end`, heading there the most direct way."""
        drops = self.rules.shortest_completion(self.m, end)
        if not drops:
            self._refused(self.step_reason_at(end) or t("The move cannot end there."))
            return False
        for act in drops:
            if not self._try(act):
                return False
        return True

    def step_reason_at(self, tile: int) -> str | None:
        """Why the hovered tile takes no meeple now (None when it does, or it is no neighbour worth a word)."""
        if self.colour is None:
            return None
        reason = self.match.why_illegal(Drop(tile, self.colour))
        if reason is None:
            return None
        reason = t(reason)
        other = [tr for tl, tr in self.next_steps() if tl == tile]
        if other:
            reason += " " + t("A {tribe} could go there (wheel or chips to change).", tribe=self.tribe_name(other[0]))
        return reason
