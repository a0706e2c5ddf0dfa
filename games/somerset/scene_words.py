"""Everything the Somerset table says (a mixin of SomersetScene): instructions, buttons, notices, tooltips.

Every string a player reads goes through t(); what the rules word themselves (refusals, log lines) comes
as Words and is translated the same way. Everything comes from `self.s`, the view of the seat holding
the screen: another seat's hand is only ever a count here.
"""
from __future__ import annotations

from typing import Any

import pygame

from engine.core.words import N_
from engine.ui.choices import Choice, MainAction
from engine.ui.i18n import t, tn
from engine.ui.widgets import draw_tooltip
from games.somerset.catalogue import ALL_RESOURCES
from games.somerset.rules import (
    Alchemy, BuildBuilding, BuildTile, BuySpell, CastSpell, ChooseResource, Decline, Dispel, Done, EndTurn,
    Government, Hire, KeepCard, LieDown, MarketStall, Mirror, MoveWorker, PlaceRoad, PlaceWorker, Stride,
    TakeAction, TimeWarp, Trade, Upgrade,
)
from games.somerset.rules_map import key_of
from games.somerset.rules_state import HIDDEN

MAP_GESTURES = (MoveWorker, PlaceWorker, PlaceRoad, BuildTile)  # made by dragging, never as buttons
MAIN = (TakeAction, EndTurn, Done)
PHASE_NAMES = {"place": N_("first placements"), "build": N_("building period"), "over": N_("game over")}
SHOWN = ("fee", "cast", "tile_built", "building_built", "spell_bought", "income", "round", "building_period",
         "end_triggered", "game_over", "hired", "upgraded", "road", "dispelled", "kept", "royal_favour", "advanced",
         "no_hire", "no_upgrade", "deck_empty", "workshop", "market", "alchemy", "trade", "lay_down")
ECHO_NOTES = ("moved", "spell_bought", "tile_built", "road", "trade", "market", "alchemy", "lay_down", "cast",
              "dispelled")  # notices that say again what the action's own log line says
TURNS = N_("turns")  # the phase's name when it has no other
DONE_WORDS = {"build": N_("Pass"), "roads": N_("No more roads"), "trade": N_("No more trades"), "upgrade": N_("No upgrade"),
              "free_cast": N_("No free cast"), "build_tile": N_("Build no tile"), "build_building": N_("Build no building"),
              "mirror": N_("Skip"), "stride": N_("Skip")}


