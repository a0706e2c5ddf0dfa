"""Drawing helpers and the few controls the table needs: buttons, text fields, cycles, toggles."""
from __future__ import annotations

import math
import random
from typing import Any, Callable, Iterable, Sequence

import pygame

from engine.ui import theme
from engine.ui.surface_cache import MB, SurfaceCache
from engine.ui.theme import Colour

TextSource = str | Callable[[], str]

# Rendered text is cached: fonts are cached by the App, so id(font) is stable for a run.
# A whole game's words at one window size are 3-8 MB (12 at 4K), a frame's under 1 MB.
TEXT_BUDGET = 16 * MB
_TEXT_CACHE: SurfaceCache[tuple[int, str, tuple[int, ...]], pygame.Surface] = SurfaceCache(TEXT_BUDGET, "text")


# When a list, every text that did not fit where it was drawn is noted here (tests: no German text may be
# wider than its box): a label cut short with an ellipsis, a word broken across lines, a line running past
# the left or right edge of what it is drawn on. None (the default) notes nothing.
fit_log: list[str] | None = None


def _unfit(what: str, text: str, font: pygame.font.Font, width: int) -> None:
    if fit_log is not None:
        fit_log.append(f"{what}: {text!r} is {font.size(text)[0]} px wide, the room {width} px")


def render_text(text: str, font: pygame.font.Font, colour: Sequence[int]) -> pygame.Surface:
    """The text rendered once and reused every frame."""
    key = (id(font), text, tuple(colour))
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        surf = _TEXT_CACHE[key] = font.render(text, True, colour)
    return surf


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    font: pygame.font.Font,
    colour: Sequence[int],
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit one line of text with `pos` at the given rect anchor (topleft, center, midright...)."""
    surf = render_text(text, font, colour)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    if fit_log is not None:
        room = surface.get_clip()
        if rect.width and (rect.left < room.left or rect.right > room.right) and rect.colliderect(room):
            _unfit("past the edge", text, font, room.width)
    return rect


def draw_text_shadowed(surface: pygame.Surface, text: str, pos: tuple[float, float], font: pygame.font.Font,
                       colour: Sequence[int], anchor: str = "topleft", offset: int = 2) -> pygame.Rect:
    """Text with a soft dark drop, for titles on wood."""
    draw_text(surface, text, (pos[0] + offset, pos[1] + offset), font, (12, 8, 5), anchor)
    return draw_text(surface, text, pos, font, colour, anchor)


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines no wider than width (words longer than a line are broken)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            if font.size(word)[0] > width and len(word) > 1:
                _unfit("a word broken", word, font, width)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def elide(text: str, font: pygame.font.Font, width: int) -> str:
    """`text` if it fits in `width` pixels, else as much of it as fits followed by an ellipsis."""
    if not text or font.size(text)[0] <= width:
        return text
    _unfit("cut short", text, font, width)
    lo, hi = 0, len(text)  # the longest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def stacked_rects(area: pygame.Rect, n: int, gap: int, most: int) -> list[pygame.Rect]:
    """`n` rows of `area`'s width stacked from its top with `gap` between them, each at most `most` high."""
    h = min(most, (area.height - gap * (n - 1)) // max(1, n))
    return [pygame.Rect(area.left, area.top + i * (h + gap), area.width, h) for i in range(n)]


def draw_wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, font: pygame.font.Font,
                 colour: Sequence[int], line_gap: float = 1.15, max_lines: int | None = None,
                 align: str = "left") -> int:
    """Draw wrapped text into rect from its top (lines left-aligned or centred); returns the height used.

    Extra lines end in an ellipsis.
    """
    lines = wrap_text(text, font, rect.w)
    if max_lines is not None and len(lines) > max_lines:
        # A text kept to max_lines on purpose (a blurb, a preview) ends in an ellipsis: not an overflow.
        global fit_log
        kept, fit_log = fit_log, None
        lines = lines[:max_lines]
        lines[-1] = elide(lines[-1] + "…", font, rect.w)
        fit_log = kept
    step = round(font.get_linesize() * line_gap)
    y = rect.top
    for line in lines:
        if align == "center":
            draw_text(surface, line, (rect.centerx, y), font, colour, "midtop")
        else:
            draw_text(surface, line, (rect.left, y), font, colour)
        y += step
    return y - rect.top


