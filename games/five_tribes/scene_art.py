"""Pictures of Five Tribes for the table, each made once per size and cached.

The art lives in art/five_tribes/ (drawn by make_art.py; its README gives the layout of every
file). Cards leave a plain band at the bottom: a Djinn's name and a Whim card's title and
condition are written into it here, in the player's language, so the art needs no text.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from engine.ui import theme
from engine.ui.assets import Assets
from engine.ui.i18n import t
from engine.ui.surface_cache import MB, SurfaceCache
from engine.ui.widgets import draw_text, wrap_text
from games.five_tribes.catalogue import Catalogue

ART_DIR = Path("art") / "five_tribes"
CARD_W, CARD_H = 180, 256  # the cards' viewBox
DJINN_BAND = (10, 196, 160, 50)  # x, y, w, h in card units: left plain for the name
WHIM_BAND = (10, 142, 160, 104)  # title and condition
TRACK_SIZES = {"turn_track": (760, 150), "turn_track_5p": (1000, 150), "bid_track": (360, 150),
               "bid_track_5p": (440, 150)}
BAND_INK = (74, 44, 24)
NAME_MIN_PX = 8  # a Djinn's name on its card is never written smaller
BACKS = {"resource": "cards/back.svg", "djinn": "djinns/back.svg", "whim": "whims/back.svg"}
# Cards written on (Djinns, Whims) and faded copies: a whole game's are under 2 MB at any window size.
MADE_BUDGET = 8 * MB


def card_size(height: int) -> tuple[int, int]:
    """A card's pixel size at this height (cards keep the 180 x 256 ratio)."""
    return max(4, round(height * CARD_W / CARD_H)), max(6, int(height))


def track_spot(track: str, index: int) -> tuple[float, float]:
    """Spot `index` of a track picture, as a share of its width and height (README: x = 60 + 80 i, y = 96)."""
    w, h = TRACK_SIZES[track]
    return (60 + 80 * index) / w, 96 / h