class SomersetWords:
    """Instructions, choices, notices and tooltips of the scene."""

    ECHOES = dict.fromkeys(ECHO_NOTES)  # notes that say again what the action that made them says (the log leaves them)
    NOTICE_KINDS = frozenset(SHOWN + ECHO_NOTES)  # a worker's move is told over the board when another seat made it

    barricade_mode = False  # the road piece comes up as a barricade (the choice bar's toggle)

    # ------------------------------------------------------------------ names
    def res_name(self, code: str) -> str:
        return t(self.cat.resource_name(code))

    def cost_words(self, cost: dict[str, int]) -> str:
        if not cost:
            return t("free")
        return ", ".join(f"{n} {self.res_name(code)}" for code, n in cost.items())

    def tile_name(self, cell) -> str:
        placed = self.s.board.cells.get(tuple(cell))
        return t(self.cat.tiles[placed.tile].name) if placed is not None else t("an empty hex")

    def kind_name(self, worker: int) -> str:
        return t(self.s.workers[worker].kind)

    def round_words(self) -> str:
        s = self.s
        phase = t(PHASE_NAMES.get(s.phase, TURNS))
        words = t("Round {n} · {phase} · sword: {who}", n=s.round, phase=phase, who=self.seat_name(s.start_player))
        if s.end_round:
            words += " · " + t("last round")
        return words

    def lying_words(self) -> str:
        return t("That worker has already moved this round: it lies down until the building period.")

    def empty_pool_words(self) -> str:
        return t("All your road pieces are out: pick one up from the map to move it.")

    def pool_first_words(self) -> str:
        return t("You still have road pieces beside the map: drag one of those.")

    # ------------------------------------------------------------------ instructions
    def over_words(self) -> str:
        return t("The game is over. The score sheet shows how it ended.")

    def turn_words(self, seat: int, who: str) -> str:
        s = self.s
        phase = s.phase
        if phase == "place":
            return t("{who}: drag your peasant or knight from your panel onto a free city tile.", who=who)
        if phase == "move":
            extra = t(" Cast spells first if you like.") if self.rules.castable(s, seat) else ""
            return t("{who}: drag a standing worker along the roads; it must go exactly its distance.", who=who) + extra
        if phase == "act":
            cell = s.landed
            short = t(self.cat.tiles[s.board.cells[cell].tile].short) if cell in s.board.cells else ""
            return t("{who}: take the action of {tile} ({short}) or decline it.", who=who,
                     tile=self.tile_name(cell), short=short)
        if phase == "after":
            return t("{who}: cast spells or use a building, then end your turn.", who=who)
        if phase == "build":
            return t("{who}, building period: drag a country tile onto a lit hex (R turns it), build a building or "
                     "buy spells from your hand, or pass.", who=who)
        if phase == "build_tile":
            return t("{who}: drag a country tile onto a lit hex (R turns it).", who=who)
        if phase == "roads":
            left = s.task.left if s.task is not None else 1
            return t("{who}: drag a road piece from your panel onto an edge: across it a road, along it a barricade "
                     "(R turns it). {n} to place.", who=who, n=left)
        return f"{who}: " + t(self.rules.phase_reasons.get(phase, ""))

    def idle_label(self) -> str:
        return t("Your move") if self._my_turn() else t("Wait")

    def main_action(self) -> MainAction | None:
        if not self._my_turn():
            return None
        s = self.match.state
        if s.phase == "act":
            cell = s.landed
            short = t(self.cat.tiles[s.board.cells[cell].tile].short) if cell in s.board.cells else ""
            return MainAction(t("Take: {short}", short=short), TakeAction(), t("Take the tile's action."))
        if s.phase == "after":
            return MainAction(t("End turn"), EndTurn(), t("End your turn."))
        if Done() in self._legal():
            if s.phase == "build" and s.built:
                return MainAction(t("Finish"), Done(), t("End your building period turn."))
            label = DONE_WORDS.get(s.phase, "Done")
            return MainAction(t(label), Done(), t("Finish this step."))
        return None

    def _legal(self) -> list:
        key = ("legal", self.match.version)
        hit = self._board_cache.get(key)
        if hit is None:
            hit = self._board_cache[key] = self.rules.legal_actions(self.match.state)
        return hit

    # ------------------------------------------------------------------ choices
    def choices(self) -> list[Choice]:
        if not self._my_turn():
            return []
        out = []
        for a in self._legal():
            if isinstance(a, MAP_GESTURES) or isinstance(a, MAIN):
                continue
            out.append(Choice(self.choice_label(a), self._icon_for(a), a, self.choice_tip(a)))
        if self.match.state.phase == "roads":
            label = t("Lay as: barricade") if self.barricade_mode else t("Lay as: road")
            out.append(Choice(label, None, self._toggle_barricade,
                              t("What a road piece you pick up is laid as (R turns it while you hold it)."),
                              chosen=self.barricade_mode))
        return out

    def _toggle_barricade(self) -> None:
        self.barricade_mode = not self.barricade_mode
        self._sync_widgets()

    def _icon_for(self, a) -> Any:
        code = None
        if isinstance(a, ChooseResource):
            code = a.resource
        elif isinstance(a, Trade) or isinstance(a, MarketStall):
            code = a.take
        elif isinstance(a, CastSpell) and self.match.state.phase != "free_cast":
            code = "C"
        if code is None or code not in ALL_RESOURCES:
            return None

        def draw(surface: pygame.Surface, rect: pygame.Rect, ink) -> None:
            img = self.art.icon(code, min(rect.width, rect.height))
            surface.blit(img, img.get_rect(center=rect.center))
        return draw

    def choice_label(self, a) -> str:
        s = self.match.state
        if isinstance(a, Decline):
            return t("Decline")
        if isinstance(a, LieDown):
            return t("Lay your {kind} down", kind=self.kind_name(a.worker))
        if isinstance(a, CastSpell):
            card = self.cat.spells[a.spell]
            if s.phase == "free_cast":
                return t("Cast {spell} free", spell=t(card.name))
            return t("Cast {spell}: {n}", spell=t(card.name), n=card.cast)  # the crystal icon before it
        if isinstance(a, MarketStall):
            return t("Market: {give} → {take}", give=self.res_name(a.give), take=self.res_name(a.take))
        if isinstance(a, Alchemy):
            return t("Alchemy: {give} → crystal", give=", ".join(self.res_name(r) for r in a.give))
        if isinstance(a, Government):
            return self.gov_label(a)
        if isinstance(a, ChooseResource):
            word = self.res_name(a.resource)
            if s.phase == "waive":
                return t("Don't pay {res}", res=word)
            if s.phase == "pay":
                return t("Pay {res}", res=word)
            return word
        if isinstance(a, Upgrade):
            w = s.workers[a.worker]
            return t("Upgrade {kind} on {tile}", kind=t(w.kind), tile=self.tile_name(w.pos) if w.pos else "")
        if isinstance(a, Hire):
            return t("Hire on {tile}", tile=self.tile_name((a.q, a.r)))
        if isinstance(a, KeepCard):
            spells = s.task is not None and s.task.kind == "draw_spells"
            name = self.cat.spells[a.card].name if spells else self.cat.buildings[a.card].name
            return t("Keep {card}", card=t(name))
        if isinstance(a, Trade):
            return t("{give} → {take}", give=" + ".join(self.res_name(r) for r in a.give), take=self.res_name(a.take))
        if isinstance(a, Dispel):
            key = key_of(a.edge)
            if key is None:
                return t("Dispel")
            return t("Dispel {a} | {b}", a=self.tile_name(key[0]), b=self.tile_name(key[1]))
        if isinstance(a, Stride):
            return t("One step more") if a.delta > 0 else t("One step fewer")
        if isinstance(a, Mirror):
            return t("Take {tile}'s action", tile=self.tile_name((a.q, a.r)))
        if isinstance(a, TimeWarp):
            w = s.workers[a.worker]
            return t("Stand up {kind} on {tile}", kind=t(w.kind), tile=self.tile_name(w.pos) if w.pos else "")
        if isinstance(a, BuildBuilding):
            card = self.cat.buildings[a.card]
            return t("Build {name} ({cost})", name=t(card.name), cost=self.cost_words(card.cost))
        if isinstance(a, BuySpell):
            card = self.cat.spells[a.spell]
            return t("Buy {name} ({n})", name=t(card.name), n=self.rules.spell_price(s, s.current, a.spell))
        return t(self.rules.describe(s, a))

    def gov_label(self, a: Government) -> str:
        s = self.match.state
        col = self.rules.cfg["government"][a.column - 1]
        amounts = {"money": tn("{n} coin", "{n} coins", col["money"]),
                   "resources": tn("{n} resource", "{n} resources", col["resources"]),
                   "magic": tn("{n} crystal", "{n} crystals", col["crystals"]), "cast": t("a free cast")}
        verb = t("Advance to {n}", n=a.column) if a.column == s.players[s.current].gov + 1 else \
            t("Column {n}", n=a.column)
        return f"{verb}: {amounts.get(a.benefit, a.benefit)}"

    def choice_tip(self, a) -> str:
        if isinstance(a, CastSpell):
            card = self.cat.spells[a.spell]
            return t("{effect} (cast for {n} crystals)", effect=t(card.text), n=card.cast)
        if isinstance(a, (BuildBuilding, KeepCard)) and not (isinstance(a, KeepCard) and self.match.state.task is not None
                                                              and self.match.state.task.kind == "draw_spells"):
            return t(self.cat.buildings[a.card].text)
        if isinstance(a, BuySpell):
            return t(self.cat.spells[a.spell].text)
        if isinstance(a, KeepCard):
            return t(self.cat.spells[a.card].text)
        if isinstance(a, Government):
            fee = self.rules.cfg["government"][a.column - 1]["fee"]
            if a.column == self.match.state.players[self.match.state.current].gov + 1:
                return t("Advance (fee: {fee}) and take this benefit.", fee=self.cost_words(fee))
            return t("Activate this column (no fee) and take this benefit.")
        return ""

    # ------------------------------------------------------------------ notices
    def caused(self, state, action=None) -> list[str]:
        """What an action caused, for the log (which says the action itself, so never its echo)."""
        return [text for n in state.notices if self.notice_kind_shown(n) and not self.echoes(action, n)
                and (text := self.notice_text(n))]

    @staticmethod
    def notice_style(note: dict) -> str:
        return "good" if note.get("type") in ("end_triggered", "game_over", "round", "building_period") else "plain"

    def notice_text(self, note: dict) -> str:
        kind = note.get("type")
        seat = note.get("seat")
        who = self.seat_name(seat) if isinstance(seat, int) else ""
        if kind == "fee":
            return tn("{who} takes {n} coin landing fee from {payer}'s visit.",
                      "{who} takes {n} coins landing fee from {payer}'s visit.", note["coins"], who=who,
                      payer=self.seat_name(note["payer"]))
        if kind == "cast":
            return t("{who} cast {spell}.", who=who, spell=t(self.cat.spells[note["spell"]].name))
        if kind == "tile_built":
            return t("{who} built {tile}.", who=who, tile=t(self.cat.tiles[note["tile"]].name))
        if kind == "building_built":
            return t("{who} built the {b} (+{n} coins).", who=who, b=t(self.cat.buildings[note["card"]].name),
                     n=note.get("coins", 0))
        if kind == "spell_bought":
            return t("{who} laid {spell} into the spell book.", who=who, spell=t(self.cat.spells[note["spell"]].name))
        if kind == "round":
            return t("Round {n} begins; {who} holds the sword.", n=note["round"],
                     who=self.seat_name(note["start_player"]))
        if kind == "building_period":
            return t("Building period: each seat may build one country tile or one building, and buy spells.")
        if kind == "end_triggered":
            return t("The end is near: round {n} is the last.", n=note.get("last_round", 0))
        if kind == "game_over":
            return t("The game is over.")
        if kind == "kept":
            cards = note.get("cards")
            if cards is not None and self.holder == seat:
                names = [self.cat.spells[c].name if note.get("spells") else self.cat.buildings[c].name
                         for c in cards if c != HIDDEN]
                return t("You kept {cards}.", cards=", ".join(t(n) for n in names))
            return t("{who} kept a card.", who=who)
        if kind == "moved":
            w = note.get("worker", -1)
            kind_word = t(self.s.workers[w].kind) if 0 <= w < len(self.s.workers) else t("worker")
            if note.get("from") is None:  # the first round's placing (the log's words for it)
                return t("{who} put the {kind} on {tile}.", who=who, kind=kind_word, tile=self.tile_name(note["cell"]))
            return t("{who} moved the {kind} to {tile}.", who=who, kind=kind_word, tile=self.tile_name(note["cell"]))
        if kind == "road":
            return t("{who} laid a barricade.", who=who) if note.get("barricade") else t("{who} laid a road.", who=who)
        if kind in ("income", "hired", "upgraded", "dispelled", "royal_favour", "advanced", "no_hire", "no_upgrade",
                    "deck_empty", "workshop", "market", "alchemy", "trade", "lay_down"):
            return self._short_notice(kind, who, note)
        return ""

    def _short_notice(self, kind: str, who: str, note: dict) -> str:
        texts = {
            "income": N_("{who} takes the buildings' income."), "hired": N_("{who} hired a peasant."),
            "upgraded": N_("{who} upgraded a worker."), "dispelled": "{who} dispelled a barricade.",
            "royal_favour": N_("{who} moved up the government track."), "advanced": N_("{who} advanced on the government track."),
            "no_hire": N_("{who} cannot hire: no room for another worker."), "no_upgrade": N_("{who} has no worker to upgrade."),
            "deck_empty": N_("The deck is empty."), "workshop": N_("{who}'s Workshop gives one more."),
            "market": N_("{who} used the Market Stall."), "alchemy": N_("{who} made a crystal."), "trade": N_("{who} traded."),
            "lay_down": N_("{who} could not move and laid a worker down."),
        }
        return t(texts[kind], who=who)

    # ------------------------------------------------------------------ tooltips
    def drop_words(self, piece, target) -> str | None:
        kind = piece[0]
        if kind in ("place", "move") and target in self.s.board.cells:
            tile = self.cat.tiles[self.s.board.cells[target].tile]
            return t("{tile}: {short}", tile=t(tile.name), short=t(tile.short))
        if kind == "road":
            return t("Lay a barricade here (R: a road)") if self.drag.rotation % 2 else t("Lay a road here (R: a barricade)")
        if kind == "tile":
            tile = self.cat.tiles[piece[1]]
            return t("Build {tile} here ({cost})", tile=t(tile.name), cost=self.cost_words(tile.cost))
        return None

    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        text = self.hover_text(pos)
        if text:
            draw_tooltip(surface, text, pos, font, max_width=self.app.px(360))

    def hover_text(self, pos) -> str | None:
        s = self.s
        for tile, rect in self.supply_rects():
            if rect.collidepoint(pos):
                d = self.cat.tiles[tile]
                return t("{name}: {short}\nCost: {cost}", name=t(d.name), short=t(d.short), cost=self.cost_words(d.cost))
        for rect, kind, index, _seat in self.chip_rects():
            if rect.collidepoint(pos):
                if kind in ("book", "spell_hand"):
                    card = self.cat.spells[index]
                    return t("{name} (buy {buy}, cast {cast} crystals, {timing}): {effect}", name=t(card.name),
                             buy=card.buy, cast=card.cast, timing=t(card.timing), effect=t(card.text))
                b = self.cat.buildings[index]
                return t("{name} ({cost}): {effect}", name=t(b.name), cost=self.cost_words(b.cost), effect=t(b.text))
        for col, rect in zip(self.rules.cfg["government"], self.gov_columns()):
            if rect.collidepoint(pos):
                who = [self.seat_name(i) for i, p in enumerate(s.players) if p.gov == col["column"]]
                text = t("Column {n}: advancing costs {fee}; benefits: {money} coins, {res} resources or {cr} crystals.",
                         n=col["column"], fee=self.cost_words(col["fee"]), money=col["money"], res=col["resources"],
                         cr=col["crystals"])
                cast = col.get("free_cast", "none")
                if cast == "or":
                    text += " " + t("Or a free cast instead of the crystals.")
                elif cast == "and":
                    text += " " + t("A free cast with the crystals.")
                return text + "\n" + t("Here: {who}", who=", ".join(who) or "-")
        for i, rect in self.worker_spots():
            if rect.collidepoint(pos):
                w = s.workers[i]
                state = t("standing") if w.standing else t("lying down")
                return t("{who}'s {kind} ({state})", who=self.seat_name(w.owner), kind=t(w.kind), state=state)
        cell = self.cell_at(pos)
        if cell is not None and cell in s.board.cells:
            placed = s.board.cells[cell]
            d = self.cat.tiles[placed.tile]
            text = t("{name}: {short}", name=t(d.name), short=t(d.short))
            if placed.owner >= 0:
                text += "\n" + t("Owner: {who}", who=self.seat_name(placed.owner))
            if cell in s.used:
                text += "\n" + t("Its action was taken this round.")
            return text
        return None