# --------------------------------------------------------------------- panels
# A small panel's shadow is cached whole (one blit); a larger one is cut from a kit per style (radius,
# spread, alpha) of under 1 MB, so a board frame at 4K does not cache 15 MB of shadow per zoom level.
SHADOWS_BUDGET = 8 * MB
WHOLE_SHADOW_BYTES = 256 * 1024
SHADOW_TILE = 256  # the straight middle of a kit: long edges and the inside repeat it
_SHADOWS: SurfaceCache[tuple[int, int, int, int, int], pygame.Surface] = SurfaceCache(SHADOWS_BUDGET, "shadows")


def _shadow(size: tuple[int, int], radius: int, spread: int, alpha: int) -> pygame.Surface:
    """The whole soft shadow of a panel of `size` (cached per size)."""
    key = (size[0], size[1], radius, spread, alpha)
    surf = _SHADOWS.get(key)
    if surf is None:
        surf = pygame.Surface((size[0] + spread * 2, size[1] + spread * 2), pygame.SRCALPHA)
        # Nested rounded rects, each overwriting the last with more alpha: a soft edge without blur.
        for i in range(spread, -1, -1):
            a = round(alpha * (1 - i / (spread + 1)) ** 2)
            r = pygame.Rect(spread - i, spread - i, size[0] + i * 2, size[1] + i * 2)
            pygame.draw.rect(surf, (8, 5, 2, a), r, border_radius=radius + i)
        _SHADOWS[key] = surf
    return surf


def _shadow_pieces(size: tuple[int, int], radius: int, spread: int, alpha: int,
                   at: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int], pygame.Rect]]:
    """(kit, where, part of the kit) blits that draw the shadow of a panel of `size` with its top-left shadow
    corner at `at`: the kit's corners, then its straight middle repeated along the edges and inside."""
    kit = _shadow((2 * radius + SHADOW_TILE, 2 * radius + SHADOW_TILE), radius, spread, alpha)
    corner = spread + radius  # beyond this every rounded rect of the shadow is straight
    across = _shadow_runs(size[0] + spread * 2, corner, kit.get_width())
    down = _shadow_runs(size[1] + spread * 2, corner, kit.get_height())
    return [(kit, (at[0] + dx, at[1] + dy), pygame.Rect(kx, ky, lx, ly))
            for ky, ly, dy in down for kx, lx, dx in across]


def _shadow_runs(length: int, corner: int, kit_length: int) -> list[tuple[int, int, int]]:
    """Along one side of a shadow `length` long: (where in the kit, how long, where in the shadow) for the
    first corner, each repeat of the kit's straight middle, and the last corner."""
    middle = [(corner, min(SHADOW_TILE, length - corner - d), d) for d in range(corner, length - corner, SHADOW_TILE)]
    return [(0, corner, 0)] + middle + [(kit_length - corner, corner, length - corner)]


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 12, spread: int = 10,
                offset: tuple[int, int] = (0, 5), alpha: int = 140) -> None:
    at = (rect.left - spread + offset[0], rect.top - spread + offset[1])
    whole = (rect.width + spread * 2) * (rect.height + spread * 2) * 4 <= WHOLE_SHADOW_BYTES
    if whole or radius < 0 or 2 * radius > min(rect.size):  # small, or its corners are not round quarters
        surface.blit(_shadow(rect.size, radius, spread, alpha), at)
        return
    surface.blits(_shadow_pieces(rect.size, radius, spread, alpha, at), doreturn=False)