class FiveTribesArt:
    """Every picture the scene draws, by game word: tiles, meeples, camels, markers, cards, tracks."""

    def __init__(self, assets: Assets, cat: Catalogue, font: Callable[[int, bool], pygame.font.Font]) -> None:
        self.assets = assets
        self.cat = cat
        self.font = font
        self._made: SurfaceCache[tuple, pygame.Surface] = SurfaceCache(MADE_BUDGET, "five tribes cards")
        self._paths: dict[str, str] = {}  # art name -> its path, joined once (the pictures live in app.assets)
        self._tribe_art = {tr.id: tr.art for tr in cat.tribes}
        self._kind_art = {k.id: k.art for k in cat.tile_kinds}

    def _svg(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        path = self._paths.get(name)
        if path is None:  # frame-loop calls repeat: join the path once, so Assets answers them at once
            path = self._paths[name] = str(ART_DIR / name)
        return self.assets.image(path, (max(1, int(size[0])), max(1, int(size[1]))))

    def _once(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        return self._made.remember(key, make)

    # ------------------------------------------------------------------ board and pieces
    def tile(self, kind: str, size: int) -> pygame.Surface:
        return self._svg(self._kind_art[kind], (size, size))

    def slot(self, size: int) -> pygame.Surface:
        return self._svg("board/slot.svg", (size, size))

    def meeple(self, tribe: str, size: int) -> pygame.Surface:
        return self._svg(self._tribe_art[tribe], (size, size))

    def camel(self, colour: str, size: int) -> pygame.Surface:
        return self._svg(f"camel_{colour}.svg", (size, size))

    def marker(self, colour: str, size: int) -> pygame.Surface:
        return self._svg(f"turn_marker_{colour}.svg", (size, size))

    def piece(self, name: str, size: int) -> pygame.Surface:
        """palm, palace, assassin_marker, coin or bag."""
        return self._svg(f"{name}.svg", (size, size))

    def track(self, name: str, width: int) -> pygame.Surface:
        w, h = TRACK_SIZES[name]
        return self._svg(f"{name}.svg", (width, max(1, round(width * h / w))))

    def faded(self, img: pygame.Surface, alpha: int) -> pygame.Surface:
        """A see-through copy of a picture (a spent piece), made once."""
        return self._once(("faded", id(img), alpha), lambda: _with_alpha(img, alpha))

    # ------------------------------------------------------------------ cards
    def back(self, kind: str, height: int) -> pygame.Surface:
        return self._svg(BACKS[kind], card_size(height))

    def resource(self, card: str, height: int) -> pygame.Surface:
        return self._svg(self.cat.resources[card].art, card_size(height))

    def djinn(self, djinn: str, height: int) -> pygame.Surface:
        """A Djinn card with its name written in the plain band (names too small to read are left out)."""
        return self._once(("djinn", djinn, height), lambda: self._djinn(djinn, height))

    def _djinn(self, djinn: str, height: int) -> pygame.Surface:
        d = self.cat.djinns[djinn]
        card = self._svg(d.art, card_size(height)).copy()
        band = _band(card, DJINN_BAND)
        # The name fills the plate: as large as its height allows (at least NAME_MIN_PX), squeezed
        # sideways when it is wider than the plate, so a small card in a seat panel still names itself.
        size = max(NAME_MIN_PX, round(band.height * (0.7 if band.height < 20 else 0.55)))
        font = self.font(size, True)
        name = font.render(t(d.name), True, BAND_INK)
        room = band.width - 4
        if name.get_width() > room:
            name = pygame.transform.smoothscale(name, (room, name.get_height()))
        card.blit(name, name.get_rect(center=band.center))
        return card

    def whim(self, whim: str, height: int, text: bool = True) -> pygame.Surface:
        """A Whim card with its title (and, when it is large enough, its condition) in the band."""
        return self._once(("whim", whim, height, text), lambda: self._whim(whim, height, text))

    def whim_picture(self, whim: str, height: int) -> pygame.Surface:
        """The upper part of a Whim card (reward and icons), for places too small for its words."""
        def make() -> pygame.Surface:
            top = WHIM_BAND[1]
            card = self._svg(self.cat.whims[whim].art, card_size(round(height * CARD_H / top)))
            return card.subsurface((0, 0, card.get_width(), min(card.get_height(), height))).copy()

        return self._once(("whim_picture", whim, height), make)

    def _whim(self, whim: str, height: int, with_text: bool) -> pygame.Surface:
        w = self.cat.whims[whim]
        card = self._svg(w.art, card_size(height)).copy()
        band = _band(card, WHIM_BAND).inflate(-max(2, height // 60), -max(2, height // 60))
        title_px = max(6, round(height * 0.056))
        if title_px < 7:
            return card
        title = self.font(title_px, True)
        y = band.top
        for line in wrap_text(_lang(w.title), title, band.width)[:2]:
            draw_text(card, line, (band.centerx, y), title, BAND_INK, "midtop")
            y += title.get_linesize()
        body_px = max(6, round(height * 0.042))
        if with_text and body_px >= 9:
            body = self.font(body_px, False)
            y += max(2, height // 80)
            lines = wrap_text(_lang(w.text), body, band.width)
            for line in lines:
                if y + body.get_height() > band.bottom:
                    break
                draw_text(card, line, (band.centerx, y), body, theme.INK, "midtop")
                y += body.get_linesize()
        return card


def _lang(words: dict[str, str]) -> str:
    """A card's words in the player's language when the data has it, else English."""
    from engine.ui.i18n import language

    return words.get(language()) or words.get("en", "")


def _band(card: pygame.Surface, band: tuple[int, int, int, int]) -> pygame.Rect:
    sx, sy = card.get_width() / CARD_W, card.get_height() / CARD_H
    x, y, w, h = band
    return pygame.Rect(round(x * sx), round(y * sy), round(w * sx), round(h * sy))


def _with_alpha(img: pygame.Surface, alpha: int) -> pygame.Surface:
    copy = img.copy()
    copy.set_alpha(alpha)
    return copy