def centred_rect(size: tuple[int, int], width: int, height: int) -> pygame.Rect:
    """A rect of at most width x height, centred in a window of `size` (dialogs, sheets)."""
    rect = pygame.Rect(0, 0, min(width, size[0]), min(height, size[1]))
    rect.center = (size[0] // 2, size[1] // 2)
    return rect


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour = theme.PANEL,
    edge: Colour | None = theme.PANEL_EDGE,
    radius: int = 12,
    width: int = 2,
    shadow: bool = True,
    inner_edge: Colour | None = None,
) -> pygame.Rect:
    """A rounded, bordered panel with a soft shadow under it."""
    rect = pygame.Rect(rect)
    if shadow:
        draw_shadow(surface, rect, radius, spread=max(6, radius), offset=(0, max(3, radius // 3)))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None and width > 0:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)
    if inner_edge is not None:
        inset = width + 3
        pygame.draw.rect(surface, inner_edge, rect.inflate(-inset * 2, -inset * 2), 1, border_radius=max(2, radius - inset))
    return rect


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int], font: pygame.font.Font,
                 max_width: int = 340) -> pygame.Rect:
    """A wrapped tooltip near pos, kept inside the surface."""
    pad = max(6, font.get_height() // 2)
    lines = wrap_text(text, font, max_width)
    step = font.get_linesize()
    w = max(font.size(line)[0] for line in lines) + pad * 2
    h = step * len(lines) + pad * 2 - (step - font.get_height())
    area = surface.get_rect()
    rect = pygame.Rect(pos[0] + 14, pos[1] + 20, w, h)
    if rect.right > area.right - 4:
        rect.right = min(pos[0] - 8, area.right - 4)
    if rect.bottom > area.bottom - 4:
        rect.bottom = pos[1] - 10
    rect.clamp_ip(area.inflate(-8, -8))
    draw_panel(surface, rect, fill=(34, 26, 20), edge=theme.BRASS_DARK, radius=8, width=1)
    y = rect.top + pad
    for line in lines:
        draw_text(surface, line, (rect.left + pad, y), font, theme.TEXT)
        y += step
    return rect


# ---------------------------------------------------------------- background
# One window-sized picture each (8 MB at 1920x1080, 33 at 4K kept alone): a frame draws one; a resize
# back (full screen and out) finds the last.
BACKGROUNDS_BUDGET = 24 * MB
_BACKGROUNDS: SurfaceCache[tuple[int, int], pygame.Surface] = SurfaceCache(BACKGROUNDS_BUDGET, "table backgrounds")


def table_background(size: tuple[int, int]) -> pygame.Surface:
    """A walnut table top with a soft vignette, made once per window size."""
    surf = _BACKGROUNDS.get(size)
    if surf is None:
        surf = _BACKGROUNDS[size] = _make_wood(size)
    return surf


def _make_wood(size: tuple[int, int]) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    # Drawn at half size and scaled up once: the grain softens like a real lacquered top.
    lw, lh = max(80, w // 2), max(45, h // 2)
    small = pygame.Surface((lw, lh))
    rng = random.Random(1717)
    planks = 6
    ph = lh / planks
    for i in range(planks):
        top = round(i * ph)
        bottom = round((i + 1) * ph)
        base = theme.mix(theme.BG, theme.BG_LIGHT, rng.uniform(0.12, 0.42))
        small.fill(base, (0, top, lw, bottom - top))
        _grain(small, rng, top, bottom, base)
        pygame.draw.line(small, theme.mix(base, (0, 0, 0), 0.55), (0, top), (lw, top), 1)
        joint = rng.uniform(0.15, 0.85) * lw
        pygame.draw.line(small, theme.mix(base, (0, 0, 0), 0.3), (joint, top), (joint, bottom), 1)
    big = pygame.transform.smoothscale(small, (w, h)).convert()
    big.blit(_vignette((w, h)), (0, 0))
    return big


def _grain(surf: pygame.Surface, rng: random.Random, top: int, bottom: int, base: Colour) -> None:
    lw = surf.get_width()
    lines = max(6, (bottom - top) // 2)
    for _ in range(lines):
        y0 = rng.uniform(top, bottom)
        a1, f1, p1 = rng.uniform(0.5, 3.0), rng.uniform(0.004, 0.012), rng.uniform(0, 6.3)
        a2, f2, p2 = rng.uniform(0.2, 1.2), rng.uniform(0.02, 0.05), rng.uniform(0, 6.3)
        shade = theme.mix(base, (0, 0, 0) if rng.random() < 0.6 else (120, 84, 52), rng.uniform(0.12, 0.35))
        pts = [(x, y0 + a1 * math.sin(x * f1 + p1) + a2 * math.sin(x * f2 + p2)) for x in range(0, lw + 4, 4)]
        pts = [(x, min(bottom - 1, max(top + 1, y))) for x, y in pts]
        pygame.draw.aalines(surf, shade, False, pts)


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    sw, sh = 160, 90
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    steps = 28
    for i in range(steps):
        t = i / (steps - 1)
        a = round(150 * (1 - t) ** 1.8)
        rw, rh = sw * (1.5 - 0.9 * t), sh * (1.5 - 0.9 * t)
        pygame.draw.ellipse(small, (6, 3, 1, a), pygame.Rect(sw / 2 - rw / 2, sh / 2 - rh / 2, rw, rh))
    return pygame.transform.smoothscale(small, size)


def draw_background(surface: pygame.Surface) -> None:
    surface.blit(table_background(surface.get_size()), (0, 0))


# ------------------------------------------------------------------ controls
def _resolve(source: TextSource) -> str:
    return source() if callable(source) else source


_POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
TOOLTIP_DELAY_MS = 450


class Widget:
    """A rectangle that tracks hover from event positions and may carry a tooltip."""

    def __init__(self, rect: pygame.Rect, enabled: bool = True, tooltip: TextSource = "") -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.tooltip = tooltip
        self.hover = False
        self.visible = True
        self.font: pygame.font.Font | None = None  # overrides the font the screen passes to draw()
        self._mouse: tuple[int, int] | None = None
        self._hover_since = 0

    def track(self, event: pygame.event.Event) -> tuple[int, int] | None:
        """Update hover from any event carrying a position; returns that position."""
        pos = getattr(event, "pos", None)
        if pos is None or event.type not in _POINTER_EVENTS:
            return None
        self._mouse = (int(pos[0]), int(pos[1]))
        was = self.hover
        self.hover = self.visible and self.rect.collidepoint(self._mouse)
        if self.hover and not was:
            self._hover_since = pygame.time.get_ticks()
        return self._mouse

    def tooltip_text(self) -> str:
        return _resolve(self.tooltip)

    def draw_tooltip(self, surface: pygame.Surface, font: pygame.font.Font) -> bool:
        """Draw this widget's tooltip if it is hovered; True when drawn."""
        if not (self.visible and self.hover and self._mouse):
            return False
        # A short rest before the tip appears, so sweeping the mouse across the screen stays quiet.
        if pygame.time.get_ticks() - self._hover_since < TOOLTIP_DELAY_MS:
            return False
        text = self.tooltip_text()
        if not text:
            return False
        draw_tooltip(surface, text, self._mouse, font)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        self.track(event)
        return False

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        pass


class Clickable(Widget):
    """A widget clicked by pressing and releasing the left button inside it."""

    def __init__(self, rect: pygame.Rect, on_click: Callable[[], Any] | None = None, enabled: bool = True,
                 tooltip: TextSource = "") -> None:
        super().__init__(rect, enabled, tooltip)
        self.on_click = on_click
        self.pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was this widget's (even a click on a disabled one)."""
        pos = self.track(event)
        if not self.visible or pos is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.hover:
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            was = self.pressed
            self.pressed = False
            if was and self.hover and self.enabled:
                self.click(event.button)
                return True
            return was or self.hover
        return False

    def click(self, button: int = 1) -> None:
        if button == 1 and self.on_click is not None:
            self.on_click()


BUTTON_STYLES: dict[str, tuple[Colour, Colour, Colour]] = {
    # fill, edge, text
    "normal": (theme.PANEL_LIGHT, theme.PANEL_EDGE, theme.TEXT),
    "primary": (theme.ACCENT, theme.ACCENT_LIGHT, (250, 246, 236)),
    "danger": ((128, 52, 40), (176, 84, 64), theme.TEXT),
    "quiet": ((58, 44, 34), (92, 70, 52), theme.TEXT_DIM),
}


class Button(Clickable):
    """A labelled button with hover, pressed and disabled looks; its tooltip explains a disabled state."""

    def __init__(self, rect: pygame.Rect, text: TextSource, on_click: Callable[[], Any] | None = None,
                 enabled: bool = True, tooltip: TextSource = "", style: str = "normal",
                 icon: Callable[[pygame.Surface, pygame.Rect, Colour], None] | None = None) -> None:
        super().__init__(rect, on_click, enabled, tooltip)
        self.text = text
        self.style = style
        self.icon = icon
        self.elided = False  # the label did not fit when last drawn: the tooltip says it whole

    @property
    def label(self) -> str:
        return _resolve(self.text)

    def tooltip_text(self) -> str:
        """The tooltip; a label too long for the button is said whole first."""
        tip = super().tooltip_text()
        if self.elided:
            return f"{self.label}\n{tip}" if tip else self.label
        return tip

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        if not self.visible:
            return
        font = self.font or font
        fill, edge, ink = BUTTON_STYLES.get(self.style, BUTTON_STYLES["normal"])
        radius = max(6, self.rect.h // 4)
        lip = max(2, self.rect.h // 14)
        if not self.enabled:
            fill, edge, ink = theme.DISABLED, theme.mix(theme.DISABLED, theme.BG, 0.3), theme.DISABLED_TEXT
        elif self.pressed and self.hover:
            fill = theme.mix(fill, (0, 0, 0), 0.18)
        elif self.hover:
            fill, edge = theme.mix(fill, (255, 240, 210), 0.12), theme.BRASS
        face = self.rect.copy()
        down = self.enabled and self.pressed and self.hover
        if down:
            face.move_ip(0, lip)
        else:
            pygame.draw.rect(surface, theme.mix(fill, (0, 0, 0), 0.5), self.rect.move(0, lip), border_radius=radius)
        pygame.draw.rect(surface, fill, face, border_radius=radius)
        # A light top rim reads as a raised, pressable surface.
        pygame.draw.line(surface, theme.mix(fill, (255, 255, 255), 0.18), (face.left + radius, face.top + 1),
                         (face.right - radius, face.top + 1), 1)
        pygame.draw.rect(surface, edge, face, 2 if self.hover and self.enabled else 1, border_radius=radius)
        full = self.label
        room = face.w - 2 * max(radius, lip * 3)
        label = elide(full, font, room - (round(font.get_height() * 1.4) if self.icon is not None else 0))
        self.elided = label != full
        if self.icon is not None:
            size = round(font.get_height() * 1.05)
            gap = size // 3
            tw = font.size(label)[0] if label else -gap
            x = face.centerx - (size + gap + tw) // 2
            self.icon(surface, pygame.Rect(x, face.centery - size // 2, size, size), ink)
            if label:
                draw_text(surface, label, (x + size + gap, face.centery), font, ink, "midleft")
        else:
            draw_text(surface, label, face.center, font, ink, "center")


class TextInput(Widget):
    """A one-line text field: click to focus, type, Backspace to erase, Enter to confirm."""

    def __init__(self, rect: pygame.Rect, text: str = "", hint: TextSource = "", max_len: int = 24,
                 allowed: Callable[[str], bool] | None = None, on_change: Callable[[str], Any] | None = None,
                 on_submit: Callable[[str], Any] | None = None, tooltip: TextSource = "") -> None:
        super().__init__(rect, True, tooltip)
        self.text = text
        self.hint = hint
        self.max_len = max_len
        self.allowed = allowed
        self.on_change = on_change
        self.on_submit = on_submit
        self.focused = False
        self.select_on_focus = False  # a default value is selected on focus, so typing replaces it
        self.selected = False

    def focus(self, on: bool = True) -> None:
        self.focused = on
        self.selected = on and self.select_on_focus and bool(self.text)
        if on:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)

    def set_text(self, text: str) -> None:
        self.text = text[: self.max_len]
        if self.on_change is not None:
            self.on_change(self.text)

    def handle(self, event: pygame.event.Event) -> bool:
        pos = self.track(event)
        if event.type == pygame.MOUSEBUTTONDOWN and pos is not None and event.button == 1:
            inside = self.visible and self.rect.collidepoint(pos)
            if inside and not self.focused:
                self.focus()
            elif not inside:
                self.focus(False)
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if ch.isprintable() and (self.allowed is None or self.allowed(ch)))
            if typed and self.selected:
                self.selected = False
                self.set_text(typed)
            elif typed and len(self.text) < self.max_len:
                self.set_text(self.text + typed)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                if self.selected:
                    self.selected = False
                    self.set_text("")
                elif self.text:
                    mods = getattr(event, "mod", 0)
                    # Ctrl+Backspace takes the whole last word, as in every text box.
                    cut = self.text.rstrip().rfind(" ") + 1 if mods & pygame.KMOD_CTRL else len(self.text) - 1
                    self.set_text(self.text[:cut])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.focus(False)
                if self.on_submit is not None:
                    self.on_submit(self.text)
                return False  # the scene may treat Enter as its default action too
            if event.key == pygame.K_TAB:
                return False
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False  # the caret lives at the end; arrows just drop the selection
            return event.key not in (pygame.K_ESCAPE, pygame.K_F11)
        return False

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        if not self.visible:
            return
        font = self.font or font
        radius = max(5, self.rect.h // 5)
        fill = theme.PARCHMENT if self.focused else theme.mix(theme.PARCHMENT, theme.PARCHMENT_DARK, 0.6 if not self.hover else 0.2)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        # Inset shadow at the top: a field is a well, a button is a bump.
        pygame.draw.line(surface, theme.PARCHMENT_EDGE, (self.rect.left + radius, self.rect.top + 2),
                         (self.rect.right - radius, self.rect.top + 2), 1)
        edge = theme.ACCENT if self.focused else theme.PARCHMENT_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2 if self.focused else 1, border_radius=radius)
        pad = max(8, self.rect.h // 4)
        inner = self.rect.inflate(-pad * 2, 0)
        old = surface.get_clip()
        surface.set_clip(inner.clip(old) if old else inner)
        if self.text:
            surf = render_text(self.text, font, theme.INK)
            x = inner.left if surf.get_width() <= inner.w - 4 else inner.right - 4 - surf.get_width()
            text_rect = surf.get_rect(midleft=(x, inner.centery))
            if self.focused and self.selected:
                pygame.draw.rect(surface, theme.mix(theme.ACCENT_LIGHT, theme.PARCHMENT, 0.55), text_rect.inflate(4, 2),
                                 border_radius=3)
            r = surface.blit(surf, text_rect)
            caret_x = r.right + 1
        else:
            hint = _resolve(self.hint)
            if hint:
                draw_text(surface, hint, (inner.left, inner.centery), font, theme.INK_DIM, "midleft")
            caret_x = inner.left
        surface.set_clip(old)
        if self.focused and (pygame.time.get_ticks() // 530) % 2 == 0:
            h = font.get_height()
            pygame.draw.line(surface, theme.ACCENT_DARK, (caret_x, inner.centery - h // 2),
                             (caret_x, inner.centery + h // 2), 2)


class Cycle(Clickable):
    """A control whose click moves to the next option (right click: the previous); skip() hides options."""

    def __init__(self, rect: pygame.Rect, options: Sequence[Any], index: int = 0,
                 on_change: Callable[[Any], Any] | None = None, label: Callable[[Any], str] = str,
                 icon: Callable[[pygame.Surface, pygame.Rect, Any], None] | None = None,
                 skip: Callable[[Any], bool] | None = None, enabled: bool = True, tooltip: TextSource = "") -> None:
        super().__init__(rect, None, enabled, tooltip)
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.label = label
        self.icon = icon
        self.skip = skip
        self.elided = False  # the last drawn label was cut short (its tooltip then says it whole)

    def tooltip_text(self) -> str:
        """The tooltip; a choice too long for the box is said whole first."""
        tip = super().tooltip_text()
        if self.elided:
            full = self.label(self.value)
            return f"{full}\n{tip}" if tip else full
        return tip

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def set_value(self, value: Any) -> None:
        self.index = self.options.index(value)

    def step(self, direction: int = 1) -> bool:
        """Move to the next option that is not skipped; False when none is free."""
        n = len(self.options)
        for k in range(1, n):
            i = (self.index + direction * k) % n
            if self.skip is None or not self.skip(self.options[i]):
                self.index = i
                if self.on_change is not None:
                    self.on_change(self.value)
                return True
        return False

    def click(self, button: int = 1) -> None:
        self.step(-1 if button == 3 else 1)

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        if not self.visible:
            return
        font = self.font or font
        radius = max(6, self.rect.h // 4)
        fill = theme.PANEL_LIGHT if self.enabled else theme.DISABLED
        if self.enabled and self.hover:
            fill = theme.mix(fill, (255, 240, 210), 0.1)
        if self.pressed and self.hover:
            fill = theme.mix(fill, (0, 0, 0), 0.15)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        edge = theme.BRASS if self.hover and self.enabled else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2 if self.hover and self.enabled else 1, border_radius=radius)
        ink = theme.TEXT if self.enabled else theme.DISABLED_TEXT
        arrow = max(4, self.rect.h // 9)
        ax = self.rect.right - arrow * 3
        cy = self.rect.centery
        # Up and down chevrons: "there is more than one choice here".
        pygame.draw.polygon(surface, theme.TEXT_DIM, [(ax - arrow, cy - 2), (ax + arrow, cy - 2), (ax, cy - 2 - arrow)])
        pygame.draw.polygon(surface, theme.TEXT_DIM, [(ax - arrow, cy + 2), (ax + arrow, cy + 2), (ax, cy + 2 + arrow)])
        pad = max(8, self.rect.h // 4)
        x = self.rect.left + pad
        if self.icon is not None:
            size = self.rect.h - pad * 2 + 4
            self.icon(surface, pygame.Rect(x, cy - size // 2, size, size), self.value)
            x += size + pad * 2 // 3
        full = self.label(self.value)
        shown = elide(full, font, ax - arrow * 2 - x)  # never under the chevrons
        self.elided = shown != full
        draw_text(surface, shown, (x, cy), font, ink, "midleft")


class Toggle(Clickable):
    """An on/off switch with a label to its right."""

    def __init__(self, rect: pygame.Rect, text: TextSource, value: bool = False,
                 on_change: Callable[[bool], Any] | None = None, enabled: bool = True, tooltip: TextSource = "") -> None:
        super().__init__(rect, None, enabled, tooltip)
        self.text = text
        self.value = value
        self.on_change = on_change

    def click(self, button: int = 1) -> None:
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        if not self.visible:
            return
        font = self.font or font
        h = min(self.rect.h, round(font.get_height() * 1.2))
        track = pygame.Rect(self.rect.left, self.rect.centery - h // 2, h * 2, h)
        on_fill = theme.ACCENT if self.enabled else theme.DISABLED
        fill = on_fill if self.value else theme.mix(theme.PANEL, (0, 0, 0), 0.3)
        pygame.draw.rect(surface, fill, track, border_radius=h // 2)
        pygame.draw.rect(surface, theme.BRASS if self.hover and self.enabled else theme.PANEL_EDGE, track, 1,
                         border_radius=h // 2)
        knob_x = track.right - h // 2 if self.value else track.left + h // 2
        pygame.draw.circle(surface, theme.PARCHMENT if self.enabled else theme.DISABLED_TEXT, (knob_x, track.centery),
                           h // 2 - 3)
        ink = theme.TEXT if self.enabled else theme.DISABLED_TEXT
        draw_text(surface, _resolve(self.text), (track.right + h // 2, track.centery), font, ink, "midleft")


class WidgetGroup:
    """Widgets of one screen: events go to each until one takes it; the hovered tooltip draws last."""

    def __init__(self, widgets: Iterable[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)

    def add(self, *widgets: Widget) -> None:
        self.widgets.extend(widgets)

    def remove(self, widget: Widget) -> None:
        self.widgets.remove(widget)

    def handle(self, event: pygame.event.Event) -> bool:
        used = False
        # Every widget sees pointer events (hover and focus must update everywhere); the first taker wins.
        for w in list(self.widgets):
            if w.handle(event) and not used:
                used = True
                if event.type not in _POINTER_EVENTS:
                    break
        return used

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        for w in self.widgets:
            w.draw(surface, font)

    def draw_tooltips(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        for w in reversed(self.widgets):
            if w.draw_tooltip(surface, font):
                return
